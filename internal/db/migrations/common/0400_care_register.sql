-- 0400: the care register. Every approved disciple (an elder the program
-- serves) has one care record, made when the registration is approved;
-- its id is the disciple's own id, so the record is found from the
-- registration and a second approval can never make a second record. The
-- elder's names are copied from the registration (and kept in step with
-- its edits) so the list sorts and searches them with an index of its
-- own. Dates the coordinator works with (next contact, reassessment, last
-- contact) are calendar days, YYYY-MM-DD, empty when not set: such text
-- sorts as the days do. owner_id is the staff user who looks after the
-- elder, empty when none.
--
-- The record's details (assessments with their needs, the plan's
-- actions, the contact log) go with the record, and the record goes with
-- the disciple: erasing the elder removes them all.
CREATE TABLE care_records (
    id               TEXT PRIMARY KEY,
    disciple_id      TEXT NOT NULL UNIQUE REFERENCES disciples (id) ON DELETE CASCADE,
    full_name        TEXT NOT NULL DEFAULT '',
    initiated_name   TEXT NOT NULL DEFAULT '',
    owner_id         TEXT NOT NULL DEFAULT '',
    status           TEXT NOT NULL DEFAULT 'active',
    next_contact_due TEXT NOT NULL DEFAULT '',
    reassessment_due TEXT NOT NULL DEFAULT '',
    last_contact_on  TEXT NOT NULL DEFAULT '',
    version          INTEGER NOT NULL DEFAULT 0,
    search           TEXT NOT NULL DEFAULT '',
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL
);
CREATE INDEX care_records_created_id ON care_records (created_at, id);
CREATE INDEX care_records_name_id ON care_records (full_name, id);
CREATE INDEX care_records_contact_id ON care_records (next_contact_due, id);
CREATE INDEX care_records_reassess_id ON care_records (reassessment_due, id);
CREATE INDEX care_records_owner_contact ON care_records (owner_id, next_contact_due, id);
CREATE INDEX care_records_status_created ON care_records (status, created_at, id);

-- A dated needs assessment: the coordinator's notes on each part of the
-- elder's life, and (in care_needs) the services needed, each with a
-- priority. The latest assessment's needs are the record's needs.
CREATE TABLE care_assessments (
    id          TEXT PRIMARY KEY,
    record_id   TEXT NOT NULL REFERENCES care_records (id) ON DELETE CASCADE,
    assessed_on TEXT NOT NULL,
    assessed_by TEXT NOT NULL DEFAULT '',
    health      TEXT NOT NULL DEFAULT '',
    mobility    TEXT NOT NULL DEFAULT '',
    living      TEXT NOT NULL DEFAULT '',
    income      TEXT NOT NULL DEFAULT '',
    family      TEXT NOT NULL DEFAULT '',
    spiritual   TEXT NOT NULL DEFAULT '',
    risks       TEXT NOT NULL DEFAULT '',
    created_at  BIGINT NOT NULL
);
CREATE INDEX care_assessments_record ON care_assessments (record_id, assessed_on, created_at, id);

CREATE TABLE care_needs (
    assessment_id TEXT NOT NULL REFERENCES care_assessments (id) ON DELETE CASCADE,
    record_id     TEXT NOT NULL,
    service       TEXT NOT NULL,
    priority      TEXT NOT NULL,
    PRIMARY KEY (assessment_id, service)
);
CREATE INDEX care_needs_record ON care_needs (record_id);

-- The care plan: an action for a need, who is responsible, by when and
-- how far it has gone; a volunteer, a host's stay or a partner may be
-- part of it. When the volunteer, host offer or partner is deleted the
-- action stays and loses the link.
CREATE TABLE care_partners (
    id         TEXT PRIMARY KEY,
    kind       TEXT NOT NULL,
    name       TEXT NOT NULL,
    city       TEXT NOT NULL DEFAULT '',
    phone      TEXT NOT NULL DEFAULT '',
    email      TEXT NOT NULL DEFAULT '',
    notes      TEXT NOT NULL DEFAULT '',
    version    INTEGER NOT NULL DEFAULT 0,
    search     TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX care_partners_created_id ON care_partners (created_at, id);
CREATE INDEX care_partners_name_id ON care_partners (name, id);

CREATE TABLE care_actions (
    id             TEXT PRIMARY KEY,
    record_id      TEXT NOT NULL REFERENCES care_records (id) ON DELETE CASCADE,
    service        TEXT NOT NULL,
    action         TEXT NOT NULL,
    responsible_id TEXT NOT NULL DEFAULT '',
    target_date    TEXT NOT NULL DEFAULT '',
    status         TEXT NOT NULL DEFAULT 'planned',
    volunteer_id   TEXT REFERENCES volunteers (id) ON DELETE SET NULL,
    host_id        TEXT REFERENCES hosts (id) ON DELETE SET NULL,
    stay_from      TEXT NOT NULL DEFAULT '',
    stay_to        TEXT NOT NULL DEFAULT '',
    stay_place     TEXT NOT NULL DEFAULT '',
    partner_id     TEXT REFERENCES care_partners (id) ON DELETE SET NULL,
    version        INTEGER NOT NULL DEFAULT 0,
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);
CREATE INDEX care_actions_record ON care_actions (record_id, created_at, id);
CREATE INDEX care_actions_volunteer ON care_actions (volunteer_id);
CREATE INDEX care_actions_host ON care_actions (host_id);
CREATE INDEX care_actions_partner ON care_actions (partner_id);

-- The contact log: a call or visit, on a day, by a member of staff, a
-- short summary and when the next contact is due. The newest contact's
-- day and next due day are copied to the record.
CREATE TABLE care_contacts (
    id         TEXT PRIMARY KEY,
    record_id  TEXT NOT NULL REFERENCES care_records (id) ON DELETE CASCADE,
    contact_on TEXT NOT NULL,
    kind       TEXT NOT NULL,
    by_id      TEXT NOT NULL DEFAULT '',
    summary    TEXT NOT NULL,
    next_due   TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL
);
CREATE INDEX care_contacts_record ON care_contacts (record_id, contact_on, created_at, id);
