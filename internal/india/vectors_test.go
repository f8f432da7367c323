package india

import (
	"encoding/json"
	"errors"
	"os"
	"testing"
)

// ruleVector is one case of the shared test vectors: an input and either
// the normal form it is accepted as (OK) or the code of its refusal.
type ruleVector struct {
	Mode  string  `json:"mode"`
	In    string  `json:"in"`
	OK    *string `json:"ok"`
	Error string  `json:"error"`
}

// readRuleVectors reads the vectors that the browser's rules are tested
// against too (web/src/lib/india.test.ts), so that the two sides cannot
// drift apart.
func readRuleVectors(t *testing.T) map[string][]ruleVector {
	t.Helper()
	b, err := os.ReadFile("../../testdata/rules.json")
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]json.RawMessage
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	out := map[string][]ruleVector{}
	for _, k := range []string{"pan", "aadhaar", "reference"} {
		var list []ruleVector
		if err := json.Unmarshal(v[k], &list); err != nil || len(list) == 0 {
			t.Fatalf("vectors %s: %v", k, err)
		}
		out[k] = list
	}
	return out
}

func TestSharedRuleVectors(t *testing.T) {
	vectors := readRuleVectors(t)
	parse := map[string]func(v ruleVector) (string, error){
		"pan": func(v ruleVector) (string, error) { p, err := ParsePAN(v.In); return string(p), err },
		"aadhaar": func(v ruleVector) (string, error) {
			a, err := ParseAadhaar(v.In)
			return string(a), err
		},
		"reference": func(v ruleVector) (string, error) {
			m, err := ParseMode(v.Mode)
			if err != nil {
				return "", err
			}
			return ParseReference(m, v.In)
		},
	}
	for kind, list := range vectors {
		for _, v := range list {
			got, err := parse[kind](v)
			if v.OK != nil {
				if err != nil || got != *v.OK {
					t.Errorf("%s %s %q: got %q, %v; want %q", kind, v.Mode, v.In, got, err, *v.OK)
				}
				continue
			}
			var p *Problem
			if !errors.As(err, &p) || p.Code != v.Error {
				t.Errorf("%s %s %q: got %q, %v; want the refusal %s", kind, v.Mode, v.In, got, err, v.Error)
			}
		}
	}
}
