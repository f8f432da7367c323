-- 0290: the counted limits (forms, contact messages, account
-- registrations, reset requests, mail to a mailbox, the daily alerts) keep
-- their events in throttle_log, appended in time order, and the store
-- counts them in memory: in throttle_events each event was written into a
-- random page of the index on its bucket. The attempts counted only when
-- they fail (sign-ins, reset and setup links) stay in throttle_events.
-- AUTOINCREMENT: an id is never given twice, so the store, which reads
-- the log from the last id it read, never misses a row.
CREATE TABLE throttle_log (
    id     INTEGER PRIMARY KEY AUTOINCREMENT,
    bucket TEXT NOT NULL,
    at     BIGINT NOT NULL
);

INSERT INTO throttle_log (bucket, at)
    SELECT bucket, at FROM throttle_events
    WHERE pending_until IS NULL AND substr(bucket, 1, instr(bucket, ':')) IN
        ('form-ip:', 'register-ip:', 'forgot-ip:', 'contact-ip:', 'mail-to:', 'mail-to-client:',
         'mail-to-referrer:', 'mail-to-referrer-client:', 'guess-alert:', 'mail-cap-alert:')
    ORDER BY at;
DELETE FROM throttle_events
    WHERE pending_until IS NULL AND substr(bucket, 1, instr(bucket, ':')) IN
        ('form-ip:', 'register-ip:', 'forgot-ip:', 'contact-ip:', 'mail-to:', 'mail-to-client:',
         'mail-to-referrer:', 'mail-to-referrer-client:', 'guess-alert:', 'mail-cap-alert:');
