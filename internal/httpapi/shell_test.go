package httpapi

import (
	"fmt"
	"html"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

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
		e := newEnv(t, st, withWeb(shellWeb), withoutMail())
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
			!strings.Contains(login, `<button type="submit" name="lang" value="hi" lang="hi" aria-pressed="true">`) {
			t.Errorf("Hindi login:\n%s", login)
		}

		donation := root("/donation")
		for _, want := range []string{`<h1>Donation</h1>`, `<div class="container narrow stack"><div class="markdown"><p>Your gift pays for medicine`, `<h2 id="bank-title">Domestic bank transfer</h2>`, `Only from India &amp; not &lt;b&gt;. See <a href="#abroad-title">abroad</a>.`,
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

// contentWeb is a build with every content route and a few messages in
// the three languages.
var contentWeb = fstest.MapFS{
	"index.html": shellWeb["index.html"],
	"route-preloads.json": {Data: []byte(`{"/aboutus": [], "/implementationProcess": [], "/events": [], "/donor": [], "/privacypolicy": [],` +
		` "/teamcondition": [], "/faq": [], "/causes": [], "/contactus": [], "*": []}`)},
	"i18n/en.json": {Data: []byte(`{"header.home":"Home","meta.faq.title":"FAQ","pages.faq.another":["Another question? ",["link","t",["Contact us"]],"."],` +
		`"pages.text.questions":["Questions? ",["link","t",["Contact us"]],"."],"common.readMore":"Read More...","pages.events.none":"Stories soon.",` +
		`"pages.donors.none":"No donor yet.","home.becomeDonor":"Become a Donor","pages.causes.none":["No cause yet: ",["link","t",["see how to donate"]],"."],` +
		`"contact.sendUs":"Send us a message"}`)},
	"i18n/hi.json": {Data: []byte(`{"header.home":"मुखपृष्ठ","common.readMore":"और पढ़ें..."}`)},
	"i18n/bn.json": {Data: []byte(`{"header.home":"হোম"}`)},
}

var tagRE = regexp.MustCompile(`<[^>]*>`)

// shellText is painted markup as the words a reader sees.
func shellText(markup string) string {
	return strings.Join(strings.Fields(html.UnescapeString(tagRE.ReplaceAllString(markup, " "))), " ")
}

// Each content page's first paint carries its body text from the site's
// data in the language asked for (the seeded content has all three), as
// Markdown rendered to HTML.
func TestShellPaintsContentPagesText(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withWeb(contentWeb), withoutMail())
		root := e.painted
		seen := map[string]string{}
		for _, lang := range []string{"en", "hi", "bn"} {
			site := e.call("GET", "/api/site?lang="+lang, nil, "")
			cols := site.Body["collections"].(map[string]any)
			field := func(collection string, i int, name string) string {
				t.Helper()
				items, _ := cols[collection].([]any)
				if len(items) <= i {
					t.Fatalf("%s: no %s %d", lang, collection, i)
				}
				return items[i].(map[string]any)[name].(string)
			}
			page := func(slug string) string {
				for _, p := range cols["pages"].([]any) {
					if p := p.(map[string]any); p["slug"] == slug {
						return p["body"].(string)
					}
				}
				t.Fatalf("%s: no page %s", lang, slug)
				return ""
			}
			for _, c := range []struct{ path, markdown string }{
				{"/aboutus", page("about")},
				{"/privacypolicy", page("privacy")},
				{"/teamcondition", page("terms")},
				{"/faq", field("faq", 0, "answer")},
				{"/faq", field("faq", 5, "question")},
				{"/implementationProcess", field("steps", 0, "text")},
				{"/implementationProcess", field("steps", 0, "details")},
			} {
				got := root(c.path + "?lang=" + lang)
				if !strings.Contains(got, `<div class="markdown">`) && c.path != "/implementationProcess" {
					t.Errorf("%s %s: no Markdown block:\n%s", lang, c.path, got)
				}
				// The first and last paragraphs' words, as the reader sees them.
				paras := plainParagraphs(c.markdown)
				for _, want := range []string{paras[0], paras[len(paras)-1]} {
					if !strings.Contains(shellText(got), want) {
						t.Errorf("%s %s lacks %q", lang, c.path, want)
					}
				}
				if other, ok := seen[c.path+c.markdown]; ok {
					t.Errorf("%s %s shows the same text as %s", lang, c.path, other)
				}
				seen[c.path+c.markdown] = lang
			}
			if got := root("/implementationProcess?lang=" + lang); !strings.Contains(got, `<div id="step-more-1" hidden class="read-more-text"><div class="markdown"><p>`) ||
				!strings.Contains(got, `<span class="visually-hidden">Step 1: </span>`) || strings.Contains(got, "step-more-4") {
				t.Errorf("%s steps:\n%s", lang, got)
			}
		}

		for path, want := range map[string]string{
			"/aboutus":       `<h2 id="intro-title">About SPDC</h2><div class="markdown"><p>Srila Prabhupada’s disciples`,
			"/faq":           `<div class="accordion"><details class="accordion-item"><summary>Who can receive help from SPDC?</summary><div class="markdown"><p>Devotees`,
			"/teamcondition": `<h2>Eligibility</h2>`,
			"/events":        `<div class="section"><p class="container narrow">Stories soon.</p></div>`,
			"/donor":         `<p>No donor yet.</p><p class="button-row"><a class="btn btn-primary" href="/donation">Become a Donor</a></p>`,
			"/causes":        `<p>No cause yet: <a href="/donation">see how to donate</a>.</p>`,
			"/contactus":     `<h2 id="msg-title">Send us a message</h2></section></div></div></main>`,
		} {
			if got := root(path); !strings.Contains(got, want) {
				t.Errorf("%s lacks %s:\n%s", path, want, got)
			}
		}
		if got := root("/faq"); !strings.Contains(got, `<p>Another question? <a href="/contactus">Contact us</a>.</p></div></div></main>`) {
			t.Errorf("faq's last line:\n%s", got)
		}
	})
}

// What an admin writes is painted as text: markup, scripts and pictures
// in it never reach the page as markup, a link goes only where the app
// lets it.
func TestShellPaintsHostileContentEscaped(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withWeb(contentWeb), withoutMail())
		admin, _ := e.user("admin@example.org", true)
		faq := map[string]any{"language": "en", "question": `Why "<script>alert(1)</script>"?`,
			"answer": "# Answer\n\n<script>alert(2)</script>\n\nSee <img src=x onerror=alert(3)> [this](javascript:alert(4)) or [that](https://example.org) ![x](/p.png)."}
		if r := e.call("POST", "/api/admin/site/faq", faq, admin); r.Status != 201 {
			t.Fatalf("faq: %d %s", r.Status, r.Raw)
		}
		got := rootRE.FindStringSubmatch(e.call("GET", "/faq", nil, "").Raw)[1]
		want := `<summary>Why &#34;&lt;script&gt;alert(1)&lt;/script&gt;&#34;?</summary><div class="markdown"><h2>Answer</h2>` + "\n" +
			`<p>See  this or <a href="https://example.org" rel="noopener noreferrer">that</a> .</p></div>`
		if !strings.Contains(got, want) {
			t.Errorf("hostile answer:\n%s\nwant %s", got, want)
		}
		for _, bad := range []string{"<script", "<img", "javascript:", "alert(2)", "onerror"} {
			if strings.Contains(got, bad) {
				t.Errorf("painted %s:\n%s", bad, got)
			}
		}
	})
}

func TestShellMarkdown(t *testing.T) {
	for _, c := range []struct{ md, want string }{
		{"# Title\n\n## Part", "<h2>Title</h2>\n<h2>Part</h2>"},
		{"[a](/faq) [b](#top) [c](mailto:a@b.org) [d](tel:+911234) [e](HTTPS://x.org)",
			`<p><a href="/faq">a</a> <a href="#top">b</a> <a href="mailto:a@b.org">c</a> <a href="tel:+911234">d</a> <a href="HTTPS://x.org" rel="noopener noreferrer">e</a></p>`},
		{"[a](//evil.org) [b](/\\evil) [c](data:text/html,x) [d](ftp://x) [e]( javascript:x )", "<p>a b c d e</p>"},
		{"<https://x.org/a?b=1&c=2> <me@x.org> <javascript:alert(1)>",
			`<p><a href="https://x.org/a?b=1&amp;c=2" rel="noopener noreferrer">https://x.org/a?b=1&amp;c=2</a> <a href="mailto:me@x.org">me@x.org</a> javascript:alert(1)</p>`},
		{"<div onclick=x>block</div>\n\ntext <b>bold</b> & <i", "<p>text bold &amp; &lt;i</p>"},
		{"![alt](/a.png) after", "<p> after</p>"},
		{"- one\n- **two**\n\n| a | b |\n|---|---|\n| 1 | 2 |", "<ul>\n<li>one</li>\n<li><strong>two</strong></li>\n</ul>\n<p>| a | b |\n|---|---|\n| 1 | 2 |</p>"},
	} {
		got := string(shellMarkdown(c.md))
		if want := `<div class="markdown">` + c.want + `</div>`; got != want {
			t.Errorf("%q:\n got %s\nwant %s", c.md, got, want)
		}
	}
}

// A staff page names its own messages among its preloads, in the page's
// language, so the browser fetches them with the page's code instead of
// after it; a public page names none.
func TestStaffPagePreloadsItsMessagesInItsLanguage(t *testing.T) {
	web := fstest.MapFS{
		"index.html": shellWeb["index.html"],
		"route-preloads.json": {Data: []byte(`{"/": [], "/admin": ["/assets/admin-1.js", "/i18n/admin-{lang}.json?v=ab12"],` +
			` "/admin/care/:id": ["/assets/admin-1.js", "/i18n/care-{lang}.json?v=ab12"], "*": []}`)},
		"i18n/en.json": shellWeb["i18n/en.json"],
		"i18n/hi.json": shellWeb["i18n/hi.json"],
	}
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withWeb(web), withoutMail())
		page := func(path string) string {
			t.Helper()
			r := e.callWith("GET", path, nil, "", nil)
			if r.Status != 200 {
				t.Fatalf("%s: %d", path, r.Status)
			}
			return r.Raw
		}
		const hint = `<link rel="preload" as="fetch" crossorigin href="/i18n/%s.json?v=ab12">`
		for path, want := range map[string]string{"/admin": "admin-en", "/admin?lang=hi": "admin-hi", "/admin/care/0R2?lang=hi": "care-hi"} {
			got := page(path)
			if !strings.Contains(got, fmt.Sprintf(hint, want)) || strings.Contains(got, "{lang}") {
				t.Errorf("%s: no hint for %s in %s", path, want, got[:min(600, len(got))])
			}
			if !strings.Contains(got, `<link rel="modulepreload" crossorigin href="/assets/admin-1.js">`) {
				t.Errorf("%s lost its code's hint", path)
			}
		}
		if got := page("/?lang=hi"); strings.Contains(got, "/i18n/") {
			t.Errorf("the home page names a staff catalogue: %s", got)
		}
	})
}
