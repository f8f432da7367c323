package httpapi

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"

	"spdc/internal/i18n"
)

// spaHandler serves the embedded web app: real files with long-lived cache
// headers (hashed names under /assets/ are immutable), precompressed .br and
// .gz siblings when the client accepts them, and index.html (never cached)
// for extension-less paths so the client router can take over.
type spaHandler struct {
	files fs.FS
	index []byte
	mod   time.Time
	// pages holds index.html with the preload hints of each route
	// pattern of route-preloads.json ("/aboutus", "/reset-password/:token",
	// "*" for the 404 page).
	pages map[string][]byte
	// patterns are the keys of pages with a ":param" segment.
	patterns []string
	// render, when set, completes a page of index.html in a language
	// before it is served (the site's data, the public origin); it
	// returns the page, its ETag and when its content last changed.
	render func(r *http.Request, lang, pattern string, page []byte) ([]byte, string, time.Time)
	// messages are the web app's texts by language (the build's
	// i18n/<lang>.json), embedded in the page of that language.
	messages map[string][]byte
	// texts are the same messages read, by language, for the first
	// paint the server writes into #root.
	texts map[string]map[string]any
	// langFiles are, per route pattern, the files of route-preloads.json
	// whose name holds the page's language ("/i18n/admin-{lang}.json":
	// the dashboard's messages), hinted once the language is known.
	langFiles map[string][]string
}

// langMark stands for the page's language in a file of route-preloads.json.
const langMark = "{lang}"

var extraTypes = map[string]string{
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".svg":         "image/svg+xml",
	".webm":        "video/webm",
	".mp4":         "video/mp4",
	".avif":        "image/avif",
	".webp":        "image/webp",
	".woff2":       "font/woff2",
	".webmanifest": "application/manifest+json",
	".txt":         "text/plain; charset=utf-8",
	".xml":         "application/xml; charset=utf-8",
	".json":        "application/json",
	".ico":         "image/x-icon",
	".png":         "image/png",
	".jpg":         "image/jpeg",
}

func newSPAHandler(files fs.FS) *spaHandler {
	h := &spaHandler{files: files, mod: time.Now(), pages: map[string][]byte{}, messages: map[string][]byte{}, texts: map[string]map[string]any{}, langFiles: map[string][]string{}}
	if b, err := fs.ReadFile(files, "index.html"); err == nil {
		h.index = b
	}
	for _, lang := range i18n.Languages {
		if b, err := fs.ReadFile(files, "i18n/"+lang+".json"); err == nil && json.Valid(b) {
			h.messages[lang] = bytes.TrimSpace(b)
			h.texts[lang] = parseMessages(b)
		}
	}
	// The build lists, per route, the page's own code; sending it as
	// preload hints saves the browser a round trip before the page shows.
	var preloads map[string][]string
	if b, err := fs.ReadFile(files, "route-preloads.json"); err == nil && h.index != nil && json.Unmarshal(b, &preloads) == nil {
		for pattern, list := range preloads {
			var fixed []string
			for _, f := range list {
				if strings.Contains(f, langMark) {
					h.langFiles[pattern] = append(h.langFiles[pattern], f)
				} else {
					fixed = append(fixed, f)
				}
			}
			h.pages[pattern] = withPreloads(h.index, fixed)
			if strings.Contains(pattern, "/:") {
				h.patterns = append(h.patterns, pattern)
			}
		}
	}
	return h
}

// langPreloads adds to page, made for pattern in lang, the hints of the
// files in that language (see langFiles).
func (h *spaHandler) langPreloads(page []byte, pattern, lang string) []byte {
	files := h.langFiles[pattern]
	if len(files) == 0 {
		return page
	}
	named := make([]string, len(files))
	for i, f := range files {
		named[i] = strings.ReplaceAll(f, langMark, lang)
	}
	return withPreloads(page, named)
}

// withPreloads inserts a preload hint for each file before </head>.
func withPreloads(index []byte, files []string) []byte {
	var b strings.Builder
	for _, f := range files {
		if !(strings.HasPrefix(f, "/assets/") || strings.HasPrefix(f, "/media/") || strings.HasPrefix(f, "/i18n/")) || strings.ContainsAny(f, "\"<>&") {
			continue
		}
		switch {
		case strings.HasPrefix(f, "/i18n/"):
			// Messages the page fetches as soon as its code runs.
			fmt.Fprintf(&b, `<link rel="preload" as="fetch" crossorigin href="%s">`, f)
		case strings.HasSuffix(f, ".webp"):
			fmt.Fprintf(&b, `<link rel="preload" as="image" type="image/webp" fetchpriority="high" href="%s">`, f)
		case strings.HasSuffix(f, ".css"):
			// The app adds the page's stylesheet with crossorigin, as it
			// loads every file of a page's code: a hint without it would
			// not be used, and the browser would fetch the file twice.
			fmt.Fprintf(&b, `<link rel="preload" as="style" crossorigin href="%s">`, f)
		default:
			fmt.Fprintf(&b, `<link rel="modulepreload" crossorigin href="%s">`, f)
		}
	}
	i := bytes.Index(index, []byte("</head>"))
	if i < 0 || b.Len() == 0 {
		return index
	}
	out := make([]byte, 0, len(index)+b.Len())
	out = append(out, index[:i]...)
	out = append(out, b.String()...)
	return append(out, index[i:]...)
}

// pageFor returns index.html with the hints of the route that path
// matches (paths are case-sensitive, as in the web app's router; a
// trailing slash is ignored, as the router does) and that route's
// pattern. known is false for a path that is none of the site's routes:
// the page is then the "*" one, the app's not-found page. Without the
// build's route list every path is known.
func (h *spaHandler) pageFor(path string) (page []byte, pattern string, known bool) {
	if len(h.pages) == 0 {
		return h.index, "", true
	}
	if path != "/" {
		path = strings.TrimSuffix(path, "/")
	}
	if p, ok := h.pages[path]; ok && path != "*" {
		return p, path, true
	}
	segs := strings.Split(path, "/")
	for _, pattern := range h.patterns {
		ps := strings.Split(pattern, "/")
		if len(ps) != len(segs) {
			continue
		}
		match := true
		for i := range ps {
			if strings.HasPrefix(ps[i], ":") {
				match = segs[i] != ""
			} else {
				match = ps[i] == segs[i]
			}
			if !match {
				break
			}
		}
		if match {
			return h.pages[pattern], pattern, true
		}
	}
	if p, ok := h.pages["*"]; ok {
		return p, "*", false
	}
	return h.index, "*", false
}

func contentType(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if t, ok := extraTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}

// serveWeb is the handler for every GET outside /api.
func (s *Server) serveWeb(w http.ResponseWriter, r *http.Request) {
	if s.spa == nil {
		http.NotFound(w, r)
		return
	}
	s.spa.ServeHTTP(w, r)
}

func (h *spaHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	clean := path.Clean("/" + r.URL.Path)
	name := strings.TrimPrefix(clean, "/")
	if name == "" || name == "index.html" {
		h.serveIndex(w, r)
		return
	}
	if clean == bootPath {
		serveBoot(w)
		return
	}
	if path.Ext(name) == "" {
		// A client-side route such as /admin or /reset-password/abc.
		h.serveIndex(w, r)
		return
	}
	if !fs.ValidPath(name) || strings.Contains(r.URL.Path, "..") || strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz") {
		http.NotFound(w, r)
		return
	}
	st, err := fs.Stat(h.files, name)
	if err != nil || st.IsDir() {
		http.NotFound(w, r)
		return
	}
	hdr := w.Header()
	hdr.Set("Content-Type", contentType(name))
	if strings.HasPrefix(name, "assets/") {
		hdr.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		hdr.Set("Cache-Control", "public, max-age=86400")
	}
	hdr.Add("Vary", "Accept-Encoding")
	accept := r.Header.Get("Accept-Encoding")
	for _, enc := range []struct{ token, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
		if !acceptsEncoding(accept, enc.token) {
			continue
		}
		if f, err := h.files.Open(name + enc.ext); err == nil {
			defer f.Close()
			hdr.Set("Content-Encoding", enc.token)
			serveFile(w, r, name, st.ModTime(), f)
			return
		}
	}
	f, err := h.files.Open(name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	serveFile(w, r, name, st.ModTime(), f)
}

// serveFile streams f, with Range support when it can seek (embedded files
// can), which video players need.
func serveFile(w http.ResponseWriter, r *http.Request, name string, mod time.Time, f fs.File) {
	if rs, ok := f.(io.ReadSeeker); ok {
		http.ServeContent(w, r, name, mod, rs)
		return
	}
	_, _ = io.Copy(w, f)
}

func (h *spaHandler) serveIndex(w http.ResponseWriter, r *http.Request) {
	if h.index == nil {
		http.NotFound(w, r)
		return
	}
	path := r.URL.Path
	if path == "/index.html" {
		path = "/"
	}
	page, pattern, known := h.pageFor(path)
	etag, mod := "", h.mod
	hdr := w.Header()
	vary := "Accept-Encoding"
	if h.render != nil {
		// The page is in the visitor's language: ?lang=, the spdc_lang
		// cookie, Accept-Language, else English.
		lang := i18n.ForPage(r)
		if r.URL.Query().Get("lang") == lang {
			// A language asked for in the address is kept for the next
			// pages, as the app keeps it: the choice holds even when the
			// page is left before the app has run (the painted switcher
			// asks this way).
			http.SetCookie(w, &http.Cookie{Name: i18n.CookieName, Value: lang, Path: "/", MaxAge: 365 * 24 * 3600, SameSite: http.SameSiteLaxMode})
		}
		var changed time.Time
		page, etag, changed = h.render(r, lang, pattern, page)
		if changed.After(mod) {
			mod = changed
		}
		hdr.Set("Content-Language", lang)
		vary = "Cookie, Accept-Language, Accept-Encoding"
	}
	hdr.Set("Content-Type", "text/html; charset=utf-8")
	hdr.Set("Cache-Control", "no-cache")
	hdr.Add("Vary", vary)
	// The page carries the site's data, so it is made per request and
	// cannot be compressed ahead like the other files: compress it here
	// (about a third of its size on a slow phone connection).
	if len(page) > 1024 && acceptsEncoding(r.Header.Get("Accept-Encoding"), "gzip") {
		if gz, err := gzipBytes(page, gzip.BestCompression); err == nil {
			page = gz
			hdr.Set("Content-Encoding", "gzip")
			if etag != "" {
				etag = strings.TrimSuffix(etag, `"`) + `-gzip"`
			}
		}
	}
	if !known {
		// Not one of the site's routes: the app shows its not-found page,
		// and the status says so to browsers and search engines.
		hdr.Set("Content-Length", strconv.Itoa(len(page)))
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write(page)
		return
	}
	if etag != "" {
		hdr.Set("ETag", etag)
	}
	http.ServeContent(w, r, "index.html", mod, bytes.NewReader(page))
}

// gzipBytes is b compressed with gzip at level.
func gzipBytes(b []byte, level int) ([]byte, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, level)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(b); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// acceptsEncoding reports whether an Accept-Encoding header allows token
// (q=0 means refused).
func acceptsEncoding(header, token string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), token) {
			continue
		}
		params = strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return params != "q=0" && params != "q=0.0" && params != "q=0.00" && params != "q=0.000"
	}
	return false
}
