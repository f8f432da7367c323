-- 0001: the whole first schema. Times are unix milliseconds (BIGINT) so one
-- set of queries works on SQLite and PostgreSQL; list columns (areas of
-- interest, facilities…) are JSON arrays in TEXT. Every editable record has
-- a version (__v in the API) for optimistic locking and a lower-cased
-- `search` column holding its visible text, kept up to date by the store.

CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    full_name     TEXT NOT NULL,
    email         TEXT NOT NULL UNIQUE,
    mobile        TEXT UNIQUE,              -- E.164, NULL when not given
    address       TEXT NOT NULL DEFAULT '',
    password_hash TEXT NOT NULL,
    is_admin      BOOLEAN NOT NULL DEFAULT FALSE,
    version       INTEGER NOT NULL DEFAULT 0,
    search        TEXT NOT NULL DEFAULT '',
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL
);
CREATE INDEX users_created ON users (created_at);

-- Sessions are stored only as the SHA-256 of the bearer token.
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

CREATE TABLE password_resets (
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at    BIGINT
);
CREATE INDEX password_resets_user ON password_resets (user_id);

-- Throttle events (failed logins, reset requests, contact posts) shared by
-- every instance; rows older than the longest window are pruned.
CREATE TABLE throttle_events (
    bucket TEXT NOT NULL,
    at     BIGINT NOT NULL
);
CREATE INDEX throttle_events_bucket ON throttle_events (bucket, at);

CREATE TABLE volunteers (
    id                TEXT PRIMARY KEY,
    user_id           TEXT REFERENCES users (id) ON DELETE SET NULL,
    full_name         TEXT NOT NULL,
    email             TEXT NOT NULL,
    mobile            TEXT NOT NULL DEFAULT '',
    address           TEXT NOT NULL DEFAULT '',
    country           TEXT NOT NULL DEFAULT '',
    nearest_center    TEXT NOT NULL DEFAULT '',
    availability      TEXT NOT NULL DEFAULT '',
    areas_of_interest TEXT NOT NULL DEFAULT '[]',
    other_interest    TEXT NOT NULL DEFAULT '',
    experience        TEXT NOT NULL,
    motivation        TEXT NOT NULL,
    skills            TEXT NOT NULL,
    consent           BOOLEAN NOT NULL,
    status            TEXT NOT NULL DEFAULT 'received',
    version           INTEGER NOT NULL DEFAULT 0,
    search            TEXT NOT NULL DEFAULT '',
    created_at        BIGINT NOT NULL,
    updated_at        BIGINT NOT NULL
);
CREATE INDEX volunteers_created ON volunteers (created_at);
CREATE INDEX volunteers_user ON volunteers (user_id);

-- A disciple registration lives in one row from submission to approval:
-- status pending -> approved | declined | expired. "Pending disciples" are
-- the rows not approved. The confirmation token is stored only hashed.
CREATE TABLE disciples (
    id                     TEXT PRIMARY KEY,
    user_id                TEXT REFERENCES users (id) ON DELETE SET NULL,
    full_name              TEXT NOT NULL,
    date_of_birth          TEXT NOT NULL DEFAULT '',
    address                TEXT NOT NULL DEFAULT '',
    contact_number         TEXT NOT NULL DEFAULT '',
    disciple_email         TEXT NOT NULL DEFAULT '',
    temple_president_email TEXT NOT NULL,
    initiation_date        TEXT NOT NULL DEFAULT '',
    initiation_name        TEXT NOT NULL DEFAULT '',
    status                 TEXT NOT NULL DEFAULT 'pending',
    is_approved            BOOLEAN NOT NULL DEFAULT FALSE,
    referrer_name          TEXT NOT NULL DEFAULT '',
    referrer_position      TEXT NOT NULL DEFAULT '',
    referrer_contact       TEXT NOT NULL DEFAULT '',
    referrer_email         TEXT NOT NULL DEFAULT '',
    referrer_signature     TEXT NOT NULL DEFAULT '',
    referrer_signed_on     TEXT NOT NULL DEFAULT '',
    applicant_signature    TEXT NOT NULL DEFAULT '',
    applicant_signed_on    TEXT NOT NULL DEFAULT '',
    decline_reason         TEXT NOT NULL DEFAULT '',
    token_hash             TEXT UNIQUE,
    token_expires_at       BIGINT,
    reminder_sent_at       BIGINT,
    approved_at            BIGINT,
    declined_at            BIGINT,
    version                INTEGER NOT NULL DEFAULT 0,
    search                 TEXT NOT NULL DEFAULT '',
    created_at             BIGINT NOT NULL,
    updated_at             BIGINT NOT NULL
);
CREATE INDEX disciples_status_created ON disciples (status, created_at);
CREATE INDEX disciples_user ON disciples (user_id);

CREATE TABLE hosts (
    id                     TEXT PRIMARY KEY,
    user_id                TEXT REFERENCES users (id) ON DELETE SET NULL,
    full_name              TEXT NOT NULL,
    initiated_name         TEXT NOT NULL DEFAULT '',
    contact_number         TEXT NOT NULL DEFAULT '',
    email                  TEXT NOT NULL DEFAULT '',
    address                TEXT NOT NULL DEFAULT '',
    country                TEXT NOT NULL DEFAULT '',
    nearest_center         TEXT NOT NULL DEFAULT '',
    accommodation_types    TEXT NOT NULL DEFAULT '[]',
    accommodation_other    TEXT NOT NULL DEFAULT '',
    availability_durations TEXT NOT NULL DEFAULT '[]',
    facilities             TEXT NOT NULL DEFAULT '[]',
    facility_other         TEXT NOT NULL DEFAULT '',
    why_host               TEXT NOT NULL,
    consent_terms          BOOLEAN NOT NULL,
    consent_contact        BOOLEAN NOT NULL,
    status                 TEXT NOT NULL DEFAULT 'received',
    version                INTEGER NOT NULL DEFAULT 0,
    search                 TEXT NOT NULL DEFAULT '',
    created_at             BIGINT NOT NULL,
    updated_at             BIGINT NOT NULL
);
CREATE INDEX hosts_created ON hosts (created_at);
CREATE INDEX hosts_user ON hosts (user_id);

CREATE TABLE messages (
    id           TEXT PRIMARY KEY,
    user_id      TEXT REFERENCES users (id) ON DELETE SET NULL,
    name         TEXT NOT NULL,
    email        TEXT NOT NULL,
    subject      TEXT NOT NULL,
    phone        TEXT NOT NULL DEFAULT '',
    message      TEXT NOT NULL,
    accept_terms BOOLEAN NOT NULL,
    version      INTEGER NOT NULL DEFAULT 0,
    search       TEXT NOT NULL DEFAULT '',
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);
CREATE INDEX messages_created ON messages (created_at);

-- Addresses left on the coming-soon page.
CREATE TABLE subscribers (
    id         TEXT PRIMARY KEY,
    email      TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);

-- The mail outbox: a row is written in the same transaction as the change
-- that causes the mail; the worker claims due rows with a lease.
CREATE TABLE outbox (
    id              TEXT PRIMARY KEY,
    kind            TEXT NOT NULL DEFAULT '',
    to_addr         TEXT NOT NULL,
    reply_to        TEXT NOT NULL DEFAULT '',
    subject         TEXT NOT NULL,
    text_body       TEXT NOT NULL,
    html_body       TEXT NOT NULL DEFAULT '',
    status          TEXT NOT NULL DEFAULT 'pending', -- pending, sent, failed
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    lease_until     BIGINT,
    last_error      TEXT NOT NULL DEFAULT '',
    created_at      BIGINT NOT NULL,
    sent_at         BIGINT,
    updated_at      BIGINT NOT NULL
);
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
CREATE INDEX outbox_created ON outbox (created_at);

-- Every admin write: who, what, when, fields before and after (never secrets).
CREATE TABLE audit_log (
    id          TEXT PRIMARY KEY,
    actor_id    TEXT NOT NULL,
    actor_email TEXT NOT NULL,
    action      TEXT NOT NULL,   -- update, delete, resend, retry
    entity      TEXT NOT NULL,   -- users, disciples, volunteers, …
    entity_id   TEXT NOT NULL,
    before_json TEXT NOT NULL DEFAULT '{}',
    after_json  TEXT NOT NULL DEFAULT '{}',
    created_at  BIGINT NOT NULL
);
CREATE INDEX audit_log_created ON audit_log (created_at);
