package i18n

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"
)

// Every entry is written in every language with the same placeholders,
// and no two entries share an English text or an id.
func TestCatalogueComplete(t *testing.T) {
	ids, english := map[string]bool{}, map[string]bool{}
	for _, e := range Entries() {
		name := e.ID
		if name == "" {
			name = e.En
		}
		for lang, s := range map[string]string{Hi: e.Hi, Bn: e.Bn} {
			if strings.TrimSpace(s) == "" {
				t.Errorf("%q has no %s text", name, lang)
				continue
			}
			if !slices.Equal(Placeholders(e.En), Placeholders(s)) {
				t.Errorf("%q: %s placeholders %v, English %v", name, lang, Placeholders(s), Placeholders(e.En))
			}
			if !hasScript(s, lang) {
				t.Errorf("%q: the %s text %q is not written in its script", name, lang, s)
			}
		}
		if e.ID != "" {
			if ids[e.ID] {
				t.Errorf("id %q twice", e.ID)
			}
			ids[e.ID] = true
		} else {
			if english[e.En] {
				t.Errorf("English text %q twice", e.En)
			}
			english[e.En] = true
		}
	}
	if len(ids) < 14 || len(english) < 200 {
		t.Fatalf("catalogue too small: %d ids, %d texts", len(ids), len(english))
	}
}

// hasScript reports whether s has a letter of lang's script (a text may
// hold codes such as PAN or JSON, but never only them).
func hasScript(s, lang string) bool {
	table := unicode.Devanagari
	if lang == Bn {
		table = unicode.Bengali
	}
	for _, r := range s {
		if unicode.Is(table, r) {
			return true
		}
	}
	return false
}

func TestMatch(t *testing.T) {
	for header, want := range map[string]string{
		"":                           En,
		"hi":                         Hi,
		"hi-IN,hi;q=0.9,en;q=0.8":    Hi,
		"bn-BD":                      Bn,
		"bn-IN, en;q=0.5":            Bn,
		"en-GB,en;q=0.9,hi;q=0.5":    En,
		"fr-FR,fr;q=0.9":             En,
		"de, bn;q=0.3":               Bn,
		"xx-invalid-;;q=":            En,
		"ta-IN":                      En,
		"*":                          En,
		strings.Repeat("hi,", 600):   En,
		"zh-Hant-TW;q=0.9, hi;q=0.1": Hi,
	} {
		if got := Match(header); got != want {
			t.Errorf("Match(%q) = %q, want %q", header, got, want)
		}
	}
}

func TestForPage(t *testing.T) {
	req := func(url, cookie, accept string) *http.Request {
		r := httptest.NewRequest(http.MethodGet, url, nil)
		if cookie != "" {
			r.AddCookie(&http.Cookie{Name: CookieName, Value: cookie})
		}
		if accept != "" {
			r.Header.Set("Accept-Language", accept)
		}
		return r
	}
	for _, c := range []struct {
		r    *http.Request
		want string
	}{
		{req("/", "", ""), En},
		{req("/?lang=hi", "bn", "bn"), Hi},
		{req("/?lang=fr", "bn", "hi"), Bn},
		{req("/?lang=", "", "hi-IN"), Hi},
		{req("/about", "xx", "bn"), Bn},
		{req("/about", "hi", "bn"), Hi},
		{req("/about?lang=HI", "", ""), En},
	} {
		if got := ForPage(c.r); got != c.want {
			t.Errorf("ForPage(%s, cookie %v, %q) = %q, want %q", c.r.URL, c.r.Cookies(), c.r.Header.Get("Accept-Language"), got, c.want)
		}
	}
}

func TestTranslate(t *testing.T) {
	if got := Translate(Hi, "Not found."); got != "यह नहीं मिला।" {
		t.Errorf("hi Not found. = %q", got)
	}
	if got := Translate(Bn, "Too many password reset requests. Please wait 15 minutes and try again."); got != "পাসওয়ার্ড বদলানোর অনুরোধ অনেক বার হয়েছে। অনুগ্রহ করে 15 মিনিট অপেক্ষা করে আবার চেষ্টা করুন।" {
		t.Errorf("bn too many = %q", got)
	}
	if got := Translate(Hi, "Full name is required."); got != "पूरा नाम भरना आवश्यक है।" {
		t.Errorf("hi required = %q", got)
	}
	if got := Translate(En, "Full name is required."); got != "Full name is required." {
		t.Errorf("en changed: %q", got)
	}
	if got := Translate(Hi, "A text nobody wrote."); got != "A text nobody wrote." || Translated(Hi, "A text nobody wrote.") {
		t.Errorf("unknown text = %q", got)
	}
	if got := Translate("fr", "Not found."); got != "Not found." {
		t.Errorf("unknown language = %q", got)
	}
	if got := T(Bn, "fields.several", "n", "3", "list", List(Bn, []string{"নাম", "ইমেল", "ঠিকানা"})); got != "অনুগ্রহ করে এই 3টি তথ্য ঠিক করুন: নাম, ইমেল ও ঠিকানা।" {
		t.Errorf("bn several = %q", got)
	}
}

func TestNumbersAndDates(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 100000: "1,00,000", 123456789: "12,34,56,789"} {
		if got := Number(n); got != want {
			t.Errorf("Number(%d) = %q, want %q", n, got, want)
		}
	}
	d := time.Date(2026, time.November, 22, 10, 0, 0, 0, time.UTC)
	for lang, want := range map[string]string{En: "22 November 2026", Hi: "22 नवंबर 2026", Bn: "22 নভেম্বর 2026", "fr": "22 November 2026"} {
		if got := Date(lang, d); got != want {
			t.Errorf("Date(%s) = %q, want %q", lang, got, want)
		}
	}
}
