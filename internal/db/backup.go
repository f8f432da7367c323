package db

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Backup writes a consistent copy of a SQLite database to path while the
// server keeps running (VACUUM INTO reads one snapshot). The copy is a
// complete database that a new server can start from, readable by its
// owner only (0600); that server builds the search indexes again from the
// copy's rows.
func (s *DB) Backup(ctx context.Context, path string) error {
	if s.dialect != SQLite {
		return errors.New("store: backup works on SQLite only; use pg_dump for PostgreSQL")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	if _, err := os.Stat(abs); err == nil {
		return fmt.Errorf("store: backup: %s already exists", abs)
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o750); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	// The copy is created empty first, 0600 and only if it does not exist
	// yet, so that it is private to its owner whatever the umask, and a
	// file appearing in the meantime is never overwritten. VACUUM INTO
	// accepts an empty file as its target.
	f, err := os.OpenFile(abs, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		os.Remove(abs)
		return fmt.Errorf("store: backup: %w", err)
	}
	if err := f.Close(); err != nil {
		os.Remove(abs)
		return fmt.Errorf("store: backup: %w", err)
	}
	if _, err := s.w.ExecContext(ctx, "VACUUM INTO ?", abs); err != nil {
		os.Remove(abs)
		return fmt.Errorf("store: backup: %w", err)
	}
	// The copy holds the database without its search indexes, which are
	// rebuilt from its rows: it gets a generation of its own, so that a
	// server started from it does not take the index file it finds beside
	// it (built for this database, maybe later) for its own.
	if err := newGeneration(ctx, abs); err != nil {
		os.Remove(abs)
		return fmt.Errorf("store: backup: %w", err)
	}
	return nil
}
