package auth

import (
	"encoding/json"
	"os"
	"testing"

	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
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
	kind := func(m i18n.Msg) string {
		switch m.ID() {
		case "":
			return ""
		case msgPasswordRequired.ID():
			return "required"
		case msgPasswordSpaces.ID():
			return "spaces"
		case MsgPasswordCommon.ID():
			return "common"
		case msgs.FieldMustAtLeastNCharacters.ID(), msgs.FieldMustAtLeastNCharactersForAdminAccount.ID():
			return "short"
		case msgs.FieldMustAtMostNCharacters.ID():
			return "long"
		}
		return "unknown: " + m.ID()
	}
	for _, c := range v.Password {
		if got := kind(PasswordProblem(c.In, c.Admin)); got != c.Error {
			t.Errorf("password %.20q (admin %v): %q, want %q", c.In, c.Admin, got, c.Error)
		}
	}
}
