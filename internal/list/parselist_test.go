package list

import (
	"encoding/json"
	"slices"
	"testing"
)

// jsonList is what encoding/json reads from raw into an empty list, as a
// list column was read before plainStringList.
func jsonList(raw string) []string {
	list := []string{}
	if raw != "" {
		_ = json.Unmarshal([]byte(raw), &list)
	}
	return list
}

var listSamples = []string{
	`[]`, ` [ ] `, `["Other"]`, `["Financial Assistance","Medical/health practitioner"]`,
	"[\"a\" ,\n\t\"b\" ]", `["with \"quotes\""]`, `["tab\tin"]`, `["é","ক","हिन्दी"]`,
	`null`, ``, `{}`, `["a",]`, `[,"a"]`, `["a" "b"]`, `["a"`, `"a"]`, `[1]`, `["a",1]`,
	`["a"]x`, `["\u00e9"]`, "[\"a\x01\"]", "[\"\xff\"]", `[""]`, `["",""]`, "\u00a0[\"a\"]",
}

func TestParseListReadsAsJSON(t *testing.T) {
	for _, raw := range listSamples {
		if got, want := ParseList(raw), jsonList(raw); !slices.Equal(got, want) {
			t.Errorf("ParseList(%q) = %q, want %q", raw, got, want)
		}
	}
}

func FuzzParseList(f *testing.F) {
	for _, raw := range listSamples {
		f.Add(raw)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		if got, want := ParseList(raw), jsonList(raw); !slices.Equal(got, want) {
			t.Errorf("ParseList(%q) = %q, want %q", raw, got, want)
		}
	})
}
