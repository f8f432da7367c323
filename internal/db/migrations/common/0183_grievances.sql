-- 0183: grievances about personal data, sent by anyone from the Privacy
-- page. due_at is 90 days after receipt, the latest the program may
-- answer; reminded_at records that admins were reminded (claimed with a
-- conditional update, so two instances never both send the reminder). An
-- answer is sent through the outbox and kept here. Erased with the
-- sender's account, like any submission.
CREATE TABLE grievances (
    id          TEXT PRIMARY KEY,
    user_id     TEXT REFERENCES users (id) ON DELETE SET NULL,
    name        TEXT NOT NULL,
    email       TEXT NOT NULL DEFAULT '',
    phone       TEXT NOT NULL DEFAULT '',
    message     TEXT NOT NULL,
    status      TEXT NOT NULL DEFAULT 'open',
    due_at      BIGINT NOT NULL,
    answer      TEXT NOT NULL DEFAULT '',
    answered_at BIGINT,
    answered_by TEXT NOT NULL DEFAULT '',
    reminded_at BIGINT,
    version     INTEGER NOT NULL DEFAULT 0,
    search      TEXT NOT NULL DEFAULT '',
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);
CREATE INDEX grievances_created_id ON grievances (created_at, id);
CREATE INDEX grievances_due ON grievances (status, due_at);
