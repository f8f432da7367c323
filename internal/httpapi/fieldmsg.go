package httpapi

import (
	"sort"
	"strconv"
	"strings"
	"unicode"

	"spdc/internal/entity"
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
)

// The top-level message of a 400 with field errors names what to fix, so
// a client that shows only `message` (an old app, a screen reader reading
// one alert) still tells the person: one problem is said in full
// ("Password must be at least 10 characters."), several are listed by
// their fields ("Please correct these 3 fields: Full name, Email and
// Password.").

// msgFixFields is the old generic message; writeError replaces it (and an
// empty message) by the specific one whenever field errors come with it.
var msgFixFields = msgs.ApiCorrectHighlightedFields

// extraLabels names the fields of calls that no entity describes.
var extraLabels = map[string]i18n.Msg{
	"password":           msgs.LabelPassword,
	"newPassword":        msgs.LabelNewPassword,
	"currentPassword":    msgs.LabelCurrentPassword,
	"identifier":         msgs.LabelEmailOrPhone,
	"token":              msgs.LabelLink,
	"reason":             msgs.LabelReason,
	"statement":          msgs.LabelStatement,
	"referrerId":         msgs.LabelTemplePresident,
	"referrerName":       msgs.LabelReferrerName,
	"referrerPosition":   msgs.LabelPosition,
	"referrerContact":    msgs.LabelContactNumber,
	"referrerEmail":      msgs.LabelEmail,
	"referrerSignature":  msgs.LabelReferrerSignature,
	"referrerSignedOn":   msgs.LabelReferrerDate,
	"applicantSignature": msgs.LabelApplicantSignature,
	"applicantSignedOn":  msgs.LabelApplicantDate,
	"alt":                msgs.LabelDescription,
	"__v":                msgs.LabelVersion,
	"q":                  msgs.LabelSearch,
	"pageSize":           msgs.LabelPageSize,
	"code":               msgs.LabelCode,
	"challenge":          msgs.LabelSignInStep,
}

// fieldLabel is the plain name of a field: its entity label when an
// entity has the field, else a known name, else its key in words
// ("nearestCenter" → "Nearest center", the same in every language). The
// second result orders fields as the forms show them.
func fieldLabel(key string) (i18n.Msg, int) {
	if l, ok := extraLabels[key]; ok {
		return l, 500
	}
	for _, e := range entity.All {
		for i, f := range e.Fields {
			if f.Key == key && !f.LabelMsg.IsZero() {
				return f.LabelMsg, i
			}
		}
	}
	return i18n.Verbatim(keyWords(key)), 1000
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

// fieldSentence is one field's problem as a sentence in lang: a message
// written after the field's label ("{label} must be a valid email
// address.") gets the label; a whole sentence stays as it is.
func fieldSentence(lang, key string, m i18n.Msg) string {
	if m.IsPhrase() {
		label, _ := fieldLabel(key)
		return m.With("label", label).In(lang)
	}
	s := m.In(lang)
	if lang == i18n.En && !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "?") && !strings.HasSuffix(s, "!") {
		s += "." // a sentence ends with its full stop, as the message says it
	}
	return s
}

// localFields is the field errors of an answer in lang: English keeps
// each message as a phrase after the field's name (the web app puts the
// field's label before it); another language gets each as a whole
// sentence with the label in it, as its grammar needs.
func localFields(lang string, fields map[string]i18n.Msg) map[string]string {
	out := make(map[string]string, len(fields))
	for k, v := range fields {
		if lang == i18n.En {
			out[k] = v.Phrase()
		} else {
			out[k] = fieldSentence(lang, k, v)
		}
	}
	return out
}

// fieldsMessage is the message of a 400 that carries fields, in lang.
func fieldsMessage(lang string, fields map[string]i18n.Msg) string {
	if len(fields) == 1 {
		for k, v := range fields {
			return fieldSentence(lang, k, v)
		}
	}
	type named struct {
		label string
		order int
	}
	list := make([]named, 0, len(fields))
	for k := range fields {
		l, o := fieldLabel(k)
		list = append(list, named{l.In(lang), o})
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].order != list[j].order {
			return list[i].order < list[j].order
		}
		return list[i].label < list[j].label
	})
	labels := make([]string, len(list))
	for i, n := range list {
		labels[i] = n.label
	}
	n := strconv.Itoa(len(labels))
	if lang == i18n.En {
		n = itoa(len(labels))
	}
	return msgs.FieldsSeveral.With("n", n).With("list", i18n.List(lang, labels)).In(lang)
}

// itoa writes small counts as words, as an English sentence does.
func itoa(n int) string {
	words := []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
	if n < len(words) {
		return words[n]
	}
	return strconv.Itoa(n)
}
