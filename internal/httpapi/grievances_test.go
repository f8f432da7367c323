package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"spdc/internal/auth"
	"spdc/internal/mail"
	"spdc/internal/privacyjobs"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

func validGrievance() map[string]any {
	return map[string]any{"name": "Radha Devi", "email": "radha@example.org", "phone": "", "message": "Please tell me what you hold about me."}
}

// TestGrievances: visitors write to the grievance officer (message
// required, a way to reach them required, limited like every form);
// admins list them with their deadline and answer by email once.
func TestGrievances(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, notifying("office@spdc.example.org"))
		set := func(k string, v any) func(map[string]any) { return func(p map[string]any) { p[k] = v } }
		runFormCases(t, e, "/api/grievances", "grievances", validGrievance, []formsCase{
			{"valid", nil, 201, ""},
			{"empty message", set("message", "  "), 400, "message"},
			{"no name", set("name", ""), 400, "name"},
			{"no way to reach", func(p map[string]any) { p["email"] = "" }, 400, "email"},
			{"bad email", set("email", "radha-at-example"), 400, "email"},
			{"phone only", func(p map[string]any) { p["email"], p["phone"] = "", "+91 98765 43210" }, 201, ""},
		})
		if ms := e.mails("radha@example.org"); len(ms) == 0 || !strings.Contains(ms[0].Text, "90 days") || strings.Contains(ms[0].Subject, "Please tell") {
			t.Fatalf("acknowledgement: %+v", ms)
		}
		adminTok, _ := e.user("admin@spdc.example.org", true)
		userTok, _ := e.user("user@example.org", false)
		if r := e.call("GET", "/api/admin/grievances", nil, userTok); r.Status != 403 {
			t.Fatalf("non-admin list: %d", r.Status)
		}
		r := e.call("GET", "/api/admin/grievances", nil, adminTok)
		var list []map[string]any
		if err := json.Unmarshal([]byte(r.Raw), &list); err != nil || r.Status != 200 || len(list) != 2 {
			t.Fatalf("admin list: %d %s", r.Status, r.Raw)
		}
		g := list[0]
		created, _ := time.Parse(time.RFC3339, g["createdAt"].(string))
		due, _ := time.Parse(time.RFC3339, g["dueAt"].(string))
		if due.Sub(created) != store.GrievanceDeadline || g["status"] != "open" {
			t.Fatalf("deadline: %v", g)
		}
		var withEmail map[string]any
		for _, x := range list {
			if x["email"] == "radha@example.org" {
				withEmail = x
			}
		}
		id := withEmail["_id"].(string)
		if r := e.call("PUT", "/api/admin/grievances/"+id, map[string]any{"answer": " ", "__v": 0}, adminTok); r.Status != 400 || r.fieldErrors()["answer"] == nil {
			t.Fatalf("empty answer: %d %s", r.Status, r.Raw)
		}
		if r := e.call("PUT", "/api/admin/grievances/"+id, map[string]any{"answer": "x", "__v": 5}, adminTok); r.Status != 409 {
			t.Fatalf("stale version: %d %s", r.Status, r.Raw)
		}
		if r := e.call("PUT", "/api/admin/grievances/"+id, map[string]any{"answer": "We hold your volunteer form.", "__v": 0}, userTok); r.Status != 403 {
			t.Fatalf("non-admin answer: %d", r.Status)
		}
		r = e.call("PUT", "/api/admin/grievances/"+id, map[string]any{"answer": "We hold your volunteer form.", "__v": 0}, adminTok)
		if r.Status != 200 || r.Body["status"] != "answered" || r.Body["answeredBy"] != "admin@spdc.example.org" {
			t.Fatalf("answer: %d %s", r.Status, r.Raw)
		}
		found := false
		for _, m := range e.mails("radha@example.org") {
			if m.Kind == mail.KindGrievanceAnswer && strings.Contains(m.Text, "We hold your volunteer form.") {
				found = true
			}
		}
		if !found {
			t.Fatal("the answer was not mailed")
		}
		if r := e.call("PUT", "/api/admin/grievances/"+id, map[string]any{"answer": "Again", "__v": 1}, adminTok); r.Status != 409 {
			t.Fatalf("second answer: %d", r.Status)
		}
		// A visitor cannot answer their own grievance.
		forged := validGrievance()
		forged["answer"], forged["status"] = "Answered by myself", "answered"
		if r := e.call("POST", "/api/grievances", forged, ""); r.Status != 201 {
			t.Fatalf("forged: %d %s", r.Status, r.Raw)
		}
		var answer, status string
		if err := st.Reader().QueryRowContext(context.Background(), `SELECT answer, status FROM grievances ORDER BY created_at DESC, id DESC LIMIT 1`).Scan(&answer, &status); err != nil || answer != "" || status != "open" {
			t.Fatalf("a visitor set the answer: %q %q %v", answer, status, err)
		}
		// Limited like every public form.
		e.ip = "192.0.2.99"
		got429 := false
		for i := 0; i <= auth.FormsPerAddress.Max; i++ {
			if r := e.call("POST", "/api/grievances", validGrievance(), ""); r.Status == 429 {
				got429 = true
			}
		}
		if !got429 {
			t.Fatal("grievances are not limited per client")
		}
	})
}

// TestGrievanceReminders: with a fake clock, an open grievance is brought
// to every admin once, two weeks before its deadline, even with two
// instances sweeping; an answered one never.
func TestGrievanceReminders(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.user("admin1@spdc.example.org", true)
		e.user("admin2@spdc.example.org", true)
		if r := e.call("POST", "/api/grievances", validGrievance(), ""); r.Status != 201 {
			t.Fatalf("grievance: %d %s", r.Status, r.Raw)
		}
		r := mail.NewRenderer(mail.Site{Name: "SPDC", PublicURL: "http://test.local"})
		a := &privacyjobs.Sweeper{Store: st, Mail: r, Now: func() time.Time { return e.clock }}
		b := &privacyjobs.Sweeper{Store: st, Mail: r, Now: func() time.Time { return e.clock }}
		ctx := context.Background()
		reminders := func() int {
			n := 0
			for _, to := range []string{"admin1@spdc.example.org", "admin2@spdc.example.org"} {
				for _, m := range e.mails(to) {
					if m.Kind == mail.KindGrievanceReminder {
						n++
					}
				}
			}
			return n
		}
		e.clock = e.clock.Add(store.GrievanceDeadline - store.GrievanceRemindBefore - time.Hour)
		if res, err := a.RunOnce(ctx); err != nil || res.Reminded != 0 || reminders() != 0 {
			t.Fatalf("too early: %+v %v %d", res, err, reminders())
		}
		e.clock = e.clock.Add(2 * time.Hour)
		ra, err := a.RunOnce(ctx)
		if err != nil {
			t.Fatal(err)
		}
		rb, err := b.RunOnce(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if ra.Reminded+rb.Reminded != 1 || reminders() != 2 {
			t.Fatalf("reminded %d+%d, %d mails", ra.Reminded, rb.Reminded, reminders())
		}
		for _, m := range e.mails("admin1@spdc.example.org") {
			if strings.Contains(m.Text, "Please tell me") {
				t.Error("the reminder carries what the person wrote")
			}
		}
	})
}

// TestRetentionErasesEndedRequests: with a fake clock, a declined disciple
// request is erased (through the erasure path) once the retention period
// has passed since it ended, and not before; a pending one stays; two
// instances sweeping erase it once.
func TestRetentionErasesEndedRequests(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		declined := validDisciple()
		declined["fullName"], declined["discipleEmail"], declined["templePresidentEmail"] = erName, erEmail, "president1@temple.example"
		if r := e.call("POST", "/api/disciples/register", declined, ""); r.Status != 201 {
			t.Fatalf("disciple: %d %s", r.Status, r.Raw)
		}
		tok := e.linkToken("president1@temple.example")
		if r := e.call("POST", "/api/approval/decline", map[string]any{"token": tok, "reason": "I do not know this person"}, ""); r.Status != 200 {
			t.Fatalf("decline: %d %s", r.Status, r.Raw)
		}
		e.ip = "192.0.2.12"
		if r := e.call("POST", "/api/disciples/register", validDisciple(), ""); r.Status != 201 {
			t.Fatalf("pending disciple: %d %s", r.Status, r.Raw)
		}
		// Two contact messages: one the staff answered, one still new.
		ctx := context.Background()
		tab := store.AdminTabByName("messages")
		for i, status := range []string{"answered", "new"} {
			e.ip = fmt.Sprintf("192.0.2.%d", 20+i)
			msg := validContact()
			if status == "answered" {
				msg["name"], msg["email"] = erName, erEmail
			}
			r := e.call("POST", "/api/contact", msg, "")
			if r.Status != 201 {
				t.Fatalf("contact: %d %s", r.Status, r.Raw)
			}
			id, _ := r.Body["contact"].(map[string]any)["_id"].(string)
			if _, err := st.AdminUpdate(ctx, tab, id, 0, store.Actor{ID: "staff", Email: "staff@spdc.example.org"}, func(*store.Record) (map[string]any, error) {
				return map[string]any{"status": status}, nil
			}); err != nil {
				t.Fatalf("status %s: %v", status, err)
			}
		}
		r := mail.NewRenderer(mail.Site{Name: "SPDC", PublicURL: "http://test.local"})
		a := &privacyjobs.Sweeper{Store: st, Mail: r, Now: func() time.Time { return e.clock }, RetentionMonths: 12}
		b := &privacyjobs.Sweeper{Store: st, Mail: r, Now: func() time.Time { return e.clock }, RetentionMonths: 12}
		e.clock = e.clock.AddDate(0, 11, 0)
		if res, err := a.RunOnce(ctx); err != nil || res.Erased != 0 || res.Answered != 0 || e.count("disciples") != 2 || e.count("messages") != 2 {
			t.Fatalf("too early: %+v %v", res, err)
		}
		e.clock = e.clock.AddDate(0, 1, 2)
		ra, err := a.RunOnce(ctx)
		if err != nil {
			t.Fatal(err)
		}
		rb, err := b.RunOnce(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if ra.Erased+rb.Erased != 1 || e.count("disciples") != 1 {
			t.Fatalf("erased %d+%d, %d left", ra.Erased, rb.Erased, e.count("disciples"))
		}
		if ra.Answered+rb.Answered != 1 || e.count("messages") != 1 {
			t.Fatalf("answered messages erased %d+%d, %d left", ra.Answered, rb.Answered, e.count("messages"))
		}
		if found := scanForPerson(t, st, erEmail, erName); len(found) > 0 {
			t.Errorf("left after retention: %v", found)
		}
		var actor string
		if err := st.Reader().QueryRowContext(ctx, `SELECT actor_email FROM audit_log WHERE action = 'erase' LIMIT 1`).Scan(&actor); err != nil || actor != store.ErasedByRetention.Email {
			t.Errorf("erasure record: %q %v", actor, err)
		}
	})
}

// The answer goes in the language the person wrote in; each admin's
// reminder in the admin's own language.
func TestGrievanceMailInTheirLanguage(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		hiTok, hiID := e.user("admin-hi@spdc.example.org", true)
		e.user("admin-en@spdc.example.org", true)
		if _, err := st.Writer().ExecContext(context.Background(), `UPDATE users SET language = 'hi' WHERE id = ?`, hiID); err != nil {
			t.Fatal(err)
		}
		g := validGrievance()
		g["email"] = "gopal@example.org"
		if r := e.callWith("POST", "/api/grievances", g, "", map[string]string{"Accept-Language": "bn"}); r.Status != 201 {
			t.Fatalf("grievance: %d %s", r.Status, r.Raw)
		}
		var list []map[string]any
		r := e.call("GET", "/api/admin/grievances", nil, hiTok)
		if err := json.Unmarshal([]byte(r.Raw), &list); err != nil || len(list) != 1 {
			t.Fatalf("list: %s", r.Raw)
		}

		kindOf := func(to, kind string) outboxMail {
			for _, m := range e.mails(to) {
				if m.Kind == kind {
					return m
				}
			}
			t.Fatalf("no %s to %s", kind, to)
			return outboxMail{}
		}
		id := list[0]["_id"].(string)
		if r := e.call("PUT", "/api/admin/grievances/"+id, map[string]any{"answer": "We hold your volunteer form.", "__v": list[0]["__v"]}, hiTok); r.Status != 200 {
			t.Fatalf("answer: %d %s", r.Status, r.Raw)
		}
		if m := kindOf("gopal@example.org", mail.KindGrievanceAnswer); !strings.Contains(m.Subject, "উত্তর") || !strings.Contains(m.Text, "We hold your volunteer form.") ||
			!strings.Contains(m.HTML, "We hold your volunteer form.") {
			t.Errorf("Bengali answer: %q %q", m.Subject, m.Text)
		}
		// A second grievance, left unanswered, brings the reminders.
		if r := e.call("POST", "/api/grievances", validGrievance(), ""); r.Status != 201 {
			t.Fatalf("second grievance: %d %s", r.Status, r.Raw)
		}
		sweeper := &privacyjobs.Sweeper{Store: st, Mail: mail.NewRenderer(mail.Site{Name: "SPDC", PublicURL: "http://test.local"}), Now: func() time.Time { return e.clock }}
		e.clock = e.clock.Add(store.GrievanceDeadline - store.GrievanceRemindBefore + time.Hour)
		if res, err := sweeper.RunOnce(context.Background()); err != nil || res.Reminded != 1 {
			t.Fatalf("reminders: %+v %v", res, err)
		}
		if m := kindOf("admin-hi@spdc.example.org", mail.KindGrievanceReminder); !strings.Contains(m.Subject, "शिकायत") || !strings.Contains(m.Text, "/admin") {
			t.Errorf("Hindi reminder: %q", m.Subject)
		}
		if m := kindOf("admin-en@spdc.example.org", mail.KindGrievanceReminder); !strings.Contains(m.Subject, "a grievance must be answered by") {
			t.Errorf("English reminder: %q", m.Subject)
		}
	})
}
