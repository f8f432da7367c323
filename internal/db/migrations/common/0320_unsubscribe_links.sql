-- The unsubscribe links in the mail the staff send: an opaque random token
-- per link, stored only as its hash, with the address it stops. The link
-- carries nothing of the address, so neither the link nor a log of it
-- tells whose it is. Links made before this table (the address in
-- base64 with a signature) no longer work: the reply says how to write
-- to the office instead.
CREATE TABLE unsubscribe_links (
    token_hash TEXT PRIMARY KEY,
    email      TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX unsubscribe_links_email ON unsubscribe_links (email);
