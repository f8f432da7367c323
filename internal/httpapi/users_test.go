package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"spdc/internal/auth"
	"strconv"
	"strings"
	"testing"
	"time"

	"spdc/internal/mail"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// acctOptions are the account tests' server: its clock starts on
// 1 March 2026 and calls come from 192.0.2.1 unless they say.
func acctOptions(more ...envOption) []envOption {
	return append([]envOption{startingAt(time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)), fromAddress("192.0.2.1")}, more...)
}

func (e *env) register(name, email, mobile, password string) map[string]any {
	e.t.Helper()
	r := e.call("POST", "/api/users/register", map[string]any{"fullName": name, "email": email, "mobile": mobile, "password": password}, "")
	if r.Status != http.StatusCreated {
		e.t.Fatalf("register %s: %d %s", email, r.Status, r.Raw)
	}
	return r.Body["user"].(map[string]any)
}

func (e *env) login(identifier, password string, remember bool) string {
	e.t.Helper()
	r := e.callFrom("198.51.100.77", "POST", "/api/users/login", map[string]any{"identifier": identifier, "password": password, "remember": remember}, "")
	if r.Status != http.StatusOK {
		e.t.Fatalf("login %s: %d %s", identifier, r.Status, r.Raw)
	}
	return r.Body["token"].(string)
}

var resetLinkRE = regexp.MustCompile(`/reset-password/([A-Za-z0-9_-]{43})`)

// resetTokens delivers the outbox and returns the reset tokens sent to
// address (the stored mail holds none).
func (e *env) resetTokens(address string) []string {
	e.t.Helper()
	var out []string
	for _, m := range e.mb.To(address) {
		if l := resetLinkRE.FindStringSubmatch(m.Text); l != nil {
			out = append(out, l[1])
		}
	}
	return out
}

// forgot asks for a reset link for email and returns the newest token.
func (e *env) forgot(email, ip string) string {
	e.t.Helper()
	before := map[string]bool{}
	for _, tok := range e.resetTokens(email) {
		before[tok] = true
	}
	r := e.callFrom(ip, "POST", "/api/users/forgot-password", map[string]any{"email": email}, "")
	if r.Status != http.StatusOK || r.message() != msgForgotSent.En() {
		e.t.Fatalf("forgot %s: %d %s", email, r.Status, r.Raw)
	}
	for _, tok := range e.resetTokens(email) {
		if !before[tok] {
			return tok
		}
	}
	e.t.Fatalf("no new reset mail to %s", email)
	return ""
}

// noSecrets fails when an answer carries a password hash or, outside the
// login answer, a token.
func noSecrets(t *testing.T, r resp, tokenAllowed bool) {
	t.Helper()
	for _, bad := range []string{"password", "hash", "argon2", "$argon2id"} {
		if strings.Contains(strings.ToLower(r.Raw), strings.ToLower(bad)) && !strings.Contains(r.Raw, `"errors"`) {
			t.Errorf("answer mentions %q: %s", bad, r.Raw)
		}
	}
	if !tokenAllowed && strings.Contains(r.Raw, `"token"`) {
		t.Errorf("answer carries a token: %s", r.Raw)
	}
}

const (
	alicePW = "correct horse battery"
	bobPW   = "another long passphrase"
)

func TestAccountScenarios(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, acctOptions()...)
		alice := e.register("Alice Devi", "alice@example.org", "+91 98765 43210", alicePW)
		e.register("Bob Das", "bob@example.org", "9812345678", bobPW)
		aliceTok := e.login("alice@example.org", alicePW, false)
		long := func(n int) string { return strings.Repeat("x", n) }

		scenarios := []scenario{
			// register
			{name: "register ok, trimmed and normalised", method: "POST", path: "/api/users/register",
				body:   map[string]any{"fullName": "  Chaitanya Dasi ", "email": " Chai@Example.ORG ", "mobile": "09123456789", "password": "ten chars!"},
				status: 201, message: msgRegistered.En(),
				after: func(t *testing.T, r resp) {
					noSecrets(t, r, false)
					u := r.Body["user"].(map[string]any)
					if u["fullName"] != "Chaitanya Dasi" || u["email"] != "chai@example.org" || u["mobile"] != "+919123456789" || u["isAdmin"] != false {
						t.Errorf("user %v", u)
					}
					if _, err := time.Parse(time.RFC3339, u["createdAt"].(string)); err != nil {
						t.Errorf("createdAt %v", u["createdAt"])
					}
				}},
			{name: "register long passphrase", method: "POST", path: "/api/users/register",
				body:   map[string]any{"fullName": "Long Pass", "email": "long@example.org", "mobile": "9000000001", "password": strings.Repeat("lotus feet ", 94)[:1024]},
				status: 201},
			{name: "register nothing", method: "POST", path: "/api/users/register", body: map[string]any{},
				status: 400, message: "Please correct these four fields: Full name, Email, Mobile and Password.", errorFields: []string{"fullName", "email", "mobile", "password"}},
			{name: "register bad shapes", method: "POST", path: "/api/users/register",
				body:   map[string]any{"fullName": "   ", "email": "not-an-email", "mobile": "12ab", "password": "short"},
				status: 400, errorFields: []string{"fullName", "email", "mobile", "password"}},
			{name: "register too long", method: "POST", path: "/api/users/register",
				body:   map[string]any{"fullName": long(201), "email": long(250) + "@example.org", "mobile": "9000000002", "address": long(1001), "password": long(1025)},
				status: 400, errorFields: []string{"fullName", "email", "address", "password"}},
			{name: "register password of nine characters", method: "POST", path: "/api/users/register",
				body:   map[string]any{"fullName": "Nine", "email": "nine@example.org", "mobile": "9000000007", "password": "nine char"},
				status: 400, message: "Password must be at least 10 characters.", errorFields: []string{"password"},
				after: func(t *testing.T, r resp) {
					if got := r.fieldErrors()["password"]; got != "must be at least 10 characters" {
						t.Errorf("password error %q", got)
					}
				}},
			{name: "register common password, dressed up", method: "POST", path: "/api/users/register",
				body:   map[string]any{"fullName": "Common", "email": "common@example.org", "mobile": "9000000008", "password": "Password@2024"},
				status: 400, errorFields: []string{"password"},
				after: func(t *testing.T, r resp) {
					if got, _ := r.fieldErrors()["password"].(string); !strings.HasPrefix(got, "is too common") {
						t.Errorf("password error %q", got)
					}
				}},
			{name: "register password of spaces", method: "POST", path: "/api/users/register",
				body:   map[string]any{"fullName": "Space", "email": "space@example.org", "mobile": "9000000003", "password": "          "},
				status: 400, errorFields: []string{"password"}},
			{name: "register control characters", method: "POST", path: "/api/users/register",
				body:   map[string]any{"fullName": "Bell\a Name", "email": "bell@example.org", "mobile": "9000000005", "address": "NUL\x00", "password": "whatever grove 7"},
				status: 400, errorFields: []string{"fullName", "address"}},
			{name: "register invisible bidi override, as the forms refuse", method: "POST", path: "/api/users/register",
				body:   map[string]any{"fullName": "Admin\u202Enimda", "email": "bidi@example.org", "mobile": "9000000006", "address": "Lane\u2066 1", "password": "whatever grove 7"},
				status: 400, errorFields: []string{"fullName", "address"}},
			{name: "register wrong type", method: "POST", path: "/api/users/register",
				body: `{"fullName": 5, "email": "x@example.org"}`, status: 400, message: "Full name has the wrong type.", errorFields: []string{"fullName"}},
			{name: "register not JSON", method: "POST", path: "/api/users/register", body: `fullName=x`, status: 400},
			{name: "register email of another in other case", method: "POST", path: "/api/users/register",
				body:   map[string]any{"fullName": "Imposter", "email": "  ALICE@example.org", "mobile": "9000000004", "password": "whatever grove 7"},
				status: 409, message: msgAlreadyTaken.En(), errorFields: []string{"email"}},
			{name: "register mobile of another in other format", method: "POST", path: "/api/users/register",
				body:   map[string]any{"fullName": "Imposter", "email": "imp@example.org", "mobile": "09876543210", "password": "whatever grove 7"},
				status: 409, message: msgAlreadyTaken.En(), errorFields: []string{"mobile"}},

			// login
			{name: "login by email", method: "POST", path: "/api/users/login",
				body: map[string]any{"identifier": "alice@example.org", "password": alicePW}, status: 200,
				after: func(t *testing.T, r resp) {
					noSecrets(t, r, true)
					if tok, _ := r.Body["token"].(string); len(tok) < 43 {
						t.Errorf("token %q", tok)
					}
					u := r.Body["user"].(map[string]any)
					for _, k := range []string{"_id", "fullName", "email", "mobile", "address", "createdAt", "isAdmin"} {
						if _, ok := u[k]; !ok {
							t.Errorf("user lacks %s: %v", k, u)
						}
					}
				}},
			{name: "login by email other case and spaces", method: "POST", path: "/api/users/login",
				body: map[string]any{"identifier": "  Alice@Example.org ", "password": alicePW}, status: 200},
			{name: "login by mobile E.164 with spaces", method: "POST", path: "/api/users/login",
				body: map[string]any{"identifier": "+91 98765 43210", "password": alicePW}, status: 200},
			{name: "login by mobile with 0", method: "POST", path: "/api/users/login",
				body: map[string]any{"identifier": "09876543210", "password": alicePW}, status: 200},
			{name: "login by bare mobile", method: "POST", path: "/api/users/login",
				body: map[string]any{"identifier": "9876543210", "password": alicePW}, status: 200},
			{name: "login wrong password", method: "POST", path: "/api/users/login",
				body: map[string]any{"identifier": "alice@example.org", "password": "wrong password"}, status: 401, message: msgLoginFailed.En()},
			{name: "login unknown email", method: "POST", path: "/api/users/login",
				body: map[string]any{"identifier": "nobody@example.org", "password": alicePW}, status: 401, message: msgLoginFailed.En()},
			{name: "login unknown mobile", method: "POST", path: "/api/users/login",
				body: map[string]any{"identifier": "9999999999", "password": alicePW}, status: 401, message: msgLoginFailed.En()},
			{name: "login identifier of no shape", method: "POST", path: "/api/users/login",
				body: map[string]any{"identifier": "alice", "password": alicePW}, status: 401, message: msgLoginFailed.En()},
			{name: "login password with extra space", method: "POST", path: "/api/users/login",
				body: map[string]any{"identifier": "alice@example.org", "password": alicePW + " "}, status: 401, message: msgLoginFailed.En()},
			{name: "login missing fields", method: "POST", path: "/api/users/login",
				body: map[string]any{}, status: 400, errorFields: []string{"identifier", "password"}},
			{name: "login empty body", method: "POST", path: "/api/users/login", body: "", status: 400},

			// me
			{name: "me without session", method: "GET", path: "/api/users/me", status: 401},
			{name: "me with unknown token", method: "GET", path: "/api/users/me", session: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", status: 401},
			{name: "me", method: "GET", path: "/api/users/me", session: aliceTok, status: 200,
				after: func(t *testing.T, r resp) {
					noSecrets(t, r, false)
					if r.Body["_id"] != alice["_id"] || r.Body["email"] != "alice@example.org" || r.Body["mobile"] != "+919876543210" {
						t.Errorf("me %v", r.Body)
					}
				}},

			// PUT me
			{name: "update me without session", method: "PUT", path: "/api/users/me", body: map[string]any{"fullName": "X", "__v": 0}, status: 401},
			{name: "update me missing version", method: "PUT", path: "/api/users/me", session: aliceTok,
				body: map[string]any{"fullName": "Alice"}, status: 400, errorFields: []string{"__v"}},
			{name: "update me bad fields", method: "PUT", path: "/api/users/me", session: aliceTok,
				body: map[string]any{"fullName": " ", "mobile": "123", "address": long(1001), "__v": 0}, status: 400, errorFields: []string{"fullName", "mobile", "address"}},
			{name: "update me mobile of another in other format", method: "PUT", path: "/api/users/me", session: aliceTok,
				body: map[string]any{"fullName": "Alice", "mobile": "+91-98123-45678", "__v": 0}, status: 409, message: msgAlreadyTaken.En(), errorFields: []string{"mobile"}},
			{name: "update me ok, isAdmin ignored, the same email in capitals changes nothing", method: "PUT", path: "/api/users/me", session: aliceTok,
				body:   map[string]any{"fullName": " Alice Devi Dasi ", "mobile": "098765 43211", "address": " 1 Temple Road, Vrindavan ", "__v": 0, "email": "ALICE@example.org", "isAdmin": true},
				status: 200,
				after: func(t *testing.T, r resp) {
					noSecrets(t, r, false)
					if r.Body["fullName"] != "Alice Devi Dasi" || r.Body["mobile"] != "+919876543211" || r.Body["address"] != "1 Temple Road, Vrindavan" ||
						r.Body["email"] != "alice@example.org" || r.Body["isAdmin"] != false || r.Body["__v"] != float64(1) {
						t.Errorf("updated %v", r.Body)
					}
				}},
			{name: "update me multiline address ok, escape refused", method: "PUT", path: "/api/users/me", session: aliceTok,
				body: map[string]any{"fullName": "Alice", "address": "Line 1\nLine 2\x1b[31m", "__v": 1}, status: 400, errorFields: []string{"address"}},
			{name: "update me stale version", method: "PUT", path: "/api/users/me", session: aliceTok,
				body: map[string]any{"fullName": "Alice", "__v": 0}, status: 409},
			{name: "old mobile no longer signs in", method: "POST", path: "/api/users/login",
				body: map[string]any{"identifier": "9876543210", "password": alicePW}, status: 401},
			{name: "new mobile signs in", method: "POST", path: "/api/users/login",
				body: map[string]any{"identifier": "9876543211", "password": alicePW}, status: 200},

			// change-password (revocation has its own test)
			{name: "change password without session", method: "POST", path: "/api/users/change-password",
				body: map[string]any{"currentPassword": alicePW, "newPassword": "new long password"}, status: 401},
			{name: "change password missing fields", method: "POST", path: "/api/users/change-password", session: aliceTok,
				body: map[string]any{}, status: 400, errorFields: []string{"currentPassword", "newPassword"}},
			{name: "change password too short", method: "POST", path: "/api/users/change-password", session: aliceTok,
				body: map[string]any{"currentPassword": alicePW, "newPassword": "1234567"}, status: 400, message: "New password must be at least 10 characters.", errorFields: []string{"newPassword"}},
			{name: "change password wrong current keeps the session", method: "POST", path: "/api/users/change-password", session: aliceTok,
				body: map[string]any{"currentPassword": "not it at all", "newPassword": "new long password"}, status: 400, message: msgWrongCurrent.En(), errorFields: []string{"currentPassword"}},
			{name: "session still valid after wrong current", method: "GET", path: "/api/users/me", session: aliceTok, status: 200},

			// forgot-password
			{name: "forgot unknown email", method: "POST", path: "/api/users/forgot-password", body: map[string]any{"email": "ghost@example.org"}, status: 200, message: msgForgotSent.En()},
			{name: "forgot known email", method: "POST", path: "/api/users/forgot-password", body: map[string]any{"email": " BOB@example.org "}, status: 200, message: msgForgotSent.En(),
				after: func(t *testing.T, r resp) {
					if n := len(e.resetTokens("bob@example.org")); n != 1 {
						t.Errorf("%d reset mails to bob", n)
					}
					if n := len(e.resetTokens("ghost@example.org")); n != 0 {
						t.Errorf("mail to an unknown address")
					}
				}},
			{name: "forgot missing email", method: "POST", path: "/api/users/forgot-password", body: map[string]any{}, status: 400, message: "Email is required.", errorFields: []string{"email"}},
			{name: "forgot bad email", method: "POST", path: "/api/users/forgot-password", body: map[string]any{"email": "bob at example"}, status: 400, errorFields: []string{"email"}},

			// reset-password
			{name: "reset missing token", method: "POST", path: "/api/users/reset-password", body: map[string]any{"password": "new long password"}, status: 400, errorFields: []string{"token"}},
			{name: "reset malformed token", method: "POST", path: "/api/users/reset-password", body: map[string]any{"token": "abc'; DROP TABLE users;--", "password": "new long password"}, status: 400, message: msgResetInvalid.En()},
			{name: "reset unknown token", method: "POST", path: "/api/users/reset-password", body: map[string]any{"token": strings.Repeat("A", 43), "password": "new long password"}, status: 400, message: msgResetInvalid.En()},
			{name: "reset short password", method: "POST", path: "/api/users/reset-password", body: map[string]any{"token": strings.Repeat("A", 43), "password": "short"}, status: 400, errorFields: []string{"password"}},

			// logout
			{name: "logout without session", method: "POST", path: "/api/users/logout", status: 401},
		}
		// Each call comes from an address of its own, so the throttles
		// decide no row; every answer is JSON, a refusal says why, and a
		// refusal by field names exactly the fields listed.
		for i := range scenarios {
			sc := &scenarios[i]
			sc.ip, sc.onlyErrors = "203.0.113."+strconv.Itoa(i+1), true
			check, status := sc.after, sc.status
			sc.after = func(t *testing.T, r resp) {
				if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
					t.Errorf("content type %q", r.Header.Get("Content-Type"))
				}
				if status >= 400 && r.message() == "" {
					t.Errorf("no message: %s", r.Raw)
				}
				if check != nil {
					check(t, r)
				}
			}
		}
		runScenarios(t, e, scenarios)

		// Nothing was saved by the refused registrations.
		var n int
		if err := st.Reader().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM users`).Scan(&n); err != nil || n != 4 {
			t.Errorf("%d users (want alice, bob, chai, long), err %v", n, err)
		}
	})
}

func TestSessionsAndRevocation(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, acctOptions()...)
		e.register("Alice", "alice@example.org", "9876543210", alicePW)
		ctx := context.Background()
		expiry := func(token string) time.Duration {
			var at int64
			if err := st.Reader().QueryRowContext(ctx, `SELECT expires_at FROM sessions WHERE token_hash = ?`, auth.HashToken(token)).Scan(&at); err != nil {
				t.Fatal(err)
			}
			return store.FromMillis(at).Sub(e.now())
		}

		short := e.login("alice@example.org", alicePW, false)
		long := e.login("9876543210", alicePW, true)
		if d := expiry(short); d != 24*time.Hour {
			t.Errorf("session without remember lasts %v", d)
		}
		if d := expiry(long); d != 30*24*time.Hour {
			t.Errorf("remembered session lasts %v", d)
		}
		var stored int
		_ = st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM sessions WHERE token_hash = ?`, short).Scan(&stored)
		if stored != 0 {
			t.Error("a raw token is stored")
		}

		// A day later the short session has expired, the long one lives.
		e.advance(24*time.Hour + time.Second)
		if r := e.call("GET", "/api/users/me", nil, short); r.Status != 401 {
			t.Errorf("expired session: %d", r.Status)
		}
		if r := e.call("GET", "/api/users/me", nil, long); r.Status != 200 {
			t.Errorf("remembered session: %d", r.Status)
		}

		// Change password: this session stays, the others end.
		other := e.login("alice@example.org", alicePW, false)
		r := e.call("POST", "/api/users/change-password", map[string]any{"currentPassword": alicePW, "newPassword": "brand new passphrase"}, long)
		if r.Status != 200 || r.message() != msgPasswordChanged.En() {
			t.Fatalf("change password: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/users/me", nil, long); r.Status != 200 {
			t.Errorf("the changing session ended: %d", r.Status)
		}
		if r := e.call("GET", "/api/users/me", nil, other); r.Status != 401 {
			t.Errorf("another session survived the change: %d", r.Status)
		}
		if r := e.call("POST", "/api/users/login", map[string]any{"identifier": "alice@example.org", "password": alicePW}, ""); r.Status != 401 {
			t.Errorf("old password still signs in: %d", r.Status)
		}
		third := e.login("alice@example.org", "brand new passphrase", false)

		// Logout revokes only the presented session.
		if r := e.call("POST", "/api/users/logout", nil, long); r.Status != 200 {
			t.Fatalf("logout: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/users/me", nil, long); r.Status != 401 {
			t.Errorf("session survived logout: %d", r.Status)
		}
		if r := e.call("GET", "/api/users/me", nil, third); r.Status != 200 {
			t.Errorf("logout ended another session: %d", r.Status)
		}

		// Reset ends every session.
		tok := e.forgot("alice@example.org", "")
		if r := e.call("POST", "/api/users/reset-password", map[string]any{"token": tok, "password": "reset passphrase"}, ""); r.Status != 200 || r.message() != msgResetDone.En() {
			t.Fatalf("reset: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/users/me", nil, third); r.Status != 401 {
			t.Errorf("session survived reset: %d", r.Status)
		}
		e.login("alice@example.org", "reset passphrase", false)
	})
}

func TestResetTokens(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, acctOptions()...)
		e.register("Alice", "alice@example.org", "9876543210", alicePW)
		e.register("Bob", "bob@example.org", "9812345678", bobPW)
		reset := func(tok, pw string) resp {
			return e.call("POST", "/api/users/reset-password", map[string]any{"token": tok, "password": pw}, "")
		}

		first := e.forgot("alice@example.org", "10.0.0.1")
		second := e.forgot("alice@example.org", "10.0.0.1")
		if first == second {
			t.Fatal("same token twice")
		}
		var stored int
		_ = st.Reader().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM password_resets WHERE token_hash = ? OR token_hash = ?`, first, second).Scan(&stored)
		if stored != 0 {
			t.Error("a raw reset token is stored")
		}
		if r := reset(first, "newer passphrase"); r.Status != 400 || r.message() != msgResetInvalid.En() {
			t.Errorf("voided token: %d %s", r.Status, r.Raw)
		}
		if r := reset(second, "newer passphrase"); r.Status != 200 {
			t.Fatalf("newest token: %d %s", r.Status, r.Raw)
		}
		if r := reset(second, "third passphrase"); r.Status != 400 || r.message() != msgResetInvalid.En() {
			t.Errorf("used token: %d %s", r.Status, r.Raw)
		}
		e.login("alice@example.org", "newer passphrase", false)

		// Bob's token changes Bob's password, never Alice's.
		bobTok := e.forgot("bob@example.org", "10.0.0.2")
		if r := reset(bobTok, "bob's new passphrase"); r.Status != 200 {
			t.Fatalf("bob reset: %d %s", r.Status, r.Raw)
		}
		e.login("alice@example.org", "newer passphrase", false)
		e.login("bob@example.org", "bob's new passphrase", false)

		// An hour later a link has expired.
		late := e.forgot("bob@example.org", "10.0.0.3")
		e.advance(time.Hour + time.Second)
		if r := reset(late, "too late passphrase"); r.Status != 400 || r.message() != msgResetInvalid.En() {
			t.Errorf("expired token: %d %s", r.Status, r.Raw)
		}
		e.login("bob@example.org", "bob's new passphrase", false)
	})
}

// TestResetLinkCheck: opening a reset link says at once whether it still
// works, why not when it does not, and changes nothing.
func TestResetLinkCheck(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, acctOptions()...)
		e.register("Alice", "alice@example.org", "9876543210", alicePW)
		check := func(tok string) resp { return e.call("GET", "/api/users/reset-password/"+tok, nil, "") }
		rows := func() string {
			var n, used int
			_ = st.Reader().QueryRowContext(context.Background(), `SELECT COUNT(*), COUNT(used_at) FROM password_resets`).Scan(&n, &used)
			return strconv.Itoa(n) + "/" + strconv.Itoa(used)
		}

		first := e.forgot("alice@example.org", "10.0.0.1")
		second := e.forgot("alice@example.org", "10.0.0.1")
		before := rows()
		for i := 0; i < 3; i++ {
			if r := check(second); r.Status != 200 || r.Body["valid"] != true || r.Body["expiresAt"] == nil {
				t.Fatalf("usable link: %d %s", r.Status, r.Raw)
			}
		}
		if rows() != before {
			t.Errorf("checking a link changed the resets: %s -> %s", before, rows())
		}
		for name, tok := range map[string]string{"replaced": first, "unknown": strings.Repeat("A", 43), "malformed": "abc'--"} {
			if r := check(tok); r.Status != 404 || r.message() != msgResetUnknown.En() {
				t.Errorf("%s link: %d %s", name, r.Status, r.Raw)
			}
		}
		// Checked three times, the link still works once.
		if r := e.call("POST", "/api/users/reset-password", map[string]any{"token": second, "password": "newer passphrase"}, ""); r.Status != 200 {
			t.Fatalf("reset after checks: %d %s", r.Status, r.Raw)
		}
		if r := check(second); r.Status != 410 || r.message() != msgResetUsed.En() {
			t.Errorf("used link: %d %s", r.Status, r.Raw)
		}

		late := e.forgot("alice@example.org", "10.0.0.2")
		if r := check(late); r.Status != 200 {
			t.Fatalf("fresh link: %d %s", r.Status, r.Raw)
		}
		e.advance(time.Hour + time.Second)
		if r := check(late); r.Status != 410 || r.message() != msgResetExpired.En() {
			t.Errorf("expired link: %d %s", r.Status, r.Raw)
		}
	})
}

func TestThrottling(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, acctOptions()...)
		e.register("Alice", "alice@example.org", "9876543210", alicePW)
		e.register("Bob", "bob@example.org", "9812345678", bobPW)
		login := func(id, pw, ip string) resp {
			return e.callFrom(ip, "POST", "/api/users/login", map[string]any{"identifier": id, "password": pw}, "")
		}
		want429 := func(what string, r resp) {
			t.Helper()
			if r.Status != http.StatusTooManyRequests {
				t.Fatalf("%s: %d %s, want 429", what, r.Status, r.Raw)
			}
			secs, err := strconv.Atoi(r.Header.Get("Retry-After"))
			if err != nil || secs < 1 || secs > 86400 {
				t.Errorf("%s: Retry-After %q", what, r.Header.Get("Retry-After"))
			}
			if !strings.Contains(r.message(), "Too many") {
				t.Errorf("%s: message %q", what, r.message())
			}
		}

		// Per account and client: 5 failures from one address stop that
		// address, in every spelling of the identifier, even with the
		// right password…
		for i := range 5 {
			if r := login("alice@example.org", "wrong guess", "10.1.0.1"); r.Status != 401 {
				t.Fatalf("failure %d: %d", i, r.Status)
			}
		}
		r := login("alice@example.org", alicePW, "10.1.0.1")
		want429("guesser's address", r)
		if ra := r.Header.Get("Retry-After"); ra != "900" {
			t.Errorf("Retry-After %s, want 900", ra)
		}
		want429("guesser's address by mobile", login("+919876543210", alicePW, "10.1.0.1"))
		// …but never lock the owner out: from anywhere else the right
		// password works at once.
		if r := login("alice@example.org", alicePW, "10.1.1.1"); r.Status != 200 {
			t.Fatalf("the owner was locked out: %d %s", r.Status, r.Raw)
		}
		// 5 failures spread over 5 addresses lock nothing either.
		for i := range 5 {
			login("bob@example.org", "wrong guess", "10.1.2."+strconv.Itoa(i))
		}
		if r := login("bob@example.org", bobPW, "10.1.2.9"); r.Status != 200 {
			t.Errorf("spread failures locked the account: %d", r.Status)
		}
		// Unknown accounts are limited the same way (nothing to learn).
		for range 5 {
			login("ghost@example.org", "guess", "10.2.0.1")
		}
		want429("unknown account", login("ghost@example.org", "guess", "10.2.0.1"))
		// After the window the guesser's address may try again.
		e.advance(15*time.Minute + time.Second)
		if r := login("alice@example.org", alicePW, "10.1.0.1"); r.Status != 200 {
			t.Fatalf("after the window: %d %s", r.Status, r.Raw)
		}

		// Per address: many identifiers from one address.
		for i := range 30 {
			login("user"+strconv.Itoa(i)+"@example.org", "guess", "10.3.0.1")
		}
		want429("address", login("bob@example.org", bobPW, "10.3.0.1"))
		if r := login("bob@example.org", bobPW, "10.3.0.2"); r.Status != 200 {
			t.Errorf("another address is affected: %d", r.Status)
		}

		// Change password: wrong current passwords count for the account
		// from this client.
		tok := e.login("bob@example.org", bobPW, false)
		for range 5 {
			e.call("POST", "/api/users/change-password", map[string]any{"currentPassword": "nope nope", "newPassword": "whatever long"}, tok)
		}
		want429("change password", e.call("POST", "/api/users/change-password", map[string]any{"currentPassword": bobPW, "newPassword": "whatever long"}, tok))
		e.advance(15*time.Minute + time.Second)

		// Forgot password: per mailbox (existing account or not), at most 3
		// a day from one client and 5 a day from all, so one client
		// cannot use up the owner's day; then per address.
		forgot := func(email, ip string) resp {
			return e.callFrom(ip, "POST", "/api/users/forgot-password", map[string]any{"email": email}, "")
		}
		for _, email := range []string{"alice@example.org", "nobody@example.org"} {
			for i := range 3 {
				if r := forgot(email, "10.4.0.1"); r.Status != 200 {
					t.Fatalf("forgot %d: %d", i, r.Status)
				}
			}
			want429("forgot per mailbox and client "+email, forgot(email, "10.4.0.1"))
			for i := range 2 {
				if r := forgot(email, "10.4.1."+strconv.Itoa(i)); r.Status != 200 {
					t.Fatalf("the owner's own request %d: %d %s", i, r.Status, r.Raw)
				}
			}
			want429("forgot per mailbox "+email, forgot(email, "10.4.2.1"))
		}
		// A +tag or a changed case is the same mailbox.
		want429("forgot per mailbox with a tag", forgot("Alice+x@example.org", "10.4.3.1"))
		if n := len(e.resetTokens("alice@example.org")); n != 5 {
			t.Errorf("%d reset mails, want 5", n)
		}
		for i := range 10 {
			forgot("x"+strconv.Itoa(i)+"@example.org", "10.5.0.1")
		}
		want429("forgot per address", forgot("bob@example.org", "10.5.0.1"))

		// Reset-password: failed tokens per address.
		for range 20 {
			e.callFrom("10.6.0.1", "POST", "/api/users/reset-password", map[string]any{"token": strings.Repeat("B", 43), "password": "whatever long"}, "")
		}
		want429("reset per address", e.callFrom("10.6.0.1", "POST", "/api/users/reset-password", map[string]any{"token": strings.Repeat("B", 43), "password": "whatever long"}, ""))

		// A reset lifts the account's sign-in limits.
		for range 5 {
			login("bob@example.org", "wrong guess", "10.7.0.1")
		}
		want429("bob limited from the guessing address", login("bob@example.org", bobPW, "10.7.0.1"))
		e.advance(time.Hour)
		for range 5 {
			login("bob@example.org", "wrong guess", "10.7.0.3")
		}
		bobTok := e.forgot("bob@example.org", "10.7.0.4")
		if r := e.callFrom("10.7.0.4", "POST", "/api/users/reset-password", map[string]any{"token": bobTok, "password": "fresh passphrase"}, ""); r.Status != 200 {
			t.Fatalf("reset: %d %s", r.Status, r.Raw)
		}
		if r := login("bob@example.org", "fresh passphrase", "10.7.0.5"); r.Status != 200 {
			t.Errorf("still locked after reset: %d %s", r.Status, r.Raw)
		}
	})
}

// TestThrottleSharedAcrossInstances: two servers on one database see the
// same failures (PostgreSQL behind a load balancer, or two processes on one
// SQLite file).
func TestThrottleSharedAcrossInstances(t *testing.T) {
	for _, b := range storetest.Backends(t) {
		t.Run(b.Name, func(t *testing.T) {
			one := newEnv(t, storetest.OpenURL(t, b.URL), acctOptions()...)
			two := newEnv(t, storetest.OpenURL(t, b.URL), acctOptions()...)
			one.register("Alice", "alice@example.org", "9876543210", alicePW)
			for i := range 5 {
				srv := one
				if i%2 == 1 {
					srv = two
				}
				srv.call("POST", "/api/users/login", map[string]any{"identifier": "alice@example.org", "password": "bad guess"}, "")
			}
			r := two.call("POST", "/api/users/login", map[string]any{"identifier": "alice@example.org", "password": alicePW}, "")
			if r.Status != http.StatusTooManyRequests {
				t.Fatalf("second instance: %d %s", r.Status, r.Raw)
			}
		})
	}
}

// TestPasswordChangeCancelsResetLinks: a link mailed before a password
// change, or left over beside the link that reset the password, no longer
// works afterwards.
func TestPasswordChangeCancelsResetLinks(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, acctOptions()...)
		ctx := context.Background()
		user := e.register("Alice", "alice@example.org", "9876543210", alicePW)
		reset := func(tok, pw string) resp {
			return e.call("POST", "/api/users/reset-password", map[string]any{"token": tok, "password": pw}, "")
		}
		unused := func() int {
			var n int
			if err := st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM password_resets WHERE used_at IS NULL`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}

		// A link asked for, then the password changed while signed in.
		link := e.forgot("alice@example.org", "10.9.0.1")
		tok := e.login("alice@example.org", alicePW, false)
		if r := e.call("POST", "/api/users/change-password", map[string]any{"currentPassword": alicePW, "newPassword": "lantern over the river"}, tok); r.Status != 200 {
			t.Fatalf("change password: %d %s", r.Status, r.Raw)
		}
		if n := unused(); n != 0 {
			t.Errorf("%d reset links still outstanding after the change", n)
		}
		if r := reset(link, "someone else's choice"); r.Status != 400 || r.message() != msgResetInvalid.En() {
			t.Errorf("link from before the change: %d %s", r.Status, r.Raw)
		}
		e.login("alice@example.org", "lantern over the river", false)

		// Two links outstanding (one written straight to the table, as a
		// second instance racing the first would): using one cancels the
		// other.
		first := e.forgot("alice@example.org", "10.9.0.2")
		second := auth.NewToken()
		if _, err := st.Writer().ExecContext(ctx, `INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)`,
			auth.HashToken(second), user["_id"], store.Millis(e.now()), store.Millis(e.now().Add(time.Hour))); err != nil {
			t.Fatal(err)
		}
		if r := reset(first, "quiet morning garden"); r.Status != 200 {
			t.Fatalf("reset: %d %s", r.Status, r.Raw)
		}
		if n := unused(); n != 0 {
			t.Errorf("%d reset links still outstanding after the reset", n)
		}
		if r := reset(second, "another person's pick"); r.Status != 400 || r.message() != msgResetInvalid.En() {
			t.Errorf("second link after the reset: %d %s", r.Status, r.Raw)
		}
		e.login("alice@example.org", "quiet morning garden", false)

		// A reset mail still waiting in the outbox when the password
		// changes: its link is made only at send time, so it must end
		// unsent rather than carry a working link made after the change.
		sentBefore := len(e.resetTokens("alice@example.org"))
		if r := e.callFrom("10.9.0.3", "POST", "/api/users/forgot-password", map[string]any{"email": "alice@example.org"}, ""); r.Status != 200 {
			t.Fatalf("forgot: %d %s", r.Status, r.Raw)
		}
		tok = e.login("alice@example.org", "quiet morning garden", false)
		if r := e.call("POST", "/api/users/change-password", map[string]any{"currentPassword": "quiet morning garden", "newPassword": "evening bell by the ghat"}, tok); r.Status != 200 {
			t.Fatalf("change password: %d %s", r.Status, r.Raw)
		}
		if got := len(e.resetTokens("alice@example.org")); got != sentBefore {
			t.Errorf("a reset mail queued before the change was sent after it (%d links, want %d)", got, sentBefore)
		}
		if n := unused(); n != 0 {
			t.Errorf("%d reset links outstanding after the queued mail was cancelled", n)
		}
		var failed int
		if err := st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM outbox WHERE link_kind = 'password_reset' AND status = 'failed' AND last_error LIKE '%password was changed%'`).Scan(&failed); err != nil {
			t.Fatal(err)
		}
		if failed != 1 {
			t.Errorf("%d queued reset mails ended with the reason, want 1", failed)
		}
	})
}

// TestAdminPasswordRules: admins need 12 characters; an admin whose
// password predates that rule cannot sign in until they set a new one
// through a reset link, which then asks for an admin-strength password.
func TestAdminPasswordRules(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, acctOptions()...)
		ctx := context.Background()
		hash, err := auth.Default().Hash("old ten pw")
		if err != nil {
			t.Fatal(err)
		}
		admin := &store.User{FullName: "Old Admin", Email: "admin@example.org", PasswordHash: hash, IsAdmin: true}
		if err := st.CreateUser(ctx, admin); err != nil {
			t.Fatal(err)
		}
		sessions := func() int {
			var n int
			_ = st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM sessions WHERE user_id = ?`, admin.ID).Scan(&n)
			return n
		}

		// The right but too weak password: refused, and said why.
		r := e.call("POST", "/api/users/login", map[string]any{"identifier": "admin@example.org", "password": "old ten pw"}, "")
		if r.Status != http.StatusForbidden || r.message() != msgAdminWeak.En() || r.Body["token"] != nil {
			t.Fatalf("weak admin login: %d %s", r.Status, r.Raw)
		}
		if n := sessions(); n != 0 {
			t.Errorf("%d sessions made for a refused admin", n)
		}
		// A wrong password still gets the one uniform answer.
		if r := e.call("POST", "/api/users/login", map[string]any{"identifier": "admin@example.org", "password": "not the pw"}, ""); r.Status != 401 || r.message() != msgLoginFailed.En() {
			t.Errorf("wrong admin password: %d %s", r.Status, r.Raw)
		}

		// The reset link asks for an admin-strength password and stays
		// usable after a refused one.
		link := e.forgot("admin@example.org", "")
		reset := func(pw string) resp {
			return e.call("POST", "/api/users/reset-password", map[string]any{"token": link, "password": pw}, "")
		}
		if r := reset("eleven char"); r.Status != 400 || r.fieldErrors()["password"] != "must be at least 12 characters for an admin account" {
			t.Errorf("short admin reset: %d %s", r.Status, r.Raw)
		}
		if r := reset("Qwerty123456789"); r.Status != 400 || !strings.HasPrefix(r.fieldErrors()["password"].(string), "is too common") {
			t.Errorf("common admin reset: %d %s", r.Status, r.Raw)
		}
		if r := reset("admin lantern path"); r.Status != 200 {
			t.Fatalf("admin reset: %d %s", r.Status, r.Raw)
		}
		tok := e.login("admin@example.org", "admin lantern path", false)

		// Changing it keeps to the admin rule too.
		change := func(pw string) resp {
			return e.call("POST", "/api/users/change-password", map[string]any{"currentPassword": "admin lantern path", "newPassword": pw}, tok)
		}
		if r := change("ten chars!"); r.Status != 400 || r.fieldErrors()["newPassword"] != "must be at least 12 characters for an admin account" {
			t.Errorf("short admin change: %d %s", r.Status, r.Raw)
		}
		if r := change("michael12345"); r.Status != 400 || !strings.HasPrefix(r.fieldErrors()["newPassword"].(string), "is too common") {
			t.Errorf("common admin change: %d %s", r.Status, r.Raw)
		}
		if r := change("twelve chars"); r.Status != 200 {
			t.Errorf("admin change: %d %s", r.Status, r.Raw)
		}

		// A user's change keeps to the user rule.
		e.register("Alice", "alice@example.org", "9876543210", alicePW)
		utok := e.login("alice@example.org", alicePW, false)
		if r := e.call("POST", "/api/users/change-password", map[string]any{"currentPassword": alicePW, "newPassword": "baseball2024"}, utok); r.Status != 400 || !strings.HasPrefix(r.fieldErrors()["newPassword"].(string), "is too common") {
			t.Errorf("common user change: %d %s", r.Status, r.Raw)
		}
		if r := e.call("POST", "/api/users/change-password", map[string]any{"currentPassword": alicePW, "newPassword": "ten chars!"}, utok); r.Status != 200 {
			t.Errorf("user change to 10 characters: %d %s", r.Status, r.Raw)
		}
	})
}

// TestAdminSessions: an admin's session ends after 30 minutes without a
// request (and says so), requests keep it alive, "Remember me" gives an
// admin only the short session, and a user's session has no idle limit.
func TestAdminSessions(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, acctOptions()...)
		ctx := context.Background()
		hash, err := auth.Default().Hash("admin lantern path")
		if err != nil {
			t.Fatal(err)
		}
		if err := st.CreateUser(ctx, &store.User{FullName: "Admin", Email: "admin@example.org", PasswordHash: hash, IsAdmin: true}); err != nil {
			t.Fatal(err)
		}
		e.register("Alice", "alice@example.org", "9876543210", alicePW)
		expiry := func(token string) time.Duration {
			var at int64
			if err := st.Reader().QueryRowContext(ctx, `SELECT expires_at FROM sessions WHERE token_hash = ?`, auth.HashToken(token)).Scan(&at); err != nil {
				t.Fatal(err)
			}
			return store.FromMillis(at).Sub(e.now())
		}

		remembered := e.login("admin@example.org", "admin lantern path", true)
		if d := expiry(remembered); d != 24*time.Hour {
			t.Errorf("admin session with remember lasts %v, want 24h", d)
		}
		user := e.login("alice@example.org", alicePW, true)

		// Requests 29 minutes apart keep the admin signed in.
		for range 3 {
			e.advance(29 * time.Minute)
			if r := e.call("GET", "/api/admin/users", nil, remembered); r.Status != 200 {
				t.Fatalf("active admin session: %d %s", r.Status, r.Raw)
			}
		}
		// 30 minutes without one ends it, with a message saying why.
		e.advance(30 * time.Minute)
		r := e.call("GET", "/api/admin/users", nil, remembered)
		if r.Status != 401 || r.message() != msgAdminIdle.En() || r.Header.Get("X-Session-Ended") != "idle" {
			t.Fatalf("idle admin session: %d %v %s", r.Status, r.Header, r.Raw)
		}
		var n int
		_ = st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM sessions WHERE token_hash = ?`, auth.HashToken(remembered)).Scan(&n)
		if n != 0 {
			t.Error("the idle session is still stored")
		}
		if r := e.call("GET", "/api/users/me", nil, remembered); r.Status != 401 || r.message() == msgAdminIdle.En() {
			t.Errorf("the ended session afterwards: %d %s", r.Status, r.Raw)
		}
		// Public forms still work for the signed-out admin.
		if r := e.call("POST", "/api/users/forgot-password", map[string]any{"email": "admin@example.org"}, remembered); r.Status != 200 {
			t.Errorf("public call with the ended session: %d %s", r.Status, r.Raw)
		}

		// A user's session has no idle limit (1.5 hours idle here).
		if r := e.call("GET", "/api/users/me", nil, user); r.Status != 200 {
			t.Errorf("user session after idling: %d %s", r.Status, r.Raw)
		}
		if d := expiry(user); d < 29*24*time.Hour {
			t.Errorf("user's remembered session lasts %v", d)
		}
	})
}

// TestRegistrationProbing: registration is limited per client, taken
// addresses included, so asking who is registered cannot be done at
// scale; the clear 409 stays for a person who forgot they registered.
func TestRegistrationProbing(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, acctOptions()...)
		e.register("Alice", "alice@example.org", "9876543210", alicePW)
		next := 0
		reg := func(email, ip string) resp {
			next++
			mobile := "97" + strconv.Itoa(10000000+next)
			return e.callFrom(ip, "POST", "/api/users/register", map[string]any{"fullName": "Probe", "email": email, "mobile": mobile, "password": "long enough pass"}, "")
		}
		// The person who forgot: a clear 409 naming the field.
		r := reg("alice@example.org", "10.40.0.1")
		if r.Status != http.StatusConflict || r.message() != msgAlreadyTaken.En() || r.fieldErrors()["email"] == nil {
			t.Fatalf("taken email: %d %s", r.Status, r.Raw)
		}
		// A prober: 40 known and unknown addresses from one client get
		// 5 answers, then 429 (and nothing more is created).
		answered := 0
		for i := range 40 {
			email := "alice@example.org"
			if i%2 == 1 {
				email = "probe" + strconv.Itoa(i) + "@example.org"
			}
			switch r := reg(email, "10.40.0.1"); r.Status {
			case http.StatusConflict, http.StatusCreated:
				answered++
			case http.StatusTooManyRequests:
				if r.Header.Get("Retry-After") == "" || !strings.Contains(r.message(), "Too many registrations") {
					t.Fatalf("429 without a wait or a clear message: %s", r.Raw)
				}
			default:
				t.Fatalf("probe %d: %d %s", i, r.Status, r.Raw)
			}
		}
		if answered != auth.RegisterPerAddress.Max-1 {
			t.Fatalf("%d probes answered in an hour, want %d", answered, auth.RegisterPerAddress.Max-1)
		}
		// Invalid input does not count; another client is not affected.
		if r := reg("not an email", "10.40.0.2"); r.Status != http.StatusBadRequest {
			t.Fatalf("bad input: %d", r.Status)
		}
		if r := reg("fresh@example.org", "10.40.0.2"); r.Status != http.StatusCreated {
			t.Fatalf("another client: %d %s", r.Status, r.Raw)
		}
		// Over a day, one client gets at most 20 answers.
		for h := range 6 {
			e.advance(time.Hour + time.Second)
			for i := range 5 {
				reg("day"+strconv.Itoa(h)+"-"+strconv.Itoa(i)+"@example.org", "10.40.0.3")
			}
		}
		var n int
		if err := st.Reader().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM users WHERE email LIKE 'day%'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != auth.RegisterPerAddressDay.Max {
			t.Fatalf("%d accounts from one client in a day, want %d", n, auth.RegisterPerAddressDay.Max)
		}
	})
}

// TestNobodyLocksTheOwnerOut: guesses from many addresses slow the
// account down with growing waits (never more than MaxGuessDelay), the
// owner still signs in, and gets one email about it, not one per guess.
func TestNobodyLocksTheOwnerOut(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, acctOptions()...)
		e.register("Alice", "alice@example.org", "9876543210", alicePW)
		login := func(pw, ip string) resp {
			return e.callFrom(ip, "POST", "/api/users/login", map[string]any{"identifier": "alice@example.org", "password": pw}, "")
		}
		lastWait := 0
		for i := range 30 {
			ip := "10.30." + strconv.Itoa(i/4) + "." + strconv.Itoa(i%4)
			r := login("wrong guess", ip)
			if r.Status == http.StatusTooManyRequests {
				wait, err := strconv.Atoi(r.Header.Get("Retry-After"))
				if err != nil || wait < 1 || wait > int(auth.MaxGuessDelay/time.Second) {
					t.Fatalf("guess %d: Retry-After %q", i, r.Header.Get("Retry-After"))
				}
				if i < auth.GuessesBeforeDelay {
					t.Fatalf("guess %d already delayed", i)
				}
				if wait < lastWait {
					t.Errorf("guess %d: the wait shrank from %d to %d s", i, lastWait, wait)
				}
				lastWait = wait
				e.advance(time.Duration(wait) * time.Second)
				r = login("wrong guess", ip)
			}
			if r.Status != http.StatusUnauthorized {
				t.Fatalf("guess %d: %d %s", i, r.Status, r.Raw)
			}
		}
		if lastWait < int(auth.MaxGuessDelay/time.Second)/2 {
			t.Errorf("the waits did not grow: last %d s", lastWait)
		}
		// The owner: at most one short wait, then in.
		r := login(alicePW, "192.0.2.77")
		if r.Status == http.StatusTooManyRequests {
			wait, _ := strconv.Atoi(r.Header.Get("Retry-After"))
			if wait > int(auth.MaxGuessDelay/time.Second) {
				t.Fatalf("the owner must wait %d s", wait)
			}
			e.advance(time.Duration(wait) * time.Second)
			r = login(alicePW, "192.0.2.77")
		}
		if r.Status != http.StatusOK {
			t.Fatalf("the owner could not sign in: %d %s", r.Status, r.Raw)
		}
		// One notice to the owner for the whole run of guesses.
		var kinds []string
		rows, err := st.Reader().QueryContext(context.Background(), `SELECT kind, subject FROM outbox WHERE to_addr = ? AND kind <> 'verify_email'`, "alice@example.org")
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var k, subj string
			if err := rows.Scan(&k, &subj); err != nil {
				t.Fatal(err)
			}
			kinds = append(kinds, k+": "+subj)
		}
		rows.Close()
		if len(kinds) != 1 || kinds[0] != mail.KindSignInAttempts+": Someone is trying to sign in to your SPDC account" {
			t.Fatalf("mail to the owner: %q, want one sign-in notice", kinds)
		}
		// Reset requests: one client's three do not stop the owner's own.
		for range 3 {
			e.callFrom("10.31.0.1", "POST", "/api/users/forgot-password", map[string]any{"email": "alice@example.org"}, "")
		}
		e.forgot("alice@example.org", "192.0.2.77")
	})
}

// TestProfileContactChangeThrottled tries 60 mobile numbers in a row from
// one account, one of them another account's: after five changes every
// try is a 429 with Retry-After, the taken number too, so the 409 cannot
// be asked about many numbers; a second account on the same connection
// meets the connection's limit; a change of name alone is not counted.
func TestProfileContactChangeThrottled(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		owner, _ := e.user("owner@example.org", false)
		e.ip = "198.51.100.7"
		if r := e.call("PUT", "/api/users/me", map[string]any{"mobile": "+91 98300 11111", "__v": 0}, owner); r.Status != 200 {
			t.Fatalf("owner's mobile: %d %s", r.Status, r.Raw)
		}
		e.ip = "192.0.2.10"
		prober, _ := e.user("prober@example.org", false)
		version := func(tok string) int {
			r := e.call("GET", "/api/users/me", nil, tok)
			return int(r.Body["__v"].(float64))
		}
		codes := map[int]int{}
		for i := range 60 {
			mobile := fmt.Sprintf("+91 98300 2%04d", i)
			if i == 2 || i == 40 {
				mobile = "+91 98300 11111"
			}
			r := e.call("PUT", "/api/users/me", map[string]any{"mobile": mobile, "__v": version(prober)}, prober)
			codes[r.Status]++
			switch {
			case i < 5 && i == 2 && r.Status != http.StatusConflict:
				t.Fatalf("try %d, a taken number before the limit: %d %s", i, r.Status, r.Raw)
			case i < 5 && i != 2 && r.Status != 200:
				t.Fatalf("try %d before the limit: %d %s", i, r.Status, r.Raw)
			case i >= 5 && (r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" || r.message() == ""):
				t.Fatalf("try %d after the limit: %d %v %s", i, r.Status, r.Header, r.Raw)
			}
		}
		if codes[http.StatusTooManyRequests] != 55 || codes[http.StatusConflict] != 1 {
			t.Errorf("answers %v", codes)
		}
		// A change of name alone is still saved.
		if r := e.call("PUT", "/api/users/me", map[string]any{"fullName": "Prober Renamed", "__v": version(prober)}, prober); r.Status != 200 {
			t.Errorf("name change: %d %s", r.Status, r.Raw)
		}
		// More accounts on the same connection share its limit of ten.
		second, _ := e.user("second@example.org", false)
		third, _ := e.user("third@example.org", false)
		n := 0
		for i := range 10 {
			tok := second
			if i >= 5 {
				tok = third
			}
			if r := e.call("PUT", "/api/users/me", map[string]any{"mobile": fmt.Sprintf("+91 98300 3%04d", i), "__v": version(tok)}, tok); r.Status == 200 {
				n++
			}
		}
		if n != 5 {
			t.Errorf("%d changes from a connection that had made five already", n)
		}
		// An hour later the account may change its number again.
		e.clock = e.clock.Add(61 * time.Minute)
		if r := e.call("PUT", "/api/users/me", map[string]any{"mobile": "+91 98300 49999", "__v": version(prober)}, prober); r.Status != 200 {
			t.Errorf("after an hour: %d %s", r.Status, r.Raw)
		}
	})
}
