package httpapi

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// The dashboard in the admin's language: the tabs answer names each tab,
// column and choice in the request's language, the values staying as
// stored, and the CSV header is in it too; English stays word for word.
func TestAdminTabsAndCSVInTheAdminsLanguage(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		admin, _ := e.user("admin@example.org", true)
		type field struct {
			Key          string            `json:"key"`
			Label        string            `json:"label"`
			Options      []string          `json:"options"`
			OptionLabels map[string]string `json:"optionLabels"`
		}
		type tab struct {
			Name   string  `json:"name"`
			Title  string  `json:"title"`
			Fields []field `json:"fields"`
		}
		tabs := func(accept string) map[string]tab {
			t.Helper()
			r := e.callWith("GET", "/api/admin/tabs", nil, admin, map[string]string{"Accept-Language": accept})
			var list []tab
			if r.Status != 200 || json.Unmarshal([]byte(r.Raw), &list) != nil {
				t.Fatalf("%s tabs: %d %s", accept, r.Status, r.Raw)
			}
			out := map[string]tab{}
			for _, x := range list {
				out[x.Name] = x
			}
			return out
		}
		find := func(x tab, key string) field {
			for _, f := range x.Fields {
				if f.Key == key {
					return f
				}
			}
			t.Fatalf("%s has no field %s", x.Name, key)
			return field{}
		}
		en, hi, bn := tabs(""), tabs("hi"), tabs("bn")
		if en["volunteers"].Title != "Volunteers" || find(en["volunteers"], "fullName").Label != "Full name" ||
			find(en["volunteers"], "status").OptionLabels["contacted"] != "contacted" {
			t.Fatalf("English tabs changed: %+v", en["volunteers"])
		}
		if hi["volunteers"].Title != "स्वयंसेवक" || find(hi["volunteers"], "fullName").Label != "पूरा नाम" || bn["disciples"].Title != "শিষ্য" {
			t.Fatalf("Hindi or Bengali tabs: %+v %+v", hi["volunteers"].Title, bn["disciples"].Title)
		}
		st1, st2 := find(hi["volunteers"], "status"), find(en["volunteers"], "status")
		if strings.Join(st1.Options, ",") != strings.Join(st2.Options, ",") || st1.OptionLabels["contacted"] != "संपर्क हुआ" || find(bn["volunteers"], "status").OptionLabels["new"] != "নতুন" {
			t.Fatalf("statuses: %+v", st1)
		}
		// Every column heading and choice of every tab is in the language's
		// script, but for codes that stay as written (PAN, UPI, 80G, …).
		codes := map[string]bool{"PAN": true, "UPI": true, "IMPS": true, "NEFT": true, "RTGS": true, "SPDC": true, "80G": true}
		for name, x := range hi {
			if !hasDevanagari(x.Title) {
				t.Errorf("tab %s: %q", name, x.Title)
			}
			for _, f := range x.Fields {
				if !hasDevanagari(f.Label) {
					t.Errorf("%s.%s heading %q", name, f.Key, f.Label)
				}
				for v, l := range f.OptionLabels {
					if !codes[v] && !hasDevanagari(l) {
						t.Errorf("%s.%s choice %q shown as %q", name, f.Key, v, l)
					}
				}
			}
		}

		if r := e.call("POST", "/api/volunteers/register", validVolunteer(), ""); r.Status != 201 {
			t.Fatalf("volunteer: %d %s", r.Status, r.Raw)
		}
		csv := e.callWith("GET", "/api/admin/volunteers/export.csv", nil, admin, map[string]string{"Accept-Language": "hi"})
		header, _, _ := strings.Cut(strings.TrimPrefix(csv.Raw, "\uFEFF"), "\n")
		if csv.Status != 200 || !strings.Contains(header, "पूरा नाम") || strings.Contains(header, "Full name") {
			t.Fatalf("Hindi CSV: %d %q", csv.Status, header)
		}
		csv = e.call("GET", "/api/admin/volunteers/export.csv", nil, admin)
		if header, _, _ := strings.Cut(strings.TrimPrefix(csv.Raw, "\uFEFF"), "\n"); !strings.Contains(header, "Full name") {
			t.Fatalf("English CSV: %q", header)
		}

		// The access log names what was done, and to which list, in the
		// admin's language; the values stay as stored.
		type look struct {
			Action, Entity, ActionLabel, EntityLabel string
		}
		var looks []look
		r := e.callWith("GET", "/api/admin/access-log", nil, admin, map[string]string{"Accept-Language": "hi"})
		if r.Status != 200 || json.Unmarshal([]byte(r.Raw), &looks) != nil || len(looks) == 0 {
			t.Fatalf("access log: %d %s", r.Status, r.Raw)
		}
		if l := looks[0]; l.Action != store.AccessExport || l.Entity != "volunteers" || l.ActionLabel != "सूची निकाली (CSV)" || l.EntityLabel != "स्वयंसेवक" {
			t.Fatalf("Hindi access log: %+v", l)
		}
		r = e.callWith("GET", "/api/admin/access-log", nil, admin, map[string]string{"Accept-Language": "bn"})
		if json.Unmarshal([]byte(r.Raw), &looks) != nil || looks[0].ActionLabel != "তালিকা নামানো হয়েছে (CSV)" {
			t.Fatalf("Bengali access log: %s", r.Raw)
		}

		// A refusal is said in the admin's language, with its key.
		r = e.callWith("GET", "/api/admin/no-such-list", nil, admin, map[string]string{"Accept-Language": "hi"})
		if r.Status != 404 || r.Body["message"] != "ऐसी कोई सूची नहीं है।" || r.Body["messageKey"] != "api.thereNoSuchList" {
			t.Fatalf("Hindi 404: %d %s", r.Status, r.Raw)
		}
	})
}

func hasDevanagari(s string) bool {
	for _, r := range s {
		if r >= 0x0900 && r <= 0x097F {
			return true
		}
	}
	return false
}

// Text in any script is stored and searched as typed: names written in
// Devanagari, Bengali, Tamil and Latin with marks come back from the
// admin list byte for byte, and a word of each finds that person alone.
func TestAnyScriptStoredAndSearchedAsTyped(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		admin, _ := e.user("admin@example.org", true)
		people := []struct{ name, word string }{
			{"राधा रानी देवी", "रानी"},
			{"রাধারানী দাসী", "দাসী"},
			{"ராதா கிருஷ்ணன்", "கிருஷ்ணன்"},
			{"Śrīmatī Rādhā", "Rādhā"},
		}
		for i, p := range people {
			body := validVolunteer()
			body["fullName"], body["email"], body["skills"] = p.name, fmt.Sprintf("script%d@example.org", i), "सेवा "+p.word
			e.ip = fmt.Sprintf("192.0.2.%d", 40+i)
			if r := e.call("POST", "/api/volunteers/register", body, ""); r.Status != 201 {
				t.Fatalf("%s: %d %s", p.name, r.Status, r.Raw)
			}
		}
		for i, p := range people {
			r := e.call("GET", "/api/admin/volunteers?q="+url.QueryEscape(p.word), nil, admin)
			var list []map[string]any
			if r.Status != 200 || json.Unmarshal([]byte(r.Raw), &list) != nil {
				t.Fatalf("search %q: %d %s", p.word, r.Status, r.Raw)
			}
			if len(list) != 1 || list[0]["fullName"] != p.name || list[0]["email"] != fmt.Sprintf("script%d@example.org", i) {
				t.Errorf("search %q found %v, want %q alone as typed", p.word, list, p.name)
			}
		}
	})
}
