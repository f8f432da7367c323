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

// approvedElder registers and approves a disciple named name at at, which
// gives the elder a care record.
func approvedElder(t *testing.T, s *store.Store, name string, at time.Time) *store.Disciple {
	t.Helper()
	d := &store.Disciple{FullName: name, TemplePresidentEmail: "tp@example.org"}
	ctx := context.Background()
	if err := s.InTx(ctx, func(tx *store.Tx) error {
		if _, err := store.InsertPendingDisciple(ctx, tx, d, at); err != nil {
			return err
		}
		return store.ApproveDisciple(ctx, tx, d, store.Approval{ReferrerName: "Ref"}, at)
	}); err != nil {
		t.Fatal(err)
	}
	return d
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
			d := approvedElder(t, s, fmt.Sprintf("Elder %d", i), clock.Now().Add(-48*time.Hour))
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
			!strings.Contains(text, "जिनका दोबारा आकलन होना है: 1") || !strings.Contains(text, "/admin?tab=care&f.owner=me") ||
			!strings.Contains(text, "- Elder 0: 2 अप्रैल 2026 को संपर्क होना था") || strings.Contains(text, "Elder 2") {
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
		if !strings.Contains(text, "जिन वरिष्ठ भक्तों से संपर्क का समय निकल गया: 2") ||
			!strings.Contains(text, "- Elder 0: 2 अप्रैल 2026 को संपर्क होना था\n- Elder 1: 3 अप्रैल 2026 को संपर्क होना था") {
			t.Fatalf("4 April digest: %s", text)
		}
	})
}

// The digest names an owner's elders overdue for a contact, longest
// waiting first, up to digest.OverdueNamed of them; the rest are counted
// with the link to the owner's list filtered to those overdue. Elders
// whose contact is not yet overdue, or whose record is closed, are not
// named.
func TestDigestNamesTheEldersOverdue(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		// 10 May 2026, 09:00 UTC.
		clock := storetest.NewClock(time.Date(2026, 5, 10, 9, 0, 0, 0, time.UTC), 0)
		s.SetClock(clock.Now)
		coord := &store.User{FullName: "Govinda", Email: "govinda@example.org", PasswordHash: "x", Language: "en"}
		if err := s.CreateUser(ctx, coord); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SetStaffRoles(ctx, coord.ID, []string{"coordinator"}, coord.Version, store.Actor{ID: "t", Email: "t@example.org"}, nil); err != nil {
			t.Fatal(err)
		}
		// 23 elders whose contacts fall due on 11 May, 12 May, … (the
		// last, Elder 22, on 2 June), one due later than all of them (not
		// yet overdue on 3 June) and one closed record long overdue.
		const overdue = digest.OverdueNamed + 3
		for i := range overdue + 2 {
			d := approvedElder(t, s, fmt.Sprintf("Elder %02d", i), clock.Now().Add(-48*time.Hour))
			due, status := time.Date(2026, 5, 11+i, 0, 0, 0, 0, time.UTC).Format(time.DateOnly), "active"
			switch i {
			case overdue:
				due = "2026-07-01"
			case overdue + 1:
				due, status = "2026-01-01", "closed"
			}
			if _, err := s.Writer().ExecContext(ctx, `UPDATE care_records SET owner_id = ?, next_contact_due = ?, status = ? WHERE id = ?`,
				coord.ID, due, status, d.ID); err != nil {
				t.Fatal(err)
			}
		}
		job := &digest.Job{Store: s, Mail: mail.NewRenderer(mail.Site{Name: "SPDC", PublicURL: "https://spdc.example.org"}), Now: clock.Now}
		latest := func() string {
			t.Helper()
			if _, err := job.RunOnce(ctx); err != nil {
				t.Fatal(err)
			}
			var text, html string
			err := s.Reader().QueryRowContext(ctx, `SELECT text_body, html_body FROM outbox WHERE kind = ? AND to_addr = ?
				ORDER BY created_at DESC, id DESC LIMIT 1`, mail.KindStaffDigest, coord.Email).Scan(&text, &html)
			if err != nil {
				t.Fatal(err)
			}
			return text + "\n" + html
		}
		// 13 May: Elders 00 and 01 (due 11 and 12 May) are overdue, named
		// with their days, and no "more".
		clock.Advance(3 * 24 * time.Hour)
		body := latest()
		if !strings.Contains(body, "- Elder 00: due 11 May 2026\n- Elder 01: due 12 May 2026\n") || strings.Contains(body, "Elder 02") ||
			strings.Contains(body, "more:") {
			t.Fatalf("13 May digest:\n%s", body)
		}
		// 3 June: all 23 are overdue; the 20 longest waiting are named in
		// order and 3 more are counted, linked to the filtered list.
		clock.Advance(21 * 24 * time.Hour)
		body = latest()
		var want strings.Builder
		for i := range digest.OverdueNamed {
			fmt.Fprintf(&want, "- Elder %02d: due %s\n", i, time.Date(2026, 5, 11+i, 0, 0, 0, 0, time.UTC).Format("2 Jan 2006"))
		}
		link := "https://spdc.example.org/admin?tab=care&f.owner=me&f.due=contact"
		if !strings.Contains(body, want.String()+"and 3 more: "+link) || !strings.Contains(body, "Elders overdue for a contact: 23") {
			t.Fatalf("3 June digest:\n%s", body)
		}
		for _, absent := range []string{"Elder 20", "Elder 22", fmt.Sprintf("Elder %02d", overdue), fmt.Sprintf("Elder %02d", overdue+1)} {
			if strings.Contains(body, absent) {
				t.Errorf("3 June digest names %s:\n%s", absent, body)
			}
		}
		// The HTML names the same elders, escaped, with the link to the rest.
		if !strings.Contains(body, "<li>Elder 19: due 30 May 2026</li>") || !strings.Contains(body, `href="`+strings.ReplaceAll(link, "&", "&amp;")+`"`) {
			t.Errorf("3 June HTML:\n%s", body)
		}
	})
}
