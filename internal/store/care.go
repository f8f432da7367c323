package store

// The care register: one care record per elder the program serves (an
// approved disciple), with dated needs assessments, a care plan of
// actions, a contact log and a partners directory. A record is made in
// the same transaction that approves the registration, whichever way it
// is approved (the referrer's link, an admin accepting one held for
// review), and at each start for approved disciples still without one
// (those approved before the register existed). Its id is the disciple's
// id, so making it twice is harmless.

import (
	"context"
	"fmt"
	"time"

	"spdc/internal/entity"
)

// Care record statuses.
const (
	CareActive = "active"
	CarePaused = "paused"
	CareClosed = "closed"
)

// careExprs read the owner's name from the staff user the record names.
var careExprs = map[string]string{
	entity.CareOwnerNameKey: "COALESCE((SELECT u.full_name FROM users u WHERE u.id = care_records.owner_id), '')",
}

// careSearch is a care record's search text: the elder's names, as the
// care entity's searchable fields give them.
func careSearch(fullName, initiatedName string) string {
	return entity.Care.SearchText(func(key string) any {
		switch key {
		case "fullName":
			return fullName
		case "initiatedName":
			return initiatedName
		}
		return nil
	})
}

// EnsureCareRecord makes the care record of the approved disciple d
// through q (the transaction that approves it), with no owner, active;
// nothing when it has one.
func EnsureCareRecord(ctx context.Context, q Querier, d *Disciple, now time.Time) error {
	now = now.UTC().Truncate(time.Millisecond)
	_, err := q.ExecContext(ctx, `INSERT INTO care_records (id, disciple_id, full_name, initiated_name, status, search,
		created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
		d.ID, d.ID, d.FullName, d.InitiationName, CareActive, careSearch(d.FullName, d.InitiationName), Millis(now), Millis(now))
	if err != nil {
		return fmt.Errorf("store: make care record: %w", err)
	}
	return nil
}

// fillCareRecords gives every approved disciple without a care record
// one, at each start: the disciples approved before the register
// existed. Instances starting together make each record once (the insert
// does nothing for a record another made first).
func (s *Store) fillCareRecords(ctx context.Context) error {
	for {
		rows, err := s.Writer().QueryContext(ctx, `SELECT d.id, d.full_name, d.initiation_name, COALESCE(d.approved_at, d.updated_at)
			FROM disciples d WHERE d.status = 'approved' AND NOT EXISTS (SELECT 1 FROM care_records c WHERE c.id = d.id) LIMIT 500`)
		if err != nil {
			return fmt.Errorf("store: approved disciples without a care record: %w", err)
		}
		var list []Disciple
		var at []int64
		for rows.Next() {
			var d Disciple
			var ms int64
			if err := rows.Scan(&d.ID, &d.FullName, &d.InitiationName, &ms); err != nil {
				rows.Close()
				return err
			}
			list, at = append(list, d), append(at, ms)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if len(list) == 0 {
			return nil
		}
		for i := range list {
			if err := EnsureCareRecord(ctx, s.Writer(), &list[i], FromMillis(at[i])); err != nil {
				return err
			}
		}
	}
}
