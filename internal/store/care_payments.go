package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"spdc/internal/care"
	"spdc/internal/db"
	"spdc/internal/i18n/msgs"
	"spdc/internal/india"
	"spdc/internal/list"
)

// Refusals of a payment's state changes (409 with the message).
var (
	ErrPaymentNotAwaiting = &StateError{msgs.PaymentNotAwaiting}
	ErrPaymentCancelled   = &StateError{msgs.PaymentAlreadyCancelled}
	ErrYearPublished      = &StateError{msgs.ReportYearPublished}
)

// ErrOwnApproval refuses the approval of a payment by the person who
// recorded it: a second person must look at it.
var ErrOwnApproval = errors.New("store: a payment is approved by someone other than its recorder")

// OverdrawError refuses a payment that would overdraw its fund without an
// admin's reason; Fund is the fund as it stood.
type OverdrawError struct{ Fund care.Fund }

func (e *OverdrawError) Error() string {
	return fmt.Sprintf("store: payment would overdraw the %s fund (balance %d paise)", e.Fund.Purpose, e.Fund.Balance)
}

// Payment is help given to or for an elder, as stored and as the API
// answers it (the elder's record is the page it is shown on, and never in
// the answer).
type Payment struct {
	ID             string     `json:"_id"`
	RecordID       string     `json:"-"` // "" once the elder's record is erased
	Kind           string     `json:"kind"`
	AmountPaise    int64      `json:"amountPaise"`
	Purpose        string     `json:"purpose"`
	Service        string     `json:"service"`
	PaidOn         string     `json:"paidOn"`
	Mode           string     `json:"mode"`
	Reference      string     `json:"reference"`
	Payee          string     `json:"payee"`
	Description    string     `json:"description"`
	Status         string     `json:"status"`
	CreatedBy      string     `json:"createdBy"`
	CreatedByName  string     `json:"createdByName"`
	ApprovedBy     string     `json:"-"`
	ApprovedByName string     `json:"approvedByName"`
	ApprovedAt     *time.Time `json:"approvedAt"`
	OverdrawReason string     `json:"overdrawReason"`
	CancelReason   string     `json:"cancelReason"`
	Version        int        `json:"__v"`
	CreatedAt      time.Time  `json:"createdAt"`
	UpdatedAt      time.Time  `json:"updatedAt"`
}

const paymentSelect = `SELECT p.id, COALESCE(p.record_id, ''), p.kind, p.amount_paise, p.purpose, p.service, p.paid_on, p.mode, p.reference,
	p.payee, p.description, p.status, p.created_by, COALESCE(cu.full_name, ''), p.approved_by, COALESCE(au.full_name, ''), p.approved_at,
	p.overdraw_reason, p.cancel_reason, p.version, p.created_at, p.updated_at
	FROM care_payments p LEFT JOIN users cu ON cu.id = p.created_by LEFT JOIN users au ON au.id = p.approved_by `

func scanPayment(row formScanner) (*Payment, error) {
	var p Payment
	var approved sql.NullInt64
	var created, updated int64
	err := row.Scan(&p.ID, &p.RecordID, &p.Kind, &p.AmountPaise, &p.Purpose, &p.Service, &p.PaidOn, &p.Mode, &p.Reference,
		&p.Payee, &p.Description, &p.Status, &p.CreatedBy, &p.CreatedByName, &p.ApprovedBy, &p.ApprovedByName, &approved,
		&p.OverdrawReason, &p.CancelReason, &p.Version, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: payment: %w", err)
	}
	if approved.Valid {
		t := FromMillis(approved.Int64)
		p.ApprovedAt = &t
	}
	p.CreatedAt, p.UpdatedAt = FromMillis(created), FromMillis(updated)
	return &p, nil
}

func paymentByID(ctx context.Context, q Querier, id string) (*Payment, error) {
	return scanPayment(q.QueryRowContext(ctx, paymentSelect+`WHERE p.id = ?`, id))
}

// PaymentByID returns one payment.
func (s *Store) PaymentByID(ctx context.Context, id string) (*Payment, error) {
	return paymentByID(ctx, s.Reader(), id)
}

// PaymentsOfRecord lists the help given to the elder of a care record,
// newest first.
func (s *Store) PaymentsOfRecord(ctx context.Context, recordID string) ([]*Payment, error) {
	return paymentsOfRecord(ctx, s.Reader(), recordID)
}

func paymentsOfRecord(ctx context.Context, q Querier, recordID string) ([]*Payment, error) {
	rows, err := q.QueryContext(ctx, paymentSelect+`WHERE p.record_id = ? ORDER BY p.paid_on DESC, p.created_at DESC, p.id DESC`, recordID)
	if err != nil {
		return nil, fmt.Errorf("store: payments: %w", err)
	}
	defer rows.Close()
	out := []*Payment{}
	for rows.Next() {
		p, err := scanPayment(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

func init() {
	// The care record's page lists the help given to the elder.
	CarePaymentsOf = func(ctx context.Context, q Querier, recordID string) (any, error) {
		return paymentsOfRecord(ctx, q, recordID)
	}
}

// paymentsForExport is the help given to the elder of a care record for
// their own copy of their data: the staff who recorded and approved it
// are not named.
func paymentsForExport(ctx context.Context, q Querier, recordID string) ([]*Payment, error) {
	list, err := paymentsOfRecord(ctx, q, recordID)
	for _, p := range list {
		p.CreatedBy, p.CreatedByName, p.ApprovedBy, p.ApprovedByName = "", "", "", ""
	}
	return list, err
}

// ApprovalThreshold is the amount above which a payment needs a second
// person's approval: the Settings' careApprovalThresholdPaise, or
// care.DefaultThresholdPaise when it was never set.
func ApprovalThreshold(ctx context.Context, q Querier) (int64, error) {
	settings, _, err := siteSettings(ctx, q)
	if err != nil {
		return 0, err
	}
	if v, ok := settings["careApprovalThresholdPaise"].(int64); ok {
		return v, nil
	}
	return care.DefaultThresholdPaise, nil
}

// lockFund takes the fund's row for the rest of the transaction (see
// care_fund_locks): whoever records or approves a payment from the same
// fund at the same time, on this instance or another, waits until this
// transaction ends and then reads the balance it left.
func lockFund(ctx context.Context, tx *Tx, purpose string) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO care_fund_locks (purpose, payments) VALUES (?, 1)
		ON CONFLICT (purpose) DO UPDATE SET payments = care_fund_locks.payments + 1`, purpose); err != nil {
		return fmt.Errorf("store: lock fund: %w", err)
	}
	return nil
}

// fundOf reads one fund's money through q: the confirmed gifts for the
// purpose whose receipt stands, the approved money paid from it and the
// money awaiting approval.
func fundOf(ctx context.Context, q Querier, purpose string) (care.Fund, error) {
	var received, paid, awaiting int64
	err := q.QueryRowContext(ctx, `SELECT CAST(COALESCE(SUM(amount_paise), 0) AS BIGINT) FROM donations
		WHERE purpose = ? AND status = 'confirmed' AND receipt_status = 'issued'`, purpose).Scan(&received)
	if err == nil {
		err = q.QueryRowContext(ctx, `SELECT
			CAST(COALESCE(SUM(CASE WHEN status = 'approved' THEN amount_paise ELSE 0 END), 0) AS BIGINT),
			CAST(COALESCE(SUM(CASE WHEN status = 'awaiting_approval' THEN amount_paise ELSE 0 END), 0) AS BIGINT)
			FROM care_payments WHERE purpose = ? AND kind = 'money' AND status IN ('approved', 'awaiting_approval')`, purpose).Scan(&paid, &awaiting)
	}
	if err != nil {
		return care.Fund{}, fmt.Errorf("store: fund %s: %w", purpose, err)
	}
	return care.NewFund(purpose, received, paid, awaiting), nil
}

// Funds lists every fund with its balance, in the order of the donation
// purposes.
func (s *Store) Funds(ctx context.Context) ([]care.Fund, error) {
	out := []care.Fund{}
	for _, p := range care.Funds() {
		f, err := fundOf(ctx, s.Reader(), p)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

// RecordPayment records help given to the elder of care record recordID
// (ErrNotFound when there is none). p is checked (care.Check). In one
// transaction it takes the fund, reads its balance and refuses money that
// would overdraw it unless p carries an overdraw reason (whose author the
// caller has checked is an admin): two payments at once, from one
// instance or two, never both pass the check. Above the Settings'
// threshold the payment waits for a second person's approval; otherwise
// it is approved as it is recorded.
func (s *Store) RecordPayment(ctx context.Context, recordID string, p care.Payment, actor Actor) (*Payment, error) {
	var out *Payment
	err := s.InTx(ctx, func(tx *Tx) error {
		now := s.now().UTC().Truncate(time.Millisecond)
		var one int
		if err := tx.QueryRowContext(ctx, `SELECT 1 FROM care_records WHERE id = ?`, recordID).Scan(&one); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return ErrNotFound
			}
			return fmt.Errorf("store: record payment: %w", err)
		}
		if err := lockFund(ctx, tx, p.Purpose); err != nil {
			return err
		}
		if p.Kind == care.KindMoney {
			f, err := fundOf(ctx, tx, p.Purpose)
			if err != nil {
				return err
			}
			if !f.Overdraws(p.AmountPaise) {
				p.OverdrawReason = ""
			} else if p.OverdrawReason == "" {
				return &OverdrawError{Fund: f}
			}
		} else {
			p.OverdrawReason = ""
		}
		threshold, err := ApprovalThreshold(ctx, tx)
		if err != nil {
			return err
		}
		pay := &Payment{ID: NewID(now), RecordID: recordID, Kind: p.Kind, AmountPaise: p.AmountPaise, Purpose: p.Purpose,
			Service: p.Service, PaidOn: p.PaidOn, Mode: p.Mode, Reference: p.Reference, Payee: p.Payee, Description: p.Description,
			Status: care.StatusApproved, CreatedBy: actor.ID, OverdrawReason: p.OverdrawReason, CreatedAt: now, UpdatedAt: now}
		var approvedAt any
		if care.NeedsApproval(p.AmountPaise, threshold) {
			pay.Status = care.StatusAwaiting
		} else {
			approvedAt = Millis(now)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO care_payments (id, record_id, kind, amount_paise, purpose, service, paid_on, mode,
			reference, payee, description, status, created_by, approved_at, overdraw_reason, version, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
			pay.ID, recordID, pay.Kind, pay.AmountPaise, pay.Purpose, pay.Service, pay.PaidOn, pay.Mode, pay.Reference, pay.Payee,
			pay.Description, pay.Status, pay.CreatedBy, approvedAt, pay.OverdrawReason, Millis(now), Millis(now)); err != nil {
			return fmt.Errorf("store: record payment: %w", err)
		}
		if err := refreshCareServed(ctx, tx, recordID, pay.PaidOn); err != nil {
			return err
		}
		if err := WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: "pay", Entity: "payments", EntityID: pay.ID,
			After: paymentAudit(pay)}, now); err != nil {
			return err
		}
		read, err := paymentByID(ctx, tx, pay.ID)
		if err != nil {
			return err
		}
		out = read
		return nil
	})
	return out, err
}

// paymentAudit is what the audit log keeps of a payment: neither the
// payee nor the elder's record, since the log outlives an elder's
// erasure and must not lead back to them.
func paymentAudit(p *Payment) map[string]any {
	return map[string]any{"kind": p.Kind, "amount": india.Paise(p.AmountPaise).Decimal(), "purpose": p.Purpose,
		"service": p.Service, "paidOn": p.PaidOn, "status": p.Status, "overdrawReason": p.OverdrawReason, "cancelReason": p.CancelReason}
}

// ApprovePayment is a second person's approval of a payment waiting for
// it: the recorder cannot approve their own (ErrOwnApproval). Money is
// checked against its fund again, under the fund's lock, so an approval
// never overdraws a fund that the recorder did not give a reason for.
func (s *Store) ApprovePayment(ctx context.Context, id string, actor Actor) (*Payment, error) {
	return s.paymentChange(ctx, id, actor, "approve", func(tx *Tx, p *Payment, now time.Time) (string, []any, error) {
		if p.Status != care.StatusAwaiting {
			return "", nil, ErrPaymentNotAwaiting
		}
		if p.CreatedBy == actor.ID {
			return "", nil, ErrOwnApproval
		}
		if p.Kind == care.KindMoney {
			if err := lockFund(ctx, tx, p.Purpose); err != nil {
				return "", nil, err
			}
			f, err := fundOf(ctx, tx, p.Purpose)
			if err != nil {
				return "", nil, err
			}
			if f.Balance-p.AmountPaise < 0 && p.OverdrawReason == "" {
				return "", nil, &OverdrawError{Fund: f}
			}
		}
		p.Status, p.ApprovedBy = care.StatusApproved, actor.ID
		t := now
		p.ApprovedAt = &t
		return "status = ?, approved_by = ?, approved_at = ?", []any{p.Status, actor.ID, Millis(now)}, nil
	})
}

// CancelPayment cancels a payment with a reason, like a receipt: it stays
// in the books, out of its fund's sums.
func (s *Store) CancelPayment(ctx context.Context, id, reason string, actor Actor) (*Payment, error) {
	return s.paymentChange(ctx, id, actor, "cancel", func(tx *Tx, p *Payment, now time.Time) (string, []any, error) {
		if p.Status == care.StatusCancelled {
			return "", nil, ErrPaymentCancelled
		}
		p.Status, p.CancelReason = care.StatusCancelled, reason
		return "status = ?, cancel_reason = ?", []any{p.Status, reason}, nil
	})
}

// paymentChange reads a payment in a transaction, lets change decide the
// update or refuse it, writes it with a version step and the audit entry.
func (s *Store) paymentChange(ctx context.Context, id string, actor Actor, action string,
	change func(tx *Tx, p *Payment, now time.Time) (string, []any, error)) (*Payment, error) {
	var out *Payment
	err := s.InTx(ctx, func(tx *Tx) error {
		now := s.now().UTC().Truncate(time.Millisecond)
		p, err := paymentByID(ctx, tx, id)
		if err != nil {
			return err
		}
		before := paymentAudit(p)
		sets, args, err := change(tx, p, now)
		if err != nil {
			return err
		}
		args = append(args, Millis(now), id, p.Version)
		res, err := tx.ExecContext(ctx, `UPDATE care_payments SET `+sets+`, version = version + 1, updated_at = ? WHERE id = ? AND version = ?`, args...)
		if err != nil {
			return fmt.Errorf("store: %s payment: %w", action, err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return ErrConflict
		}
		if err := refreshCareServed(ctx, tx, p.RecordID, p.PaidOn); err != nil {
			return err
		}
		if err := WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: action, Entity: "payments", EntityID: id,
			Before: before, After: paymentAudit(p)}, now); err != nil {
			return err
		}
		read, err := paymentByID(ctx, tx, id)
		if err != nil {
			return err
		}
		out = read
		return nil
	})
	return out, err
}

// finishPayment writes a listed payment's amount in Indian grouping.
func finishPayment(rec *Record) {
	paise, _ := rec.Get("amountPaise").(int)
	rec.Set("amountText", india.Paise(paise).String())
}

// paymentExprs read the payments tab's values that are not simply their
// column: the names of who recorded and approved, the amount's text
// (made by finishPayment).
var paymentExprs = map[string]string{
	"createdByName":  "COALESCE((SELECT u.full_name FROM users u WHERE u.id = care_payments.created_by), '')",
	"approvedByName": "COALESCE((SELECT u.full_name FROM users u WHERE u.id = care_payments.approved_by), '')",
	"amountText":     "amount_paise",
}

// CareReport reads the counts and sums of a financial year's report;
// today (YYYY-MM-DD, India) is the day the contacts overdue are counted
// on, in the current year's report only (see care.Report.OverdueAsOf).
func (s *Store) CareReport(ctx context.Context, fy india.FY, today string) (care.Report, error) {
	f := care.Figures{Needs: map[string][2]int{}, Received: map[string]int64{}}
	from, to := care.Bounds(fy)
	q := s.Reader()
	start, end := Millis(fy.Start(india.IST)), Millis(fy.End(india.IST))
	// Served: the records the year's summary lists, kept by each
	// contact, assessment and payment as it is written.
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM care_served WHERE fy = ?`, int(fy)).Scan(&f.Served)
	if err == nil {
		err = q.QueryRowContext(ctx, `SELECT COUNT(*) FROM care_records WHERE created_at >= ? AND created_at < ?`, start, end).Scan(&f.New)
	}
	if err == nil && from <= today && today <= to {
		f.OverdueAsOf = today
		err = q.QueryRowContext(ctx, `SELECT COUNT(*) FROM care_records WHERE status = 'active' AND next_contact_due <> '' AND next_contact_due < ?`,
			today).Scan(&f.ContactsOverdue)
	}
	if err != nil {
		return care.Report{}, fmt.Errorf("store: care report: %w", err)
	}
	// The needs of each elder's latest assessment made by the year's end:
	// those of an assessment made by then and not replaced by a later one
	// made by then. A need is met when an action of the plan for its
	// service is done; each need carries that, kept as actions change.
	if err := eachRow(ctx, q, `SELECT service, COUNT(*), SUM(met) FROM care_needs
		WHERE assessed_on <= ? AND (superseded_on = '' OR superseded_on > ?)
		GROUP BY service`, []any{to, to}, func(rows *sql.Rows) error {
		var service string
		var total, met int
		if err := rows.Scan(&service, &total, &met); err != nil {
			return err
		}
		f.Needs[service] = [2]int{total - met, met}
		return nil
	}); err != nil {
		return care.Report{}, err
	}
	if err := eachRow(ctx, q, `SELECT substr(paid_on, 1, 7), purpose, kind, CAST(SUM(amount_paise) AS BIGINT), COUNT(*) FROM care_payments
		WHERE status = 'approved' AND paid_on >= ? AND paid_on <= ? GROUP BY substr(paid_on, 1, 7), purpose, kind`, []any{from, to},
		func(rows *sql.Rows) error {
			var h care.HelpSum
			if err := rows.Scan(&h.Month, &h.Purpose, &h.Kind, &h.Paise, &h.Count); err != nil {
				return err
			}
			f.Help = append(f.Help, h)
			return nil
		}); err != nil {
		return care.Report{}, err
	}
	if err := eachRow(ctx, q, `SELECT purpose, CAST(SUM(amount_paise) AS BIGINT) FROM donations
		WHERE status = 'confirmed' AND receipt_status = 'issued' AND received_on >= ? AND received_on <= ? GROUP BY purpose`, []any{from, to},
		func(rows *sql.Rows) error {
			var purpose string
			var sum int64
			if err := rows.Scan(&purpose, &sum); err != nil {
				return err
			}
			f.Received[purpose] = sum
			return nil
		}); err != nil {
		return care.Report{}, err
	}
	r := care.NewReport(fy, f)
	var one int
	err = q.QueryRowContext(ctx, `SELECT 1 FROM care_published_years WHERE fy = ?`, fy.String()).Scan(&one)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return care.Report{}, fmt.Errorf("store: care report: %w", err)
	}
	r.Published = err == nil
	return r, nil
}

// eachRow runs a query and calls fn on each row.
func eachRow(ctx context.Context, q Querier, query string, args []any, fn func(*sql.Rows) error) error {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("store: care report: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return fmt.Errorf("store: care report: %w", err)
		}
	}
	return rows.Err()
}

// PublishYear freezes a year's public figures as they are now: the
// public accounts page shows them from then on, whatever changes later.
// A year is published once (ErrYearPublished).
func (s *Store) PublishYear(ctx context.Context, fy india.FY, today string, actor Actor) (*care.Accounts, error) {
	r, err := s.CareReport(ctx, fy, today)
	if err != nil {
		return nil, err
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	acc := care.AccountsOf(r, now)
	body, err := json.Marshal(acc)
	if err != nil {
		return nil, err
	}
	err = s.InTx(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO care_published_years (fy, figures, published_at, published_by) VALUES (?, ?, ?, ?)`,
			fy.String(), string(body), Millis(now), actor.ID); err != nil {
			if _, dup := db.IsUniqueViolation(err); dup {
				return ErrYearPublished
			}
			return fmt.Errorf("store: publish year: %w", err)
		}
		return WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: "publish", Entity: "accounts", EntityID: fy.String(),
			After: map[string]any{"eldersServed": acc.EldersServed}}, now)
	})
	if err != nil {
		return nil, err
	}
	return &acc, nil
}

// PublishedYears lists the published years, the newest first.
func (s *Store) PublishedYears(ctx context.Context) ([]string, error) {
	rows, err := s.Reader().QueryContext(ctx, `SELECT fy FROM care_published_years ORDER BY fy DESC`)
	if err != nil {
		return nil, fmt.Errorf("store: published years: %w", err)
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var fy string
		if err := rows.Scan(&fy); err != nil {
			return nil, fmt.Errorf("store: published years: %w", err)
		}
		out = append(out, fy)
	}
	return out, rows.Err()
}

// PublishedYear returns a published year's frozen figures (ErrNotFound
// for a year never published).
func (s *Store) PublishedYear(ctx context.Context, fy india.FY) (*care.Accounts, error) {
	var body string
	err := s.Reader().QueryRowContext(ctx, `SELECT figures FROM care_published_years WHERE fy = ?`, fy.String()).Scan(&body)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: published year: %w", err)
	}
	var acc care.Accounts
	if err := json.Unmarshal([]byte(body), &acc); err != nil {
		return nil, fmt.Errorf("store: published year: %w", err)
	}
	return &acc, nil
}

// paymentHooks are the payments tab's rule in the list engine: a record
// read is finished with what SQL does not make (finishPayment).
func paymentHooks(h *list.Hooks) { h.Finish = finishPayment }
