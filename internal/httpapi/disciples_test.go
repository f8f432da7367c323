package httpapi

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"spdc/internal/auth"
	"strings"
	"sync"
	"testing"
	"time"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

func validDisciple() map[string]any {
	return map[string]any{
		"fullName": "Madhava Kumar", "dateOfBirth": "1948-05-02", "address": "Radha Kunda", "contactNumber": "+91 98765 43211",
		"discipleEmail": "madhava@example.org", "templePresidentEmail": "president@temple.example",
		"initiationDate": "1972-08-31", "initiationName": "Madhava Das",
	}
}

func validApproval(token string) map[string]any {
	return map[string]any{
		"token": token, "referrerName": "Bhakti Prabhu", "referrerPosition": "Temple President", "referrerContact": "+91 98765 40000",
		"referrerEmail": "president@temple.example", "referrerSignature": "Bhakti Prabhu", "referrerSignedOn": "2025-03-02",
		"applicantSignature": "Madhava Kumar", "applicantSignedOn": "2025-03-01",
	}
}

func TestDiscipleRegisterValidation(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		set := func(k string, v any) func(map[string]any) { return func(p map[string]any) { p[k] = v } }
		n := 0
		// Each accepted case must differ, or it would be a duplicate.
		unique := func(f func(map[string]any)) func(map[string]any) {
			return func(p map[string]any) {
				n++
				p["address"] = p["address"].(string) + " " + strings.Repeat("x", n)
				if f != nil {
					f(p)
				}
			}
		}
		cases := []formsCase{
			{"valid", unique(nil), 201, ""},
			{"only the required fields, phone", unique(func(p map[string]any) {
				p["dateOfBirth"], p["discipleEmail"], p["initiationDate"], p["initiationName"] = "", "", "", ""
			}), 201, ""},
			{"email instead of phone", unique(set("contactNumber", "")), 201, ""},
			{"first initiation day", unique(set("initiationDate", "1966-01-01")), 201, ""},
			{"last initiation day", unique(set("initiationDate", "1977-11-14")), 201, ""},
			{"missing name", set("fullName", ""), 400, "fullName"},
			{"missing temple president", set("templePresidentEmail", ""), 400, "templePresidentEmail"},
			{"temple president is the applicant", set("templePresidentEmail", "MADHAVA@example.org"), 400, "templePresidentEmail"},
			{"no way to reach", func(p map[string]any) { p["contactNumber"], p["discipleEmail"] = "", "" }, 400, "contactNumber"},
			{"not a date", set("dateOfBirth", "02/05/1948"), 400, "dateOfBirth"},
			{"impossible date", set("dateOfBirth", "1948-02-30"), 400, "dateOfBirth"},
			{"birth in the future", set("dateOfBirth", "2030-01-01"), 400, "dateOfBirth"},
			{"initiation before 1966", set("initiationDate", "1965-12-31"), 400, "initiationDate"},
			{"initiation after 1977-11-14", set("initiationDate", "1977-11-15"), 400, "initiationDate"},
			{"bad temple president email", set("templePresidentEmail", "president"), 400, "templePresidentEmail"},
			{"date wrong type", set("dateOfBirth", 1948), 400, "dateOfBirth"},
		}
		cases = append(cases, hostileCases("fullName", 120)...)
		cases = append(cases, hostileCases("initiationName", 120)...)
		runFormCases(t, e, "/api/disciples/register", "disciples", validDisciple, cases)

		r := e.call("POST", "/api/disciples/register", func() map[string]any { p := validDisciple(); p["initiationDate"] = "1980-01-01"; return p }(), "")
		if msg, _ := r.fieldErrors()["initiationDate"].(string); !strings.Contains(msg, "1966") || !strings.Contains(msg, "1977") {
			t.Fatalf("initiation message should name the range: %q", msg)
		}
		// A signed-in applicant cannot name their own account's address.
		token, _ := e.user("self@example.org", false)
		p := validDisciple()
		p["templePresidentEmail"] = "self@example.org"
		if r := e.call("POST", "/api/disciples/register", p, token); r.fieldErrors()["templePresidentEmail"] == nil {
			t.Fatalf("own address accepted: %s", r.Raw)
		}
	})
}

func TestDiscipleConfirmationFlow(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, notifying("office@spdc.example"))
		const tp = "president@temple.example"
		e.referrer(tp, "")

		r := e.call("POST", "/api/disciples/register", validDisciple(), "")
		if r.Status != 201 || r.message() == "" {
			t.Fatalf("register: %d %s", r.Status, r.Raw)
		}
		// The answer is a message, the reference and the time; never the token.
		if len(r.Body) != 3 || r.Body["reference"] == nil || r.Body["receivedAt"] == nil {
			t.Fatalf("the answer must be only a message, a reference and a time: %s", r.Raw)
		}
		// Identical pending registration: no duplicate row, no second mail.
		r = e.call("POST", "/api/disciples/register", validDisciple(), "")
		if r.Status != 200 || e.count("disciples") != 1 || len(e.mails(tp)) != 1 {
			t.Fatalf("duplicate: %d %s, rows %d, mails %d", r.Status, r.Raw, e.count("disciples"), len(e.mails(tp)))
		}
		// The same with different spacing and case is still the same request.
		p := validDisciple()
		p["fullName"] = "  madhava   KUMAR "
		if r := e.call("POST", "/api/disciples/register", p, ""); r.Status != 200 || e.count("disciples") != 1 {
			t.Fatalf("near-duplicate: %d", r.Status)
		}
		if len(e.mails("office@spdc.example")) != 1 {
			t.Fatal("admin copy missing")
		}
		token := e.linkToken(tp)
		var stored string
		_ = st.Reader().QueryRowContext(t.Context(), `SELECT token_hash FROM disciple_tokens`).Scan(&stored)
		if stored == token || stored != auth.HashToken(token) {
			t.Fatal("the token must be stored hashed")
		}
		for _, m := range e.mails("office@spdc.example") {
			if strings.Contains(m.Text+m.HTML, token) {
				t.Fatal("the admin copy carries the token")
			}
		}

		// Opening the link shows whom they confirm and changes nothing.
		for range 3 {
			r = e.call("GET", "/api/approval/"+token, nil, "")
			if r.Status != 200 || r.Body["applicantName"] != "Madhava Kumar" || r.Body["initiationName"] != "Madhava Das" || r.Body["initiationDate"] != "1972-08-31" ||
				r.Body["referrerEmail"] != tp {
				t.Fatalf("info: %d %s", r.Status, r.Raw)
			}
		}
		var status string
		var version int
		_ = st.Reader().QueryRowContext(t.Context(), `SELECT status, version FROM disciples`).Scan(&status, &version)
		if status != "pending" || version != 0 {
			t.Fatalf("opening the link changed the record: %s v%d", status, version)
		}

		// Bad approvals change nothing.
		bad := []struct {
			name   string
			body   map[string]any
			status int
			field  string
		}{
			{"no token", func() map[string]any { b := validApproval(token); delete(b, "token"); return b }(), 400, ""},
			{"unknown token", validApproval(strings.Repeat("A", 43)), 404, ""},
			{"malformed token", validApproval("abc'; --"), 404, ""},
			{"missing referrer name", func() map[string]any { b := validApproval(token); b["referrerName"] = ""; return b }(), 400, "referrerName"},
			{"missing position", func() map[string]any { b := validApproval(token); b["referrerPosition"] = ""; return b }(), 400, "referrerPosition"},
			{"bad contact", func() map[string]any { b := validApproval(token); b["referrerContact"] = "x"; return b }(), 400, "referrerContact"},
			{"bad email", func() map[string]any { b := validApproval(token); b["referrerEmail"] = "nope"; return b }(), 400, "referrerEmail"},
			{"applicant as referrer", func() map[string]any { b := validApproval(token); b["referrerEmail"] = "madhava@example.org"; return b }(), 400, "referrerEmail"},
			{"future signature date", func() map[string]any { b := validApproval(token); b["referrerSignedOn"] = "2026-01-01"; return b }(), 400, "referrerSignedOn"},
		}
		for _, c := range bad {
			r := e.call("POST", "/api/approval/approve", c.body, "")
			if r.Status != c.status || (c.field != "" && r.fieldErrors()[c.field] == nil) {
				t.Fatalf("%s: %d %s", c.name, r.Status, r.Raw)
			}
		}
		_ = st.Reader().QueryRowContext(t.Context(), `SELECT status FROM disciples`).Scan(&status)
		if status != "pending" {
			t.Fatal("a refused approval changed the record")
		}

		// Approve: the record becomes an approved disciple, the applicant is told.
		e.clock = e.clock.Add(24 * time.Hour)
		r = e.call("POST", "/api/approval/approve", validApproval(token), "")
		if r.Status != 200 || r.message() != "User approved and saved successfully!" {
			t.Fatalf("approve: %d %s", r.Status, r.Raw)
		}
		rows, err := st.Reader().QueryContext(t.Context(), `SELECT status, is_approved, referrer_name, referrer_position, referrer_contact, referrer_email,
			referrer_signature, referrer_signed_on, applicant_signature, applicant_signed_on, approved_at FROM disciples`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var st, rn, rp, rc, re, rs, ro, as, ao string
			var approved bool
			var at *int64
			if err := rows.Scan(&st, &approved, &rn, &rp, &rc, &re, &rs, &ro, &as, &ao, &at); err != nil {
				t.Fatal(err)
			}
			if st != "approved" || !approved || rn != "Bhakti Prabhu" || rp != "Temple President" || rc != "+919876540000" ||
				re != "president@temple.example" || rs != "Bhakti Prabhu" || ro != "2025-03-02" || as != "Madhava Kumar" || ao != "2025-03-01" ||
				at == nil || *at != store.Millis(e.clock) {
				t.Fatalf("approved record: %v %v %v %v %v %v %v %v %v %v %v", st, approved, rn, rp, rc, re, rs, ro, as, ao, at)
			}
		}
		rows.Close()
		if len(e.mailsBesidesAck("madhava@example.org")) != 1 {
			t.Fatal("the applicant was not told")
		}
		// Second use of the link, and opening it again: 410.
		if r := e.call("POST", "/api/approval/approve", validApproval(token), ""); r.Status != 410 {
			t.Fatalf("second approve: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/approval/"+token, nil, ""); r.Status != 410 {
			t.Fatalf("info after use: %d", r.Status)
		}
		if r := e.call("POST", "/api/approval/decline", map[string]any{"token": token, "reason": "x"}, ""); r.Status != 410 {
			t.Fatalf("decline after approve: %d", r.Status)
		}
		// Now that it is approved, the same registration may be sent again.
		if r := e.call("POST", "/api/disciples/register", validDisciple(), ""); r.Status != 201 {
			t.Fatalf("after approval: %d", r.Status)
		}

		for _, body := range e.bodies {
			if strings.Contains(body, token) {
				t.Fatalf("an answer carried the token: %s", body)
			}
		}
	})
}

func TestDiscipleDeclineExpiryAndResend(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		const tp = "president@temple.example"
		if r := e.call("POST", "/api/disciples/register", validDisciple(), ""); r.Status != 201 {
			t.Fatal(r.Raw)
		}
		token := e.linkToken(tp)
		if r := e.call("POST", "/api/approval/decline", map[string]any{"token": token, "reason": ""}, ""); r.Status != 400 || r.fieldErrors()["reason"] == nil {
			t.Fatalf("decline without reason: %d %s", r.Status, r.Raw)
		}
		r := e.call("POST", "/api/approval/decline", map[string]any{"token": token, "reason": "I do not know this applicant."}, "")
		if r.Status != 200 {
			t.Fatalf("decline: %d %s", r.Status, r.Raw)
		}
		var status, reason string
		_ = st.Reader().QueryRowContext(t.Context(), `SELECT status, decline_reason FROM disciples`).Scan(&status, &reason)
		if status != "declined" || reason != "I do not know this applicant." {
			t.Fatalf("declined record: %s %q", status, reason)
		}
		if m := e.mailsBesidesAck("madhava@example.org"); len(m) != 1 || !strings.Contains(m[0].Text, "I do not know this applicant.") {
			t.Fatalf("the applicant was not told: %+v", m)
		}
		if r := e.call("POST", "/api/approval/approve", validApproval(token), ""); r.Status != 410 {
			t.Fatalf("approve after decline: %d", r.Status)
		}

		// A second registration that runs out: 410 after 30 days, even
		// before the sweep marks it.
		e.clock = e.clock.Add(time.Minute)
		p := validDisciple()
		p["fullName"] = "Another Applicant"
		if r := e.call("POST", "/api/disciples/register", p, ""); r.Status != 201 {
			t.Fatal(r.Raw)
		}
		token2 := e.linkToken(tp)
		var id string
		_ = st.Reader().QueryRowContext(t.Context(), `SELECT id FROM disciples WHERE full_name = 'Another Applicant'`).Scan(&id)
		e.clock = e.clock.Add(30*24*time.Hour + time.Second)
		if r := e.call("GET", "/api/approval/"+token2, nil, ""); r.Status != 410 || !strings.Contains(r.message(), "expired") {
			t.Fatalf("expired info: %d %s", r.Status, r.Raw)
		}
		if r := e.call("POST", "/api/approval/approve", validApproval(token2), ""); r.Status != 410 {
			t.Fatalf("expired approve: %d", r.Status)
		}

		// Admin resend: only for admins; a fresh link, the old one void,
		// an audit row.
		userTok, _ := e.user("user@example.org", false)
		adminTok, _ := e.user("admin@example.org", true)
		if r := e.call("POST", "/api/admin/pending-disciples/"+id+"/resend", nil, userTok); r.Status != 403 {
			t.Fatalf("non-admin resend: %d", r.Status)
		}
		if r := e.call("POST", "/api/admin/pending-disciples/"+id+"/resend", nil, ""); r.Status != 401 {
			t.Fatalf("anonymous resend: %d", r.Status)
		}
		if r := e.call("POST", "/api/admin/pending-disciples/nope/resend", nil, adminTok); r.Status != 404 {
			t.Fatalf("bad id: %d", r.Status)
		}
		if r := e.call("POST", "/api/admin/pending-disciples/"+store.NewID(e.clock)+"/resend", nil, adminTok); r.Status != 404 {
			t.Fatalf("unknown id: %d", r.Status)
		}
		r = e.call("POST", "/api/admin/pending-disciples/"+id+"/resend", nil, adminTok)
		if r.Status != 200 {
			t.Fatalf("resend: %d %s", r.Status, r.Raw)
		}
		token3 := e.linkToken(tp)
		if token3 == token2 {
			t.Fatal("resend must make a new link")
		}
		if r := e.call("GET", "/api/approval/"+token2, nil, ""); r.Status != 410 || !strings.Contains(r.message(), "replaced") {
			t.Fatalf("old link after resend: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/approval/"+token3, nil, ""); r.Status != 200 {
			t.Fatalf("new link: %d %s", r.Status, r.Raw)
		}
		var audits int
		var actor, entityID, after string
		_ = st.Reader().QueryRowContext(t.Context(), `SELECT COUNT(*), MAX(actor_email), MAX(entity_id), MAX(after_json) FROM audit_log WHERE action = 'resend'`).Scan(&audits, &actor, &entityID, &after)
		if audits != 1 || actor != "admin@example.org" || entityID != id || strings.Contains(after, token3) {
			t.Fatalf("audit: %d %s %s %s", audits, actor, entityID, after)
		}
		// A declined registration cannot be resent.
		var declinedID string
		_ = st.Reader().QueryRowContext(t.Context(), `SELECT id FROM disciples WHERE status = 'declined'`).Scan(&declinedID)
		if r := e.call("POST", "/api/admin/pending-disciples/"+declinedID+"/resend", nil, adminTok); r.Status != 409 {
			t.Fatalf("resend declined: %d", r.Status)
		}
		if r := e.call("POST", "/api/approval/approve", validApproval(token3), ""); r.Status != 200 {
			t.Fatalf("approve with the new link: %d %s", r.Status, r.Raw)
		}
		for _, body := range e.bodies {
			for _, tok := range []string{token, token2, token3} {
				if strings.Contains(body, tok) {
					t.Fatalf("an answer carried a token: %s", body)
				}
			}
		}
	})
}

// TestApproveIsAtomic sends the same confirmation at once from several
// clients: exactly one wins, the others get 410, and one mail goes out.
func TestApproveIsAtomic(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.referrer("president@temple.example", "")
		if r := e.call("POST", "/api/disciples/register", validDisciple(), ""); r.Status != 201 {
			t.Fatal(r.Raw)
		}
		token := e.linkToken("president@temple.example")
		body, _ := json.Marshal(validApproval(token))
		const n = 6
		codes := make(chan int, n)
		var wg sync.WaitGroup
		for range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				req := httptest.NewRequest("POST", "/api/approval/approve", bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				rec := httptest.NewRecorder()
				e.h.ServeHTTP(rec, req)
				codes <- rec.Code
			}()
		}
		wg.Wait()
		close(codes)
		got := map[int]int{}
		for c := range codes {
			got[c]++
		}
		if got[200] != 1 || got[410] != n-1 {
			t.Fatalf("answers: %v", got)
		}
		if m := e.mailsBesidesAck("madhava@example.org"); len(m) != 1 {
			t.Fatalf("applicant mails: %d", len(m))
		}
	})
}
