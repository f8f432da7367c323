package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"spdc/internal/entity"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// translatedDoc is a translation checked by the settings kept per
// language, as the API checks it.
func translatedDoc(t *testing.T, v map[string]any) map[string]any {
	t.Helper()
	doc, errs := entity.CheckDoc(entity.SiteSettingsTranslated, rawJSON(t, v), time.Now())
	if len(errs) != 0 {
		t.Fatalf("translation: %v", errs)
	}
	return doc
}

// The phones' labels and the grievance officer's name and title have a
// version per language, kept by position in the list of phones; the
// numbers and the email stay one value, shown the same in every language.
func TestSiteSettingsGroupsTranslated(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		doc, v, _ := s.SiteSettings(ctx)
		doc["phones"] = []map[string]any{
			{"label": "Office", "display": "+91 98000 00001", "dial": "+919800000001"},
			{"label": "Helpline", "display": "+91 98000 00002", "dial": "+919800000002"},
		}
		doc["grievanceOfficer"] = map[string]any{"name": "Radha Devi", "title": "Data protection officer", "email": "dpo@spdc.org", "phone": "+91 98000 00003"}
		doc = clean(t, entity.SiteSettings, doc)
		if _, err := s.PutSiteSettings(ctx, doc, v, siteAdmin); err != nil {
			t.Fatal(err)
		}

		// Numbers and addresses cannot be given in a translation.
		if _, errs := entity.CheckDoc(entity.SiteSettingsTranslated, rawJSON(t, map[string]any{
			"phones": []any{map[string]any{"label": "कार्यालय", "dial": "+910000000000"}},
		}), time.Now()); errs["phones.0.dial"].IsZero() {
			t.Fatalf("a number in a translation: %v", errs)
		}

		status := func(langs ...string) map[string]store.TranslationStatus {
			list, err := s.SettingsTranslationStatus(ctx, langs)
			if err != nil {
				t.Fatal(err)
			}
			out := map[string]store.TranslationStatus{}
			for _, st := range list {
				out[st.ID] = st
			}
			return out
		}
		if st := status("hi", "bn"); fmt.Sprint(st["phones"].Missing) != "[hi bn]" || fmt.Sprint(st["grievanceOfficer"].Missing) != "[hi bn]" {
			t.Fatalf("before any translation: %+v", st)
		}

		// Hindi: the first phone's label and the officer's name only.
		tr, err := s.SiteSettingsTranslation(ctx, "hi")
		if err != nil {
			t.Fatal(err)
		}
		hiDoc := tr.Fields
		hiDoc["phones"] = []any{map[string]any{"label": "कार्यालय"}}
		hiDoc["grievanceOfficer"] = map[string]any{"name": "राधा देवी", "title": ""}
		nv, err := s.PutSiteSettingsTranslation(ctx, "hi", translatedDoc(t, hiDoc), tr.Version, siteAdmin)
		if err != nil {
			t.Fatal(err)
		}
		site, err := s.PublicSite(ctx, "hi")
		if err != nil {
			t.Fatal(err)
		}
		phones := fmt.Sprint(site.Settings["phones"])
		want := "[map[dial:+919800000001 display:+91 98000 00001 label:कार्यालय] map[dial:+919800000002 display:+91 98000 00002 label:Helpline]]"
		if phones != want {
			t.Fatalf("Hindi phones\n got %s\nwant %s", phones, want)
		}
		officer := fmt.Sprint(site.Settings["grievanceOfficer"])
		if officer != "map[email:dpo@spdc.org name:राधा देवी phone:+919800000003 title:Data protection officer]" {
			t.Fatalf("Hindi officer %s", officer)
		}
		// A partial translation still lacks Hindi; Bengali lacks all.
		if st := status("hi", "bn"); fmt.Sprint(st["phones"].Missing) != "[hi bn]" || fmt.Sprint(st["grievanceOfficer"].Missing) != "[hi bn]" {
			t.Fatalf("partly translated: %+v", st)
		}

		// Every text translated: nothing lacks Hindi.
		hiDoc["phones"] = []any{map[string]any{"label": "कार्यालय"}, map[string]any{"label": "सहायता"}}
		hiDoc["grievanceOfficer"] = map[string]any{"name": "राधा देवी", "title": "डेटा संरक्षण अधिकारी"}
		if _, err = s.PutSiteSettingsTranslation(ctx, "hi", translatedDoc(t, hiDoc), nv, siteAdmin); err != nil {
			t.Fatal(err)
		}
		if st := status("hi"); len(st) != 0 {
			t.Fatalf("all translated: %+v", st)
		}

		// A new English number is the same in Hindi at once and leaves
		// the translation up to date; a new English label makes it
		// outdated.
		doc, v, _ = s.SiteSettings(ctx)
		doc["phones"].([]map[string]any)[1]["display"] = "+91 98000 00009"
		doc["grievanceOfficer"].(map[string]any)["email"] = "grievance@spdc.org"
		if v, err = s.PutSiteSettings(ctx, doc, v, siteAdmin); err != nil {
			t.Fatal(err)
		}
		if st := status("hi"); len(st) != 0 {
			t.Fatalf("a number changed: %+v", st)
		}
		site, _ = s.PublicSite(ctx, "hi")
		if p := site.Settings["phones"].([]map[string]any)[1]; p["display"] != "+91 98000 00009" || p["label"] != "सहायता" {
			t.Fatalf("Hindi phone after the number changed: %v", p)
		}
		if o := site.Settings["grievanceOfficer"].(map[string]any); o["email"] != "grievance@spdc.org" || o["title"] != "डेटा संरक्षण अधिकारी" {
			t.Fatalf("Hindi officer after the email changed: %v", o)
		}
		doc["grievanceOfficer"].(map[string]any)["title"] = "Grievance officer"
		if _, err = s.PutSiteSettings(ctx, doc, v, siteAdmin); err != nil {
			t.Fatal(err)
		}
		if st := status("hi"); fmt.Sprint(st["grievanceOfficer"].Outdated) != "[hi]" || len(st["phones"].Outdated) != 0 {
			t.Fatalf("the English title changed: %+v", st)
		}
		// English readers see English.
		site, _ = s.PublicSite(ctx, "en")
		if o := site.Settings["grievanceOfficer"].(map[string]any); o["name"] != "Radha Devi" {
			t.Fatalf("English officer %v", o)
		}
	})
}
