package i18n

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"
)

// Every entry is written in every language with the same placeholders,
// in its script, and has a key the code can name: the completeness of
// the catalogue is checked by keys and placeholders, never by English
// sentences.
func TestCatalogueComplete(t *testing.T) {
	for _, e := range Entries() {
		for lang, s := range map[string]string{Hi: e.Hi, Bn: e.Bn} {
			if strings.TrimSpace(s) == "" {
				t.Errorf("%s has no %s text", e.ID, lang)
				continue
			}
			if !slices.Equal(Placeholders(e.En), Placeholders(s)) {
				t.Errorf("%s: %s placeholders %v, English %v", e.ID, lang, Placeholders(s), Placeholders(e.En))
			}
			if !hasScript(s, lang) {
				t.Errorf("%s: the %s text %q is not written in its script", e.ID, lang, s)
			}
			if w := offGlossary(s, lang); w != "" {
				t.Errorf("%s: the %s text says %q where the glossary has one word", e.ID, lang, w)
			}
		}
		if GoName(e.ID) == "" && !strings.HasPrefix(e.ID, "option.") {
			t.Errorf("key %q cannot be named in Go", e.ID)
		}
	}
	if n := len(Entries()); n < 500 {
		t.Fatalf("catalogue too small: %d entries", n)
	}
}

// A block without a key, or a key given twice, is refused: the code finds
// texts only by key; so is a translation that lacks one of the English
// text's placeholders or names another.
func TestCatalogueNeedsKeys(t *testing.T) {
	for name, src := range map[string]string{
		"no id":               "en: Hello\nhi: नमस्ते\nbn: নমস্কার\n",
		"twice":               "id: a\nen: A\n\nid: a\nen: B\n",
		"no en":               "id: a\nhi: नमस्ते\n",
		"bad line":            "id: a\nen A\n",
		"other key":           "id: a\nfr: Bonjour\n",
		"placeholder missing": "id: a\nen: Hello {name}\nhi: नमस्ते\nbn: নমস্কার {name}\n",
		"placeholder other":   "id: a\nen: Hello {name}\nhi: नमस्ते {naam}\n",
	} {
		if _, err := parseCatalogue(src); err == nil {
			t.Errorf("%s: parsed without an error", name)
		}
	}
}

// offGlossary returns a word s uses for a term the glossary names with
// another word ("" for none): a coordinator is समन्वयक, never संयोजक, and
// সমন্বয়কারী, never the bare সমন্বয়ক.
func offGlossary(s, lang string) string {
	switch {
	case lang == Hi && strings.Contains(s, "संयोजक"):
		return "संयोजक"
	case lang == Bn && strings.Count(s, "সমন্বয়ক") > strings.Count(s, "সমন্বয়কারী"):
		return "সমন্বয়ক"
	}
	return ""
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

func TestMessages(t *testing.T) {
	notFound := Key("api.notFound")
	for lang, want := range map[string]string{En: "Not found.", Hi: "यह नहीं मिला।", Bn: "এটি পাওয়া যায়নি।", "fr": "Not found."} {
		if got := notFound.In(lang); got != want {
			t.Errorf("%s: api.notFound = %q, want %q", lang, got, want)
		}
	}
	if notFound.ID() != "api.notFound" || notFound.Error() != "Not found." {
		t.Errorf("key %q, error %q", notFound.ID(), notFound.Error())
	}
	// A placeholder's value may itself be a message, written in the
	// same language.
	wait := Key("label.nMinutes").With("n", 15)
	tooMany := Key("wait.tooManyWhatWaitWaitAnd").With("what", Key("label.passwordResetRequests")).With("wait", wait)
	if got := tooMany.In(En); got != "Too many password reset requests. Please wait 15 minutes and try again." {
		t.Errorf("en too many = %q", got)
	}
	if got := tooMany.In(Bn); got != "পাসওয়ার্ড বদলানোর অনুরোধ অনেক বার হয়েছে। অনুগ্রহ করে 15 মিনিট অপেক্ষা করে আবার চেষ্টা করুন।" {
		t.Errorf("bn too many = %q", got)
	}
	// A field's problem is a phrase after its label in English, a
	// sentence with the label in it in every language.
	required := Key("field.required")
	if !required.IsPhrase() || required.Phrase() != "is required" {
		t.Errorf("phrase = %q", required.Phrase())
	}
	if got := required.With("label", Key("label.fullName")).In(Hi); got != "पूरा नाम भरना आवश्यक है।" {
		t.Errorf("hi required = %q", got)
	}
	if Key("api.notFound").IsPhrase() {
		t.Error("a sentence taken for a phrase")
	}
	if got := Key("field.mustOptions").With("options", Choices{"a", "b", "c"}).With("label", Verbatim("X")).In(Hi); got != "X इनमें से एक होना चाहिए: a, b या c।" {
		t.Errorf("hi choices = %q", got)
	}
	if v := Verbatim("Radha"); v.In(Hi) != "Radha" || v.ID() != "" || v.IsZero() {
		t.Errorf("verbatim = %q", v.In(Hi))
	}
	if !(Msg{}).IsZero() {
		t.Error("the zero Msg says something")
	}
	if _, ok := Lookup("no.such.key"); ok {
		t.Error("Lookup found a key the catalogue lacks")
	}
	defer func() {
		if recover() == nil {
			t.Error("Key of an unknown id did not panic")
		}
	}()
	Key("no.such.key")
}

// A refusal carried as an error keeps its key through wrapping.
func TestFromError(t *testing.T) {
	err := fmt.Errorf("wrapped: %w", Key("api.notFound"))
	if m := FromError(err); m.ID() != "api.notFound" {
		t.Errorf("FromError = %q", m.ID())
	}
	if m := FromError(errors.New("plain")); m.ID() != "" || m.In(Hi) != "plain" {
		t.Errorf("plain error = %q %q", m.ID(), m.In(Hi))
	}
}

func TestT(t *testing.T) {
	if got := T(Bn, "fields.several", "n", "3", "list", List(Bn, []string{"নাম", "ইমেল", "ঠিকানা"})); got != "অনুগ্রহ করে এই 3টি তথ্য ঠিক করুন: নাম, ইমেল ও ঠিকানা।" {
		t.Errorf("bn several = %q", got)
	}
	if got := T(Hi, "no.such.key"); got != "no.such.key" {
		t.Errorf("unknown id = %q", got)
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
