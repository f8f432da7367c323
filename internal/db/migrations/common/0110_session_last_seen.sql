-- When each session last made a request: admin sessions end after 30
-- minutes without one. Sessions open before this start counting from when
-- they were made.
ALTER TABLE sessions ADD COLUMN last_seen_at BIGINT NOT NULL DEFAULT 0;
UPDATE sessions SET last_seen_at = created_at;
