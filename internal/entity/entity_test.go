package entity

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var now = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func TestFieldCheck(t *testing.T) {
	cases := []struct {
		entity *Entity
		key    string
		in     any
		want   any
		ok     bool
	}{
		{Volunteers, "fullName", "  Asha Devi ", "Asha Devi", true},
		{Volunteers, "fullName", "<b>Vera</b>", nil, false},
		{Volunteers, "fullName", "", nil, false},
		{Volunteers, "email", "Asha@Example.ORG", "asha@example.org", true},
		{Volunteers, "email", "f@localhost", nil, false},
		{Volunteers, "mobile", "+91 98765 43210", "+919876543210", true},
		{Volunteers, "mobile", "call me after 6", nil, false},
		{Volunteers, "mobile", "", "", true},
		{Volunteers, "availability", "20+ hours/week", "20+ hours/week", true},
		{Volunteers, "availability", "whenever", nil, false},
		{Volunteers, "areasOfInterest", []string{"Other", " Other", ""}, []string{"Other"}, true},
		{Volunteers, "areasOfInterest", []string{"Astrology"}, nil, false},
		{Volunteers, "experience", "line one\r\nline two", "line one\nline two", true},
		{Volunteers, "experience", strings.Repeat("x", 4000), strings.Repeat("x", 4000), true},
		{Volunteers, "experience", strings.Repeat("x", 4001), nil, false},
		{Volunteers, "country", "India\u202e", nil, false},
		{Volunteers, "consent", false, nil, false},
		{Users, "address", strings.Repeat("a", 1000), strings.Repeat("a", 1000), true},
		{Disciples, "dateOfBirth", "1950-02-30", nil, false},
		{Disciples, "dateOfBirth", "2030-01-01", nil, false},
		{Disciples, "dateOfBirth", "1899-12-31", nil, false},
		{Disciples, "initiationDate", "1970-05-01", "1970-05-01", true},
		{Disciples, "initiationDate", "1980-05-01", nil, false},
	}
	for _, c := range cases {
		f := c.entity.Field(c.key)
		got, msg := f.Check(c.in, now)
		if (msg.IsZero()) != c.ok {
			t.Errorf("%s.%s %q: message %q, want ok=%v", c.entity.Name, c.key, c.in, msg, c.ok)
			continue
		}
		if c.ok {
			gb, _ := json.Marshal(got)
			wb, _ := json.Marshal(c.want)
			if string(gb) != string(wb) {
				t.Errorf("%s.%s %q: got %s, want %s", c.entity.Name, c.key, c.in, gb, wb)
			}
		}
	}
}

func raw(m map[string]any) map[string]json.RawMessage {
	out := map[string]json.RawMessage{}
	for k, v := range m {
		out[k], _ = json.Marshal(v)
	}
	return out
}

func TestCheckFormCrossFieldRules(t *testing.T) {
	base := map[string]any{"fullName": "H", "whyHost": "w", "consentTerms": true, "consentContact": true}
	_, errs := Hosts.CheckForm(raw(base), now)
	if errs["contactNumber"].IsZero() || errs["email"].IsZero() {
		t.Errorf("a host with no way to reach them: %v", errs)
	}
	base["email"] = "h@example.org"
	base["facilityOther"] = "a pool"
	values, errs := Hosts.CheckForm(raw(base), now)
	if len(errs) != 0 || values["facilityOther"] != "" {
		t.Errorf("the other-facility box without its choice: %v %q", errs, values["facilityOther"])
	}
	base["facilities"] = []string{"Other"}
	base["facilityOther"] = ""
	if _, errs = Hosts.CheckForm(raw(base), now); errs["facilityOther"].IsZero() {
		t.Errorf("the choice Other without its box: %v", errs)
	}
}

func TestCheckEditOnlyChecksWhatChanges(t *testing.T) {
	stored := map[string]any{"fullName": "Old Name", "mobile": "call me after 6", "experience": strings.Repeat("x", 5000),
		"contactNumber": "", "email": "h@example.org"}
	before := func(k string) any {
		if v, ok := stored[k]; ok {
			return v
		}
		return ""
	}
	set, errs := Volunteers.CheckEdit(raw(map[string]any{"fullName": "New Name", "mobile": "call me after 6",
		"experience": strings.Repeat("x", 5000)}), before, now)
	if len(errs) != 0 || len(set) != 1 || set["fullName"] != "New Name" {
		t.Errorf("edit of a record stored under looser rules: %v %v", set, errs)
	}
	if _, errs = Volunteers.CheckEdit(raw(map[string]any{"mobile": "call me at 7"}), before, now); errs["mobile"].IsZero() {
		t.Errorf("a changed bad mobile was accepted")
	}
	if _, errs = Hosts.CheckEdit(raw(map[string]any{"email": ""}), before, now); errs["email"].IsZero() {
		t.Errorf("a host left with no way to reach them was accepted")
	}
	if _, errs = Volunteers.CheckEdit(raw(map[string]any{"consent": false}), before, now); len(errs) != 0 {
		t.Errorf("read-only fields are ignored, not checked: %v", errs)
	}
	if _, errs = Volunteers.CheckEdit(raw(map[string]any{"status": "approved"}), before, now); errs["status"].IsZero() {
		t.Errorf("a status the volunteers do not have was accepted")
	}
	if set, errs = Volunteers.CheckEdit(raw(map[string]any{"status": "interview"}), before, now); len(errs) != 0 || set["status"] != "interview" {
		t.Errorf("a volunteer status was refused: %v %v", set, errs)
	}
}

// TestTabsNameTheirKeyFields checks that every tab names the fields its
// work needs, each once and each a shown column, so the dashboard can put
// them first and show them on a phone's card.
func TestTabsNameTheirKeyFields(t *testing.T) {
	for _, e := range Tabs {
		if len(e.Key) == 0 {
			t.Errorf("%s: no key fields", e.Name)
		}
		seen := map[string]bool{}
		for _, k := range e.Key {
			f := e.Field(k)
			if f == nil || !f.Shown || seen[k] {
				t.Errorf("%s: key field %q is unknown, not shown or repeated", e.Name, k)
			}
			seen[k] = true
		}
	}
	want := []string{"paidOn", "donorName", "amount", "reference", "status"}
	if got := Donations.Key; strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("donations key fields %v, want %v", got, want)
	}
}

// TestDefinitionsAreWhole walks every definition: keys unique, labels
// given, option fields with options, the box a choice reveals pointing at
// a real option, form fields bounded.
func TestDefinitionsAreWhole(t *testing.T) {
	for _, e := range All {
		seen := map[string]bool{}
		for _, f := range e.Fields {
			if seen[f.Key] || f.Key == "" || f.Label == "" || f.Kind == "" {
				t.Errorf("%s.%s: repeated or incomplete", e.Name, f.Key)
			}
			seen[f.Key] = true
			// A text field with options is an option field, unless no one
			// writes it (the audit log's action, shown by its words).
			shown := !f.Form && !f.Editable
			if (f.Format == Option) != (f.Kind == Text && len(f.Options) > 0) && !(shown && f.Format == Plain) {
				t.Errorf("%s.%s: an option field needs options", e.Name, f.Key)
			}
			if f.RevealedBy != nil {
				p := e.Field(f.RevealedBy.Key)
				if p == nil || !containsString(p.Options, f.RevealedBy.Option) {
					t.Errorf("%s.%s: revealed by an unknown choice", e.Name, f.Key)
				}
			}
			if f.Form && f.Kind == Text && f.Max == 0 {
				t.Errorf("%s.%s: a form field without a limit", e.Name, f.Key)
			}
			// Only the staff's own fields (a status, the owner) are
			// editable without coming from the form.
			if f.Editable && !f.Form && f.Default == "" && f.Key != AssigneeKey {
				t.Errorf("%s.%s: editable by admins but not a form field", e.Name, f.Key)
			}
		}
		for _, rule := range e.AnyOf {
			for _, k := range rule.Keys {
				if e.Field(k) == nil {
					t.Errorf("%s: AnyOf names unknown %s", e.Name, k)
				}
			}
		}
	}
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestColumnAndSearchText(t *testing.T) {
	for key, col := range map[string]string{"fullName": "full_name", "referrer.name": "referrer_name", "_id": "id", "__v": "version", "email": "email"} {
		if got := (&Field{Key: key}).Column(); got != col {
			t.Errorf("column of %s: %s, want %s", key, got, col)
		}
	}
	type rec struct {
		FullName        string
		Email           string
		AreasOfInterest []string
		Status          string
		Experience      string
	}
	got := Volunteers.SearchText(StructGetter(&rec{FullName: " Asha ", Email: "a@x.org", AreasOfInterest: []string{"Other"}, Status: "received"}))
	if got != "asha a@x.org other" {
		t.Errorf("search text %q", got)
	}
}

var update = flag.Bool("update", false, "rewrite the generated form schemas")

// TestSchemasModule fails when the web app's generated form schemas are
// not what the definitions give, or a generated file is left over from a
// form that no longer exists (run it with -update to rewrite them).
func TestSchemasModule(t *testing.T) {
	want, err := Schemas()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join("..", "..", SchemasDir)
	if *update {
		old, _ := filepath.Glob(filepath.Join(dir, "*.gen.ts"))
		careOld, _ := filepath.Glob(filepath.Join(dir, "care", "*.gen.ts"))
		old = append(old, careOld...)
		for _, p := range old {
			if err := os.Remove(p); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.MkdirAll(filepath.Join(dir, "care"), 0o755); err != nil {
			t.Fatal(err)
		}
		for name, text := range want {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	have, err := filepath.Glob(filepath.Join(dir, "*.gen.ts"))
	if err != nil {
		t.Fatal(err)
	}
	care, err := filepath.Glob(filepath.Join(dir, "care", "*.gen.ts"))
	if err != nil {
		t.Fatal(err)
	}
	have = append(have, care...)
	for _, p := range have {
		if name, _ := filepath.Rel(dir, p); want[filepath.ToSlash(name)] == "" {
			t.Errorf("%s is no form's schema: run go test ./internal/entity -run TestSchemasModule -update", p)
		}
	}
	for name, text := range want {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || string(got) != text {
			t.Errorf("%s/%s is stale: run go test ./internal/entity -run TestSchemasModule -update", SchemasDir, name)
		}
	}
}

// TestSchemasNeedWebPrompts: a required field of a public form without a
// web message key cannot be generated, so the browser never shows a raw
// key or an English-only message.
func TestSchemasNeedWebPrompts(t *testing.T) {
	saved := Volunteers.Fields[0].PromptKey
	Volunteers.Fields[0].PromptKey = ""
	defer func() { Volunteers.Fields[0].PromptKey = saved }()
	if _, err := Schemas(); err == nil || !strings.Contains(err.Error(), "volunteers.fullName") {
		t.Fatalf("err %v", err)
	}
}
