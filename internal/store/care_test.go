package store_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
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

// TestCareVolunteerMatchingOrder scores a fixed set of volunteers for a
// healthcare need of an elder in Mayapur who reads Hindi: the order is
// score first, then name, then id, the same on every run; volunteers who
// declined, and those with no reason to be suggested, are left out.
func TestCareVolunteerMatchingOrder(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		at := time.Date(2026, 4, 2, 10, 0, 0, 0, time.UTC)
		d := &store.Disciple{FullName: "Radha Devi", TemplePresidentEmail: "tp@example.org", Address: "Gopal Lane, Mayapur, Nadia", Language: "hi"}
		if err := s.InTx(ctx, func(tx *store.Tx) error {
			if _, err := store.InsertPendingDisciple(ctx, tx, d, at); err != nil {
				return err
			}
			return store.ApproveDisciple(ctx, tx, d, store.Approval{ReferrerName: "Ref"}, at)
		}); err != nil {
			t.Fatal(err)
		}
		vols := []struct {
			name, centre, avail, skills, lang, status string
			areas                                     []string
		}{
			// same centre 4 + interest 3 + skills 2 + language 2 + 20+ hours 3 = 14
			{"Uma Nurse", "Mayapur", "20+ hours/week", "Nurse for twenty years", "hi", "active", []string{"Medical/health practitioner"}},
			// the same score: ordered by name
			{"Anu Nurse", "Mayapur", "20+ hours/week", "Staff nurse", "hi", "new", []string{"Medical/health practitioner"}},
			// same centre 4 + language 2 + 5-10 hours 1 = 7
			{"Bala Cook", "Mayapur", "5-10 hours/week", "Cooking", "hi", "new", nil},
			// skills 2 + 10-20 hours 2 = 4
			{"Chandra Doctor", "Delhi", "10-20 hours/week", "Retired doctor", "en", "contacted", nil},
			// declined: left out whatever the score
			{"Dina Nurse", "Mayapur", "20+ hours/week", "Nurse", "hi", "declined", []string{"Medical/health practitioner"}},
			// no reason at all: left out
			{"Esha Painter", "Pune", "", "Painting", "en", "new", nil},
		}
		for i, v := range vols {
			vol := &store.Volunteer{FullName: v.name, Email: fmt.Sprintf("v%d@example.org", i), NearestCenter: v.centre, Availability: v.avail,
				Skills: v.skills, Experience: "-", Motivation: "seva", Consent: true, AreasOfInterest: v.areas, Language: v.lang}
			if err := store.InsertVolunteer(ctx, s.Writer(), vol, at); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Writer().ExecContext(ctx, `UPDATE volunteers SET status = ?, language = ? WHERE id = ?`, v.status, v.lang, vol.ID); err != nil {
				t.Fatal(err)
			}
		}
		rec, err := store.CareRecordByID(ctx, s.Reader(), d.ID)
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			got, err := s.MatchVolunteers(ctx, rec, "healthcare")
			if err != nil {
				t.Fatal(err)
			}
			var line []string
			for _, m := range got {
				line = append(line, fmt.Sprintf("%s:%d:%s", m.FullName, m.Score, strings.Join(m.Reasons, "+")))
			}
			want := "Anu Nurse:14:same_centre+interest+skills+language+available," +
				"Uma Nurse:14:same_centre+interest+skills+language+available," +
				"Bala Cook:7:same_centre+language+available," +
				"Chandra Doctor:4:skills+available"
			if strings.Join(line, ",") != want {
				t.Fatalf("matches:\n got %s\nwant %s", strings.Join(line, ","), want)
			}
		}
		// Another service weighs other skills: relocation has no nurse.
		got, err := s.MatchVolunteers(ctx, rec, "relocation")
		if err != nil || len(got) == 0 || got[0].FullName != "Anu Nurse" || slices.Contains(got[0].Reasons, store.MatchSkills) {
			t.Fatalf("relocation: %+v %v", got, err)
		}
	})
}

// TestCareContactsAndDue: contacts page newest first by day whatever the
// order they were logged in; a contact logged late changes neither the
// last contact nor the next one due; the owner's due counts follow the
// day; an edit of the registration's names reaches the care record.
func TestCareContactsAndDue(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		clock := storetest.NewClock(time.Date(2026, 4, 2, 10, 0, 0, 0, time.UTC), time.Millisecond)
		s.SetClock(clock.Now)
		d := careDisciple(t, s, "Radha Devi", "", true, clock.Now())
		owner := &store.User{FullName: "Coord", Email: "coord@example.org", PasswordHash: "x"}
		if err := s.CreateUser(ctx, owner); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Writer().ExecContext(ctx, `UPDATE care_records SET owner_id = ? WHERE id = ?`, owner.ID, d.ID); err != nil {
			t.Fatal(err)
		}
		actor := store.Actor{ID: owner.ID, Email: owner.Email}
		days := []string{"2026-03-01", "2026-03-20", "2026-03-10"}
		for i, day := range days {
			for j := range 30 {
				c := &store.CareContact{RecordID: d.ID, ContactOn: day, Kind: "call", Summary: fmt.Sprintf("%s #%d", day, j),
					NextDue: fmt.Sprintf("2026-04-%02d", 10+i)}
				if err := s.AddCareContact(ctx, c, actor); err != nil {
					t.Fatal(err)
				}
			}
		}
		rec, err := store.CareRecordByID(ctx, s.Reader(), d.ID)
		if err != nil || rec.LastContactOn != "2026-03-20" || rec.NextContactDue != "2026-04-11" {
			t.Fatalf("record after contacts: %+v %v", rec, err)
		}
		var all []store.CareContact
		for after := ""; ; {
			page, err := store.CareContacts(ctx, s.Reader(), d.ID, after, store.CareContactsPage)
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, page...)
			if len(page) < store.CareContactsPage {
				break
			}
			after = page[len(page)-1].Cursor()
		}
		if len(all) != 90 || all[0].Summary != "2026-03-20 #29" || all[29].Summary != "2026-03-20 #0" || all[30].Summary != "2026-03-10 #29" || all[89].Summary != "2026-03-01 #0" {
			t.Fatalf("contacts: %d, first %q", len(all), all[0].Summary)
		}
		if _, err := store.CareContacts(ctx, s.Reader(), d.ID, "nonsense", 10); !errors.Is(err, store.ErrBadCursor) {
			t.Fatalf("bad cursor: %v", err)
		}

		a := &store.CareAssessment{RecordID: d.ID, AssessedOn: "2026-03-15", Needs: []store.CareNeed{{Service: "healthcare", Priority: "high"}}}
		if err := s.AddCareAssessment(ctx, a, actor); err != nil {
			t.Fatal(err)
		}
		older := &store.CareAssessment{RecordID: d.ID, AssessedOn: "2025-01-15", Needs: []store.CareNeed{}}
		if err := s.AddCareAssessment(ctx, older, actor); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			today             string
			contact, reassess int
		}{{"2026-04-11", 0, 0}, {"2026-04-12", 1, 0}, {"2027-03-14", 1, 0}, {"2027-03-15", 1, 1}} {
			due, err := store.CareDueOf(ctx, s.Reader(), owner.ID, c.today)
			if err != nil || due.ContactsOverdue != c.contact || due.ReassessmentsDue != c.reassess {
				t.Fatalf("due on %s: %+v %v", c.today, due, err)
			}
		}
		if _, err := s.Writer().ExecContext(ctx, `UPDATE care_records SET status = 'closed' WHERE id = ?`, d.ID); err != nil {
			t.Fatal(err)
		}
		if due, _ := store.CareDueOf(ctx, s.Reader(), owner.ID, "2027-03-15"); due.ContactsOverdue != 0 || due.ReassessmentsDue != 0 {
			t.Fatalf("a closed record is due: %+v", due)
		}

		// The registration's names, edited by an admin, follow on the record.
		tab := store.AdminTabByName("disciples")
		reg, err := store.DiscipleByID(ctx, s.Reader(), d.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.AdminUpdate(ctx, tab, d.ID, reg.Version, actor, func(*store.Record) (map[string]any, error) {
			return map[string]any{"fullName": "Radha Rani Devi", "initiationName": "Rādhikā Dāsī"}, nil
		}); err != nil {
			t.Fatal(err)
		}
		if n := careCount(t, s, "id = ? AND full_name = ? AND initiated_name = ? AND search = ?", d.ID, "Radha Rani Devi", "Rādhikā Dāsī",
			"radha rani devi rādhikā dāsī"); n != 1 {
			t.Fatalf("names on the care record after the edit")
		}
	})
}

// TestCareRecordOnAcceptedReview: a registration held for review and
// accepted by an admin gets its care record in the same step.
func TestCareRecordOnAcceptedReview(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		at := time.Date(2026, 4, 2, 10, 0, 0, 0, time.UTC)
		d := careDisciple(t, s, "Held Person", "", false, at)
		if err := s.InTx(ctx, func(tx *store.Tx) error {
			if err := store.HoldDiscipleForReview(ctx, tx, d, store.Approval{ReferrerName: "Someone"}, "unknown referrer", at); err != nil {
				return err
			}
			if n := careCount(t, s, "id = ?", d.ID); n != 0 {
				t.Errorf("a held registration has a care record")
			}
			return store.AcceptDiscipleReview(ctx, tx, d, "", store.Actor{ID: "a", Email: "a@example.org"}, at)
		}); err != nil {
			t.Fatal(err)
		}
		if n := careCount(t, s, "id = ? AND full_name = 'Held Person'", d.ID); n != 1 {
			t.Fatalf("accepted registration's care record: %d", n)
		}
	})
}
