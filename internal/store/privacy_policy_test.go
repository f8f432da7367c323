package store

import (
	"strings"
	"testing"

	"spdc/internal/entity"
)

// The seeded Privacy page lists every field every form asks for, under
// the label and purpose its notice gives: the page stays true when a form
// gains a field (the notices' own test makes them follow the forms).
func TestPrivacyPolicyListsEveryFormField(t *testing.T) {
	var body string
	for _, p := range seedCollections["pages"] {
		if p["slug"] == "privacy" {
			body, _ = p["body"].(string)
		}
	}
	if body == "" {
		t.Fatal("no seeded privacy page")
	}
	for _, n := range entity.Notices {
		listed := map[string]bool{}
		for _, it := range n.Items {
			listed[it.Field] = true
			if !strings.Contains(body, "- "+it.Label+": "+it.Purpose) {
				t.Errorf("%s: the privacy page does not list %s", n.Form, it.Label)
			}
		}
		for _, f := range n.Entity.Fields {
			if f.Form && !listed[f.Key] {
				t.Errorf("%s: the form asks for %s, which the privacy page does not list", n.Form, f.Key)
			}
		}
	}
	for _, f := range entity.Users.Fields {
		if f.Form && !strings.Contains(strings.ToLower(body), strings.ToLower(f.Label)) {
			t.Errorf("account field %s is not on the privacy page", f.Label)
		}
	}
}
