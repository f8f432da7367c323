package db_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

func TestMigrateIsIdempotent(t *testing.T) {
	for _, b := range storetest.Backends(t) {
		t.Run(b.Name, func(t *testing.T) {
			ctx := context.Background()
			s, err := store.Open(ctx, b.URL)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			all, _ := store.Migrations(s.Dialect())
			n, err := s.Migrate(ctx)
			if err != nil || n != len(all) {
				t.Fatalf("first migrate: applied %d of %d, err %v", n, len(all), err)
			}
			n, err = s.Migrate(ctx)
			if err != nil || n != 0 {
				t.Fatalf("second migrate: applied %d, err %v", n, err)
			}
			var count int
			if err := s.Reader().QueryRowContext(ctx, "SELECT COUNT(*) FROM schema_migrations").Scan(&count); err != nil || count != len(all) {
				t.Fatalf("schema_migrations has %d rows (want %d), err %v", count, len(all), err)
			}
		})
	}
}

// TestMigrationsMatchAcrossDialects: a version both dialects have is the
// same step said twice only where their SQL really differs; a step one
// database does not need (SQLite's search machinery) lives in that
// dialect's folder alone, with no placeholder in the other.
func TestMigrationsMatchAcrossDialects(t *testing.T) {
	a, err := store.Migrations(store.SQLite)
	if err != nil {
		t.Fatal(err)
	}
	b, err := store.Migrations(store.Postgres)
	if err != nil {
		t.Fatal(err)
	}
	pg := map[int]store.Migration{}
	for _, m := range b {
		pg[m.Version] = m
		if strings.Contains(strings.ToUpper(m.SQL), "SELECT 1;") {
			t.Errorf("migration postgres/%s is a placeholder: leave the version to the dialect that needs it", m.Name)
		}
	}
	for _, m := range a {
		if strings.Contains(strings.ToUpper(m.SQL), "SELECT 1;") {
			t.Errorf("migration sqlite/%s is a placeholder: leave the version to the dialect that needs it", m.Name)
		}
		// SQL that is the same on both databases is said once, in
		// migrations/common; the dialects' folders hold only real
		// differences.
		if o, ok := pg[m.Version]; ok && m.SQL == o.SQL && !commonMigration(t, m.Name) {
			t.Errorf("migration %s is the same for both databases: move it to migrations/common", m.Name)
		}
	}
}

func commonMigration(t *testing.T, name string) bool {
	t.Helper()
	_, err := os.Stat(filepath.Join("migrations", "common", name))
	return err == nil
}

func TestTxRollsBackOnError(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		boom := os.ErrInvalid
		err := s.InTx(ctx, func(tx *store.Tx) error {
			if _, err := tx.ExecContext(ctx, "INSERT INTO subscribers (id, email, created_at) VALUES (?, ?, ?)", store.NewID(s.Now()), "a@example.org", 1); err != nil {
				return err
			}
			return boom
		})
		if err != boom {
			t.Fatalf("InTx returned %v", err)
		}
		var n int
		_ = s.Reader().QueryRowContext(ctx, "SELECT COUNT(*) FROM subscribers").Scan(&n)
		if n != 0 {
			t.Fatalf("rolled back insert is visible: %d rows", n)
		}
	})
}

func TestBackupIsAStartableDatabase(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := storetest.OpenURL(t, "sqlite://"+filepath.Join(dir, "spdc.db"))
	if _, err := s.Writer().ExecContext(ctx, "INSERT INTO subscribers (id, email, created_at) VALUES (?, ?, ?)", store.NewID(s.Now()), "kept@example.org", 1); err != nil {
		t.Fatal(err)
	}
	copyPath := filepath.Join(dir, "backup", "spdc.db")
	if err := s.Backup(ctx, copyPath); err != nil {
		t.Fatal(err)
	}
	if err := s.Backup(ctx, copyPath); err == nil {
		t.Fatal("backup over an existing file should fail")
	}
	b := storetest.OpenURL(t, "sqlite://"+copyPath)
	var email string
	if err := b.Reader().QueryRowContext(ctx, "SELECT email FROM subscribers").Scan(&email); err != nil || email != "kept@example.org" {
		t.Fatalf("backup content: %q, %v", email, err)
	}
}

func TestRebind(t *testing.T) {
	got := store.Postgres.Rebind("SELECT a FROM t WHERE b = ? AND c = '?' AND d IN (?, ?)")
	want := "SELECT a FROM t WHERE b = $1 AND c = '?' AND d IN ($2, $3)"
	if got != want {
		t.Fatalf("got %q", got)
	}
	if store.SQLite.Rebind("x = ?") != "x = ?" {
		t.Fatal("sqlite must keep ?")
	}
}

func TestIDs(t *testing.T) {
	s := storetest.OpenURL(t, "sqlite://"+filepath.Join(t.TempDir(), "x.db"))
	id := store.NewID(s.Now())
	if !store.ValidID(id) || store.ValidID("../etc") || store.ValidID(id+"0") {
		t.Fatalf("ValidID wrong for %q", id)
	}
}
