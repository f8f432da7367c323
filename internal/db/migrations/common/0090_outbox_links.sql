-- 0090: one-time links no longer rest in stored mail. A message that
-- carries a reset or confirmation link is stored with a slot where the
-- token goes; link_kind and link_ref say which link it is and for whom,
-- link_until until when it may be sent, and link_hash is the hash of the
-- token made for its latest attempt (the token itself is made when the
-- message is sent and exists only in the mail that goes out).
ALTER TABLE outbox ADD COLUMN link_kind TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN link_ref TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN link_until BIGINT;
ALTER TABLE outbox ADD COLUMN link_hash TEXT;

-- Mail written before this version holds its live token in the body. A
-- message still waiting is not sent with it: it ends as failed, with what
-- to do instead. Then the bodies of every such message are replaced by a
-- note (recipient, subject, kind, status and times stay for the mail
-- tab), and link_kind 'removed' tells an admin retry that there is
-- nothing left to send.
UPDATE outbox SET status = 'failed', lease_until = NULL,
    last_error = 'Not sent: written by an older version that kept its one-time link in the database. Ask for a new reset link, or use Resend on the Disciples tab.'
WHERE status = 'pending' AND (kind IN ('password_reset', 'disciple_confirm_request', 'disciple_reminder')
    OR text_body LIKE '%/reset-password/%' OR text_body LIKE '%/Reg?token=%');

UPDATE outbox SET text_body = 'The body of this message was removed because it held a one-time link.', html_body = '', link_kind = 'removed'
WHERE kind IN ('password_reset', 'disciple_confirm_request', 'disciple_reminder')
    OR text_body LIKE '%/reset-password/%' OR text_body LIKE '%/Reg?token=%';
