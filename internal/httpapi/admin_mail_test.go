package httpapi

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"spdc/internal/mail"
	"spdc/internal/mail/mailtest"
	"spdc/internal/outbox"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// mailSeedUser creates a user with a live session and returns the token.
func mailSeedUser(t *testing.T, st *store.Store, email string, admin bool) string {
	t.Helper()
	_, token := adminSeedUser(t, st, "Mail Tester", email, admin)
	return token
}

func TestAdminMail(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		notified := 0
		e := newEnv(t, st, startingAt(time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)), withoutMail(), withStoreOnWallClock(), withNotify(func() { notified++ }))
		cfg, now, clock := e.s.cfg, e.now(), e.now
		adminTok := mailSeedUser(t, st, "mailadmin@example.org", true)
		userTok := mailSeedUser(t, st, "mailuser@example.org", false)
		get := func(path, tok string) (resp, []map[string]any) {
			t.Helper()
			r := e.call("GET", path, nil, tok)
			var rows []map[string]any
			if r.Status == 200 {
				if err := json.Unmarshal([]byte(r.Raw), &rows); err != nil {
					t.Fatalf("%s: %v\n%s", path, err, r.Raw)
				}
			}
			return r, rows
		}

		// Three messages; the SMTP server refuses the one to bounce@ once.
		srv := mailtest.Start(t, mailtest.Options{})
		sender, err := mail.NewSMTPSender(mail.SMTPConfig{URL: "smtp://" + srv.Addr() + "?tls=none", From: cfg.MailFrom, Timeout: 5 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		defer sender.Close()
		for i, to := range []string{"a@example.org", "bounce@example.org", "c@example.org"} {
			m := mail.Message{Kind: "acknowledgement", To: to, Subject: "hello " + to, Text: "hi"}
			if err := outbox.Enqueue(ctx, st.Writer(), now.Add(time.Duration(i-3)*time.Second), m); err != nil {
				t.Fatal(err)
			}
		}
		bounced := false
		refuse := mail.SenderFunc(func(ctx context.Context, m mail.Message) error {
			if m.To == "bounce@example.org" && !bounced {
				bounced = true
				srv.FailRcpt(550, "5.1.1 <bounce@example.org>: Recipient address rejected")
				defer srv.FailRcpt(0, "")
			}
			return sender.Send(ctx, m)
		})
		w := outbox.NewWorker(st, refuse, outbox.Options{Now: clock})
		if _, err := w.ProcessOnce(ctx); err != nil {
			t.Fatal(err)
		}

		if res, _ := get("/api/admin/mail", userTok); res.Status != 403 {
			t.Errorf("non-admin: %d", res.Status)
		}
		if res, _ := get("/api/admin/mail", ""); res.Status != 401 {
			t.Errorf("visitor: %d", res.Status)
		}
		res, rows := get("/api/admin/mail", adminTok)
		if res.Status != 200 || len(rows) != 3 || res.Header.Get("X-Total-Count") != "3" {
			t.Fatalf("list: %d %v", res.Status, rows)
		}
		if rows[0]["to"] != "c@example.org" || rows[2]["to"] != "a@example.org" {
			t.Errorf("not newest first: %v", rows)
		}
		for _, k := range []string{"_id", "kind", "to", "subject", "status", "attempts", "lastError", "nextAttemptAt", "createdAt", "sentAt"} {
			if _, ok := rows[0][k]; !ok {
				t.Errorf("row lacks %s: %v", k, rows[0])
			}
		}
		failed := rows[1]
		if failed["status"] != "failed" || failed["attempts"] != float64(1) || !strings.Contains(failed["lastError"].(string), "550") ||
			!strings.Contains(failed["lastError"].(string), "Recipient address rejected") {
			t.Errorf("failed row %v", failed)
		}
		if rows[0]["status"] != "sent" || rows[0]["sentAt"] == nil {
			t.Errorf("sent row %v", rows[0])
		}

		res, rows = get("/api/admin/mail?status=failed", adminTok)
		if len(rows) != 1 || res.Header.Get("X-Total-Count") != "1" {
			t.Errorf("status filter: %v", rows)
		}
		res, rows = get("/api/admin/mail?page=2&pageSize=2", adminTok)
		if len(rows) != 1 || rows[0]["to"] != "a@example.org" || res.Header.Get("X-Total-Count") != "3" {
			t.Errorf("page 2: %v", rows)
		}
		for _, bad := range []string{"?status=lost", "?page=0", "?pageSize=5000", "?page=x"} {
			if res, _ := get("/api/admin/mail"+bad, adminTok); res.Status != 400 {
				t.Errorf("%s: %d", bad, res.Status)
			}
		}

		// Retry the failed message.
		id := failed["_id"].(string)
		post := func(path, tok string) (int, map[string]any) {
			r := e.call("POST", path, nil, tok)
			return r.Status, r.Body
		}
		if code, _ := post("/api/admin/mail/"+id+"/retry", userTok); code != 403 {
			t.Errorf("non-admin retry: %d", code)
		}
		e.advance(time.Hour)
		now = e.now()
		code, body := post("/api/admin/mail/"+id+"/retry", adminTok)
		if code != 200 || notified != 1 {
			t.Fatalf("retry: %d %v (notified %d)", code, body, notified)
		}
		m := body["mail"].(map[string]any)
		if m["status"] != "pending" || m["nextAttemptAt"] != now.UTC().Format("2006-01-02T15:04:05.000Z07:00") {
			t.Errorf("after retry: %v", m)
		}
		var action, entity, entityID, actor string
		if err := st.Reader().QueryRowContext(ctx, `SELECT action, entity, entity_id, actor_email FROM audit_log WHERE entity = 'mail'`).Scan(&action, &entity, &entityID, &actor); err != nil {
			t.Fatal(err)
		}
		if action != "retry" || entityID != id || actor != "mailadmin@example.org" {
			t.Errorf("audit: %s %s %s %s", action, entity, entityID, actor)
		}
		if code, _ := post("/api/admin/mail/"+id+"/retry", adminTok); code != 409 {
			t.Errorf("retry of a pending message: %d", code)
		}
		if code, _ := post("/api/admin/mail/"+rows[0]["_id"].(string)+"/retry", adminTok); code != 409 {
			t.Errorf("retry of a sent message: %d", code)
		}
		for _, bad := range []string{"ffffffffffffffffffffffff", "nope"} {
			if code, _ := post("/api/admin/mail/"+bad+"/retry", adminTok); code != 404 {
				t.Errorf("retry of %s: %d", bad, code)
			}
		}

		// The worker delivers it now.
		if n, err := w.ProcessOnce(ctx); err != nil || n != 1 {
			t.Fatalf("after retry: %d %v", n, err)
		}
		_, rows = get("/api/admin/mail?status=sent", adminTok)
		if len(rows) != 3 || srv.Count() != 3 {
			t.Errorf("sent %d, delivered %d", len(rows), srv.Count())
		}
	})
}

// TestAdminMailListAndExport: the mail list pages, searches and sorts in
// the database like the other admin lists, and exports the filtered list
// as CSV without any message body.
func TestAdminMailListAndExport(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := newEnv(t, st, startingAt(time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)), withoutMail(), withStoreOnWallClock())
		now, clock := e.now(), e.now
		adminTok := mailSeedUser(t, st, "mailadmin2@example.org", true)
		userTok := mailSeedUser(t, st, "mailuser2@example.org", false)
		list := func(query string) ([]map[string]any, string) {
			t.Helper()
			rec := e.call("GET", "/api/admin/mail"+query, nil, adminTok)
			if rec.Status != 200 {
				t.Fatalf("%s: %d %s", query, rec.Status, rec.Raw)
			}
			var rows []map[string]any
			if err := json.Unmarshal([]byte(rec.Raw), &rows); err != nil {
				t.Fatalf("%s: %v\n%s", query, err, rec.Raw)
			}
			return rows, rec.Header.Get("X-Total-Count")
		}
		subjects := func(rows []map[string]any) []string {
			out := make([]string, len(rows))
			for i, r := range rows {
				out[i] = r["subject"].(string)
			}
			return out
		}

		// 12 ordinary messages a second apart (s00 oldest), then subjects
		// that test literal % and _, a formula-like subject, and one that
		// the worker fails permanently. Every body holds a secret link.
		const secret = "Reg?token=SECRET-TOKEN-do-not-leak"
		var msgs []mail.Message
		for i := range 12 {
			msgs = append(msgs, mail.Message{Kind: "acknowledgement", To: fmt.Sprintf("user%02d@example.org", i), Subject: fmt.Sprintf("s%02d hello", i)})
		}
		msgs = append(msgs,
			mail.Message{Kind: "acknowledgement", To: "pct@example.org", Subject: "Discount 50% now"},
			mail.Message{Kind: "acknowledgement", To: "digits@example.org", Subject: "Discount 500 now"},
			mail.Message{Kind: "acknowledgement", To: "under@example.org", Subject: "file a_b here"},
			mail.Message{Kind: "acknowledgement", To: "other@example.org", Subject: "file axb here"},
			mail.Message{Kind: "acknowledgement", To: "formula@example.org", Subject: "=HYPERLINK(\"http://evil\")"},
			mail.Message{Kind: "disciple-confirm", To: "Bounce@Example.org", Subject: "Please confirm"},
		)
		for i, m := range msgs {
			m.Text, m.HTML = "open "+secret, "<a href=\""+secret+"\">open</a>"
			if err := outbox.Enqueue(ctx, st.Writer(), now.Add(time.Duration(i-len(msgs))*time.Second), m); err != nil {
				t.Fatal(err)
			}
		}
		refuse := mail.SenderFunc(func(_ context.Context, m mail.Message) error {
			if m.To == "Bounce@Example.org" {
				return mail.Permanent(errors.New("550 5.1.1 Recipient address rejected: 100% gone"))
			}
			if strings.HasPrefix(m.To, "user") {
				return nil
			}
			return errors.New("421 try later") // stays pending
		})
		w := outbox.NewWorker(st, refuse, outbox.Options{Now: clock, Batch: 100, Jitter: func() float64 { return 1 }})
		if _, err := w.ProcessOnce(ctx); err != nil {
			t.Fatal(err)
		}

		// Without parameters: the whole list, newest first, with its count.
		rows, total := list("")
		if len(rows) != 18 || total != "18" || rows[0]["to"] != "Bounce@Example.org" || rows[17]["subject"] != "s00 hello" {
			t.Fatalf("full list: %s %v", total, subjects(rows))
		}
		for _, r := range rows {
			for k := range r {
				switch k {
				case "_id", "kind", "to", "subject", "status", "attempts", "lastError", "nextAttemptAt", "createdAt", "sentAt":
				default:
					t.Errorf("row has %q: %v", k, r)
				}
			}
		}
		if rec := e.call("GET", "/api/admin/mail", nil, adminTok); strings.Contains(rec.Raw, "SECRET") {
			t.Errorf("list leaks a body: %s", rec.Raw)
		}

		// Paging, in the database.
		rows, total = list("?q=hello&page=2&pageSize=5")
		if total != "12" || !slices.Equal(subjects(rows), []string{"s06 hello", "s05 hello", "s04 hello", "s03 hello", "s02 hello"}) {
			t.Errorf("page 2: %s %v", total, subjects(rows))
		}
		rows, total = list("?q=hello&page=3&pageSize=5")
		if total != "12" || !slices.Equal(subjects(rows), []string{"s01 hello", "s00 hello"}) {
			t.Errorf("page 3: %s %v", total, subjects(rows))
		}
		if rows, total = list("?q=hello&page=9&pageSize=5"); total != "12" || len(rows) != 0 {
			t.Errorf("past the end: %s %v", total, rows)
		}
		if rows, _ = list("?pageSize=3"); len(rows) != 3 || rows[0]["to"] != "Bounce@Example.org" {
			t.Errorf("pageSize alone is page 1: %v", subjects(rows))
		}

		// Search: recipient (any case), subject, status, last error; % and _
		// are literal.
		for _, c := range []struct {
			q    string
			want []string
		}{
			{"bounce@EXAMPLE", []string{"Please confirm"}},
			{"50%", []string{"Discount 50% now"}},
			{"%", []string{"Please confirm", "Discount 50% now"}}, // "100% gone" in the last error
			{"a_b", []string{"file a_b here"}},
			{"_", []string{"file a_b here"}},
			{"recipient address rejected", []string{"Please confirm"}},
			{"failed", []string{"Please confirm"}},
			{"pending", []string{"=HYPERLINK(\"http://evil\")", "file axb here", "file a_b here", "Discount 500 now", "Discount 50% now"}},
			{`\`, nil},
			{"SECRET", nil}, // bodies are not searched
		} {
			rows, total := list("?q=" + url.QueryEscape(c.q) + "&page=1&pageSize=50")
			if got := subjects(rows); !slices.Equal(got, c.want) && !(len(got) == 0 && len(c.want) == 0) || total != strconv.Itoa(len(c.want)) {
				t.Errorf("q=%q: %s %v, want %v", c.q, total, got, c.want)
			}
		}
		if rows, total = list("?status=pending&q=discount"); total != "2" || len(rows) != 2 {
			t.Errorf("status and q: %s %v", total, subjects(rows))
		}

		// Sort, in the database: by the creation time, the one sort the
		// growing outbox has an index for.
		oldest, _ := list("?sort=createdAt")
		newest, _ := list("?sort=-createdAt")
		back := subjects(newest)
		slices.Reverse(back)
		if len(back) < 2 || !slices.Equal(subjects(oldest), back) {
			t.Errorf("sort=createdAt: %v, sort=-createdAt reversed: %v", subjects(oldest), back)
		}
		for _, bad := range []string{"?sort=to", "?sort=-subject", "?sort=-attempts", "?sort=textBody", "?sort=-html_body", "?q=" + strings.Repeat("x", 201), "?status=lost", "?pageSize=0", "?page=-1"} {
			if rec := e.call("GET", "/api/admin/mail"+bad, nil, adminTok); rec.Status != 400 {
				t.Errorf("%s: %d", bad, rec.Status)
			}
		}

		// The CSV export: admins only, the whole filtered list.
		for tok, code := range map[string]int{"": 401, userTok: 403} {
			if rec := e.call("GET", "/api/admin/mail/export.csv", nil, tok); rec.Status != code || !strings.HasPrefix(rec.Header.Get("Content-Type"), "application/json") {
				t.Errorf("export as %q: %d %s", tok, rec.Status, rec.Header.Get("Content-Type"))
			}
		}
		if rec := e.call("GET", "/api/admin/mail/export.csv?status=lost", nil, adminTok); rec.Status != 400 {
			t.Errorf("export with a bad status: %d", rec.Status)
		}
		rec := e.call("GET", "/api/admin/mail/export.csv?q=&page=1&pageSize=2", nil, adminTok)
		if rec.Status != 200 || rec.Header.Get("Content-Type") != "text/csv; charset=utf-8" ||
			rec.Header.Get("Content-Disposition") != `attachment; filename="mail-data.csv"` || rec.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("export: %d %v", rec.Status, rec.Header)
		}
		body := rec.Raw
		if !strings.HasPrefix(body, "\uFEFF") {
			t.Errorf("export lacks the byte-order mark")
		}
		if strings.Contains(body, "SECRET") || strings.Contains(body, "token") {
			t.Errorf("export leaks a body:\n%s", body)
		}
		recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(body, "\uFEFF"))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if want := []string{"Kind", "To", "Subject", "Status", "Attempts", "Last error", "Next attempt", "Created", "Sent", "ID"}; !slices.Equal(recs[0], want) {
			t.Errorf("header %q", recs[0])
		}
		if len(recs) != 19 {
			t.Fatalf("export ignores paging: %d lines", len(recs))
		}
		first := recs[1]
		if first[1] != "Bounce@Example.org" || first[3] != "failed" || first[4] != "1" || !strings.Contains(first[5], "550") || first[6] != "" ||
			first[7] != "21 Nov 2026, 3:29 pm IST" || first[8] != "" || first[9] != rows0ID(t, e, adminTok) {
			t.Errorf("failed row %q", first)
		}
		if f := recs[2]; f[2] != `'=HYPERLINK("http://evil")` || f[3] != "pending" || f[4] != "1" || f[5] != "421 try later" || f[6] != "21 Nov 2026, 3:31 pm IST" {
			t.Errorf("formula row %q", f)
		}
		if last := recs[18]; last[2] != "s00 hello" || last[3] != "sent" || last[8] != "21 Nov 2026, 3:30 pm IST" {
			t.Errorf("sent row %q", last)
		}
		rec = e.call("GET", "/api/admin/mail/export.csv?q=50%25", nil, adminTok)
		if recs, _ := csv.NewReader(strings.NewReader(strings.TrimPrefix(rec.Raw, "\uFEFF"))).ReadAll(); len(recs) != 2 || recs[1][2] != "Discount 50% now" {
			t.Errorf("filtered export: %q", recs)
		}
		rec = e.call("GET", "/api/admin/mail/export.csv?status=sent", nil, adminTok)
		if recs, _ := csv.NewReader(strings.NewReader(strings.TrimPrefix(rec.Raw, "\uFEFF"))).ReadAll(); len(recs) != 13 {
			t.Errorf("export by status: %d lines", len(recs))
		}
	})
}

// rows0ID is the id of the newest message.
func rows0ID(t *testing.T, e *env, tok string) string {
	t.Helper()
	r := e.call("GET", "/api/admin/mail?page=1&pageSize=1", nil, tok)
	var rows []map[string]any
	if err := json.Unmarshal([]byte(r.Raw), &rows); err != nil || len(rows) != 1 {
		t.Fatalf("newest: %v %s", err, r.Raw)
	}
	return rows[0]["_id"].(string)
}
