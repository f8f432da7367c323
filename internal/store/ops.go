package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// OutboxHealth is the state of the outbox a monitor watches.
type OutboxHealth struct {
	// Waiting is the number of messages not sent yet.
	Waiting int64
	// OldestWaiting is when the oldest of them was queued (zero: none).
	OldestWaiting time.Time
	// Failed is the number of messages given up on.
	Failed int64
	// FailingSince is when the oldest message still waiting after a
	// failed attempt was queued (zero: none is failing).
	FailingSince time.Time
}

// OutboxHealth reads the outbox's waiting and failed messages through
// its index on status.
func (s *Store) OutboxHealth(ctx context.Context) (OutboxHealth, error) {
	var h OutboxHealth
	var oldest, failing sql.NullInt64
	err := s.Reader().QueryRowContext(ctx, `SELECT
		(SELECT COUNT(*) FROM outbox WHERE status = 'pending'),
		(SELECT MIN(created_at) FROM outbox WHERE status = 'pending'),
		(SELECT COUNT(*) FROM outbox WHERE status = 'failed'),
		(SELECT MIN(created_at) FROM outbox WHERE status = 'pending' AND attempts > 0 AND last_error <> '')`).
		Scan(&h.Waiting, &oldest, &h.Failed, &failing)
	if err != nil {
		return h, fmt.Errorf("store: outbox health: %w", err)
	}
	if oldest.Valid {
		h.OldestWaiting = FromMillis(oldest.Int64)
	}
	if failing.Valid {
		h.FailingSince = FromMillis(failing.Int64)
	}
	return h, nil
}

// OpsAlert is a condition an admin must hear about, while it lasts.
type OpsAlert struct {
	Kind   string    `json:"kind"`
	Detail string    `json:"detail"`
	Since  time.Time `json:"since"`
}

// RaiseOpsAlert records that the condition kind holds at now, with what
// was found; a condition already recorded keeps its start and takes the
// new detail. raised reports a condition that was not recorded before.
func (s *Store) RaiseOpsAlert(ctx context.Context, kind, detail string, now time.Time) (raised bool, err error) {
	err = s.InTx(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, "UPDATE ops_alerts SET detail = ?, updated_at = ? WHERE kind = ?", detail, Millis(now), kind)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n > 0 {
			return nil
		}
		raised = true
		_, err = tx.ExecContext(ctx, "INSERT INTO ops_alerts (kind, detail, since, updated_at) VALUES (?, ?, ?, ?)", kind, detail, Millis(now), Millis(now))
		return err
	})
	if err != nil {
		return false, fmt.Errorf("store: raise alert %s: %w", kind, err)
	}
	return raised, nil
}

// ClearOpsAlert forgets the condition kind: it no longer holds.
func (s *Store) ClearOpsAlert(ctx context.Context, kind string) error {
	if _, err := s.Writer().ExecContext(ctx, "DELETE FROM ops_alerts WHERE kind = ?", kind); err != nil {
		return fmt.Errorf("store: clear alert %s: %w", kind, err)
	}
	return nil
}

// OpsAlerts lists the conditions that hold, oldest first.
func (s *Store) OpsAlerts(ctx context.Context) ([]OpsAlert, error) {
	rows, err := s.Reader().QueryContext(ctx, "SELECT kind, detail, since FROM ops_alerts ORDER BY since, kind")
	if err != nil {
		return nil, fmt.Errorf("store: alerts: %w", err)
	}
	defer rows.Close()
	out := []OpsAlert{}
	for rows.Next() {
		var a OpsAlert
		var since int64
		if err := rows.Scan(&a.Kind, &a.Detail, &since); err != nil {
			return nil, fmt.Errorf("store: alerts: %w", err)
		}
		a.Since = FromMillis(since)
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, errors.Join(errors.New("store: alerts"), err)
	}
	return out, nil
}
