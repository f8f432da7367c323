-- 0201: on PostgreSQL this adds the trigram index of the referrers'
-- search. SQLite's referrers already have their FTS5 table (0120), so
-- nothing changes here; the file keeps the two dialects' versions in step.
SELECT 1;
