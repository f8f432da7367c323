-- 0080: on PostgreSQL this adds pg_trgm indexes for the admin search. SQLite
-- already has its trigram FTS5 tables (0040), so nothing changes here; the
-- file keeps the two dialects' migration versions in step.
SELECT 1;
