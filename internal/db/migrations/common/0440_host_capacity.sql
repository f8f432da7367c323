-- A host offer says how many elders it can take at once, which the staff
-- set from the dashboard (one until they do): a stay of the care plan
-- with the host is refused when, with the other stays on the same days,
-- it would take more than that.
ALTER TABLE hosts ADD COLUMN capacity INTEGER NOT NULL DEFAULT 1;

-- One row per host that has had a stay planned, taken for the rest of the
-- transaction that checks a stay against the capacity (an upsert locks
-- the row on both databases), so two coordinators planning stays with the
-- same host at once cannot both pass the check.
CREATE TABLE care_host_locks (
    host_id TEXT PRIMARY KEY REFERENCES hosts (id) ON DELETE CASCADE,
    stays   INTEGER NOT NULL
);
