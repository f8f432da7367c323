package store_test

import (
	"context"
	"testing"
	"time"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// careDisciple sends a registration for name and, when approve is set,
// approves it through the referrer's link.
func careDisciple(t *testing.T, s *store.Store, name, initiated string, approve bool, at time.Time) *store.Disciple {
	t.Helper()
	ctx := context.Background()
	d := &store.Disciple{FullName: name, InitiationName: initiated, TemplePresidentEmail: "tp@example.org", ContactNumber: "+919812345678"}
	if err := s.InTx(ctx, func(tx *store.Tx) error {
		if _, err := store.InsertPendingDisciple(ctx, tx, d, at); err != nil {
			return err
		}
		if approve {
			return store.ApproveDisciple(ctx, tx, d, store.Approval{ReferrerName: "Ref"}, at)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return d
}

func careCount(t *testing.T, s *store.Store, where string, args ...any) int {
	t.Helper()
	var n int
	if err := s.Reader().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM care_records WHERE `+where, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestCareRecordMadeOnApproval: approving a registration makes its care
// record in the same transaction (active, no owner, the elder's names and
// search text); a pending registration has none; an approved disciple
// without one (approved before the register) gets one when the store
// starts, once.
func TestCareRecordMadeOnApproval(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		at := time.Date(2026, 4, 2, 10, 0, 0, 0, time.UTC)
		d := careDisciple(t, s, "Radha Devi", "Rādhārāṇī Dāsī", true, at)
		p := careDisciple(t, s, "Waiting Person", "", false, at)
		if n := careCount(t, s, "id = ? AND disciple_id = ? AND status = 'active' AND owner_id = '' AND full_name = ? AND initiated_name = ? AND search = ?",
			d.ID, d.ID, "Radha Devi", "Rādhārāṇī Dāsī", "radha devi rādhārāṇī dāsī"); n != 1 {
			t.Fatalf("care record of the approved disciple: %d", n)
		}
		if n := careCount(t, s, "disciple_id = ?", p.ID); n != 0 {
			t.Fatalf("a pending registration has a care record: %d", n)
		}

		// An approved disciple from before the register.
		old := careDisciple(t, s, "Old Approved", "", true, at)
		if _, err := s.Writer().ExecContext(ctx, `DELETE FROM care_records WHERE id = ?`, old.ID); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			if _, err := s.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if n := careCount(t, s, "disciple_id = ?", old.ID); n != 1 {
			t.Fatalf("backfilled care records: %d", n)
		}
		if n := careCount(t, s, "1=1"); n != 2 {
			t.Fatalf("care records: %d, want 2", n)
		}
		// Erasing the disciple takes the care record with it.
		if _, err := s.Writer().ExecContext(ctx, `DELETE FROM disciples WHERE id = ?`, d.ID); err != nil {
			t.Fatal(err)
		}
		if n := careCount(t, s, "id = ?", d.ID); n != 0 {
			t.Fatalf("care record outlived its disciple")
		}
	})
}
