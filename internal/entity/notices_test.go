package entity

import "testing"

// Every field a form asks for says why in its definition and is listed
// in its notice with that purpose, and the notice lists no field the form
// does not ask for: the notice stays true as forms change. Each item is
// named by its field's label and purpose, in the notice's language, so
// that the notice and the form name it alike.
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
		for _, lang := range []string{"en", "hi", "bn"} {
			for _, it := range NoticeIn(n.Form, lang).Items {
				f := n.Entity.Field(it.Field)
				if f == nil || f.LabelMsg.IsZero() || it.Label != f.LabelMsg.In(lang) {
					t.Errorf("%s %s: item %s is labelled %q, not as its field", lang, n.Form, it.Field, it.Label)
				} else if it.Purpose != f.Purpose.In(lang) {
					t.Errorf("%s %s: item %s says %q, not its field's purpose", lang, n.Form, it.Field, it.Purpose)
				}
			}
		}
		for _, f := range n.Entity.Fields {
			if f.Form && f.Purpose.IsZero() {
				t.Errorf("%s: the form asks for %s but its definition does not say why", n.Form, f.Key)
			}
			if f.Form && !listed[f.Key] {
				t.Errorf("%s: the form asks for %s but the notice does not list it", n.Form, f.Key)
			}
		}
		if n.Version == "" || n.Withdraw == "" || n.Complain == "" || n.Keep == "" {
			t.Errorf("%s: notice incomplete", n.Form)
		}
	}
}
