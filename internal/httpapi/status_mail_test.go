package httpapi

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// TestRejectedReviewTellsApplicant: a registration sent in Hindi, confirmed
// by a temple president the directory does not know and so held for an
// admin's review, is rejected; the applicant, who was told they would hear,
// gets one email in Hindi saying so, without the admin's reason, and My
// Account shows "not accepted".
func TestRejectedReviewTellsApplicant(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		admin, _ := e.user("admin@example.org", true)
		applicant, applicantID := e.user("kamala@example.org", false)
		// The applicant reads Hindi: their account says so.
		if _, err := st.Writer().ExecContext(t.Context(), `UPDATE users SET language = 'hi' WHERE id = ?`, applicantID); err != nil {
			t.Fatal(err)
		}
		p := validDisciple()
		p["fullName"], p["discipleEmail"], p["templePresidentEmail"] = "Kamala Devi", "kamala@example.org", "unknown.president@temple.example"
		if r := e.callWith("POST", "/api/disciples/register", p, applicant, map[string]string{"Accept-Language": "hi"}); r.Status != 201 {
			t.Fatalf("register: %d %s", r.Status, r.Raw)
		}
		b := validApproval(e.linkToken("unknown.president@temple.example"))
		b["referrerEmail"] = "unknown.president@temple.example"
		if r := e.call("POST", "/api/approval/approve", b, ""); r.Status != 200 {
			t.Fatalf("confirm: %d %s", r.Status, r.Raw)
		}
		status, _, _, v, id := e.disciple("Kamala Devi")
		if status != store.DiscipleReview {
			t.Fatalf("not held for review: %s", status)
		}
		r := e.call("POST", "/api/admin/pending-disciples/"+id+"/reject", map[string]any{"__v": v, "reason": "Internal note: the referrer did not answer our call."}, admin)
		if r.Status != 200 {
			t.Fatalf("reject: %d %s", r.Status, r.Raw)
		}
		ms := e.mailsBesidesAck("kamala@example.org")
		if len(ms) != 1 || ms[0].Kind != "disciple_rejected" {
			t.Fatalf("mails to the applicant besides the acknowledgement: %+v, want one rejection", ms)
		}
		if !strings.Contains(ms[0].Subject, "पंजीकरण") || !strings.Contains(ms[0].Text, "Kamala Devi") {
			t.Errorf("rejection mail not in Hindi: %q", ms[0].Subject)
		}
		if strings.Contains(ms[0].Text, "Internal note") {
			t.Error("the admin's reason went to the applicant")
		}
		r = e.call("GET", "/api/users/me/submissions", nil, applicant)
		if !strings.Contains(r.Raw, `"status":"not accepted"`) {
			t.Errorf("My Account: %s", r.Raw)
		}
	})
}

// TestPasswordChangedMail: changing the password in My Account, and
// setting a new one through a reset link, each queue one "your password
// was changed" email to the account, in the account's language, saying
// what to do if it was not them.
func TestPasswordChangedMail(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, acctOptions()...)
		e.register("Alice", "alice@example.org", "9876543210", alicePW)
		tok := e.login("alice@example.org", alicePW, false)
		if r := e.call("PUT", "/api/users/me/language", map[string]any{"language": "bn"}, tok); r.Status != 200 {
			t.Fatalf("language: %d %s", r.Status, r.Raw)
		}
		count := func() (n int, last string) {
			rows, err := st.Reader().QueryContext(t.Context(), `SELECT subject, text_body FROM outbox WHERE kind = 'password_changed' AND to_addr = ? ORDER BY created_at, id`, "alice@example.org")
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			for rows.Next() {
				var subj, text string
				if err := rows.Scan(&subj, &text); err != nil {
					t.Fatal(err)
				}
				n, last = n+1, subj+"\n"+text
			}
			return n, last
		}
		if n, _ := count(); n != 0 {
			t.Fatalf("%d mails before any change", n)
		}
		if r := e.call("POST", "/api/users/change-password", map[string]any{"currentPassword": "wrong wrong wrong", "newPassword": "brand new passphrase"}, tok); r.Status != 400 {
			t.Fatalf("wrong current: %d", r.Status)
		}
		if n, _ := count(); n != 0 {
			t.Fatal("a refused change sent the mail")
		}
		if r := e.call("POST", "/api/users/change-password", map[string]any{"currentPassword": alicePW, "newPassword": "brand new passphrase"}, tok); r.Status != 200 {
			t.Fatalf("change: %d %s", r.Status, r.Raw)
		}
		n, last := count()
		if n != 1 || !strings.Contains(last, "পাসওয়ার্ড") || !strings.Contains(last, "/recoverpassword") {
			t.Fatalf("after the change: %d mails, last %q", n, last)
		}
		reset := e.forgot("alice@example.org", "")
		if r := e.call("POST", "/api/users/reset-password", map[string]any{"token": reset, "password": "reset passphrase"}, ""); r.Status != 200 {
			t.Fatalf("reset: %d %s", r.Status, r.Raw)
		}
		if n, _ := count(); n != 2 {
			t.Fatalf("after the reset: %d mails, want 2", n)
		}
	})
}

// TestUnknownAccountLanguageMailsEnglish: an account whose stored language
// is none of the site's (written before the check, or by hand in the
// database; the API refuses it) is written to in English.
func TestUnknownAccountLanguageMailsEnglish(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, acctOptions()...)
		e.register("Alice", "alice@example.org", "9876543210", alicePW)
		tok := e.login("alice@example.org", alicePW, false)
		if _, err := st.Writer().ExecContext(t.Context(), `UPDATE users SET language = 'fr' WHERE email = ?`, "alice@example.org"); err != nil {
			t.Skipf("the database refuses an unknown language itself: %v", err)
		}
		if r := e.call("POST", "/api/users/change-password", map[string]any{"currentPassword": alicePW, "newPassword": "brand new passphrase"}, tok); r.Status != 200 {
			t.Fatalf("change: %d %s", r.Status, r.Raw)
		}
		var subj, text string
		if err := st.Reader().QueryRowContext(t.Context(), `SELECT subject, text_body FROM outbox WHERE kind = 'password_changed' AND to_addr = ?`, "alice@example.org").Scan(&subj, &text); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(strings.ToLower(subj+text), "password") || strings.ContainsFunc(subj+text, func(r rune) bool { return unicode.In(r, unicode.Devanagari, unicode.Bengali) }) {
			t.Fatalf("not in English: %q\n%s", subj, text)
		}
	})
}

// TestMyAccountShowsReplies: a signed-in person's message, answered by the
// staff, reads "answered" in My Account with the reply's subject and text;
// another person's submissions carry none of it.
func TestMyAccountShowsReplies(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		admin, _ := e.user("admin@example.org", true)
		asha, _ := e.user("asha@example.org", false)
		other, _ := e.user("other@example.org", false)
		msg := validContact()
		msg["email"] = "asha@example.org"
		r := e.call("POST", "/api/contact", msg, asha)
		if r.Status != 201 {
			t.Fatalf("contact: %d %s", r.Status, r.Raw)
		}
		e.ip = "192.0.2.77"
		if r := e.call("POST", "/api/contact", msg, other); r.Status != 201 {
			t.Fatalf("other's contact: %d %s", r.Status, r.Raw)
		}
		mine := func(token string) map[string]any {
			t.Helper()
			r := e.call("GET", "/api/users/me/submissions", nil, token)
			var list []map[string]any
			if err := json.Unmarshal([]byte(r.Raw), &list); err != nil || len(list) != 1 {
				t.Fatalf("submissions: %d %s", r.Status, r.Raw)
			}
			return list[0]
		}
		s := mine(asha)
		if s["status"] != "received" || len(s["replies"].([]any)) != 0 {
			t.Fatalf("before the reply: %v", s)
		}
		id := s["_id"].(string)
		if r := e.call("POST", "/api/admin/messages/"+id+"/replies", map[string]any{"subject": "Your visit", "body": "Dear Asha,\nCome on Sunday."}, admin); r.Status != 201 {
			t.Fatalf("reply: %d %s", r.Status, r.Raw)
		}
		s = mine(asha)
		replies := s["replies"].([]any)
		if s["status"] != "answered" || len(replies) != 1 {
			t.Fatalf("after the reply: %v", s)
		}
		if rp := replies[0].(map[string]any); rp["subject"] != "Your visit" || rp["body"] != "Dear Asha,\nCome on Sunday." || rp["sentAt"] == "" {
			t.Errorf("reply: %v", rp)
		}
		if s := mine(other); s["status"] != "received" || len(s["replies"].([]any)) != 0 {
			t.Errorf("another person sees the reply: %v", s)
		}
	})
}
