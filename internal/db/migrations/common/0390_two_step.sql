-- Two-step sign-in for staff: a time-based code from an authenticator
-- app after the password. The app's secret is sealed with the data key
-- (like a donor's PAN); confirmed_at stays NULL until the person has typed
-- a first right code, and a secret not yet confirmed signs no one in.
-- last_step is the time step (30 s) of the last code accepted: a code of
-- that step or an earlier one is refused, so no code works twice.
CREATE TABLE two_step (
    user_id      TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret       TEXT NOT NULL,
    confirmed_at BIGINT,
    last_step    BIGINT NOT NULL DEFAULT 0,
    created_at   BIGINT NOT NULL
);

-- Ten one-time recovery codes per person, kept only as hashes; a used one
-- keeps its row (used_at) so the count left can be shown.
CREATE TABLE two_step_recovery (
    user_id   TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL,
    used_at   BIGINT,
    PRIMARY KEY (user_id, code_hash)
);

-- The sign-in between the right password and the code: a short-lived,
-- single-use challenge kept only as the hash of its token; misses counts
-- wrong codes, and a challenge with too many ends.
CREATE TABLE two_step_challenges (
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    misses     INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX two_step_challenges_user ON two_step_challenges (user_id);

-- One row once any member of staff has confirmed two-step sign-in: from
-- then on admins and accountants need it to reach the dashboard. It stays
-- when that person turns theirs off or is reset, so the requirement never
-- lapses by itself.
CREATE TABLE two_step_required (
    id    INTEGER PRIMARY KEY,
    since BIGINT NOT NULL
);
