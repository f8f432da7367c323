-- The outbox gives up on temporary failures 48 hours after window_from
-- (NULL means created_at); an admin retry of a failed message restarts
-- the window without rewriting created_at.
ALTER TABLE outbox ADD COLUMN window_from BIGINT;
