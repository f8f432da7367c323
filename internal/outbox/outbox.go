// Package outbox delivers email durably: Enqueue writes a message row in
// the caller's transaction, and a Worker sends due rows with retries.
package outbox

import (
	"context"
	"fmt"
	"time"

	"spdc/internal/mail"
	"spdc/internal/store"
)

// Enqueue validates m and writes it to the outbox inside q (normally the
// transaction that saves the change causing the mail), so the change and
// its mail commit or roll back together. Call the server's notify function
// after the commit to wake the worker.
func Enqueue(ctx context.Context, q store.Querier, now time.Time, m mail.Message) error {
	if err := m.Validate(); err != nil {
		return err
	}
	t := store.Millis(now)
	_, err := q.ExecContext(ctx, `INSERT INTO outbox (id, kind, to_addr, reply_to, subject, text_body, html_body, status, attempts, next_attempt_at, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?)`,
		store.NewID(now), m.Kind, m.To, m.ReplyTo, m.Subject, m.Text, m.HTML, t, t, t)
	if err != nil {
		return fmt.Errorf("outbox: enqueue: %w", err)
	}
	return nil
}
