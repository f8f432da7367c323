-- 0070: the admin mail tab pages the outbox on the server, newest first
-- (created_at DESC, id DESC), like the other admin lists (0041): an index
-- in exactly that order lets a page stop after the rows it needs. A
-- ?status= filter is served by outbox_due (status, next_attempt_at).
CREATE INDEX outbox_created_id ON outbox (created_at, id);
DROP INDEX outbox_created;
