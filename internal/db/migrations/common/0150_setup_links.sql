-- One-time links that let the first admin be created from the browser.
-- The server makes one at start while no admin exists and prints it to its
-- own terminal and log; only the hash of its token is kept. A link works
-- once, for an hour, and only while there is still no admin.
CREATE TABLE setup_links (
    token_hash TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at    BIGINT
);
