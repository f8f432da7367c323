package reliability

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"spdc/internal/auth"
	"spdc/internal/store"
)

// checkSecurityHeaders reports what is missing from one answer's headers.
func checkSecurityHeaders(h http.Header) []string {
	var bad []string
	csp := h.Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'self'", "script-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'"} {
		if !strings.Contains(csp, want) {
			bad = append(bad, "CSP lacks "+want)
		}
	}
	for _, dir := range strings.Split(csp, ";") {
		dir = strings.TrimSpace(dir)
		if strings.HasPrefix(dir, "script-src") && (strings.Contains(dir, "'unsafe-inline'") || strings.Contains(dir, "'unsafe-eval'") || strings.Contains(dir, "*")) {
			bad = append(bad, "script-src allows inline/eval/any: "+dir)
		}
	}
	want := map[string]string{"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY"}
	for k, v := range want {
		if h.Get(k) != v {
			bad = append(bad, k+"="+h.Get(k))
		}
	}
	if rp := h.Get("Referrer-Policy"); rp == "" || rp == "unsafe-url" || rp == "no-referrer-when-downgrade" {
		bad = append(bad, "Referrer-Policy="+rp)
	}
	if h.Get("X-Request-Id") == "" {
		bad = append(bad, "no X-Request-Id")
	}
	if h.Get("Server") != "" || h.Get("X-Powered-By") != "" {
		bad = append(bad, "advertises its software")
	}
	return bad
}

var (
	resetLinkRE   = regexp.MustCompile(`/reset-password/([A-Za-z0-9_-]{43})`)
	approveLinkRE = regexp.MustCompile(`/Reg\?token=([A-Za-z0-9_-]{43})`)
)

// mailedTokens finds the one-time tokens in the mail the server wrote to
// dataDir/mail for to (the stored outbox holds none), oldest first.
func mailedTokens(t *testing.T, dataDir, to string, re *regexp.Regexp) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dataDir, "mail", "*.eml")) // names sort by time
	var out []string
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		// Undo quoted-printable's soft line breaks and its "=" escape.
		text := strings.ReplaceAll(strings.ReplaceAll(string(raw), "=\r\n", ""), "=3D", "=")
		if !strings.Contains(text, "\r\nTo: <"+to+">\r\n") {
			continue
		}
		if m := re.FindStringSubmatch(text); m != nil {
			out = append(out, m[1])
		}
	}
	return out
}

// TestSecurityHeadersAndSessions checks the real binary from outside: the
// security headers on every kind of answer (pages, assets, API successes
// and each error status, health checks, CSV), that no token ever appears
// in a URL the server logs except the emailed one-time links (whose paths
// are redacted), and that logout, password change, password reset and
// expiry really end sessions.
func TestSecurityHeadersAndSessions(t *testing.T) {
	for _, b := range backends(t) {
		t.Run(b.Name, func(t *testing.T) {
			dataDir := t.TempDir()
			runCLI(t, b.URL, dataDir, "an admin passphrase\n", "admin", "create", "--email", "admin@example.org", "--name", "Program Admin")
			p := startSpdc(t, b.URL, dataDir, "SPDC_CORS_ORIGINS=https://friend.example")
			p.ready(t, 20*time.Second)
			st := openStore(t, b.URL)
			c := newClient(10 * time.Second)
			var secrets []string // every token seen; none may reach the log

			adminTok := login(t, c, p.Base, "admin@example.org", "an admin passphrase")
			secrets = append(secrets, adminTok)
			userTok := registerAndLogin(t, c, p.Base, "member@example.org", "+919876500004", "the member passphrase")
			secrets = append(secrets, userTok)
			for _, tok := range []string{adminTok, userTok} {
				if !auth.LooksLikeToken(tok) {
					t.Errorf("session token %q is not 256 random bits", tok)
				}
			}

			index := mustCall(t, c, "GET", p.Base+"/", nil, "")
			asset := "/favicon.svg"
			if m := assetRE.FindStringSubmatch(string(index.Body)); m != nil {
				asset = m[1]
			}
			big := `{"fullName":"` + strings.Repeat("x", 2<<20) + `"}`
			kinds := []struct {
				name, method, path string
				body               any
				token              string
				hdr                map[string]string
				status             int
			}{
				{"index page", "GET", "/", nil, "", nil, 200},
				{"client route", "GET", "/admin", nil, "", nil, 200},
				{"client route with token", "GET", "/reset-password/" + strings.Repeat("A", 43), nil, "", nil, 200},
				{"hashed asset", "GET", asset, nil, "", nil, 200},
				{"static file", "GET", "/favicon.svg", nil, "", nil, 200},
				{"missing static file", "GET", "/missing-file.js", nil, "", nil, 404},
				{"conditional index", "GET", "/", nil, "", map[string]string{"If-Modified-Since": time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)}, 304},
				{"health", "GET", "/healthz", nil, "", nil, 200},
				{"readiness", "GET", "/readyz", nil, "", nil, 200},
				{"API success", "GET", "/api/users/me", nil, userTok, nil, 200},
				{"API created", "POST", "/api/volunteers/register", volunteer("headers"), "", nil, 201},
				{"API 400", "POST", "/api/users/register", map[string]any{}, "", nil, 400},
				{"API 401", "GET", "/api/users/me", nil, "", nil, 401},
				{"API 403", "GET", "/api/admin/users", nil, userTok, nil, 403},
				{"API 404", "GET", "/api/no-such-thing", nil, "", nil, 404},
				{"API 405", "GET", "/api/users/login", nil, "", nil, 405},
				{"API 413", "POST", "/api/contact", big, "", nil, 413},
				{"API 415", "POST", "/api/contact", "name=x", "", map[string]string{"Content-Type": "text/plain"}, 415},
				{"admin list", "GET", "/api/admin/volunteers", nil, adminTok, nil, 200},
				{"CSV export", "GET", "/api/admin/volunteers/export.csv", nil, adminTok, nil, 200},
				{"foreign preflight", "OPTIONS", "/api/users/login", nil, "", map[string]string{"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"}, 403},
				{"allowed preflight", "OPTIONS", "/api/users/login", nil, "", map[string]string{"Origin": "https://friend.example", "Access-Control-Request-Method": "POST"}, 204},
			}
			for _, k := range kinds {
				req, _ := http.NewRequest(k.method, p.Base+k.path, bodyReader(k.body))
				if k.body != nil {
					req.Header.Set("Content-Type", "application/json")
				}
				for h, v := range k.hdr {
					req.Header.Set(h, v)
				}
				if k.token != "" {
					req.Header.Set("Authorization", "Bearer "+k.token)
				}
				res, err := c.Do(req)
				if err != nil {
					t.Errorf("%s: %v", k.name, err)
					continue
				}
				res.Body.Close()
				if res.StatusCode != k.status {
					t.Errorf("%s: status %d, want %d", k.name, res.StatusCode, k.status)
				}
				if bad := checkSecurityHeaders(res.Header); len(bad) > 0 {
					t.Errorf("%s (%d): %v", k.name, res.StatusCode, bad)
				}
				if k.name == "foreign preflight" && res.Header.Get("Access-Control-Allow-Origin") != "" {
					t.Errorf("foreign origin allowed: %v", res.Header)
				}
			}
			t.Logf("%s: security headers checked on %d kinds of answer", b.Name, len(kinds))

			t.Run("logout revokes", func(t *testing.T) {
				tok := login(t, c, p.Base, "member@example.org", "the member passphrase")
				secrets = append(secrets, tok)
				if r := mustCall(t, c, "POST", p.Base+"/api/users/logout", nil, tok); r.Status != 200 {
					t.Fatalf("logout: %d", r.Status)
				}
				if r := mustCall(t, c, "GET", p.Base+"/api/users/me", nil, tok); r.Status != 401 {
					t.Fatalf("me after logout: %d", r.Status)
				}
				if r := mustCall(t, c, "GET", p.Base+"/api/users/me", nil, userTok); r.Status != 200 {
					t.Fatalf("logout ended another session: %d", r.Status)
				}
			})

			t.Run("expired session refused", func(t *testing.T) {
				tok := login(t, c, p.Base, "member@example.org", "the member passphrase")
				secrets = append(secrets, tok)
				past := store.Millis(time.Now().Add(-time.Minute))
				if _, err := st.Writer().ExecContext(context.Background(), `UPDATE sessions SET expires_at = ? WHERE token_hash = ?`, past, auth.HashToken(tok)); err != nil {
					t.Fatal(err)
				}
				if r := mustCall(t, c, "GET", p.Base+"/api/users/me", nil, tok); r.Status != 401 {
					t.Fatalf("expired session: %d %s", r.Status, r.Body)
				}
			})

			t.Run("password change ends the other sessions", func(t *testing.T) {
				other := login(t, c, p.Base, "member@example.org", "the member passphrase")
				current := login(t, c, p.Base, "member@example.org", "the member passphrase")
				secrets = append(secrets, other, current)
				r := mustCall(t, c, "POST", p.Base+"/api/users/change-password", map[string]any{"currentPassword": "the member passphrase", "newPassword": "a newer member passphrase"}, current)
				if r.Status != 200 {
					t.Fatalf("change password: %d %s", r.Status, r.Body)
				}
				if r := mustCall(t, c, "GET", p.Base+"/api/users/me", nil, other); r.Status != 401 {
					t.Errorf("other session after password change: %d", r.Status)
				}
				if r := mustCall(t, c, "GET", p.Base+"/api/users/me", nil, userTok); r.Status != 401 {
					t.Errorf("older session after password change: %d", r.Status)
				}
				if r := mustCall(t, c, "GET", p.Base+"/api/users/me", nil, current); r.Status != 200 {
					t.Errorf("current session after password change: %d", r.Status)
				}
			})

			t.Run("password reset ends every session, link works once", func(t *testing.T) {
				s1 := login(t, c, p.Base, "member@example.org", "a newer member passphrase")
				secrets = append(secrets, s1)
				r := mustCall(t, c, "POST", p.Base+"/api/users/forgot-password", map[string]any{"email": "member@example.org"}, "")
				if r.Status != 200 {
					t.Fatalf("forgot: %d %s", r.Status, r.Body)
				}
				var toks []string
				waitFor(5*time.Second, func() bool {
					toks = mailedTokens(t, dataDir, "member@example.org", resetLinkRE)
					return len(toks) > 0
				})
				if len(toks) == 0 {
					t.Fatal("no reset link was queued")
				}
				reset := toks[len(toks)-1]
				secrets = append(secrets, reset)
				if strings.Contains(string(r.Body), reset) {
					t.Fatal("the reset token is in the API answer")
				}
				// Opening the emailed link loads the page; the token is not logged.
				if r := mustCall(t, c, "GET", p.Base+"/reset-password/"+reset, nil, ""); r.Status != 200 {
					t.Fatalf("reset page: %d", r.Status)
				}
				r = mustCall(t, c, "POST", p.Base+"/api/users/reset-password", map[string]any{"token": reset, "password": "the reset passphrase"}, "")
				if r.Status != 200 {
					t.Fatalf("reset: %d %s", r.Status, r.Body)
				}
				if r := mustCall(t, c, "GET", p.Base+"/api/users/me", nil, s1); r.Status != 401 {
					t.Errorf("session after reset: %d", r.Status)
				}
				r = mustCall(t, c, "POST", p.Base+"/api/users/reset-password", map[string]any{"token": reset, "password": "yet another passphrase"}, "")
				if r.Status != 400 {
					t.Errorf("reset link used twice: %d %s", r.Status, r.Body)
				}
				login(t, c, p.Base, "member@example.org", "the reset passphrase")
			})

			t.Run("approval token only in the emailed link", func(t *testing.T) {
				r := mustCall(t, c, "POST", p.Base+"/api/disciples/register", map[string]any{
					"fullName": "Applicant Das", "dateOfBirth": "1950-02-03", "contactNumber": "+919876500005",
					"templePresidentEmail": "president@example.org", "initiationDate": "1972-05-06", "initiationName": "Applicant Dasa"}, "")
				if r.Status != 201 {
					t.Fatalf("disciple: %d %s", r.Status, r.Body)
				}
				var toks []string
				waitFor(5*time.Second, func() bool {
					toks = mailedTokens(t, dataDir, "president@example.org", approveLinkRE)
					return len(toks) > 0
				})
				if len(toks) != 1 {
					t.Fatalf("approval links queued: %d", len(toks))
				}
				secrets = append(secrets, toks[0])
				if strings.Contains(string(r.Body), toks[0]) {
					t.Fatal("the approval token is in the API answer")
				}
				if r := mustCall(t, c, "GET", p.Base+"/Reg?token="+toks[0], nil, ""); r.Status != 200 {
					t.Fatalf("approval page: %d", r.Status)
				}
				if r := mustCall(t, c, "GET", p.Base+"/api/approval/"+toks[0], nil, ""); r.Status != 200 {
					t.Fatalf("approval info: %d %s", r.Status, r.Body)
				}
			})

			// Let the outbox worker write its files, then stop the server
			// so every log line is in.
			time.Sleep(300 * time.Millisecond)
			if err := p.terminate(15 * time.Second); err != nil {
				t.Errorf("stop: %v", err)
			}
			logs := p.logs.String()
			for _, s := range secrets {
				if strings.Contains(logs, s) {
					t.Errorf("a token reached the server log: %s…", s[:8])
				}
			}
			// The mail files hold the one-time links (that is their job),
			// and nothing else in the data dir should hold a session token.
			files, _ := filepath.Glob(filepath.Join(dataDir, "mail", "*.eml"))
			t.Logf("%s: %d tokens checked against %d bytes of log; %d mails written", b.Name, len(secrets), len(logs), len(files))
		})
	}
}

// bodyReader turns a test body into a reader (nil for none).
func bodyReader(body any) *strings.Reader {
	switch b := body.(type) {
	case nil:
		return strings.NewReader("")
	case string:
		return strings.NewReader(b)
	default:
		raw, _ := jsonMarshal(b)
		return strings.NewReader(string(raw))
	}
}
