package entity

import (
	"strings"
	"testing"
	"unicode"
)

// Every notice is written in Hindi and Bengali whole: each item the
// English notice has, with a label and a purpose in the language's
// script, and the same fields in the same order.
func TestNoticesInEveryLanguage(t *testing.T) {
	scripts := map[string]*unicode.RangeTable{"hi": unicode.Devanagari, "bn": unicode.Bengali}
	written := func(s string, script *unicode.RangeTable) bool {
		s = strings.NewReplacer("PAN", "", "Data Protection Board of India", "").Replace(s)
		own := 0
		for _, r := range s {
			if unicode.Is(unicode.Latin, r) {
				return false
			}
			if unicode.Is(script, r) {
				own++
			}
		}
		return own > 0
	}
	for lang, script := range scripts {
		if NoticeLanguageVersion(lang) == "" {
			t.Fatalf("%s has no version", lang)
		}
		for _, en := range Notices {
			n := NoticeIn(en.Form, lang)
			if n.Language != lang || n.Version != NoticeLanguageVersion(lang) || n.Entity != en.Entity || n.Table != en.Table {
				t.Errorf("%s %s: %+v", lang, en.Form, n)
			}
			for _, s := range []string{n.Title, n.Keep, n.Withdraw, n.Complain} {
				if !written(s, script) {
					t.Errorf("%s %s: %q", lang, en.Form, s)
				}
			}
			if len(n.Items) != len(en.Items) {
				t.Fatalf("%s %s: %d items, English %d", lang, en.Form, len(n.Items), len(en.Items))
			}
			for i, it := range n.Items {
				if it.Field != en.Items[i].Field || !written(it.Label, script) || !written(it.Purpose, script) {
					t.Errorf("%s %s item %d: %+v", lang, en.Form, i, it)
				}
			}
		}
	}
	// Another language reads the English notice, as it did.
	if n := NoticeIn("host", "fr"); n != NoticeOf("host") || n.Language != "en" {
		t.Errorf("unknown language: %+v", n)
	}
	if NoticeIn("nothing", "hi") != nil {
		t.Error("a notice for no form")
	}
}
