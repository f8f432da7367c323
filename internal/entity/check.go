package entity

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/nyaruka/phonenumbers"

	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/mail"
)

// Errors maps a field key to what is wrong with its value, in words a
// visitor understands.
type Errors map[string]i18n.Msg

func (e Errors) add(key string, msg i18n.Msg) {
	if _, ok := e[key]; !ok {
		e[key] = msg
	}
}

// Messages shared by every field of a format.
var (
	MsgEmail    = msgs.CheckEnterValidEmailAddressLikeName
	MsgPhone    = msgs.CheckEnterValidPhoneNumberWithCountry
	MsgDate     = msgs.CheckEnterRealDateYearMonthDay
	MsgPast     = msgs.CheckDateMustInPast
	MsgName     = msgs.CheckNameCannotContainOr
	MsgOption   = msgs.CheckChooseOneListedOptions
	MsgControl  = msgs.CheckContainsInvisibleControlCharactersTypeIt
	MsgType     = msgs.FieldHasWrongType
	MsgRequired = msgs.ApiFieldRequired
)

// defaultMax bounds a text field whose definition gives no Max.
const defaultMax = 200

// BadRune reports characters no text may hold: control characters
// (multi-line text may keep newlines and tabs), the invisible
// bidirectional overrides that make text display differently from what
// it is, and the byte-order mark. Right-to-left letters, emoji and
// markup are plain text and allowed.
func BadRune(r rune, multiline bool) bool {
	switch {
	case multiline && (r == '\n' || r == '\t' || r == '\r'):
		return false
	case unicode.IsControl(r):
		return true
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069, r == 0xFEFF:
		return true
	}
	return false
}

// HasBadRune reports whether s holds a character BadRune refuses.
func HasBadRune(s string, multiline bool) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return BadRune(r, multiline) })
}

// NormalizeEmail trims and lower-cases an email address and checks its
// shape; the result is how emails are stored and compared everywhere.
func NormalizeEmail(s string) (string, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return "", msgs.FieldRequired
	}
	if len(s) > 254 {
		return "", errors.New("must be at most 254 characters")
	}
	if _, err := mail.ParseAddress(s); err != nil {
		return "", msgs.FieldMustValidEmailAddress
	}
	return s, nil
}

// dottedDomain reports whether an address's domain has a dot inside it:
// a form's address must reach the wider internet (f@localhost does not).
func dottedDomain(addr string) bool {
	at := strings.LastIndexByte(addr, '@')
	d := addr[at+1:]
	return at > 0 && strings.Contains(d, ".") && !strings.HasSuffix(d, ".") && !strings.HasPrefix(d, ".")
}

// DefaultRegion is the region assumed for phone numbers written without a
// country code: most of the program's people are in India.
const DefaultRegion = "IN"

// NormalizePhone parses a phone number written in any usual way
// (+91 98765 43210, 09876543210, 9876543210) and returns it in E.164
// (+919876543210), so each person has one spelling.
func NormalizePhone(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", msgs.FieldRequired
	}
	if len(s) > 32 {
		return "", msgs.FieldTooLongForPhoneNumber
	}
	for _, r := range s {
		if !(unicode.IsDigit(r) || strings.ContainsRune("+-() .", r)) {
			return "", msgs.FieldMustValidMobileNumber
		}
	}
	num, err := phonenumbers.Parse(s, DefaultRegion)
	if err != nil || !phonenumbers.IsValidNumber(num) {
		return "", msgs.FieldMustValidMobileNumber
	}
	return phonenumbers.Format(num, phonenumbers.E164), nil
}

// MaxOrDefault is the longest text (or the most entries) the field takes.
func (f *Field) MaxOrDefault() int {
	if f.Max > 0 {
		return f.Max
	}
	if f.Kind == List {
		return 20
	}
	return defaultMax
}

func (f *Field) prompt() i18n.Msg {
	if !f.Prompt.IsZero() {
		return f.Prompt
	}
	return MsgRequired
}

// decode reads a raw JSON value as the field's kind (null is the empty
// value).
func (f *Field) decode(raw json.RawMessage) (any, bool) {
	null := string(raw) == "null"
	switch f.Kind {
	case List:
		var v []string
		if !null && json.Unmarshal(raw, &v) != nil {
			return nil, false
		}
		return v, true
	case Bool:
		var v bool
		if !null && json.Unmarshal(raw, &v) != nil {
			return nil, false
		}
		return v, true
	case Int:
		// A number, or the digits a form's text box sends.
		if null {
			return nil, true
		}
		var s string
		if json.Unmarshal(raw, &s) == nil {
			raw = json.RawMessage(strings.TrimSpace(s))
		}
		var n int64
		if json.Unmarshal(raw, &n) != nil {
			return nil, false
		}
		return n, true
	default:
		var v string
		if !null && json.Unmarshal(raw, &v) != nil {
			return nil, false
		}
		return v, true
	}
}

// CheckJSON validates one raw JSON value of the field (see Check); a value
// of the wrong type is refused with MsgType.
func (f *Field) CheckJSON(raw json.RawMessage, now time.Time) (clean any, msg i18n.Msg) {
	v, ok := f.decode(raw)
	if !ok {
		return nil, MsgType
	}
	return f.Check(v, now)
}

// Check validates one value of the field (a string, []string or bool, as
// its kind) and returns it cleaned: trimmed, line ends unified, an email
// lower-cased, a phone number in international form, a list without
// blanks or repeats. msg is "" when the value is accepted.
func (f *Field) Check(v any, now time.Time) (clean any, msg i18n.Msg) {
	switch f.Kind {
	case Bool:
		b, _ := v.(bool)
		if f.Required && !b {
			return b, f.prompt()
		}
		return b, i18n.Msg{}
	case List:
		return f.checkList(v)
	case Int:
		n, ok := v.(int64)
		switch {
		case !ok:
			if f.Required {
				return nil, f.prompt()
			}
			return f.Zero(), i18n.Msg{}
		case f.Range != nil && (float64(n) < f.Range.Min || float64(n) > f.Range.Max):
			return n, f.Range.Message()
		}
		return n, i18n.Msg{}
	}
	s, _ := v.(string)
	s = strings.TrimSpace(s)
	if f.Long {
		s = strings.ReplaceAll(s, "\r\n", "\n")
	}
	switch {
	case s == "":
		if f.Required {
			return s, f.prompt()
		}
		return s, i18n.Msg{}
	case !utf8.ValidString(s) || HasBadRune(s, f.Long):
		return s, MsgControl
	case utf8.RuneCountInString(s) > f.MaxOrDefault():
		return s, msgs.CheckKeepUnderNCharacters.With("n", f.MaxOrDefault())
	}
	switch f.Format {
	case Name:
		if strings.ContainsAny(s, "<>") {
			return s, MsgName
		}
	case Email:
		n, err := NormalizeEmail(s)
		if err != nil || !dottedDomain(n) {
			return s, MsgEmail
		}
		s = n
	case Phone:
		n, err := NormalizePhone(s)
		if err != nil {
			return s, MsgPhone
		}
		s = n
	case Option:
		if !slices.Contains(f.Options, s) {
			return s, MsgOption
		}
	case Date:
		d, err := time.Parse(time.DateOnly, s)
		if err != nil {
			return s, MsgDate
		}
		if f.Past && !d.Before(now) {
			return s, MsgPast
		}
		if (f.MinDate != "" && s < f.MinDate) || (f.MaxDate != "" && s > f.MaxDate) {
			return s, f.RangeMsg
		}
	default:
		if clean, msg, ok := checkSiteFormat(f.Format, s); ok {
			return clean, msg
		}
	}
	return s, i18n.Msg{}
}

func (f *Field) checkList(v any) (any, i18n.Msg) {
	in, _ := v.([]string)
	out := []string{}
	seen := map[string]bool{}
	for _, item := range in {
		item = strings.TrimSpace(item)
		if item == "" || seen[item] {
			continue
		}
		seen[item] = true
		if !utf8.ValidString(item) || HasBadRune(item, false) {
			return out, MsgControl
		}
		if len(f.Options) > 0 && !slices.Contains(f.Options, item) {
			return out, MsgOption
		}
		if utf8.RuneCountInString(item) > defaultMax {
			return out, msgs.CheckKeepEachEntryUnderNCharacters.With("n", defaultMax)
		}
		out = append(out, item)
	}
	if len(out) > f.MaxOrDefault() {
		return out, MsgOption
	}
	if f.Required && len(out) == 0 {
		return out, f.prompt()
	}
	return out, i18n.Msg{}
}

// CheckForm validates a public form's body: every Form field, then the
// rules across fields (one way to reach the person; the box a choice
// reveals). It returns the clean value of every Form field, and the
// problems found.
func (e *Entity) CheckForm(body map[string]json.RawMessage, now time.Time) (map[string]any, Errors) {
	errs := Errors{}
	values := map[string]any{}
	for i := range e.Fields {
		f := &e.Fields[i]
		if !f.Form {
			continue
		}
		raw, ok := body[f.Key]
		if !ok {
			raw = json.RawMessage("null")
		}
		v, ok := f.decode(raw)
		if !ok {
			errs.add(f.Key, MsgType)
			continue
		}
		clean, msg := f.Check(v, now)
		if !msg.IsZero() {
			errs.add(f.Key, msg)
		}
		values[f.Key] = clean
	}
	for i := range e.Fields {
		f := &e.Fields[i]
		if !f.Form || f.RevealedBy == nil {
			continue
		}
		chosen, _ := values[f.RevealedBy.Key].([]string)
		if !slices.Contains(chosen, f.RevealedBy.Option) {
			values[f.Key] = "" // the box belongs to the choice: cleared without it
			delete(errs, f.Key)
			continue
		}
		if values[f.Key] == "" {
			errs.add(f.Key, f.prompt())
		}
	}
	e.checkAnyOf(errs, func(k string) any { return values[k] }, nil)
	return values, errs
}

// CheckEdit validates an admin edit's body against the record as stored
// (before). Only editable fields are read; a field whose value is the one
// stored is not checked again, so a record saved under older or looser
// rules can still be edited in its other fields. The fields that change
// get the public form's rules, and so do the rules across fields when
// one of their fields changes. It returns the clean values of the fields
// that change.
func (e *Entity) CheckEdit(body map[string]json.RawMessage, before Getter, now time.Time) (map[string]any, Errors) {
	errs := Errors{}
	changed := map[string]any{}
	for i := range e.Fields {
		f := &e.Fields[i]
		raw, ok := body[f.Key]
		if !f.Editable || !ok {
			continue
		}
		v, ok := f.decode(raw)
		if !ok {
			errs.add(f.Key, MsgType)
			continue
		}
		if same(v, before(f.Key)) {
			continue
		}
		clean, msg := f.Check(v, now)
		if !msg.IsZero() {
			errs.add(f.Key, msg)
			continue
		}
		if !same(clean, before(f.Key)) {
			changed[f.Key] = clean
		}
	}
	after := func(k string) any {
		if v, ok := changed[k]; ok {
			return v
		}
		return before(k)
	}
	e.checkAnyOf(errs, after, changed)
	return changed, errs
}

// checkAnyOf applies the AnyOf rules; with changed given, only the rules
// one of whose fields changes.
func (e *Entity) checkAnyOf(errs Errors, get Getter, changed map[string]any) {
	for _, rule := range e.AnyOf {
		touched := changed == nil
		given := false
		for _, k := range rule.Keys {
			if _, ok := changed[k]; ok {
				touched = true
			}
			if s, _ := get(k).(string); strings.TrimSpace(s) != "" {
				given = true
			}
		}
		if touched && !given {
			for _, k := range rule.Keys {
				errs.add(k, rule.Message)
			}
		}
	}
}

// same reports whether a decoded value equals the stored one (strings
// compared after trimming).
func same(a, b any) bool {
	switch av := a.(type) {
	case string:
		bv, ok := b.(string)
		return ok && strings.TrimSpace(av) == bv
	case []string:
		bv, ok := b.([]string)
		if !ok {
			return false
		}
		var trimmed []string
		for _, s := range av {
			if s = strings.TrimSpace(s); s != "" {
				trimmed = append(trimmed, s)
			}
		}
		return slices.Equal(trimmed, bv) || (len(trimmed) == 0 && len(bv) == 0)
	case bool:
		bv, ok := b.(bool)
		return ok && av == bv
	case int64:
		switch bv := b.(type) {
		case int:
			return av == int64(bv)
		case int64:
			return av == bv
		}
	}
	return false
}
