package httpapi

import (
	"testing"

	"spdc/internal/entity"
	"spdc/internal/store"
)

// TestAdminRulesNameRealTabs: each tab's own rules are found by the name
// of a tab the dashboard has, and each flag they read is a yes/no field
// of that tab, so a renamed tab or field cannot leave a rule silently
// unused.
func TestAdminRulesNameRealTabs(t *testing.T) {
	for name, rules := range tabRules {
		tab := store.AdminTabByName(name)
		if tab == nil {
			t.Errorf("rules for %q, which is no tab", name)
			continue
		}
		if rules.edit == nil && rules.delete == nil && rules.query == nil {
			t.Errorf("rules for %q hold no rule", name)
		}
		if len(rules.flags) > 0 && rules.edit == nil {
			t.Errorf("rules for %q read flags that no edit rule uses", name)
		}
		for _, flag := range rules.flags {
			if f := tab.Field(flag); f == nil || f.Def == nil || f.Def.Kind != entity.Bool {
				t.Errorf("flag %q of %q is not a yes/no field of the tab", flag, name)
			}
		}
	}
}
