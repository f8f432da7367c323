package db

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The counted limits on SQLite (a form, a contact message, a mail to a
// mailbox: every slot without a Spacing, every event settled at once)
// keep their events in throttle_log, a table only ever appended to in
// the order of its ids, and count them in memory.
//
// In throttle_events each event was an entry of an index on its bucket,
// a hash: every event of a form went to a random page of that index,
// and each such page was one more 4 KB page in the commit's log, after
// a statement that counted the bucket's events through the same index.
// With three limits per form, that was the largest part of what a form
// did in the one transaction SQLite writes at a time. Appended rows share
// their pages, and counting in memory reads nothing.
//
// The store keeps the log's events of the last day in memory
// (throttleMem), with the id of the last row read and the writer's
// data_version then. The first reservation of each write transaction asks
// SQLite's data_version, which changes only when another connection (an
// instance on the same file) committed: then it reads the rows appended
// since. Every reservation then counts in memory and appends its events.
// What a transaction appends is kept apart (thrLayers) and joins the
// store's memory only once it commits: a form rolled back to its
// savepoint, or a batch that fails to commit, leaves nothing behind. Ids
// never go back (AUTOINCREMENT), so a row is never missed. At start the
// memory is empty and the first reservation reads the whole log, which
// holds a day at most (PruneThrottle).
//
// The attempts counted only when they fail (sign-ins, reset and setup
// links: reservations in flight, some with a Spacing) stay in
// throttle_events; a counted limit that shares their bucket
// (ThrottleSlot.Attempts) reads them there as well. PostgreSQL keeps
// every event in throttle_events, with its locks.

// thrEvent is one event of the log: its row id and time (ms).
type thrEvent struct {
	row, at int64
}

// thrSet is events by bucket, and the largest row id read into it.
type thrSet struct {
	seen   int64
	events map[string][]thrEvent
}

func (t *thrSet) add(bucket string, e thrEvent) {
	if t.events == nil {
		t.events = map[string][]thrEvent{}
	}
	t.events[bucket] = append(t.events[bucket], e)
	t.seen = max(t.seen, e.row)
}

// addSet adds every event of o, and returns the newest one's time (ms).
func (t *thrSet) addSet(o *thrSet) (newest int64) {
	for bucket, evs := range o.events {
		for _, e := range evs {
			t.add(bucket, e)
			newest = max(newest, e.at)
		}
	}
	t.seen = max(t.seen, o.seen)
	return newest
}

// throttleMem is the engine's committed events of the log.
type throttleMem struct {
	mu sync.Mutex
	thrSet
	// known: the memory holds every row of the log committed by other
	// connections up to the writer's data_version version.
	known   bool
	version int64
	newest  int64     // the newest event's time (ms)
	pruned  time.Time // when events past the retention were last dropped
}

// merge adds a committed transaction's events, and about once a minute
// drops those a day older than the newest.
func (m *throttleMem) merge(add *thrSet, version int64, now time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.known, m.version = true, version
	m.newest = max(m.newest, m.addSet(add))
	if now.Sub(m.pruned) >= time.Minute {
		m.pruned = now
		m.dropLocked(func(e thrEvent) bool { return e.at < m.newest-throttleRetention.Milliseconds() })
	}
}

// dropBefore drops the events before ms (the log's rows were pruned).
func (m *throttleMem) dropBefore(ms int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.dropLocked(func(e thrEvent) bool { return e.at < ms })
}

func (m *throttleMem) dropLocked(gone func(thrEvent) bool) {
	for bucket, evs := range m.events {
		evs = slices.DeleteFunc(evs, gone)
		if len(evs) == 0 {
			delete(m.events, bucket)
		} else {
			m.events[bucket] = evs
		}
	}
}

// has reports whether bucket has events in memory.
func (m *throttleMem) has(bucket string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.events[bucket]) > 0
}

// dropBucket drops every event of bucket (the bucket was cleared).
func (m *throttleMem) dropBucket(bucket string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.events, bucket)
}

// window returns up to limit times (ms) of bucket at or after since,
// newest first, from the committed events.
func (m *throttleMem) window(bucket string, since int64, limit int) []int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return windowOf(limit, since, bucket, &m.thrSet)
}

// windowOf returns up to limit times (ms) of bucket at or after since in
// sets, newest first.
func windowOf(limit int, since int64, bucket string, sets ...*thrSet) []int64 {
	var out []int64
	for _, s := range sets {
		for _, e := range s.events[bucket] {
			if e.at >= since {
				out = append(out, e.at)
			}
		}
	}
	slices.SortFunc(out, func(a, b int64) int { return int(b - a) })
	if len(out) > limit {
		out = out[:limit]
	}
	return out
}

// thrLayers is what one write transaction read from the log or appended
// to it: tx holds what its kept forms did, form what the form now running
// in a batch does (nil when the transaction runs alone).
type thrLayers struct {
	mem  *throttleMem
	tx   thrSet
	form *thrSet
	// caught: the transaction has caught up with the log, at the
	// database's data_version version.
	caught  bool
	version int64
}

// catchUp reads, once per transaction, the rows other connections
// appended to the log since the engine last read it: SQLite's
// data_version tells whether anyone else committed since, so a single
// instance reads nothing. The rows go to the transaction's own events,
// whatever becomes of the form running now: they are others' committed
// rows.
func (l *thrLayers) catchUp(ctx context.Context, tx *Tx) error {
	if l.caught {
		return nil
	}
	var version int64
	if err := tx.QueryRowContext(ctx, `PRAGMA data_version`).Scan(&version); err != nil {
		return fmt.Errorf("store: throttle log: %w", err)
	}
	l.mem.mu.Lock()
	current, seen := l.mem.known && l.mem.version == version, l.mem.seen
	l.mem.mu.Unlock()
	l.caught, l.version = true, version
	if current {
		return nil
	}
	rows, err := tx.QueryContext(ctx, `SELECT id, bucket, at FROM throttle_log WHERE id > ? ORDER BY id`, max(seen, l.tx.seen))
	if err != nil {
		return fmt.Errorf("store: throttle log: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			e      thrEvent
			bucket string
		)
		if err := rows.Scan(&e.row, &bucket, &e.at); err != nil {
			return fmt.Errorf("store: throttle log: %w", err)
		}
		l.tx.add(bucket, e)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: throttle log: %w", err)
	}
	return nil
}

func (l *thrLayers) top() *thrSet {
	if l.form != nil {
		return l.form
	}
	return &l.tx
}

// formBegin, formEnd: a form of a batch begins, and ends kept or rolled
// back to its savepoint.
func (l *thrLayers) formBegin() { l.form = &thrSet{} }

func (l *thrLayers) formEnd(kept bool) {
	if kept {
		l.tx.addSet(l.form)
	}
	l.form = nil
}

// committed hands the transaction's events to the engine's memory (a
// transaction that reserved nothing in the log has none).
func (l *thrLayers) committed(now time.Time) {
	if l.caught {
		l.mem.merge(&l.tx, l.version, now)
	}
}

// logSlots reports whether slots are kept in the log: on SQLite, settled
// at once, none with a Spacing.
func (s *DB) logSlots(pending *int64, slots []ThrottleSlot) bool {
	return s.dialect == SQLite && pending == nil &&
		!slices.ContainsFunc(slots, func(sl ThrottleSlot) bool { return sl.Spacing != nil })
}

// reserveInLog is reserveIfRoom for slots kept in the log.
func (s *DB) reserveInLog(ctx context.Context, tx *Tx, at time.Time, slots []ThrottleSlot) ([]ThrottleMark, [][]ThrottleEvent, error) {
	l := tx.thr
	top := l.top()
	if err := l.catchUp(ctx, tx); err != nil {
		return nil, nil, err
	}
	// The slots whose limit is also reserved by attempts counted when
	// they fail (ThrottleSlot.Attempts) count those still in flight, in
	// throttle_events.
	window := make([][]ThrottleEvent, len(slots))
	for i, sl := range slots {
		if !sl.Attempts {
			continue
		}
		var err error
		if window[i], err = throttleWindow(ctx, tx, sl.Bucket, sl.Since, sl.Max); err != nil {
			return nil, nil, err
		}
	}
	full := false
	sets := []*thrSet{&l.tx, &l.mem.thrSet}
	if l.form != nil {
		sets = append(sets, l.form)
	}
	l.mem.mu.Lock()
	for i, sl := range slots {
		logged := windowOf(sl.Max, Millis(sl.Since), sl.Bucket, sets...)
		window[i] = mergeWindow(window[i], logged, sl.Max)
		full = full || len(window[i]) >= sl.Max
	}
	l.mem.mu.Unlock()
	if full {
		return nil, window, nil
	}
	// One event per bucket, in one statement: the ids are consecutive.
	groups := bucketGroups(slots)
	args := make([]any, 0, 2*len(groups))
	var q strings.Builder
	q.WriteString(`INSERT INTO throttle_log (bucket, at) VALUES `)
	for i, g := range groups {
		if i > 0 {
			q.WriteString(", ")
		}
		q.WriteString("(?, ?)")
		args = append(args, slots[g[0]].Bucket, Millis(at))
	}
	res, err := tx.ExecContext(ctx, q.String(), args...)
	if err != nil {
		return nil, nil, fmt.Errorf("store: throttle reserve: %w", err)
	}
	last, err := res.LastInsertId()
	if err != nil {
		return nil, nil, fmt.Errorf("store: throttle reserve: %w", err)
	}
	// Now and then the reservation also deletes those of the log's first
	// 500 rows that are past the retention (the log is in time order, so
	// it reads those 500 rows at most): forms reserve inside their own
	// transaction, where PruneThrottle cannot run, and a site that gets
	// only forms would otherwise keep every event.
	if rand.IntN(64) == 0 {
		if _, err := pruneLogStart(ctx, tx, at.Add(-throttleRetention), 500); err != nil {
			return nil, nil, err
		}
	}
	marks := make([]ThrottleMark, len(slots))
	for i, g := range groups {
		// Every row before these was read above, in this transaction.
		row := last - int64(len(groups)-1-i)
		bucket := slots[g[0]].Bucket
		top.add(bucket, thrEvent{row: row, at: Millis(at)})
		for _, j := range g {
			marks[j] = ThrottleMark{Bucket: bucket, ID: fmt.Sprintf("log:%d", row)}
		}
	}
	return marks, nil, nil
}

// mergeWindow merges the log's times (ms, newest first) into events
// (newest first), keeping the newest limit.
func mergeWindow(events []ThrottleEvent, logged []int64, limit int) []ThrottleEvent {
	for _, ms := range logged {
		events = append(events, ThrottleEvent{At: FromMillis(ms)})
	}
	slices.SortStableFunc(events, func(a, b ThrottleEvent) int { return b.At.Compare(a.At) })
	if len(events) > limit {
		events = events[:limit]
	}
	return events
}

// logWindow merges into events (newest first, at most limit) the log's
// committed events of bucket at or after since, on SQLite.
func (s *DB) logWindow(events []ThrottleEvent, bucket string, since time.Time, limit int) []ThrottleEvent {
	if s.dialect != SQLite {
		return events
	}
	return mergeWindow(events, s.thrMem.window(bucket, Millis(since), limit), limit)
}

// pruneLog deletes the log's rows before before from its start, 5,000
// rows at a time (the log is in time order: the cost follows the rows
// deleted, and a log with none to delete reads 5,000 rows at most).
func (s *DB) pruneLog(ctx context.Context, before time.Time) error {
	if s.dialect != SQLite {
		return nil
	}
	for {
		n, err := pruneLogStart(ctx, s.Writer(), before, 5000)
		if err != nil {
			return err
		}
		if n < 5000 {
			s.thrMem.dropBefore(Millis(before))
			return nil
		}
	}
}

// pruneLogStart deletes those of the log's first n rows that are before
// before, and says how many went.
func pruneLogStart(ctx context.Context, q Querier, before time.Time, n int) (int64, error) {
	res, err := q.ExecContext(ctx, `DELETE FROM throttle_log WHERE id IN (SELECT id FROM (SELECT id, at FROM throttle_log ORDER BY id LIMIT `+strconv.Itoa(n)+`) WHERE at < ?)`, Millis(before))
	if err != nil {
		return 0, fmt.Errorf("store: prune throttle log: %w", err)
	}
	gone, _ := res.RowsAffected()
	return gone, nil
}

// clearLog deletes every event of the buckets from the log, on SQLite,
// for those the engine's memory holds (a bucket that was cleared:
// ThrottleRelease). The log has no index on buckets: a bucket the memory
// does not hold is not looked for.
func (s *DB) clearLog(ctx context.Context, tx *Tx, buckets []string) ([]string, error) {
	if s.dialect != SQLite {
		return nil, nil
	}
	var cleared []string
	for _, b := range buckets {
		if !s.thrMem.has(b) {
			continue
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM throttle_log WHERE bucket = ?`, b); err != nil {
			return nil, err
		}
		cleared = append(cleared, b)
	}
	return cleared, nil
}
