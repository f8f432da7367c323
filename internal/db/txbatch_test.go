package db_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// TestGroupCommit: many write transactions at once on SQLite (committed
// together) each get their own answer: those that succeed are all kept,
// one that fails or panics changes nothing and does not take the others
// down, a panic reaches its own caller, and each sees the writes of those
// before it as if they had run one by one.
func TestGroupCommit(t *testing.T) {
	ctx := context.Background()
	s := storetest.OpenURL(t, "sqlite://"+filepath.Join(t.TempDir(), "a.db"))
	if _, err := s.Writer().ExecContext(ctx, "CREATE TABLE gc (k TEXT PRIMARY KEY, v INTEGER NOT NULL)"); err != nil {
		t.Fatal(err)
	}
	errWanted := errors.New("refused on purpose")
	const n = 300
	results := make([]error, n)
	panics := make([]any, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { panics[i] = recover() }()
			results[i] = s.InTx(ctx, func(tx *store.Tx) error {
				if _, err := tx.ExecContext(ctx, "INSERT INTO gc (k, v) VALUES (?, ?)", fmt.Sprintf("k%d", i), i); err != nil {
					return err
				}
				// Everyone also bumps one shared row: each must see the
				// others' bumps that came before it.
				if _, err := tx.ExecContext(ctx, "INSERT INTO gc (k, v) VALUES ('shared', 1) ON CONFLICT (k) DO UPDATE SET v = v + 1"); err != nil {
					return err
				}
				switch i % 10 {
				case 3:
					return errWanted
				case 7:
					panic(fmt.Sprintf("panic %d", i))
				}
				return nil
			})
		}()
	}
	wg.Wait()
	kept := 0
	for i := 0; i < n; i++ {
		var v int
		err := s.Reader().QueryRowContext(ctx, "SELECT v FROM gc WHERE k = ?", fmt.Sprintf("k%d", i)).Scan(&v)
		switch i % 10 {
		case 3:
			if !errors.Is(results[i], errWanted) || err == nil {
				t.Errorf("%d: failed transaction answered %v, its row read %v", i, results[i], err)
			}
		case 7:
			if panics[i] != fmt.Sprintf("panic %d", i) || err == nil {
				t.Errorf("%d: panicking transaction raised %v, its row read %v", i, panics[i], err)
			}
		default:
			if results[i] != nil || panics[i] != nil || err != nil || v != i {
				t.Errorf("%d: answered %v (panic %v), its row %d, %v", i, results[i], panics[i], v, err)
			}
			kept++
		}
	}
	var shared int
	if err := s.Reader().QueryRowContext(ctx, "SELECT v FROM gc WHERE k = 'shared'").Scan(&shared); err != nil || shared != kept {
		t.Errorf("shared row %d, %v: want one bump per kept transaction (%d)", shared, err, kept)
	}
	// A store closed refuses further writes.
	s.Close()
	if err := s.InTx(ctx, func(*store.Tx) error { return nil }); err == nil {
		t.Error("a write after Close was accepted")
	}
}
