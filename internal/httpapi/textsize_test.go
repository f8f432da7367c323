package httpapi

import (
	"regexp"
	"strings"
	"testing"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// A reader who chose a larger text size gets every page at that size
// from its first paint: the <html> tag carries the size and the painted
// control shows it pressed, so nothing grows when the app starts. A size
// the server does not know is the normal one, and each size's page has
// an ETag of its own.
func TestPagesPaintedAtTheReadersTextSize(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withWeb(shellWeb), withoutMail())
		pressed := regexp.MustCompile(`class="text-size-btn text-size-(\d)" aria-pressed="true"`)
		get := func(path, cookie string) resp {
			t.Helper()
			hdr := map[string]string{}
			if cookie != "" {
				hdr["Cookie"] = cookie
			}
			r := e.callWith("GET", path, nil, "", hdr)
			if r.Status != 200 {
				t.Fatalf("%s with %q: %d", path, cookie, r.Status)
			}
			return r
		}
		for _, c := range []struct{ cookie, attr, pressed string }{
			{"", "", "0"},
			{"spdc_text_size=large", ` data-text-size="large"`, "1"},
			{"spdc_lang=hi; spdc_text_size=largest", ` data-text-size="largest"`, "2"},
			{"spdc_text_size=\"><script>", "", "0"},
		} {
			r := get("/login", c.cookie)
			tag := htmlTagRE.FindString(r.Raw)
			if c.attr == "" && strings.Contains(tag, "data-text-size") || c.attr != "" && !strings.Contains(tag, c.attr) {
				t.Errorf("%q: <html> tag %s, want %q", c.cookie, tag, c.attr)
			}
			if m := pressed.FindAllStringSubmatch(r.Raw, -1); len(m) != 1 || m[0][1] != c.pressed {
				t.Errorf("%q: pressed size buttons %v, want only %s", c.cookie, m, c.pressed)
			}
		}
		// The dashboard is not painted, but its page has the size too.
		if tag := htmlTagRE.FindString(get("/admin", "spdc_text_size=large").Raw); !strings.Contains(tag, `data-text-size="large"`) {
			t.Errorf("dashboard <html> tag %s", tag)
		}
		if a, b := get("/login", "").Header.Get("ETag"), get("/login", "spdc_text_size=large").Header.Get("ETag"); a == "" || a == b {
			t.Errorf("ETags %q and %q: each size needs its own", a, b)
		}
	})
}

func TestSetHTMLAttr(t *testing.T) {
	for in, want := range map[string]string{
		`<html lang="en"><head>`:                    `<html data-text-size="large" lang="en"><head>`,
		`<html lang="en" data-text-size="x"><head>`: `<html lang="en" data-text-size="large"><head>`,
		`<p>no html tag</p>`:                        `<p>no html tag</p>`,
	} {
		if got := string(setHTMLAttr([]byte(in), "data-text-size", "large")); got != want {
			t.Errorf("setHTMLAttr(%q) = %q, want %q", in, got, want)
		}
	}
}
