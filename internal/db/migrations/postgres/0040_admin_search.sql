-- 0040: the admin dashboard's search. On SQLite this migration adds trigram
-- FTS5 indexes; on PostgreSQL the search stays a literal LIKE over the
-- lower-cased `search` column (a pg_trgm GIN index would speed it up, but
-- creating an extension needs rights an operator may not grant to the
-- application's role, so it is left to the operator).

-- The audit log is also read per record.
CREATE INDEX audit_log_entity ON audit_log (entity, entity_id);
