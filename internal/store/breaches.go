package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Personal data breaches: the admins record each one, work through its
// checklist (the report to the Data Protection Board is due 72 hours
// after the breach was found) and send its notice, once, to the people
// it affects, one email each through the outbox.

// BoardReportWithin is how long after a breach is found the detailed
// report to the Data Protection Board is due.
const BoardReportWithin = 72 * time.Hour

// BreachCheckItem is one item of a breach's checklist.
type BreachCheckItem struct {
	Item  string
	Label string
	// Within, when set, is how long after the breach was found the item
	// is due.
	Within time.Duration
}

// Breach checklist items, in the order they are shown.
const (
	CheckContained   = "contained"
	CheckBoardTold   = "board_told"
	CheckBoardReport = "board_report"
	CheckPeopleTold  = "people_told"
)

// BreachChecklist is every breach's checklist. CheckPeopleTold is ticked
// by sending the notice (or by hand, when people were told otherwise).
var BreachChecklist = []BreachCheckItem{
	{Item: CheckContained, Label: "Stop the breach and secure the data"},
	{Item: CheckBoardTold, Label: "Tell the Data Protection Board at once"},
	{Item: CheckBoardReport, Label: "Report to the Data Protection Board within 72 hours", Within: BoardReportWithin},
	{Item: CheckPeopleTold, Label: "Tell each affected person"},
}

// BreachCheckByItem returns the checklist item named item, or nil.
func BreachCheckByItem(item string) *BreachCheckItem {
	for i := range BreachChecklist {
		if BreachChecklist[i].Item == item {
			return &BreachChecklist[i]
		}
	}
	return nil
}

// Audiences of a breach notice: every account's address, or a list of
// addresses the admin gave.
const (
	AudienceAccounts  = "accounts"
	AudienceAddresses = "addresses"
)

// Breach is one recorded breach.
type Breach struct {
	ID             string
	OccurredAt     time.Time
	FoundAt        time.Time
	WhatHappened   string
	DataAffected   string
	PeopleAffected string
	Consequences   string
	Measures       string
	Advice         string
	Contact        string
	RecordedBy     string // the recording admin's address, "" once erased
	NoticeSentAt   *time.Time
	NoticeSentBy   string
	NoticeAudience string
	NoticeCount    int
	Checks         map[string]BreachCheck
	Version        int
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// BreachCheck is a ticked checklist item: when, and by whom (the admin's
// address, "" once their account was erased).
type BreachCheck struct {
	DoneAt time.Time
	DoneBy string
}

// BreachText is what an admin writes about a breach.
type BreachText struct {
	OccurredAt, FoundAt                        time.Time
	WhatHappened, DataAffected, PeopleAffected string
	Consequences, Measures, Advice, Contact    string
}

// ErrNoticeSent is the answer to sending a breach's notice a second time.
var ErrNoticeSent = fmt.Errorf("%w: the notice of this breach was already sent", ErrConflict)

const breachColumns = `b.id, b.occurred_at, b.found_at, b.what_happened, b.data_affected, b.people_affected, b.consequences, b.measures,
	b.advice, b.contact, COALESCE(ru.email, ''), b.notice_sent_at, COALESCE(nu.email, ''), b.notice_audience, b.notice_count,
	b.version, b.created_at, b.updated_at
	FROM breaches b LEFT JOIN users ru ON ru.id = b.recorded_by_id LEFT JOIN users nu ON nu.id = b.notice_sent_by_id`

func scanBreach(row interface{ Scan(...any) error }) (*Breach, error) {
	var b Breach
	var occurred, found, created, updated int64
	var sent *int64
	err := row.Scan(&b.ID, &occurred, &found, &b.WhatHappened, &b.DataAffected, &b.PeopleAffected, &b.Consequences, &b.Measures,
		&b.Advice, &b.Contact, &b.RecordedBy, &sent, &b.NoticeSentBy, &b.NoticeAudience, &b.NoticeCount, &b.Version, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: breach: %w", err)
	}
	b.OccurredAt, b.FoundAt, b.CreatedAt, b.UpdatedAt = FromMillis(occurred), FromMillis(found), FromMillis(created), FromMillis(updated)
	b.NoticeSentAt = FromMillisPtr(sent)
	b.Checks = map[string]BreachCheck{}
	return &b, nil
}

// loadChecks fills the ticked items of bs.
func loadChecks(ctx context.Context, q Querier, bs []*Breach) error {
	if len(bs) == 0 {
		return nil
	}
	byID := map[string]*Breach{}
	ids := make([]string, len(bs))
	for i, b := range bs {
		byID[b.ID], ids[i] = b, b.ID
	}
	cond, args := inList("c.breach_id", ids)
	rows, err := q.QueryContext(ctx, `SELECT c.breach_id, c.item, c.done_at, COALESCE(u.email, '')
		FROM breach_checks c LEFT JOIN users u ON u.id = c.done_by_id WHERE `+cond, args...)
	if err != nil {
		return fmt.Errorf("store: breach checklist: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, item string
		var c BreachCheck
		var at int64
		if err := rows.Scan(&id, &item, &at, &c.DoneBy); err != nil {
			return fmt.Errorf("store: breach checklist: %w", err)
		}
		c.DoneAt = FromMillis(at)
		byID[id].Checks[item] = c
	}
	return rows.Err()
}

// BreachByID returns one breach with its checklist, through q.
func BreachByID(ctx context.Context, q Querier, id string) (*Breach, error) {
	b, err := scanBreach(q.QueryRowContext(ctx, "SELECT "+breachColumns+" WHERE b.id = ?", id))
	if err != nil {
		return nil, err
	}
	return b, loadChecks(ctx, q, []*Breach{b})
}

// Breaches lists every recorded breach, the last found first.
func (s *Store) Breaches(ctx context.Context) ([]*Breach, error) {
	rows, err := s.Reader().QueryContext(ctx, "SELECT "+breachColumns+" ORDER BY b.found_at DESC, b.id DESC")
	if err != nil {
		return nil, fmt.Errorf("store: breaches: %w", err)
	}
	out := []*Breach{}
	for rows.Next() {
		b, err := scanBreach(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, b)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return out, loadChecks(ctx, s.Reader(), out)
}

// breachAudit is what the audit log keeps of a breach's record: its
// dates, not its text (which may describe people).
func breachAudit(t BreachText) map[string]any {
	return map[string]any{"occurredAt": t.OccurredAt.UTC().Format(time.RFC3339), "foundAt": t.FoundAt.UTC().Format(time.RFC3339)}
}

// RecordBreach stores a new breach written by actor.
func (s *Store) RecordBreach(ctx context.Context, t BreachText, actor Actor) (*Breach, error) {
	var out *Breach
	err := s.InTx(ctx, func(tx *Tx) error {
		now := s.now()
		id := NewID(now)
		_, err := tx.ExecContext(ctx, `INSERT INTO breaches (id, occurred_at, found_at, what_happened, data_affected, people_affected,
			consequences, measures, advice, contact, recorded_by_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			id, Millis(t.OccurredAt), Millis(t.FoundAt), t.WhatHappened, t.DataAffected, t.PeopleAffected,
			t.Consequences, t.Measures, t.Advice, t.Contact, actor.ID, Millis(now), Millis(now))
		if err != nil {
			return fmt.Errorf("store: record breach: %w", err)
		}
		if err := WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: "create", Entity: "breaches", EntityID: id,
			Before: map[string]any{}, After: breachAudit(t)}, now); err != nil {
			return err
		}
		out, err = BreachByID(ctx, tx, id)
		return err
	})
	return out, err
}

// changeBreach runs change on breach id (read in the transaction, at
// time now) and returns the breach as change left it.
func (s *Store) changeBreach(ctx context.Context, id string, change func(tx *Tx, b *Breach, now time.Time) error) (*Breach, error) {
	var out *Breach
	err := s.InTx(ctx, func(tx *Tx) error {
		b, err := BreachByID(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := change(tx, b, s.now()); err != nil {
			return err
		}
		out, err = BreachByID(ctx, tx, id)
		return err
	})
	return out, err
}

// UpdateBreach replaces the text of breach id at version.
func (s *Store) UpdateBreach(ctx context.Context, id string, version int, t BreachText, actor Actor) (*Breach, error) {
	return s.changeBreach(ctx, id, func(tx *Tx, before *Breach, now time.Time) error {
		res, err := tx.ExecContext(ctx, `UPDATE breaches SET occurred_at = ?, found_at = ?, what_happened = ?, data_affected = ?,
			people_affected = ?, consequences = ?, measures = ?, advice = ?, contact = ?, version = version + 1, updated_at = ?
			WHERE id = ? AND version = ?`,
			Millis(t.OccurredAt), Millis(t.FoundAt), t.WhatHappened, t.DataAffected, t.PeopleAffected,
			t.Consequences, t.Measures, t.Advice, t.Contact, Millis(now), id, version)
		if err := oneRow(res, err, "update breach"); err != nil {
			return err
		}
		return WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: "update", Entity: "breaches", EntityID: id,
			Before: breachAudit(BreachText{OccurredAt: before.OccurredAt, FoundAt: before.FoundAt}), After: breachAudit(t)}, now)
	})
}

// tickBreach ticks (done) or unticks item of breach id through q, by actor.
func tickBreach(ctx context.Context, q Querier, id, item string, done bool, actor Actor, now time.Time) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM breach_checks WHERE breach_id = ? AND item = ?`, id, item); err != nil {
		return fmt.Errorf("store: breach checklist: %w", err)
	}
	if done {
		if _, err := q.ExecContext(ctx, `INSERT INTO breach_checks (breach_id, item, done_at, done_by_id) VALUES (?, ?, ?, ?)`,
			id, item, Millis(now), actor.ID); err != nil {
			return fmt.Errorf("store: breach checklist: %w", err)
		}
	}
	_, err := q.ExecContext(ctx, `UPDATE breaches SET updated_at = ? WHERE id = ?`, Millis(now), id)
	return err
}

// CheckBreach ticks or unticks item (one of BreachChecklist) of breach
// id, by actor; ticking an item already ticked keeps who ticked it first.
func (s *Store) CheckBreach(ctx context.Context, id, item string, done bool, actor Actor) (*Breach, error) {
	if BreachCheckByItem(item) == nil {
		return nil, ErrNotFound
	}
	return s.changeBreach(ctx, id, func(tx *Tx, b *Breach, now time.Time) error {
		if _, was := b.Checks[item]; was == done {
			return nil
		}
		if err := tickBreach(ctx, tx, id, item, done, actor, now); err != nil {
			return err
		}
		return WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: "checklist", Entity: "breaches", EntityID: id,
			Before: map[string]any{item: !done}, After: map[string]any{item: done}}, now)
	})
}

// SendBreachNotice sends the notice of breach id, once: to every
// account's address (AudienceAccounts) or to addresses
// (AudienceAddresses), queueing one message each through queue, in the
// account's language (English for a pasted address), in the
// same transaction, which also marks the notice sent, ticks
// CheckPeopleTold and writes the audit entry (how many, never who). A
// second call is ErrNoticeSent. ready checks the breach before anything
// is sent (its notice's parts are all written).
func (s *Store) SendBreachNotice(ctx context.Context, id, audience string, addresses []string, actor Actor,
	ready func(*Breach) error, queue func(q Querier, b *Breach, to, lang string) error) (*Breach, error) {
	return s.changeBreach(ctx, id, func(tx *Tx, b *Breach, now time.Time) error {
		if b.NoticeSentAt != nil {
			return ErrNoticeSent
		}
		if err := ready(b); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE breaches SET notice_sent_at = ?, notice_sent_by_id = ?, notice_audience = ?,
			version = version + 1, updated_at = ? WHERE id = ? AND notice_sent_at IS NULL`, Millis(now), actor.ID, audience, Millis(now), id)
		if ok, err := changedRow(res, err, "send breach notice"); err != nil || !ok {
			if err == nil {
				err = ErrNoticeSent
			}
			return err
		}
		to := make([]noticeTo, 0, len(addresses))
		for _, addr := range addresses {
			to = append(to, noticeTo{addr: addr})
		}
		if audience == AudienceAccounts {
			if to, err = accountsToTell(ctx, tx); err != nil {
				return err
			}
		}
		for _, n := range to {
			if err := queue(tx, b, n.addr, n.lang); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE breaches SET notice_count = ? WHERE id = ?`, len(to), id); err != nil {
			return fmt.Errorf("store: breach notice: %w", err)
		}
		if _, done := b.Checks[CheckPeopleTold]; !done {
			if err := tickBreach(ctx, tx, id, CheckPeopleTold, true, actor, now); err != nil {
				return err
			}
		}
		return WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: "breach_notice", Entity: "breaches", EntityID: id,
			Before: map[string]any{}, After: map[string]any{"audience": audience, "queued": len(to)}}, now)
	})
}

// noticeTo is one recipient of a breach notice and the language it is
// written in ("" for English).
type noticeTo struct{ addr, lang string }

// accountsToTell lists every account's address and language, oldest
// account first.
func accountsToTell(ctx context.Context, tx *Tx) ([]noticeTo, error) {
	rows, err := tx.QueryContext(ctx, `SELECT email, language FROM users ORDER BY created_at, id`)
	if err != nil {
		return nil, fmt.Errorf("store: breach notice: %w", err)
	}
	defer rows.Close()
	var out []noticeTo
	for rows.Next() {
		var n noticeTo
		if err := rows.Scan(&n.addr, &n.lang); err != nil {
			return nil, fmt.Errorf("store: breach notice: %w", err)
		}
		out = append(out, n)
	}
	return out, rows.Err()
}
