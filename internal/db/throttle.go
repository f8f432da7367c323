package db

import (
	"context"
	"database/sql"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"
)

// throttleRetention is how long throttle events are kept: longer than any
// limit's window.
const throttleRetention = 24 * time.Hour

// throttleLockClass is the first key of the PostgreSQL advisory locks that
// serialise reservations of one bucket (the two-key lock space, apart from
// the one-key lock of Migrate).
const throttleLockClass = 72530002

// ThrottleSlot asks for room for one more event in Bucket: there is room
// while Bucket has fewer than Max events (settled or in flight) at or after
// Since.
type ThrottleSlot struct {
	Bucket string
	Since  time.Time
	Max    int
	// Spacing, when set, also keeps events apart: with n events in the
	// window, the next one waits Spacing(n) after the newest (a delay that
	// grows with the count instead of a hard stop).
	Spacing func(n int) time.Duration
	// Attempts: the bucket is also reserved by attempts counted only when
	// they fail (reservations in flight, in throttle_events), so an event
	// settled at once counts those too.
	Attempts bool
}

// full reports whether the slot has no room at time at, given its window
// (newest first).
func (sl ThrottleSlot) full(at time.Time, window []ThrottleEvent) bool {
	if len(window) >= sl.Max {
		return true
	}
	return sl.Spacing != nil && len(window) > 0 && at.Sub(window[0].At) < sl.Spacing(len(window))
}

// ThrottleEvent is one event of a bucket's window.
type ThrottleEvent struct {
	At time.Time
	// PendingUntil is set while the event is a reservation in flight: the
	// attempt it stands for has not settled it or taken it back yet. Once
	// past, the reservation counts as settled (its attempt never came back).
	PendingUntil *time.Time
}

// Settled reports whether e counts as a settled event at time now.
func (e ThrottleEvent) Settled(now time.Time) bool {
	return e.PendingUntil == nil || !e.PendingUntil.After(now)
}

// ThrottleMark names one recorded event, so that it can be settled or taken
// back.
type ThrottleMark struct {
	Bucket string
	ID     string
}

// ThrottleReserve checks and records in one step, in its own transaction:
// when every slot has room it records one event at time at in each and
// returns their marks (in the order of slots) and a nil window; when any
// slot is full it records nothing, returns nil marks, and window holds,
// for each slot, its newest events since Since (at most Max, newest
// first), from which the caller tells how long to wait. The events are
// settled when pendingUntil is zero, else reservations in flight until
// pendingUntil.
//
// Concurrent reservations of one bucket are serialised, also between
// processes: on SQLite by the database's single write lock (the
// transaction begins IMMEDIATE), on PostgreSQL by a transaction-scoped
// advisory lock per bucket. So however many requests arrive at once, a
// bucket never holds more than Max events of one window.
func (s *DB) ThrottleReserve(ctx context.Context, at, pendingUntil time.Time, slots []ThrottleSlot) (marks []ThrottleMark, window [][]ThrottleEvent, err error) {
	err = s.InTx(ctx, func(tx *Tx) error {
		var err error
		marks, window, err = s.ThrottleReserveTx(ctx, tx, at, pendingUntil, slots)
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	if marks != nil && rand.IntN(64) == 0 {
		return marks, window, s.PruneThrottle(ctx, at.Add(-throttleRetention))
	}
	return marks, window, nil
}

// ThrottleReserveTx is ThrottleReserve inside the caller's transaction, so
// that the reservation commits (or rolls back) together with other writes.
// The bucket locks are held until tx ends.
func (s *DB) ThrottleReserveTx(ctx context.Context, tx *Tx, at, pendingUntil time.Time, slots []ThrottleSlot) (marks []ThrottleMark, window [][]ThrottleEvent, err error) {
	if s.dialect == Postgres {
		// Lock in one global order (by key), so two reservations that
		// share buckets never wait for each other in a cycle.
		keys := make([]int32, 0, len(slots))
		for _, sl := range slots {
			h := fnv.New32a()
			h.Write([]byte(sl.Bucket))
			keys = append(keys, int32(h.Sum32()))
		}
		slices.Sort(keys)
		for _, k := range slices.Compact(keys) {
			if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(?, ?)`, int32(throttleLockClass), k); err != nil {
				return nil, nil, fmt.Errorf("store: throttle lock: %w", err)
			}
		}
	}
	var pending *int64
	if !pendingUntil.IsZero() {
		v := Millis(pendingUntil)
		pending = &v
	}
	if s.logSlots(pending, slots) {
		return s.reserveInLog(ctx, tx, at, slots)
	}
	if !slices.ContainsFunc(slots, func(sl ThrottleSlot) bool { return sl.Spacing != nil }) {
		marks, err := reserveIfRoom(ctx, tx, at, pending, slots)
		if err != nil || marks != nil {
			return marks, nil, err
		}
		window, err := throttleWindows(ctx, tx, slots)
		return nil, window, err
	}
	if window, err = throttleWindows(ctx, tx, slots); err != nil {
		return nil, nil, err
	}
	for i, sl := range slots {
		if sl.full(at, window[i]) {
			return nil, window, nil
		}
	}
	marks = make([]ThrottleMark, len(slots))
	for _, g := range bucketGroups(slots) {
		id := NewID(at)
		for _, j := range g {
			marks[j] = ThrottleMark{Bucket: slots[j].Bucket, ID: id}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO throttle_events (bucket, at, id, pending_until) VALUES (?, ?, ?, ?)`,
			slots[g[0]].Bucket, Millis(at), id, pending); err != nil {
			return nil, nil, fmt.Errorf("store: throttle reserve: %w", err)
		}
	}
	return marks, nil, nil
}

// bucketGroups groups the slots by bucket, in the order each bucket first
// appears, as indexes into slots. Slots that share a bucket (an hourly
// and a daily limit on the same key) count the same events, so one event
// is recorded for the group: the daily limit's events are the hourly
// limit's, kept for a day.
func bucketGroups(slots []ThrottleSlot) [][]int {
	var groups [][]int
	at := map[string]int{}
	for i, sl := range slots {
		g, ok := at[sl.Bucket]
		if !ok {
			g = len(groups)
			at[sl.Bucket] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], i)
	}
	return groups
}

// reserveIfRoom records one event at time at in every slot's bucket (one
// for slots that share a bucket), each kept only while its slots have
// fewer than their Max events since their Since, in a single
// statement: the forms' limits are checked on every submission, inside
// the one transaction SQLite writes at a time, where a statement costs
// less than the read and the insert it replaces (the source rows of an
// INSERT ... SELECT are read before any is written, so each slot is
// counted as it was before the reservation). When every slot had room it
// returns the marks; when any had none it takes back the events that were
// recorded and returns nil marks. Slots with a Spacing need their window's
// newest event and are reserved the long way (ThrottleReserveTx).
func reserveIfRoom(ctx context.Context, tx *Tx, at time.Time, pending *int64, slots []ThrottleSlot) ([]ThrottleMark, error) {
	if len(slots) == 0 {
		return []ThrottleMark{}, nil
	}
	var q strings.Builder
	q.WriteString(`INSERT INTO throttle_events (bucket, at, id, pending_until) `)
	groups := bucketGroups(slots)
	args := make([]any, 0, 6*len(slots))
	marks := make([]ThrottleMark, len(slots))
	ids := make([]string, len(groups))
	for i, g := range groups {
		if i > 0 {
			q.WriteString(` UNION ALL `)
		}
		bucket := slots[g[0]].Bucket
		ids[i] = NewID(at)
		q.WriteString(`SELECT CAST(? AS TEXT), CAST(? AS BIGINT), CAST(? AS TEXT), CAST(? AS BIGINT) WHERE `)
		args = append(args, bucket, Millis(at), ids[i], pending)
		for k, j := range g {
			if k > 0 {
				q.WriteString(` AND `)
			}
			// The limit is written into the statement (see throttleWindow).
			limit := strconv.Itoa(slots[j].Max)
			q.WriteString(`(SELECT COUNT(*) FROM (SELECT 1 FROM throttle_events WHERE bucket = ? AND at >= ? LIMIT ` + limit + `) w) < ` + limit)
			args = append(args, bucket, Millis(slots[j].Since))
			marks[j] = ThrottleMark{Bucket: bucket, ID: ids[i]}
		}
	}
	res, err := tx.ExecContext(ctx, q.String(), args...)
	if err != nil {
		return nil, fmt.Errorf("store: throttle reserve: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return nil, fmt.Errorf("store: throttle reserve: %w", err)
	}
	if int(n) == len(groups) {
		return marks, nil
	}
	for i, g := range groups {
		if _, err := tx.ExecContext(ctx, `DELETE FROM throttle_events WHERE bucket = ? AND id = ?`, slots[g[0]].Bucket, ids[i]); err != nil {
			return nil, fmt.Errorf("store: throttle reserve: %w", err)
		}
	}
	return nil, nil
}

// ThrottleWindows reads the window of each slot (see ThrottleWindow),
// without locking anything.
func (s *DB) ThrottleWindows(ctx context.Context, slots []ThrottleSlot) ([][]ThrottleEvent, error) {
	window, err := throttleWindows(ctx, s.Reader(), slots)
	if err != nil {
		return nil, err
	}
	for i, sl := range slots {
		window[i] = s.logWindow(window[i], sl.Bucket, sl.Since, sl.Max)
	}
	return window, nil
}

// throttleWindows reads the window of each slot.
func throttleWindows(ctx context.Context, q Querier, slots []ThrottleSlot) ([][]ThrottleEvent, error) {
	window := make([][]ThrottleEvent, len(slots))
	for i, sl := range slots {
		var err error
		if window[i], err = throttleWindow(ctx, q, sl.Bucket, sl.Since, sl.Max); err != nil {
			return nil, err
		}
	}
	return window, nil
}

// ThrottleWindow returns up to limit events of bucket at or after since,
// newest first, without locking anything. On SQLite a counted limit's
// events come from the engine's memory of the log: another instance's
// newest may be missing until this store's next reservation reads them.
func (s *DB) ThrottleWindow(ctx context.Context, bucket string, since time.Time, limit int) ([]ThrottleEvent, error) {
	events, err := throttleWindow(ctx, s.Reader(), bucket, since, limit)
	if err != nil {
		return nil, err
	}
	return s.logWindow(events, bucket, since, limit), nil
}

func throttleWindow(ctx context.Context, q Querier, bucket string, since time.Time, limit int) ([]ThrottleEvent, error) {
	// The limit is written into the statement, not bound: SQLite plans an
	// ORDER BY ... LIMIT with the bound value, so a prepared statement bound
	// with another limit than last time is parsed and planned again. Each
	// limit's Max thus keeps its own prepared statement.
	rows, err := q.QueryContext(ctx,
		`SELECT at, pending_until FROM throttle_events WHERE bucket = ? AND at >= ? ORDER BY at DESC LIMIT `+strconv.Itoa(limit),
		bucket, Millis(since))
	if err != nil {
		return nil, fmt.Errorf("store: throttle window: %w", err)
	}
	defer rows.Close()
	var out []ThrottleEvent
	for rows.Next() {
		var (
			at      int64
			pending sql.NullInt64
		)
		if err := rows.Scan(&at, &pending); err != nil {
			return nil, fmt.Errorf("store: throttle window: %w", err)
		}
		e := ThrottleEvent{At: FromMillis(at)}
		if pending.Valid {
			e.PendingUntil = FromMillisPtr(&pending.Int64)
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: throttle window: %w", err)
	}
	return out, nil
}

// ThrottleSettle turns the reservations marks name into settled events (the
// attempts counted). A mark already gone is no error.
func (s *DB) ThrottleSettle(ctx context.Context, marks []ThrottleMark) error {
	err := s.InTx(ctx, func(tx *Tx) error {
		for _, m := range marks {
			if _, err := tx.ExecContext(ctx, `UPDATE throttle_events SET pending_until = NULL WHERE bucket = ? AND id = ?`, m.Bucket, m.ID); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: throttle settle: %w", err)
	}
	return nil
}

// ThrottleRelease deletes the events marks name (reserved for attempts
// that did not count) and every event of the clear buckets, in one
// transaction. A mark already gone is no error.
func (s *DB) ThrottleRelease(ctx context.Context, marks []ThrottleMark, clear ...string) error {
	var cleared []string
	err := s.InTx(ctx, func(tx *Tx) error {
		for _, m := range marks {
			if slices.Contains(clear, m.Bucket) {
				continue
			}
			if _, err := tx.ExecContext(ctx, `DELETE FROM throttle_events WHERE bucket = ? AND id = ?`, m.Bucket, m.ID); err != nil {
				return err
			}
		}
		for _, b := range clear {
			if _, err := tx.ExecContext(ctx, `DELETE FROM throttle_events WHERE bucket = ?`, b); err != nil {
				return err
			}
		}
		var err error
		cleared, err = s.clearLog(ctx, tx, clear)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: throttle release: %w", err)
	}
	for _, b := range cleared {
		s.thrMem.dropBucket(b)
	}
	return nil
}

// PruneThrottle deletes events older than before.
func (s *DB) PruneThrottle(ctx context.Context, before time.Time) error {
	if _, err := s.Writer().ExecContext(ctx, `DELETE FROM throttle_events WHERE at < ?`, Millis(before)); err != nil {
		return fmt.Errorf("store: prune throttle: %w", err)
	}
	return s.pruneLog(ctx, before)
}
