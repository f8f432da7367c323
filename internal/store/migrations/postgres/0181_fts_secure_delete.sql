-- 0181: on SQLite this makes deleted rows leave the full-text indexes at
-- once. PostgreSQL's trigram indexes drop dead entries with vacuum, so
-- nothing changes here; the file keeps the two dialects' versions in step.
SELECT 1;
