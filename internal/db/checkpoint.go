package db

import (
	"database/sql"
	"fmt"
	"sync"
	"time"
)

// Checkpoints on SQLite. In WAL mode a commit appends the pages it changed
// to the write-ahead log, and a checkpoint copies them back into the
// database file and waits for the disk. Left to itself, SQLite checkpoints
// inside the commit that takes the log past 1,000 pages, on the writer's
// own connection: one form in a few hundred waited for the copy and its
// disk flush, and every form queued behind it waited too. The store now
// runs its own checkpointer on a connection of its own. After commits
// (at most every checkpointEvery) it copies what the log holds while the
// writer goes on: a passive checkpoint never blocks the writer or a
// reader. Durability does not change, since a commit is durable once it
// is in the log. The writer still checkpoints by itself past walBackstop
// pages of log, should the checkpointer fall behind (a reader holding an
// old snapshot for a long time keeps it from finishing).

const (
	checkpointEvery = 100 * time.Millisecond
	walBackstop     = 8192 // pages of log, 32 MB at SQLite's 4 KB pages
)

// checkpointer copies the write-ahead log into the database file after
// commits, off the writer's connection.
type checkpointer struct {
	db *sql.DB
	// mu is held by every checkpoint the engine runs, so that the full
	// checkpoint after an erasure is never refused because this one holds
	// SQLite's checkpoint lock at that moment.
	mu      *sync.Mutex
	wake    chan struct{}
	stop    chan struct{}
	done    chan struct{}
	stopped sync.Once
}

func newCheckpointer(path string, mu *sync.Mutex) (*checkpointer, error) {
	db, err := sql.Open("sqlite", sqliteDSN(path, true))
	if err != nil {
		return nil, fmt.Errorf("store: open sqlite checkpointer: %w", err)
	}
	db.SetMaxOpenConns(1)
	db.SetConnMaxIdleTime(0)
	c := &checkpointer{db: db, mu: mu, wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	go c.run()
	return c, nil
}

// poke asks for a checkpoint soon; it never waits.
func (c *checkpointer) poke() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

func (c *checkpointer) run() {
	defer close(c.done)
	for {
		select {
		case <-c.stop:
			return
		case <-c.wake:
		}
		// A checkpoint that fails (the database busy with a full
		// checkpoint, a disk error) is left to the next commit's, or to
		// the writer's own past walBackstop.
		c.mu.Lock()
		_, _ = c.db.Exec("PRAGMA wal_checkpoint(PASSIVE)")
		c.mu.Unlock()
		select {
		case <-c.stop:
			return
		case <-time.After(checkpointEvery):
		}
	}
}

// close stops the checkpointer and closes its connection; closing again
// does nothing.
func (c *checkpointer) close() error {
	var err error
	c.stopped.Do(func() {
		close(c.stop)
		<-c.done
		err = c.db.Close()
	})
	return err
}
