package india

import (
	"sort"
	"strings"
)

// Problem is a refused input. Its message is a plain sentence fit to show to
// the person who typed the value; Code is stable for programs and tests.
type Problem struct {
	Code    string
	Message string
}

// Error returns the message meant for people.
func (p *Problem) Error() string { return p.Message }

func problem(code, message string) *Problem { return &Problem{Code: code, Message: message} }

// FieldErrors maps an API field name to what is wrong with it. It is the
// shape of the "errors" object of a 400 answer.
type FieldErrors map[string]string

// Error lists the fields and their messages in a stable order.
func (fe FieldErrors) Error() string {
	keys := make([]string, 0, len(fe))
	for k := range fe {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, k+": "+fe[k])
	}
	return "india: invalid input: " + strings.Join(parts, "; ")
}

// add records the first message for a field; later ones are less useful
// because they usually follow from the first.
func (fe FieldErrors) add(field, message string) {
	if _, ok := fe[field]; !ok {
		fe[field] = message
	}
}
