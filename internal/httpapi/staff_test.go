package httpapi

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"spdc/internal/auth"
	"spdc/internal/mail"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

func staffJSON(t *testing.T, r resp, dst any) {
	t.Helper()
	if err := json.Unmarshal([]byte(r.Raw), dst); err != nil {
		t.Fatalf("%v: %s", err, r.Raw)
	}
}

func staffFieldErr(t *testing.T, body []byte, field string) {
	t.Helper()
	var b struct {
		Fields map[string]string `json:"fields"`
		Errors map[string]string `json:"errors"`
	}
	_ = json.Unmarshal(body, &b)
	if b.Fields[field] == "" && b.Errors[field] == "" && !strings.Contains(string(body), field) {
		t.Errorf("the error does not name %s: %s", field, body)
	}
}

func TestStaffStatusOwnerAndFiltersAPI(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withAdminWorld(), notifying("office@example.org"))
		vol2 := adminSeedVol(t, st.Writer(), "Vol Two", "vol2@example.org", 6)
		path := "/api/admin/volunteers/" + e.volID
		audit := e.auditCount(t)

		// Bad input: a clear 400 naming the field, nothing changed.
		for _, c := range []struct {
			body  map[string]any
			field string
			code  int
		}{
			{map[string]any{"status": "approved", "__v": 0}, "status", 400},
			{map[string]any{"assigneeId": e.userID, "__v": 0}, "assigneeId", 400},
			{map[string]any{"assigneeId": "not-an-id", "__v": 0}, "assigneeId", 400},
			{map[string]any{"status": "contacted", "__v": 7}, "", 409},
		} {
			rec := e.call("PUT", path, c.body, e.adminTok)
			if rec.Status != c.code {
				t.Errorf("%v: %d %s", c.body, rec.Status, rec.Body)
			}
			if c.field != "" {
				staffFieldErr(t, []byte(rec.Raw), c.field)
			}
		}
		if e.auditCount(t) != audit || e.version(t, "volunteers", e.volID) != 0 {
			t.Fatal("a refused edit changed something")
		}

		rec := e.call("PUT", path, map[string]any{"status": "contacted", "assigneeId": e.admin2ID, "__v": 0}, e.adminTok)
		if rec.Status != 200 {
			t.Fatalf("edit: %d %s", rec.Status, rec.Body)
		}
		var saved map[string]any
		staffJSON(t, rec, &saved)
		if saved["status"] != "contacted" || saved["owner"] != "Other Admin" || saved["__v"] != float64(1) {
			t.Fatalf("saved: %v", saved)
		}
		if e.auditCount(t) != audit+1 {
			t.Fatal("the change is not in the audit log")
		}

		total := func(q string) string {
			rec := e.call("GET", "/api/admin/volunteers?"+q, nil, e.adminTok)
			if rec.Status != 200 {
				t.Fatalf("list %s: %d %s", q, rec.Status, rec.Body)
			}
			return rec.Header.Get("X-Total-Count")
		}
		if n := total("status=new"); n != "1" {
			t.Errorf("new: %s", n)
		}
		if n := total("assigneeId=me"); n != "0" {
			t.Errorf("mine before: %s", n)
		}
		if rec := e.call("PUT", "/api/admin/volunteers/"+vol2, map[string]any{"assigneeId": e.adminID, "__v": 0}, e.adminTok); rec.Status != 200 {
			t.Fatalf("assign to myself: %d %s", rec.Status, rec.Body)
		}
		if n := total("assigneeId=me&status=new&page=1&pageSize=5"); n != "1" {
			t.Errorf("mine and new: %s", n)
		}
		if n := total("assigneeId=none"); n != "0" {
			t.Errorf("nobody's: %s", n)
		}
		for _, q := range []string{"status=approved", "assigneeId=someone"} {
			rec := e.call("GET", "/api/admin/volunteers?"+q, nil, e.adminTok)
			if rec.Status != 400 {
				t.Errorf("%s: %d", q, rec.Status)
			}
		}
		// Sorted and exported like every column; a selection alone.
		rec = e.call("GET", "/api/admin/volunteers/export.csv?ids="+vol2, nil, e.adminTok)
		lines := strings.Split(strings.TrimSpace(rec.Raw), "\n")
		if rec.Status != 200 || len(lines) != 2 || !strings.Contains(lines[0], "Status") || !strings.Contains(lines[0], "Owner") ||
			!strings.Contains(lines[1], "Main Admin") {
			t.Fatalf("export of a selection: %d %q", rec.Status, lines)
		}
		// The owner's name comes from another table: no index orders the
		// list by it, so the list does not offer that sort.
		if rec := e.call("GET", "/api/admin/volunteers?sort=-owner", nil, e.adminTok); rec.Status != 400 {
			t.Fatalf("sort by owner: %d", rec.Status)
		}

		// The volunteer sees the public words of the status in My Account.
		own := &store.Volunteer{UserID: e.userID, FullName: "Plain User", Email: "user@example.org", Experience: "e", Motivation: "m", Skills: "s", Consent: true}
		if err := store.InsertVolunteer(context.Background(), st.Writer(), own, time.UnixMilli(7)); err != nil {
			t.Fatal(err)
		}
		if rec := e.call("PUT", "/api/admin/volunteers/"+own.ID, map[string]any{"status": "interview", "__v": 0}, e.adminTok); rec.Status != 200 {
			t.Fatal(rec.Body)
		}
		var subs []submissionJSON
		staffJSON(t, e.call("GET", "/api/users/me/submissions", nil, e.userTok), &subs)
		if len(subs) != 1 || subs[0].Status != "interview" {
			t.Fatalf("my submissions: %+v", subs)
		}
	})
}

func TestStaffNotesAPI(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withAdminWorld(), notifying("office@example.org"))
		notes := "/api/admin/hosts/" + e.hostID + "/notes"
		for _, body := range []map[string]any{{"body": "  "}, {"body": strings.Repeat("n", store.NoteMaxLen+1)}, {"body": "bell\x07"}} {
			rec := e.call("POST", notes, body, e.adminTok)
			if rec.Status != 400 {
				t.Errorf("note %q: %d", body["body"], rec.Status)
			}
			staffFieldErr(t, []byte(rec.Raw), "body")
		}
		for _, b := range []string{"Called on Tuesday", "Will visit Vrindavan in March"} {
			if rec := e.call("POST", notes, map[string]any{"body": b}, e.adminTok); rec.Status != 201 {
				t.Fatalf("add note: %d %s", rec.Status, rec.Body)
			}
		}
		var list []store.Note
		staffJSON(t, e.call("GET", notes, nil, e.adminTok), &list)
		if len(list) != 2 || list[0].Body != "Will visit Vrindavan in March" || list[0].AuthorEmail != "admin@example.org" {
			t.Fatalf("notes: %+v", list)
		}
		// The list search finds the host by its note.
		if n := e.call("GET", "/api/admin/hosts?q=vrindavan%20in%20march", nil, e.adminTok).Header.Get("X-Total-Count"); n != "1" {
			t.Fatalf("search by note: %s", n)
		}
		// Not for users, not without a record, not for a non-admin.
		if rec := e.call("GET", "/api/admin/users/"+e.userID+"/notes", nil, e.adminTok); rec.Status != 404 {
			t.Errorf("notes of a user: %d", rec.Status)
		}
		if rec := e.call("POST", "/api/admin/hosts/"+e.volID+"/notes", map[string]any{"body": "x"}, e.adminTok); rec.Status != 404 {
			t.Errorf("note on a missing host: %d", rec.Status)
		}
		if rec := e.call("GET", notes, nil, e.userTok); rec.Status != 403 {
			t.Errorf("notes for a user: %d", rec.Status)
		}
		// Never shown to the person: the host's own record has no notes.
		if strings.Contains(e.call("GET", "/api/users/me/submissions", nil, e.userTok).Raw, "Vrindavan in March") {
			t.Error("a note reached the person")
		}
	})
}

func TestStaffRepliesAPI(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withAdminWorld(), notifying("office@example.org"))
		replies := "/api/admin/messages/" + e.msgID + "/replies"
		rec := e.call("POST", replies, map[string]any{"body": " "}, e.adminTok)
		if rec.Status != 400 {
			t.Fatalf("empty reply: %d", rec.Status)
		}
		staffFieldErr(t, []byte(rec.Raw), "body")
		if rec := e.call("POST", replies, map[string]any{"subject": "two\nlines", "body": "x"}, e.adminTok); rec.Status != 400 {
			t.Fatalf("subject of two lines: %d", rec.Status)
		}
		rec = e.call("POST", replies, map[string]any{"subject": "Your question", "body": "Dear Sender,\nWe will call you."}, e.adminTok)
		if rec.Status != 201 {
			t.Fatalf("reply: %d %s", rec.Status, rec.Body)
		}
		var out struct {
			Reply  store.Reply    `json:"reply"`
			Record map[string]any `json:"record"`
		}
		staffJSON(t, rec, &out)
		if out.Record["status"] != "answered" || out.Reply.To != "m@example.org" {
			t.Fatalf("after the reply: %+v", out)
		}
		var kind, to, replyTo, text string
		if err := st.Reader().QueryRowContext(context.Background(), `SELECT kind, to_addr, reply_to, text_body FROM outbox WHERE id = ?`, out.Reply.OutboxID).
			Scan(&kind, &to, &replyTo, &text); err != nil {
			t.Fatal(err)
		}
		if kind != mail.KindStaffReply || to != "m@example.org" || replyTo != "office@example.org" || !strings.Contains(text, "We will call you.") {
			t.Fatalf("queued: %s %s %s %q", kind, to, replyTo, text)
		}
		var history []store.Reply
		staffJSON(t, e.call("GET", replies, nil, e.adminTok), &history)
		if len(history) != 1 || history[0].MailStatus != "pending" || history[0].Subject != "Your question" {
			t.Fatalf("history: %+v", history)
		}

		// The unsubscribe link in the mail works once opened, a tampered
		// one does not, and no reply goes to the address afterwards.
		link := regexp.MustCompile(`http://test.local(/unsubscribe/[A-Za-z0-9_.-]+)`).FindStringSubmatch(text)
		if link == nil {
			t.Fatalf("no unsubscribe link in %q", text)
		}
		if rec := e.call("GET", link[1]+"x", nil, ""); rec.Status != 400 {
			t.Errorf("tampered link: %d", rec.Status)
		}
		// The link is an opaque token, stored only as its hash: nothing in
		// it, encoded or not, is the address; a link of the old shape (the
		// address in base64 and a signature) is refused.
		token := strings.TrimPrefix(link[1], "/unsubscribe/")
		if !auth.LooksLikeToken(token) || strings.Contains(token, base64.RawURLEncoding.EncodeToString([]byte("m@example.org"))) {
			t.Errorf("the link is not an opaque token: %q", token)
		}
		var stored, raw int
		if err := st.Reader().QueryRowContext(context.Background(), `SELECT
			(SELECT COUNT(*) FROM unsubscribe_links WHERE token_hash = ? AND email = 'm@example.org'),
			(SELECT COUNT(*) FROM unsubscribe_links WHERE token_hash = ?)`, auth.HashToken(token), token).Scan(&stored, &raw); err != nil || stored != 1 || raw != 0 {
			t.Errorf("stored link: hashed %d, raw %d, %v", stored, raw, err)
		}
		old := "/unsubscribe/" + base64.RawURLEncoding.EncodeToString([]byte("m@example.org")) + "." + base64.RawURLEncoding.EncodeToString(make([]byte, 18))
		if rec := e.call("GET", old, nil, ""); rec.Status != 400 {
			t.Errorf("link of the old shape: %d", rec.Status)
		}
		if rec := e.call("GET", link[1], nil, ""); rec.Status != 200 || !strings.Contains(rec.Raw, "unsubscribed") {
			t.Fatalf("unsubscribe: %d %s", rec.Status, rec.Body)
		}
		rec = e.call("POST", replies, map[string]any{"body": "Another"}, e.adminTok)
		if rec.Status != 409 || rec.message() != msgUnsubscribed.En() {
			t.Fatalf("reply to an unsubscribed address: %d %s", rec.Status, rec.Body)
		}
		// A host without an address cannot be written to.
		rec = e.call("POST", "/api/admin/hosts/"+e.hostID+"/replies", map[string]any{"body": "Hello"}, e.adminTok)
		if rec.Status != 409 || rec.message() != msgNoAddress.En() {
			t.Fatalf("reply without an address: %d %s", rec.Status, rec.Body)
		}
		staffJSON(t, e.call("GET", replies, nil, e.adminTok), &history)
		if len(history) != 1 {
			t.Fatalf("refused replies were recorded: %d", len(history))
		}
	})
}

func TestStaffBulkPrefsAndCountsAPI(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withAdminWorld(), notifying("office@example.org"))
		vol2 := adminSeedVol(t, st.Writer(), "Vol Two", "vol2@example.org", 6)
		bulk := "/api/admin/volunteers/bulk"
		audit := e.auditCount(t)
		for _, body := range []map[string]any{
			{"ids": []string{e.volID, vol2}, "status": "approved"},
			{"ids": []string{e.volID, vol2}, "assigneeId": e.userID},
			{"ids": []string{}, "status": "active"},
			{"ids": []string{e.volID}},
		} {
			if rec := e.call("POST", bulk, body, e.adminTok); rec.Status != 400 {
				t.Errorf("bulk %v: %d %s", body, rec.Status, rec.Body)
			}
		}
		if rec := e.call("POST", bulk, map[string]any{"ids": []string{e.volID, e.hostID}, "status": "active"}, e.adminTok); rec.Status != 404 {
			t.Errorf("bulk with a missing record: %d", rec.Status)
		}
		if e.auditCount(t) != audit || e.version(t, "volunteers", e.volID) != 0 {
			t.Fatal("a refused bulk change changed something")
		}
		rec := e.call("POST", bulk, map[string]any{"ids": []string{e.volID, vol2}, "status": "active", "assigneeId": e.adminID}, e.adminTok)
		if rec.Status != 200 {
			t.Fatalf("bulk: %d %s", rec.Status, rec.Body)
		}
		if n := e.call("GET", "/api/admin/volunteers?status=active&assigneeId=me", nil, e.adminTok).Header.Get("X-Total-Count"); n != "2" {
			t.Fatalf("after the bulk change: %s", n)
		}
		if e.auditCount(t) != audit+2 {
			t.Fatal("each bulk change is not audited")
		}

		// Preferences: admins only, checked.
		var p map[string]string
		staffJSON(t, e.call("GET", "/api/users/me/notifications", nil, e.adminTok), &p)
		if p["notify"] != "digest" || p["digestAt"] != "08:00" || p["timeZone"] != "Asia/Kolkata" {
			t.Fatalf("default prefs: %v", p)
		}
		for _, body := range []map[string]any{{"notify": "weekly", "digestAt": "08:00"}, {"notify": "digest", "digestAt": "25:00"}} {
			if rec := e.call("PUT", "/api/users/me/notifications", body, e.adminTok); rec.Status != 400 {
				t.Errorf("prefs %v: %d", body, rec.Status)
			}
		}
		if rec := e.call("PUT", "/api/users/me/notifications", map[string]any{"notify": "immediate", "digestAt": "07:15"}, e.adminTok); rec.Status != 200 {
			t.Fatalf("set prefs: %d %s", rec.Status, rec.Body)
		}
		if rec := e.call("GET", "/api/users/me/notifications", nil, e.userTok); rec.Status != 403 {
			t.Errorf("prefs of a user: %d", rec.Status)
		}
		// An admin who chose immediate mail gets each new submission.
		if rec := e.call("POST", "/api/contact", map[string]any{"name": "Gita", "email": "gita@example.org", "subject": "Hi",
			"phone": "+91 98765 43210", "message": "Hello", "acceptTerms": true}, ""); rec.Status != 201 {
			t.Fatalf("contact: %d %s", rec.Status, rec.Body)
		}
		var copies int
		if err := st.Reader().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM outbox WHERE kind = ? AND to_addr = ?`, mail.KindAdminCopy, "admin@example.org").Scan(&copies); err != nil || copies != 1 {
			t.Fatalf("copies to the admin: %d %v", copies, err)
		}

		// What is new since the admin last looked.
		var counts map[string]int
		staffJSON(t, e.call("GET", "/api/admin/new-counts", nil, e.adminTok), &counts)
		if counts["volunteers"] != 2 || counts["messages"] != 2 {
			t.Fatalf("new counts: %v", counts)
		}
		if rec := e.call("POST", "/api/admin/volunteers/seen", nil, e.adminTok); rec.Status != 204 {
			t.Fatalf("seen: %d", rec.Status)
		}
		staffJSON(t, e.call("GET", "/api/admin/new-counts", nil, e.adminTok), &counts)
		if counts["volunteers"] != 0 || counts["messages"] != 2 {
			t.Fatalf("after looking: %v", counts)
		}
		// The subscribers tab lists, exports and deletes the addresses.
		if _, err := st.AddSubscriber(context.Background(), "soon@example.org"); err != nil {
			t.Fatal(err)
		}
		var subs []map[string]any
		staffJSON(t, e.call("GET", "/api/admin/subscribers", nil, e.adminTok), &subs)
		if len(subs) != 1 || subs[0]["email"] != "soon@example.org" {
			t.Fatalf("subscribers: %v", subs)
		}
		if csv := e.call("GET", "/api/admin/subscribers/export.csv", nil, e.adminTok).Raw; !strings.Contains(csv, "soon@example.org") {
			t.Fatalf("export: %s", csv)
		}
		if rec := e.call("DELETE", fmt.Sprintf("/api/admin/subscribers/%s", subs[0]["_id"]), nil, e.adminTok); rec.Status != 200 {
			t.Fatalf("delete subscriber: %d %s", rec.Status, rec.Body)
		}
	})
}

// BenchmarkStaffList100k measures a page of the volunteers list with the
// staff's filters over 100,000 records on SQLite, a tenth of them moved
// on from new and assigned.
func BenchmarkStaffList100k(b *testing.B) {
	st := storetest.OpenURL(b, "sqlite://"+b.TempDir()+"/spdc.db")
	e := newEnv(b, st, withAdminWorld(), withoutMail())
	adminSeed100k(b, st, 100_000)
	if _, err := st.Writer().ExecContext(context.Background(),
		`UPDATE volunteers SET status = 'contacted', assignee_id = ? WHERE rowid % 10 = 0`, e.adminID); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ name, q string }{
		{"status-new", "status=new&page=1&pageSize=50"},
		{"status-new-page100", "status=new&page=100&pageSize=50"},
		{"status-contacted", "status=contacted&page=1&pageSize=50"},
		{"mine", "assigneeId=me&page=1&pageSize=50"},
		{"mine-contacted-search", "assigneeId=me&status=contacted&q=krishna&page=1&pageSize=50"},
		{"status-new-sort-name", "status=new&sort=fullName&page=1&pageSize=50"},
		{"search-with-notes", "q=krishna&page=1&pageSize=50"},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				rec := e.call("GET", "/api/admin/volunteers?"+c.q, nil, e.adminTok)
				if rec.Status != 200 {
					b.Fatal(rec.Status, rec.Raw)
				}
			}
		})
	}
}
