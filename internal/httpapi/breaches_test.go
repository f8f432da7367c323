package httpapi

import (
	"context"
	"strings"
	"testing"
	"time"

	"spdc/internal/mail"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

func validBreach(found time.Time) map[string]any {
	return map[string]any{
		"occurredAt": found.Add(-48 * time.Hour).Format(time.RFC3339), "foundAt": found.Format(time.RFC3339),
		"whatHappened": "A volunteer's laptop with the hosts' list was stolen.", "dataAffected": "Names, addresses and phone numbers of hosts.",
		"peopleAffected": "The 40 hosts in the list.",
	}
}

// TestBreaches records a breach, works its checklist and sends its notice
// once, one email per affected person; bad input changes nothing.
func TestBreaches(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := newEnv(t, st)
		admin, _ := e.user("admin@spdc.example.org", true)
		user, _ := e.user("someone@example.org", false)
		count := func(q string) int {
			var n int
			if err := st.Reader().QueryRowContext(ctx, q).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		notices := func() int { return count(`SELECT COUNT(*) FROM outbox WHERE kind = '` + mail.KindBreachNotice + `'`) }
		found := e.clock.Add(-2 * time.Hour)

		if r := e.call("POST", "/api/admin/breaches", validBreach(found), user); r.Status != 403 {
			t.Fatalf("non-admin: %d", r.Status)
		}
		bad := []struct {
			name  string
			edit  func(map[string]any)
			field string
		}{
			{"no what", func(b map[string]any) { b["whatHappened"] = "  " }, "whatHappened"},
			{"bad time", func(b map[string]any) { b["foundAt"] = "yesterday" }, "foundAt"},
			{"future", func(b map[string]any) { b["foundAt"] = e.clock.Add(time.Hour).Format(time.RFC3339) }, "foundAt"},
			{"occurred after found", func(b map[string]any) { b["occurredAt"] = found.Add(time.Hour).Format(time.RFC3339) }, "occurredAt"},
			{"too long", func(b map[string]any) { b["contact"] = strings.Repeat("x", 1001) }, "contact"},
			{"control", func(b map[string]any) { b["advice"] = "bad\x00" }, "advice"},
		}
		for _, c := range bad {
			b := validBreach(found)
			c.edit(b)
			r := e.call("POST", "/api/admin/breaches", b, admin)
			errs, _ := r.Body["errors"].(map[string]any)
			if r.Status != 400 || errs[c.field] == nil {
				t.Errorf("%s: %d %s", c.name, r.Status, r.Raw)
			}
		}
		if n := count(`SELECT COUNT(*) FROM breaches`); n != 0 {
			t.Fatalf("bad input saved %d breaches", n)
		}

		r := e.call("POST", "/api/admin/breaches", validBreach(found), admin)
		if r.Status != 201 {
			t.Fatalf("record: %d %s", r.Status, r.Raw)
		}
		b := r.Body["breach"].(map[string]any)
		id := b["_id"].(string)
		if due, _ := time.Parse(time.RFC3339, b["boardReportDueAt"].(string)); !due.Equal(found.Add(72*time.Hour)) || b["recordedBy"] != "admin@spdc.example.org" {
			t.Fatalf("recorded: %v", b)
		}

		// The 72-hour item: ticked, with who and when.
		if r := e.call("PUT", "/api/admin/breaches/"+id+"/checklist/nonsense", map[string]any{"done": true}, admin); r.Status != 404 {
			t.Errorf("unknown item: %d", r.Status)
		}
		r = e.call("PUT", "/api/admin/breaches/"+id+"/checklist/board_report", map[string]any{"done": true}, admin)
		if r.Status != 200 {
			t.Fatalf("tick: %d %s", r.Status, r.Raw)
		}
		var board map[string]any
		for _, c := range r.Body["breach"].(map[string]any)["checklist"].([]any) {
			if c := c.(map[string]any); c["item"] == "board_report" {
				board = c
			}
		}
		if board["done"] != true || board["doneBy"] != "admin@spdc.example.org" || board["dueAt"] == nil ||
			!strings.Contains(board["label"].(string), "within 72 hours") {
			t.Fatalf("board item: %v", board)
		}

		// The notice needs every part written first.
		send := map[string]any{"audience": "addresses", "addresses": "host1@example.org, HOST1@example.org\nhost2@example.org"}
		r = e.call("POST", "/api/admin/breaches/"+id+"/notice", send, admin)
		if errs, _ := r.Body["errors"].(map[string]any); r.Status != 400 || errs["consequences"] == nil || errs["contact"] == nil || notices() != 0 {
			t.Fatalf("incomplete notice: %d %s", r.Status, r.Raw)
		}
		full := validBreach(found)
		full["consequences"], full["measures"] = "Someone may call pretending to be us.", "We told the police."
		full["advice"], full["contact"], full["__v"] = "Do not give money to callers.", "privacy@spdc.example.org", 99
		if r := e.call("PUT", "/api/admin/breaches/"+id, full, admin); r.Status != 409 {
			t.Fatalf("stale version: %d %s", r.Status, r.Raw)
		}
		full["__v"] = b["__v"]
		if r := e.call("PUT", "/api/admin/breaches/"+id, full, admin); r.Status != 200 {
			t.Fatalf("update: %d %s", r.Status, r.Raw)
		}
		for _, c := range []map[string]any{
			{"audience": "everyone"},
			{"audience": "addresses", "addresses": "host1@example.org, not-an-address"},
			{"audience": "addresses", "addresses": " , "},
		} {
			if r := e.call("POST", "/api/admin/breaches/"+id+"/notice", c, admin); r.Status != 400 || r.Body["errors"] == nil {
				t.Errorf("bad notice %v: %d %s", c, r.Status, r.Raw)
			}
		}
		if notices() != 0 {
			t.Fatal("a refused notice queued mail")
		}
		r = e.call("POST", "/api/admin/breaches/"+id+"/notice", send, admin)
		if r.Status != 200 {
			t.Fatalf("send: %d %s", r.Status, r.Raw)
		}
		sent := r.Body["breach"].(map[string]any)
		if n := sent["notice"].(map[string]any)["count"]; n != float64(2) || notices() != 2 {
			t.Fatalf("notice count %v, %d queued", n, notices())
		}
		m := e.mails("host1@example.org")
		if len(m) != 1 || !strings.Contains(m[0].Text, "Do not give money to callers.") || !strings.Contains(m[0].Text, "privacy@spdc.example.org") {
			t.Fatalf("mail: %+v", m)
		}
		for _, c := range sent["checklist"].([]any) {
			if c := c.(map[string]any); c["item"] == "people_told" && c["done"] != true {
				t.Error("sending did not tick 'Tell each affected person'")
			}
		}
		if r := e.call("POST", "/api/admin/breaches/"+id+"/notice", send, admin); r.Status != 409 || notices() != 2 {
			t.Fatalf("second send: %d, %d queued", r.Status, notices())
		}
		var after string
		if err := st.Reader().QueryRowContext(ctx, `SELECT after_json FROM audit_log WHERE action = 'breach_notice' AND entity_id = ?`, id).Scan(&after); err != nil ||
			!strings.Contains(after, `"queued":2`) || strings.Contains(after, "host1") {
			t.Fatalf("audit: %s %v", after, err)
		}

		// Every account: one email to each.
		full["__v"] = nil
		r = e.call("POST", "/api/admin/breaches", full, admin)
		if r.Status != 201 {
			t.Fatalf("second breach: %d %s", r.Status, r.Raw)
		}
		id2 := r.Body["breach"].(map[string]any)["_id"].(string)
		if r := e.call("POST", "/api/admin/breaches/"+id2+"/notice", map[string]any{"audience": "accounts"}, admin); r.Status != 200 || notices() != 4 {
			t.Fatalf("to accounts: %d %s, %d queued", r.Status, r.Raw, notices())
		}
		if len(e.mails("someone@example.org")) != 1 {
			t.Error("an account got no notice")
		}
		r = e.call("GET", "/api/admin/breaches", nil, admin)
		if list, _ := r.Body["breaches"].([]any); r.Status != 200 || len(list) != 2 {
			t.Fatalf("list: %d %s", r.Status, r.Raw)
		}
	})
}
