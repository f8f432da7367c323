package db_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
	"time"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// A commit reaches the database file itself soon after, through the
// store's checkpointer, long before the log would fill up: the file is
// read here as an immutable file, which ignores the write-ahead log.
func TestCheckpointerCopiesTheLog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "spdc.db")
	s := storetest.OpenURL(t, "sqlite://"+path)
	ctx := context.Background()
	storetest.SeedVolunteer(t, s.Writer(), "Checkpoint Seed", "seed@example.org", "", 1)
	err := s.InTx(ctx, func(tx *store.Tx) error {
		return store.InsertVolunteer(ctx, tx, &store.Volunteer{FullName: "Durable Elder", Email: "elder@example.org",
			Experience: "e", Motivation: "m", Skills: "s", Consent: true, AreasOfInterest: []string{"Other"}}, time.Now())
	})
	if err != nil {
		t.Fatal(err)
	}
	file, err := sql.Open("sqlite", "file:"+path+"?mode=ro&immutable=1")
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	deadline := time.Now().Add(10 * time.Second)
	for {
		var n int
		err := file.QueryRow("SELECT COUNT(*) FROM volunteers WHERE full_name = 'Durable Elder'").Scan(&n)
		if err == nil && n == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the committed row is not in the database file after 10 s (count %d, err %v)", n, err)
		}
		time.Sleep(20 * time.Millisecond)
		file.SetMaxIdleConns(0) // read the file afresh each time
	}
	// The writer keeps a checkpoint of its own only as a backstop.
	var pages int
	if err := s.Writer().QueryRowContext(ctx, "PRAGMA wal_autocheckpoint").Scan(&pages); err != nil {
		t.Fatal(err)
	}
	if pages < 4096 {
		t.Fatalf("writer's wal_autocheckpoint = %d pages, want the large backstop", pages)
	}
}
