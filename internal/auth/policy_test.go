package auth

import (
	"strings"
	"testing"
)

func TestPasswordProblem(t *testing.T) {
	for _, c := range []struct {
		pw    string
		admin bool
		want  string // a part of the answer; "" for a password that may be used
	}{
		{"", false, "is required"},
		{"          ", false, "only spaces"},
		{"nine char", false, "at least 10 characters"},
		{"ten chars!", false, ""},
		{"ten chars!", true, "at least 12 characters for an admin account"},
		{"eleven char", true, "at least 12"},
		{"twelve chars", true, ""},
		{"पासवर्ड दस अक्", false, ""}, // counted in characters, not bytes
		{strings.Repeat("x", 1023) + "y", false, ""},
		{strings.Repeat("x", 1024) + "y", false, "at most 1024"},

		// On the list, in any case and spacing.
		{"password123", false, "too common"},
		{"qwertyuiop", false, "too common"},
		{"1234567890", false, "too common"},
		{"QwErTyUiOp", false, "too common"},
		{"qwerty uiop", false, "too common"},
		{"iloveyou12345", true, "too common"},
		// A listed password with digits or symbols around it.
		{"Sunshine2024!", false, "too common"},
		{"!!dragon!!2024", false, "too common"},
		{"baseball1234", true, "too common"},
		// One short group over and over.
		{"aaaaaaaaaa", false, "too common"},
		{"abcabcabcabc", true, "too common"},
		{"12121212121212", false, "too common"},

		// Unlisted passphrases are welcome.
		{"correct horse battery", false, ""},
		{"lantern over the river", true, ""},
		{"Govinda jaya jaya 1966", false, ""},
		{"ab1234567890zz", false, ""}, // "ab" is too short a core to count as a dressed-up word
	} {
		got := PasswordProblem(c.pw, c.admin).Phrase()
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("PasswordProblem(%q, admin=%v) = %q, want %q", c.pw, c.admin, got, c.want)
		}
	}
}

func TestCommonPasswordListIsLoaded(t *testing.T) {
	set := commonPasswords()
	if len(set) < 40000 {
		t.Fatalf("%d common passwords loaded", len(set))
	}
	for w := range set {
		if w != strings.ToLower(w) || strings.HasPrefix(w, "#") || strings.TrimSpace(w) != w {
			t.Fatalf("list entry %q is not lower-cased and trimmed", w)
		}
	}
}

func FuzzPasswordProblem(f *testing.F) {
	for _, s := range []string{"", " ", "password123", "Sunshine2024!", "abcabcabcabc", "correct horse battery", "\x00\xff", "ǅǅǅǅǅǅǅǅǅǅ"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, pw string, admin bool) {
		got := PasswordProblem(pw, admin).Phrase()
		// The admin rule is never looser than the user rule.
		if got != "" && admin == false && PasswordProblem(pw, true).IsZero() {
			t.Fatalf("%q refused for a user, allowed for an admin", pw)
		}
		if IsCommonPassword(pw) && got == "" {
			t.Fatalf("%q is common but allowed", pw)
		}
	})
}
