package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"spdc/internal/care"
	"spdc/internal/entity"
)

// StayFullError refuses a stay with a host that would take more elders
// on Day than the host's Capacity, with the host's other stays.
type StayFullError struct {
	Capacity int
	Day      string
}

func (e *StayFullError) Error() string {
	return fmt.Sprintf("store: the host takes %d at a time and is full on %s", e.Capacity, e.Day)
}

// checkStayCapacity refuses a's stay with a *StayFullError when, with the
// host's other stays that are not cancelled, the host would have more
// elders on some night of it than its capacity. It takes the host's lock
// row first, so stays planned at once with one host are checked one after
// the other. An action without a stay, or cancelled, takes no place.
func checkStayCapacity(ctx context.Context, tx *Tx, a *CareAction) error {
	if a.HostID == "" || a.StayFrom == "" || a.StayTo == "" || a.Status == "cancelled" {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO care_host_locks (host_id, stays) VALUES (?, 1)
		ON CONFLICT (host_id) DO UPDATE SET stays = care_host_locks.stays + 1`, a.HostID); err != nil {
		return fmt.Errorf("store: lock host: %w", err)
	}
	var capacity int
	err := tx.QueryRowContext(ctx, `SELECT capacity FROM hosts WHERE id = ?`, a.HostID).Scan(&capacity)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("store: host capacity: %w", err)
	}
	var others []care.Stay
	err = eachRow(ctx, tx, `SELECT stay_from, stay_to FROM care_actions WHERE host_id = ? AND id <> ? AND status <> 'cancelled'
		AND stay_from <> '' AND stay_to <> '' AND stay_from <= ? AND stay_to >= ?`, []any{a.HostID, a.ID, a.StayTo, a.StayFrom},
		func(rows *sql.Rows) error {
			var s care.Stay
			if err := rows.Scan(&s.From, &s.To); err != nil {
				return err
			}
			others = append(others, s)
			return nil
		})
	if err != nil {
		return fmt.Errorf("store: host's stays: %w", err)
	}
	if day := care.StayFull(capacity, care.Stay{From: a.StayFrom, To: a.StayTo}, others); day != "" {
		return &StayFullError{Capacity: capacity, Day: day}
	}
	return nil
}

// SetHostCapacity sets how many elders the host offer hostID takes at
// once and audits the change; ErrNotFound when there is no such offer.
// Stays already planned are kept: the capacity bounds the stays planned
// or changed from now on.
func (s *Store) SetHostCapacity(ctx context.Context, hostID string, capacity int64, actor Actor) error {
	return s.InTx(ctx, func(tx *Tx) error {
		now := s.now().UTC().Truncate(time.Millisecond)
		var before int64
		err := tx.QueryRowContext(ctx, `SELECT capacity FROM hosts WHERE id = ?`, hostID).Scan(&before)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("store: host capacity: %w", err)
		}
		if before == capacity {
			return nil
		}
		if _, err := tx.ExecContext(ctx, `UPDATE hosts SET capacity = ?, version = version + 1, updated_at = ? WHERE id = ?`,
			capacity, Millis(now), hostID); err != nil {
			return fmt.Errorf("store: set host capacity: %w", err)
		}
		return WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: "update", Entity: entity.Hosts.Name, EntityID: hostID,
			Before: map[string]any{entity.HostCapacityKey: before}, After: map[string]any{entity.HostCapacityKey: capacity}}, now)
	})
}
