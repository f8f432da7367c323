package httpapi

import (
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// langWeb is a build with web messages in Hindi only, and the dashboard's
// Hindi messages in their own file.
var langWeb = fstest.MapFS{
	"index.html":          {Data: []byte(`<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>`)},
	"route-preloads.json": {Data: []byte(`{"/": [], "/aboutus": [], "*": []}`)},
	"i18n/hi.json":        {Data: []byte(`{"nav.home":"मुखपृष्ठ","x":"</script><b>"}` + "\n")},
	"i18n/bn.json":        {Data: []byte(`{not json`)},
	"i18n/admin-hi.json":  {Data: []byte(`{"admin.records":"रिकॉर्ड"}` + "\n")},
	"assets/noto-sans-devanagari-devanagari-400-normal-Ab12.woff2": {Data: []byte("font")},
	"assets/noto-sans-devanagari-devanagari-700-normal-Cd34.woff2": {Data: []byte("font")},
}

var (
	htmlLangAttrRE = regexp.MustCompile(`<html lang="([a-z]+)">`)
	messagesRE     = regexp.MustCompile(`<script type="application/json" id="messages" data-lang="([a-z]+)">(.*?)</script>`)
)

// The page is in the language of ?lang=, else the cookie, else
// Accept-Language, else English: <html lang>, Content-Language, the
// site's data in it, and the build's messages in it when it has them.
func TestIndexInTheVisitorsLanguage(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withWeb(langWeb), withoutMail())
		admin, _ := e.user("admin@example.org", true)

		// A Hindi translation of the first FAQ item.
		faq := e.call("GET", "/api/admin/site/faq", nil, admin)
		items, _ := faq.Body["items"].([]any)
		if faq.Status != 200 || len(items) == 0 {
			t.Fatalf("faq: %d %s", faq.Status, faq.Raw[:min(300, len(faq.Raw))])
		}
		first := items[0].(map[string]any)
		if r := e.call("POST", "/api/admin/site/faq", map[string]any{"question": "राधा कौन हैं?", "answer": "उत्तर", "language": "hi", "translationOf": first["_id"]}, admin); r.Status != 201 {
			t.Fatalf("translation: %d %s", r.Status, r.Raw)
		}

		for _, c := range []struct {
			path        string
			hdr         map[string]string
			lang        string
			hasMessages bool
		}{
			{"/", nil, "en", false},
			{"/aboutus", map[string]string{"Accept-Language": "hi-IN,hi;q=0.9,en;q=0.5"}, "hi", true},
			{"/aboutus", map[string]string{"Accept-Language": "fr"}, "en", false},
			{"/", map[string]string{"Cookie": "spdc_lang=bn", "Accept-Language": "hi"}, "bn", false},
			{"/?lang=hi", map[string]string{"Cookie": "spdc_lang=bn"}, "hi", true},
			{"/?lang=xx", map[string]string{"Cookie": "spdc_lang=zz", "Accept-Language": "bn-BD"}, "bn", false},
			{"/nope?lang=hi", nil, "hi", true},
		} {
			r := e.callWith("GET", c.path, nil, "", c.hdr)
			m := htmlLangAttrRE.FindStringSubmatch(r.Raw)
			if m == nil || m[1] != c.lang || r.Header.Get("Content-Language") != c.lang {
				t.Errorf("%s %v: lang %v, Content-Language %q", c.path, c.hdr, m, r.Header.Get("Content-Language"))
				continue
			}
			if vary := strings.Join(r.Header.Values("Vary"), ", "); !strings.Contains(vary, "Cookie") || !strings.Contains(vary, "Accept-Language") {
				t.Errorf("%s: Vary %q", c.path, vary)
			}
			data := siteDataRE.FindStringSubmatch(r.Raw)
			api := e.call("GET", "/api/site?lang="+c.lang, nil, "")
			if data == nil || data[1] != api.Raw {
				t.Errorf("%s: the embedded data is not the site in %s", c.path, c.lang)
			}
			if got := strings.Contains(data[1], "राधा कौन हैं?"); got != (c.lang == "hi") {
				t.Errorf("%s: Hindi FAQ shown %v in %s", c.path, got, c.lang)
			}
			msgs := messagesRE.FindStringSubmatch(r.Raw)
			if (msgs != nil) != c.hasMessages {
				t.Errorf("%s: messages %v", c.path, msgs)
				continue
			}
			if strings.Contains(r.Raw, "admin.records") {
				t.Errorf("%s: the dashboard's messages are in the page", c.path)
			}
			// No page preloads a font: the stylesheet declares each
			// script's faces, and the browser fetches one only when the
			// page's own text needs it (and the device lacks it).
			if strings.Contains(r.Raw, `as="font"`) {
				t.Errorf("%s: a font preload in %s", c.path, c.lang)
			}
			if msgs != nil && (msgs[1] != "hi" || msgs[2] != `{"nav.home":"मुखपृष्ठ","x":"\u003c/script>\u003cb>"}` || strings.Count(r.Raw, "</script>") != 2) {
				t.Errorf("%s: messages %q", c.path, msgs)
			}
		}

		// The dashboard fetches its messages as a file of the build.
		if r := e.callWith("GET", "/i18n/admin-hi.json", nil, "", nil); r.Status != 200 || !strings.Contains(r.Raw, "admin.records") || !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			t.Errorf("admin-hi.json: %d %q %s", r.Status, r.Header.Get("Content-Type"), r.Raw)
		}

		// Each language's page has its own ETag, and a conditional request
		// in one language is not answered with another's.
		en := e.callWith("GET", "/", nil, "", nil)
		hi := e.callWith("GET", "/", nil, "", map[string]string{"Accept-Language": "hi"})
		if en.Header.Get("ETag") == "" || en.Header.Get("ETag") == hi.Header.Get("ETag") {
			t.Fatalf("ETags %q %q", en.Header.Get("ETag"), hi.Header.Get("ETag"))
		}
		req := httptest.NewRequest("GET", "/", nil)
		req.Header.Set("If-None-Match", en.Header.Get("ETag"))
		req.Header.Set("Accept-Language", "hi")
		rec := httptest.NewRecorder()
		e.h.ServeHTTP(rec, req)
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), `<html lang="hi">`) {
			t.Fatalf("Hindi page after the English ETag: %d", rec.Code)
		}
	})
}

func TestSetHTMLLang(t *testing.T) {
	for in, want := range map[string]string{
		`<!doctype html><html lang="en"><head>`:    `<!doctype html><html lang="bn"><head>`,
		`<!doctype html><HTML class="x"><head>`:    `<!doctype html><html lang="bn" class="x"><head>`,
		`<!doctype html><html><head>`:              `<!doctype html><html lang="bn"><head>`,
		`<head><title>no html tag</title></head>`:  `<head><title>no html tag</title></head>`,
		`<html data-x="1" lang="hi" dir="ltr"><p>`: `<html data-x="1" lang="bn" dir="ltr"><p>`,
	} {
		if got := string(setHTMLLang([]byte(in), "bn")); got != want {
			t.Errorf("setHTMLLang(%q) = %q, want %q", in, got, want)
		}
	}
}
