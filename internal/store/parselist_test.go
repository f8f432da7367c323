package store

import (
	"encoding/json"
	"slices"
	"testing"
)

// jsonList is what encoding/json reads from raw, as a list column is
// shown: an empty list for anything but an array of strings.
func jsonList(raw string) []string {
	var list []string
	_ = json.Unmarshal([]byte(raw), &list)
	if list == nil {
		list = []string{}
	}
	return list
}

var listSamples = []string{
	`[]`, ` [ ] `, `["Other"]`, `["Financial Assistance","Medical/health practitioner"]`,
	"[\"a\" ,\n\t\"b\" ]", `["with \"quotes\""]`, `["tab\tin"]`, `["é","ক","हिन्दी"]`,
	`null`, ``, `{}`, `["a",]`, `[,"a"]`, `["a" "b"]`, `["a"`, `"a"]`, `[1]`, `["a",1]`,
	`["a"]x`, `["\u00e9"]`, "[\"a\x01\"]", "[\"\xff\"]", `[""]`, `["",""]`, "\u00a0[\"a\"]",
}

func TestStringListReadsAsJSON(t *testing.T) {
	for _, raw := range listSamples {
		if got, want := stringList(raw), jsonList(raw); !slices.Equal(got, want) {
			t.Errorf("stringList(%q) = %q, want %q", raw, got, want)
		}
	}
}

func FuzzStringList(f *testing.F) {
	for _, raw := range listSamples {
		f.Add(raw)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		if got, want := stringList(raw), jsonList(raw); !slices.Equal(got, want) {
			t.Errorf("stringList(%q) = %q, want %q", raw, got, want)
		}
	})
}
