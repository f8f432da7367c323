package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"spdc/internal/entity"
	"spdc/internal/list"
)

// Disciple registration statuses (the disciples.status column).
const (
	DisciplePending  = "pending"
	DiscipleApproved = "approved"
	DiscipleDeclined = "declined"
	DiscipleExpired  = "expired"
)

// Confirmation link timing: a link is valid for 30 days, and a
// request not answered within 7 days gets one reminder.
const (
	DiscipleTokenTTL   = 30 * 24 * time.Hour
	DiscipleReminderAt = 7 * 24 * time.Hour
)

// Disciple is a disciple registration, from submission (pending) to the
// referrer's answer (approved or declined) or expiry.
type Disciple struct {
	ID                   string
	UserID               string // "" when sent by a visitor
	FullName             string
	DateOfBirth          string // YYYY-MM-DD or ""
	Address              string
	ContactNumber        string
	DiscipleEmail        string
	TemplePresidentEmail string
	InitiationDate       string // YYYY-MM-DD or ""
	InitiationName       string
	Status               string
	IsApproved           bool
	ReferrerName         string
	ReferrerPosition     string
	ReferrerContact      string
	ReferrerEmail        string
	ReferrerSignature    string
	ReferrerSignedOn     string
	ApplicantSignature   string
	ApplicantSignedOn    string
	DeclineReason        string
	ReviewReason         string // why a confirmation waits for an admin
	Ref                  string // the reference the applicant quotes (D-4K7Q-2M)
	Language             string // the language it was sent in (en, hi, bn)
	TokenExpiresAt       *time.Time
	ReminderSentAt       *time.Time
	ExpiryNotifiedAt     *time.Time // when the applicant was told of the expiry; nil if not (yet)
	ApprovedAt           *time.Time
	DeclinedAt           *time.Time
	Version              int
	CreatedAt            time.Time
	UpdatedAt            time.Time
}

const discipleColumns = `d.id, COALESCE(d.user_id, ''), d.full_name, d.date_of_birth, d.address, d.contact_number, d.disciple_email,
	d.temple_president_email, d.initiation_date, d.initiation_name, d.status, d.is_approved, d.referrer_name, d.referrer_position,
	d.referrer_contact, d.referrer_email, d.referrer_signature, d.referrer_signed_on, d.applicant_signature, d.applicant_signed_on,
	d.decline_reason, d.token_expires_at, d.reminder_sent_at, d.expiry_notified_at, d.approved_at, d.declined_at, d.version, d.created_at, d.updated_at, COALESCE(d.ref, ''), d.language`

func scanDisciple(row formScanner, extra ...any) (*Disciple, error) {
	var d Disciple
	var tokenExp, reminder, expiryNotified, approved, declined *int64
	var created, updated int64
	dest := []any{&d.ID, &d.UserID, &d.FullName, &d.DateOfBirth, &d.Address, &d.ContactNumber, &d.DiscipleEmail,
		&d.TemplePresidentEmail, &d.InitiationDate, &d.InitiationName, &d.Status, &d.IsApproved, &d.ReferrerName, &d.ReferrerPosition,
		&d.ReferrerContact, &d.ReferrerEmail, &d.ReferrerSignature, &d.ReferrerSignedOn, &d.ApplicantSignature, &d.ApplicantSignedOn,
		&d.DeclineReason, &tokenExp, &reminder, &expiryNotified, &approved, &declined, &d.Version, &created, &updated, &d.Ref, &d.Language}
	if err := row.Scan(append(dest, extra...)...); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrNotFound
		}
		return nil, err
	}
	d.TokenExpiresAt, d.ReminderSentAt = FromMillisPtr(tokenExp), FromMillisPtr(reminder)
	d.ExpiryNotifiedAt = FromMillisPtr(expiryNotified)
	d.ApprovedAt, d.DeclinedAt = FromMillisPtr(approved), FromMillisPtr(declined)
	d.CreatedAt, d.UpdatedAt = FromMillis(created), FromMillis(updated)
	return &d, nil
}

// search is the record's visible text, lower-cased, for the admin search.
func (d *Disciple) search() string {
	return entity.Disciples.SearchText(entity.StructGetter(d))
}

// dedupeKey identifies the content of a registration: two pending
// registrations with the same key are the same request sent twice.
func (d *Disciple) dedupeKey() string {
	parts := []string{d.FullName, d.DateOfBirth, d.Address, d.ContactNumber, d.DiscipleEmail, d.TemplePresidentEmail,
		d.InitiationDate, d.InitiationName}
	for i, p := range parts {
		parts[i] = strings.ToLower(strings.Join(strings.Fields(p), " "))
	}
	sum := sha256.Sum256([]byte(strings.Join(parts, "\x1f")))
	return hex.EncodeToString(sum[:])
}

// InsertPendingDisciple saves a new pending registration, whose link
// runs out DiscipleTokenTTL from now, through q, which must be a
// transaction. The link's token is made when its mail is sent
// (IssueDiscipleToken). It reports false, saving nothing, when an
// identical registration is already pending.
func InsertPendingDisciple(ctx context.Context, q Querier, d *Disciple, now time.Time) (bool, error) {
	now = now.UTC().Truncate(time.Millisecond)
	exp := now.Add(DiscipleTokenTTL)
	d.ID, d.Status, d.IsApproved, d.Version = NewID(now), DisciplePending, false, 0
	d.CreatedAt, d.UpdatedAt, d.TokenExpiresAt = now, now, &exp
	var err error
	if d.Ref, err = newRefFor(ctx, q, "disciples"); err != nil {
		return false, err
	}
	// ON CONFLICT DO NOTHING (no target) covers the partial unique index
	// on pending registrations, on both SQLite and PostgreSQL, and is race
	// free where a check-then-insert is not.
	res, err := q.ExecContext(ctx, `INSERT INTO disciples (id, user_id, full_name, date_of_birth, address, contact_number, disciple_email,
		temple_president_email, initiation_date, initiation_name, status, is_approved, token_expires_at,
		dedupe_key, ref, language, version, search, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, 0, ?, ?, ?) ON CONFLICT DO NOTHING`,
		d.ID, formNullable(d.UserID), d.FullName, d.DateOfBirth, d.Address, d.ContactNumber, d.DiscipleEmail,
		d.TemplePresidentEmail, d.InitiationDate, d.InitiationName, false, Millis(exp),
		d.dedupeKey(), d.Ref, submissionLanguage(d.Language), d.search(), Millis(now), Millis(now))
	if err != nil {
		return false, fmt.Errorf("store: insert disciple: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return false, fmt.Errorf("store: insert disciple: %w", err)
	} else if n == 0 {
		return false, nil
	}
	return true, nil
}

// IssueDiscipleToken stores a confirmation token (its hash) for the
// registration id, expiring with it at until, through q. It is called
// when a confirmation request or reminder is sent, and only issues the
// token while the registration is pending, its link has not run out and
// is still the one the message was written for (until equals the
// registration's token_expires_at: a resend moves it and so retires the
// older mail); otherwise it reports false and stores nothing.
func IssueDiscipleToken(ctx context.Context, q Querier, id, tokenHash string, now, until time.Time) (bool, error) {
	res, err := q.ExecContext(ctx, `INSERT INTO disciple_tokens (token_hash, disciple_id, created_at, expires_at)
		SELECT ?, id, ?, token_expires_at FROM disciples
		WHERE id = ? AND status = 'pending' AND token_expires_at = ? AND token_expires_at > ?`,
		tokenHash, Millis(now), id, Millis(until), Millis(now))
	return changedRow(res, err, "issue disciple token")
}

// DeleteDiscipleToken removes a confirmation token that was issued for a
// message that then could not be delivered, so it never works.
func DeleteDiscipleToken(ctx context.Context, q Querier, tokenHash string) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM disciple_tokens WHERE token_hash = ?`, tokenHash); err != nil {
		return fmt.Errorf("store: delete disciple token: %w", err)
	}
	return nil
}

// DiscipleLinkUntil reports until when the registration id's current link
// may be sent: its token_expires_at while it is pending and that lies after
// now; ok is false otherwise.
func DiscipleLinkUntil(ctx context.Context, q Querier, id string, now time.Time) (until time.Time, ok bool, err error) {
	var ms int64
	err = q.QueryRowContext(ctx, `SELECT token_expires_at FROM disciples WHERE id = ? AND status = 'pending' AND token_expires_at > ?`,
		id, Millis(now)).Scan(&ms)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, false, nil
	}
	if err != nil {
		return time.Time{}, false, fmt.Errorf("store: disciple link: %w", err)
	}
	return FromMillis(ms), true, nil
}

// DiscipleToken is the state of one confirmation link.
type DiscipleToken struct {
	ExpiresAt time.Time
	Revoked   bool // replaced by a newer link (admin resend)
}

// DiscipleByToken returns the registration a confirmation token (given as
// its hash) belongs to, and the token's own state. ErrNotFound when no such
// token was ever issued.
func DiscipleByToken(ctx context.Context, q Querier, tokenHash string) (*Disciple, DiscipleToken, error) {
	var tok DiscipleToken
	var exp int64
	var revoked *int64
	d, err := scanDisciple(q.QueryRowContext(ctx, `SELECT `+discipleColumns+`, t.expires_at, t.revoked_at
		FROM disciple_tokens t JOIN disciples d ON d.id = t.disciple_id WHERE t.token_hash = ?`, tokenHash), &exp, &revoked)
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			return nil, tok, ErrNotFound
		}
		return nil, tok, fmt.Errorf("store: disciple by token: %w", err)
	}
	tok.ExpiresAt, tok.Revoked = FromMillis(exp), revoked != nil
	return d, tok, nil
}

// DiscipleByID returns one registration through q.
func DiscipleByID(ctx context.Context, q Querier, id string) (*Disciple, error) {
	d, err := scanDisciple(q.QueryRowContext(ctx, `SELECT `+discipleColumns+` FROM disciples d WHERE d.id = ?`, id))
	if err != nil && !errors.Is(err, ErrNotFound) {
		return nil, fmt.Errorf("store: disciple by id: %w", err)
	}
	return d, err
}

// Approval is what a referrer sends to confirm an applicant.
type Approval struct {
	ReferrerName       string
	ReferrerPosition   string
	ReferrerContact    string
	ReferrerEmail      string
	ReferrerSignature  string
	ReferrerSignedOn   string
	ApplicantSignature string
	ApplicantSignedOn  string
}

// ApproveDisciple turns a pending registration into an approved disciple
// record, with its care record. The update is conditional on the row
// still being pending, so of two concurrent answers exactly one wins; the
// loser gets ErrConflict.
func ApproveDisciple(ctx context.Context, q Querier, d *Disciple, a Approval, now time.Time) error {
	now = now.UTC().Truncate(time.Millisecond)
	next := *d
	next.Status, next.IsApproved = DiscipleApproved, true
	next.ReferrerName, next.ReferrerPosition, next.ReferrerContact, next.ReferrerEmail = a.ReferrerName, a.ReferrerPosition, a.ReferrerContact, a.ReferrerEmail
	next.ReferrerSignature, next.ReferrerSignedOn = a.ReferrerSignature, a.ReferrerSignedOn
	next.ApplicantSignature, next.ApplicantSignedOn = a.ApplicantSignature, a.ApplicantSignedOn
	next.ApprovedAt, next.UpdatedAt, next.Version = &now, now, d.Version+1
	res, err := q.ExecContext(ctx, `UPDATE disciples SET status = 'approved', is_approved = ?, referrer_name = ?, referrer_position = ?,
		referrer_contact = ?, referrer_email = ?, referrer_signature = ?, referrer_signed_on = ?, applicant_signature = ?,
		applicant_signed_on = ?, approved_at = ?, search = ?, version = version + 1, updated_at = ?
		WHERE id = ? AND status = 'pending'`,
		true, a.ReferrerName, a.ReferrerPosition, a.ReferrerContact, a.ReferrerEmail, a.ReferrerSignature, a.ReferrerSignedOn,
		a.ApplicantSignature, a.ApplicantSignedOn, Millis(now), next.search(), Millis(now), d.ID)
	if err := oneRow(res, err, "approve disciple"); err != nil {
		return err
	}
	*d = next
	return EnsureCareRecord(ctx, q, d, now)
}

// DeclineDisciple records that the referrer does not know the applicant.
// Like ApproveDisciple it acts only on a pending registration.
func DeclineDisciple(ctx context.Context, q Querier, d *Disciple, reason string, now time.Time) error {
	now = now.UTC().Truncate(time.Millisecond)
	next := *d
	next.Status, next.DeclineReason, next.DeclinedAt, next.UpdatedAt, next.Version = DiscipleDeclined, reason, &now, now, d.Version+1
	res, err := q.ExecContext(ctx, `UPDATE disciples SET status = 'declined', decline_reason = ?, declined_at = ?, search = ?,
		version = version + 1, updated_at = ? WHERE id = ? AND status = 'pending'`,
		reason, Millis(now), next.search(), Millis(now), d.ID)
	if err := oneRow(res, err, "decline disciple"); err != nil {
		return err
	}
	*d = next
	return nil
}

// oneRow turns a conditional update that matched nothing into ErrConflict.
func oneRow(res sql.Result, err error, what string) error {
	if err != nil {
		return fmt.Errorf("store: %s: %w", what, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("store: %s: %w", what, err)
	}
	if n == 0 {
		return ErrConflict
	}
	return nil
}

// changedRow is oneRow for conditional updates whose condition may
// rightly fail (another instance got there first): it reports whether the
// row changed, and only real errors as errors.
func changedRow(res sql.Result, err error, what string) (bool, error) {
	if err := oneRow(res, err, what); err != nil {
		if errors.Is(err, ErrConflict) {
			return false, nil
		}
		return false, err
	}
	return true, nil
}

// ApplicantEmail is where news about a registration goes: the applicant's
// own email, else the email of the account that sent it, else "".
func ApplicantEmail(ctx context.Context, q Querier, d *Disciple) (string, error) {
	if d.DiscipleEmail != "" || d.UserID == "" {
		return d.DiscipleEmail, nil
	}
	var email string
	err := q.QueryRowContext(ctx, `SELECT email FROM users WHERE id = ?`, d.UserID).Scan(&email)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("store: applicant email: %w", err)
	}
	return email, nil
}

// ResendDiscipleLink gives a pending or expired registration a fresh
// confirmation link valid for 30 days (its token is made when the mail is
// sent, see IssueDiscipleToken): every earlier link is revoked, the
// reminder clock restarts, an expired registration is pending again (and
// its applicant will be told again if this link runs out too), and the
// admin's action is written to the audit log, all through q (a
// transaction). It answers ErrConflict for an approved or declined one.
func ResendDiscipleLink(ctx context.Context, q Querier, id, actorID, actorEmail string, now time.Time) (*Disciple, error) {
	now = now.UTC().Truncate(time.Millisecond)
	d, err := DiscipleByID(ctx, q, id)
	if err != nil {
		return nil, err
	}
	if d.Status != DisciplePending && d.Status != DiscipleExpired {
		return nil, ErrConflict
	}
	exp := now.Add(DiscipleTokenTTL)
	if _, err := q.ExecContext(ctx, `UPDATE disciple_tokens SET revoked_at = ? WHERE disciple_id = ? AND revoked_at IS NULL`, Millis(now), id); err != nil {
		return nil, fmt.Errorf("store: revoke disciple tokens: %w", err)
	}
	before := map[string]any{"status": d.Status, "tokenExpiresAt": d.TokenExpiresAt, "reminderSentAt": d.ReminderSentAt,
		"expiryNotifiedAt": d.ExpiryNotifiedAt}
	next := *d
	next.Status, next.TokenExpiresAt, next.ReminderSentAt, next.UpdatedAt, next.Version = DisciplePending, &exp, nil, now, d.Version+1
	next.ExpiryNotifiedAt = nil
	res, err := q.ExecContext(ctx, `UPDATE disciples SET status = 'pending', token_hash = NULL, token_expires_at = ?, reminder_sent_at = NULL,
		expiry_notified_at = NULL, search = ?, version = version + 1, updated_at = ? WHERE id = ? AND status IN ('pending', 'expired')`,
		Millis(exp), next.search(), Millis(now), id)
	if err := oneRow(res, err, "resend disciple link"); err != nil {
		return nil, err
	}
	after := map[string]any{"status": next.Status, "tokenExpiresAt": next.TokenExpiresAt, "reminderSentAt": nil, "expiryNotifiedAt": nil}
	err = WriteAudit(ctx, q, AuditEntry{Actor: Actor{ID: actorID, Email: actorEmail}, Action: "resend", Entity: "pending-disciples",
		EntityID: id, Before: before, After: after}, now)
	if err != nil {
		return nil, err
	}
	return &next, nil
}

// DisciplesDueReminder lists pending registrations whose newest link was
// sent at least 7 days ago, is still valid, and has had no reminder.
func (s *Store) DisciplesDueReminder(ctx context.Context, now time.Time, limit int) ([]*Disciple, error) {
	// The newest link was issued at token_expires_at - 30 days, so "sent 7
	// days ago" is token_expires_at <= now + 23 days.
	return s.disciplesWhere(ctx, "disciples due reminder",
		`d.status = 'pending' AND d.reminder_sent_at IS NULL AND d.token_expires_at > ? AND d.token_expires_at <= ?
		ORDER BY d.token_expires_at LIMIT ?`,
		Millis(now), Millis(now.Add(DiscipleTokenTTL-DiscipleReminderAt)), limit)
}

// disciplesWhere lists the registrations matching cond (a WHERE clause over
// d, with its ORDER BY and LIMIT); what names the query in errors.
func (s *Store) disciplesWhere(ctx context.Context, what, cond string, args ...any) ([]*Disciple, error) {
	rows, err := s.Reader().QueryContext(ctx, `SELECT `+discipleColumns+` FROM disciples d WHERE `+cond, args...)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, err)
	}
	defer rows.Close()
	var out []*Disciple
	for rows.Next() {
		d, err := scanDisciple(rows)
		if err != nil {
			return nil, fmt.Errorf("store: %s: %w", what, err)
		}
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, err)
	}
	return out, nil
}

// MarkDiscipleReminded records, through q (the transaction that queues
// the reminder), that a registration was reminded; the reminder's own
// link, expiring with the current one, is issued when it is sent. It
// answers false, changing nothing, when another instance already sent the
// reminder or the registration is no longer pending.
func MarkDiscipleReminded(ctx context.Context, q Querier, d *Disciple, now time.Time) (bool, error) {
	if d.TokenExpiresAt == nil {
		return false, nil
	}
	res, err := q.ExecContext(ctx, `UPDATE disciples SET reminder_sent_at = ?, updated_at = ?
		WHERE id = ? AND status = 'pending' AND reminder_sent_at IS NULL`, Millis(now), Millis(now), d.ID)
	return changedRow(res, err, "mark reminder")
}

// DisciplesDueExpiry lists pending registrations whose newest link has
// run out, oldest first.
func (s *Store) DisciplesDueExpiry(ctx context.Context, now time.Time, limit int) ([]*Disciple, error) {
	return s.disciplesWhere(ctx, "disciples due expiry",
		`d.status = 'pending' AND d.token_expires_at <= ? ORDER BY d.token_expires_at LIMIT ?`, Millis(now), limit)
}

// ExpireDisciple marks a pending registration whose link has run out as
// expired, through q (a transaction). The update is conditional on the row
// still being pending and still out of time, so a referrer's answer or an
// admin's resend in between wins, and of two instances expiring the same
// row only one changes it; the others get false and change nothing.
func ExpireDisciple(ctx context.Context, q Querier, d *Disciple, now time.Time) (bool, error) {
	now = now.UTC().Truncate(time.Millisecond)
	next := *d
	next.Status, next.UpdatedAt, next.Version = DiscipleExpired, now, d.Version+1
	res, err := q.ExecContext(ctx, `UPDATE disciples SET status = 'expired', search = ?, version = version + 1, updated_at = ?
		WHERE id = ? AND status = 'pending' AND token_expires_at <= ?`, next.search(), Millis(now), d.ID, Millis(now))
	if ok, err := changedRow(res, err, "expire disciple"); !ok {
		return false, err
	}
	*d = next
	return true, nil
}

// ClaimDiscipleExpiryNotice records, through q (the transaction that
// expires the registration and queues the notice), that the applicant of
// an expired registration is being told. It answers false, changing
// nothing, when the notice was already claimed for this expiry or the
// registration is no longer expired. ResendDiscipleLink clears the claim.
func ClaimDiscipleExpiryNotice(ctx context.Context, q Querier, d *Disciple, now time.Time) (bool, error) {
	now = now.UTC().Truncate(time.Millisecond)
	res, err := q.ExecContext(ctx, `UPDATE disciples SET expiry_notified_at = ?
		WHERE id = ? AND status = 'expired' AND expiry_notified_at IS NULL`, Millis(now), d.ID)
	if ok, err := changedRow(res, err, "claim expiry notice"); !ok {
		return false, err
	}
	d.ExpiryNotifiedAt = &now
	return true, nil
}

// discipleHooks are the disciples tabs' own rule in the list engine: an
// edit of a disciple carries its names to the care record made from it.
func discipleHooks(h *list.Hooks) {
	h.Edited = func(ctx context.Context, tx *Tx, id string, now time.Time) error {
		return syncCareNames(ctx, tx, id, now)
	}
}

// eraseDiscipleLinks erases what a disciple's registration keeps outside
// its row, before the row: its confirmation links, and its name in the
// care payments. The help given to the elder stays in the accounts,
// without the person.
func eraseDiscipleLinks(ctx context.Context, q Querier, id string) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM disciple_tokens WHERE disciple_id = ?`, id); err != nil {
		return fmt.Errorf("store: erase disciple links: %w", err)
	}
	return anonymisePayments(ctx, q, id, time.Now())
}
