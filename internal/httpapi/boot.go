package httpapi

// A page the server has painted starts the web app after its first paint
// (boot.js): its entry script and module hints leave the head, and one
// small deferred script, which the browser fetches at low priority, asks
// for them once the page is on the screen. The route's own stylesheets,
// hinted for the app, are applied from the start instead: the painted
// page needs them to look as the app will draw it. Pages the server does not
// paint (accounts, the dashboard) keep the build's tags: they have nothing
// to show before their code.

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"html"
	"net/http"
	"regexp"
	"strings"
)

//go:embed boot.js
var bootJS []byte

// bootPath is where boot.js is served: named after its content, so it is
// cached for good like the build's assets.
var bootPath = func() string {
	sum := sha256.Sum256(bootJS)
	return "/assets/boot-" + hex.EncodeToString(sum[:6]) + ".js"
}()

var (
	entryScriptRE = regexp.MustCompile(`<script type="module" crossorigin src="(/assets/[^"<>]+)"></script>`)
	modulePreRE   = regexp.MustCompile(`<link rel="modulepreload" crossorigin href="(/assets/[^"<>]+)">`)
	stylePreRE    = regexp.MustCompile(`<link rel="preload" as="style" crossorigin href="(/assets/[^"<>]+)">`)
)

// bootAfterPaint moves page's entry script and module hints into the
// boot script's attributes, at the end of the body, and turns its
// stylesheet hints into stylesheets. A page without the
// build's entry script is returned as it is.
func bootAfterPaint(page []byte) []byte {
	m := entryScriptRE.FindSubmatchIndex(page)
	if m == nil {
		return page
	}
	entry := string(page[m[2]:m[3]])
	out := make([]byte, 0, len(page)+128)
	out = append(out, page[:m[0]]...)
	out = append(out, page[m[1]:]...)
	out = stylePreRE.ReplaceAll(out, []byte(`<link rel="stylesheet" crossorigin href="$1">`))
	var mods []string
	out = modulePreRE.ReplaceAllFunc(out, func(tag []byte) []byte {
		mods = append(mods, string(modulePreRE.FindSubmatch(tag)[1]))
		return nil
	})
	tag := `<script defer src="` + bootPath + `" data-entry="` + html.EscapeString(entry) + `" data-preload="` + html.EscapeString(strings.Join(mods, " ")) + `"></script>`
	i := bytes.LastIndex(out, []byte("</body>"))
	if i < 0 {
		return append(out, tag...)
	}
	return append(out[:i:i], append([]byte(tag), out[i:]...)...)
}

// serveBoot answers bootPath.
func serveBoot(w http.ResponseWriter) {
	hdr := w.Header()
	hdr.Set("Content-Type", "text/javascript; charset=utf-8")
	hdr.Set("Cache-Control", "public, max-age=31536000, immutable")
	_, _ = w.Write(bootJS)
}
