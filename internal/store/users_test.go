package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

func TestUsersSessionsResets(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
		s.SetClock(func() time.Time { return now })

		a := &store.User{FullName: "Alice Devi", Email: "alice@example.org", Mobile: "+919876543210", Address: "Vrindavan", PasswordHash: "h1"}
		if err := s.CreateUser(ctx, a); err != nil {
			t.Fatal(err)
		}
		b := &store.User{FullName: "Bob", Email: "bob@example.org", PasswordHash: "h2"} // no mobile: NULL, not ""
		if err := s.CreateUser(ctx, b); err != nil {
			t.Fatal(err)
		}
		c := &store.User{FullName: "Carol", Email: "carol@example.org", PasswordHash: "h3"}
		if err := s.CreateUser(ctx, c); err != nil {
			t.Fatalf("two users without a mobile: %v", err)
		}
		if err := s.CreateUser(ctx, &store.User{FullName: "X", Email: "alice@example.org", PasswordHash: "h"}); !errors.Is(err, store.ErrEmailTaken) || !errors.Is(err, store.ErrConflict) {
			t.Errorf("duplicate email: %v", err)
		}
		if err := s.CreateUser(ctx, &store.User{FullName: "X", Email: "x@example.org", Mobile: "+919876543210", PasswordHash: "h"}); !errors.Is(err, store.ErrMobileTaken) {
			t.Errorf("duplicate mobile: %v", err)
		}

		got, err := s.UserByMobile(ctx, "+919876543210")
		if err != nil || got.ID != a.ID || got.Email != a.Email || !got.CreatedAt.Equal(now) {
			t.Fatalf("by mobile: %+v %v", got, err)
		}
		if _, err := s.UserByEmail(ctx, "nobody@example.org"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("unknown email: %v", err)
		}
		var search string
		_ = s.Reader().QueryRowContext(ctx, `SELECT search FROM users WHERE id = ?`, a.ID).Scan(&search)
		if search != "alice devi alice@example.org +919876543210 vrindavan" {
			t.Errorf("search %q", search)
		}

		// Profile updates check the version and keep search current.
		u, err := s.UpdateProfile(ctx, a.ID, 0, "Alice D", "+919876543211", "Mayapur")
		if err != nil || u.Version != 1 || u.FullName != "Alice D" {
			t.Fatalf("update: %+v %v", u, err)
		}
		if _, err := s.UpdateProfile(ctx, a.ID, 0, "Stale", "", ""); !errors.Is(err, store.ErrConflict) {
			t.Errorf("stale version: %v", err)
		}
		if _, err := s.UpdateProfile(ctx, b.ID, 0, "Bob", "+919876543211", ""); !errors.Is(err, store.ErrMobileTaken) {
			t.Errorf("taken mobile: %v", err)
		}
		if _, err := s.UpdateProfile(ctx, "000000000000000000000000", 0, "N", "", ""); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("unknown user: %v", err)
		}
		_ = s.Reader().QueryRowContext(ctx, `SELECT search FROM users WHERE id = ?`, a.ID).Scan(&search)
		if search != "alice d alice@example.org +919876543211 mayapur" {
			t.Errorf("search after update %q", search)
		}
		if err := s.PromoteUser(ctx, "bob@example.org"); err != nil {
			t.Fatal(err)
		}
		if u, _ := s.UserByID(ctx, b.ID); !u.IsAdmin {
			t.Error("not promoted")
		}
		if err := s.PromoteUser(ctx, "nobody@example.org"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("promote unknown: %v", err)
		}

		// Sessions: expiry, revoke one, revoke all but one.
		for _, h := range []string{"s1", "s2", "s3"} {
			if err := s.CreateSession(ctx, h, a.ID, now.Add(time.Hour)); err != nil {
				t.Fatal(err)
			}
		}
		if u, err := s.UserBySession(ctx, "s1"); err != nil || u.ID != a.ID {
			t.Fatalf("session: %v", err)
		}
		if err := s.DeleteSession(ctx, "s1"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.UserBySession(ctx, "s1"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("deleted session: %v", err)
		}
		if err := s.DeleteUserSessions(ctx, s.Writer(), a.ID, "s3"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.UserBySession(ctx, "s2"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("other session survived: %v", err)
		}
		if _, err := s.UserBySession(ctx, "s3"); err != nil {
			t.Errorf("kept session: %v", err)
		}
		later := now.Add(time.Hour)
		s.SetClock(func() time.Time { return later })
		if _, err := s.UserBySession(ctx, "s3"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("expired session: %v", err)
		}
		s.SetClock(func() time.Time { return now })

		// Resets: a new one voids the old; each works once; expiry.
		if err := s.CreateReset(ctx, s.Writer(), a.ID, "r1", now.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateReset(ctx, s.Writer(), a.ID, "r2", now.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ConsumeReset(ctx, s.Writer(), "r1"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("voided reset: %v", err)
		}
		if id, err := s.ConsumeReset(ctx, s.Writer(), "r2"); err != nil || id != a.ID {
			t.Errorf("reset: %q %v", id, err)
		}
		if _, err := s.ConsumeReset(ctx, s.Writer(), "r2"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("used reset: %v", err)
		}
		if err := s.CreateReset(ctx, s.Writer(), b.ID, "r3", now.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		s.SetClock(func() time.Time { return now.Add(time.Minute) })
		if _, err := s.ConsumeReset(ctx, s.Writer(), "r3"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("expired reset: %v", err)
		}
		if err := s.SetPassword(ctx, s.Writer(), a.ID, "h9"); err != nil {
			t.Fatal(err)
		}
		if u, _ := s.UserByID(ctx, a.ID); u.PasswordHash != "h9" {
			t.Error("password not set")
		}
	})
}

func TestThrottleEvents(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		settled := func(bucket string, at time.Time) {
			t.Helper()
			marks, _, err := s.ThrottleReserve(ctx, at, time.Time{}, []store.ThrottleSlot{{Bucket: bucket, Since: base, Max: 100}})
			if err != nil || len(marks) != 1 {
				t.Fatalf("reserve %s: %v %v", bucket, marks, err)
			}
		}
		times := func(bucket string, since time.Time, limit int) []time.Time {
			t.Helper()
			events, err := s.ThrottleWindow(ctx, bucket, since, limit)
			if err != nil {
				t.Fatal(err)
			}
			out := make([]time.Time, len(events))
			for i, e := range events {
				if !e.Settled(base) {
					t.Errorf("event %v is in flight, want settled", e.At)
				}
				out[i] = e.At
			}
			return out
		}
		for i := range 4 {
			settled("k", base.Add(time.Duration(i)*time.Minute))
		}
		settled("other", base)
		hits := times("k", base.Add(time.Minute), 2)
		if len(hits) != 2 || !hits[0].Equal(base.Add(3*time.Minute)) || !hits[1].Equal(base.Add(2*time.Minute)) {
			t.Fatalf("recent: %v", hits)
		}
		if hits := times("k", base, 10); len(hits) != 4 {
			t.Errorf("all: %v", hits)
		}
		if err := s.PruneThrottle(ctx, base.Add(2*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if hits := times("k", base, 10); len(hits) != 2 {
			t.Errorf("after prune: %v", hits)
		}
		if err := s.ThrottleRelease(ctx, nil, "k"); err != nil {
			t.Fatal(err)
		}
		if hits := times("k", base, 10); len(hits) != 0 {
			t.Errorf("after clear: %v", hits)
		}
		if hits := times("other", base, 10); len(hits) != 0 {
			t.Errorf("other bucket after prune: %v (pruned with everything before base+2m)", hits)
		}
	})
}
