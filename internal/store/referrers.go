package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"spdc/internal/db"
	"spdc/internal/entity"
)

// The referrer directory: temple presidents and authorities the admins
// know. A confirmation from a mailbox in it approves a disciple; any other
// is held for an admin ("confirmed — needs review"), who accepts it (the
// referrer joins the directory and the disciple is approved) or rejects it.

// Disciple statuses of the review step (the disciples.status column).
const (
	DiscipleReview   = "review"   // confirmed, waiting for an admin
	DiscipleRejected = "rejected" // an admin did not accept the confirmation
)

// DiscipleReviewShown is how the dashboard and My Account name the review
// status.
const DiscipleReviewShown = "confirmed — needs review"

// Referrer is one entry of the directory.
type Referrer struct {
	ID        string
	Name      string
	Position  string
	Temple    string
	Email     string // lower-cased; where confirmation links go
	Phone     string // international form, or ""
	Version   int
	CreatedAt time.Time
	UpdatedAt time.Time
}

// search is the entry's visible text, the shape the admin edit stores.
func (r *Referrer) search() string { return entity.Referrers.SearchText(entity.StructGetter(r)) }

func (r *Referrer) auditMap() map[string]any {
	return map[string]any{"name": r.Name, "position": r.Position, "temple": r.Temple, "email": r.Email, "phone": r.Phone}
}

// AddReferrer inserts r into the directory through q (a transaction) and
// writes the admin's action to the audit log. ErrDuplicate when the email
// is already in the directory.
func AddReferrer(ctx context.Context, q Querier, r *Referrer, actor Actor, now time.Time) error {
	now = now.UTC().Truncate(time.Millisecond)
	r.ID, r.Version, r.CreatedAt, r.UpdatedAt = NewID(now), 0, now, now
	_, err := q.ExecContext(ctx, `INSERT INTO referrers (id, name, position, temple, email, phone, version, search, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
		r.ID, r.Name, r.Position, r.Temple, r.Email, r.Phone, r.search(), Millis(now), Millis(now))
	if err != nil {
		if _, dup := db.IsUniqueViolation(err); dup {
			return &DuplicateError{Table: "referrers", Field: "email"}
		}
		return fmt.Errorf("store: add referrer: %w", err)
	}
	return WriteAudit(ctx, q, AuditEntry{Actor: actor, Action: "create", Entity: "referrers", EntityID: r.ID,
		Before: map[string]any{}, After: r.auditMap()}, now)
}

const referrerColumns = `id, name, position, temple, email, phone, version, created_at, updated_at`

func scanReferrer(row formScanner) (*Referrer, error) {
	var r Referrer
	var created, updated int64
	if err := row.Scan(&r.ID, &r.Name, &r.Position, &r.Temple, &r.Email, &r.Phone, &r.Version, &created, &updated); err != nil {
		return nil, err
	}
	r.CreatedAt, r.UpdatedAt = FromMillis(created), FromMillis(updated)
	return &r, nil
}

// ReferrerByID returns one entry of the directory, or ErrNotFound.
func ReferrerByID(ctx context.Context, q Querier, id string) (*Referrer, error) {
	r, err := scanReferrer(q.QueryRowContext(ctx, `SELECT `+referrerColumns+` FROM referrers WHERE id = ?`, id))
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrNotFound
		}
		return nil, fmt.Errorf("store: referrer by id: %w", err)
	}
	return r, nil
}

// maxReferrers bounds a read of the whole directory (one entry per temple
// or authority: hundreds, not more).
const maxReferrers = 5000

// Referrers returns the whole directory through q, ordered by temple and
// name, as the disciple form lists it.
func Referrers(ctx context.Context, q Querier) ([]Referrer, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+referrerColumns+` FROM referrers ORDER BY temple, name, id LIMIT ?`, maxReferrers)
	if err != nil {
		return nil, fmt.Errorf("store: referrers: %w", err)
	}
	defer rows.Close()
	out := []Referrer{}
	for rows.Next() {
		r, err := scanReferrer(rows)
		if err != nil {
			return nil, fmt.Errorf("store: referrers: %w", err)
		}
		out = append(out, *r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: referrers: %w", err)
	}
	return out, nil
}

// HoldDiscipleForReview records a referrer's confirmation that may not
// approve by itself: the registration is "confirmed — needs review" with
// the reasons, isApproved stays false, and the link is used up. Like
// ApproveDisciple it acts only on a pending registration (ErrConflict
// otherwise).
func HoldDiscipleForReview(ctx context.Context, q Querier, d *Disciple, a Approval, reason string, now time.Time) error {
	now = now.UTC().Truncate(time.Millisecond)
	next := *d
	next.Status = DiscipleReview
	next.ReferrerName, next.ReferrerPosition, next.ReferrerContact, next.ReferrerEmail = a.ReferrerName, a.ReferrerPosition, a.ReferrerContact, a.ReferrerEmail
	next.ReferrerSignature, next.ReferrerSignedOn = a.ReferrerSignature, a.ReferrerSignedOn
	next.ApplicantSignature, next.ApplicantSignedOn = a.ApplicantSignature, a.ApplicantSignedOn
	next.ReviewReason = reason
	next.UpdatedAt, next.Version = now, d.Version+1
	res, err := q.ExecContext(ctx, `UPDATE disciples SET status = 'review', referrer_name = ?, referrer_position = ?,
		referrer_contact = ?, referrer_email = ?, referrer_signature = ?, referrer_signed_on = ?, applicant_signature = ?,
		applicant_signed_on = ?, review_reason = ?, search = ?, version = version + 1, updated_at = ?
		WHERE id = ? AND status = 'pending'`,
		a.ReferrerName, a.ReferrerPosition, a.ReferrerContact, a.ReferrerEmail, a.ReferrerSignature, a.ReferrerSignedOn,
		a.ApplicantSignature, a.ApplicantSignedOn, reason, next.search(), Millis(now), d.ID)
	if err := oneRow(res, err, "hold disciple for review"); err != nil {
		return err
	}
	*d = next
	return nil
}

// ReviewTarget returns the registration an admin is reviewing, through q:
// ErrNotFound when there is none, ErrConflict when it is not waiting for
// review or its version is not the one the admin saw.
func ReviewTarget(ctx context.Context, q Querier, id string, version int) (*Disciple, error) {
	d, err := DiscipleByID(ctx, q, id)
	if err != nil {
		return nil, err
	}
	if d.Status != DiscipleReview || d.Version != version {
		return nil, ErrConflict
	}
	return d, nil
}

// AcceptDiscipleReview approves a registration held for review, through q
// (a transaction holding the directory change, if any, too), makes its
// care record, and audits the admin's action. referrerID is the directory
// entry now standing for the referrer.
func AcceptDiscipleReview(ctx context.Context, q Querier, d *Disciple, referrerID string, actor Actor, now time.Time) error {
	now = now.UTC().Truncate(time.Millisecond)
	next := *d
	next.Status, next.IsApproved, next.ApprovedAt, next.UpdatedAt, next.Version = DiscipleApproved, true, &now, now, d.Version+1
	res, err := q.ExecContext(ctx, `UPDATE disciples SET status = 'approved', is_approved = ?, approved_at = ?, reviewed_at = ?,
		search = ?, version = version + 1, updated_at = ? WHERE id = ? AND status = 'review' AND version = ?`,
		true, Millis(now), Millis(now), next.search(), Millis(now), d.ID, d.Version)
	if err := oneRow(res, err, "accept disciple review"); err != nil {
		return err
	}
	*d = next
	if err := EnsureCareRecord(ctx, q, d, now); err != nil {
		return err
	}
	return WriteAudit(ctx, q, AuditEntry{Actor: actor, Action: "accept", Entity: "pending-disciples", EntityID: d.ID,
		Before: map[string]any{"status": DiscipleReviewShown, "isApproved": false},
		After:  map[string]any{"status": DiscipleApproved, "isApproved": true, "referrerId": referrerID}}, now)
}

// RejectDiscipleReview closes a registration held for review without
// approving it, with the admin's reason, through q, and audits it.
func RejectDiscipleReview(ctx context.Context, q Querier, d *Disciple, reason string, actor Actor, now time.Time) error {
	now = now.UTC().Truncate(time.Millisecond)
	next := *d
	next.Status, next.DeclineReason, next.DeclinedAt, next.UpdatedAt, next.Version = DiscipleRejected, reason, &now, now, d.Version+1
	res, err := q.ExecContext(ctx, `UPDATE disciples SET status = 'rejected', decline_reason = ?, declined_at = ?, reviewed_at = ?,
		search = ?, version = version + 1, updated_at = ? WHERE id = ? AND status = 'review' AND version = ?`,
		reason, Millis(now), Millis(now), next.search(), Millis(now), d.ID, d.Version)
	if err := oneRow(res, err, "reject disciple review"); err != nil {
		return err
	}
	*d = next
	return WriteAudit(ctx, q, AuditEntry{Actor: actor, Action: "reject", Entity: "pending-disciples", EntityID: d.ID,
		Before: map[string]any{"status": DiscipleReviewShown}, After: map[string]any{"status": DiscipleRejected, "reason": reason}}, now)
}

// ApplicantContacts returns every email and phone known for the applicant
// of d, through q: those on the form and those of the account that sent it.
func ApplicantContacts(ctx context.Context, q Querier, d *Disciple) (emails, phones []string, err error) {
	emails, phones = []string{d.DiscipleEmail}, []string{d.ContactNumber}
	if d.UserID == "" {
		return emails, phones, nil
	}
	var email, mobile string
	err = q.QueryRowContext(ctx, `SELECT email, COALESCE(mobile, '') FROM users WHERE id = ?`, d.UserID).Scan(&email, &mobile)
	if errors.Is(err, sql.ErrNoRows) {
		return emails, phones, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("store: applicant contacts: %w", err)
	}
	return append(emails, email), append(phones, mobile), nil
}
