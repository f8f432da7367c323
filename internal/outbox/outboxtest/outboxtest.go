// Package outboxtest delivers a test's outbox through the real outbox
// worker and keeps what it sent, so tests read one-time links from the
// mail that went out (the stored messages never hold them).
package outboxtest

import (
	"context"
	"sync"
	"testing"
	"time"

	"spdc/internal/mail"
	"spdc/internal/outbox"
	"spdc/internal/secret"
	"spdc/internal/store"
)

// Mailbox is the far end of a test's outbox.
type Mailbox struct {
	t  testing.TB
	w  *outbox.Worker
	mu sync.Mutex
	// Sent is every message delivered so far, in order, as the sender got it.
	sent []mail.Message
}

// New returns a mailbox delivering st's outbox with the clock now (the
// clock the server under test uses, so links are judged at its time).
func New(t testing.TB, st *store.Store, now func() time.Time) *Mailbox {
	return NewSealed(t, st, now, nil)
}

// NewSealed is New for a server with a data key: the worker opens sealed
// attachments (receipts) with key.
func NewSealed(t testing.TB, st *store.Store, now func() time.Time, key *secret.Key) *Mailbox {
	m := &Mailbox{t: t}
	m.w = outbox.NewWorker(st, mail.SenderFunc(func(_ context.Context, msg mail.Message) error {
		m.mu.Lock()
		m.sent = append(m.sent, msg)
		m.mu.Unlock()
		return nil
	}), outbox.Options{Now: now, Batch: 50, Jitter: func() float64 { return 1 }, Secret: key})
	return m
}

// Deliver sends every message that is due.
func (m *Mailbox) Deliver() {
	m.t.Helper()
	for {
		n, err := m.w.ProcessOnce(context.Background())
		if err != nil {
			m.t.Fatalf("outboxtest: deliver: %v", err)
		}
		if n == 0 {
			return
		}
	}
}

// To delivers what is due and returns every message sent to addr so far.
func (m *Mailbox) To(addr string) []mail.Message {
	m.t.Helper()
	m.Deliver()
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []mail.Message
	for _, msg := range m.sent {
		if msg.To == addr {
			out = append(out, msg)
		}
	}
	return out
}
