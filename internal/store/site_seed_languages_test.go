package store_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"spdc/internal/entity"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// scripts are the letters each seeded language is written in.
var scripts = map[string]*unicode.RangeTable{"hi": unicode.Devanagari, "bn": unicode.Bengali}

// keptInEnglish are the words a Hindi or Bengali text may keep in Latin
// letters: the program's name, the names of documents and codes, and the
// Board's English name beside its translation.
var keptInEnglish = regexp.MustCompile(`SPDC|SP|PAN|80G|Data Protection Board of India`)

// letters counts the letters of s in script and in Latin.
func letters(s string, script *unicode.RangeTable) (own, latin int) {
	for _, r := range s {
		switch {
		case unicode.Is(script, r):
			own++
		case unicode.Is(unicode.Latin, r):
			latin++
		}
	}
	return own, latin
}

func TestFreshInstallSeededInThreeLanguages(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		english, err := s.PublicSite(ctx, "en")
		if err != nil {
			t.Fatal(err)
		}
		for lang, script := range scripts {
			site, err := s.PublicSite(ctx, lang)
			if err != nil {
				t.Fatal(err)
			}
			tagline, _ := site.Settings["tagline"].(string)
			if own, latin := letters(tagline, script); own == 0 || latin != 0 {
				t.Errorf("%s tagline %q", lang, tagline)
			}
			for _, name := range []string{"pages", "features", "steps", "faq"} {
				items, en := site.Collections[name], english.Collections[name]
				if len(items) != len(en) || len(items) == 0 {
					t.Fatalf("%s %s: %d items, English %d", lang, name, len(items), len(en))
				}
				for i, it := range items {
					if it["language"] != lang || it["translationOf"] != en[i]["_id"] {
						t.Errorf("%s %s %d: language %v translation of %v, want a translation of %v", lang, name, i, it["language"], it["translationOf"], en[i]["_id"])
					}
					for _, f := range entity.SiteCollection(name).Fields {
						text, _ := en[i][f.Key].(string)
						if f.Kind != entity.Text || f.Format != "" || text == "" {
							// Not prose (a slug, an icon) or empty in English too: kept as the English item has it.
							if f.Kind == entity.Text && it[f.Key] != en[i][f.Key] && f.Format != "" {
								t.Errorf("%s %s %d: %s %q, English %q", lang, name, i, f.Key, it[f.Key], en[i][f.Key])
							}
							continue
						}
						got, _ := it[f.Key].(string)
						own, latin := letters(keptInEnglish.ReplaceAllString(got, ""), script)
						if own == 0 || latin != 0 {
							t.Errorf("%s %s %d %s: %d letters in its script, %d Latin: %q", lang, name, i, f.Key, own, latin, got)
						}
					}
				}
			}
			// The privacy page lists every form's data in the language, from the notices.
			for _, p := range site.Collections["pages"] {
				if p["slug"] != "privacy" {
					continue
				}
				body := p["body"].(string)
				for _, n := range entity.Notices {
					tr := entity.NoticeIn(n.Form, lang)
					if !strings.Contains(body, "\n### "+tr.Title+"\n") || !strings.Contains(body, "- "+tr.Items[0].Label+": "+tr.Items[0].Purpose) {
						t.Errorf("%s privacy page lacks the %s notice", lang, n.Form)
					}
				}
			}
		}
	})
}
