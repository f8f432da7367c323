package httpapi

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"spdc/internal/auth"
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
		e := newEnv(t, st, startingAt(time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)), withoutMail())
		call := func(method, path string, body any, hdr map[string]string) resp {
			t.Helper()
			return e.callWith(method, path, body, "", hdr)
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
		e.advance(store.SetupLinkTTL + time.Second)
		if a := call("GET", "/api/setup/"+old, nil, nil); a.Status != 404 || a.Body["message"] != msgSetupInvalid.En() {
			t.Errorf("expired link: %d %v", a.Status, a.Body)
		}
		if a := call("POST", "/api/setup/"+old, good, nil); a.Status != 404 || admins() != 0 {
			t.Errorf("expired link creates: %d %v (%d admins)", a.Status, a.Body, admins())
		}

		// A working link, and a second one made by another start.
		tok, other := link(), link()
		a := call("GET", "/api/setup/"+tok, nil, nil)
		if a.Status != 200 || a.Body["valid"] != true || a.Body["expiresAt"] != e.now().Add(time.Hour).UTC().Format(time.RFC3339) {
			t.Fatalf("valid link: %d %v", a.Status, a.Body)
		}
		for _, bad := range []string{"nope", strings.Repeat("A", 43), auth.NewToken()} {
			if a := call("GET", "/api/setup/"+bad, nil, nil); a.Status != 404 {
				t.Errorf("unknown link %q: %d", bad, a.Status)
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
			errs, _ := a.Body["errors"].(map[string]any)
			if a.Status != 400 || errs[c.field] == nil {
				t.Errorf("%s: %d %v", name, a.Status, a.Body)
			}
		}
		if admins() != 0 {
			t.Fatal("a refused form created an admin")
		}
		if a := call("GET", "/api/setup/"+tok, nil, nil); a.Status != 200 {
			t.Fatalf("link after refused forms: %d %v", a.Status, a.Body)
		}

		// The good form: the admin exists and is signed in.
		a = call("POST", "/api/setup/"+tok, good, nil)
		user, _ := a.Body["user"].(map[string]any)
		session, _ := a.Body["token"].(string)
		if a.Status != 201 || user["isAdmin"] != true || user["email"] != "first.admin@example.org" || session == "" || admins() != 1 {
			t.Fatalf("create: %d %v", a.Status, a.Body)
		}
		if me := call("GET", "/api/users/me", nil, map[string]string{"Authorization": "Bearer " + session}); me.Status != 200 || me.Body["isAdmin"] != true {
			t.Errorf("the new admin is not signed in: %d %v", me.Status, me.Body)
		}
		if tabs := call("GET", "/api/admin/tabs", nil, map[string]string{"Authorization": "Bearer " + session}); tabs.Status != 200 {
			t.Errorf("the new admin cannot open the dashboard: %d", tabs.Status)
		}
		if login := call("POST", "/api/users/login", map[string]any{"identifier": "first.admin@example.org", "password": good["password"]}, nil); login.Status != 200 {
			t.Errorf("sign-in with the chosen password: %d %v", login.Status, login.Body)
		}

		// Once an admin exists, every link is refused.
		for _, k := range []string{tok, other} {
			if a := call("GET", "/api/setup/"+k, nil, nil); a.Status != 409 || a.Body["message"] != msgSetupDone.En() {
				t.Errorf("link with an admin: %d %v", a.Status, a.Body)
			}
			again := map[string]any{"fullName": "Second", "email": "second@example.org", "password": "another long admin passphrase"}
			if a := call("POST", "/api/setup/"+k, again, nil); a.Status != 409 || admins() != 1 {
				t.Errorf("second admin through a link: %d %v", a.Status, a.Body)
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
			if a := call("GET", "/api/setup/"+k, nil, nil); a.Status != 404 {
				t.Errorf("used link: %d %v", a.Status, a.Body)
			}
			if a := call("POST", "/api/setup/"+k, good, nil); a.Status != 404 || admins() != 0 {
				t.Errorf("used link creates: %d %v", a.Status, a.Body)
			}
		}

		// A registered user's email is not taken over.
		fresh := link()
		if err := st.CreateUser(ctx, &store.User{FullName: "Member", Email: "member@example.org", PasswordHash: "x"}); err != nil {
			t.Fatal(err)
		}
		taken := map[string]any{"fullName": "Member", "email": "member@example.org", "password": "a long and unusual admin passphrase"}
		if a := call("POST", "/api/setup/"+fresh, taken, nil); a.Status != 409 || admins() != 0 {
			t.Errorf("taken email: %d %v", a.Status, a.Body)
		}
		if a := call("GET", "/api/setup/"+fresh, nil, nil); a.Status != 200 {
			t.Errorf("a refused email used up the link: %d %v", a.Status, a.Body)
		}
	})
}

// TestSetupLinkThrottled: invalid setup links from one address are
// limited like invalid reset links.
func TestSetupLinkThrottled(t *testing.T) {
	st := sqliteStore(t)
	e := newEnv(t, st, testSiteOptions()...)
	code := 0
	for i := 0; i < 25 && code != http.StatusTooManyRequests; i++ {
		code = e.call("GET", "/api/setup/"+auth.NewToken(), nil, "").Status
	}
	if code != http.StatusTooManyRequests {
		t.Fatalf("25 invalid links: last answer %d, want 429", code)
	}
}
