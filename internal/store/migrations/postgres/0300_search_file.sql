-- 0300: on SQLite the admin search's full-text indexes move to a file of
-- their own. PostgreSQL's indexes are its own; the file keeps the two
-- dialects' migration versions in step.
SELECT 1;
