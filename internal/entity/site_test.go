package entity

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestSiteFormats(t *testing.T) {
	cases := []struct {
		format Format
		in     string
		want   string // "" when refused
	}{
		{IFSC, "sbin0001234", "SBIN0001234"},
		{IFSC, "SBIN1001234", ""},
		{IFSC, "SBI00001234", ""},
		{PAN, "abcde1234f", "ABCDE1234F"},
		{PAN, "ABCDE12345", ""},
		{UPI, "spdc.care@okaxis", "spdc.care@okaxis"},
		{UPI, "spdc care@okaxis", ""},
		{UPI, "@okaxis", ""},
		{Dial, "+91 98765-43210", "+919876543210"},
		{Dial, "098765 43210", ""},
		{URL, "https://www.youtube.com/@spdc", "https://www.youtube.com/@spdc"},
		{URL, "javascript:alert(1)", ""},
		{URL, "ftp://example.org/x", ""},
		{URL, "https://", ""},
		{MediaID, "0123456789abcdef01234567", "0123456789abcdef01234567"},
		{MediaID, "../etc/passwd", ""},
	}
	for _, c := range cases {
		f := Field{Key: "x", Label: "X", Kind: Text, Max: 500, Format: c.format}
		got, msg := f.Check(c.in, now)
		if (msg.IsZero()) != (c.want != "") || (c.want != "" && got != c.want) {
			t.Errorf("%s %q: %q %q, want %q", c.format, c.in, got, msg, c.want)
		}
	}
}

func TestCheckDocSettings(t *testing.T) {
	body := raw(map[string]any{
		"orgName": "SPDC",
		"phones":  []any{map[string]any{"label": "Office", "display": "+91 98765 43210", "dial": "+919876543210"}, map[string]any{"display": "x", "dial": "call us"}},
		"map":     map[string]any{"lat": 27.58, "lng": 200},
		"bankAccounts": []any{map[string]any{"accountName": "SPDC Trust", "bank": "A Bank", "accountNumber": "123",
			"ifsc": "abcd0123456"}},
		"fcraInstructions": "Line\u0007 bell",
		"colour":           "red",
	})
	doc, errs := CheckDoc(SiteSettings.Fields, body, now)
	want := []string{"phones.1.dial", "map.lng", "fcraInstructions", "colour"}
	for _, k := range want {
		if errs[k].IsZero() {
			t.Errorf("no error for %s: %v", k, errs)
		}
	}
	if len(errs) != len(want) {
		t.Errorf("errors %v", errs)
	}
	accounts := doc["bankAccounts"].([]map[string]any)
	if accounts[0]["ifsc"] != "ABCD0123456" || accounts[0]["branch"] != "" {
		t.Errorf("account %v", accounts[0])
	}
	if m := doc["map"].(map[string]any); m["lat"] != 27.58 {
		t.Errorf("map %v", m)
	}
	if doc["email"] != "" || doc["urn"].(map[string]any)["number"] != "" {
		t.Errorf("unset fields are not empty: %v %v", doc["email"], doc["urn"])
	}
	if _, errs := CheckDoc(SiteSettings.Fields, raw(map[string]any{"orgName": ""}), now); errs["orgName"].IsZero() {
		t.Error("the organisation's name may not be emptied")
	}
}

func TestCheckDocItems(t *testing.T) {
	cases := []struct {
		e     *Entity
		body  map[string]any
		field string // "" when accepted
	}{
		{SiteTestimonials, map[string]any{"name": "A", "quote": "Q", "stars": 5}, ""},
		{SiteTestimonials, map[string]any{"name": "A", "quote": "Q", "stars": 6}, "stars"},
		{SiteTestimonials, map[string]any{"name": "A", "quote": "Q", "stars": 4.5}, "stars"},
		{SiteTestimonials, map[string]any{"name": "A", "quote": "Q"}, "stars"},
		{SiteDonors, map[string]any{"name": "A", "consent": true, "amount": -1}, "amount"},
		{SiteDonors, map[string]any{"name": "A", "consent": false}, "consent"},
		{SiteDonors, map[string]any{"name": "A", "consent": true, "amount": "5"}, "amount"},
		{SiteFeatures, map[string]any{"title": "T", "text": "x", "icon": "rocket"}, "icon"},
		{SitePages, map[string]any{"slug": "blog", "title": "T", "body": "x"}, "slug"},
		{SiteStories, map[string]any{"title": "T", "body": "<script>alert(1)</script>\n\n[x](javascript:alert(1))", "date": "2025-02-30"}, "date"},
		{SiteStories, map[string]any{"title": "T", "body": strings.Repeat("x", 20001)}, "body"},
		{SiteGallery, map[string]any{"photo": "0123456789abcdef01234567"}, "alt"},
		{SiteTeam, map[string]any{"name": "A", "role": "R", "isAdmin": true}, "isAdmin"},
	}
	for _, c := range cases {
		doc, errs := CheckDoc(c.e.Fields, raw(c.body), now)
		if c.field == "" && len(errs) != 0 || c.field != "" && errs[c.field].IsZero() {
			t.Errorf("%s %v: %v", c.e.Name, c.body, errs)
		}
		if c.field == "" {
			b, _ := json.Marshal(doc)
			if !strings.Contains(string(b), `"stars":5`) {
				t.Errorf("stars kept as %s", b)
			}
		}
	}
	// Hostile Markdown is text: stored as written.
	doc, errs := CheckDoc(SiteStories.Fields, raw(map[string]any{"title": "T", "body": "<img src=x onerror=alert(1)>"}), now)
	if len(errs) != 0 || doc["body"] != "<img src=x onerror=alert(1)>" {
		t.Errorf("markdown %v %v", doc["body"], errs)
	}
}

// TestSiteDefinitionsAreWhole walks the site's definitions: keys unique,
// labels given, text bounded, nested fields complete.
func TestSiteDefinitionsAreWhole(t *testing.T) {
	var walk func(where string, fields []Field)
	walk = func(where string, fields []Field) {
		seen := map[string]bool{}
		for _, f := range fields {
			if seen[f.Key] || f.Key == "" || f.Label == "" || f.Kind == "" || !f.Editable {
				t.Errorf("%s.%s: repeated or incomplete", where, f.Key)
			}
			seen[f.Key] = true
			if f.Kind == Text && f.Max == 0 {
				t.Errorf("%s.%s: text without a limit", where, f.Key)
			}
			if (f.Kind == Object || f.Kind == Objects) != (len(f.Items) > 0) {
				t.Errorf("%s.%s: nested fields", where, f.Key)
			}
			if (f.Kind == Int || f.Kind == Number) != (f.Range != nil) {
				t.Errorf("%s.%s: numbers need a range", where, f.Key)
			}
			walk(where+"."+f.Key, f.Items)
		}
	}
	walk("settings", SiteSettings.Fields)
	for _, e := range SiteCollections {
		walk(e.Name, e.Fields)
		if SiteCollection(e.Name) != e {
			t.Errorf("%s not found by name", e.Name)
		}
	}
}
