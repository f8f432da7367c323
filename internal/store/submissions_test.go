package store_test

import (
	"context"
	"slices"
	"testing"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// TestSubmissionsNewestFirstIsStable: submissions made in one millisecond
// (the resolution of created_at) come back in one order, by id, on every
// load, whatever order the database happens to return them in.
func TestSubmissionsNewestFirstIsStable(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		w := s.Writer()
		u := &store.User{FullName: "Asha", Email: "asha@example.org", PasswordHash: "h"}
		if err := s.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		// Ids chosen against the insertion order, so neither insertion
		// order nor table order can pass for the id order.
		const ms = 1_700_000_000_000
		vol := func(id string, created int64) {
			if _, err := w.ExecContext(ctx, `INSERT INTO volunteers (id, user_id, full_name, email, experience, motivation, skills, consent, created_at, updated_at)
				VALUES (?, ?, ?, 'a@example.org', 'e', 'm', 's', ?, ?, ?)`, id, u.ID, "V "+id[:2], true, created, created); err != nil {
				t.Fatal(err)
			}
		}
		host := func(id string, created int64) {
			if _, err := w.ExecContext(ctx, `INSERT INTO hosts (id, user_id, full_name, why_host, consent_terms, consent_contact, created_at, updated_at)
				VALUES (?, ?, ?, 'w', ?, ?, ?, ?)`, id, u.ID, "H "+id[:2], true, true, created, created); err != nil {
				t.Fatal(err)
			}
		}
		vol("100000000000000000000000", ms)
		vol("300000000000000000000000", ms)
		host("400000000000000000000000", ms)
		vol("200000000000000000000000", ms)
		host("000000000000000000000000", ms+1) // a millisecond later: first
		want := []string{"000000000000000000000000", "400000000000000000000000", "300000000000000000000000", "200000000000000000000000", "100000000000000000000000"}
		for range 3 {
			subs, err := s.SubmissionsOfUser(ctx, u.ID)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, sub := range subs {
				got = append(got, sub.ID)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("order %v, want %v", got, want)
			}
			// An update moves a row on disk (PostgreSQL writes a new
			// version of it); the order must not follow.
			if _, err := w.ExecContext(ctx, `UPDATE volunteers SET status = 'received', version = version + 1 WHERE id = ?`, "300000000000000000000000"); err != nil {
				t.Fatal(err)
			}
		}
	})
}
