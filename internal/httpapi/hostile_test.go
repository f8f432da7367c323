package httpapi

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	netmail "net/mail"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"spdc/internal/auth"
	"spdc/internal/csvout"
	"spdc/internal/mail"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// This file throws hostile input at every public endpoint, as scenario
// tables: malformed and truncated JSON, wrong types, nulls, arrays for
// strings, huge strings and bodies, control characters, emoji,
// right-to-left text, SQL injection, stored XSS, CSV formulas, CRLF aimed
// at mail headers, path traversal, unknown methods and foreign origins.
// Whatever comes in, the server answers a 4xx (or accepts and stores the
// text verbatim), never a 5xx, and nothing reaches a mail header or a
// spreadsheet formula. The number of cases tried is logged.

// hsWeb is a tiny built web app for the static-file cases.
var hsWeb = fstest.MapFS{
	"index.html":           {Data: []byte("<!doctype html><title>spdc</title>")},
	"assets/app-1a2b3c.js": {Data: []byte("console.log(1)")},
	"favicon.svg":          {Data: []byte("<svg/>")},
}

// account makes a user (an admin when admin) and returns a session token.
func (e *env) account(email, mobile string, admin bool) string {
	e.t.Helper()
	ctx := context.Background()
	hash, err := auth.Default().Hash("the right passphrase")
	if err != nil {
		e.t.Fatal(err)
	}
	u := &store.User{FullName: "Hostile Tester", Email: email, Mobile: mobile, PasswordHash: hash}
	if err := e.st.CreateUser(ctx, u); err != nil {
		e.t.Fatal(err)
	}
	if admin {
		if err := e.st.PromoteUser(ctx, email); err != nil {
			e.t.Fatal(err)
		}
	}
	tok := auth.NewToken()
	if err := e.st.CreateSession(ctx, auth.HashToken(tok), u.ID, time.Now().Add(time.Hour)); err != nil {
		e.t.Fatal(err)
	}
	return tok
}

// hsReq is one request of a scenario.
type hsReq struct {
	method, path string
	body         []byte // nil: no body
	token        string
	ctype        string // "" means application/json when there is a body
	hdr          map[string]string
	chunked      bool // send without Content-Length
}

// do sends r from a fresh client address (so throttles do not mask the
// case under test) and checks what every answer must satisfy.
func (e *env) do(name string, r hsReq) *httptest.ResponseRecorder {
	e.t.Helper()
	e.cases.Add(1)
	var rd io.Reader
	if r.body != nil {
		rd = bytes.NewReader(r.body)
	}
	req := httptest.NewRequest(r.method, r.path, rd)
	req.RemoteAddr = e.nextIP() + ":5000"
	if r.body != nil {
		ct := r.ctype
		if ct == "" {
			ct = "application/json"
		}
		req.Header.Set("Content-Type", ct)
	}
	if r.chunked {
		req.ContentLength = -1
	}
	if r.token != "" {
		req.Header.Set("Authorization", "Bearer "+r.token)
	}
	for k, v := range r.hdr {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	checkAnswer(e.t, name, r.path, answerOf(rec))
	return rec
}

// nextIP is a client address no case has used yet.
func (e *env) nextIP() string {
	n := e.ipSeq.Add(1)
	return fmt.Sprintf("10.%d.%d.%d", (n>>16)&255, (n>>8)&255, n&255)
}

// hostileScenario is r as a row of a scenario table: sent from a fresh
// client address (so throttles do not mask the case under test), counted,
// and its answer held to checkAnswer's rules and then to also's (nil for
// none); oneOf, when given, are the statuses it may get, any otherwise.
func (e *env) hostileScenario(name string, r hsReq, also func(t *testing.T, a resp), oneOf ...int) scenario {
	hdr := map[string]string{}
	for k, v := range r.hdr {
		hdr[k] = v
	}
	if r.body != nil && r.ctype != "" {
		hdr["Content-Type"] = r.ctype
	}
	sc := scenario{name: name, method: r.method, path: r.path, session: r.token, header: hdr, ip: e.nextIP(),
		chunked: r.chunked, status: statusAny, oneOf: oneOf,
		before: func(*testing.T) { e.cases.Add(1) },
		after: func(t *testing.T, a resp) {
			checkAnswer(t, name, r.path, a)
			if also != nil {
				also(t, a)
			}
		}}
	if r.body != nil {
		sc.body = string(r.body)
	}
	return sc
}

// checkAnswer holds the rules for every answer: no 5xx, no internals, the
// security headers, and JSON with a message for every API error.
func checkAnswer(t testing.TB, name, path string, a resp) {
	t.Helper()
	if a.Status >= 500 {
		t.Errorf("%s: %s answered %d: %.300s", name, path, a.Status, a.Raw)
	}
	for _, leak := range []string{"goroutine ", "panic", "sql:", "SQLSTATE", "pq:", "sqlite", "runtime error", "/internal/"} {
		if strings.Contains(a.Raw, leak) {
			t.Errorf("%s: answer leaks internals (%q): %.300s", name, leak, a.Raw)
		}
	}
	if a.Header.Get("X-Content-Type-Options") != "nosniff" || !strings.Contains(a.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
		t.Errorf("%s: security headers missing: %v", name, a.Header)
	}
	if strings.HasPrefix(path, "/api/") && a.Status >= 400 && a.Status != http.StatusNoContent {
		var m map[string]any
		if err := json.Unmarshal([]byte(a.Raw), &m); err != nil || m["message"] == nil || m["message"] == "" {
			t.Errorf("%s: %d without a JSON message: %.300s", name, a.Status, a.Raw)
		}
		if !strings.HasPrefix(a.Header.Get("Content-Type"), "application/json") {
			t.Errorf("%s: %d with Content-Type %q", name, a.Status, a.Header.Get("Content-Type"))
		}
	}
}

// jsonBody marshals v.
func hsJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// hsEndpoint is one public endpoint that takes a JSON body.
type hsEndpoint struct {
	method, path string
	token        func(e *env) string
	valid        func(n int64) map[string]any // a valid body; n makes it unique
	strings      []string                     // its string fields
}

var hsSeq atomic.Int64

// body is a fresh valid body for ep; a profile edit echoes the user's
// current version, so the edit reaches the store.
func (e *env) body(ep hsEndpoint) map[string]any {
	b := ep.valid(hsSeq.Add(1))
	if ep.path == "/api/users/me" {
		var v int
		_ = e.st.Reader().QueryRowContext(context.Background(), `SELECT version FROM users WHERE email = ?`, "hostile-user@example.org").Scan(&v)
		b["__v"] = v
	}
	return b
}

// hsEndpoints lists every public endpoint that reads a JSON body.
func hsEndpoints() []hsEndpoint {
	none := func(*env) string { return "" }
	user := func(e *env) string { return e.userTok }
	tok43 := func() string { return strings.Repeat("Q", 43) }
	return []hsEndpoint{
		{"POST", "/api/users/register", none, func(n int64) map[string]any {
			return map[string]any{"fullName": "Reg Tester", "email": fmt.Sprintf("reg%d@example.org", n), "mobile": fmt.Sprintf("+9198765%05d", n%100000),
				"address": "1 Road", "password": "a long passphrase"}
		}, []string{"fullName", "email", "mobile", "address", "password"}},
		{"POST", "/api/users/login", none, func(n int64) map[string]any {
			return map[string]any{"identifier": "hostile-user@example.org", "password": "wrong passphrase"}
		}, []string{"identifier", "password"}},
		{"POST", "/api/users/forgot-password", none, func(n int64) map[string]any {
			return map[string]any{"email": fmt.Sprintf("forgot%d@example.org", n)}
		}, []string{"email"}},
		{"POST", "/api/users/reset-password", none, func(n int64) map[string]any {
			return map[string]any{"token": tok43(), "password": "a long passphrase"}
		}, []string{"token", "password"}},
		{"POST", "/api/users/change-password", user, func(n int64) map[string]any {
			return map[string]any{"currentPassword": "not the current one", "newPassword": "a new long passphrase"}
		}, []string{"currentPassword", "newPassword"}},
		{"PUT", "/api/users/me", user, func(n int64) map[string]any {
			return map[string]any{"fullName": "Hostile Tester", "address": "2 Road"}
		}, []string{"fullName", "mobile", "address"}},
		{"POST", "/api/volunteers/register", none, func(n int64) map[string]any {
			return map[string]any{"fullName": "Vol Tester", "email": fmt.Sprintf("vol%d@example.org", n), "mobile": "+919876543210",
				"address": "1 Road", "country": "India", "nearestCenter": "Mayapur", "availability": "5-10 hours/week",
				"areasOfInterest": []string{"Other"}, "otherInterest": "Cooking", "experience": "Some.", "motivation": "Service.", "skills": "Care.", "consent": true}
		}, []string{"fullName", "email", "mobile", "address", "country", "nearestCenter", "availability", "otherInterest", "experience", "motivation", "skills"}},
		{"POST", "/api/disciples/register", none, func(n int64) map[string]any {
			return map[string]any{"fullName": fmt.Sprintf("Disciple Tester %d", n), "dateOfBirth": "1950-01-02", "address": "1 Road",
				"contactNumber": "+919876543210", "discipleEmail": fmt.Sprintf("dis%d@example.org", n), "templePresidentEmail": "tp@example.org",
				"initiationDate": "1971-03-04", "initiationName": "Tester Dasa"}
		}, []string{"fullName", "dateOfBirth", "address", "contactNumber", "discipleEmail", "templePresidentEmail", "initiationDate", "initiationName"}},
		{"POST", "/api/approval/approve", none, func(n int64) map[string]any {
			return map[string]any{"token": tok43(), "referrerName": "Temple President", "referrerPosition": "President", "referrerContact": "+919876543211",
				"referrerEmail": "tp@example.org", "referrerSignature": "TP", "referrerSignedOn": "2025-01-01", "applicantSignature": "A", "applicantSignedOn": "2025-01-01"}
		}, []string{"token", "referrerName", "referrerPosition", "referrerContact", "referrerEmail", "referrerSignature", "referrerSignedOn", "applicantSignature", "applicantSignedOn"}},
		{"POST", "/api/approval/decline", none, func(n int64) map[string]any {
			return map[string]any{"token": tok43(), "reason": "I do not know this person."}
		}, []string{"token", "reason"}},
		{"POST", "/api/hosts/register", none, func(n int64) map[string]any {
			return map[string]any{"fullName": "Host Tester", "initiatedName": "Host Dasa", "contactNumber": "+919876543212", "email": fmt.Sprintf("host%d@example.org", n),
				"address": "1 Road", "country": "India", "nearestCenter": "Vrindavan", "accommodationTypes": []string{"Others (please Specify)"}, "accommodationOther": "A cottage",
				"availabilityDurations": []string{}, "facilities": []string{"Other"}, "facilityOther": "A garden", "whyHost": "To serve.", "consentTerms": true, "consentContact": true}
		}, []string{"fullName", "initiatedName", "contactNumber", "email", "address", "country", "nearestCenter", "accommodationOther", "facilityOther", "whyHost"}},
		{"POST", "/api/contact", none, func(n int64) map[string]any {
			return map[string]any{"name": "Contact Tester", "email": fmt.Sprintf("contact%d@example.org", n), "subject": "Hello", "phone": "+919876543213",
				"message": "A message.", "acceptTerms": true, "website": ""}
		}, []string{"name", "email", "subject", "phone", "message"}},
		{"POST", "/api/subscribers", none, func(n int64) map[string]any {
			return map[string]any{"email": fmt.Sprintf("sub%d@example.org", n)}
		}, []string{"email"}},
	}
}

// hsStrings are hostile values for text fields, each a valid JSON string.
var hsStrings = map[string]string{
	"NUL":            "a\x00b",
	"bell":           "a\x07b",
	"ANSI escape":    "\x1b[31mred\x1b[0m",
	"CRLF header":    "x\r\nBcc: victim@example.org\r\nSubject: injected",
	"LF header":      "x\nTo: victim@example.org",
	"emoji":          "🙏🏽 Hare Krishna 🌺",
	"right-to-left":  "مرحبا بالعالم שלום",
	"bidi override":  "abc\u202Egnp.exe",
	"zero width":     "a\u200Bb\uFEFF",
	"SQL quote":      "Robert'); DROP TABLE volunteers;--",
	"SQL tautology":  "' OR '1'='1' --",
	"SQL union":      "x\" UNION SELECT password_hash FROM users --",
	"XSS script":     "<script>alert(1)</script>",
	"XSS attribute":  "\"><img src=x onerror=alert(1)>",
	"XSS javascript": "javascript:alert(1)",
	"CSV formula":    "=HYPERLINK(\"http://evil.example\",\"click\")",
	"CSV plus":       "+SUM(1,2)",
	"CSV at":         "@cmd|' /C calc'!A0",
	"CSV tab":        "\t=1+1",
	"huge":           strings.Repeat("ह", 100_000),
	"template":       "{{.Site}}{{range .}}${jndi:ldap://x}",
	"percent":        "%s%n%x%d",
	"replacement":    "\uFFFD\uFFFE",
	"only spaces":    "   \t  ",
	"path":           "../../../../etc/passwd",
}

// hsWrongTypes are JSON values of the wrong type for a string field.
var hsWrongTypes = map[string]string{
	"number": "12345", "float": "1e308", "true": "true", "object": `{"$gt":""}`,
	"array": `["a","b"]`, "array of objects": `[{}]`, "null": "null", "negative": "-1",
}

// TestHostileInput runs the scenario tables on every backend.
func TestHostileInput(t *testing.T) {
	for _, b := range storetest.Backends(t) {
		t.Run(b.Name, func(t *testing.T) {
			e := newEnv(t, storetest.OpenURL(t, b.URL), withHostile(), notifying("office@example.org"), withCORS("https://friend.example"),
				withWeb(hsWeb), withSite(mail.Site{Name: "SPDC", PublicURL: "http://spdc.test", ContactLine: "SPDC"}))
			t.Run("malformed bodies", e.malformedBodies)
			t.Run("field types and hostile text", e.fieldCases)
			t.Run("stored verbatim and shown as text", e.storedVerbatim)
			t.Run("admin edits", e.adminEdits)
			t.Run("no header injection in any mail", e.mailHeaders)
			t.Run("CSV formulas neutralised", e.csvExports)
			t.Run("static files and traversal", e.staticFiles)
			t.Run("unknown methods", e.methods)
			t.Run("foreign origins", e.origins)
			t.Logf("%s: %d hostile cases tried", b.Name, e.cases.Load())
		})
	}
}

// malformedBodies sends broken bodies to every JSON endpoint.
func (e *env) malformedBodies(t *testing.T) {
	deep := strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000)
	huge := []byte(`{"x":"` + strings.Repeat("a", 2<<20) + `"}`)
	for _, ep := range hsEndpoints() {
		valid := hsJSON(t, e.body(ep))
		cases := []struct {
			name  string
			body  []byte
			ctype string
			chunk bool
			want  []int
		}{
			{"empty", []byte{}, "", false, []int{400}},
			{"open brace", []byte("{"), "", false, []int{400}},
			{"truncated key", []byte(`{"a":`), "", false, []int{400}},
			{"truncated valid body", valid[:len(valid)/2], "", false, []int{400}},
			{"array", []byte("[]"), "", false, []int{400}},
			{"string", []byte(`"hello"`), "", false, []int{400}},
			{"number", []byte("42"), "", false, []int{400}},
			{"two objects", []byte("{}{}"), "", false, []int{400}},
			{"trailing garbage", append(append([]byte{}, valid...), []byte(" garbage")...), "", false, []int{400}},
			{"byte order mark", append([]byte("\xEF\xBB\xBF"), valid...), "", false, []int{400}},
			{"invalid UTF-8", []byte("{\"x\":\"\xff\xfe\xfd\"}"), "", false, []int{400, 404, 410}},
			{"deep nesting", []byte(deep), "", false, []int{400, 413}},
			{"huge body", huge, "", false, []int{413}},
			{"huge body chunked", huge, "", true, []int{413}},
			{"text/plain", valid, "text/plain", false, []int{415}},
			{"form encoded", []byte("email=a%40b.c"), "application/x-www-form-urlencoded", false, []int{415}},
			{"multipart", []byte("--x--"), "multipart/form-data; boundary=x", false, []int{415}},
			{"null", []byte("null"), "", false, nil},
			{"empty object", []byte("{}"), "", false, nil},
			{"duplicate keys", []byte(`{"email":"a@example.org","email":"b@example.org"}`), "", false, nil},
		}
		// No want: any answer but a 5xx (checkAnswer).
		scenarios := make([]scenario, 0, len(cases))
		for _, c := range cases {
			name := ep.method + " " + ep.path + " " + c.name
			scenarios = append(scenarios, e.hostileScenario(name,
				hsReq{method: ep.method, path: ep.path, body: c.body, ctype: c.ctype, chunked: c.chunk, token: ep.token(e)}, nil, c.want...))
		}
		runScenarios(t, e, scenarios)
	}
}

// fieldCases puts wrong types and hostile text in every string field of
// every endpoint.
func (e *env) fieldCases(t *testing.T) {
	for _, ep := range hsEndpoints() {
		for _, field := range ep.strings {
			// Each case is run as soon as it is made: a body made ahead
			// would carry a profile's version an earlier case moved on.
			for tname, raw := range hsWrongTypes {
				body := e.body(ep)
				body[field] = json.RawMessage(raw)
				name := fmt.Sprintf("%s %s %s=%s", ep.method, ep.path, field, tname)
				var want []int // a null may be taken as no value
				if tname != "null" {
					want = []int{400}
				}
				runScenarios(t, e, []scenario{e.hostileScenario(name, hsReq{method: ep.method, path: ep.path, body: hsJSON(t, body), token: ep.token(e)}, nil, want...)})
			}
			for sname, str := range hsStrings {
				body := e.body(ep)
				body[field] = str
				name := fmt.Sprintf("%s %s %s=%s", ep.method, ep.path, field, sname)
				refused := func(t *testing.T, a resp) {
					// Control characters are refused in every stored text
					// field (passwords are hashed, never shown, so they
					// may hold anything).
					if (sname == "NUL" || sname == "bell" || sname == "ANSI escape") && a.Status/100 == 2 && !strings.Contains(strings.ToLower(field), "password") {
						t.Errorf("%s: control characters accepted (%d)", name, a.Status)
					}
					if sname == "huge" && a.Status/100 == 2 && ep.path != "/api/users/login" {
						t.Errorf("%s: a 100,000-character %s was accepted (%d)", name, field, a.Status)
					}
				}
				runScenarios(t, e, []scenario{e.hostileScenario(name, hsReq{method: ep.method, path: ep.path, body: hsJSON(t, body), token: ep.token(e)}, refused)})
			}
		}
		// Unknown and privileged fields are never applied.
		body := e.body(ep)
		body["isAdmin"], body["_id"], body["__proto__"], body["status"] = true, "forged", map[string]any{"x": 1}, "approved"
		runScenarios(t, e, []scenario{e.hostileScenario(ep.method+" "+ep.path+" privileged fields",
			hsReq{method: ep.method, path: ep.path, body: hsJSON(t, body), token: ep.token(e)}, nil)})
	}
	var admins int
	if err := e.st.Reader().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM users WHERE is_admin = ?`, true).Scan(&admins); err != nil {
		t.Fatal(err)
	}
	if admins != 1 {
		t.Errorf("%d admins after the hostile cases; only the one made by the test may exist", admins)
	}
	for _, table := range []string{"users", "volunteers", "disciples", "hosts", "messages", "outbox"} {
		var n int
		if err := e.st.Reader().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM `+table).Scan(&n); err != nil {
			t.Errorf("table %s after SQL injection attempts: %v", table, err)
		}
	}
}

// storedVerbatim submits the dangerous-but-valid texts where free text is
// allowed and reads them back unchanged, as JSON text, in the admin list.
func (e *env) storedVerbatim(t *testing.T) {
	texts := []string{hsStrings["SQL quote"], hsStrings["SQL union"], hsStrings["XSS script"], hsStrings["XSS attribute"],
		hsStrings["emoji"], hsStrings["right-to-left"], hsStrings["CSV formula"], hsStrings["template"]}
	for i, text := range texts {
		email := fmt.Sprintf("verbatim%d@example.org", i)
		body := hsEndpoints()[6].valid(0)
		body["email"], body["experience"], body["motivation"], body["skills"] = email, text, text, "skills "+text
		rec := e.do("volunteer verbatim "+text, hsReq{method: "POST", path: "/api/volunteers/register", body: hsJSON(t, body)})
		if rec.Code != 201 {
			t.Errorf("volunteer with %q: %d %s", text, rec.Code, rec.Body.String())
			continue
		}
		contact := hsEndpoints()[11].valid(0)
		contact["email"], contact["message"], contact["subject"] = email, text, "Re: "+text
		if rec := e.do("contact verbatim "+text, hsReq{method: "POST", path: "/api/contact", body: hsJSON(t, contact)}); rec.Code != 201 {
			t.Errorf("contact with %q: %d %s", text, rec.Code, rec.Body.String())
		}
		// Read back through the admin list as JSON text.
		rec = e.do("admin list "+text, hsReq{method: "GET", path: "/api/admin/volunteers?q=" + email, token: e.adminTok})
		if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
			t.Errorf("admin list: %d %v", rec.Code, rec.Header())
			continue
		}
		var list []map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &list); err != nil {
			t.Errorf("admin list: %v", err)
			continue
		}
		found := false
		for _, r := range list {
			if r["email"] == email {
				found = true
				if r["experience"] != text || r["motivation"] != text {
					t.Errorf("stored %q, read back %q / %q", text, r["experience"], r["motivation"])
				}
			}
		}
		if !found {
			t.Errorf("volunteer %s not in the admin list: %s", email, rec.Body.String())
		}
	}
	// Every mail: the HTML part shows user text escaped, never as markup.
	rows, err := e.st.Reader().QueryContext(context.Background(), `SELECT kind, html_body FROM outbox`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	checked := 0
	for rows.Next() {
		var kind, html string
		if err := rows.Scan(&kind, &html); err != nil {
			t.Fatal(err)
		}
		checked++
		for _, bad := range []string{"<script>alert(1)", "<img src=x onerror", `"><img`} {
			if strings.Contains(html, bad) {
				t.Errorf("%s mail HTML holds live markup %q", kind, bad)
			}
		}
	}
	if checked == 0 {
		t.Error("no mail was queued")
	}
}

// mailHeaders renders every queued message to its .eml form and checks
// that no hostile value added or bent a header.
func (e *env) mailHeaders(t *testing.T) {
	rows, err := e.st.Reader().QueryContext(context.Background(), `SELECT id, kind, to_addr, reply_to, subject, text_body, html_body FROM outbox`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var m mail.Message
		if err := rows.Scan(&m.ID, &m.Kind, &m.To, &m.ReplyTo, &m.Subject, &m.Text, &m.HTML); err != nil {
			t.Fatal(err)
		}
		n++
		e.cases.Add(1)
		if strings.ContainsAny(m.To+m.ReplyTo+m.Subject, "\r\n") {
			t.Errorf("outbox %s: a line break in a header value: %q %q", m.ID, m.To, m.Subject)
		}
		raw, err := mail.Render("SPDC <no-reply@spdc.test>", m, time.Now())
		if err != nil {
			t.Errorf("outbox %s does not render: %v", m.ID, err)
			continue
		}
		msg, err := netmail.ReadMessage(bytes.NewReader(raw))
		if err != nil {
			t.Errorf("outbox %s: unparseable .eml: %v", m.ID, err)
			continue
		}
		for _, h := range []string{"Bcc", "Cc"} {
			if msg.Header.Get(h) != "" {
				t.Errorf("outbox %s: injected %s header", m.ID, h)
			}
		}
		to, err := msg.Header.AddressList("To")
		if err != nil || len(to) != 1 || to[0].Address != m.To {
			t.Errorf("outbox %s: To is %v (%v), want %s", m.ID, to, err, m.To)
		}
		for k, vs := range msg.Header {
			for _, v := range vs {
				if strings.Contains(strings.ToLower(v), "victim@example.org") || strings.Contains(v, "injected") {
					t.Errorf("outbox %s: an injected value reached the %s header: %q", m.ID, k, v)
				}
			}
		}
	}
	t.Logf("%d queued messages rendered and parsed", n)
}

// csvExports checks every export for cells a spreadsheet would run.
func (e *env) csvExports(t *testing.T) {
	for _, tab := range []string{"volunteers", "hosts", "messages", "users", "disciples", "pending-disciples"} {
		rec := e.do("export "+tab, hsReq{method: "GET", path: "/api/admin/" + tab + "/export.csv", token: e.adminTok})
		if rec.Code != 200 {
			t.Errorf("export %s: %d", tab, rec.Code)
			continue
		}
		r := csv.NewReader(strings.NewReader(strings.TrimPrefix(rec.Body.String(), "\uFEFF")))
		r.FieldsPerRecord = -1
		records, err := r.ReadAll()
		if err != nil {
			t.Errorf("export %s is not CSV: %v", tab, err)
			continue
		}
		formulas := 0
		for _, rec := range records[1:] {
			for _, cell := range rec {
				if csvout.Cell(cell) != cell {
					t.Errorf("export %s: cell %q would run as a formula", tab, cell)
				}
				if strings.HasPrefix(cell, "'=") || strings.HasPrefix(cell, "'+") || strings.HasPrefix(cell, "'@") {
					formulas++
				}
			}
		}
		if tab == "volunteers" && formulas == 0 {
			t.Errorf("export %s: the formula values were not found neutralised", tab)
		}
	}
}

// staticFiles tries to read outside the web app.
func (e *env) staticFiles(t *testing.T) {
	paths := []string{
		"/../../../../etc/passwd", "/..%2f..%2f..%2fetc%2fpasswd", "/%2e%2e/%2e%2e/etc/passwd", "/assets/../../go.mod",
		"/assets/..%2f..%2fgo.mod", "/assets/%2e%2e/%2e%2e/go.mod", "//etc/passwd", "/.env", "/.git/config",
		"/assets/app-1a2b3c.js%00.png", "/assets/app-1a2b3c.js/..", "/assets\\..\\..\\go.mod", "/index.html/..",
		"/assets/app-1a2b3c.js.gz", "/assets/app-1a2b3c.js.br", "/assets/", "/assets", "/%00", "/favicon.svg?../../etc/passwd",
		"/api/../../etc/passwd", "/api/%2e%2e/healthz", "/" + strings.Repeat("a/", 2000) + "x.js", "/assets/" + strings.Repeat("%2e", 500),
	}
	for _, p := range paths {
		req := httptest.NewRequest("GET", "/", nil)
		// Send the path as the client wrote it: no dot-segment removal.
		if u, err := url.ParseRequestURI(p); err == nil {
			req.URL = u
		} else {
			req.URL = &url.URL{Path: p}
		}
		req.RequestURI = p
		rec := httptest.NewRecorder()
		e.cases.Add(1)
		e.h.ServeHTTP(rec, req)
		checkAnswer(e.t, "static "+p, p, answerOf(rec))
		body := rec.Body.String()
		if strings.Contains(body, "root:") || strings.Contains(body, "module spdc") || strings.Contains(body, "[core]") {
			t.Errorf("GET %s served a file outside the web app", p)
		}
		if rec.Code == 200 && siteDataRE.ReplaceAllString(body, "") != "<!doctype html><title>spdc</title>" && body != "console.log(1)" && body != "<svg/>" {
			t.Errorf("GET %s: 200 with %q", p, body)
		}
	}
}

// methods sends every method each API path does not take.
func (e *env) methods(t *testing.T) {
	routes := map[string][]string{
		"/api/users/register": {"POST"}, "/api/users/login": {"POST"}, "/api/users/logout": {"POST"},
		"/api/users/me": {"GET", "PUT", "DELETE"}, "/api/users/me/submissions": {"GET"}, "/api/users/change-password": {"POST"},
		"/api/users/forgot-password": {"POST"}, "/api/users/reset-password": {"POST"}, "/api/volunteers/register": {"POST"},
		"/api/disciples/register": {"POST"}, "/api/hosts/register": {"POST"}, "/api/contact": {"POST"}, "/api/subscribers": {"POST"},
		"/api/approval/decline": {"POST", "GET"}, "/api/approval/approve": {"POST", "GET"}, // GET is /api/approval/{token}
		"/api/admin/volunteers": {"GET"}, "/api/admin/volunteers/x": {"PUT", "DELETE"}, "/api/admin/volunteers/export.csv": {"GET", "PUT", "DELETE"},
	}
	var scenarios []scenario
	for path, allowed := range routes {
		for _, m := range []string{"GET", "POST", "PUT", "DELETE", "PATCH", "TRACE", "CONNECT", "PROPFIND", "BREW"} {
			if containsString(allowed, m) {
				continue
			}
			if m == "GET" && containsString(allowed, "POST") && strings.HasPrefix(path, "/api/approval/") {
				continue
			}
			scenarios = append(scenarios, e.hostileScenario(m+" "+path, hsReq{method: m, path: path, token: e.adminTok}, nil, 405))
		}
	}
	runScenarios(t, e, scenarios)
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// origins calls every endpoint from an origin not in SPDC_CORS_ORIGINS: no
// CORS grant, a refused preflight, and a form-encoded "simple" request (the
// only kind a foreign page can send without a preflight) changes nothing.
func (e *env) origins(t *testing.T) {
	count := func(table string) int {
		var n int
		_ = e.st.Reader().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM `+table).Scan(&n)
		return n
	}
	before := count("volunteers") + count("messages") + count("hosts") + count("disciples") + count("users") + count("subscribers")
	noGrant := func(what string) func(t *testing.T, a resp) {
		return func(t *testing.T, a resp) {
			if a.Header.Get("Access-Control-Allow-Origin") != "" || a.Header.Get("Access-Control-Allow-Credentials") != "" {
				t.Errorf("%s got a CORS grant: %v", what, a.Header)
			}
		}
	}
	for _, ep := range hsEndpoints() {
		for _, origin := range []string{"https://evil.example", "null", "http://spdc.test.evil.example", "https://friend.example.evil"} {
			runScenarios(t, e, []scenario{
				e.hostileScenario("preflight "+origin+" "+ep.path, hsReq{method: "OPTIONS", path: ep.path,
					hdr: map[string]string{"Origin": origin, "Access-Control-Request-Method": ep.method, "Access-Control-Request-Headers": "authorization,content-type"}},
					noGrant("preflight from "+origin+" to "+ep.path), 403),
				e.hostileScenario("simple request "+origin+" "+ep.path, hsReq{method: ep.method, path: ep.path, body: []byte("email=x%40example.org&fullName=x"),
					ctype: "application/x-www-form-urlencoded", hdr: map[string]string{"Origin": origin}},
					noGrant("simple request from "+origin+" to "+ep.path), 415, 401),
				e.hostileScenario("JSON request "+origin+" "+ep.path, hsReq{method: ep.method, path: ep.path, body: hsJSON(t, e.body(ep)),
					hdr: map[string]string{"Origin": origin}, token: ep.token(e)},
					noGrant("JSON request from "+origin+" to "+ep.path)),
			})
		}
	}
	// The allowed origin gets its grant (the control case).
	runScenarios(t, e, []scenario{e.hostileScenario("preflight allowed", hsReq{method: "OPTIONS", path: "/api/contact",
		hdr: map[string]string{"Origin": "https://friend.example", "Access-Control-Request-Method": "POST"}},
		func(t *testing.T, a resp) {
			if a.Header.Get("Access-Control-Allow-Origin") != "https://friend.example" {
				t.Errorf("allowed origin refused: %v", a.Header)
			}
		}, 204)})
	if after := count("volunteers") + count("messages") + count("hosts") + count("disciples") + count("users") + count("subscribers"); after <= before {
		t.Errorf("control: JSON requests from foreign origins stored nothing (%d -> %d); CORS is enforced by browsers, the API itself must still work for non-browser clients", before, after)
	}
}

// adminEdits sends hostile edits to PUT /api/admin/{tab}/{id}: wrong types,
// hostile text, forged privileges; never a 5xx, never control characters
// stored, never an admin made.
func (e *env) adminEdits(t *testing.T) {
	for _, tab := range []struct{ name, create string }{{"volunteers", "/api/volunteers/register"}, {"hosts", "/api/hosts/register"}} {
		ep := hsEndpoints()[6]
		if tab.name == "hosts" {
			ep = hsEndpoints()[10]
		}
		rec := e.do("create for admin edit", hsReq{method: "POST", path: tab.create, body: hsJSON(t, e.body(ep))})
		var created map[string]any
		_ = json.Unmarshal(rec.Body.Bytes(), &created)
		rec0, _ := created[strings.TrimSuffix(tab.name, "s")].(map[string]any)
		id, _ := rec0["_id"].(string)
		if rec.Code != 201 || id == "" {
			t.Fatalf("create %s: %d %s", tab.name, rec.Code, rec.Body.String())
		}
		version := func() int {
			var v int
			_ = e.st.Reader().QueryRowContext(context.Background(), `SELECT version FROM `+tab.name+` WHERE id = ?`, id).Scan(&v)
			return v
		}
		path := "/api/admin/" + tab.name + "/" + id
		// Each edit is run as soon as it is made, with the version the
		// record has then.
		for _, field := range ep.strings {
			for tname, raw := range hsWrongTypes {
				body := map[string]any{"__v": version(), field: json.RawMessage(raw)}
				var want []int // a null may be taken as no value
				if tname != "null" {
					want = []int{400}
				}
				runScenarios(t, e, []scenario{e.hostileScenario("admin edit "+tab.name+" "+field+"="+tname,
					hsReq{method: "PUT", path: path, body: hsJSON(t, body), token: e.adminTok}, nil, want...)})
			}
			for sname, str := range hsStrings {
				body := map[string]any{"__v": version(), field: str}
				name := "admin edit " + tab.name + " " + field + "=" + sname
				refused := func(t *testing.T, a resp) {
					if (sname == "NUL" || sname == "bell" || sname == "ANSI escape") && a.Status/100 == 2 {
						t.Errorf("%s: control characters accepted (%d)", name, a.Status)
					}
				}
				runScenarios(t, e, []scenario{e.hostileScenario(name, hsReq{method: "PUT", path: path, body: hsJSON(t, body), token: e.adminTok}, refused)})
			}
		}
		for _, forged := range []map[string]any{{"isAdmin": true}, {"isApproved": true}, {"_id": "other"}, {"__v": "1"}, {"__v": -1}, {"__v": 1e99}} {
			if _, ok := forged["__v"]; !ok {
				forged["__v"] = version()
			}
			e.do("admin edit forged", hsReq{method: "PUT", path: path, body: hsJSON(t, forged), token: e.adminTok})
		}
		e.do("admin edit malformed", hsReq{method: "PUT", path: path, body: []byte(`{"__v":`), token: e.adminTok})
	}
	// The users tab: an admin cannot make another admin.
	var uid string
	_ = e.st.Reader().QueryRowContext(context.Background(), `SELECT id FROM users WHERE email = ?`, "hostile-user@example.org").Scan(&uid)
	var v int
	_ = e.st.Reader().QueryRowContext(context.Background(), `SELECT version FROM users WHERE id = ?`, uid).Scan(&v)
	rec := e.do("promote by edit", hsReq{method: "PUT", path: "/api/admin/users/" + uid, body: hsJSON(t, map[string]any{"__v": v, "isAdmin": true}), token: e.adminTok})
	if rec.Code/100 == 2 {
		var admin bool
		_ = e.st.Reader().QueryRowContext(context.Background(), `SELECT is_admin FROM users WHERE id = ?`, uid).Scan(&admin)
		if admin {
			t.Error("an edit made a user an admin")
		}
	}
}
