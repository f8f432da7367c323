package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Group commit on SQLite. SQLite writes one transaction at a time and
// each commit waits for the disk (synchronous=FULL), so when many forms
// arrive at once most of their time went into waiting their turn and
// committing. The write transactions that are waiting are now run one
// after the other inside one database transaction, each in its own
// savepoint, and committed together: one disk wait for the lot. Each
// caller still gets its own answer, only after the commit that made its
// writes durable; one that fails is rolled back to its savepoint and
// changes nothing, without touching the others. A caller alone is run at
// once, as before.

// maxBatch is the most write transactions committed together.
const maxBatch = 64

// stmtCache keeps the writer's statements prepared. Parsing a statement
// costs SQLite more than running a small insert, and the writer runs the
// same few dozen statements for every form. A statement can only be
// prepared while the single writer connection is free, so a query seen
// twice is prepared between two batches, and used by the transactions
// after that; queries that change with their arguments' number stop at
// maxStmts.
type stmtCache struct {
	mu    sync.Mutex
	stmts map[string]*sql.Stmt
	seen  map[string]int
}

const maxStmts = 512

func newStmtCache() *stmtCache {
	return &stmtCache{stmts: map[string]*sql.Stmt{}, seen: map[string]int{}}
}

// get returns q's prepared statement, or nil after noting that q was
// asked for.
func (c *stmtCache) get(q string) *sql.Stmt {
	c.mu.Lock()
	defer c.mu.Unlock()
	if st, ok := c.stmts[q]; ok {
		return st
	}
	if len(c.stmts) < maxStmts && len(c.seen) < 4*maxStmts {
		c.seen[q]++
	}
	return nil
}

// prepareSeen prepares on w the queries asked for twice or more; the
// batcher calls it while no transaction holds the writer connection.
func (c *stmtCache) prepareSeen(ctx context.Context, w *sql.DB) {
	c.mu.Lock()
	var todo []string
	for q, n := range c.seen {
		if n >= 2 && len(c.stmts)+len(todo) < maxStmts {
			todo = append(todo, q)
		}
	}
	c.mu.Unlock()
	for _, q := range todo {
		st, err := w.PrepareContext(ctx, q)
		c.mu.Lock()
		delete(c.seen, q)
		if err == nil {
			c.stmts[q] = st
		}
		c.mu.Unlock()
	}
}

// close closes the prepared statements.
func (c *stmtCache) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, st := range c.stmts {
		st.Close()
	}
	c.stmts = map[string]*sql.Stmt{}
}

// txBatcher runs InTx's functions in batches on the single writer
// connection.
type txBatcher struct {
	w *sql.DB
	d Dialect
	// committed is called after each commit that kept something.
	committed func()
	stmts     *stmtCache
	// thrMem: the engine's events of the throttle log, which a commit
	// adds to (see throttle_log.go).
	thrMem *throttleMem
	queue  chan *txReq
	stop   chan struct{}
	done   chan struct{}
	// mu: do holds it shared while it queues, close exclusively while it
	// marks the batcher closed, so nothing is queued after the batcher
	// stopped reading its queue.
	mu     sync.RWMutex
	closed bool
}

// txReq is one InTx call waiting for its batch.
type txReq struct {
	ctx    context.Context
	fn     func(*Tx) error
	result chan txResult
}

type txResult struct {
	err      error
	panicked bool
	panicVal any
}

// errClosed answers a write asked of a store being closed.
var errClosed = errors.New("store: closed")

func newTxBatcher(w *sql.DB, d Dialect, committed func(), thrMem *throttleMem) *txBatcher {
	b := &txBatcher{w: w, d: d, committed: committed, thrMem: thrMem, stmts: newStmtCache(), queue: make(chan *txReq, 4*maxBatch), stop: make(chan struct{}), done: make(chan struct{})}
	go b.run()
	return b
}

// do runs fn in the next batch and returns what InTx returns.
func (b *txBatcher) do(ctx context.Context, fn func(*Tx) error) error {
	req := &txReq{ctx: ctx, fn: fn, result: make(chan txResult, 1)}
	b.mu.RLock()
	if b.closed {
		b.mu.RUnlock()
		return errClosed
	}
	select {
	case b.queue <- req:
	case <-ctx.Done():
		b.mu.RUnlock()
		return ctx.Err()
	}
	b.mu.RUnlock()
	r := <-req.result
	if r.panicked {
		// The function's panic belongs to its caller's goroutine.
		panic(r.panicVal)
	}
	return r.err
}

// close stops taking writes and waits for the batches under way.
func (b *txBatcher) close() {
	b.mu.Lock()
	if !b.closed {
		b.closed = true
		close(b.stop)
	}
	b.mu.Unlock()
	<-b.done
}

func (b *txBatcher) run() {
	defer close(b.done)
	defer b.stmts.close()
	for {
		var first *txReq
		select {
		case first = <-b.queue:
		case <-b.stop:
			b.refuseQueued()
			return
		}
		b.stmts.prepareSeen(context.Background(), b.w)
		batch := []*txReq{first}
	fill:
		for len(batch) < maxBatch {
			select {
			case r := <-b.queue:
				batch = append(batch, r)
			default:
				break fill
			}
		}
		b.commit(batch)
	}
}

// refuseQueued answers the writes still queued when the engine closes.
func (b *txBatcher) refuseQueued() {
	for {
		select {
		case r := <-b.queue:
			r.result <- txResult{err: errClosed}
		default:
			return
		}
	}
}

// commit runs a batch in one transaction and answers each caller.
func (b *txBatcher) commit(batch []*txReq) {
	if len(batch) == 1 {
		r := batch[0]
		res := guard(func() error { return runTx(r.ctx, b.w, b.d, b.stmts, b.thrMem, r.fn) })
		if res.err == nil && !res.panicked {
			b.committed()
		}
		r.result <- res
		return
	}
	sqlTx, err := b.w.BeginTx(context.Background(), nil)
	if err != nil {
		answer(batch, fmt.Errorf("store: begin: %w", err))
		return
	}
	tx := &Tx{conn: conn{b.d, sqlTx}, tx: sqlTx, stmts: b.stmts, thr: &thrLayers{mem: b.thrMem}}
	// The savepoint statements go through the statement cache like the
	// forms' own: parsed once, not twice per form.
	bg := context.Background()
	var held []*txReq
	for _, r := range batch {
		if err := r.ctx.Err(); err != nil {
			r.result <- txResult{err: err}
			continue
		}
		if _, err := tx.ExecContext(bg, "SAVEPOINT item"); err != nil {
			r.result <- txResult{err: fmt.Errorf("store: begin: %w", err)}
			continue
		}
		tx.thr.formBegin()
		res := guard(func() error { return r.fn(tx) })
		kept := res.err == nil && !res.panicked
		tx.thr.formEnd(kept)
		if !kept {
			_, rerr := tx.ExecContext(bg, "ROLLBACK TO item")
			_, lerr := tx.ExecContext(bg, "RELEASE item")
			if err := errors.Join(rerr, lerr); err != nil {
				// The transaction can no longer be trusted: nothing of
				// the batch is kept.
				_ = sqlTx.Rollback()
				r.result <- res
				answer(held, fmt.Errorf("store: rollback: %w", err))
				return
			}
			r.result <- res
			continue
		}
		if _, err := tx.ExecContext(bg, "RELEASE item"); err != nil {
			_ = sqlTx.Rollback()
			answer(append(held, r), fmt.Errorf("store: commit: %w", err))
			return
		}
		held = append(held, r)
	}
	err = sqlTx.Commit()
	if err != nil {
		err = fmt.Errorf("store: commit: %w", err)
	} else if len(held) > 0 {
		tx.thr.committed(time.Now())
		b.committed()
	}
	answer(held, err)
}

// answer gives each of reqs the same result.
func answer(reqs []*txReq, err error) {
	for _, r := range reqs {
		r.result <- txResult{err: err}
	}
}

// guard runs fn and turns a panic into a result, so that it can be raised
// again in the caller's goroutine rather than end the batcher's.
func guard(fn func() error) (res txResult) {
	defer func() {
		if v := recover(); v != nil {
			res = txResult{panicked: true, panicVal: v}
		}
	}()
	return txResult{err: fn()}
}

// runTx runs fn alone in a write transaction on w.
func runTx(ctx context.Context, w *sql.DB, d Dialect, stmts *stmtCache, thrMem *throttleMem, fn func(*Tx) error) error {
	sqlTx, err := w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	tx := &Tx{conn: conn{d, sqlTx}, tx: sqlTx, stmts: stmts, thr: &thrLayers{mem: thrMem}}
	done := false
	defer func() {
		if !done {
			_ = sqlTx.Rollback()
		}
	}()
	if err := fn(tx); err != nil {
		return err
	}
	done = true
	if err := sqlTx.Commit(); err != nil {
		return fmt.Errorf("store: commit: %w", err)
	}
	tx.thr.committed(time.Now())
	return nil
}
