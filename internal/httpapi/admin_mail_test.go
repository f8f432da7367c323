package httpapi

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"spdc/internal/auth"
	"strings"
	"testing"
	"time"

	"spdc/internal/config"
	"spdc/internal/mail"
	"spdc/internal/mail/mailtest"
	"spdc/internal/outbox"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// mailSeedUser inserts a user with a live session and returns the token.
func mailSeedUser(t *testing.T, st *store.Store, email string, admin bool) string {
	t.Helper()
	ctx := context.Background()
	id := store.NewID(time.Now())
	if _, err := st.Writer().ExecContext(ctx, `INSERT INTO users (id, full_name, email, address, password_hash, is_admin, search, created_at, updated_at)
		VALUES (?, 'Mail Tester', ?, '', 'x', ?, '', 1, 1)`, id, email, admin); err != nil {
		t.Fatal(err)
	}
	token := "mail-tok-" + id
	if _, err := st.Writer().ExecContext(ctx, `INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, 1, ?)`,
		auth.HashToken(token), id, time.Now().Add(time.Hour).UnixMilli()); err != nil {
		t.Fatal(err)
	}
	return token
}

func TestAdminMail(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		cfg, err := config.Load("test", nil, func(string) string { return "" }, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
		clock := func() time.Time { return now }
		notified := 0
		h := NewServer(Deps{Log: slog.New(slog.DiscardHandler), Config: cfg, Store: st, Now: clock, Notify: func() { notified++ }})
		adminTok := mailSeedUser(t, st, "mailadmin@example.org", true)
		userTok := mailSeedUser(t, st, "mailuser@example.org", false)
		get := func(path, tok string) (*http.Response, []map[string]any) {
			t.Helper()
			rec := do(h, "GET", path, nil, map[string]string{"Authorization": "Bearer " + tok})
			var rows []map[string]any
			if rec.Code == 200 {
				if err := json.Unmarshal(rec.Body.Bytes(), &rows); err != nil {
					t.Fatalf("%s: %v\n%s", path, err, rec.Body)
				}
			}
			return rec.Result(), rows
		}

		// Three messages; the SMTP server refuses the one to bounce@ once.
		srv := mailtest.Start(t, mailtest.Options{})
		sender, err := mail.NewSMTPSender(mail.SMTPConfig{URL: "smtp://" + srv.Addr(), From: cfg.MailFrom, Timeout: 5 * time.Second})
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

		if res, _ := get("/api/admin/mail", userTok); res.StatusCode != 403 {
			t.Errorf("non-admin: %d", res.StatusCode)
		}
		if res, _ := get("/api/admin/mail", ""); res.StatusCode != 401 {
			t.Errorf("visitor: %d", res.StatusCode)
		}
		res, rows := get("/api/admin/mail", adminTok)
		if res.StatusCode != 200 || len(rows) != 3 || res.Header.Get("X-Total-Count") != "3" {
			t.Fatalf("list: %d %v", res.StatusCode, rows)
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
			if res, _ := get("/api/admin/mail"+bad, adminTok); res.StatusCode != 400 {
				t.Errorf("%s: %d", bad, res.StatusCode)
			}
		}

		// Retry the failed message.
		id := failed["_id"].(string)
		post := func(path, tok string) (int, map[string]any) {
			rec := do(h, "POST", path, nil, map[string]string{"Authorization": "Bearer " + tok})
			var body map[string]any
			_ = json.Unmarshal(rec.Body.Bytes(), &body)
			return rec.Code, body
		}
		if code, _ := post("/api/admin/mail/"+id+"/retry", userTok); code != 403 {
			t.Errorf("non-admin retry: %d", code)
		}
		now = now.Add(time.Hour)
		code, body := post("/api/admin/mail/"+id+"/retry", adminTok)
		if code != 200 || notified != 1 {
			t.Fatalf("retry: %d %v (notified %d)", code, body, notified)
		}
		m := body["mail"].(map[string]any)
		if m["status"] != "pending" || m["nextAttemptAt"] != now.Format(time.RFC3339) {
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
