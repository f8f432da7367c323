package httpapi

import (
	"fmt"
	"testing"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// Through the API, the phones' labels and the grievance officer's name
// and title are saved per language and shown to that language's readers;
// a number or an email in a translation is refused and changes nothing.
func TestSiteSettingsGroupsInEachLanguage(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		admin, _ := e.user("admin@example.org", true)
		en := e.call("GET", "/api/admin/site/settings", nil, admin)
		if r := e.call("PUT", "/api/admin/site/settings", map[string]any{"__v": en.Body["__v"],
			"phones":           []any{map[string]any{"label": "Office", "display": "+91 98000 00001", "dial": "+919800000001"}},
			"grievanceOfficer": map[string]any{"name": "Radha Devi", "title": "Grievance officer", "email": "dpo@spdc.org", "phone": ""},
		}, admin); r.Status != 200 {
			t.Fatalf("English: %d %s", r.Status, r.Raw)
		}
		hi := e.call("GET", "/api/admin/site/settings?lang=hi", nil, admin)
		if fmt.Sprint(hi.Body["grievanceOfficer"]) != "map[name: title:]" || fmt.Sprint(hi.Body["phones"]) != "[]" {
			t.Fatalf("Hindi before: %s", hi.Raw)
		}
		for _, c := range []struct {
			name  string
			body  map[string]any
			field string
		}{
			{"a number", map[string]any{"phones": []any{map[string]any{"label": "कार्यालय", "dial": "+910000000000"}}}, "phones.0.dial"},
			{"an email", map[string]any{"grievanceOfficer": map[string]any{"name": "राधा देवी", "email": "x@y.org"}}, "grievanceOfficer.email"},
		} {
			c.body["__v"] = hi.Body["__v"]
			if r := e.call("PUT", "/api/admin/site/settings?lang=hi", c.body, admin); r.Status != 400 || r.fieldErrors()[c.field] == nil {
				t.Fatalf("%s: %d %s", c.name, r.Status, r.Raw)
			}
		}
		if r := e.call("GET", "/api/admin/site/settings?lang=hi", nil, admin); r.Body["__v"] != hi.Body["__v"] {
			t.Fatalf("a refused translation changed the version: %s", r.Raw)
		}
		r := e.call("PUT", "/api/admin/site/settings?lang=hi", map[string]any{"__v": hi.Body["__v"],
			"phones":           []any{map[string]any{"label": "कार्यालय"}},
			"grievanceOfficer": map[string]any{"name": "राधा देवी", "title": "शिकायत अधिकारी"},
		}, admin)
		if r.Status != 200 {
			t.Fatalf("Hindi: %d %s", r.Status, r.Raw)
		}
		s := e.call("GET", "/api/site?lang=hi", nil, "").Body["settings"].(map[string]any)
		if fmt.Sprint(s["phones"]) != "[map[dial:+919800000001 display:+91 98000 00001 label:कार्यालय]]" ||
			fmt.Sprint(s["grievanceOfficer"]) != "map[email:dpo@spdc.org name:राधा देवी phone: title:शिकायत अधिकारी]" {
			t.Fatalf("Hindi site: %v %v", s["phones"], s["grievanceOfficer"])
		}
		s = e.call("GET", "/api/site?lang=bn", nil, "").Body["settings"].(map[string]any)
		if fmt.Sprint(s["grievanceOfficer"]) != "map[email:dpo@spdc.org name:Radha Devi phone: title:Grievance officer]" {
			t.Fatalf("Bengali falls back to English: %v", s["grievanceOfficer"])
		}
		missing := map[string]string{}
		for _, it := range e.call("GET", "/api/admin/site/translations", nil, admin).Body["items"].([]any) {
			if m := it.(map[string]any); m["collection"] == "settings" {
				missing[m["_id"].(string)] = fmt.Sprint(m["missing"])
			}
		}
		if missing["phones"] != "[bn]" || missing["grievanceOfficer"] != "[bn]" {
			t.Fatalf("lacking a translation: %v", missing)
		}
	})
}
