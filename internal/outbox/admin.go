package outbox

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"spdc/internal/i18n/msgs"
	"spdc/internal/store"
)

// Statuses of an outbox row.
const (
	StatusPending = "pending"
	StatusSent    = "sent"
	StatusFailed  = "failed"
)

// Row is one outbox message as Retry and the audit log see it (no
// bodies). The mail tab itself lists the outbox through the store's admin
// lists, described by entity.Mail.
type Row struct {
	ID            string     `json:"_id"`
	Kind          string     `json:"kind"`
	To            string     `json:"to"`
	Subject       string     `json:"subject"`
	Status        string     `json:"status"`
	Attempts      int        `json:"attempts"`
	LastError     string     `json:"lastError"`
	NextAttemptAt *time.Time `json:"nextAttemptAt"` // nil unless pending
	CreatedAt     time.Time  `json:"createdAt"`
	SentAt        *time.Time `json:"sentAt"`
}

const rowColumns = `id, kind, to_addr, subject, status, attempts, last_error, next_attempt_at, created_at, sent_at`

func scanRow(sc interface{ Scan(...any) error }) (Row, error) {
	var r Row
	var next, created int64
	var sent *int64
	if err := sc.Scan(&r.ID, &r.Kind, &r.To, &r.Subject, &r.Status, &r.Attempts, &r.LastError, &next, &created, &sent); err != nil {
		return Row{}, err
	}
	r.CreatedAt = store.FromMillis(created)
	r.SentAt = store.FromMillisPtr(sent)
	if r.Status == StatusPending {
		t := store.FromMillis(next)
		r.NextAttemptAt = &t
	}
	return r, nil
}

// Get returns one message.
func Get(ctx context.Context, q store.Querier, id string) (Row, error) {
	r, err := scanRow(q.QueryRowContext(ctx, `SELECT `+rowColumns+` FROM outbox WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Row{}, store.ErrNotFound
	}
	return r, err
}

// ErrNotFailed is returned by Retry for a message that is not failed.
var ErrNotFailed = errors.New("outbox: only a failed message can be retried")

// Retry makes a failed message pending again and due at now, with a fresh
// 48-hour retry window (its attempt count is kept). A message carrying a
// one-time link gets a new deadline from its link kind (a reset a fresh
// hour; a confirmation its registration's current one) and is sent with a
// new token; a *LinkGoneError says why its link can no longer be given. It
// returns the row before and after; store.ErrNotFound for an unknown id,
// ErrNotFailed for a message that is not failed.
func Retry(ctx context.Context, q store.Querier, id string, now time.Time) (before, after Row, err error) {
	before, err = Get(ctx, q, id)
	if err != nil {
		return Row{}, Row{}, err
	}
	if before.Status != StatusFailed {
		return before, before, ErrNotFailed
	}
	var kind, ref string
	var untilMs *int64
	if err := q.QueryRowContext(ctx, `SELECT link_kind, link_ref, link_until FROM outbox WHERE id = ?`, id).Scan(&kind, &ref, &untilMs); err != nil {
		return Row{}, Row{}, fmt.Errorf("outbox: retry: %w", err)
	}
	var until any
	if kind != "" {
		lk, ok := linkKinds[kind]
		if !ok {
			return before, before, &LinkGoneError{Reason: msgs.OutboxOldLinkGone}
		}
		var old time.Time
		if untilMs != nil {
			old = store.FromMillis(*untilMs)
		}
		next, ok, err := lk.renew(ctx, q, ref, old, now)
		if err != nil {
			return Row{}, Row{}, fmt.Errorf("outbox: retry: %w", err)
		}
		if !ok {
			return before, before, &LinkGoneError{Reason: lk.retryGone}
		}
		until = store.Millis(next)
	}
	t := store.Millis(now)
	res, err := q.ExecContext(ctx, `UPDATE outbox SET status = 'pending', next_attempt_at = ?, window_from = ?, lease_until = NULL,
		link_until = COALESCE(?, link_until), link_hash = NULL, updated_at = ? WHERE id = ? AND status = 'failed'`, t, t, until, t, id)
	if err != nil {
		return Row{}, Row{}, fmt.Errorf("outbox: retry: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return before, before, ErrNotFailed
	}
	after, err = Get(ctx, q, id)
	return before, after, err
}
