package httpapi

import (
	"bytes"
	"compress/gzip"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

var testWeb = fstest.MapFS{
	"index.html": {Data: []byte("<!doctype html><head><title>spdc</title></head><body></body>")},
	"route-preloads.json": {Data: []byte(`{"/": ["/assets/home-1.js"], "/aboutus": ["/assets/about-1.js", "/assets/about-1.css", "/assets/evil\"><script>.js", "https://x.example/a.js"],
		"/reset-password/:token": ["/assets/reset-1.js"], "/admin": [], "/Team": [], "/Reg": [], "*": ["/assets/not-found-1.js"]}`)},
	"assets/app-abc123.js":       {Data: []byte("console.log('plain')")},
	"assets/app-abc123.js.gz":    {Data: []byte("GZIPPED")},
	"assets/app-abc123.js.br":    {Data: []byte("BROTLI")},
	"assets/style-1.css":         {Data: []byte("body{}")},
	"media/banner.webm":          {Data: []byte("WEBMDATA")},
	"robots.txt":                 {Data: []byte("User-agent: *")},
	"favicon.svg":                {Data: []byte("<svg/>")},
	"assets/only-gz-2.js":        {Data: []byte("x")},
	"assets/only-gz-2.js.gz":     {Data: []byte("GZ2")},
	"nested/dir/file.json":       {Data: []byte("{}")},
	"assets/traversal-target.js": {Data: []byte("ok")},
}

// testSiteOptions build the site with the built web app above, one
// foreign origin allowed, no mail and the wall clock.
func testSiteOptions() []envOption {
	return []envOption{withWeb(testWeb), withCORS("https://allowed.example"), withoutMail(), withRealTime()}
}

func sqliteStore(t *testing.T) *store.Store {
	return storetest.OpenURL(t, "sqlite://"+filepath.Join(t.TempDir(), "spdc.db"))
}

func TestSPAHandler(t *testing.T) {
	e := newEnv(t, sqliteStore(t), testSiteOptions()...)
	cases := []struct {
		name, path, accept string
		status             int
		body, cache, enc   string
		ctype              string
	}{
		{"root is index", "/", "", 200, "<!doctype html>", "no-cache", "", "text/html"},
		{"deep link falls back", "/admin", "", 200, "<!doctype html>", "no-cache", "", "text/html"},
		{"route with token falls back", "/reset-password/abc", "", 200, "<!doctype html>", "no-cache", "", "text/html"},
		{"case-sensitive path falls back", "/Team", "", 200, "<!doctype html>", "no-cache", "", "text/html"},
		{"hashed asset immutable", "/assets/app-abc123.js", "", 200, "console.log", "public, max-age=31536000, immutable", "", "text/javascript"},
		{"brotli preferred", "/assets/app-abc123.js", "gzip, br", 200, "BROTLI", "public, max-age=31536000, immutable", "br", "text/javascript"},
		{"gzip when no brotli", "/assets/app-abc123.js", "gzip", 200, "GZIPPED", "", "gzip", "text/javascript"},
		{"br refused with q=0", "/assets/app-abc123.js", "br;q=0, gzip", 200, "GZIPPED", "", "gzip", ""},
		{"only gz sibling", "/assets/only-gz-2.js", "br, gzip", 200, "GZ2", "", "gzip", ""},
		{"css type", "/assets/style-1.css", "", 200, "body{}", "", "", "text/css"},
		{"video type", "/media/banner.webm", "", 200, "WEBMDATA", "public, max-age=86400", "", "video/webm"},
		{"svg type", "/favicon.svg", "", 200, "<svg/>", "", "", "image/svg+xml"},
		{"missing file is 404", "/assets/nope.js", "", 404, "", "", "", ""},
		{"compressed sibling not served directly", "/assets/app-abc123.js.gz", "", 404, "", "", "", ""},
		{"dot-dot traversal", "/../go.mod", "", 404, "", "", "", ""}, // checked specially below
		{"encoded traversal", "/assets/%2e%2e/%2e%2e/go.mod", "", 404, "", "", "", ""},
		{"encoded slash traversal", "/..%2f..%2fgo.mod", "", 404, "", "", "", ""},
		{"directory is not listed", "/nested/dir", "", 404, "<!doctype html>", "no-cache", "", "text/html"},
		{"unknown route is 404 with the app", "/no-such-page", "", 404, "<!doctype html>", "no-cache", "", "text/html"},
		{"trailing slash of a route", "/aboutus/", "", 200, "<!doctype html>", "no-cache", "", "text/html"},
		{"confirmation link", "/Reg?token=abc", "", 200, "<!doctype html>", "no-cache", "", "text/html"},
	}
	var scenarios []scenario
	for _, tc := range cases {
		if tc.name == "dot-dot traversal" {
			// /../go.mod is cleaned to /go.mod, which is not in the app:
			// it must never reach the repository file.
			t.Run(tc.name, func(t *testing.T) {
				r := e.callWith("GET", tc.path, nil, "", map[string]string{"Accept-Encoding": tc.accept})
				if (r.Status != 404 && r.Status != http.StatusTemporaryRedirect) || strings.Contains(r.Raw, "module spdc") {
					t.Fatalf("traversal answered %d %q", r.Status, r.Raw)
				}
			})
			continue
		}
		sc := scenario{name: tc.name, method: "GET", path: tc.path, header: map[string]string{"Accept-Encoding": tc.accept},
			status: tc.status, absent: []string{"module spdc"},
			after: func(t *testing.T, r resp) {
				if tc.cache != "" && r.Header.Get("Cache-Control") != tc.cache {
					t.Fatalf("Cache-Control %q", r.Header.Get("Cache-Control"))
				}
				if r.Header.Get("Content-Encoding") != tc.enc {
					t.Fatalf("Content-Encoding %q, want %q", r.Header.Get("Content-Encoding"), tc.enc)
				}
				if tc.ctype != "" && !strings.HasPrefix(r.Header.Get("Content-Type"), tc.ctype) {
					t.Fatalf("Content-Type %q", r.Header.Get("Content-Type"))
				}
			}}
		if tc.body != "" {
			sc.contains = []string{tc.body}
		}
		scenarios = append(scenarios, sc)
	}
	runScenarios(t, e, scenarios)
}

func TestAPIErrorContract(t *testing.T) {
	e := newEnv(t, sqliteStore(t), testSiteOptions()...)
	// Every refusal is JSON with a message and the request's id.
	errorAnswer := func(name, method, path, body string, status int) scenario {
		sc := scenario{name: name, method: method, path: path, body: body, status: status, after: assertJSONMessage}
		if name == "bogus token is anonymous" {
			sc.session = "not-a-real-token"
		}
		return sc
	}
	runScenarios(t, e, []scenario{
		errorAnswer("unknown api path", "GET", "/api/nope", "", 404),
		errorAnswer("unknown api path, other method", "POST", "/api/nope/deeper", "{}", 404),
		errorAnswer("api root", "GET", "/api/", "", 404),
		errorAnswer("wrong method on known path", "DELETE", "/api/users/login", "", 405),
		errorAnswer("wrong method on GET-only path", "POST", "/api/users/me/submissions", "", 405),
		errorAnswer("protected without session", "GET", "/api/users/me", "", 401),
		errorAnswer("admin without session", "GET", "/api/admin/users", "", 401),
		errorAnswer("bogus token is anonymous", "GET", "/api/users/me", "", 401),
	})
}

// assertJSONMessage checks that an answer is JSON with a message and the
// request's id.
func assertJSONMessage(t *testing.T, r resp) {
	t.Helper()
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("Content-Type %q", r.Header.Get("Content-Type"))
	}
	if r.message() == "" {
		t.Fatalf("body is not {message}: %q", r.Raw)
	}
	if r.Header.Get("X-Request-Id") == "" {
		t.Fatal("no X-Request-Id")
	}
}

func TestOversizeBodyIs413(t *testing.T) {
	e := newEnv(t, sqliteStore(t), testSiteOptions()...)
	r := e.call("POST", "/api/users/login", strings.Repeat("a", maxBodyBytes+10), "")
	if r.Status != http.StatusRequestEntityTooLarge {
		t.Fatalf("status %d", r.Status)
	}
	assertJSONMessage(t, r)
}

func TestDecodeJSON(t *testing.T) {
	type payload struct {
		Name string `json:"name"`
		N    int    `json:"n"`
	}
	cases := []struct {
		name, body string
		strict     bool
		status     int
	}{
		{"ok", `{"name":"a","n":1}`, true, 0},
		{"empty", ``, false, 400},
		{"not json", `{"name":`, false, 400},
		{"garbage", `<xml/>`, false, 400},
		{"wrong type", `{"n":"x"}`, false, 400},
		{"array instead of object", `[1,2]`, false, 400},
		{"two objects", `{"name":"a"} {"name":"b"}`, false, 400},
		{"unknown field strict", `{"name":"a","isAdmin":true}`, true, 400},
		{"unknown field lenient", `{"name":"a","isAdmin":true}`, false, 0},
		{"too large", `{"name":"` + strings.Repeat("x", maxBodyBytes) + `"}`, false, 413},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest("POST", "/", strings.NewReader(tc.body))
			rec := httptest.NewRecorder()
			req.Body = http.MaxBytesReader(rec, req.Body, maxBodyBytes)
			var p payload
			err := decodeJSON(req, &p, tc.strict)
			if tc.status == 0 {
				if err != nil {
					t.Fatalf("unexpected %v", err)
				}
				return
			}
			e, ok := err.(*Error)
			if !ok || e.Status != tc.status {
				t.Fatalf("got %v, want status %d", err, tc.status)
			}
		})
	}
	req := httptest.NewRequest("POST", "/", strings.NewReader(`{}`))
	req.Header.Set("Content-Type", "text/plain")
	var p payload
	if e, ok := decodeJSON(req, &p, false).(*Error); !ok || e.Status != http.StatusUnsupportedMediaType {
		t.Fatalf("text/plain body accepted")
	}
}

func TestPanicBecomes500WithoutInternals(t *testing.T) {
	st := sqliteStore(t)
	var logs bytes.Buffer
	s := &Server{log: slog.New(slog.NewTextHandler(&logs, nil)), store: st}
	api := http.NewServeMux()
	api.HandleFunc("GET /api/boom", func(w http.ResponseWriter, r *http.Request) {
		panic("secret internal detail: db password hunter2")
	})
	h := s.middleware(api, http.NewServeMux())
	rec := do(h, "GET", "/api/boom", nil, nil)
	if rec.Code != 500 {
		t.Fatalf("status %d", rec.Code)
	}
	assertJSONMessage(t, answerOf(rec))
	if strings.Contains(rec.Body.String(), "hunter2") || strings.Contains(rec.Body.String(), "goroutine") {
		t.Fatalf("500 leaks internals: %s", rec.Body.String())
	}
	id := rec.Header().Get("X-Request-Id")
	if !strings.Contains(logs.String(), "hunter2") || !strings.Contains(logs.String(), id) {
		t.Fatalf("the log should hold the cause and request id: %s", logs.String())
	}
}

func TestSecurityHeadersOnEveryKindOfResponse(t *testing.T) {
	h := newEnv(t, sqliteStore(t), testSiteOptions()...).h
	for _, path := range []string{"/", "/assets/app-abc123.js", "/api/nope", "/healthz", "/assets/missing.js"} {
		rec := do(h, "GET", path, nil, nil)
		csp := rec.Header().Get("Content-Security-Policy")
		if !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe-inline' 'unsafe-eval") {
			t.Errorf("%s: CSP %q", path, csp)
		}
		if strings.Contains(strings.SplitN(strings.SplitN(csp, "script-src", 2)[1], ";", 2)[0], "unsafe-inline") {
			t.Errorf("%s: inline script allowed", path)
		}
		// Inline styles neither: only the toast library's one stylesheet,
		// by its hash.
		style := strings.SplitN(strings.SplitN(csp, "style-src", 2)[1], ";", 2)[0]
		if strings.Contains(style, "unsafe-inline") || strings.TrimSpace(style) != "'self' '"+emptyStyleHash+"' '"+sonnerStyleHash+"'" {
			t.Errorf("%s: style-src %q", path, style)
		}
		if rec.Header().Get("X-Content-Type-Options") != "nosniff" || rec.Header().Get("Referrer-Policy") == "" {
			t.Errorf("%s: headers %v", path, rec.Header())
		}
		if rec.Header().Get("Strict-Transport-Security") != "" {
			t.Errorf("%s: HSTS over plain HTTP", path)
		}
	}
	rec := do(h, "GET", "/", nil, map[string]string{"X-Forwarded-Proto": "https"})
	if rec.Header().Get("Strict-Transport-Security") == "" {
		t.Error("no HSTS behind TLS")
	}
}

func TestCORS(t *testing.T) {
	h := newEnv(t, sqliteStore(t), testSiteOptions()...).h
	rec := do(h, "OPTIONS", "/api/users/login", nil, map[string]string{"Origin": "https://allowed.example", "Access-Control-Request-Method": "POST"})
	if rec.Code != 204 || rec.Header().Get("Access-Control-Allow-Origin") != "https://allowed.example" {
		t.Fatalf("allowed preflight: %d %v", rec.Code, rec.Header())
	}
	rec = do(h, "OPTIONS", "/api/users/login", nil, map[string]string{"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"})
	if rec.Code != 403 || rec.Header().Get("Access-Control-Allow-Origin") != "" {
		t.Fatalf("foreign preflight: %d %v", rec.Code, rec.Header())
	}
	rec = do(h, "GET", "/api/nope", nil, map[string]string{"Origin": "https://evil.example"})
	if rec.Header().Get("Access-Control-Allow-Origin") != "" {
		t.Fatal("foreign origin got CORS headers")
	}
}

func TestHealthAndReadiness(t *testing.T) {
	st := sqliteStore(t)
	h := newEnv(t, st, testSiteOptions()...).h
	if rec := do(h, "GET", "/healthz", nil, nil); rec.Code != 200 {
		t.Fatalf("healthz %d", rec.Code)
	}
	if rec := do(h, "GET", "/readyz", nil, nil); rec.Code != 200 {
		t.Fatalf("readyz %d", rec.Code)
	}
	st.Close() // the database goes away
	if rec := do(h, "GET", "/readyz", nil, nil); rec.Code != 503 {
		t.Fatalf("readyz after close %d", rec.Code)
	}
	if rec := do(h, "GET", "/healthz", nil, nil); rec.Code != 200 {
		t.Fatalf("healthz after close %d", rec.Code)
	}
}

func TestIndexCarriesTheRoutePreloads(t *testing.T) {
	h := newEnv(t, sqliteStore(t), testSiteOptions()...).h
	cases := []struct {
		path, want, not string
		status          int
	}{
		{"/", `<link rel="modulepreload" crossorigin href="/assets/home-1.js"></head>`, "about-1", 200},
		{"/aboutus", `<link rel="modulepreload" crossorigin href="/assets/about-1.js"><link rel="preload" as="style" crossorigin href="/assets/about-1.css"></head>`, "evil", 200},
		{"/reset-password/abc123", `href="/assets/reset-1.js"`, "not-found-1", 200},
		{"/reset-password/", `href="/assets/not-found-1.js"`, "reset-1", 404},
		{"/TEAM", `href="/assets/not-found-1.js"`, "home-1", 404},
		{"/aboutus/extra", `href="/assets/not-found-1.js"`, "about-1", 404},
	}
	for _, tc := range cases {
		rec := do(h, "GET", tc.path, nil, nil)
		body := rec.Body.String()
		if rec.Code != tc.status || !strings.Contains(body, tc.want) || strings.Contains(body, tc.not) || strings.Contains(body, "x.example") {
			t.Errorf("%s: %d %s", tc.path, rec.Code, body)
		}
	}
}

// TestIndexIsCompressed: the page made per request (it carries the site's
// data) is sent gzipped to a browser that accepts it, with its own ETag,
// and is the same page once decompressed.
func TestIndexIsCompressed(t *testing.T) {
	h := newEnv(t, sqliteStore(t), testSiteOptions()...).h
	plain := do(h, "GET", "/", nil, nil)
	if plain.Code != 200 || plain.Header().Get("Content-Encoding") != "" || plain.Body.Len() <= 1024 {
		t.Fatalf("plain page: %d %q, %d bytes", plain.Code, plain.Header().Get("Content-Encoding"), plain.Body.Len())
	}
	zipped := do(h, "GET", "/", nil, map[string]string{"Accept-Encoding": "br, gzip"})
	if zipped.Header().Get("Content-Encoding") != "gzip" || !strings.Contains(zipped.Header().Get("Vary"), "Accept-Encoding") {
		t.Fatalf("headers: %v", zipped.Header())
	}
	if zipped.Body.Len() >= plain.Body.Len() {
		t.Fatalf("gzipped %d bytes, plain %d", zipped.Body.Len(), plain.Body.Len())
	}
	zr, err := gzip.NewReader(zipped.Body)
	if err != nil {
		t.Fatal(err)
	}
	page, err := io.ReadAll(zr)
	if err != nil || string(page) != plain.Body.String() {
		t.Fatalf("decompressed page differs (%v)", err)
	}
	etag := zipped.Header().Get("ETag")
	if etag == "" || etag == plain.Header().Get("ETag") {
		t.Fatalf("ETag %q beside the plain %q", etag, plain.Header().Get("ETag"))
	}
	if again := do(h, "GET", "/", nil, map[string]string{"Accept-Encoding": "gzip", "If-None-Match": etag}); again.Code != http.StatusNotModified {
		t.Fatalf("revalidation: %d", again.Code)
	}
	if refused := do(h, "GET", "/", nil, map[string]string{"Accept-Encoding": "gzip;q=0"}); refused.Header().Get("Content-Encoding") != "" {
		t.Fatal("gzip sent although refused")
	}
}
