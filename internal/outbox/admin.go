package outbox

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"spdc/internal/store"
)

// Statuses of an outbox row.
const (
	StatusPending = "pending"
	StatusSent    = "sent"
	StatusFailed  = "failed"
)

// Row is one outbox message as the admin mail tab shows it (no bodies).
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

// Filter selects rows for List. Page counts from 1; PageSize 0 means all.
type Filter struct {
	Status   string
	Page     int
	PageSize int
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

// List returns the matching messages, newest first, and how many match in
// total.
func List(ctx context.Context, q store.Querier, f Filter) ([]Row, int, error) {
	where, args := "", []any{}
	if f.Status != "" {
		where, args = " WHERE status = ?", append(args, f.Status)
	}
	var total int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM outbox`+where, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("outbox: count: %w", err)
	}
	query := `SELECT ` + rowColumns + ` FROM outbox` + where + ` ORDER BY created_at DESC, id DESC`
	if f.PageSize > 0 {
		page := max(f.Page, 1)
		query += ` LIMIT ? OFFSET ?`
		args = append(args, f.PageSize, (page-1)*f.PageSize)
	}
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, 0, fmt.Errorf("outbox: list: %w", err)
	}
	defer rows.Close()
	out := []Row{}
	for rows.Next() {
		r, err := scanRow(rows)
		if err != nil {
			return nil, 0, fmt.Errorf("outbox: list: %w", err)
		}
		out = append(out, r)
	}
	return out, total, rows.Err()
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
// 48-hour retry window (its attempt count is kept). It returns the row
// before and after; store.ErrNotFound for an unknown id, ErrNotFailed for
// a message that is not failed.
func Retry(ctx context.Context, q store.Querier, id string, now time.Time) (before, after Row, err error) {
	before, err = Get(ctx, q, id)
	if err != nil {
		return Row{}, Row{}, err
	}
	if before.Status != StatusFailed {
		return before, before, ErrNotFailed
	}
	t := store.Millis(now)
	res, err := q.ExecContext(ctx, `UPDATE outbox SET status = 'pending', next_attempt_at = ?, window_from = ?, lease_until = NULL, updated_at = ? WHERE id = ? AND status = 'failed'`, t, t, t, id)
	if err != nil {
		return Row{}, Row{}, fmt.Errorf("outbox: retry: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return before, before, ErrNotFailed
	}
	after, err = Get(ctx, q, id)
	return before, after, err
}
