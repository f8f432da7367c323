//go:build unix

package db_test

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// withOpenUmask runs the test with umask 0, the worst case: every file the
// process creates with a loose mode keeps it.
func withOpenUmask(t *testing.T) {
	old := syscall.Umask(0)
	t.Cleanup(func() { syscall.Umask(old) })
}

func wantMode(t *testing.T, path string, want os.FileMode) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode().Perm(); got != want {
		t.Errorf("%s has mode %#o, want %#o", filepath.Base(path), got, want)
	}
}

// TestDatabaseFilesArePrivate: the SQLite file, its -wal and -shm, and a
// backup are 0600 even with umask 0 in a directory everyone may write.
func TestDatabaseFilesArePrivate(t *testing.T) {
	withOpenUmask(t)
	ctx := context.Background()
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "spdc.db")
	s := storetest.OpenURL(t, "sqlite://"+path)
	if _, err := s.Writer().ExecContext(ctx, "INSERT INTO subscribers (id, email, created_at) VALUES (?, ?, ?)", store.NewID(s.Now()), "kept@example.org", 1); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		wantMode(t, p, 0o600)
	}

	backupDir := filepath.Join(dir, "backups")
	if err := os.Mkdir(backupDir, 0o777); err != nil {
		t.Fatal(err)
	}
	copyPath := filepath.Join(backupDir, "copy.db")
	if err := s.Backup(ctx, copyPath); err != nil {
		t.Fatal(err)
	}
	wantMode(t, copyPath, 0o600)
}

// TestLooseDatabaseFileIsNarrowed: a database file left readable by
// everyone (by an older version, or copied in by hand) is made 0600 when
// the store opens it.
func TestLooseDatabaseFileIsNarrowed(t *testing.T) {
	withOpenUmask(t)
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "spdc.db")
	s := storetest.OpenURL(t, "sqlite://"+path)
	if _, err := s.Writer().ExecContext(ctx, "INSERT INTO subscribers (id, email, created_at) VALUES (?, ?, ?)", store.NewID(s.Now()), "kept@example.org", 1); err != nil {
		t.Fatal(err)
	}
	s.Close()
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		if err := os.Chmod(p, 0o644); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
	again := storetest.OpenURL(t, "sqlite://"+path)
	if err := again.Ping(ctx); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		if _, err := os.Stat(p); err == nil {
			wantMode(t, p, 0o600)
		}
	}
}
