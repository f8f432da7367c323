-- 0290: on SQLite the counted limits' events move to an append-only log
-- counted in memory. PostgreSQL keeps every event in throttle_events,
-- serialised by its advisory locks; the file keeps the two dialects'
-- migration versions in step.
SELECT 1;
