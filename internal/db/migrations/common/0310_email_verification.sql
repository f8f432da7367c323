-- An account's address proves its owner before any record reaches the
-- account by it. verified_email is the address the account proved it
-- owns (through a verification link or a password reset link); the account
-- is verified while it equals email. Accounts made before this step start
-- with none, so they are asked to verify once.
ALTER TABLE users ADD COLUMN verified_email TEXT NOT NULL DEFAULT '';

-- Verification links, stored only as the SHA-256 of their token, for one
-- address of one account: single use, 48 hours.
CREATE TABLE email_verifications (
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL,
    email      TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at    BIGINT
);
CREATE INDEX email_verifications_user ON email_verifications (user_id);

-- The record a message is about (its id or its reference), so that an
-- erasure removes the mail about the person's records by identity, never
-- by matching their words in other people's mail.
ALTER TABLE outbox ADD COLUMN about_id TEXT NOT NULL DEFAULT '';
CREATE INDEX outbox_about ON outbox (about_id);
