package httpapi

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"spdc/internal/auth"
	"spdc/internal/config"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// TestSetupLink: the first admin is created through a one-time setup link
// while no admin exists: a working link answers until when it works; a
// weak password, a bad email or a missing name is refused and leaves the
// link working; a good form creates the admin, signs them in and uses up
// every link; an expired, used, unknown or malformed link is refused, and
// every link is refused once an admin exists.
func TestSetupLink(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		clock := storetest.NewClock(time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC), 0)
		st.SetClock(clock.Now)
		cfg, err := config.Load("test", nil, func(string) string { return "" }, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		h := NewServer(Deps{Log: slog.New(slog.DiscardHandler), Config: cfg, Store: st, Now: clock.Now})
		type answer struct {
			code int
			body map[string]any
		}
		call := func(method, path string, body any, hdr map[string]string) answer {
			t.Helper()
			var rd io.Reader
			if body != nil {
				b, _ := json.Marshal(body)
				rd = strings.NewReader(string(b))
			}
			if hdr == nil {
				hdr = map[string]string{}
			}
			hdr["Content-Type"] = "application/json"
			rec := do(h, method, path, rd, hdr)
			var out map[string]any
			_ = json.Unmarshal(rec.Body.Bytes(), &out)
			return answer{rec.Code, out}
		}
		link := func() string {
			t.Helper()
			token := auth.NewToken()
			if _, err := st.CreateSetupLink(ctx, auth.HashToken(token)); err != nil {
				t.Fatal(err)
			}
			return token
		}
		admins := func() int {
			var n int
			if err := st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE is_admin = ?`, true).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		good := map[string]any{"fullName": "First Admin", "email": "First.Admin@Example.org", "password": "a long and unusual admin passphrase"}

		// Expired: a link made more than an hour ago.
		old := link()
		clock.Advance(store.SetupLinkTTL + time.Second)
		if a := call("GET", "/api/setup/"+old, nil, nil); a.code != 404 || a.body["message"] != msgSetupInvalid.En() {
			t.Errorf("expired link: %d %v", a.code, a.body)
		}
		if a := call("POST", "/api/setup/"+old, good, nil); a.code != 404 || admins() != 0 {
			t.Errorf("expired link creates: %d %v (%d admins)", a.code, a.body, admins())
		}

		// A working link, and a second one made by another start.
		tok, other := link(), link()
		a := call("GET", "/api/setup/"+tok, nil, nil)
		if a.code != 200 || a.body["valid"] != true || a.body["expiresAt"] != clock.Now().Add(time.Hour).UTC().Format(time.RFC3339) {
			t.Fatalf("valid link: %d %v", a.code, a.body)
		}
		for _, bad := range []string{"nope", strings.Repeat("A", 43), auth.NewToken()} {
			if a := call("GET", "/api/setup/"+bad, nil, nil); a.code != 404 {
				t.Errorf("unknown link %q: %d", bad, a.code)
			}
		}

		// Bad forms change nothing and leave the link working.
		for name, c := range map[string]struct {
			body  map[string]any
			field string
		}{
			"weak password":  {map[string]any{"fullName": "First Admin", "email": "a@example.org", "password": "password1234"}, "password"},
			"short password": {map[string]any{"fullName": "First Admin", "email": "a@example.org", "password": "short"}, "password"},
			"bad email":      {map[string]any{"fullName": "First Admin", "email": "not an email", "password": "a long and unusual admin passphrase"}, "email"},
			"no name":        {map[string]any{"fullName": " ", "email": "a@example.org", "password": "a long and unusual admin passphrase"}, "fullName"},
			"unknown field":  {map[string]any{"fullName": "A", "email": "a@example.org", "password": "a long and unusual admin passphrase", "isAdmin": false}, "isAdmin"},
		} {
			a := call("POST", "/api/setup/"+tok, c.body, nil)
			errs, _ := a.body["errors"].(map[string]any)
			if a.code != 400 || errs[c.field] == nil {
				t.Errorf("%s: %d %v", name, a.code, a.body)
			}
		}
		if admins() != 0 {
			t.Fatal("a refused form created an admin")
		}
		if a := call("GET", "/api/setup/"+tok, nil, nil); a.code != 200 {
			t.Fatalf("link after refused forms: %d %v", a.code, a.body)
		}

		// The good form: the admin exists and is signed in.
		a = call("POST", "/api/setup/"+tok, good, nil)
		user, _ := a.body["user"].(map[string]any)
		session, _ := a.body["token"].(string)
		if a.code != 201 || user["isAdmin"] != true || user["email"] != "first.admin@example.org" || session == "" || admins() != 1 {
			t.Fatalf("create: %d %v", a.code, a.body)
		}
		if me := call("GET", "/api/users/me", nil, map[string]string{"Authorization": "Bearer " + session}); me.code != 200 || me.body["isAdmin"] != true {
			t.Errorf("the new admin is not signed in: %d %v", me.code, me.body)
		}
		if tabs := call("GET", "/api/admin/tabs", nil, map[string]string{"Authorization": "Bearer " + session}); tabs.code != 200 {
			t.Errorf("the new admin cannot open the dashboard: %d", tabs.code)
		}
		if login := call("POST", "/api/users/login", map[string]any{"identifier": "first.admin@example.org", "password": good["password"]}, nil); login.code != 200 {
			t.Errorf("sign-in with the chosen password: %d %v", login.code, login.body)
		}

		// Once an admin exists, every link is refused.
		for _, k := range []string{tok, other} {
			if a := call("GET", "/api/setup/"+k, nil, nil); a.code != 409 || a.body["message"] != msgSetupDone.En() {
				t.Errorf("link with an admin: %d %v", a.code, a.body)
			}
			again := map[string]any{"fullName": "Second", "email": "second@example.org", "password": "another long admin passphrase"}
			if a := call("POST", "/api/setup/"+k, again, nil); a.code != 409 || admins() != 1 {
				t.Errorf("second admin through a link: %d %v", a.code, a.body)
			}
		}

		// Used: even without an admin (the admin's account removed), the
		// used link and the one closed with it stay refused.
		for _, q := range []string{`DELETE FROM sessions`, `DELETE FROM users`} {
			if _, err := st.Writer().ExecContext(ctx, q); err != nil {
				t.Fatal(err)
			}
		}
		for _, k := range []string{tok, other} {
			if a := call("GET", "/api/setup/"+k, nil, nil); a.code != 404 {
				t.Errorf("used link: %d %v", a.code, a.body)
			}
			if a := call("POST", "/api/setup/"+k, good, nil); a.code != 404 || admins() != 0 {
				t.Errorf("used link creates: %d %v", a.code, a.body)
			}
		}

		// A registered user's email is not taken over.
		fresh := link()
		if err := st.CreateUser(ctx, &store.User{FullName: "Member", Email: "member@example.org", PasswordHash: "x"}); err != nil {
			t.Fatal(err)
		}
		taken := map[string]any{"fullName": "Member", "email": "member@example.org", "password": "a long and unusual admin passphrase"}
		if a := call("POST", "/api/setup/"+fresh, taken, nil); a.code != 409 || admins() != 0 {
			t.Errorf("taken email: %d %v", a.code, a.body)
		}
		if a := call("GET", "/api/setup/"+fresh, nil, nil); a.code != 200 {
			t.Errorf("a refused email used up the link: %d %v", a.code, a.body)
		}
	})
}

// TestSetupLinkThrottled: invalid setup links from one address are
// limited like invalid reset links.
func TestSetupLinkThrottled(t *testing.T) {
	st := sqliteStore(t)
	_, h := newTestServer(t, st)
	code := 0
	for i := 0; i < 25 && code != http.StatusTooManyRequests; i++ {
		code = do(h, "GET", "/api/setup/"+auth.NewToken(), nil, nil).Code
	}
	if code != http.StatusTooManyRequests {
		t.Fatalf("25 invalid links: last answer %d, want 429", code)
	}
}
