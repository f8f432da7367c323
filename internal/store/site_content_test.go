package store_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// An import file's problems are messages of the catalogue with the bad
// value's path as a placeholder, so the refusal reads in every language;
// a refused file changes nothing.
func TestContentImportProblemsByKey(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		before, err := s.PublicSite(ctx, "en")
		if err != nil {
			t.Fatal(err)
		}
		file := `{"format": "spdc-content", "version": 1,
			"settings": {"orgName": "SPDC", "email": "not an email", "bannerPoster": "m1"},
			"settingsLanguages": {"en": {}, "hi": {"phones": [{"label": "कार्यालय", "dial": "+910000000000"}]}},
			"collections": {"nope": [], "team": [{"_id": "t1", "language": "en", "position": 0, "published": true, "role": "Helper"}]},
			"media": [{"_id": "m1", "kind": "sound", "alt": "", "createdAt": "yesterday", "files": []}]}`
		_, _, err = s.ImportContent(ctx, strings.NewReader(file))
		var ce *store.ContentError
		if !errors.As(err, &ce) {
			t.Fatalf("not a content error: %v", err)
		}
		got := map[string]string{}
		for _, m := range ce.Problems {
			en := m.In(i18n.En)
			path, _, _ := strings.Cut(en, ": ")
			got[path] = m.ID()
			hi := m.In(i18n.Hi)
			if !strings.HasPrefix(hi, path) || strings.Contains(hi, "{") || hi == en {
				t.Errorf("%s in Hindi: %q (English %q)", m.ID(), hi, en)
			}
		}
		want := map[string]string{
			"media.0._id":                        "contentImport.mediaID",
			"media.0.createdAt":                  "contentImport.createdAt",
			"settings.email":                     "contentImport.field",
			"settings.bannerPoster":              "contentImport.notPicture",
			"settingsLanguages.en":               "contentImport.language",
			"settingsLanguages.hi.phones.0.dial": "contentImport.field",
			"collections.nope":                   "contentImport.collection",
			"collections.team.0.name":            "contentImport.field",
		}
		for path, id := range want {
			if got[path] != id {
				t.Errorf("%s: %q, want %q (all: %v)", path, got[path], id, got)
			}
		}
		// A message written after a field's name gets the field's label
		// in the reader's language.
		dial := msgs.SiteFieldPhoneDial.In(i18n.Hi) + " "
		if hi := ce.In(i18n.Hi); !strings.Contains(hi, dial) || !strings.HasPrefix(hi, msgs.ContentImportRefused.With("problems", "").In(i18n.Hi)) {
			t.Errorf("the refusal in Hindi: %s", hi)
		}
		if after, _ := s.PublicSite(ctx, "en"); len(after.Collections["team"]) != len(before.Collections["team"]) {
			t.Error("a refused import changed the site")
		}
		_, _, err = s.ImportContent(ctx, strings.NewReader(`not json`))
		if !errors.As(err, &ce) || len(ce.Problems) != 1 || ce.Problems[0].ID() != "contentImport.notJSON" {
			t.Fatalf("not JSON: %v", err)
		}
	})
}
