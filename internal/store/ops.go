package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"time"
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

// OutboxHealth is the state of the outbox a monitor watches.
type OutboxHealth struct {
	// Waiting is the number of messages not sent yet.
	Waiting int64
	// OldestWaiting is when the oldest of them was queued (zero: none).
	OldestWaiting time.Time
	// Failed is the number of messages given up on.
	Failed int64
	// FailingSince is when the oldest message still waiting after a
	// failed attempt was queued (zero: none is failing).
	FailingSince time.Time
}

// OutboxHealth reads the outbox's waiting and failed messages through
// its index on status.
func (s *Store) OutboxHealth(ctx context.Context) (OutboxHealth, error) {
	var h OutboxHealth
	var oldest, failing sql.NullInt64
	err := s.Reader().QueryRowContext(ctx, `SELECT
		(SELECT COUNT(*) FROM outbox WHERE status = 'pending'),
		(SELECT MIN(created_at) FROM outbox WHERE status = 'pending'),
		(SELECT COUNT(*) FROM outbox WHERE status = 'failed'),
		(SELECT MIN(created_at) FROM outbox WHERE status = 'pending' AND attempts > 0 AND last_error <> '')`).
		Scan(&h.Waiting, &oldest, &h.Failed, &failing)
	if err != nil {
		return h, fmt.Errorf("store: outbox health: %w", err)
	}
	if oldest.Valid {
		h.OldestWaiting = FromMillis(oldest.Int64)
	}
	if failing.Valid {
		h.FailingSince = FromMillis(failing.Int64)
	}
	return h, nil
}

// SearchLag is how many saved rows and logged changes the SQLite search
// indexes have not taken in yet (0 on PostgreSQL, whose indexes are kept
// by the database).
func (s *Store) SearchLag(ctx context.Context) (int64, error) {
	if s.dialect != SQLite {
		return 0, nil
	}
	var total int64
	for _, table := range searchTables {
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

// PoolStats returns the statistics of the store's connection pools by
// name: on SQLite "writer", "reader" and "search"; on PostgreSQL "pool".
func (s *Store) PoolStats() map[string]sql.DBStats {
	if s.dialect != SQLite {
		return map[string]sql.DBStats{"pool": s.w.Stats()}
	}
	return map[string]sql.DBStats{"writer": s.w.Stats(), "reader": s.r.Stats(), "search": s.sw.Stats()}
}

// OpsAlert is a condition an admin must hear about, while it lasts.
type OpsAlert struct {
	Kind   string    `json:"kind"`
	Detail string    `json:"detail"`
	Since  time.Time `json:"since"`
}

// RaiseOpsAlert records that the condition kind holds at now, with what
// was found; a condition already recorded keeps its start and takes the
// new detail. raised reports a condition that was not recorded before.
func (s *Store) RaiseOpsAlert(ctx context.Context, kind, detail string, now time.Time) (raised bool, err error) {
	err = s.InTx(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, "UPDATE ops_alerts SET detail = ?, updated_at = ? WHERE kind = ?", detail, Millis(now), kind)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n > 0 {
			return nil
		}
		raised = true
		_, err = tx.ExecContext(ctx, "INSERT INTO ops_alerts (kind, detail, since, updated_at) VALUES (?, ?, ?, ?)", kind, detail, Millis(now), Millis(now))
		return err
	})
	if err != nil {
		return false, fmt.Errorf("store: raise alert %s: %w", kind, err)
	}
	return raised, nil
}

// ClearOpsAlert forgets the condition kind: it no longer holds.
func (s *Store) ClearOpsAlert(ctx context.Context, kind string) error {
	if _, err := s.Writer().ExecContext(ctx, "DELETE FROM ops_alerts WHERE kind = ?", kind); err != nil {
		return fmt.Errorf("store: clear alert %s: %w", kind, err)
	}
	return nil
}

// OpsAlerts lists the conditions that hold, oldest first.
func (s *Store) OpsAlerts(ctx context.Context) ([]OpsAlert, error) {
	rows, err := s.Reader().QueryContext(ctx, "SELECT kind, detail, since FROM ops_alerts ORDER BY since, kind")
	if err != nil {
		return nil, fmt.Errorf("store: alerts: %w", err)
	}
	defer rows.Close()
	out := []OpsAlert{}
	for rows.Next() {
		var a OpsAlert
		var since int64
		if err := rows.Scan(&a.Kind, &a.Detail, &since); err != nil {
			return nil, fmt.Errorf("store: alerts: %w", err)
		}
		a.Since = FromMillis(since)
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, errors.Join(errors.New("store: alerts"), err)
	}
	return out, nil
}
