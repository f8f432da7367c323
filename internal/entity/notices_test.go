package entity

import "testing"

// Every field a form asks for is listed in its notice with a purpose, and
// the notice lists no field the form does not ask for: the notice stays
// true as forms change.
func TestNoticesCoverEveryFormField(t *testing.T) {
	for _, n := range Notices {
		listed := map[string]bool{}
		for _, it := range n.Items {
			if it.Purpose == "" || it.Label == "" {
				t.Errorf("%s: item %s has no label or purpose", n.Form, it.Field)
			}
			if f := n.Entity.Field(it.Field); f == nil || !f.Form {
				t.Errorf("%s: notice lists %s, which the form does not ask for", n.Form, it.Field)
			}
			listed[it.Field] = true
		}
		for _, f := range n.Entity.Fields {
			if f.Form && !listed[f.Key] {
				t.Errorf("%s: the form asks for %s but the notice does not say why", n.Form, f.Key)
			}
		}
		if n.Version == "" || n.Withdraw == "" || n.Complain == "" || n.Keep == "" {
			t.Errorf("%s: notice incomplete", n.Form)
		}
	}
}
