-- 0210: when each account last signed in, for erasing accounts nobody
-- uses. last_signin_at is NULL for an account that never signed in since
-- (its creation counts instead); inactive_warned_at records that its owner
-- was told of the coming erasure (claimed with a conditional update, so
-- two instances never both send the warning), and a sign-in clears it.
ALTER TABLE users ADD COLUMN last_signin_at BIGINT;
ALTER TABLE users ADD COLUMN inactive_warned_at BIGINT;
UPDATE users SET last_signin_at = (SELECT MAX(s.created_at) FROM sessions s WHERE s.user_id = users.id);
