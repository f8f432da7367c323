-- 0050: when a pending registration expires (its temple president did not
-- answer within 30 days), the applicant is told once by email.
-- expiry_notified_at records when that notice was queued; the sweep claims
-- it with a conditional update (WHERE expiry_notified_at IS NULL) in the
-- same transaction as the expiry and the outbox row, so two instances never
-- send it twice. An admin's resend clears it, so a later expiry tells the
-- applicant again. NULL also for registrations with no applicant address.
-- Registrations that expired before this migration stay NULL and are not
-- told now: only the pending -> expired step sends the notice.
ALTER TABLE disciples ADD COLUMN expiry_notified_at BIGINT;
