-- 0260: on PostgreSQL each row keeps its search words as a stored
-- column for the word index. SQLite's word indexes are FTS5 tables
-- already, so nothing changes here; the file keeps the two dialects'
-- migration versions in step.
SELECT 1;
