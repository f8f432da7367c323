package digest_test

import (
	"context"
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
