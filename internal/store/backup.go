package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Backup writes a consistent copy of a SQLite database to path while the
// server keeps running (VACUUM INTO reads one snapshot). The copy is a
// complete database that a new server can start from.
func (s *Store) Backup(ctx context.Context, path string) error {
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
	if _, err := s.w.ExecContext(ctx, "VACUUM INTO ?", abs); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	return nil
}
