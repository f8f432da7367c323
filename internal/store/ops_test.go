package store_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

func TestOpsAlertsRaiseAndClear(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		t0 := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
		raised, err := s.RaiseOpsAlert(ctx, "disk_full", "93 % used", t0)
		if err != nil || !raised {
			t.Fatalf("first raise: %v %v", raised, err)
		}
		raised, err = s.RaiseOpsAlert(ctx, "disk_full", "95 % used", t0.Add(time.Hour))
		if err != nil || raised {
			t.Fatalf("second raise: %v %v", raised, err)
		}
		list, err := s.OpsAlerts(ctx)
		if err != nil || len(list) != 1 || list[0].Detail != "95 % used" || !list[0].Since.Equal(t0) {
			t.Fatalf("alerts %+v %v", list, err)
		}
		if err := s.ClearOpsAlert(ctx, "disk_full"); err != nil {
			t.Fatal(err)
		}
		if list, err := s.OpsAlerts(ctx); err != nil || len(list) != 0 {
			t.Fatalf("after clear %+v %v", list, err)
		}
	})
}

func TestSearchLagCountsUnindexedRows(t *testing.T) {
	ctx := context.Background()
	s := storetest.OpenURL(t, "sqlite://"+filepath.Join(t.TempDir(), "spdc.db"))
	if err := s.IndexSearch(ctx); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		m := &store.ContactMessage{Name: "Asha", Email: "asha@example.org", Subject: "Hello", Message: "A message", AcceptTerms: true, Ref: "M-TEST-0" + string(rune('1'+i)), Language: "en"}
		if err := store.InsertContactMessage(ctx, s.Writer(), m, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	if lag, err := s.SearchLag(ctx); err != nil || lag != 3 {
		t.Fatalf("lag before indexing = %d, %v; want 3", lag, err)
	}
	if err := s.IndexSearch(ctx); err != nil {
		t.Fatal(err)
	}
	if lag, err := s.SearchLag(ctx); err != nil || lag != 0 {
		t.Fatalf("lag after indexing = %d, %v; want 0", lag, err)
	}
	if st := s.PoolStats(); len(st) != 3 {
		t.Fatalf("pool stats %v", st)
	}
}

func TestVerifyBackupCountsRows(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := storetest.OpenURL(t, "sqlite://"+filepath.Join(dir, "spdc.db"))
	m := &store.ContactMessage{Name: "Asha", Email: "asha@example.org", Subject: "Hello", Message: "A message", AcceptTerms: true, Ref: "M-TEST-01", Language: "en"}
	if err := store.InsertContactMessage(ctx, s.Writer(), m, time.Now()); err != nil {
		t.Fatal(err)
	}
	copyPath := filepath.Join(dir, "copy.db")
	if err := s.Backup(ctx, copyPath); err != nil {
		t.Fatal(err)
	}
	r, err := store.VerifyBackup(ctx, copyPath)
	if err != nil {
		t.Fatal(err)
	}
	if r.Rows("messages") != 1 || r.Rows("users") != 0 || r.Rows("no_such_table") != -1 || r.SchemaVersion < 330 {
		t.Fatalf("report %+v", r)
	}
	if _, err := store.VerifyBackup(ctx, filepath.Join(dir, "spdc.db.key-missing")); err == nil {
		t.Fatal("a missing file verified")
	}
}
