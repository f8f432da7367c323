package storetest

import (
	"context"
	"slices"
	"testing"
	"time"

	"spdc/internal/store"
)

// SeedVolunteer saves a volunteer through the store's insert, as the form
// does, created at the given unix millisecond, and returns its id.
func SeedVolunteer(t testing.TB, q store.Querier, name, email, extra string, created int64) string {
	t.Helper()
	v := &store.Volunteer{FullName: name, Email: email, Experience: extra, Motivation: "m", Skills: "s", Consent: true,
		AreasOfInterest: []string{"Other"}}
	if err := store.InsertVolunteer(context.Background(), q, v, time.UnixMilli(created)); err != nil {
		t.Fatal(err)
	}
	return v.ID
}

// ExportNames is the full names of the tab's CSV export rows, in order.
func ExportNames(t testing.TB, s *store.Store, tab string, q store.AdminQuery) ([]string, error) {
	t.Helper()
	at := store.AdminTabByName(tab)
	name := slices.IndexFunc(at.Fields, func(f store.AdminField) bool { return f.Key == "fullName" })
	if name < 0 {
		t.Fatalf("tab %s has no full name", tab)
	}
	var out []string
	err := s.AdminExport(context.Background(), at, q, func(vals []any) error {
		out = append(out, vals[name].(string))
		return nil
	})
	return out, err
}

// ListNames is the full names (or names) of the tab's list rows for q,
// in order.
func ListNames(t testing.TB, s *store.Store, tab string, q store.AdminQuery) []string {
	t.Helper()
	var out []string
	err := s.AdminList(context.Background(), store.AdminTabByName(tab), q, func(r *store.Record) error {
		name, _ := r.Get("fullName").(string)
		if name == "" {
			name, _ = r.Get("name").(string)
		}
		out = append(out, name)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
