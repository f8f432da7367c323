package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"spdc/internal/entity"
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/mail"
	"spdc/internal/outbox"
	"spdc/internal/store"
)

// What the public form endpoints share: reading a form against its
// entity's definition, the checks of the few fields that belong to no
// entity (the temple president's answer), and the mail every submission
// sends.

// Bounds of the fields that belong to no entity, in characters.
const (
	maxShort  = 200  // a position or title
	maxReason = 1000 // decline reason
)

// readForm decodes the JSON object a request sends: a public form, or an
// admin's edit of a record.
func readForm(r *http.Request) (map[string]json.RawMessage, error) {
	var body map[string]json.RawMessage
	if err := decodeJSON(r, &body, false); err != nil {
		return nil, err
	}
	if body == nil {
		return nil, errorf(http.StatusBadRequest, msgs.ApiRequestBodyMustJsonObject)
	}
	return body, nil
}

// readSentForm reads one of the public forms people send (registrations,
// offers, messages, gifts): refused when sent with a session that has
// ended (formSession), then decoded as readForm does.
func readSentForm(r *http.Request) (map[string]json.RawMessage, error) {
	if err := formSession(r); err != nil {
		return nil, err
	}
	return readForm(r)
}

// checkForm validates body against the entity's public rules and writes
// the clean values into dst (a store record). It returns the problems
// found, keyed by field, for the caller to add its own to.
func checkForm(e *entity.Entity, body map[string]json.RawMessage, now time.Time, dst any) FieldErrors {
	values, errs := e.CheckForm(body, now)
	entity.SetStruct(dst, values)
	return FieldErrors(errs)
}

// checkRecord validates body against the entity's public rules into a new
// record of type T (see checkForm), with the problems found as a 400.
func checkRecord[T any](e *entity.Entity, body map[string]json.RawMessage, now time.Time) (*T, error) {
	rec := new(T)
	return rec, checkForm(e, body, now, rec).Err()
}

// checkFormStrict is checkForm for an admin's request, which names only
// the entity's form fields: any other key is refused under its name
// rather than ignored, so a mistyped or forbidden field is never dropped
// silently.
func checkFormStrict(e *entity.Entity, body map[string]json.RawMessage, now time.Time, dst any) FieldErrors {
	fe := checkForm(e, body, now, dst)
	for k := range body {
		if f := e.Field(k); f == nil || !f.Form {
			fe.Add(k, msgs.FieldNotFieldThatCanSet)
		}
	}
	return fe
}

// hasBadRune reports whether s holds a character no text may hold.
func hasBadRune(s string, multiline bool) bool { return entity.HasBadRune(s, multiline) }

// formInput checks the fields of a form that no entity describes.
type formInput struct{ errs FieldErrors }

func newFormInput() *formInput { return &formInput{errs: FieldErrors{}} }

// field checks v with the rules of def, reporting under the name field.
func (f *formInput) field(field, v string, def entity.Field) string {
	clean, msg := def.Check(v, time.Now())
	if !msg.IsZero() {
		f.errs.Add(field, msg)
	}
	s, _ := clean.(string)
	return s
}

func rule(required i18n.Msg, max int, long bool, format entity.Format) entity.Field {
	return entity.Field{Kind: entity.Text, Required: !required.IsZero(), Prompt: required, Max: max, Long: long, Format: format}
}

// text trims a text value and checks it: required (when requiredMsg is not
// empty), at most max characters, no forbidden characters.
func (f *formInput) text(field, v string, requiredMsg i18n.Msg, max int, multiline bool) string {
	return f.field(field, v, rule(requiredMsg, max, multiline, entity.Plain))
}

// name is a one-line person's name: text without angle brackets.
func (f *formInput) name(field, v string, requiredMsg i18n.Msg) string {
	return f.field(field, v, rule(requiredMsg, 120, false, entity.Name))
}

// email checks an email address and returns it lower-cased.
func (f *formInput) email(field, v string, requiredMsg i18n.Msg) string {
	return f.field(field, v, rule(requiredMsg, 254, false, entity.Email))
}

// phone checks a phone number and returns it in international form.
func (f *formInput) phone(field, v string, requiredMsg i18n.Msg) string {
	return f.field(field, v, rule(requiredMsg, 32, false, entity.Phone))
}

// date checks a YYYY-MM-DD calendar date and returns it with its time.
func (f *formInput) date(field, v string, requiredMsg i18n.Msg) (string, time.Time, bool) {
	s := f.field(field, v, rule(requiredMsg, 10, false, entity.Date))
	if _, bad := f.errs[field]; bad || s == "" {
		return s, time.Time{}, false
	}
	t, _ := time.Parse(time.DateOnly, s)
	return s, t, true
}

func (f *formInput) err() error { return f.errs.Err() }

// formMail renders a message and enqueues it in tx; a renderer failure
// rolls the whole submission back, so nothing is saved without its mail.
func formMail(ctx context.Context, tx *store.Tx, now time.Time, build func() (mail.Message, error)) error {
	m, err := build()
	if err != nil {
		return err
	}
	return outbox.Enqueue(ctx, tx, now, m)
}

// formAdminCopy enqueues a copy of a new submission for SPDC_ADMIN_NOTIFY,
// when it is set: the form's fields under the entity's labels.
// The admins who chose to hear of each submission at once get the same
// copy.
func (s *Server) formAdminCopy(ctx context.Context, tx *store.Tx, now time.Time, form string, e *entity.Entity, record any) error {
	to, err := staffImmediate(ctx, tx, s.cfg.AdminNotify)
	if err != nil || len(to) == 0 {
		return err
	}
	var fields []mail.Field
	for _, l := range e.FormLines(entity.StructGetter(record)) {
		fields = append(fields, mail.Field{Label: l.Label, Value: l.Value})
	}
	id, _ := entity.StructGetter(record)("_id").(string)
	for _, addr := range to {
		if err := formMail(ctx, tx, now, func() (mail.Message, error) {
			m, err := s.mail.AdminCopy(addr, form, fields)
			m.About = id
			return m, err
		}); err != nil {
			return err
		}
	}
	return nil
}

// formUserID is the id of the signed-in user, or "".
func formUserID(r *http.Request) string {
	if u := currentUser(r); u != nil {
		return u.ID
	}
	return ""
}
