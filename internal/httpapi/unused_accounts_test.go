package httpapi

import (
	"context"
	"strings"
	"testing"
	"time"

	"spdc/internal/auth"
	"spdc/internal/mail"
	"spdc/internal/privacyjobs"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// TestUnusedAccountsErased: with a fake clock and two instances sweeping,
// the owner of an account nobody signs in to gets one warning a month
// before the retention period ends, and the account is erased once (with
// what it sent) when it ends; signing in after the warning saves an
// account; an admin's account is never warned or erased, and one demoted
// after the period is warned and erased only a month later.
func TestUnusedAccountsErased(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := newEnv(t, st)
		e.user("admin@spdc.example.org", true)
		_, lateID := e.user("late.admin@spdc.example.org", true)
		unusedTok, unusedID := e.user(erEmail, false)
		_, backID := e.user("comes.back@example.org", false)
		msg := validContact()
		msg["name"], msg["email"] = erName, erEmail
		if r := e.call("POST", "/api/contact", msg, unusedTok); r.Status != 201 {
			t.Fatalf("contact: %d %s", r.Status, r.Raw)
		}
		r := mail.NewRenderer(mail.Site{Name: "SPDC", PublicURL: "http://test.local"})
		a := &privacyjobs.Sweeper{Store: st, Mail: r, Now: func() time.Time { return e.clock }, RetentionMonths: 12}
		b := &privacyjobs.Sweeper{Store: st, Mail: r, Now: func() time.Time { return e.clock }, RetentionMonths: 12}
		start := e.clock
		sweep := func() (warned, erased int) {
			t.Helper()
			for _, s := range []*privacyjobs.Sweeper{a, b} {
				res, err := s.RunOnce(ctx)
				if err != nil {
					t.Fatal(err)
				}
				warned, erased = warned+res.Warned, erased+res.Unused
			}
			return
		}
		warnings := func(to string) []outboxMail {
			var out []outboxMail
			for _, m := range e.mails(to) {
				if m.Kind == mail.KindAccountInactive {
					out = append(out, m)
				}
			}
			return out
		}
		exists := func(id string) bool {
			var n int
			if err := st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE id = ?`, id).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n == 1
		}

		e.clock = start.AddDate(1, 0, 0).Add(-store.InactiveWarning - time.Hour)
		if w, x := sweep(); w != 0 || x != 0 {
			t.Fatalf("too early: warned %d, erased %d", w, x)
		}
		e.clock = e.clock.Add(2 * time.Hour)
		if w, x := sweep(); w != 2 || x != 0 {
			t.Fatalf("warned %d (want 2), erased %d", w, x)
		}
		got := warnings(erEmail)
		if len(got) != 1 || len(warnings("comes.back@example.org")) != 1 || len(warnings("admin@spdc.example.org")) != 0 {
			t.Fatalf("warnings: %d to the unused account, %d to the one that comes back, %d to the admin",
				len(got), len(warnings("comes.back@example.org")), len(warnings("admin@spdc.example.org")))
		}
		if !strings.Contains(got[0].Subject, "1 Mar 2026") || !strings.Contains(got[0].Text, "http://test.local/login") {
			t.Errorf("warning: %q\n%s", got[0].Subject, got[0].Text)
		}
		if w, x := sweep(); w != 0 || x != 0 {
			t.Fatalf("second sweep: warned %d, erased %d", w, x)
		}
		// One owner signs in again: the warning no longer holds.
		e.clock = e.clock.AddDate(0, 0, 10)
		if err := st.CreateSession(ctx, auth.HashToken("back-again"), backID, e.clock.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}

		e.clock = start.AddDate(1, 0, 1)
		if w, x := sweep(); w != 0 || x != 1 {
			t.Fatalf("at the end of the period: warned %d, erased %d (want 1)", w, x)
		}
		if exists(unusedID) || !exists(backID) {
			t.Fatalf("unused account kept %v, the one that came back erased %v", exists(unusedID), !exists(backID))
		}
		if found := scanForPerson(t, st, erEmail, erName); len(found) > 0 {
			t.Errorf("left after the erasure: %v", found)
		}
		var actor string
		if err := st.Reader().QueryRowContext(ctx, `SELECT actor_email FROM audit_log WHERE action = 'erase' AND entity = 'users'`).Scan(&actor); err != nil || actor != store.ErasedByRetention.Email {
			t.Errorf("erasure record: %q %v", actor, err)
		}

		// An admin demoted long after their last sign-in: warned now, and
		// erased a month later, never sooner.
		if _, err := st.Writer().ExecContext(ctx, `UPDATE users SET is_admin = FALSE WHERE id = ?`, lateID); err != nil {
			t.Fatal(err)
		}
		if w, x := sweep(); w != 1 || x != 0 {
			t.Fatalf("demoted admin: warned %d, erased %d", w, x)
		}
		late := warnings("late.admin@spdc.example.org")
		if len(late) != 1 || !strings.Contains(late[0].Subject, "1 Apr 2026") {
			t.Fatalf("demoted admin's warning: %+v", late)
		}
		e.clock = e.clock.Add(store.InactiveWarning - time.Hour)
		if _, x := sweep(); x != 0 || !exists(lateID) {
			t.Fatal("erased before a month had passed since the warning")
		}
		e.clock = e.clock.Add(2 * time.Hour)
		if _, x := sweep(); x != 1 || exists(lateID) {
			t.Fatalf("demoted admin: erased %d", x)
		}

		// Years on, the admin is still there and was never warned.
		e.clock = start.AddDate(3, 0, 0)
		sweep()
		var admins int
		if err := st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE is_admin`).Scan(&admins); err != nil || admins != 1 {
			t.Fatalf("admins left: %d %v", admins, err)
		}
		if n := len(warnings("admin@spdc.example.org")); n != 0 {
			t.Fatalf("the admin got %d warnings", n)
		}
	})
}
