package httpapi

import (
	"strings"
	"testing"
	"testing/fstest"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// bootWeb is a build whose index.html carries the entry script and hints
// as Vite writes them, and routes with module and stylesheet hints.
var bootWeb = fstest.MapFS{
	"index.html": {Data: []byte(`<!doctype html><html lang="en"><head><script type="module" crossorigin src="/assets/index-A1.js"></script>` +
		`<link rel="modulepreload" crossorigin href="/assets/react-B2.js"><link rel="stylesheet" crossorigin href="/assets/index-C3.css"></head>` +
		`<body><div id="root"></div><noscript>x</noscript></body></html>`)},
	"route-preloads.json": {Data: []byte(`{"/login": ["/assets/login-D4.js", "/assets/auth-E5.css"], "/admin": ["/assets/admin-F6.js"], "*": []}`)},
	"i18n/en.json":        {Data: []byte(`{"login.title":"Log In","header.home":"Home"}`)},
}

// A painted page asks for the app's code only once it is on the screen:
// no module script or module hint is left in it, and the boot script
// names them all; the route's stylesheet applies from the start. A page
// the server does not paint loads its code as the build wrote it.
func TestPaintedPagesStartTheAppAfterTheirFirstPaint(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withWeb(bootWeb), withoutMail())

		login := e.callWith("GET", "/login", nil, "", nil)
		if login.Status != 200 || !strings.Contains(login.Raw, `<h1 id="login-title">Log In</h1>`) {
			t.Fatalf("login: %d %s", login.Status, login.Raw)
		}
		// Its form can be typed into, for the app to carry over, but not
		// sent before the app takes over; its language buttons ask for the
		// page again.
		for _, want := range []string{`<input id="login-identifier" aria-required="true" autocomplete="username" inputmode="email" type="text" value="" name="identifier">`,
			`<button type="submit" class="btn btn-primary auth-submit" disabled>Log In</button>`, `<button type="submit" name="lang" value="hi" lang="hi" aria-pressed="false">`} {
			if !strings.Contains(login.Raw, want) {
				t.Errorf("login lacks %s:\n%s", want, login.Raw)
			}
		}
		if strings.Contains(login.Raw, `type="module"`) || strings.Contains(login.Raw, "modulepreload") || strings.Contains(login.Raw, `as="style"`) {
			t.Errorf("the painted page still loads code before its paint:\n%s", login.Raw)
		}
		boot := `<script defer src="` + bootPath + `" data-entry="/assets/index-A1.js" data-preload="/assets/react-B2.js /assets/login-D4.js"></script></body>`
		if !strings.Contains(login.Raw, boot) {
			t.Errorf("no boot script %s in:\n%s", boot, login.Raw)
		}
		if !strings.Contains(login.Raw, `<link rel="stylesheet" crossorigin href="/assets/auth-E5.css">`) {
			t.Errorf("the route's stylesheet is not applied:\n%s", login.Raw)
		}

		// A language asked for in the address is kept, as the app keeps it.
		hi := e.callWith("GET", "/login?lang=hi", nil, "", nil)
		if c := hi.Header.Get("Set-Cookie"); !strings.HasPrefix(c, "spdc_lang=hi; Path=/; Max-Age=31536000") || !strings.Contains(c, "SameSite=Lax") {
			t.Errorf("?lang=hi sets %q", c)
		}
		if c := login.Header.Get("Set-Cookie"); c != "" {
			t.Errorf("a page asked for without ?lang= sets %q", c)
		}

		admin := e.callWith("GET", "/admin", nil, "", nil)
		if !strings.Contains(admin.Raw, `<script type="module" crossorigin src="/assets/index-A1.js"></script>`) ||
			!strings.Contains(admin.Raw, `<link rel="modulepreload" crossorigin href="/assets/admin-F6.js">`) || strings.Contains(admin.Raw, bootPath) {
			t.Errorf("the dashboard's page changed:\n%s", admin.Raw)
		}

		js := e.callWith("GET", bootPath, nil, "", nil)
		if js.Status != 200 || js.Raw != string(bootJS) || !strings.Contains(js.Header.Get("Cache-Control"), "immutable") ||
			!strings.HasPrefix(js.Header.Get("Content-Type"), "text/javascript") {
			t.Errorf("boot script: %d %v", js.Status, js.Header)
		}
	})
}
