-- The year's report reads two small summaries kept in the same
-- transaction as the writes they come from, instead of searching each
-- elder's history:
-- * each need carries its assessment's day, the day the record's next
--   assessment was made ('' while it is the latest), and whether an
--   action of the plan for its service is done, so the needs of each
--   elder's latest assessment by a year's end are one pass over the needs;
-- * care_served holds each financial year (by the calendar year it starts
--   in) in which a record had a contact, an assessment or an approved
--   payment, so the elders served in a year are counted from one index.
-- The next step fills both for the rows already stored.
ALTER TABLE care_needs ADD COLUMN assessed_on TEXT NOT NULL DEFAULT '';
ALTER TABLE care_needs ADD COLUMN superseded_on TEXT NOT NULL DEFAULT '';
ALTER TABLE care_needs ADD COLUMN met INTEGER NOT NULL DEFAULT 0;

CREATE TABLE care_served (
    fy        INTEGER NOT NULL,
    record_id TEXT NOT NULL REFERENCES care_records (id) ON DELETE CASCADE,
    PRIMARY KEY (fy, record_id)
);
CREATE INDEX care_served_record ON care_served (record_id);
