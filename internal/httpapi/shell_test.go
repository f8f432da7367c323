package httpapi

import (
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"spdc/internal/config"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// shellWeb is a build with English and Hindi messages (Hindi lacking some)
// and routes with and without a first paint.
var shellWeb = fstest.MapFS{
	"index.html":          {Data: []byte(`<!doctype html><html lang="en"><head></head><body><div id="root"></div><noscript>x</noscript></body></html>`)},
	"route-preloads.json": {Data: []byte(`{"/": [], "/login": [], "/donation": [], "/becomevolunteer": [], "/aboutus": [], "/admin": [], "*": []}`)},
	"i18n/en.json": {Data: []byte(`{"header.home":"Home","header.signIn":"Sign In","login.title":"Log In","home.heroTitle":"Caring for elders",` +
		`"donation.title":"Donation","donation.bank.title":"Domestic bank transfer","donation.bank.onlyIndia":["Only from India & not <b>. See ",["link","t",["abroad"]],"."],` +
		`"donation.field.accountNumber":"Account number","donation.field.ifsc":"IFSC code","copy.copy":"Copy","copy.label":["Copy ",["what"]],` +
		`"volunteer.title":"Become a Volunteer","volunteer.intro":"Thank you.","form.requiredNote":"Fields marked * are required.","meta.about.title":"About Us"}`)},
	"i18n/hi.json": {Data: []byte(`{"header.home":"मुखपृष्ठ","login.title":"लॉग इन करें"}`)},
}

var rootRE = regexp.MustCompile(`(?s)<div id="root">(.*?)</div><noscript>`)

// The server paints each public route's first screen into #root, in the
// page's language with English for what it lacks, from the site's data,
// escaped; routes whose screen depends on who asks keep #root empty.
func TestServerPaintsFirstScreen(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newFormsEnv(t, st, "")
		cfg, err := config.Load("test", nil, func(string) string { return "" }, nil)
		if err != nil {
			t.Fatal(err)
		}
		e.h = NewServer(Deps{Store: st, Config: cfg, Web: shellWeb, Now: func() time.Time { return e.clock }})
		admin, _ := e.user("admin@example.org", true)
		settings := map[string]any{"__v": 0, "tagline": "Seva <b>& care</b>", "upiId": "spdc@okaxis",
			"bankAccounts": []any{map[string]any{"accountName": "SPDC Trust", "bank": "A Bank", "accountNumber": "1234567890", "ifsc": "sbin0001234"}}}
		if r := e.call("PUT", "/api/admin/site/settings", settings, admin); r.Status != 200 {
			t.Fatalf("settings: %d %s", r.Status, r.Raw)
		}

		root := func(path string) string {
			t.Helper()
			r := e.callWith("GET", path, nil, "", nil)
			if r.Status != 200 {
				t.Fatalf("%s: %d", path, r.Status)
			}
			m := rootRE.FindStringSubmatch(r.Raw)
			if m == nil {
				t.Fatalf("%s: no #root in %s", path, r.Raw[:min(400, len(r.Raw))])
			}
			return m[1]
		}

		home := root("/")
		for _, want := range []string{`<h1 id="hero-title">Caring for elders</h1>`, `<main id="main" tabindex="-1">`, `<a class="skip-link" href="#main">`,
			`<small>Seva &lt;b&gt;&amp; care&lt;/b&gt;</small>`, `<a href="/" class="nav-link active" aria-current="page">Home</a>`} {
			if !strings.Contains(home, want) {
				t.Errorf("home lacks %s:\n%s", want, home)
			}
		}
		if strings.Contains(home, "<script") || strings.Contains(home, "style=") {
			t.Errorf("home paints with a script or an inline style:\n%s", home)
		}

		login := root("/login?lang=hi")
		if !strings.Contains(login, `<h1 id="login-title">लॉग इन करें</h1>`) || !strings.Contains(login, `>Sign In</a>`) ||
			!strings.Contains(login, `<button type="button" lang="hi" aria-pressed="true">`) {
			t.Errorf("Hindi login:\n%s", login)
		}

		donation := root("/donation")
		for _, want := range []string{`<h1>Donation</h1>`, `<h2 id="bank-title">Domestic bank transfer</h2>`, `Only from India &amp; not &lt;b&gt;. See <a href="#abroad-title">abroad</a>.`,
			`<dt>Account number</dt><dd class="copy-row"><span class="copy-value">1234567890</span>`, `aria-label="Copy account number"`,
			`<span class="copy-value">SBIN0001234</span>`, `aria-label="Copy IFSC code"`, `<span class="copy-value">spdc@okaxis</span>`} {
			if !strings.Contains(donation, want) {
				t.Errorf("donation lacks %s:\n%s", want, donation)
			}
		}

		if v := root("/becomevolunteer"); !strings.Contains(v, `<p class="form-intro">Thank you. Fields marked * are required.</p>`) {
			t.Errorf("volunteer form:\n%s", v)
		}
		if a := root("/aboutus"); !strings.Contains(a, `<h1>About Us</h1>`) {
			t.Errorf("about:\n%s", a)
		}
		if a := root("/admin"); a != "" {
			t.Errorf("the dashboard was painted by the server:\n%s", a)
		}
	})
}

func TestPlainParagraphs(t *testing.T) {
	got := plainParagraphs("# Title\n\nSome **bold** and [a link](https://x.org) <i>here</i>.\r\n\r\n- one\n- two\n\n  \n")
	want := []string{"Title", "Some bold and a link here.", "one two"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q", got)
	}
}
