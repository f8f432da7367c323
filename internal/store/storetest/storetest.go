// Package storetest gives tests a real, migrated database: SQLite in a
// temporary directory always, and PostgreSQL in a schema of its own when
// TEST_DATABASE_URL is set, so parallel tests and packages never collide.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"spdc/internal/store"
)

// Backend is one database a test runs on.
type Backend struct {
	Name string // "sqlite" or "postgres"
	// URL opens the same database again (a second server instance, a
	// restart after a crash).
	URL string
}

// Backends lists SQLite, plus PostgreSQL when TEST_DATABASE_URL is set.
// Each call creates fresh, empty databases that are removed after t.
func Backends(t testing.TB) []Backend {
	t.Helper()
	out := []Backend{{Name: "sqlite", URL: "sqlite://" + filepath.Join(t.TempDir(), "spdc.db")}}
	if base := os.Getenv("TEST_DATABASE_URL"); base != "" {
		out = append(out, Backend{Name: "postgres", URL: NewPostgresSchema(t, base)})
	}
	return out
}

// NewPostgresSchema creates a fresh schema in the database at base and
// returns a URL whose connections use it; the schema is dropped after t.
func NewPostgresSchema(t testing.TB, base string) string {
	t.Helper()
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := "t_" + hex.EncodeToString(b[:])
	db, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("storetest: open postgres: %v", err)
	}
	defer db.Close()
	if _, err := db.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatalf("storetest: create schema: %v", err)
	}
	t.Cleanup(func() {
		db, err := sql.Open("pgx", base)
		if err == nil {
			_, _ = db.Exec("DROP SCHEMA " + schema + " CASCADE")
			db.Close()
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("storetest: parse TEST_DATABASE_URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// OpenURL opens and migrates the database at rawURL, closing it after t.
func OpenURL(t testing.TB, rawURL string) *store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), rawURL)
	if err != nil {
		t.Fatalf("storetest: open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	if _, err := s.Migrate(context.Background()); err != nil {
		t.Fatalf("storetest: migrate: %v", err)
	}
	return s
}

// Run runs fn as a subtest on each backend with a fresh migrated store.
func Run(t *testing.T, fn func(t *testing.T, s *store.Store)) {
	t.Helper()
	for _, b := range Backends(t) {
		t.Run(b.Name, func(t *testing.T) {
			fn(t, OpenURL(t, b.URL))
		})
	}
}

// Clock is a test clock that is safe for concurrent use: pass its Now to
// store.SetClock (and to a server's Now). Every reading moves it on by
// the step it was made with, so rows written one after the other never
// share a millisecond and "oldest first" or "newest first" is well defined
// (ids and created_at only have millisecond resolution: rows of one
// millisecond would otherwise sort at random). Advance moves it further.
type Clock struct {
	mu   sync.Mutex
	t    time.Time
	step time.Duration
}

// NewClock returns a clock that reads start first, then start+step, and so
// on; a step of 0 makes a clock that only moves with Advance.
func NewClock(start time.Time, step time.Duration) *Clock {
	return &Clock{t: start.UTC(), step: step}
}

// Now returns the clock's time and moves it on by its step.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.t
	c.t = c.t.Add(c.step)
	return now
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// Explain returns the plan of query as the database shows it, one node a
// line, on a connection the admin lists run on: SQLite's readers (which
// see the search indexes' file), PostgreSQL's pool in a transaction.
// PostgreSQL is told to avoid sorts and table scans wherever an index can
// do the work, so that the plan of an empty test table is the plan of a
// large one.
func Explain(t testing.TB, s *store.Store, query string, args []any) string {
	t.Helper()
	ctx := context.Background()
	var lines []string
	explain := func(q store.Querier, prefix string) error {
		rows, err := q.QueryContext(ctx, prefix+query, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				return err
			}
			lines = append(lines, fmt.Sprint(vals[len(vals)-1]))
		}
		return rows.Err()
	}
	var err error
	if s.Dialect() == store.SQLite {
		err = explain(s.Reader(), "EXPLAIN QUERY PLAN ")
	} else {
		err = s.InTx(ctx, func(tx *store.Tx) error {
			for _, set := range []string{"SET LOCAL enable_seqscan = off", "SET LOCAL enable_sort = off", "SET LOCAL enable_incremental_sort = off"} {
				if _, err := tx.ExecContext(ctx, set); err != nil {
					return err
				}
			}
			return explain(tx, "EXPLAIN ")
		})
	}
	if err != nil {
		t.Fatalf("explain %s: %v", query, err)
	}
	return strings.Join(lines, "\n")
}

// OpenBefore opens the empty database at rawURL (from Backends) with the
// schema it had before migration version: every earlier migration applied
// and recorded, as a site that has not upgraded yet would have it; the
// store's Migrate then applies the rest. The store is closed after t.
func OpenBefore(t testing.TB, rawURL string, version int) *store.Store {
	t.Helper()
	ctx := context.Background()
	s, err := store.Open(ctx, rawURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	ms, err := store.Migrations(s.Dialect())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Writer().ExecContext(ctx, `CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if m.Version >= version {
			break
		}
		err := s.InTx(ctx, func(tx *store.Tx) error {
			if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, 0)`, m.Version, m.Name)
			return err
		})
		if err != nil {
			t.Fatalf("%s: %v", m.Name, err)
		}
	}
	return s
}

// Rerun applies the migration numbered version to st again. Tests that
// store rows directly (bypassing the store's writes) use it to run a
// migration that fills summaries for existing rows, the way it runs on a
// database upgraded with those rows in it.
func Rerun(t testing.TB, st *store.Store, version int) {
	t.Helper()
	ms, err := store.Migrations(st.Dialect())
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if m.Version == version {
			if _, err := st.Writer().ExecContext(context.Background(), m.SQL); err != nil {
				t.Fatalf("storetest: rerun %s: %v", m.Name, err)
			}
			return
		}
	}
	t.Fatalf("storetest: no migration %d", version)
}
