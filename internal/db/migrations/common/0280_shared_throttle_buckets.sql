-- 0280: a daily limit on a client's forms (and on its account
-- registrations) now counts the events of the hourly limit on the same
-- client, which are kept for a day, instead of events of its own: each
-- form records one event for both. The daily limits' own events are the
-- same times as the hourly ones', so they go.
DELETE FROM throttle_events WHERE bucket LIKE 'form-ip-day:%' OR bucket LIKE 'register-ip-day:%';
