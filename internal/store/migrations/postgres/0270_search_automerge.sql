-- 0270: on SQLite the full-text indexes merge their segments sixteen at a
-- time. PostgreSQL's GIN indexes merge their pending entries themselves,
-- so nothing changes here; the file keeps the two dialects' migration
-- versions in step.
SELECT 1;
