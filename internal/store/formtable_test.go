package store_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"spdc/internal/entity"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// TestAFieldAddedToTheDefinitionIsSavedAndReadBack adds a field to the
// volunteer's definition and its column to the table, as a new field and
// its migration would, and changes nothing else: the public form's check
// accepts it, the insert stores it and its search text, the read gives it
// back, and the answer shows it.
func TestAFieldAddedToTheDefinitionIsSavedAndReadBack(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		if _, err := s.Writer().ExecContext(ctx, `ALTER TABLE volunteers ADD COLUMN referred_by TEXT NOT NULL DEFAULT ''`); err != nil {
			t.Fatal(err)
		}
		def := *entity.Volunteers
		def.Fields = slices.Insert(slices.Clone(def.Fields), 1, entity.Field{Key: "referredBy", Label: "Referred by", Kind: entity.Text,
			Max: 200, Form: true, Editable: true, Searchable: true, Shown: true, Exported: true})

		body := map[string]json.RawMessage{}
		for k, v := range map[string]any{"fullName": "Gopi Dasi", "email": "gopi@example.org", "experience": "Nursing", "motivation": "Seva",
			"skills": "Cooking", "consent": true, "referredBy": "Radha Kunda temple"} {
			body[k], _ = json.Marshal(v)
		}
		now := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
		values, errs := def.CheckForm(body, now)
		if len(errs) != 0 {
			t.Fatalf("form refused: %v", errs)
		}
		v := &store.Volunteer{Status: "received"}
		entity.SetStruct(v, values)
		if v.Extra["referredBy"] != "Radha Kunda temple" {
			t.Fatalf("the new field did not reach the record: %#v", v.Extra)
		}

		table := store.NewFormTable("volunteers", &def)
		id := store.NewID(now)
		if err := table.Insert(ctx, s.Writer(), id, v, now); err != nil {
			t.Fatal(err)
		}
		var column, search string
		if err := s.Reader().QueryRowContext(ctx, `SELECT referred_by, search FROM volunteers WHERE id = ?`, id).Scan(&column, &search); err != nil {
			t.Fatal(err)
		}
		if column != "Radha Kunda temple" || !strings.Contains(search, "radha kunda temple") {
			t.Fatalf("stored %q, search text %q", column, search)
		}

		back := &store.Volunteer{}
		if err := table.ByID(ctx, s.Reader(), id, back); err != nil {
			t.Fatal(err)
		}
		answer := def.Values(entity.StructGetter(back))
		if answer["referredBy"] != "Radha Kunda temple" || answer["fullName"] != "Gopi Dasi" || answer["consent"] != true {
			t.Fatalf("read back: %#v", answer)
		}
		// The unchanged definition still reads the row (the new column is
		// simply not one of its fields).
		if got, err := s.VolunteerByID(ctx, id); err != nil || got.FullName != "Gopi Dasi" || got.Extra["referredBy"] != nil {
			t.Fatalf("plain read: %+v %v", got, err)
		}
	})
}
