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

// renderedPage is one page of index.html completed for the current site.
type renderedPage struct {
	body []byte
	etag string
}

// renderIndex completes a page of index.html (the route pattern's) with
// the site's English data and the program's origin and address. When the
// database cannot be read the page is served without the data: the app
// then asks /api/site itself.
func (s *Server) renderIndex(r *http.Request, pattern string, page []byte) ([]byte, string, time.Time) {
	sj, err := s.publicSite(r.Context(), "en")
	if err != nil {
		s.log.WarnContext(r.Context(), "index.html served without the site's data", "err", err, "request_id", requestID(r.Context()))
		return s.personalize(page, ""), "", time.Time{}
	}
	c := &s.site
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pagesETag != sj.etag || c.pages == nil {
		c.pagesETag, c.pages = sj.etag, map[string]*renderedPage{}
	}
	if p, ok := c.pages[pattern]; ok {
		return p.body, p.etag, sj.changedAt
	}
	body := embedSiteData(s.personalize(page, sj.email), sj.body)
	sum := sha256.Sum256(body)
	p := &renderedPage{body: body, etag: `"` + hex.EncodeToString(sum[:12]) + `"`}
	c.pages[pattern] = p
	return p.body, p.etag, sj.changedAt
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
// after the whole document is read). Every < is written \u003c, so no
// text in the data can end the script.
func embedSiteData(page, data []byte) []byte {
	i := bytes.LastIndex(page, []byte("</body>"))
	if i < 0 {
		i = len(page)
	}
	safe := bytes.ReplaceAll(data, []byte("<"), []byte(`\u003c`))
	var b bytes.Buffer
	b.Grow(len(page) + len(safe) + 64)
	b.Write(page[:i])
	b.WriteString(`<script type="application/json" id="site-data">`)
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
	robotsDisallow = []string{"/admin", "/myaccount", "/reset-password/", "/Reg", "/api/"}
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
