package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Assisted submissions: a signed-in helper sends a form for an elder who
// has no email or phone of their own. The submission's consent record
// says how the elder consented (spoken, thumbprint, signed) or that a
// lawful guardian did (guardian), in which language the notice was given;
// the assisted row adds the helper, a witness and, for a guardian, the
// order that appointed them, recorded by an admin.

// Consent methods of an assisted submission.
const (
	MethodSpoken     = "spoken"
	MethodThumbprint = "thumbprint"
	MethodSigned     = "signed"
	MethodGuardian   = "guardian"
)

// Guardian is the order appointing a lawful guardian, as an admin
// recorded it.
type Guardian struct {
	Name       string
	Authority  string // the court or designated authority
	OrderRef   string
	OrderDate  string // YYYY-MM-DD
	RecordedBy string // the admin's address, "" once erased
	RecordedAt time.Time
}

// Assisted is the helper's part of an assisted consent record.
type Assisted struct {
	ConsentID      string
	HelperID       string
	WitnessName    string
	WitnessContact string
}

// RecordAssisted stores a through q, in the submission's transaction.
func RecordAssisted(ctx context.Context, q Querier, a *Assisted) error {
	_, err := q.ExecContext(ctx, `INSERT INTO assisted_consents (consent_id, helper_id, witness_name, witness_contact) VALUES (?, ?, ?, ?)`,
		a.ConsentID, a.HelperID, a.WitnessName, a.WitnessContact)
	if err != nil {
		return fmt.Errorf("store: record assisted consent: %w", err)
	}
	return nil
}

// AssistedEntry is one assisted submission as its helper and the admins
// see it.
type AssistedEntry struct {
	Consent
	Assisted
	HelperEmail string // "" once the helper's account is erased
	Ref         string // the submission's reference
	Guardian    *Guardian
}

const assistedColumns = `c.id, COALESCE(c.user_id, ''), c.record_table, c.record_id, c.notice, c.notice_version, c.language, c.method,
	c.given_at, c.withdrawn_at, a.helper_id, a.witness_name, a.witness_contact, COALESCE(h.email, ''),
	a.guardian_name, a.guardian_authority, a.guardian_order_ref, a.guardian_order_date, COALESCE(g.email, ''), a.guardian_recorded_at
	FROM assisted_consents a JOIN consents c ON c.id = a.consent_id
	LEFT JOIN users h ON h.id = a.helper_id LEFT JOIN users g ON g.id = a.guardian_recorded_by`

func scanAssisted(row interface{ Scan(...any) error }) (AssistedEntry, error) {
	var e AssistedEntry
	var given int64
	var withdrawn, recorded *int64
	var g Guardian
	err := row.Scan(&e.Consent.ID, &e.UserID, &e.RecordTable, &e.RecordID, &e.Notice, &e.NoticeVersion, &e.Language, &e.Method,
		&given, &withdrawn, &e.HelperID, &e.WitnessName, &e.WitnessContact, &e.HelperEmail,
		&g.Name, &g.Authority, &g.OrderRef, &g.OrderDate, &g.RecordedBy, &recorded)
	if errors.Is(err, sql.ErrNoRows) {
		return e, ErrNotFound
	}
	if err != nil {
		return e, fmt.Errorf("store: assisted consent: %w", err)
	}
	e.ConsentID = e.Consent.ID
	e.GivenAt = FromMillis(given)
	e.WithdrawnAt = FromMillisPtr(withdrawn)
	if recorded != nil {
		g.RecordedAt = FromMillis(*recorded)
		e.Guardian = &g
	}
	return e, nil
}

// listAssisted reads the entries matching where, newest first, with
// their submissions' references.
func (s *Store) listAssisted(ctx context.Context, where string, args ...any) ([]AssistedEntry, error) {
	rows, err := s.Reader().QueryContext(ctx, "SELECT "+assistedColumns+" WHERE "+where+" ORDER BY c.given_at DESC, c.id DESC", args...)
	if err != nil {
		return nil, fmt.Errorf("store: assisted consents: %w", err)
	}
	out := []AssistedEntry{}
	for rows.Next() {
		e, err := scanAssisted(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, e)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := range out {
		if err := out[i].readRef(ctx, s.Reader()); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// readRef reads the reference of e's submission ("" when it is gone).
func (e *AssistedEntry) readRef(ctx context.Context, q Querier) error {
	if !IsErasable(e.RecordTable) && e.RecordTable != "donations" {
		return nil
	}
	err := q.QueryRowContext(ctx, "SELECT COALESCE(ref, '') FROM "+e.RecordTable+" WHERE id = ?", e.RecordID).Scan(&e.Ref)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	return err
}

// AssistedBy lists what helperID sent on behalf of others.
func (s *Store) AssistedBy(ctx context.Context, helperID string) ([]AssistedEntry, error) {
	return s.listAssisted(ctx, "a.helper_id = ?", helperID)
}

// AssistedAll lists every assisted submission, for the admins.
func (s *Store) AssistedAll(ctx context.Context) ([]AssistedEntry, error) {
	return s.listAssisted(ctx, "1 = 1")
}

// ErrNotGuardian answers recording a guardian's order on a consent that
// was not given by a guardian.
var ErrNotGuardian = errors.New("store: this consent was not given by a guardian")

// RecordGuardianOrder records, by actor, the order appointing the
// guardian who consented in consent id (method guardian), replacing one
// recorded before. The audit log keeps that it was recorded, with the
// order's reference and date.
func (s *Store) RecordGuardianOrder(ctx context.Context, id string, g Guardian, actor Actor) (AssistedEntry, error) {
	var out AssistedEntry
	err := s.InTx(ctx, func(tx *Tx) error {
		e, err := scanAssisted(tx.QueryRowContext(ctx, "SELECT "+assistedColumns+" WHERE a.consent_id = ?", id))
		if err != nil {
			return err
		}
		if e.Method != MethodGuardian {
			return ErrNotGuardian
		}
		now := s.now()
		if _, err := tx.ExecContext(ctx, `UPDATE assisted_consents SET guardian_name = ?, guardian_authority = ?, guardian_order_ref = ?,
			guardian_order_date = ?, guardian_recorded_by = ?, guardian_recorded_at = ? WHERE consent_id = ?`,
			g.Name, g.Authority, g.OrderRef, g.OrderDate, actor.ID, Millis(now), id); err != nil {
			return fmt.Errorf("store: guardian order: %w", err)
		}
		if err := WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: "guardian_order", Entity: e.RecordTable, EntityID: e.RecordID,
			Before: map[string]any{}, After: map[string]any{"orderRef": g.OrderRef, "orderDate": g.OrderDate}}, now); err != nil {
			return err
		}
		if out, err = scanAssisted(tx.QueryRowContext(ctx, "SELECT "+assistedColumns+" WHERE a.consent_id = ?", id)); err != nil {
			return err
		}
		return out.readRef(ctx, tx)
	})
	return out, err
}
