package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Consent is the record of the consent given with one submission: the
// notice shown (which form's, its version and language), when, and how.
type Consent struct {
	ID            string
	UserID        string
	RecordTable   string
	RecordID      string
	Notice        string
	NoticeVersion string
	Language      string
	Method        string // online, spoken, thumbprint, signed
	GivenAt       time.Time
	WithdrawnAt   *time.Time
}

// RecordConsent stores c through q (the submission's own transaction, so
// a submission never exists without its consent record). It fills ID.
func RecordConsent(ctx context.Context, q Querier, c *Consent) error {
	c.ID = NewID(c.GivenAt)
	_, err := q.ExecContext(ctx, `INSERT INTO consents (id, user_id, record_table, record_id, notice, notice_version, language, method, given_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		c.ID, formNullable(c.UserID), c.RecordTable, c.RecordID, c.Notice, c.NoticeVersion, c.Language, c.Method, Millis(c.GivenAt))
	if err != nil {
		return fmt.Errorf("store: record consent: %w", err)
	}
	return nil
}

const consentColumns = "id, COALESCE(user_id, ''), record_table, record_id, notice, notice_version, language, method, given_at, withdrawn_at"

func scanConsent(row interface{ Scan(...any) error }) (Consent, error) {
	var c Consent
	var given int64
	var withdrawn *int64
	err := row.Scan(&c.ID, &c.UserID, &c.RecordTable, &c.RecordID, &c.Notice, &c.NoticeVersion, &c.Language, &c.Method, &given, &withdrawn)
	if errors.Is(err, sql.ErrNoRows) {
		return c, ErrNotFound
	}
	c.GivenAt = FromMillis(given)
	if withdrawn != nil {
		t := FromMillis(*withdrawn)
		c.WithdrawnAt = &t
	}
	return c, err
}

// ConsentsOf lists the consent records of userID's submissions, newest
// first.
func (s *Store) ConsentsOf(ctx context.Context, userID string) ([]Consent, error) {
	return s.consentsOf(ctx, userID, nil)
}

// consentsOf lists the consent records of userID's submissions and of the
// records with the given ids (sent signed out with a verified address),
// newest first.
func (s *Store) consentsOf(ctx context.Context, userID string, recordIDs []string) ([]Consent, error) {
	cond, args := inList("record_id", recordIDs)
	rows, err := s.Reader().QueryContext(ctx, "SELECT "+consentColumns+" FROM consents WHERE user_id = ? OR "+cond+" ORDER BY given_at DESC, id DESC",
		append([]any{userID}, args...)...)
	if err != nil {
		return nil, fmt.Errorf("store: consents: %w", err)
	}
	defer rows.Close()
	out := []Consent{}
	for rows.Next() {
		c, err := scanConsent(rows)
		if err != nil {
			return nil, fmt.Errorf("store: consents: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// WithdrawConsent withdraws userID's consent id: the submission it was
// given with is erased (the program has no other ground to keep it), and
// the consent record stays, marked withdrawn, as proof of when. Another
// person's consent, or one already withdrawn, is ErrNotFound.
func (s *Store) WithdrawConsent(ctx context.Context, userID, id string) (Consent, error) {
	var c Consent
	err := s.InTx(ctx, func(tx *Tx) error {
		var err error
		c, err = scanConsent(tx.QueryRowContext(ctx, "SELECT "+consentColumns+" FROM consents WHERE id = ? AND user_id = ? AND withdrawn_at IS NULL", id, userID))
		if err != nil {
			return err
		}
		now := s.now()
		if IsErasable(c.RecordTable) {
			// The erasure removes the submission's consent rows; this one
			// is put back as the record of the withdrawal.
			err := EraseRecordTx(ctx, tx, c.RecordTable, c.RecordID, ErasedBySelf, now)
			if err != nil && !errors.Is(err, ErrNotFound) {
				return err
			}
		}
		w := now.UTC().Truncate(time.Millisecond)
		c.WithdrawnAt = &w
		if _, err := tx.ExecContext(ctx, `DELETE FROM consents WHERE id = ?`, c.ID); err != nil {
			return fmt.Errorf("store: withdraw consent: %w", err)
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO consents (id, user_id, record_table, record_id, notice, notice_version, language, method, given_at, withdrawn_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			c.ID, formNullable(c.UserID), c.RecordTable, c.RecordID, c.Notice, c.NoticeVersion, c.Language, c.Method, Millis(c.GivenAt), Millis(w))
		if err != nil {
			return fmt.Errorf("store: withdraw consent: %w", err)
		}
		return nil
	})
	if err == nil {
		s.afterErasure(ctx)
	}
	return c, err
}

// Nominee is the person a user names to act for them.
type Nominee struct {
	Name, Email, Phone string
	UpdatedAt          time.Time
}

// SetNominee stores userID's nominee; a nil n removes it.
func (s *Store) SetNominee(ctx context.Context, userID string, n *Nominee) error {
	return s.InTx(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM nominees WHERE user_id = ?`, userID); err != nil {
			return fmt.Errorf("store: nominee: %w", err)
		}
		if n == nil {
			return nil
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO nominees (user_id, name, email, phone, updated_at) VALUES (?, ?, ?, ?, ?)`,
			userID, n.Name, n.Email, n.Phone, Millis(s.now()))
		if err != nil {
			return fmt.Errorf("store: nominee: %w", err)
		}
		return nil
	})
}

// NomineeOf returns userID's nominee, or nil.
func (s *Store) NomineeOf(ctx context.Context, userID string) (*Nominee, error) {
	var n Nominee
	var at int64
	err := s.Reader().QueryRowContext(ctx, `SELECT name, email, phone, updated_at FROM nominees WHERE user_id = ?`, userID).Scan(&n.Name, &n.Email, &n.Phone, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("store: nominee: %w", err)
	}
	n.UpdatedAt = FromMillis(at)
	return &n, nil
}
