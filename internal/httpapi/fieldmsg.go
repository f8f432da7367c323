package httpapi

import (
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"spdc/internal/entity"
	"spdc/internal/i18n"
)

// The top-level message of a 400 with field errors names what to fix, so
// a client that shows only `message` (an old app, a screen reader reading
// one alert) still tells the person: one problem is said in full
// ("Password must be at least 10 characters."), several are listed by
// their fields ("Please correct these 3 fields: Full name, Email and
// Password.").

// msgFixFields is the old generic message; writeError replaces it (and an
// empty message) by the specific one whenever field errors come with it.
const msgFixFields = "Please correct the highlighted fields."

// extraLabels names the fields of calls that no entity describes.
var extraLabels = map[string]string{
	"password":           "Password",
	"newPassword":        "New password",
	"currentPassword":    "Current password",
	"identifier":         "Email or phone",
	"token":              "Link",
	"reason":             "Reason",
	"statement":          "Statement",
	"referrerId":         "Temple president",
	"referrerName":       "Referrer name",
	"referrerPosition":   "Position",
	"referrerContact":    "Contact number",
	"referrerEmail":      "Email",
	"referrerSignature":  "Referrer signature",
	"referrerSignedOn":   "Referrer date",
	"applicantSignature": "Applicant signature",
	"applicantSignedOn":  "Applicant date",
	"alt":                "Description",
	"__v":                "Version",
	"q":                  "Search",
	"pageSize":           "Page size",
	"code":               "Code",
	"challenge":          "Sign-in step",
}

// fieldLabel is the plain name of a field: its entity label when an
// entity has the field, else a known name, else its key in words
// ("nearestCenter" → "Nearest center"). The second result orders fields
// as the forms show them.
func fieldLabel(key string) (string, int) {
	if l, ok := extraLabels[key]; ok {
		return l, 500
	}
	for _, e := range entity.All {
		for i, f := range e.Fields {
			if f.Key == key && f.Label != "" {
				return f.Label, i
			}
		}
	}
	return keyWords(key), 1000
}

// keyWords turns a camelCase or dotted key into a sentence-case phrase.
func keyWords(key string) string {
	var b strings.Builder
	for i, r := range strings.ReplaceAll(key, ".", " ") {
		switch {
		case i == 0:
			b.WriteRune(unicode.ToUpper(r))
		case unicode.IsUpper(r):
			b.WriteRune(' ')
			b.WriteRune(unicode.ToLower(r))
		case r == '_':
			b.WriteRune(' ')
		default:
			b.WriteRune(r)
		}
	}
	return strings.TrimSpace(b.String())
}

// fieldSentence is one field's problem as a sentence: a message written as
// a phrase ("must be a valid email address") gets its label in front.
func fieldSentence(key, msg string) string {
	msg = strings.TrimSpace(msg)
	r, _ := utf8.DecodeRuneInString(msg)
	if unicode.IsLower(r) {
		label, _ := fieldLabel(key)
		msg = label + " " + msg
	}
	if !strings.HasSuffix(msg, ".") && !strings.HasSuffix(msg, "?") && !strings.HasSuffix(msg, "!") {
		msg += "."
	}
	return msg
}

// localFields is the field errors of an answer in lang: English keeps
// the messages as they are (the web app puts a phrase after the field's
// label); another language gets each as a whole sentence with the label
// in it, as its grammar needs.
func localFields(lang string, fields map[string]string) map[string]string {
	if lang == i18n.En {
		return fields
	}
	out := make(map[string]string, len(fields))
	for k, v := range fields {
		out[k] = i18n.Translate(lang, fieldSentence(k, v))
	}
	return out
}

// fieldsMessage is the message of a 400 that carries fields, in lang.
func fieldsMessage(lang string, fields map[string]string) string {
	if len(fields) == 1 {
		for k, v := range fields {
			return i18n.Translate(lang, fieldSentence(k, v))
		}
	}
	type named struct {
		label string
		order int
	}
	list := make([]named, 0, len(fields))
	for k := range fields {
		l, o := fieldLabel(k)
		list = append(list, named{l, o})
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].order != list[j].order {
			return list[i].order < list[j].order
		}
		return list[i].label < list[j].label
	})
	labels := make([]string, len(list))
	for i, n := range list {
		labels[i] = i18n.Translate(lang, n.label)
	}
	if lang != i18n.En {
		return i18n.T(lang, "fields.several", "n", strconv.Itoa(len(labels)), "list", i18n.List(lang, labels))
	}
	return "Please correct these " + itoa(len(labels)) + " fields: " + strings.Join(labels[:len(labels)-1], ", ") + " and " + labels[len(labels)-1] + "."
}

// itoa writes small counts as words, as a sentence would.
func itoa(n int) string {
	words := []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
	if n < len(words) {
		return words[n]
	}
	return strconv.Itoa(n)
}
