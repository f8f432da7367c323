// Package storetest gives tests a real, migrated database: SQLite in a
// temporary directory always, and PostgreSQL in a schema of its own when
// TEST_DATABASE_URL is set, so parallel tests and packages never collide.
package storetest

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
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
// A new SQLite database starts as a copy of a migrated template (see
// sqliteTemplate), so each test pays for a file copy rather than for
// every migration; the store's Migrate then finds them all applied and
// seeds the site's starting content as on any fresh install.
func OpenURL(t testing.TB, rawURL string) *store.Store {
	t.Helper()
	if path, ok := strings.CutPrefix(rawURL, "sqlite://"); ok {
		if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
			if err := copySQLiteTemplate(path); err != nil {
				t.Fatalf("storetest: %v", err)
			}
		}
	}
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

// templateName is the database file's name inside a template directory.
const templateName = "t.db"

var sqliteTemplate struct {
	once sync.Once
	dir  string
	err  error
}

// migratedSQLiteTemplate returns the directory of an SQLite database
// (and its search index file) with every migration applied and nothing
// else in it. Migrating costs seconds under the race detector, and every
// test wants a fresh database, so the schema is built once per test binary
// and copied. The directory is named after the binary and its migrations,
// so no test ever starts from a file that older code opened (the file
// keeps settings made when it was created, such as its page size), and
// templates unused for an hour are removed.
func migratedSQLiteTemplate() (string, error) {
	sqliteTemplate.once.Do(func() {
		ms, err := store.Migrations(store.SQLite)
		if err != nil {
			sqliteTemplate.err = err
			return
		}
		h := sha256.New()
		exe, err := os.Executable()
		if err != nil {
			sqliteTemplate.err = err
			return
		}
		fmt.Fprintf(h, "%s\x00", exe)
		for _, m := range ms {
			fmt.Fprintf(h, "%d\x00%s\x00%s\x00", m.Version, m.Name, m.SQL)
		}
		const prefix = "spdc-test-sqlite-"
		dir := filepath.Join(os.TempDir(), prefix+hex.EncodeToString(h.Sum(nil))[:16])
		sqliteTemplate.dir = dir
		if _, err := os.Stat(filepath.Join(dir, templateName)); err == nil {
			// In use: not removed as unused by another binary's cleanup.
			now := time.Now()
			_ = os.Chtimes(dir, now, now)
			return
		}
		sqliteTemplate.err = buildSQLiteTemplate(dir)
		if old, err := filepath.Glob(filepath.Join(os.TempDir(), prefix+"*")); err == nil {
			for _, o := range old {
				if st, err := os.Stat(o); err == nil && o != dir && time.Since(st.ModTime()) > time.Hour {
					_ = os.RemoveAll(o)
				}
			}
		}
	})
	return sqliteTemplate.dir, sqliteTemplate.err
}

// buildSQLiteTemplate migrates a new database in a directory of its own
// and renames that directory to dir, so another process never sees a
// template half made; when one finished first, its copy is kept.
func buildSQLiteTemplate(dir string) error {
	work, err := os.MkdirTemp(filepath.Dir(dir), filepath.Base(dir)+".tmp-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	ctx := context.Background()
	s, err := store.Open(ctx, "sqlite://"+filepath.Join(work, templateName))
	if err != nil {
		return fmt.Errorf("template: open: %w", err)
	}
	// The schema only: the site's starting content is seeded in each
	// test's own copy, by its own clock.
	if _, err := s.DB.Migrate(ctx); err != nil {
		s.Close()
		return fmt.Errorf("template: migrate: %w", err)
	}
	if err := s.Close(); err != nil {
		return fmt.Errorf("template: close: %w", err)
	}
	if err := os.Rename(work, dir); err != nil {
		if _, serr := os.Stat(filepath.Join(dir, templateName)); serr == nil {
			return nil
		}
		return fmt.Errorf("template: %w", err)
	}
	return nil
}

// copySQLiteTemplate writes the migrated template's files as the database
// at path: the database, its search index file and any journal beside
// them, each renamed after path and private to the test's user.
func copySQLiteTemplate(path string) error {
	dir, err := migratedSQLiteTemplate()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return err
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		suffix, ok := strings.CutPrefix(e.Name(), templateName)
		if !ok {
			continue
		}
		// A migrated database is a few megabytes: read whole, written whole.
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return err
		}
		if err := os.WriteFile(path+suffix, data, 0o600); err != nil {
			return err
		}
	}
	return nil
}
