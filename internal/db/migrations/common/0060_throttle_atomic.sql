-- 0060: throttle attempts are reserved before the work they guard (a
-- password check), atomically with the check of the limit, so a burst of
-- parallel requests cannot outrun it. A reservation is in flight until
-- pending_until (NULL: a settled event, counted for its whole window); the
-- attempt then either settles it (a wrong password counts) or deletes it by
-- id (a right password does not). A reservation left behind by a crash
-- counts as settled once pending_until has passed. Older rows keep NULL in
-- both columns: settled events.
ALTER TABLE throttle_events ADD COLUMN id TEXT;
ALTER TABLE throttle_events ADD COLUMN pending_until BIGINT;
