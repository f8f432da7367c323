package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"
)

// throttleRetention is how long throttle events are kept: longer than any
// limit's window.
const throttleRetention = 24 * time.Hour

// ThrottleRecent returns up to limit event times of bucket at or after
// since, newest first.
func (s *Store) ThrottleRecent(ctx context.Context, bucket string, since time.Time, limit int) ([]time.Time, error) {
	rows, err := s.Reader().QueryContext(ctx,
		`SELECT at FROM throttle_events WHERE bucket = ? AND at >= ? ORDER BY at DESC LIMIT ?`,
		bucket, Millis(since), limit)
	if err != nil {
		return nil, fmt.Errorf("store: throttle recent: %w", err)
	}
	defer rows.Close()
	var out []time.Time
	for rows.Next() {
		var at int64
		if err := rows.Scan(&at); err != nil {
			return nil, fmt.Errorf("store: throttle recent: %w", err)
		}
		out = append(out, FromMillis(at))
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: throttle recent: %w", err)
	}
	return out, nil
}

// ThrottleHit records one event of bucket at time at. Now and then it also
// prunes events older than the retention, so the table stays small without
// a separate job.
func (s *Store) ThrottleHit(ctx context.Context, bucket string, at time.Time) error {
	if _, err := s.Writer().ExecContext(ctx, `INSERT INTO throttle_events (bucket, at) VALUES (?, ?)`, bucket, Millis(at)); err != nil {
		return fmt.Errorf("store: throttle hit: %w", err)
	}
	if rand.IntN(64) == 0 {
		return s.PruneThrottle(ctx, at.Add(-throttleRetention))
	}
	return nil
}

// ThrottleClear deletes every event of bucket.
func (s *Store) ThrottleClear(ctx context.Context, bucket string) error {
	if _, err := s.Writer().ExecContext(ctx, `DELETE FROM throttle_events WHERE bucket = ?`, bucket); err != nil {
		return fmt.Errorf("store: throttle clear: %w", err)
	}
	return nil
}

// PruneThrottle deletes events older than before.
func (s *Store) PruneThrottle(ctx context.Context, before time.Time) error {
	if _, err := s.Writer().ExecContext(ctx, `DELETE FROM throttle_events WHERE at < ?`, Millis(before)); err != nil {
		return fmt.Errorf("store: prune throttle: %w", err)
	}
	return nil
}
