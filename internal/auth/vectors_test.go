package auth

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestSharedPasswordVectors checks the password rules against the vectors
// the browser's rules are tested with too (web/src/lib/password-rules.ts):
// each case names the kind of problem, or none.
func TestSharedPasswordVectors(t *testing.T) {
	b, err := os.ReadFile("../../testdata/rules.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Password []struct {
			In    string `json:"in"`
			Admin bool   `json:"admin"`
			Error string `json:"error"`
		} `json:"password"`
	}
	if err := json.Unmarshal(b, &v); err != nil || len(v.Password) == 0 {
		t.Fatalf("password vectors: %v", err)
	}
	kind := func(problem string) string {
		switch {
		case problem == "":
			return ""
		case problem == msgPasswordRequired:
			return "required"
		case problem == msgPasswordSpaces:
			return "spaces"
		case problem == MsgPasswordCommon:
			return "common"
		case strings.HasPrefix(problem, "must be at least"):
			return "short"
		case strings.HasPrefix(problem, "must be at most"):
			return "long"
		}
		return "unknown: " + problem
	}
	for _, c := range v.Password {
		if got := kind(PasswordProblem(c.In, c.Admin)); got != c.Error {
			t.Errorf("password %.20q (admin %v): %q, want %q", c.In, c.Admin, got, c.Error)
		}
	}
}
