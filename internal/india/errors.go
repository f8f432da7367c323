package india

import (
	"sort"
	"strings"

	"spdc/internal/i18n"
)

// Problem is a refused input. Its message is a plain sentence fit to show to
// the person who typed the value, by its catalogue key so that it can be
// said in their language; Code is stable for programs and tests.
type Problem struct {
	Code    string
	Message i18n.Msg
}

// Error returns the message meant for people, in English.
func (p *Problem) Error() string { return p.Message.En() }

// Say is the problem's message.
func (p *Problem) Say() i18n.Msg { return p.Message }

func problem(code string, message i18n.Msg) *Problem { return &Problem{Code: code, Message: message} }

// FieldErrors maps an API field name to what is wrong with it. It is the
// shape of the "errors" object of a 400 answer.
type FieldErrors map[string]i18n.Msg

// Error lists the fields and their messages in a stable order.
func (fe FieldErrors) Error() string {
	keys := make([]string, 0, len(fe))
	for k := range fe {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, k+": "+fe[k].Phrase())
	}
	return "india: invalid input: " + strings.Join(parts, "; ")
}

// add records the first message for a field; later ones are less useful
// because they usually follow from the first.
func (fe FieldErrors) add(field string, message i18n.Msg) {
	if _, ok := fe[field]; !ok {
		fe[field] = message
	}
}
