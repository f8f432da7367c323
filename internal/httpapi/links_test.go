package httpapi

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"spdc/internal/mail"
	"spdc/internal/outbox"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// tableNames lists every table of the store's database (its schema on
// PostgreSQL).
func tableNames(t *testing.T, st *store.Store) []string {
	t.Helper()
	q := `SELECT name FROM sqlite_master WHERE type = 'table'`
	if st.Dialect() == store.Postgres {
		q = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`
	}
	rows, err := st.Reader().QueryContext(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		out = append(out, n)
	}
	return out
}

// findInDatabase returns "table: value" for every cell of every table
// whose text holds one of needles.
func findInDatabase(t *testing.T, st *store.Store, needles []string) []string {
	t.Helper()
	var hits []string
	for _, table := range tableNames(t, st) {
		rows, err := st.Reader().QueryContext(context.Background(), `SELECT * FROM `+table)
		if err != nil {
			t.Fatalf("%s: %v", table, err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			for i, v := range vals {
				var s string
				switch x := v.(type) {
				case string:
					s = x
				case []byte:
					s = string(x)
				default:
					continue
				}
				for _, n := range needles {
					if strings.Contains(s, n) {
						hits = append(hits, table+"."+cols[i])
					}
				}
			}
		}
		rows.Close()
	}
	return hits
}

// TestNoUsableLinkInDatabase sends a reset mail and a confirmation mail
// through the real outbox worker, checks that the links work, then reads
// every text cell of every table and finds neither token (only their
// hashes, which cannot be turned back into links).
func TestNoUsableLinkInDatabase(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, notifying("office@spdc.example"))
		e.user("member@example.org", false)
		if r := e.call("POST", "/api/users/forgot-password", map[string]any{"email": "member@example.org"}, ""); r.Status != 200 {
			t.Fatalf("forgot: %d %s", r.Status, r.Raw)
		}
		if r := e.call("POST", "/api/disciples/register", validDisciple(), ""); r.Status != 201 {
			t.Fatalf("register: %d %s", r.Status, r.Raw)
		}
		confirm := e.linkToken("president@temple.example")
		var reset string
		for _, m := range e.mb.To("member@example.org") {
			if l := resetLinkRE.FindStringSubmatch(m.Text); l != nil {
				reset = l[1]
			}
		}
		if reset == "" {
			t.Fatal("no reset link was sent")
		}
		if r := e.call("GET", "/api/approval/"+confirm, nil, ""); r.Status != 200 {
			t.Fatalf("the confirmation link does not work: %d", r.Status)
		}
		if hits := findInDatabase(t, st, []string{reset, confirm}); len(hits) > 0 {
			t.Fatalf("a usable token is stored in %v", hits)
		}
		var sent int
		_ = st.Reader().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM outbox WHERE status = 'sent' AND link_kind <> ''`).Scan(&sent)
		if sent != 2 {
			t.Errorf("%d link-bearing messages sent, want 2", sent)
		}
		if r := e.call("POST", "/api/users/reset-password", map[string]any{"token": reset, "password": "a brand new passphrase"}, ""); r.Status != 200 {
			t.Fatalf("the reset link does not work: %d %s", r.Status, r.Raw)
		}
	})
}

// failOnce is a worker whose sender refuses every message for good and
// reports the links it was handed.
func failOnce(t *testing.T, e *env) []string {
	t.Helper()
	var seen []string
	w := outbox.NewWorker(e.st, mail.SenderFunc(func(_ context.Context, m mail.Message) error {
		seen = append(seen, m.Text)
		return mail.Permanent(errors.New("550 mailbox unavailable"))
	}), outbox.Options{Now: func() time.Time { return e.clock }})
	if _, err := w.ProcessOnce(context.Background()); err != nil {
		t.Fatal(err)
	}
	return seen
}

// failedMail is the newest failed message, as the mail tab lists it: its
// id and kind.
func failedMail(t *testing.T, st *store.Store) (id, kind string) {
	t.Helper()
	q := store.AdminQuery{Filters: map[string]string{"status": outbox.StatusFailed}, Page: 1, PageSize: 1}
	err := st.AdminList(context.Background(), store.AdminTabByName("mail"), q, func(r *store.Record) error {
		id, kind = r.ID(), r.Get("kind").(string)
		return nil
	})
	if err != nil || id == "" {
		t.Fatalf("no failed mail: %v", err)
	}
	return id, kind
}

// TestRetryAndResendMakeFreshLinks: a reset mail that failed gets a new
// token on an admin retry (the one its failed attempt carried never
// works); a resend of a confirmation makes a new link and the old one is
// refused; a link that ran out before its mail could be sent is not sent.
func TestRetryAndResendMakeFreshLinks(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.user("member@example.org", false)

		if r := e.call("POST", "/api/users/forgot-password", map[string]any{"email": "member@example.org"}, ""); r.Status != 200 {
			t.Fatalf("forgot: %d", r.Status)
		}
		seen := failOnce(t, e)
		if len(seen) != 1 || resetLinkRE.FindStringSubmatch(seen[0]) == nil {
			t.Fatalf("failing sender saw %d messages", len(seen))
		}
		dead := resetLinkRE.FindStringSubmatch(seen[0])[1]
		rowID, rowKind := failedMail(t, st)
		if rowKind != mail.KindPasswordReset {
			t.Fatalf("failed mail of kind %q", rowKind)
		}
		if r := e.call("POST", "/api/users/reset-password", map[string]any{"token": dead, "password": "a brand new passphrase"}, ""); r.Status != 400 {
			t.Fatalf("the link of a failed attempt works: %d", r.Status)
		}
		e.clock = e.clock.Add(3 * time.Hour) // long after the first link's hour
		// The admin signs in only now: a session idle through the three
		// hours would have ended after 30 minutes.
		admin, _ := e.user("admin@example.org", true)
		if r := e.call("POST", "/api/admin/mail/"+rowID+"/retry", nil, admin); r.Status != 200 {
			t.Fatalf("retry: %d %s", r.Status, r.Raw)
		}
		ms := e.mb.To("member@example.org")
		if len(ms) != 1 {
			t.Fatalf("retry delivered %d mails", len(ms))
		}
		fresh := resetLinkRE.FindStringSubmatch(ms[0].Text)[1]
		if fresh == dead {
			t.Fatal("the retry reused the old token")
		}
		if r := e.call("POST", "/api/users/reset-password", map[string]any{"token": fresh, "password": "a brand new passphrase"}, ""); r.Status != 200 {
			t.Fatalf("the retried link does not work: %d %s", r.Status, r.Raw)
		}

		// Resend: a new link, and the old one is refused.
		if r := e.call("POST", "/api/disciples/register", validDisciple(), ""); r.Status != 201 {
			t.Fatalf("register: %d", r.Status)
		}
		first := e.linkToken("president@temple.example")
		var id string
		_ = st.Reader().QueryRowContext(context.Background(), `SELECT id FROM disciples`).Scan(&id)
		if r := e.call("POST", "/api/admin/pending-disciples/"+id+"/resend", nil, admin); r.Status != 200 {
			t.Fatalf("resend: %d %s", r.Status, r.Raw)
		}
		second := e.linkToken("president@temple.example")
		if second == first {
			t.Fatal("the resend reused the old token")
		}
		if r := e.call("GET", "/api/approval/"+first, nil, ""); r.Status != http.StatusGone {
			t.Fatalf("old link after resend: %d", r.Status)
		}
		if r := e.call("GET", "/api/approval/"+second, nil, ""); r.Status != 200 {
			t.Fatalf("new link after resend: %d", r.Status)
		}

		// A reset whose hour passes before it could be sent ends, visibly.
		if r := e.call("POST", "/api/users/forgot-password", map[string]any{"email": "member@example.org"}, ""); r.Status != 200 {
			t.Fatalf("forgot: %d", r.Status)
		}
		e.clock = e.clock.Add(61 * time.Minute)
		resets := 0
		for _, m := range e.mb.To("member@example.org") {
			if m.Kind == mail.KindPasswordReset {
				resets++
			}
		}
		if resets != 1 {
			t.Fatalf("an expired reset was sent (%d reset mails)", resets)
		}
		var status, lastErr string
		_ = st.Reader().QueryRowContext(context.Background(), `SELECT status, last_error FROM outbox WHERE kind = 'password_reset' ORDER BY created_at DESC LIMIT 1`).Scan(&status, &lastErr)
		if status != outbox.StatusFailed || !strings.Contains(lastErr, "ran out") {
			t.Fatalf("expired reset: %s %q", status, lastErr)
		}
	})
}
