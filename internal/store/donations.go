package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"spdc/internal/db"
	"spdc/internal/entity"
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/india"
	"spdc/internal/list"
	"spdc/internal/secret"
)

// Donation statuses and receipt statuses, as stored and shown.
const (
	DonationReported  = "reported"
	DonationConfirmed = "confirmed"
	DonationRejected  = "rejected"
	ReceiptIssued     = "issued"
	ReceiptCancelled  = "cancelled"
)

// Refusals of a donation's state changes; each matches ErrConflict, so
// the HTTP layer answers 409 with the message.
var (
	ErrDonationConfirmed   = &StateError{msgs.DonationAlreadyConfirmed}
	ErrDonationRejected    = &StateError{msgs.DonationWasRejected}
	ErrDonationNotReported = &StateError{msgs.DonationOnlyWaitingRejected}
	ErrReceiptCancelled    = &StateError{msgs.DonationReceiptIsCancelled}
	ErrReceiptKept         = &StateError{msgs.DonationReceiptKept}
	ErrReceiptPrefix       = &StateError{msgs.DonationSetReceiptPrefix}
	ErrTrustLegalName      = &StateError{msgs.DonationSetTrustName}
	ErrTrust80G            = &StateError{msgs.DonationSetTrust80G}
	ErrReceiptSeries       = &StateError{msgs.DonationReceiptSeriesFull}
)

// StateError is a change refused because of the record's state (409).
type StateError struct{ Message i18n.Msg }

func (e *StateError) Error() string { return e.Message.En() }

// Is makes a StateError match ErrConflict.
func (e *StateError) Is(target error) bool { return target == ErrConflict }

// Donation is a gift as a donor reported it, with its confirmation and
// receipt.
type Donation struct {
	ID              string
	UserID          string // "" when reported by a visitor
	DonorName       string
	Email           string
	Phone           string
	Address         string
	ResidentOfIndia bool
	IDType          string // PAN, AADHAAR, OTHER or ""
	IDMasked        string // the number with all but its last four characters hidden
	IDSealed        string // the whole number, sealed with the data key
	AmountPaise     int64
	ReportedPaise   int64 // the amount the donor reported
	PaidOn          string
	Mode            string
	Reference       string
	Ref             string // our own reference the donor quotes (G-4K7Q-2M), not the bank's
	Language        string // the language it was reported in (en, hi, bn)
	Purpose         string
	ReceiptType     string
	Consent         bool
	Status          string
	RejectReason    string
	ReceivedOn      string
	Receipt         *Receipt // nil until confirmed
	Version         int
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

// Receipt is the receipt of a confirmed gift.
type Receipt struct {
	ID           string
	Prefix       string
	FY           string
	Seq          int
	Number       string
	IssuedOn     string // YYYY-MM-DD, India time
	Status       string // issued or cancelled
	CancelReason string
	Duplicate    bool
	VerifyCode   string
	Sealed       string // the ReceiptSnapshot as issued, sealed
}

// ReceiptSnapshot is a receipt as it was issued: the trust's and the
// donor's details of that day, so that later edits never change an issued
// receipt. It holds the donor's whole ID number and is stored sealed.
type ReceiptSnapshot struct {
	TrustName        string   `json:"trustName"`
	TrustPAN         string   `json:"trustPan"`
	TrustAddress     []string `json:"trustAddress"`
	Reg80GNumber     string   `json:"reg80GNumber"`
	Reg80GDate       string   `json:"reg80GDate"`
	Reg80GValidUntil string   `json:"reg80GValidUntil"`
	SignatoryName    string   `json:"signatoryName"`
	SignatoryTitle   string   `json:"signatoryTitle"`
	Number           string   `json:"number"`
	IssuedOn         string   `json:"issuedOn"`
	FinancialYear    string   `json:"financialYear"`
	DonorName        string   `json:"donorName"`
	DonorAddress     string   `json:"donorAddress"`
	DonorIDType      string   `json:"donorIdType"`
	DonorID          string   `json:"donorId"`
	AmountPaise      int64    `json:"amountPaise"`
	ReceivedOn       string   `json:"receivedOn"`
	Mode             string   `json:"mode"`
	Reference        string   `json:"reference"`
	Purpose          string   `json:"purpose"`
	ReceiptType      string   `json:"receiptType"`
}

// get reads the donation's values by the entity's keys (for its search
// text and the admin copy).
func (d *Donation) get(key string) any {
	r := d.Receipt
	if r == nil {
		r = &Receipt{}
	}
	switch key {
	case "donorName":
		return d.DonorName
	case "email":
		return d.Email
	case "phone":
		return d.Phone
	case "address":
		return d.Address
	case "idType":
		return d.IDType
	case "idNumber":
		return d.IDMasked
	case "amount":
		return india.Paise(d.AmountPaise).Decimal()
	case "paidOn":
		return d.PaidOn
	case "mode":
		return d.Mode
	case "reference":
		return d.Reference
	case "ref":
		return d.Ref
	case "purpose":
		return d.Purpose
	case "receiptType":
		return d.ReceiptType
	case "status":
		return d.Status
	case "rejectReason":
		return d.RejectReason
	case "receivedOn":
		return d.ReceivedOn
	case "receipt.number":
		return r.Number
	case "receipt.issuedOn":
		return r.IssuedOn
	case "receipt.status":
		return r.Status
	case "receipt.cancelReason":
		return r.CancelReason
	case "_id":
		return d.ID
	}
	return nil
}

// Getter reads the donation's values by the entity's keys, the ID masked.
func (d *Donation) Getter() entity.Getter { return d.get }

func (d *Donation) search() string { return entity.Donations.SearchText(d.get) }

const donationColumns = `id, COALESCE(user_id, ''), donor_name, email, phone, address, resident_of_india, id_type, id_masked, id_sealed,
	amount_paise, reported_paise, paid_on, mode, reference, purpose, receipt_type, consent, status, reject_reason, received_on,
	COALESCE(receipt_id, ''), COALESCE(receipt_prefix, ''), COALESCE(receipt_fy, ''), COALESCE(receipt_seq, 0), receipt_number,
	receipt_issued_on, receipt_status, receipt_cancel_reason, receipt_duplicate, COALESCE(receipt_verify_code, ''), receipt_data,
	version, created_at, updated_at, COALESCE(ref, ''), language`

func scanDonation(row formScanner) (*Donation, error) {
	var d Donation
	var r Receipt
	var created, updated int64
	err := row.Scan(&d.ID, &d.UserID, &d.DonorName, &d.Email, &d.Phone, &d.Address, &d.ResidentOfIndia, &d.IDType, &d.IDMasked, &d.IDSealed,
		&d.AmountPaise, &d.ReportedPaise, &d.PaidOn, &d.Mode, &d.Reference, &d.Purpose, &d.ReceiptType, &d.Consent, &d.Status, &d.RejectReason, &d.ReceivedOn,
		&r.ID, &r.Prefix, &r.FY, &r.Seq, &r.Number, &r.IssuedOn, &r.Status, &r.CancelReason, &r.Duplicate, &r.VerifyCode, &r.Sealed,
		&d.Version, &created, &updated, &d.Ref, &d.Language)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if r.ID != "" {
		d.Receipt = &r
	}
	d.CreatedAt, d.UpdatedAt = FromMillis(created), FromMillis(updated)
	return &d, nil
}

// InsertDonation saves a newly reported gift through q. idNumber is the
// donor's whole ID number in normal form: it is stored sealed with key
// and as a masked copy. It fills ID, Status, Version and the times; the
// same mode and reference as another live report is a *DuplicateError
// on the field "reference".
func InsertDonation(ctx context.Context, q Querier, key *secret.Key, d *Donation, idNumber string, now time.Time) error {
	sealed, err := key.SealString(idNumber)
	if err != nil {
		return err
	}
	now = now.UTC().Truncate(time.Millisecond)
	d.ID, d.Status, d.Version, d.CreatedAt, d.UpdatedAt = NewID(now), DonationReported, 0, now, now
	d.IDSealed, d.IDMasked, d.ReportedPaise, d.Receipt = sealed, india.Mask(idNumber), d.AmountPaise, nil
	if d.Ref, err = newRefFor(ctx, q, "donations"); err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `INSERT INTO donations (id, user_id, donor_name, email, phone, address, resident_of_india, id_type, id_sealed, id_masked,
		amount_paise, reported_paise, paid_on, mode, reference, purpose, receipt_type, consent, status, ref, language, version, search, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
		d.ID, formNullable(d.UserID), d.DonorName, d.Email, d.Phone, d.Address, d.ResidentOfIndia, d.IDType, d.IDSealed, d.IDMasked,
		d.AmountPaise, d.ReportedPaise, d.PaidOn, d.Mode, d.Reference, d.Purpose, d.ReceiptType, d.Consent, d.Status, d.Ref, submissionLanguage(d.Language), d.search(),
		Millis(now), Millis(now))
	if err != nil {
		if _, dup := db.IsUniqueViolation(err); dup {
			return &DuplicateError{Table: "donations", Field: "reference"}
		}
		return fmt.Errorf("store: insert donation: %w", err)
	}
	return nil
}

// DonationByID returns one donation.
func (s *Store) DonationByID(ctx context.Context, id string) (*Donation, error) {
	return donationWhere(ctx, s.Reader(), "id = ?", id)
}

// DonationByReceiptID returns the donation whose receipt has id.
func (s *Store) DonationByReceiptID(ctx context.Context, id string) (*Donation, error) {
	return donationWhere(ctx, s.Reader(), "receipt_id = ?", id)
}

// DonationByVerifyCode returns the donation whose receipt carries code.
func (s *Store) DonationByVerifyCode(ctx context.Context, code string) (*Donation, error) {
	return donationWhere(ctx, s.Reader(), "receipt_verify_code = ?", code)
}

func donationWhere(ctx context.Context, q Querier, where string, arg any) (*Donation, error) {
	d, err := scanDonation(q.QueryRowContext(ctx, `SELECT `+donationColumns+` FROM donations WHERE `+where, arg))
	if err != nil && !errors.Is(err, ErrNotFound) {
		return nil, fmt.Errorf("store: donation: %w", err)
	}
	return d, err
}

// DonationsOfUser lists the gifts reported from a user's account, newest
// first.
func (s *Store) DonationsOfUser(ctx context.Context, userID string) ([]*Donation, error) {
	return s.DonationsOf(ctx, Owner{UserID: userID})
}

// DonationsOf lists the gifts that belong to o (see Owner), newest first.
func (s *Store) DonationsOf(ctx context.Context, o Owner) ([]*Donation, error) {
	cond, args := o.where("email")
	return s.donationList(ctx, `SELECT `+donationColumns+` FROM donations WHERE `+cond+` ORDER BY created_at DESC, id DESC`, args...)
}

// DonationsReceivedIn lists the confirmed gifts of a financial year whose
// receipt stands (not cancelled), in the order they were received: the
// gifts of the year's statement.
func (s *Store) DonationsReceivedIn(ctx context.Context, fy india.FY) ([]*Donation, error) {
	first := fy.Start(india.IST).Format(time.DateOnly)
	end := fy.End(india.IST).Format(time.DateOnly)
	return s.donationList(ctx, `SELECT `+donationColumns+` FROM donations
		WHERE status = 'confirmed' AND receipt_status = 'issued' AND received_on >= ? AND received_on < ?
		ORDER BY received_on, receipt_seq, id`, first, end)
}

// DonationsToMatch lists the gifts waiting to be confirmed, for the bank
// statement import.
func (s *Store) DonationsToMatch(ctx context.Context) ([]*Donation, error) {
	return s.donationList(ctx, `SELECT `+donationColumns+` FROM donations WHERE status = 'reported' ORDER BY created_at, id`)
}

func (s *Store) donationList(ctx context.Context, query string, args ...any) ([]*Donation, error) {
	rows, err := s.Reader().QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: donations: %w", err)
	}
	defer rows.Close()
	out := []*Donation{}
	for rows.Next() {
		d, err := scanDonation(rows)
		if err != nil {
			return nil, fmt.Errorf("store: donations: %w", err)
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// OpenID returns the donor's whole ID number.
func (d *Donation) OpenID(key *secret.Key) (string, error) {
	return key.OpenString(d.IDSealed)
}

// OpenSnapshot returns the receipt as it was issued.
func (r *Receipt) OpenSnapshot(key *secret.Key) (*ReceiptSnapshot, error) {
	b, err := key.Open(r.Sealed)
	if err != nil {
		return nil, err
	}
	var snap ReceiptSnapshot
	if err := json.Unmarshal(b, &snap); err != nil {
		return nil, fmt.Errorf("store: receipt data: %w", err)
	}
	return &snap, nil
}

// Confirmation is what an admin confirms of a reported gift: the date the
// money reached the trust's account and the amount that did.
type Confirmation struct {
	ReceivedOn  string // YYYY-MM-DD
	AmountPaise int64
	// Check runs inside the transaction on the gift as it will be
	// confirmed (the new amount set) and may refuse it.
	Check func(d *Donation) error
	// After runs inside the transaction once the receipt is issued (the
	// receipt's mail is enqueued there, so it commits with it).
	After func(tx *Tx, d *Donation) error
}

// ConfirmDonation confirms a reported gift and issues its receipt in one
// transaction: the gift turns confirmed (a second confirm finds it so and
// is refused), the next serial number of the receipt series of the
// financial year of ReceivedOn is taken from receipt_counters, and the
// receipt is written with a random verify code and the snapshot of what
// it shows. A failure anywhere rolls back everything, the serial number
// included, so a series never has a gap; two instances on one PostgreSQL
// wait for each other on the counter's row and never share a number.
func (s *Store) ConfirmDonation(ctx context.Context, key *secret.Key, id string, c Confirmation, actor Actor) (*Donation, error) {
	var out *Donation
	err := s.InTx(ctx, func(tx *Tx) error {
		now := s.now()
		before, err := donationWhere(ctx, tx, "id = ?", id)
		if err != nil {
			return err
		}
		// Claim the gift first: on PostgreSQL the row lock makes a second
		// confirm wait and then find it confirmed.
		res, err := tx.ExecContext(ctx, `UPDATE donations SET status = 'confirmed', received_on = ?, amount_paise = ?, reject_reason = '',
			version = version + 1, updated_at = ? WHERE id = ? AND status = 'reported'`, c.ReceivedOn, c.AmountPaise, Millis(now), id)
		if err != nil {
			return fmt.Errorf("store: confirm donation: %w", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			cur, err := donationWhere(ctx, tx, "id = ?", id)
			if err != nil {
				return err
			}
			if cur.Status == DonationRejected {
				return ErrDonationRejected
			}
			return ErrDonationConfirmed
		}
		d, err := donationWhere(ctx, tx, "id = ?", id)
		if err != nil {
			return err
		}
		if c.Check != nil {
			if err := c.Check(d); err != nil {
				return err
			}
		}
		settings, _, err := siteSettings(ctx, tx)
		if err != nil {
			return err
		}
		snap := snapshotOf(settings, d)
		prefix, err := india.ParsePrefix(docString(settings, "receiptPrefix"))
		if err != nil {
			return ErrReceiptPrefix
		}
		if strings.TrimSpace(snap.TrustName) == "" {
			return ErrTrustLegalName
		}
		if d.ReceiptType == string(india.Receipt80G) && (snap.TrustPAN == "" || snap.Reg80GNumber == "") {
			return ErrTrust80G
		}
		received, err := time.ParseInLocation(time.DateOnly, c.ReceivedOn, india.IST)
		if err != nil {
			return fmt.Errorf("store: confirm donation: received on %q: %w", c.ReceivedOn, err)
		}
		fy := india.FYOf(received, india.IST)
		var seq int
		if err := tx.QueryRowContext(ctx, `INSERT INTO receipt_counters (prefix, fy, last_seq) VALUES (?, ?, 1)
			ON CONFLICT (prefix, fy) DO UPDATE SET last_seq = receipt_counters.last_seq + 1
			RETURNING last_seq`, prefix, fy.String()).Scan(&seq); err != nil {
			return fmt.Errorf("store: receipt number: %w", err)
		}
		number, err := india.NewReceiptNumber(prefix, fy, seq)
		if err != nil {
			return ErrReceiptSeries
		}
		idNumber, err := d.OpenID(key)
		if err != nil {
			return fmt.Errorf("store: confirm donation: %w", err)
		}
		r := &Receipt{ID: NewID(now), Prefix: prefix, FY: fy.String(), Seq: seq, Number: number.String(),
			IssuedOn: now.In(india.IST).Format(time.DateOnly), Status: ReceiptIssued, VerifyCode: newVerifyCode()}
		snap.Number, snap.IssuedOn, snap.FinancialYear, snap.DonorID = r.Number, r.IssuedOn, r.FY, idNumber
		body, err := json.Marshal(snap)
		if err != nil {
			return err
		}
		if r.Sealed, err = key.Seal(body); err != nil {
			return err
		}
		d.Receipt = r
		if _, err := tx.ExecContext(ctx, `UPDATE donations SET receipt_id = ?, receipt_prefix = ?, receipt_fy = ?, receipt_seq = ?, receipt_number = ?,
			receipt_issued_on = ?, receipt_status = ?, receipt_verify_code = ?, receipt_data = ?, search = ? WHERE id = ?`,
			r.ID, r.Prefix, r.FY, r.Seq, r.Number, r.IssuedOn, r.Status, r.VerifyCode, r.Sealed, d.search(), id); err != nil {
			return fmt.Errorf("store: issue receipt: %w", err)
		}
		if err := WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: "confirm", Entity: "donations", EntityID: id,
			Before: map[string]any{"status": before.Status, "amount": india.Paise(before.AmountPaise).Decimal()},
			After: map[string]any{"status": d.Status, "amount": india.Paise(d.AmountPaise).Decimal(), "receivedOn": d.ReceivedOn,
				"receipt": r.Number}}, now); err != nil {
			return err
		}
		if c.After != nil {
			if err := c.After(tx, d); err != nil {
				return err
			}
		}
		out = d
		return nil
	})
	return out, err
}

// snapshotOf is a receipt's content from the settings and the gift (the
// number, date and ID are added by the caller).
func snapshotOf(settings map[string]any, d *Donation) ReceiptSnapshot {
	var address []string
	if l, ok := settings["addressLines"].([]string); ok {
		address = l
	}
	return ReceiptSnapshot{
		TrustName: docString(settings, "trustLegalName"), TrustPAN: docString(settings, "trustPan"), TrustAddress: address,
		Reg80GNumber: docString(settings, "reg80G.number"), Reg80GDate: docString(settings, "reg80G.date"),
		Reg80GValidUntil: docString(settings, "reg80G.validUntil"),
		SignatoryName:    docString(settings, "signatory.name"), SignatoryTitle: docString(settings, "signatory.title"),
		DonorName: d.DonorName, DonorAddress: d.Address, DonorIDType: d.IDType, AmountPaise: d.AmountPaise,
		ReceivedOn: d.ReceivedOn, Mode: d.Mode, Reference: d.Reference, Purpose: d.Purpose, ReceiptType: d.ReceiptType,
	}
}

// docString reads a text value of the settings, "group.key" inside a group.
func docString(doc map[string]any, key string) string {
	if g, k, ok := strings.Cut(key, "."); ok {
		sub, _ := doc[g].(map[string]any)
		s, _ := sub[k].(string)
		return strings.TrimSpace(s)
	}
	s, _ := doc[key].(string)
	return strings.TrimSpace(s)
}

// newVerifyCode is the random, unguessable code a receipt's QR code
// carries (130 bits, base32 without padding, lower case).
func newVerifyCode() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:]))
}

// RejectDonation rejects a reported gift with the admin's reason; its
// reference may then be reported again.
func (s *Store) RejectDonation(ctx context.Context, id, reason string, actor Actor) (*Donation, error) {
	return s.donationChange(ctx, "id = ?", id, actor, "reject", func(d *Donation) (string, []any, error) {
		if d.Status != DonationReported {
			return "", nil, ErrDonationNotReported
		}
		d.Status, d.RejectReason = DonationRejected, reason
		return "status = 'rejected', reject_reason = ?", []any{reason}, nil
	})
}

// CancelReceipt cancels an issued receipt with the admin's reason: the
// receipt keeps its number (the series has no gap) and shows as cancelled
// to whoever checks it; the gift leaves the annual statement.
func (s *Store) CancelReceipt(ctx context.Context, receiptID, reason string, actor Actor) (*Donation, error) {
	return s.donationChange(ctx, "receipt_id = ?", receiptID, actor, "cancel receipt", func(d *Donation) (string, []any, error) {
		if d.Receipt.Status != ReceiptIssued {
			return "", nil, ErrReceiptCancelled
		}
		d.Receipt.Status, d.Receipt.CancelReason = ReceiptCancelled, reason
		return "receipt_status = 'cancelled', receipt_cancel_reason = ?", []any{reason}, nil
	})
}

// ReissueReceipt marks an issued receipt as reissued: the copy sent again
// says "Duplicate" and keeps the number. after runs in the transaction
// (the copy's mail is enqueued there).
func (s *Store) ReissueReceipt(ctx context.Context, receiptID string, actor Actor, after func(tx *Tx, d *Donation) error) (*Donation, error) {
	return s.donationChangeAfter(ctx, "receipt_id = ?", receiptID, actor, "reissue receipt", func(d *Donation) (string, []any, error) {
		if d.Receipt.Status != ReceiptIssued {
			return "", nil, ErrReceiptCancelled
		}
		d.Receipt.Duplicate = true
		return "receipt_duplicate = ?", []any{true}, nil
	}, after)
}

func (s *Store) donationChange(ctx context.Context, where, arg string, actor Actor, action string, change func(d *Donation) (string, []any, error)) (*Donation, error) {
	return s.donationChangeAfter(ctx, where, arg, actor, action, change, nil)
}

// donationChangeAfter reads a donation in a transaction, lets change
// decide the update (or refuse it), writes it with the new search text
// and a version step, records the audit entry and runs after.
func (s *Store) donationChangeAfter(ctx context.Context, where, arg string, actor Actor, action string,
	change func(d *Donation) (string, []any, error), after func(tx *Tx, d *Donation) error) (*Donation, error) {
	var out *Donation
	err := s.InTx(ctx, func(tx *Tx) error {
		now := s.now()
		d, err := donationWhere(ctx, tx, where, arg)
		if err != nil {
			return err
		}
		beforeAudit := donationAudit(d)
		sets, args, err := change(d)
		if err != nil {
			return err
		}
		d.Version++
		d.UpdatedAt = now.UTC().Truncate(time.Millisecond)
		args = append(args, d.search(), Millis(now), d.ID, d.Version-1)
		res, err := tx.ExecContext(ctx, `UPDATE donations SET `+sets+`, search = ?, version = version + 1, updated_at = ? WHERE id = ? AND version = ?`, args...)
		if err != nil {
			return fmt.Errorf("store: %s: %w", action, err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return ErrConflict
		}
		if err := WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: action, Entity: "donations", EntityID: d.ID,
			Before: beforeAudit, After: donationAudit(d)}, now); err != nil {
			return err
		}
		if after != nil {
			if err := after(tx, d); err != nil {
				return err
			}
		}
		out = d
		return nil
	})
	return out, err
}

// donationAudit is what the audit log keeps of a donation's state (never
// the whole ID number).
func donationAudit(d *Donation) map[string]any {
	m := map[string]any{"status": d.Status, "rejectReason": d.RejectReason}
	if r := d.Receipt; r != nil {
		m["receipt"] = map[string]any{"number": r.Number, "status": r.Status, "cancelReason": r.CancelReason, "duplicate": r.Duplicate}
	}
	return m
}

// DonorChanges are an admin's corrections of a donor's details. IDNumber
// is the whole number in normal form, set only when the ID changes.
type DonorChanges struct {
	Values   map[string]string // JSON key → clean value: donorName, email, phone, address, idType
	IDNumber *string
}

// UpdateDonor applies an admin's corrections to a donation if its version
// is still version (ErrConflict otherwise). edit runs in the transaction
// with the donation as stored and returns the changes, or refuses them.
// The audit log shows the ID masked. An issued receipt keeps what it
// showed: only the record (and the annual statement) change.
func (s *Store) UpdateDonor(ctx context.Context, key *secret.Key, id string, version int, actor Actor, edit func(before *Donation) (DonorChanges, error)) (*Donation, error) {
	var out *Donation
	err := s.InTx(ctx, func(tx *Tx) error {
		now := s.now()
		d, err := donationWhere(ctx, tx, "id = ?", id)
		if err != nil {
			return err
		}
		ch, err := edit(d)
		if err != nil {
			return err
		}
		if d.Version != version {
			return ErrConflict
		}
		before, after := map[string]any{}, map[string]any{}
		var sets []string
		var args []any
		cols := []struct {
			key, col string
			field    *string
		}{{"donorName", "donor_name", &d.DonorName}, {"email", "email", &d.Email}, {"phone", "phone", &d.Phone},
			{"address", "address", &d.Address}, {"idType", "id_type", &d.IDType}}
		for _, c := range cols {
			v, ok := ch.Values[c.key]
			if !ok || v == *c.field {
				continue
			}
			before[c.key], after[c.key] = *c.field, v
			*c.field = v
			sets, args = append(sets, c.col+" = ?"), append(args, v)
		}
		if ch.IDNumber != nil {
			old, err := d.OpenID(key)
			if err != nil {
				return fmt.Errorf("store: update donor: %w", err)
			}
			if *ch.IDNumber != old {
				sealed, err := key.SealString(*ch.IDNumber)
				if err != nil {
					return err
				}
				before["idNumber"], after["idNumber"] = d.IDMasked, india.Mask(*ch.IDNumber)
				d.IDSealed, d.IDMasked = sealed, india.Mask(*ch.IDNumber)
				sets, args = append(sets, "id_sealed = ?", "id_masked = ?"), append(args, d.IDSealed, d.IDMasked)
			}
		}
		if len(sets) == 0 {
			out = d
			return nil
		}
		d.Version++
		d.UpdatedAt = now.UTC().Truncate(time.Millisecond)
		args = append(args, d.search(), Millis(now), id, version)
		res, err := tx.ExecContext(ctx, `UPDATE donations SET `+strings.Join(sets, ", ")+`, search = ?, version = version + 1, updated_at = ?
			WHERE id = ? AND version = ?`, args...)
		if err != nil {
			return fmt.Errorf("store: update donor: %w", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return ErrConflict
		}
		if err := WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: "update", Entity: "donations", EntityID: id,
			Before: before, After: after}, now); err != nil {
			return err
		}
		out = d
		return nil
	})
	return out, err
}

// BankMapping returns the remembered column mapping of the bank statement
// import as stored (JSON), or "" when none was saved.
func (s *Store) BankMapping(ctx context.Context) (string, error) {
	var m string
	err := s.Reader().QueryRowContext(ctx, `SELECT mapping FROM bank_import_mapping WHERE id = 1`).Scan(&m)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("store: bank mapping: %w", err)
	}
	return m, nil
}

// SaveBankMapping remembers the column mapping of the bank statement
// import (JSON).
func (s *Store) SaveBankMapping(ctx context.Context, mapping string) error {
	now := Millis(s.now())
	_, err := s.Writer().ExecContext(ctx, `INSERT INTO bank_import_mapping (id, mapping, updated_at) VALUES (1, ?, ?)
		ON CONFLICT (id) DO UPDATE SET mapping = excluded.mapping, updated_at = excluded.updated_at`, mapping, now)
	if err != nil {
		return fmt.Errorf("store: save bank mapping: %w", err)
	}
	return nil
}

// donationExprs read the donations tab's values that are not simply
// their column: the ID masked, the amount (made readable by
// finishDonation) sorted as paise.
var donationExprs = map[string]string{
	"idNumber":    "id_masked",
	"amount":      "amount_paise",
	"amountText":  "amount_paise",
	"receipt._id": "COALESCE(receipt_id, '')",
}

// finishDonation writes a listed donation's amount as a decimal and in
// Indian grouping, and its receipt as null until there is one: the shape
// of a donation everywhere in the API.
func finishDonation(rec *Record) {
	paise, _ := rec.Get("amountPaise").(int)
	rec.Set("amount", india.Paise(paise).Decimal())
	rec.Set("amountText", india.Paise(paise).String())
	if id, _ := rec.Get("receipt._id").(string); id == "" {
		rec.Set("receipt", nil)
	}
}

// donationHooks are the donations tab's rule in the list engine: a
// record read is finished with what SQL does not make (finishDonation).
func donationHooks(h *list.Hooks) { h.Finish = finishDonation }
