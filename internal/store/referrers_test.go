package store_test

import (
	"errors"
	"testing"
	"time"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// TestReferrerDirectoryAndReview runs the directory and the review step
// against the database: one entry per email, and each step of a held
// confirmation acts only on the state and version it expects.
func TestReferrerDirectoryAndReview(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		now := time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)
		actor := store.Actor{ID: "a1", Email: "admin@example.org"}
		add := func(r *store.Referrer) error {
			return s.InTx(ctx, func(tx *store.Tx) error { return store.AddReferrer(ctx, tx, r, actor, now) })
		}
		if err := add(&store.Referrer{Name: "Zeta", Temple: "Zurich", Email: "zeta@temple.example"}); err != nil {
			t.Fatal(err)
		}
		first := &store.Referrer{Name: "Alpha", Position: "Temple President", Temple: "Alachua", Email: "alpha@temple.example", Phone: "+919876540000"}
		if err := add(first); err != nil {
			t.Fatal(err)
		}
		if err := add(&store.Referrer{Name: "Copy", Email: "alpha@temple.example"}); !errors.Is(err, store.ErrDuplicate) {
			t.Fatalf("duplicate email: %v", err)
		}
		list, err := store.Referrers(ctx, s.Reader())
		if err != nil || len(list) != 2 || list[0].Temple != "Alachua" || list[0].Phone != "+919876540000" {
			t.Fatalf("directory: %v %+v", err, list)
		}
		got, err := store.ReferrerByID(ctx, s.Reader(), first.ID)
		if err != nil || got.Email != "alpha@temple.example" || !got.CreatedAt.Equal(now) {
			t.Fatalf("by id: %v %+v", err, got)
		}
		if _, err := store.ReferrerByID(ctx, s.Reader(), store.NewID(now)); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("unknown id: %v", err)
		}
		// The admin search finds the entry by its visible text.
		tab := store.AdminTabByName("referrers")
		if n, err := s.AdminCount(ctx, tab, store.AdminQuery{Search: "alachua"}); err != nil || n != 1 {
			t.Fatalf("search: %d %v", n, err)
		}

		// A registration held for review, then accepted.
		d := &store.Disciple{FullName: "Held Applicant", DiscipleEmail: "held@example.org", ContactNumber: "+919876543210",
			TemplePresidentEmail: "someone@example.net"}
		err = s.InTx(ctx, func(tx *store.Tx) error {
			if _, err := store.InsertPendingDisciple(ctx, tx, d, now); err != nil {
				return err
			}
			return store.HoldDiscipleForReview(ctx, tx, d, store.Approval{ReferrerName: "Someone", ReferrerEmail: "someone@example.net"}, "Not in the directory.", now)
		})
		if err != nil || d.Status != store.DiscipleReview || d.IsApproved || d.Version != 1 {
			t.Fatalf("hold: %v %+v", err, d)
		}
		emails, phones, err := store.ApplicantContacts(ctx, s.Reader(), d)
		if err != nil || len(emails) != 1 || emails[0] != "held@example.org" || phones[0] != "+919876543210" {
			t.Fatalf("contacts: %v %v %v", err, emails, phones)
		}
		// Holding again (the link already used) is a conflict.
		again := *d
		again.Status = store.DisciplePending
		err = s.InTx(ctx, func(tx *store.Tx) error {
			return store.HoldDiscipleForReview(ctx, tx, &again, store.Approval{}, "x", now)
		})
		if !errors.Is(err, store.ErrConflict) {
			t.Fatalf("second hold: %v", err)
		}
		if _, err := store.ReviewTarget(ctx, s.Reader(), d.ID, 0); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("stale version: %v", err)
		}
		target, err := store.ReviewTarget(ctx, s.Reader(), d.ID, 1)
		if err != nil {
			t.Fatal(err)
		}
		err = s.InTx(ctx, func(tx *store.Tx) error { return store.AcceptDiscipleReview(ctx, tx, target, first.ID, actor, now) })
		if err != nil {
			t.Fatal(err)
		}
		back, _ := store.DiscipleByID(ctx, s.Reader(), d.ID)
		if back.Status != store.DiscipleApproved || !back.IsApproved || back.ApprovedAt == nil || back.Version != 2 {
			t.Fatalf("accepted: %+v", back)
		}
		// A second decision on the same version finds nothing to change.
		err = s.InTx(ctx, func(tx *store.Tx) error { return store.RejectDiscipleReview(ctx, tx, target, "late", actor, now) })
		if !errors.Is(err, store.ErrConflict) {
			t.Fatalf("reject after accept: %v", err)
		}
		var audits int
		_ = s.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM audit_log WHERE entity_id = ? AND action = 'accept'`, d.ID).Scan(&audits)
		if audits != 1 {
			t.Fatalf("accept audit rows: %d", audits)
		}
	})
}
