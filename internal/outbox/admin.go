package outbox

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
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

// Columns describe the admin mail list in the admin lists' terms: JSON
// key, plain-word label (the CSV header), the SQL expression it is read and
// sorted by. They never include a body: reset and confirmation links live
// in the bodies.
var Columns = []store.AdminField{
	{Key: "kind", Label: "Kind", Expr: "kind", Kind: store.KindText, Sortable: true},
	{Key: "to", Label: "To", Expr: "to_addr", Kind: store.KindText, Sortable: true},
	{Key: "subject", Label: "Subject", Expr: "subject", Kind: store.KindText, Sortable: true},
	{Key: "status", Label: "Status", Expr: "status", Kind: store.KindText, Sortable: true},
	{Key: "attempts", Label: "Attempts", Expr: "attempts", Kind: store.KindInt, Sortable: true},
	{Key: "lastError", Label: "Last error", Expr: "last_error", Kind: store.KindText, Sortable: true},
	{Key: "nextAttemptAt", Label: "Next attempt", Expr: "CASE WHEN status = 'pending' THEN next_attempt_at END", Kind: store.KindTimePtr, Sortable: true},
	{Key: "createdAt", Label: "Created", Expr: "created_at", Kind: store.KindTime, Sortable: true},
	{Key: "sentAt", Label: "Sent", Expr: "sent_at", Kind: store.KindTimePtr, Sortable: true},
	{Key: "_id", Label: "ID", Expr: "id", Kind: store.KindText, Sortable: true},
}

// searchColumns are what a search looks in: recipient, subject, status
// and the last error.
var searchColumns = []string{"to_addr", "subject", "status", "last_error"}

// Filter selects rows for List and Each. Page counts from 1; Page 0 (or
// PageSize 0) means all.
type Filter struct {
	Status   string // "", pending, sent or failed
	Search   string // literal, case-insensitive substring of to, subject, status or last error
	Sort     string // a key of Columns, "-" in front for descending; "" = newest first
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

// escapeLike makes s match literally inside LIKE ... ESCAPE '\'.
var escapeLike = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace

// where builds the WHERE clause of f ("" when f selects everything).
func (f Filter) where() (string, []any) {
	var conds []string
	var args []any
	if f.Status != "" {
		conds, args = append(conds, "status = ?"), append(args, f.Status)
	}
	if term := strings.ToLower(strings.TrimSpace(f.Search)); term != "" {
		like := "%" + escapeLike(term) + "%"
		ors := make([]string, len(searchColumns))
		for i, c := range searchColumns {
			ors[i] = "lower(" + c + `) LIKE ? ESCAPE '\'`
			args = append(args, like)
		}
		conds = append(conds, "("+strings.Join(ors, " OR ")+")")
	}
	if len(conds) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}

// orderBy is the ORDER BY of f: newest first by default, and ties broken
// by id in the same direction so pages never overlap.
func (f Filter) orderBy() (string, error) {
	if f.Sort == "" {
		return "created_at DESC, id DESC", nil
	}
	key, dir := f.Sort, "ASC"
	if strings.HasPrefix(key, "-") {
		key, dir = key[1:], "DESC"
	}
	for _, c := range Columns {
		if c.Key == key && c.Sortable {
			return c.Expr + " " + dir + ", id " + dir, nil
		}
	}
	return "", store.ErrBadSort
}

// Count returns how many messages f selects (its paging ignored).
func Count(ctx context.Context, q store.Querier, f Filter) (int, error) {
	where, args := f.where()
	var total int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM outbox`+where, args...).Scan(&total); err != nil {
		return 0, fmt.Errorf("outbox: count: %w", err)
	}
	return total, nil
}

// Each calls fn for every message f selects, in order, one row at a time,
// so memory does not grow with the outbox.
func Each(ctx context.Context, q store.Querier, f Filter, fn func(Row) error) error {
	order, err := f.orderBy()
	if err != nil {
		return err
	}
	where, args := f.where()
	query := `SELECT ` + rowColumns + ` FROM outbox` + where + ` ORDER BY ` + order
	if f.Page > 0 && f.PageSize > 0 {
		query += ` LIMIT ? OFFSET ?`
		args = append(args, f.PageSize, (f.Page-1)*f.PageSize)
	}
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("outbox: list: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		r, err := scanRow(rows)
		if err != nil {
			return fmt.Errorf("outbox: list: %w", err)
		}
		if err := fn(r); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("outbox: list: %w", err)
	}
	return nil
}

// List returns the messages f selects and how many match in total.
func List(ctx context.Context, q store.Querier, f Filter) ([]Row, int, error) {
	total, err := Count(ctx, q, f)
	if err != nil {
		return nil, 0, err
	}
	if f.Page == 0 && f.PageSize > 0 {
		f.Page = 1
	}
	out := []Row{}
	err = Each(ctx, q, f, func(r Row) error {
		out = append(out, r)
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	return out, total, nil
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
			return before, before, &LinkGoneError{Reason: "This message was written by an older version that kept its one-time link in the database; " +
				"its body was removed, so it cannot be sent again. The person can ask for a new reset link, or use Resend on the Disciples tab."}
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
