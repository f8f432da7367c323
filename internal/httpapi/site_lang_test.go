package httpapi

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// The settings people read have a version per language: saved with the
// __v check and audited, checked by the same definitions, shown to
// visitors of that language with English where a value is not translated,
// and listed for the dashboard while missing or outdated.
func TestSiteSettingsInEachLanguage(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		// From settings never translated, as on a site installed before
		// a fresh install came with its tagline in every language.
		if _, err := st.Writer().ExecContext(context.Background(), `DELETE FROM site_settings_languages`); err != nil {
			t.Fatal(err)
		}
		admin, _ := e.user("admin@example.org", true)
		user, _ := e.user("user@example.org", false)
		if r := e.call("PUT", "/api/admin/site/settings?lang=hi", map[string]any{"__v": 0, "orgName": "x"}, user); r.Status != 403 {
			t.Fatalf("non-admin: %d", r.Status)
		}
		en := e.call("GET", "/api/admin/site/settings", nil, admin)
		if r := e.call("PUT", "/api/admin/site/settings", map[string]any{"__v": en.Body["__v"], "tagline": "Care for elders", "addressLines": []any{"1 Temple Road", "Mayapur"}}, admin); r.Status != 200 {
			t.Fatalf("English: %d %s", r.Status, r.Raw)
		}
		r := e.call("GET", "/api/admin/site/settings?lang=hi", nil, admin)
		if r.Status != 200 || r.Body["__v"] != float64(0) || r.Body["language"] != "hi" || r.Body["orgName"] != "" || r.Body["email"] != nil {
			t.Fatalf("Hindi before: %d %s", r.Status, r.Raw)
		}
		audited := e.auditRows("site-settings")
		for _, c := range []struct {
			name, path string
			body       map[string]any
			field      string
		}{
			{"not translatable", "/api/admin/site/settings?lang=hi", map[string]any{"__v": 0, "email": "a@b.org"}, "email"},
			{"too long", "/api/admin/site/settings?lang=hi", map[string]any{"__v": 0, "tagline": strings.Repeat("t", 301)}, "tagline"},
			{"not a site language", "/api/admin/site/settings?lang=fr", map[string]any{"__v": 0, "orgName": "x"}, "lang"},
			{"no version", "/api/admin/site/settings?lang=bn", map[string]any{"orgName": "x"}, "__v"},
		} {
			if r := e.call("PUT", c.path, c.body, admin); r.Status != 400 || r.fieldErrors()[c.field] == nil {
				t.Fatalf("%s: %d %s", c.name, r.Status, r.Raw)
			}
		}
		hiBefore := e.call("GET", "/api/site?lang=hi", nil, "")
		r = e.call("PUT", "/api/admin/site/settings?lang=hi", map[string]any{"__v": 0, "orgName": "एसपीडीसी", "addressLines": []any{"1 मंदिर मार्ग", "मायापुर"}}, admin)
		if r.Status != 200 || r.Body["__v"] != float64(1) || r.Body["orgName"] != "एसपीडीसी" || r.Body["tagline"] != "" {
			t.Fatalf("Hindi saved: %d %s", r.Status, r.Raw)
		}
		if r := e.call("PUT", "/api/admin/site/settings?lang=hi", map[string]any{"__v": 0, "orgName": "दूसरा"}, admin); r.Status != 409 {
			t.Fatalf("stale: %d %s", r.Status, r.Raw)
		}
		if n := e.auditRows("site-settings"); n != audited+1 {
			t.Fatalf("audit rows %d, want %d", n, audited+1)
		}

		// Visitors: Hindi where translated, English elsewhere; each
		// language its own ETag, the Hindi one new.
		hi := e.call("GET", "/api/site?lang=hi", nil, "")
		hs := hi.Body["settings"].(map[string]any)
		if hs["orgName"] != "एसपीडीसी" || hs["tagline"] != "Care for elders" || fmt.Sprint(hs["addressLines"]) != "[1 मंदिर मार्ग मायापुर]" {
			t.Fatalf("Hindi site: %v", hs)
		}
		if hi.Header.Get("ETag") == hiBefore.Header.Get("ETag") {
			t.Fatal("the Hindi ETag did not change")
		}
		bn := e.call("GET", "/api/site?lang=bn", nil, "")
		if bs := bn.Body["settings"].(map[string]any); bs["orgName"] != "SPDC" || fmt.Sprint(bs["addressLines"]) != "[1 Temple Road Mayapur]" {
			t.Fatalf("Bengali site falls back to English: %v", bs)
		}
		if en := e.call("GET", "/api/site", nil, ""); en.Body["settings"].(map[string]any)["orgName"] != "SPDC" || en.Header.Get("ETag") == hi.Header.Get("ETag") {
			t.Fatalf("English site: %v", en.Body["settings"])
		}

		// The dashboard's list: the tagline lacks Hindi; the name has it
		// until its English changes.
		status := func() map[string]map[string]any {
			out := map[string]map[string]any{}
			for _, it := range e.call("GET", "/api/admin/site/translations", nil, admin).Body["items"].([]any) {
				if m := it.(map[string]any); m["collection"] == "settings" {
					out[m["_id"].(string)] = m
				}
			}
			return out
		}
		s := status()
		if fmt.Sprint(s["orgName"]["missing"]) != "[bn]" || fmt.Sprint(s["tagline"]["missing"]) != "[hi bn]" || s["orgName"]["label"] != "Organisation name" {
			t.Fatalf("settings status %v", s)
		}
		if _, listed := s["email"]; listed {
			t.Fatal("the email is listed as translatable")
		}
		// A Hindi-speaking admin reads the settings' names in Hindi.
		named := ""
		for _, it := range e.callWith("GET", "/api/admin/site/translations", nil, admin, map[string]string{"Accept-Language": "hi"}).Body["items"].([]any) {
			if m := it.(map[string]any); m["collection"] == "settings" && m["_id"] == "tagline" {
				named, _ = m["label"].(string)
			}
		}
		if named != "परिचय पंक्ति" {
			t.Fatalf("the tagline's name in Hindi: %q", named)
		}
		e.clock = e.clock.Add(time.Minute)
		en = e.call("GET", "/api/admin/site/settings", nil, admin)
		if r := e.call("PUT", "/api/admin/site/settings", map[string]any{"__v": en.Body["__v"], "orgName": "SPDC Trust"}, admin); r.Status != 200 {
			t.Fatalf("English name: %d %s", r.Status, r.Raw)
		}
		if s := status(); fmt.Sprint(s["orgName"]["outdated"]) != "[hi]" || fmt.Sprint(s["addressLines"]["outdated"]) != "[]" {
			t.Fatalf("after the English name changed: %v", s)
		}
		if r := e.call("GET", "/api/admin/site/settings?lang=hi", nil, admin); fmt.Sprint(r.Body["outdated"]) != "[orgName]" {
			t.Fatalf("Hindi outdated %v", r.Body["outdated"])
		}
		// Saving the Hindi name again (re-read against the new English)
		// brings it up to date; an unchanged value keeps its English.
		if r := e.call("PUT", "/api/admin/site/settings?lang=hi", map[string]any{"__v": 1, "orgName": "एसपीडीसी ट्रस्ट"}, admin); r.Status != 200 || fmt.Sprint(r.Body["outdated"]) != "[]" {
			t.Fatalf("Hindi again: %d %s", r.Status, r.Raw)
		}
	})
}
