-- 0020: confirmation tokens of disciple registrations get a table of their
-- own, because a registration can have several links over its life: the
-- first request, the 7-day reminder (which must carry a working link, and
-- only hashes are stored, so it gets a second token with the same expiry),
-- and an admin's resend (which revokes every earlier link). The
-- disciples.token_hash / token_expires_at columns keep the newest one for
-- the dashboard. dedupe_key holds a hash of a pending registration's fields
-- so that an identical pending registration cannot be stored twice.

CREATE TABLE disciple_tokens (
    token_hash  TEXT PRIMARY KEY,
    disciple_id TEXT NOT NULL REFERENCES disciples (id) ON DELETE CASCADE,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    revoked_at  BIGINT
);
CREATE INDEX disciple_tokens_disciple ON disciple_tokens (disciple_id);

ALTER TABLE disciples ADD COLUMN dedupe_key TEXT;
CREATE UNIQUE INDEX disciples_pending_dedupe ON disciples (dedupe_key) WHERE status = 'pending';
CREATE INDEX disciples_pending_expiry ON disciples (status, token_expires_at);

