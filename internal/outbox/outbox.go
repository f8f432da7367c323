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
// after the commit to wake the worker. A message carrying a one-time link
// is stored without its token (see the comment in links.go).
func Enqueue(ctx context.Context, q store.Querier, now time.Time, m mail.Message) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if err := m.CheckStorable(); err != nil {
		return err
	}
	var until any
	if m.Link.Kind != "" {
		if _, ok := linkKinds[m.Link.Kind]; !ok {
			return fmt.Errorf("outbox: unknown link kind %q", m.Link.Kind)
		}
		until = store.Millis(m.Link.Until)
	}
	t := store.Millis(now)
	_, err := q.ExecContext(ctx, `INSERT INTO outbox (id, kind, to_addr, reply_to, subject, text_body, html_body, link_kind, link_ref, link_until,
		status, attempts, next_attempt_at, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?)`,
		store.NewID(now), m.Kind, m.To, m.ReplyTo, m.Subject, m.Text, m.HTML, m.Link.Kind, m.Link.Ref, until, t, t, t)
	if err != nil {
		return fmt.Errorf("outbox: enqueue: %w", err)
	}
	return nil
}
