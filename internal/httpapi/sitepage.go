package httpapi

// index.html as the server answers it: the site's public data embedded so
// that the first render needs no request of its own, and the build's
// example origin and e-mail address replaced by the program's own. Also
// robots.txt and sitemap.xml, written from the public origin and the
// site's routes.

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"html"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"
)

// What the web app's index.html holds in place of the program's own
// values: the origin of its og tags and the e-mail address of the line
// shown without JavaScript.
const (
	exampleOrigin = "https://spdc.example.org"
	exampleEmail  = "care@spdc.example.org"
	// emailSentence is the sentence of the no-JavaScript line that gives
	// the address; it is left out while the program has none.
	emailSentence = " You can still reach us by e-mail at " + exampleEmail + "."
)

// renderedPage is one page of index.html completed for the current site
// in one language.
type renderedPage struct {
	body []byte
	etag string
	// siteETag is the ETag of the site's data the page was made with.
	siteETag string
}

// renderIndex completes a page of index.html (the route pattern's) in
// lang: <html lang>, the site's data in that language (English where an
// item has no translation), the web app's messages in it when the build
// has them, and the program's origin and address. When the database
// cannot be read the page is served without the data: the app then asks
// /api/site itself.
func (s *Server) renderIndex(r *http.Request, lang, pattern string, page []byte) ([]byte, string, time.Time) {
	page = setHTMLLang(page, lang)
	// The reader's text size, when larger than normal, is the page's from
	// its first paint: painted at the normal size, a page meant to be read
	// at half as large again would grow under the reader when the app
	// applied it.
	size := textSizeOf(r)
	if size > 0 {
		page = setHTMLAttr(page, "data-text-size", textSizes[size])
	}
	sj, err := s.publicSite(r.Context(), lang)
	if err != nil {
		s.log.WarnContext(r.Context(), "index.html served without the site's data", "err", err, "request_id", requestID(r.Context()))
		return embedMessages(s.personalize(page, ""), lang, s.spa.messages[lang]), "", time.Time{}
	}
	c := &s.site
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pages == nil {
		c.pages = map[string]*renderedPage{}
	}
	key := lang + " " + textSizes[size] + " " + pattern
	if p, ok := c.pages[key]; ok && p.siteETag == sj.etag {
		return p.body, p.etag, sj.changedAt
	}
	body := embedMessages(embedSiteData(s.personalize(s.spa.langPreloads(page, pattern, lang), sj.email), sj.body), lang, s.spa.messages[lang])
	if painted, ok := paintShell(body, pattern, lang, size, sj.body, s.spa.texts); ok {
		body = bootAfterPaint(painted)
	}
	sum := sha256.Sum256(body)
	p := &renderedPage{body: body, etag: `"` + hex.EncodeToString(sum[:12]) + `"`, siteETag: sj.etag}
	c.pages[key] = p
	return p.body, p.etag, sj.changedAt
}

// textSizeCookie holds the reader's text size, written by the app beside
// its own copy; textSizes are its values, the normal size first.
const textSizeCookie = "spdc_text_size"

var textSizes = []string{"normal", "large", "largest"}

// textSizeOf is the index in textSizes of the request's text size (0, the
// normal size, without the cookie or with a value it does not know).
func textSizeOf(r *http.Request) int {
	c, err := r.Cookie(textSizeCookie)
	if err != nil {
		return 0
	}
	return max(0, slices.Index(textSizes, c.Value))
}

// htmlTagRE finds the page's <html> tag; htmlAttrRE, in it, each
// attribute the server writes there, compiled once, not per request.
var (
	htmlTagRE  = regexp.MustCompile(`(?i)<html(\s[^>]*)?>`)
	htmlAttrRE = map[string]*regexp.Regexp{
		"lang":           regexp.MustCompile(`(?i)\slang="[^"]*"`),
		"data-text-size": regexp.MustCompile(`(?i)\sdata-text-size="[^"]*"`),
	}
)

// setHTMLLang writes lang as the lang attribute of the page's <html> tag,
// adding the attribute when the tag has none.
func setHTMLLang(page []byte, lang string) []byte {
	return setHTMLAttr(page, "lang", lang)
}

// setHTMLAttr writes value (a word, written as is) as the attribute name
// (one of htmlAttrRE) of the page's <html> tag, adding the attribute when
// the tag has none.
func setHTMLAttr(page []byte, name, value string) []byte {
	loc := htmlTagRE.FindIndex(page)
	if loc == nil {
		return page
	}
	tag := page[loc[0]:loc[1]]
	attr := []byte(` ` + name + `="` + value + `"`)
	var newTag []byte
	if re := htmlAttrRE[name]; re.Match(tag) {
		newTag = re.ReplaceAllLiteral(tag, attr)
	} else {
		newTag = append(append([]byte(`<html`), attr...), tag[len("<html"):]...)
	}
	out := make([]byte, 0, len(page)+len(attr))
	out = append(out, page[:loc[0]]...)
	out = append(out, newTag...)
	return append(out, page[loc[1]:]...)
}

// personalize puts the configured public origin and the program's e-mail
// address in place of the build's examples (the sentence giving the
// address is left out when there is none).
func (s *Server) personalize(page []byte, email string) []byte {
	out := bytes.ReplaceAll(page, []byte(exampleOrigin), []byte(html.EscapeString(s.cfg.PublicURL)))
	if email == "" {
		return bytes.ReplaceAll(out, []byte(emailSentence), nil)
	}
	return bytes.ReplaceAll(out, []byte(exampleEmail), []byte(html.EscapeString(email)))
}

// embedSiteData inserts the site's JSON as <script type="application/json"
// id="site-data"> at the end of the body (the app's module scripts run
// after the whole document is read).
func embedSiteData(page, data []byte) []byte {
	return embedJSON(page, `<script type="application/json" id="site-data">`, data)
}

// embedMessages inserts the web app's messages in lang (the build's
// i18n/<lang>.json, verbatim) as <script type="application/json"
// id="messages" data-lang="…"> at the end of the body; nothing when the
// build has no such file.
func embedMessages(page []byte, lang string, messages []byte) []byte {
	if len(messages) == 0 {
		return page
	}
	return embedJSON(page, `<script type="application/json" id="messages" data-lang="`+lang+`">`, messages)
}

// embedJSON inserts open, data and </script> before </body>. Every < of
// data is written \u003c, so no text in it can end the script.
func embedJSON(page []byte, open string, data []byte) []byte {
	i := bytes.LastIndex(page, []byte("</body>"))
	if i < 0 {
		i = len(page)
	}
	safe := bytes.ReplaceAll(data, []byte("<"), []byte(`\u003c`))
	var b bytes.Buffer
	b.Grow(len(page) + len(safe) + len(open) + 16)
	b.Write(page[:i])
	b.WriteString(open)
	b.Write(safe)
	b.WriteString(`</script>`)
	b.Write(page[i:])
	return b.Bytes()
}

// Routes that search engines are asked not to index (accounts, the
// dashboard, one-time links), and routes left out of the sitemap besides
// them: other spellings of a listed page, and pages of no use found
// from a search.
var (
	robotsDisallow = []string{"/admin", "/myaccount", "/reset-password/", "/verify-email/", "/Reg", "/api/"}
	sitemapSkip    = []string{"/admin", "/myaccount", "/Reg", "/Team", "/Volunteer", "/error", "/recover", "/recoverpassword"}
)

// robots answers /robots.txt.
func (s *Server) robots(w http.ResponseWriter, r *http.Request) {
	var b strings.Builder
	b.WriteString("# The public pages may be indexed; accounts, the dashboard and one-time\n# links may not.\nUser-agent: *\n")
	for _, p := range robotsDisallow {
		b.WriteString("Disallow: " + p + "\n")
	}
	b.WriteString("\nSitemap: " + s.cfg.PublicURL + "/sitemap.xml\n")
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write([]byte(b.String()))
}

// sitemap answers /sitemap.xml: the site's public routes (those the
// build lists, without parameters) under the public origin.
func (s *Server) sitemap(w http.ResponseWriter, r *http.Request) {
	var routes []string
	if s.spa != nil {
		for pattern := range s.spa.pages {
			if strings.HasPrefix(pattern, "/") && !strings.Contains(pattern, ":") && !slices.Contains(sitemapSkip, pattern) {
				routes = append(routes, pattern)
			}
		}
	}
	slices.Sort(routes) // "/" first
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, p := range routes {
		fmt.Fprintf(&b, "  <url><loc>%s</loc></url>\n", html.EscapeString(s.cfg.PublicURL+p))
	}
	b.WriteString("</urlset>\n")
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write([]byte(b.String()))
}
