package db

import (
	"context"
	"database/sql"
	"fmt"
	"os"
)

// BackupReport is what a check of a database copy found: the schema
// version it was written at and the row count of each of its tables.
type BackupReport struct {
	SchemaVersion int
	Tables        []TableCount
}

// TableCount is the number of rows of one table.
type TableCount struct {
	Table string
	Rows  int64
}

// Rows returns the count of table in r, or -1 when r has no such table.
func (r *BackupReport) Rows(table string) int64 {
	for _, t := range r.Tables {
		if t.Table == table {
			return t.Rows
		}
	}
	return -1
}

// VerifyBackup opens the SQLite copy at path read-only (never changing
// it, nor making files beside it), runs SQLite's integrity check and counts
// the rows of every table. A file that is not a database, is damaged or
// was not made by spdc is an error.
func VerifyBackup(ctx context.Context, path string) (*BackupReport, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("store: verify backup: %w", err)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro&immutable=1")
	if err != nil {
		return nil, fmt.Errorf("store: verify backup: %w", err)
	}
	defer db.Close()
	var problems []string
	rows, err := db.QueryContext(ctx, "PRAGMA integrity_check")
	if err != nil {
		return nil, fmt.Errorf("store: verify backup: not a readable SQLite database: %w", err)
	}
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: verify backup: %w", err)
		}
		if s != "ok" {
			problems = append(problems, s)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: verify backup: not a readable SQLite database: %w", err)
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("store: verify backup: the integrity check failed: %s", problems[0])
	}
	r := &BackupReport{}
	if err := db.QueryRowContext(ctx, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations").Scan(&r.SchemaVersion); err != nil {
		return nil, fmt.Errorf("store: verify backup: not an spdc database (no schema version): %w", err)
	}
	names, err := db.QueryContext(ctx, "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
	if err != nil {
		return nil, fmt.Errorf("store: verify backup: %w", err)
	}
	for names.Next() {
		var t TableCount
		if err := names.Scan(&t.Table); err != nil {
			names.Close()
			return nil, fmt.Errorf("store: verify backup: %w", err)
		}
		r.Tables = append(r.Tables, t)
	}
	names.Close()
	for i := range r.Tables {
		// The names come from the copy's own schema, quoted as identifiers.
		if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM "`+r.Tables[i].Table+`"`).Scan(&r.Tables[i].Rows); err != nil {
			return nil, fmt.Errorf("store: verify backup: count %s: %w", r.Tables[i].Table, err)
		}
	}
	return r, nil
}

// SearchLag is how many saved rows and logged changes the SQLite search
// indexes have not taken in yet (0 on PostgreSQL, whose indexes are kept
// by the database).
func (s *DB) SearchLag(ctx context.Context) (int64, error) {
	if s.dialect != SQLite {
		return 0, nil
	}
	tables, err := s.SearchTables(ctx)
	if err != nil {
		return 0, err
	}
	var total int64
	for _, table := range tables {
		var n int64
		err := s.Reader().QueryRowContext(ctx, "SELECT MAX(0, (SELECT COALESCE(MAX(rowid), 0) FROM main."+table+") - upto) + "+
			"(SELECT COUNT(*) FROM main.search_changes WHERE tbl = ?) FROM search.search_indexed WHERE tbl = ?", table, table).Scan(&n)
		if err != nil {
			return 0, fmt.Errorf("store: search lag of %s: %w", table, err)
		}
		total += n
	}
	return total, nil
}

// PoolStats returns the statistics of the engine's connection pools by
// name: on SQLite "writer", "reader" and "search"; on PostgreSQL "pool".
func (s *DB) PoolStats() map[string]sql.DBStats {
	if s.dialect != SQLite {
		return map[string]sql.DBStats{"pool": s.w.Stats()}
	}
	return map[string]sql.DBStats{"writer": s.w.Stats(), "reader": s.r.Stats(), "search": s.sw.Stats()}
}
