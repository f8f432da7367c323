package httpapi

import (
	"encoding/csv"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"spdc/internal/entity"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// adminRecord finds one record of a tab by id through the list endpoint,
// as the dashboard holds it.
func (e *env) adminRecord(t *testing.T, tab, id string) map[string]any {
	t.Helper()
	rec := e.call("GET", "/api/admin/"+tab, nil, e.adminTok)
	if rec.Status != 200 {
		t.Fatalf("list %s: %d %s", tab, rec.Status, rec.Body)
	}
	var rows []map[string]any
	if err := json.Unmarshal([]byte(rec.Raw), &rows); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r["_id"] == id {
			return r
		}
	}
	t.Fatalf("%s %s not listed", tab, id)
	return nil
}

// submit posts a public form and returns the new record's id, found by
// its email in the admin list.
func (e *env) submit(t *testing.T, path string, body map[string]any, tab, email string) string {
	t.Helper()
	rec := e.call("POST", path, body, "")
	if rec.Status != http.StatusCreated {
		t.Fatalf("POST %s: %d %s", path, rec.Status, rec.Body)
	}
	list := e.call("GET", "/api/admin/"+tab+"?q="+email, nil, e.adminTok)
	var rows []map[string]any
	_ = json.Unmarshal([]byte(list.Raw), &rows)
	if len(rows) != 1 {
		t.Fatalf("%s with %s: %d rows", tab, email, len(rows))
	}
	return rows[0]["_id"].(string)
}

func volunteerForm(email string) map[string]any {
	return map[string]any{"fullName": "Long Writer", "email": email, "mobile": "+91 98765 43210",
		"address": strings.Repeat("a", 450), "experience": strings.Repeat("Cared for elders. ", 170), // 3,060 characters
		"motivation": "Seva", "skills": "Cooking", "consent": true, "areasOfInterest": []string{"Financial Assistance"}}
}

// TestAdminEditsFollowTheEntityRules are the regressions of the admin edit:
// a record the public form accepted can be edited in its other fields, the
// search text stays the same after an edit, and a change gets the public
// form's rules.
func TestAdminEditsFollowTheEntityRules(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		// A server that also sends the forms' mail (and a copy to the
		// admins, under the entity's labels).
		e := newEnv(t, st, withAdminWorld(), notifying("office@example.org"))

		// A user with an 800-character address is renamed by an admin.
		reg := e.call("POST", "/api/users/register", map[string]any{"fullName": "Far Away", "email": "far@example.org",
			"mobile": "+91 98765 11111", "address": strings.Repeat("b", 800), "password": "a long passphrase here"}, "")
		if reg.Status != http.StatusCreated {
			t.Fatalf("register: %d %s", reg.Status, reg.Body)
		}
		var regBody struct {
			User struct {
				ID string `json:"_id"`
			}
		}
		_ = json.Unmarshal([]byte(reg.Raw), &regBody)
		user := e.adminRecord(t, "users", regBody.User.ID)
		user["fullName"] = "Far Away Renamed"
		if rec := e.call("PUT", "/api/admin/users/"+regBody.User.ID, user, e.adminTok); rec.Status != 200 {
			t.Fatalf("rename user with a long address: %d %s", rec.Status, rec.Body)
		}

		// A volunteer with 3,000 characters of experience gets a new skill;
		// the "new" status filter finds every volunteer (all are new)
		// before and after.
		id := e.submit(t, "/api/volunteers/register", volunteerForm("long@example.org"), "volunteers", "long@example.org")
		countReceived := func() string {
			return e.call("GET", "/api/admin/volunteers?status=new", nil, e.adminTok).Header.Get("X-Total-Count")
		}
		all := e.call("GET", "/api/admin/volunteers", nil, e.adminTok).Header.Get("X-Total-Count")
		if n := countReceived(); n != all || n == "0" {
			t.Fatalf("status filter before the edit: %s of %s", n, all)
		}
		vol := e.adminRecord(t, "volunteers", id)
		vol["skills"] = "Cooking and singing"
		if rec := e.call("PUT", "/api/admin/volunteers/"+id, vol, e.adminTok); rec.Status != 200 {
			t.Fatalf("edit a volunteer with long experience: %d %s", rec.Status, rec.Body)
		}
		if n := countReceived(); n != all {
			t.Fatalf("status filter after the edit: %s of %s", n, all)
		}

		// What the public form refuses, the admin edit refuses too, and
		// nothing changes.
		bad := []struct {
			tab, id, field string
			set            map[string]any
		}{
			{"volunteers", id, "mobile", map[string]any{"mobile": "call me after 6"}},
			{"volunteers", id, "fullName", map[string]any{"fullName": "<b>Vera</b>"}},
			{"volunteers", id, "experience", map[string]any{"experience": strings.Repeat("x", 4001)}},
			{"volunteers", id, "availability", map[string]any{"availability": "whenever"}},
			{"hosts", e.hostID, "contactNumber", map[string]any{"contactNumber": "", "email": ""}},
		}
		hostRec := e.adminRecord(t, "hosts", e.hostID)
		hostRec["email"] = "host@example.org"
		if rec := e.call("PUT", "/api/admin/hosts/"+e.hostID, hostRec, e.adminTok); rec.Status != 200 {
			t.Fatalf("give the host an email: %d %s", rec.Status, rec.Body)
		}
		for _, b := range bad {
			rec := e.adminRecord(t, b.tab, b.id)
			v := e.version(t, b.tab, b.id)
			for k, val := range b.set {
				rec[k] = val
			}
			res := e.call("PUT", "/api/admin/"+b.tab+"/"+b.id, rec, e.adminTok)
			var body struct{ Errors map[string]string }
			_ = json.Unmarshal([]byte(res.Raw), &body)
			if res.Status != 400 || body.Errors[b.field] == "" {
				t.Errorf("%s %v: %d %s, want 400 on %s", b.tab, b.set, res.Status, res.Body, b.field)
			}
			if e.version(t, b.tab, b.id) != v {
				t.Errorf("%s %v: the refused edit changed the record", b.tab, b.set)
			}
		}
	})
}

// adminTabsOf reads GET /api/admin/tabs.
func (e *env) adminTabsOf(t *testing.T) []adminTabJSON {
	t.Helper()
	rec := e.call("GET", "/api/admin/tabs", nil, e.adminTok)
	if rec.Status != 200 {
		t.Fatalf("tabs: %d %s", rec.Status, rec.Body)
	}
	var tabs []adminTabJSON
	if err := json.Unmarshal([]byte(rec.Raw), &tabs); err != nil {
		t.Fatal(err)
	}
	if len(tabs) != len(entity.Tabs) {
		t.Fatalf("tabs: %d, want %d", len(tabs), len(entity.Tabs))
	}
	return tabs
}

// TestAdminTabsAgreeWithTheLists checks, for every tab the dashboard is
// told about, that each column it may sort by is accepted by the list and
// every other column refused, and that the CSV header is the column labels.
func TestAdminTabsAgreeWithTheLists(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withAdminWorld(), withoutMail())
		if rec := e.call("GET", "/api/admin/tabs", nil, e.userTok); rec.Status != http.StatusForbidden {
			t.Fatalf("tabs as a user: %d", rec.Status)
		}
		for _, tab := range e.adminTabsOf(t) {
			var labels []string
			for _, f := range tab.Fields {
				want := 200
				if !f.Sortable {
					want = 400
				}
				for _, key := range []string{f.Key, "-" + f.Key} {
					if rec := e.call("GET", "/api/admin/"+tab.Name+"?page=1&pageSize=5&sort="+key, nil, e.adminTok); rec.Status != want {
						t.Errorf("%s sort %s: %d, want %d (%s)", tab.Name, key, rec.Status, want, rec.Body)
					}
				}
				if f.Exported {
					labels = append(labels, f.Label)
				}
			}
			rec := e.call("GET", "/api/admin/"+tab.Name+"/export.csv", nil, e.adminTok)
			header, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(rec.Raw, "\ufeff"))).Read()
			if err != nil {
				t.Fatalf("%s export: %v", tab.Name, err)
			}
			if !slices.Equal(header, labels) {
				t.Errorf("%s CSV header %q, dashboard labels %q", tab.Name, header, labels)
			}
			// The columns the tab's work needs come with it, as its
			// definition names them.
			if def := entity.ByName(tab.Name); def == nil || len(tab.KeyFields) == 0 || !slices.Equal(tab.KeyFields, def.Key) {
				t.Errorf("%s key fields %q", tab.Name, tab.KeyFields)
			}
		}
	})
}
