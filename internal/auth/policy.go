package auth

import (
	_ "embed"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
)

// Password length bounds. Admin accounts, which can read everyone's
// submissions, need longer passwords. The maximum only stops absurd inputs
// from costing CPU in the hash; long passphrases are welcome.
const (
	MinPasswordLen      = 10
	MinAdminPasswordLen = 12
	MaxPasswordLen      = 1024
)

// Field errors of PasswordProblem, phrased to follow the field's name.
var (
	msgPasswordRequired = msgs.FieldRequired
	msgPasswordSpaces   = msgs.FieldMustNotOnlySpaces
	// MsgPasswordCommon names the list rule in words a visitor understands.
	MsgPasswordCommon = msgs.FieldTooCommonItOnListPasswordsThatAttackers
)

// commonPasswordsText is a list of common and breached passwords, one a
// line, lower-cased; lines starting with # are comments. It is made by
// scripts/common-passwords.sh from a well-kept password-strength package.
//
//go:embed common_passwords.txt
var commonPasswordsText string

// commonPasswords is the list as a set, built on first use (a few
// milliseconds) so that commands that never check a password do not pay.
var commonPasswords = sync.OnceValue(func() map[string]struct{} {
	set := make(map[string]struct{}, 50000)
	for line := range strings.Lines(commonPasswordsText) {
		line = strings.TrimRight(line, "\r\n")
		if line != "" && !strings.HasPrefix(line, "#") {
			set[line] = struct{}{}
		}
	}
	return set
})

// PasswordProblem says what is wrong with a new password, as a phrase that
// follows the field's name ("must be at least 10 characters"), or "" when
// it may be used. admin applies the longer minimum of admin accounts.
// Passwords are never trimmed: spaces inside and around them count.
func PasswordProblem(pw string, admin bool) i18n.Msg {
	min := MinPasswordLen
	if admin {
		min = MinAdminPasswordLen
	}
	n := utf8.RuneCountInString(pw)
	switch {
	case pw == "":
		return msgPasswordRequired
	case strings.TrimSpace(pw) == "":
		return msgPasswordSpaces
	case n < min && admin:
		return msgs.FieldMustAtLeastNCharactersForAdminAccount.With("n", min)
	case n < min:
		return msgs.FieldMustAtLeastNCharacters.With("n", min)
	case n > MaxPasswordLen:
		return msgs.FieldMustAtMostNCharacters.With("n", MaxPasswordLen)
	case IsCommonPassword(pw):
		return MsgPasswordCommon
	}
	return i18n.Msg{}
}

// IsCommonPassword reports whether pw is on the list of common passwords,
// ignoring case and spaces ("Pass Word 123" is "password123"), or is a
// listed password with digits or symbols added before or after it
// ("Sunshine2024!"), or is one short group of characters repeated
// ("abcabcabcabc", "1111111111").
func IsCommonPassword(pw string) bool {
	if len(pw) > 4*MaxPasswordLen {
		return false
	}
	set := commonPasswords()
	lower := strings.ToLower(pw)
	squeezed := strings.Join(strings.Fields(lower), "")
	for _, c := range []string{strings.TrimSpace(lower), squeezed} {
		if c == "" {
			continue
		}
		if _, ok := set[c]; ok {
			return true
		}
		// A listed password dressed up with digits or symbols. The core must
		// be long enough to be a real word, or "a" + digits would match.
		core := strings.TrimFunc(c, func(r rune) bool { return !unicode.IsLetter(r) })
		if core != c && utf8.RuneCountInString(core) >= 4 {
			if _, ok := set[core]; ok {
				return true
			}
		}
		if repeated(c) {
			return true
		}
	}
	return false
}

// repeated reports whether s is a group of at most four characters
// written over and over.
func repeated(s string) bool {
	r := []rune(s)
	for unit := 1; unit <= 4 && unit < len(r); unit++ {
		if len(r)%unit != 0 {
			continue
		}
		same := true
		for i := unit; i < len(r) && same; i++ {
			same = r[i] == r[i-unit]
		}
		if same {
			return true
		}
	}
	return false
}
