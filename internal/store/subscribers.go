package store

import (
	"context"
	"fmt"
	"time"
)

// AddSubscriber records an address left on the coming-soon page. A repeated
// address changes nothing: created reports whether a new row was written.
// The email must already be normalised (trimmed, lower case) by the caller.
func (s *Store) AddSubscriber(ctx context.Context, email string) (created bool, err error) {
	now := s.now()
	res, err := s.Writer().ExecContext(ctx,
		`INSERT INTO subscribers (id, email, created_at) VALUES (?, ?, ?) ON CONFLICT (email) DO NOTHING`,
		NewID(now), email, Millis(now))
	if err != nil {
		return false, fmt.Errorf("store: add subscriber: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("store: add subscriber: %w", err)
	}
	return n == 1, nil
}

// Subscriber is one address from the coming-soon list.
type Subscriber struct {
	ID        string
	Email     string
	CreatedAt time.Time
}

// Subscribers lists every address, oldest first.
func (s *Store) Subscribers(ctx context.Context) ([]Subscriber, error) {
	rows, err := s.Reader().QueryContext(ctx, `SELECT id, email, created_at FROM subscribers ORDER BY created_at, id`)
	if err != nil {
		return nil, fmt.Errorf("store: list subscribers: %w", err)
	}
	defer rows.Close()
	var out []Subscriber
	for rows.Next() {
		var sub Subscriber
		var created int64
		if err := rows.Scan(&sub.ID, &sub.Email, &created); err != nil {
			return nil, fmt.Errorf("store: list subscribers: %w", err)
		}
		sub.CreatedAt = FromMillis(created)
		out = append(out, sub)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: list subscribers: %w", err)
	}
	return out, nil
}
