-- 0041: every admin list is read newest first (created_at DESC, id DESC);
-- an index in exactly that order lets a page, or a search walking the
-- table in order, stop after the rows it needs instead of sorting them all.
CREATE INDEX users_created_id ON users (created_at, id);
CREATE INDEX volunteers_created_id ON volunteers (created_at, id);
CREATE INDEX disciples_created_id ON disciples (created_at, id);
CREATE INDEX hosts_created_id ON hosts (created_at, id);
CREATE INDEX messages_created_id ON messages (created_at, id);
DROP INDEX users_created;
DROP INDEX volunteers_created;
DROP INDEX hosts_created;
DROP INDEX messages_created;
