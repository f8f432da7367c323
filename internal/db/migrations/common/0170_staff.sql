-- 0170: the staff's follow-up of submissions. Volunteers, hosts and
-- contact messages carry a status of their kind (a new submission is
-- 'new'; the old word 'received' becomes 'new'), disciple registrations a
-- follow-up status beside their confirmation state, and each an owner
-- (assignee_id: an admin's user id, '' for nobody). The lists filter by
-- both, newest first, so each has an index with created_at.
UPDATE volunteers SET status = 'new' WHERE status = 'received';
UPDATE hosts SET status = 'new' WHERE status = 'received';
ALTER TABLE messages ADD COLUMN status TEXT NOT NULL DEFAULT 'new';
ALTER TABLE disciples ADD COLUMN follow_up TEXT NOT NULL DEFAULT 'new';
ALTER TABLE volunteers ADD COLUMN assignee_id TEXT NOT NULL DEFAULT '';
ALTER TABLE hosts ADD COLUMN assignee_id TEXT NOT NULL DEFAULT '';
ALTER TABLE messages ADD COLUMN assignee_id TEXT NOT NULL DEFAULT '';
ALTER TABLE disciples ADD COLUMN assignee_id TEXT NOT NULL DEFAULT '';
CREATE INDEX volunteers_status_created ON volunteers (status, created_at);
CREATE INDEX volunteers_assignee_created ON volunteers (assignee_id, created_at);
CREATE INDEX hosts_status_created ON hosts (status, created_at);
CREATE INDEX hosts_assignee_created ON hosts (assignee_id, created_at);
CREATE INDEX messages_status_created ON messages (status, created_at);
CREATE INDEX messages_assignee_created ON messages (assignee_id, created_at);
CREATE INDEX disciples_follow_up_created ON disciples (follow_up, created_at);
CREATE INDEX disciples_assignee_created ON disciples (assignee_id, created_at);

-- Internal notes on a submission (entity is the dashboard tab's name):
-- never shown to the person who submitted.
CREATE TABLE staff_notes (
    id           TEXT PRIMARY KEY,
    entity       TEXT NOT NULL,
    record_id    TEXT NOT NULL,
    author_id    TEXT NOT NULL,
    author_email TEXT NOT NULL,
    body         TEXT NOT NULL,
    created_at   BIGINT NOT NULL
);
CREATE INDEX staff_notes_record ON staff_notes (entity, record_id, created_at);

-- Replies written from the dashboard: the outbox row that carries each,
-- so the record's history shows whether it went.
CREATE TABLE staff_replies (
    id           TEXT PRIMARY KEY,
    entity       TEXT NOT NULL,
    record_id    TEXT NOT NULL,
    outbox_id    TEXT NOT NULL,
    author_id    TEXT NOT NULL,
    author_email TEXT NOT NULL,
    to_addr      TEXT NOT NULL,
    subject      TEXT NOT NULL,
    body         TEXT NOT NULL,
    created_at   BIGINT NOT NULL
);
CREATE INDEX staff_replies_record ON staff_replies (entity, record_id, created_at);

-- Each admin's way of hearing of new submissions: 'immediate' (a mail per
-- submission) or 'digest' (one mail a day at digest_at, HH:MM in the
-- site's time zone). digest_day is the local day of the last digest sent,
-- claimed by a conditional update so that one instance sends it;
-- digest_since is the moment the last digest covered up to.
CREATE TABLE staff_prefs (
    user_id      TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    notify       TEXT NOT NULL DEFAULT 'digest',
    digest_at    TEXT NOT NULL DEFAULT '08:00',
    digest_day   TEXT NOT NULL DEFAULT '',
    digest_since BIGINT NOT NULL DEFAULT 0,
    updated_at   BIGINT NOT NULL
);

-- When each admin last looked at each tab: the dashboard counts what is
-- newer.
CREATE TABLE staff_seen (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    tab     TEXT NOT NULL,
    seen_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, tab)
);

-- Addresses that asked for no more mail (the unsubscribe link): no reply
-- or announcement is sent to them.
CREATE TABLE unsubscribes (
    email      TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL
);

-- Keys the site signs its own links with (the unsubscribe link), made on
-- first use and shared by every instance.
CREATE TABLE signing_keys (
    name       TEXT PRIMARY KEY,
    secret     TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
