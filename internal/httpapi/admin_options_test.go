package httpapi

import (
	"testing"
	"time"

	"spdc/internal/entity"
)

func TestAdminEditsKeepToTheFormOptions(t *testing.T) {
	cases := []struct {
		tab, key, value string
		ok              bool
	}{
		{"volunteers", "availability", "10-20 hours/week", true},
		{"volunteers", "availability", "", true},
		{"volunteers", "availability", "whenever", false},
		{"volunteers", "areasOfInterest", "Relocation Assistance", true},
		{"volunteers", "areasOfInterest", "Astrology", false},
		{"hosts", "facilities", "Doctor Nearby", true},
		{"hosts", "facilities", "Swimming pool", false},
		{"hosts", "accommodationTypes", "Others (please Specify)", true},
		{"hosts", "availabilityDurations", "Forever", false},
		{"volunteers", "country", "Anything", true},
	}
	for _, tc := range cases {
		f := entity.ByName(tc.tab).Field(tc.key)
		var v any = tc.value
		if f.Kind == entity.List {
			v = []string{tc.value}
		}
		if _, msg := f.Check(v, time.Now()); (msg.IsZero()) != tc.ok {
			t.Errorf("%s.%s=%q: accepted %v, want %v", tc.tab, tc.key, tc.value, !tc.ok, tc.ok)
		}
	}
}
