package i18n

import (
	"errors"
	"strconv"
	"strings"
)

// Msg is a message the server says to a person: a key of the catalogue
// and the values of its placeholders. It is written in a language only
// when an answer, a mail or a file is made (In), so the code that decides
// what to say never holds English text. Msg is also an error whose text
// is the English message, for the packages that refuse input with it.
type Msg struct {
	key  string
	text string // a text said as it is in every language, when key is ""
	args []arg
}

// arg is one placeholder's value: a string said as it is, a number, or
// another message written in the same language.
type arg struct {
	name string
	val  any
}

// Key is the message of the catalogue's entry id. The generated package
// msgs names every entry, so a key the catalogue lacks does not compile;
// Key itself panics on an unknown id, which only a programming mistake
// reaches.
func Key(id string) Msg {
	if _, ok := byID[id]; !ok {
		panic("i18n: no catalogue entry " + strconv.Quote(id))
	}
	return Msg{key: id}
}

// Lookup is the message of id and whether the catalogue has it, for
// keys made from stable values (a choice's stored value).
func Lookup(id string) (Msg, bool) {
	if _, ok := byID[id]; !ok {
		return Msg{}, false
	}
	return Msg{key: id}, true
}

// Verbatim is a message that is the same in every language: a name, a
// number, a code, a text a person typed.
func Verbatim(s string) Msg { return Msg{text: s} }

// With is m with the placeholder {name} set to v: a string or a
// Stringer is said as it is, an int in digits, a Msg in the language of
// the whole.
func (m Msg) With(name string, v any) Msg {
	args := make([]arg, len(m.args), len(m.args)+1)
	copy(args, m.args)
	m.args = append(args, arg{name, v})
	return m
}

// ID is m's key in the catalogue ("" for a verbatim text).
func (m Msg) ID() string { return m.key }

// IsZero reports whether m says nothing (an accepted value's message).
func (m Msg) IsZero() bool { return m.key == "" && m.text == "" }

// In writes m in lang (English for an unknown language).
func (m Msg) In(lang string) string {
	if m.key == "" {
		return m.text
	}
	t, ok := byID[m.key]
	if !ok {
		return m.key
	}
	return m.fill(lang, t.In(lang))
}

func (m Msg) fill(lang, s string) string {
	if len(m.args) == 0 {
		return s
	}
	pairs := make([]string, 0, 2*len(m.args))
	for _, a := range m.args {
		pairs = append(pairs, "{"+a.name+"}", argText(lang, a.val))
	}
	return strings.NewReplacer(pairs...).Replace(s)
}

func argText(lang string, v any) string {
	switch v := v.(type) {
	case Msg:
		return v.In(lang)
	case []Msg:
		parts := make([]string, len(v))
		for i, p := range v {
			parts[i] = p.In(lang)
		}
		return List(lang, parts)
	case Sentences:
		parts := make([]string, len(v))
		for i, p := range v {
			parts[i] = p.In(lang)
		}
		return strings.Join(parts, " ")
	case Choices:
		if len(v) == 0 {
			return ""
		}
		if len(v) == 1 {
			return v[0]
		}
		return strings.Join(v[:len(v)-1], ", ") + " " + T(lang, "list.or") + " " + v[len(v)-1]
	case string:
		return v
	case int:
		return strconv.Itoa(v)
	case int64:
		return strconv.FormatInt(v, 10)
	case interface{ String() string }:
		return v.String()
	}
	return ""
}

// Sentences are whole sentences a placeholder says one after another,
// each in the reader's language.
type Sentences []Msg

// Choices are stored values a placeholder lists as alternatives ("a, b
// or c"), the values as they are and the "or" in the reader's language.
type Choices []string

// En is m in English.
func (m Msg) En() string { return m.In(En) }

// Error is m in English, so that a Msg can be returned as an error.
func (m Msg) Error() string { return m.En() }

// String is m in English.
func (m Msg) String() string { return m.En() }

// Phrase is a field's problem as the English answer has always given it,
// after the field's name: the entry "{label} must be a valid email
// address." is the phrase "must be a valid email address". A message that
// is a whole sentence stays whole.
func (m Msg) Phrase() string {
	s := m.En()
	if t, ok := byID[m.key]; ok && strings.HasPrefix(t.En, "{label} ") {
		s = strings.TrimPrefix(s, "{label} ")
		s = strings.TrimSuffix(s, ".")
	}
	return s
}

// IsPhrase reports whether m is written after a field's label ({label}
// starts it).
func (m Msg) IsPhrase() bool {
	t, ok := byID[m.key]
	return ok && strings.HasPrefix(t.En, "{label} ")
}

// Sayer is an error that says what went wrong as a message of the
// catalogue (a Msg itself, a refused amount or PAN).
type Sayer interface {
	error
	Say() Msg
}

// Say is m itself, so that a Msg returned as an error is a Sayer.
func (m Msg) Say() Msg { return m }

// FromError is the message err carries: the first Sayer in its chain,
// else its text as it is.
func FromError(err error) Msg {
	var s Sayer
	if errors.As(err, &s) {
		return s.Say()
	}
	return Verbatim(err.Error())
}
