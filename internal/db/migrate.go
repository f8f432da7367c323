package db

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"text/template"
)

//go:embed migrations
var migrationFS embed.FS

// Migration is one forward-only schema step.
type Migration struct {
	Version int
	Name    string
	SQL     string
}

// Migrations lists the embedded migrations of a dialect in order: the
// steps whose SQL is the same on both databases, said once in
// migrations/common, and the dialect's own in migrations/<dialect>. A
// version may live in only one of the two places. A step that does the
// same to several tables (SQLite's search indexes and their triggers) is a
// NNNN_name.sql.tmpl file: a text/template whose `tables` function lists
// the tables it applies to, so the block is written once. A block that
// several steps share (a search column's trigram index, its change
// triggers) is a named template in a name.tmpl file of the same
// directory, which every step there may call; the rendered steps are checked against the SQL
// databases already ran, so a change to a shared block that would alter
// an old step is caught by the tests.
func Migrations(d Dialect) ([]Migration, error) {
	var out []Migration
	seen := map[int]string{}
	for _, dir := range []string{"migrations/common", "migrations/" + d.String()} {
		entries, err := fs.ReadDir(migrationFS, dir)
		if err != nil {
			return nil, fmt.Errorf("store: read migrations: %w", err)
		}
		shared, err := sharedBlocks(dir, entries)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			name := e.Name()
			if !strings.HasSuffix(name, ".sql") && !strings.HasSuffix(name, ".sql.tmpl") {
				continue
			}
			num, _, ok := strings.Cut(name, "_")
			v, err := strconv.Atoi(num)
			if !ok || err != nil {
				return nil, fmt.Errorf("store: migration %s: name must be NNNN_name.sql", name)
			}
			if prev, dup := seen[v]; dup {
				return nil, fmt.Errorf("store: migrations %s and %s share version %d", prev, dir+"/"+name, v)
			}
			seen[v] = dir + "/" + name
			body, err := fs.ReadFile(migrationFS, dir+"/"+name)
			if err != nil {
				return nil, err
			}
			sql := string(body)
			if strings.HasSuffix(name, ".tmpl") {
				if sql, err = renderMigration(name, sql, shared); err != nil {
					return nil, err
				}
			}
			out = append(out, Migration{Version: v, Name: name, SQL: sql})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	return out, nil
}

// sharedBlocks reads the texts of the shared blocks of a migrations
// directory: its files named name.tmpl (not NNNN_name.sql.tmpl), each
// defining named templates.
func sharedBlocks(dir string, entries []fs.DirEntry) (map[string]string, error) {
	out := map[string]string{}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".tmpl") || strings.HasSuffix(name, ".sql.tmpl") {
			continue
		}
		body, err := fs.ReadFile(migrationFS, dir+"/"+name)
		if err != nil {
			return nil, err
		}
		out[name] = string(body)
	}
	return out, nil
}

// renderMigration runs a migration template, with the named blocks of
// shared (file name to text) at its disposal. Its one function, tables,
// returns its arguments: each template names the tables it was written
// for, so a table added to the search later never changes an old step.
func renderMigration(name, text string, shared map[string]string) (string, error) {
	t, err := template.New(name).Option("missingkey=error").
		Funcs(template.FuncMap{"tables": func(names ...string) []string { return names }}).Parse(text)
	if err != nil {
		return "", fmt.Errorf("store: migration %s: %w", name, err)
	}
	for file, body := range shared {
		if _, err := t.New(file).Parse(body); err != nil {
			return "", fmt.Errorf("store: migration block %s: %w", file, err)
		}
	}
	var b strings.Builder
	if err := t.Execute(&b, nil); err != nil {
		return "", fmt.Errorf("store: migration %s: %w", name, err)
	}
	return b.String(), nil
}

// Migrate applies every migration not yet recorded in schema_migrations,
// each in its own transaction, makes the search index file ready, and
// returns how many it applied.
func (s *DB) Migrate(ctx context.Context) (int, error) {
	ms, err := Migrations(s.dialect)
	if err != nil {
		return 0, err
	}
	if _, err := s.w.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY,
		name TEXT NOT NULL,
		applied_at BIGINT NOT NULL)`); err != nil {
		return 0, fmt.Errorf("store: create schema_migrations: %w", err)
	}
	applied := 0
	for _, m := range ms {
		err := s.InTx(ctx, func(tx *Tx) error {
			// On PostgreSQL several instances may start at once; the lock
			// makes the second wait and then see the migration as done.
			if s.dialect == Postgres {
				if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(72530001)"); err != nil {
					return err
				}
			}
			var n int
			if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM schema_migrations WHERE version = ?", m.Version).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				return nil
			}
			if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
				return fmt.Errorf("apply: %w", err)
			}
			if _, err := tx.ExecContext(ctx, "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)", m.Version, m.Name, Millis(s.now())); err != nil {
				return err
			}
			applied++
			return nil
		})
		if err != nil {
			return applied, fmt.Errorf("store: migration %s: %w", m.Name, err)
		}
	}
	return applied, s.prepareSearch(ctx)
}

// PendingMigrations reports the newest migration version a database has
// (0 for a fresh one, which has no schema yet) and how many embedded
// migrations it lacks.
func (s *DB) PendingMigrations(ctx context.Context) (current, pending int, err error) {
	ms, err := Migrations(s.dialect)
	if err != nil {
		return 0, 0, err
	}
	var exists int
	q := `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`
	if s.dialect == Postgres {
		q = `SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'schema_migrations'`
	}
	if err := s.w.QueryRowContext(ctx, q).Scan(&exists); err != nil {
		return 0, 0, fmt.Errorf("store: pending migrations: %w", err)
	}
	if exists == 0 {
		return 0, len(ms), nil
	}
	applied := map[int]bool{}
	rows, err := s.w.QueryContext(ctx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return 0, 0, fmt.Errorf("store: pending migrations: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			return 0, 0, err
		}
		applied[v] = true
		current = max(current, v)
	}
	if err := rows.Err(); err != nil {
		return 0, 0, err
	}
	for _, m := range ms {
		if !applied[m.Version] {
			pending++
		}
	}
	return current, pending, nil
}
