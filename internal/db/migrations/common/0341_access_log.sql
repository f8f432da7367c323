-- Every look by staff at personal data: a person's full record, an
-- export of a list, a receipt. Who (the actor's id and the roles they
-- held then), when, what (the entity and the record's id, or the tab for
-- an export) and the route. Only admins read it; it is kept like the
-- audit log.
CREATE TABLE access_log (
    id          TEXT PRIMARY KEY,
    actor_id    TEXT NOT NULL,
    actor_email TEXT NOT NULL,
    actor_roles TEXT NOT NULL,
    action      TEXT NOT NULL,   -- open, export, receipt
    entity      TEXT NOT NULL,
    entity_id   TEXT NOT NULL DEFAULT '',
    route       TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);
CREATE INDEX access_log_created ON access_log (created_at, id);
CREATE INDEX access_log_entity ON access_log (entity_id, created_at);
