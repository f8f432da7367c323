-- 0402: indexes of the care list's everyday questions. An owner's elders,
-- newest first (the list's "mine"), are read in order from an index of
-- their own: with the owner's index led by the next contact's day, a
-- coordinator with many elders had every one of them sorted. The elders
-- overdue for a contact or due for a reassessment are those of a record
-- not closed: partial indexes hold exactly those rows, so the list and its
-- count read the index alone instead of each record for its status.
CREATE INDEX care_records_owner_created ON care_records (owner_id, created_at, id);
CREATE INDEX care_records_open_contact ON care_records (next_contact_due, id) WHERE status <> 'closed';
CREATE INDEX care_records_open_owner_contact ON care_records (owner_id, next_contact_due, id) WHERE status <> 'closed';
CREATE INDEX care_records_open_reassess ON care_records (reassessment_due, id) WHERE status <> 'closed';
