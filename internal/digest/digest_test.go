package digest_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"spdc/internal/digest"
	"spdc/internal/mail"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

func digestCount(t *testing.T, s *store.Store) int {
	t.Helper()
	var n int
	if err := s.Reader().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM outbox WHERE kind = ?`, mail.KindStaffDigest).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// Two instances run the job against one database with the same fake
// clock: each admin's digest goes out once a day, at their time in the
// site's zone, and only when something arrived.
func TestDigestIsSentOnceAcrossInstances(t *testing.T) {
	kolkata, err := time.LoadLocation("Asia/Kolkata")
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range storetest.Backends(t) {
		t.Run(b.Name, func(t *testing.T) {
			ctx := context.Background()
			// 07:30 in Kolkata.
			clock := storetest.NewClock(time.Date(2026, 11, 20, 2, 0, 0, 0, time.UTC), 0)
			one, two := storetest.OpenURL(t, b.URL), storetest.OpenURL(t, b.URL)
			one.SetClock(clock.Now)
			two.SetClock(clock.Now)
			admin := &store.User{FullName: "Radha", Email: "radha@example.org", PasswordHash: "x", IsAdmin: true}
			if err := one.CreateUser(ctx, admin); err != nil {
				t.Fatal(err)
			}
			other := &store.User{FullName: "Gopal", Email: "gopal@example.org", PasswordHash: "x", IsAdmin: true}
			if err := one.CreateUser(ctx, other); err != nil {
				t.Fatal(err)
			}
			// Gopal wants each submission at once: no digest for him.
			if err := one.SetStaffPrefs(ctx, other.ID, store.StaffPrefs{Notify: store.NotifyImmediate, DigestAt: "08:00"}); err != nil {
				t.Fatal(err)
			}
			v := &store.Volunteer{FullName: "Asha", Email: "asha@example.org", Experience: "e", Motivation: "m", Skills: "s", Consent: true}
			if err := store.InsertVolunteer(ctx, one.Writer(), v, clock.Now().Add(-time.Hour)); err != nil {
				t.Fatal(err)
			}
			r := mail.NewRenderer(mail.Site{Name: "SPDC", PublicURL: "https://spdc.example.org"})
			jobs := []*digest.Job{
				{Store: one, Mail: r, Zone: kolkata, Now: clock.Now},
				{Store: two, Mail: r, Zone: kolkata, Now: clock.Now},
			}
			runBoth := func() int {
				total := 0
				for _, j := range jobs {
					n, err := j.RunOnce(ctx)
					if err != nil {
						t.Fatal(err)
					}
					total += n
				}
				return total
			}
			if n := runBoth(); n != 0 || digestCount(t, one) != 0 {
				t.Fatalf("before 08:00: %d sent", n)
			}
			clock.Advance(31 * time.Minute) // 08:01
			if n := runBoth(); n != 1 {
				t.Fatalf("at 08:01 both instances sent %d digests", n)
			}
			if n := runBoth(); n != 0 || digestCount(t, one) != 1 {
				t.Fatalf("sent again the same day: %d, outbox %d", n, digestCount(t, one))
			}
			var to, text string
			if err := one.Reader().QueryRowContext(ctx, `SELECT to_addr, text_body FROM outbox WHERE kind = ?`, mail.KindStaffDigest).Scan(&to, &text); err != nil || to != "radha@example.org" {
				t.Fatalf("digest went to %q %v", to, err)
			}
			// The day before at 08:01 in Kolkata, the zone named; one volunteer.
			if !strings.Contains(text, "Since 19 Nov 2026, 08:01 (Asia/Kolkata)") || !strings.Contains(text, "Volunteers: 1") {
				t.Fatalf("digest text: %s", text)
			}
			// The next day with nothing new: claimed, no mail.
			clock.Advance(24 * time.Hour)
			if n := runBoth(); n != 0 || digestCount(t, one) != 1 {
				t.Fatalf("a digest of nothing: %d", n)
			}
			// A day later with a new host: one more.
			h := &store.Host{FullName: "Hari", Email: "hari@example.org", WhyHost: "w", ConsentTerms: true, ConsentContact: true}
			if err := store.InsertHost(ctx, one.Writer(), h, clock.Now().Add(time.Minute)); err != nil {
				t.Fatal(err)
			}
			// Radha now reads the site in Bengali: so is her digest.
			if err := one.SetUserLanguage(ctx, admin.ID, "bn"); err != nil {
				t.Fatal(err)
			}
			clock.Advance(24 * time.Hour)
			if n := runBoth(); n != 1 || digestCount(t, one) != 2 {
				t.Fatalf("the third day: %d", n)
			}
			var subject string
			if err := one.Reader().QueryRowContext(ctx, `SELECT subject, text_body FROM outbox WHERE kind = ? ORDER BY created_at DESC, id DESC LIMIT 1`,
				mail.KindStaffDigest).Scan(&subject, &text); err != nil {
				t.Fatal(err)
			}
			if subject != "1টি নতুন ফর্ম - SPDC" || !strings.Contains(text, "আশ্রয়দাতা: 1") || !strings.Contains(text, "21 নভেম্বর 2026, 08:01 (Asia/Kolkata) থেকে") {
				t.Fatalf("Bengali digest: %s\n%s", subject, text)
			}
		})
	}
}

// A coordinator who owns care records gets the daily summary of their
// elders overdue for a contact and due for a reassessment, counted on the
// program's day: nothing while none is due, one mail a day once they are
// (with no new submissions), in the coordinator's language; a record of
// another owner is counted in that owner's mail, not theirs.
func TestDigestTellsOwnersOfTheirEldersDue(t *testing.T) {
	kolkata, err := time.LoadLocation("Asia/Kolkata")
	if err != nil {
		t.Fatal(err)
	}
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		// 1 April 2026, 08:30 in Kolkata.
		clock := storetest.NewClock(time.Date(2026, 4, 1, 3, 0, 0, 0, time.UTC), 0)
		s.SetClock(clock.Now)
		coord := &store.User{FullName: "Madhavi", Email: "madhavi@example.org", PasswordHash: "x", Language: "hi"}
		other := &store.User{FullName: "Keshav", Email: "keshav@example.org", PasswordHash: "x"}
		for _, u := range []*store.User{coord, other} {
			if err := s.CreateUser(ctx, u); err != nil {
				t.Fatal(err)
			}
			if _, err := s.SetStaffRoles(ctx, u.ID, []string{"coordinator"}, u.Version, store.Actor{ID: "t", Email: "t@example.org"}, nil); err != nil {
				t.Fatal(err)
			}
		}
		owners := []string{coord.ID, coord.ID, other.ID}
		for i, owner := range owners {
			d := &store.Disciple{FullName: fmt.Sprintf("Elder %d", i), TemplePresidentEmail: "tp@example.org"}
			if err := s.InTx(ctx, func(tx *store.Tx) error {
				if _, err := store.InsertPendingDisciple(ctx, tx, d, clock.Now().Add(-48*time.Hour)); err != nil {
					return err
				}
				return store.ApproveDisciple(ctx, tx, d, store.Approval{ReferrerName: "Ref"}, clock.Now().Add(-48*time.Hour))
			}); err != nil {
				t.Fatal(err)
			}
			// Contacts due on 2 and 3 April; Elder 0 assessed a year ago on 2 April.
			if _, err := s.Writer().ExecContext(ctx, `UPDATE care_records SET owner_id = ?, next_contact_due = ? WHERE id = ?`,
				owner, fmt.Sprintf("2026-04-%02d", 2+i%2), d.ID); err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				if err := s.AddCareAssessment(ctx, &store.CareAssessment{RecordID: d.ID, AssessedOn: "2025-04-02"}, store.Actor{ID: coord.ID}); err != nil {
					t.Fatal(err)
				}
			}
		}
		job := &digest.Job{Store: s, Mail: mail.NewRenderer(mail.Site{Name: "SPDC", PublicURL: "https://spdc.example.org"}), Zone: kolkata, Now: clock.Now}
		run := func() int {
			n, err := job.RunOnce(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		// 1 April: nothing due (the approvals two days ago are older than
		// the first digest's window).
		if n := run(); n != 0 {
			t.Fatalf("1 April: %d digests", n)
		}
		// 3 April: Elder 0's contact (due 2 April) is overdue, and the
		// reassessment of 2 April has come; Keshav's Elder 2 is overdue.
		clock.Advance(48 * time.Hour)
		if n := run(); n != 2 {
			t.Fatalf("3 April: %d digests", n)
		}
		var to, subject, text string
		if err := s.Reader().QueryRowContext(ctx, `SELECT to_addr, subject, text_body FROM outbox WHERE kind = ? AND to_addr = ?`,
			mail.KindStaffDigest, "madhavi@example.org").Scan(&to, &subject, &text); err != nil {
			t.Fatal(err)
		}
		if to != "madhavi@example.org" || !strings.Contains(subject, "देखभाल") || !strings.Contains(text, "जिन वरिष्ठ भक्तों से संपर्क का समय निकल गया: 1") ||
			!strings.Contains(text, "जिनका दोबारा आकलन होना है: 1") || !strings.Contains(text, "/admin/care?owner=me") {
			t.Fatalf("3 April digest to %s: %s\n%s", to, subject, text)
		}
		if n := run(); n != 0 {
			t.Fatalf("a second digest the same day: %d", n)
		}
		// 4 April: both of Madhavi's elders are overdue; Keshav's still.
		clock.Advance(24 * time.Hour)
		if n := run(); n != 2 {
			t.Fatalf("4 April: %d digests", n)
		}
		if err := s.Reader().QueryRowContext(ctx, `SELECT text_body FROM outbox WHERE kind = ? AND to_addr = ? ORDER BY created_at DESC, id DESC LIMIT 1`,
			mail.KindStaffDigest, "madhavi@example.org").Scan(&text); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text, "जिन वरिष्ठ भक्तों से संपर्क का समय निकल गया: 2") {
			t.Fatalf("4 April digest: %s", text)
		}
	})
}
