package store_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

var refShape = regexp.MustCompile(`^[VHMDG]-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{4}-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{2}$`)

func TestParseRef(t *testing.T) {
	for in, want := range map[string]string{
		"V-4K7Q-2M":   "V-4K7Q-2M",
		"v4k7q2m":     "V-4K7Q-2M",
		" h 4k7q 2m ": "H-4K7Q-2M",
		"g-ABCD-EF":   "G-ABCD-EF",
	} {
		if got, ok := store.ParseRef(in); !ok || got != want {
			t.Errorf("ParseRef(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	// Unknown kinds, characters left out of references, wrong lengths.
	for _, in := range []string{"", "X-4K7Q-2M", "V-4K7Q-2", "V-4K7Q-2MM", "V-0K7Q-2M", "V-IK7Q-2M", "V-4K7Q-2Ü", "volunteer"} {
		if got, ok := store.ParseRef(in); ok {
			t.Errorf("ParseRef(%q) = %q, accepted", in, got)
		}
	}
	for range 200 {
		if r := store.NewRef("donations"); !refShape.MatchString(r) || r[0] != 'G' {
			t.Fatalf("NewRef = %q", r)
		}
	}
}

// TestSubmissionRefs: every kind of submission gets its own reference
// when saved, of its kind's letter; the dashboard's search finds the
// record by it however it is typed; no two rows share one; and rows made
// before references existed get theirs at the next start.
func TestSubmissionRefs(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		w := s.Writer()
		v := &store.Volunteer{FullName: "Vasudev", Email: "v@example.org", Experience: "e", Motivation: "m", Skills: "s", Consent: true}
		if err := store.InsertVolunteer(ctx, w, v, s.Now()); err != nil {
			t.Fatal(err)
		}
		h := &store.Host{FullName: "Hari", Email: "h@example.org", WhyHost: "w", ConsentTerms: true, ConsentContact: true}
		if err := store.InsertHost(ctx, w, h, s.Now()); err != nil {
			t.Fatal(err)
		}
		m := &store.ContactMessage{Name: "Mira", Email: "m@example.org", Subject: "s", Phone: "+919876543210", Message: "m", AcceptTerms: true}
		if err := store.InsertContactMessage(ctx, w, m, s.Now()); err != nil {
			t.Fatal(err)
		}
		d := &store.Disciple{FullName: "Damodar", TemplePresidentEmail: "tp@example.org", DiscipleEmail: "d@example.org"}
		err := s.InTx(ctx, func(tx *store.Tx) error {
			_, err := store.InsertPendingDisciple(ctx, tx, d, s.Now())
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		g := newGift(1)
		insertGift(t, s, testKey(t), g, "ABCPE1234F")

		cases := []struct {
			tab, ref, name string
			letter         byte
		}{
			{"volunteers", v.Ref, "Vasudev", 'V'},
			{"hosts", h.Ref, "Hari", 'H'},
			{"messages", m.Ref, "Mira", 'M'},
			{"pending-disciples", d.Ref, "Damodar", 'D'},
			{"donations", g.Ref, "Radha Devi", 'G'},
		}
		for _, c := range cases {
			if !refShape.MatchString(c.ref) || c.ref[0] != c.letter {
				t.Fatalf("%s reference %q", c.tab, c.ref)
			}
			compact := strings.ToLower(strings.ReplaceAll(c.ref, "-", ""))
			spaced := strings.ReplaceAll(c.ref, "-", " ")
			for _, term := range []string{c.ref, strings.ToLower(c.ref), compact, spaced, c.ref[:6]} {
				got := adminRecords(t, s, c.tab, store.AdminQuery{Search: term})
				if len(got) != 1 || got[0].Get("ref") != c.ref || !strings.Contains(recordName(got[0]), c.name) {
					t.Errorf("%s: search %q found %d records", c.tab, term, len(got))
				}
				n, err := s.AdminCount(ctx, store.AdminTabByName(c.tab), store.AdminQuery{Search: term})
				if err != nil || n != 1 {
					t.Errorf("%s: count of %q = %d, %v", c.tab, term, n, err)
				}
			}
		}
		// The reference read back is the one given at insert.
		if got, err := s.VolunteerByID(ctx, v.ID); err != nil || got.Ref != v.Ref {
			t.Errorf("volunteer read back with %q, %v", got.Ref, err)
		}
		if got, err := store.DiscipleByID(ctx, s.Reader(), d.ID); err != nil || got.Ref != d.Ref {
			t.Errorf("disciple read back with %v", err)
		}
		if got, err := s.DonationByID(ctx, g.ID); err != nil || got.Ref != g.Ref {
			t.Errorf("donation read back with %v", err)
		}
		// A second row may not take a reference another holds.
		if _, err := w.ExecContext(ctx, `INSERT INTO volunteers (id, full_name, email, experience, motivation, skills, consent, ref, created_at, updated_at)
			VALUES ('aa0000000000000000000001', 'Copy', 'c@example.org', 'e', 'm', 's', ?, ?, 1, 1)`, true, v.Ref); err == nil {
			t.Error("a duplicate reference was stored")
		}
		// A row from before references: the next start gives it one, which
		// the search then finds.
		for _, id := range []string{"aa0000000000000000000002", "aa0000000000000000000003"} {
			if _, err := w.ExecContext(ctx, `INSERT INTO volunteers (id, full_name, email, experience, motivation, skills, consent, search, created_at, updated_at)
				VALUES (?, 'Old Timer', 'o@example.org', 'e', 'm', 's', ?, 'old timer', 1, 1)`, id, true); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{v.Ref: true}
		for _, id := range []string{"aa0000000000000000000002", "aa0000000000000000000003"} {
			old, err := s.VolunteerByID(ctx, id)
			if err != nil || !refShape.MatchString(old.Ref) || seen[old.Ref] {
				t.Fatalf("old row's reference %q, %v", old.Ref, err)
			}
			seen[old.Ref] = true
			got := adminRecords(t, s, "volunteers", store.AdminQuery{Search: strings.ToLower(old.Ref)})
			if len(got) != 1 || got[0].ID() != id {
				t.Errorf("old row not found by its reference: %d", len(got))
			}
			if got := adminRecords(t, s, "volunteers", store.AdminQuery{Search: "old timer"}); len(got) != 2 {
				t.Errorf("old rows lost their search text: %d", len(got))
			}
		}
		// My Account lists a user's submissions with their references.
		u := &store.User{FullName: "Asha", Email: "asha@example.org", PasswordHash: "h"}
		if err := s.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		mine := &store.ContactMessage{UserID: u.ID, Name: "Asha", Email: "asha@example.org", Subject: "Visiting", Phone: "+919876543210", Message: "m", AcceptTerms: true}
		if err := store.InsertContactMessage(ctx, w, mine, s.Now()); err != nil {
			t.Fatal(err)
		}
		subs, err := s.SubmissionsOfUser(ctx, u.ID)
		if err != nil || len(subs) != 1 || subs[0].Ref != mine.Ref || subs[0].Kind != "contact" || subs[0].Title != "Visiting" {
			t.Fatalf("submissions %+v, %v", subs, err)
		}
	})
}

func adminRecords(t *testing.T, s *store.Store, tab string, q store.AdminQuery) []*store.Record {
	t.Helper()
	var out []*store.Record
	if err := s.AdminList(context.Background(), store.AdminTabByName(tab), q, func(r *store.Record) error {
		out = append(out, r)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

func recordName(r *store.Record) string {
	for _, k := range []string{"fullName", "name", "donorName"} {
		if s, _ := r.Get(k).(string); s != "" {
			return s
		}
	}
	return ""
}

// TestDrawnRef: a reference drawn before the transaction is kept when it
// is free; one a row already holds, one of another kind and a malformed
// one each give way to a fresh reference.
func TestDrawnRef(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		w := s.Writer()
		insert := func(name, drawn string) *store.Volunteer {
			t.Helper()
			v := &store.Volunteer{FullName: name, Email: strings.ToLower(name) + "@example.org", Experience: "e", Motivation: "m", Skills: "s", Consent: true}
			if err := store.InsertVolunteerRef(ctx, w, v, s.Now(), drawn); err != nil {
				t.Fatal(err)
			}
			if !refShape.MatchString(v.Ref) || v.Ref[0] != 'V' {
				t.Fatalf("%s: reference %q", name, v.Ref)
			}
			return v
		}
		drawn := store.NewRef("volunteers")
		if v := insert("Gopal", drawn); v.Ref != drawn {
			t.Errorf("a free drawn reference was not kept: %q, drew %q", v.Ref, drawn)
		}
		if v := insert("Govinda", drawn); v.Ref == drawn {
			t.Errorf("a taken reference was given again: %q", v.Ref)
		}
		for _, bad := range []string{store.NewRef("hosts"), "V-0000-00", "v4k7q2m", "anything"} {
			if v := insert("Keshava", bad); v.Ref == bad {
				t.Errorf("drawn %q was kept", bad)
			}
		}
	})
}
