// Package outbox delivers email durably: Enqueue writes a message row in
// the caller's transaction, and a Worker sends due rows with retries.
package outbox

import (
	"context"
	"fmt"
	"time"

	"spdc/internal/mail"
	"spdc/internal/secret"
	"spdc/internal/store"
)

// Enqueue validates m and writes it to the outbox inside q (normally the
// transaction that saves the change causing the mail), so the change and
// its mail commit or roll back together. Call the server's notify function
// after the commit to wake the worker. A message carrying a one-time link
// is stored without its token (see the comment in links.go).
func Enqueue(ctx context.Context, q store.Querier, now time.Time, m mail.Message) error {
	if len(m.Attachments) > 0 {
		return fmt.Errorf("outbox: a message with attachments is enqueued sealed (EnqueueSealed)")
	}
	_, err := insertMessage(ctx, q, now, m)
	return err
}

// EnqueueSealed is Enqueue for a message with attachments: each file is
// stored sealed with key (a receipt shows a donor's whole ID number) and
// deleted once the message is sent. The worker needs the same key
// (Options.Secret) to send it.
func EnqueueSealed(ctx context.Context, q store.Querier, now time.Time, m mail.Message, key *secret.Key) error {
	if key == nil {
		return fmt.Errorf("outbox: no key to seal the attachments with")
	}
	id, err := insertMessage(ctx, q, now, m)
	if err != nil {
		return err
	}
	for i, a := range m.Attachments {
		body, err := key.Seal(a.Data)
		if err != nil {
			return err
		}
		if _, err := q.ExecContext(ctx, `INSERT INTO outbox_attachments (outbox_id, position, name, content_type, body) VALUES (?, ?, ?, ?, ?)`,
			id, i, a.Name, a.ContentType, body); err != nil {
			return fmt.Errorf("outbox: enqueue attachment: %w", err)
		}
	}
	return nil
}

// insertMessage writes the message's row and returns its id.
func insertMessage(ctx context.Context, q store.Querier, now time.Time, m mail.Message) (string, error) {
	if err := m.Validate(); err != nil {
		return "", err
	}
	if err := m.CheckStorable(); err != nil {
		return "", err
	}
	var until any
	if m.Link.Kind != "" {
		if _, ok := linkKinds[m.Link.Kind]; !ok {
			return "", fmt.Errorf("outbox: unknown link kind %q", m.Link.Kind)
		}
		until = store.Millis(m.Link.Until)
	}
	t := store.Millis(now)
	id := store.NewID(now)
	_, err := q.ExecContext(ctx, `INSERT INTO outbox (id, kind, to_addr, reply_to, subject, text_body, html_body, link_kind, link_ref, link_until,
		about_id, status, attempts, next_attempt_at, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?)`,
		id, m.Kind, m.To, m.ReplyTo, m.Subject, m.Text, m.HTML, m.Link.Kind, m.Link.Ref, until, m.About, t, t, t)
	if err != nil {
		return "", fmt.Errorf("outbox: enqueue: %w", err)
	}
	return id, nil
}
