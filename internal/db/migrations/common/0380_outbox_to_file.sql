-- to_file marks a message the server "sent" by writing it to a file
-- (no SMTP_URL): the Mail tab shows it as written to a file, not sent.
ALTER TABLE outbox ADD COLUMN to_file INTEGER NOT NULL DEFAULT 0;
