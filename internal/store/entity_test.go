package store

import (
	"reflect"
	"testing"

	"spdc/internal/entity"
)

// TestEntitiesMatchTheStore walks every entity the store lists: each of
// its searchable and form fields is a field of the store's record, or the
// record keeps fields it does not name in its Extra map (so the
// insert's search text reads the same fields as an edit's), each column
// of its tab carries the entity's label, and each editable field writes
// its own column.
func TestEntitiesMatchTheStore(t *testing.T) {
	records := map[*entity.Entity]any{
		entity.Users: &User{}, entity.Volunteers: &Volunteer{}, entity.Hosts: &Host{},
		entity.Disciples: &Disciple{}, entity.PendingDisciples: &Disciple{}, entity.Messages: &ContactMessage{},
	}
	for e, rec := range records {
		get := entity.StructGetter(rec)
		_, extra := reflect.TypeOf(rec).Elem().FieldByName("Extra")
		for _, f := range e.Fields {
			if (f.Searchable || f.Form) && get(f.Key) == nil && !extra {
				t.Errorf("%s.%s: no such field in %T", e.Name, f.Key, rec)
			}
		}
	}
	for _, tab := range adminTabs {
		if tab.Def == nil {
			t.Errorf("tab %s has no entity", tab.Name)
			continue
		}
		if len(tab.Fields) != len(tab.Def.Fields) {
			t.Fatalf("tab %s: %d columns, entity %d fields", tab.Name, len(tab.Fields), len(tab.Def.Fields))
		}
		for i, f := range tab.Fields {
			d := tab.Def.Fields[i]
			if f.FullKey() != d.Key || f.Label != d.Label || f.Sortable != d.Sortable || f.Editable != d.Editable {
				t.Errorf("tab %s column %s disagrees with its entity field %s", tab.Name, f.FullKey(), d.Key)
			}
			if f.Editable && f.Column != d.Column() {
				t.Errorf("tab %s: %s writes %q", tab.Name, f.Key, f.Column)
			}
		}
	}
}
