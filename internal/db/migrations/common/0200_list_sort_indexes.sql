-- 0200: every sort a list offers has an index in exactly its order
-- (column, id), so a page reads its rows and stops, and a page deep in the
-- list starts from its cursor through the same index. The confirmed
-- disciples are the rows of one status (an index led by the status), the
-- pending tab all the other rows (partial indexes).
CREATE INDEX users_full_name_id ON users (full_name, id);
CREATE INDEX users_email_id ON users (email, id);
CREATE INDEX volunteers_full_name_id ON volunteers (full_name, id);
CREATE INDEX volunteers_email_id ON volunteers (email, id);
CREATE INDEX hosts_full_name_id ON hosts (full_name, id);
CREATE INDEX hosts_email_id ON hosts (email, id);
CREATE INDEX messages_name_id ON messages (name, id);
CREATE INDEX messages_email_id ON messages (email, id);
CREATE INDEX referrers_name_id ON referrers (name, id);
CREATE INDEX referrers_email_id ON referrers (email, id);
CREATE INDEX donations_donor_name_id ON donations (donor_name, id);
CREATE INDEX donations_email_id ON donations (email, id);
CREATE INDEX donations_amount_id ON donations (amount_paise, id);
CREATE INDEX subscribers_created_id ON subscribers (created_at, id);
CREATE INDEX subscribers_email_id ON subscribers (email, id);
CREATE INDEX disciples_status_created_id ON disciples (status, created_at, id);
CREATE INDEX disciples_status_name_id ON disciples (status, full_name, id);
DROP INDEX disciples_status_created;
CREATE INDEX disciples_pending_created_id ON disciples (created_at, id) WHERE status <> 'approved';
CREATE INDEX disciples_pending_name_id ON disciples (full_name, id) WHERE status <> 'approved';
-- The grievances list opens with the open ones, soonest due first.
CREATE INDEX grievances_status_due_id ON grievances (status DESC, due_at, id);

-- The outbox and the audit log grow with every message and every change:
-- the mail tab reads the newest first, all or of one status; the hourly
-- cap counts and the retention prunes the sent mail by its sending time.
CREATE INDEX outbox_status_created_id ON outbox (status, created_at, id);
CREATE INDEX outbox_status_sent ON outbox (status, sent_at);
CREATE INDEX audit_log_created_id ON audit_log (created_at, id);
DROP INDEX audit_log_created;
