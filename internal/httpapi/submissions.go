package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"spdc/internal/auth"
	"spdc/internal/mail"
	"spdc/internal/outbox"
	"spdc/internal/store"
)

// This file holds what the form endpoints share (input checks, mail) and
// GET /api/users/me/submissions.

// Bounds of form fields, in characters.
const (
	maxName      = 120
	maxShort     = 200  // country, nearest center, subject, "other" boxes
	maxAddress   = 500  // postal address
	maxLongText  = 4000 // experience, motivation, why host, message
	maxReason    = 1000 // decline reason
	maxListItems = 20
)

// formInput checks one form's fields and collects the problems.
type formInput struct{ errs FieldErrors }

func newFormInput() *formInput { return &formInput{errs: FieldErrors{}} }

// badRune reports characters no text field may hold (forms, accounts,
// admin edits): control characters (multi-line text may keep newlines and
// tabs), the invisible bidirectional overrides that make text display
// differently from what it is, and the byte-order mark. Right-to-left
// letters, emoji and markup are plain text and allowed.
func badRune(r rune, multiline bool) bool {
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

// hasBadRune reports whether s holds a character badRune refuses.
func hasBadRune(s string, multiline bool) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return badRune(r, multiline) })
}

// text trims a text value and checks it: required (when requiredMsg is not
// empty), at most max characters, no forbidden characters.
func (f *formInput) text(field, v, requiredMsg string, max int, multiline bool) string {
	v = strings.TrimSpace(v)
	if multiline {
		v = strings.ReplaceAll(v, "\r\n", "\n")
	}
	switch {
	case v == "":
		if requiredMsg != "" {
			f.errs.Add(field, requiredMsg)
		}
	case utf8.RuneCountInString(v) > max:
		f.errs.Add(field, "Please keep this under "+strconv.Itoa(max)+" characters.")
	case hasBadRune(v, multiline):
		f.errs.Add(field, "This contains invisible control characters; please type it again.")
	}
	return v
}

// name is a one-line person's name: text without angle brackets.
func (f *formInput) name(field, v, requiredMsg string) string {
	v = f.text(field, v, requiredMsg, maxName, false)
	if strings.ContainsAny(v, "<>") {
		f.errs.Add(field, "A name cannot contain < or >.")
	}
	return v
}

// email checks an email address and returns it lower-cased.
func (f *formInput) email(field, v, requiredMsg string) string {
	v = strings.TrimSpace(v)
	if v == "" {
		if requiredMsg != "" {
			f.errs.Add(field, requiredMsg)
		}
		return ""
	}
	out, err := auth.NormalizeEmail(v)
	if err != nil {
		f.errs.Add(field, "Please enter a valid email address, like name@example.org.")
		return v
	}
	return out
}

// phone checks a phone number and returns it in international form
// (+919876543210); numbers without a country code are read as Indian.
func (f *formInput) phone(field, v, requiredMsg string) string {
	v = strings.TrimSpace(v)
	if v == "" {
		if requiredMsg != "" {
			f.errs.Add(field, requiredMsg)
		}
		return ""
	}
	out, err := auth.NormalizeMobile(v)
	if err != nil {
		f.errs.Add(field, "Please enter a valid phone number, with the country code (like +44) if it is not an Indian number.")
		return v
	}
	return out
}

// date checks a YYYY-MM-DD calendar date and returns it with its time.
func (f *formInput) date(field, v, requiredMsg string) (string, time.Time, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		if requiredMsg != "" {
			f.errs.Add(field, requiredMsg)
		}
		return "", time.Time{}, false
	}
	t, err := time.Parse(time.DateOnly, v)
	if err != nil {
		f.errs.Add(field, "Please enter a real date (year-month-day).")
		return v, time.Time{}, false
	}
	return v, t, true
}

// option checks a value against a list of allowed choices ("" allowed
// unless requiredMsg is given).
func (f *formInput) option(field, v, requiredMsg string, allowed []string) string {
	if v == "" {
		if requiredMsg != "" {
			f.errs.Add(field, requiredMsg)
		}
		return ""
	}
	for _, a := range allowed {
		if v == a {
			return v
		}
	}
	f.errs.Add(field, "Please choose one of the listed options.")
	return v
}

// options checks a multiple choice: each value allowed, no repeats.
func (f *formInput) options(field string, vs []string, allowed []string) []string {
	out := []string{}
	if len(vs) > maxListItems {
		f.errs.Add(field, "Please choose from the listed options.")
		return out
	}
	seen := map[string]bool{}
	for _, v := range vs {
		if seen[v] {
			continue
		}
		seen[v] = true
		ok := false
		for _, a := range allowed {
			if v == a {
				ok = true
			}
		}
		if !ok {
			f.errs.Add(field, "Please choose only from the listed options.")
			return out
		}
		out = append(out, v)
	}
	return out
}

func (f *formInput) err() error { return f.errs.Err() }

// formContains reports whether list holds v.
func formContains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

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
// when it is set.
func (s *Server) formAdminCopy(ctx context.Context, tx *store.Tx, now time.Time, form string, fields []mail.Field) error {
	if s.cfg.AdminNotify == "" {
		return nil
	}
	return formMail(ctx, tx, now, func() (mail.Message, error) { return s.mail.AdminCopy(s.cfg.AdminNotify, form, fields) })
}

// formUserID is the id of the signed-in user, or "".
func formUserID(r *http.Request) string {
	if u := currentUser(r); u != nil {
		return u.ID
	}
	return ""
}

// submissionJSON is one row of My Account's submissions list.
type submissionJSON struct {
	ID        string    `json:"_id"`
	Type      string    `json:"type"` // volunteer, disciple, host
	Name      string    `json:"name"`
	Status    string    `json:"status"` // received, awaiting confirmation, confirmed — needs review, confirmed, declined, not accepted, expired
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// submissionStatus turns a stored status into the words My Account shows.
func submissionStatus(kind, status string) string {
	if kind != "disciple" {
		return "received"
	}
	switch status {
	case store.DiscipleApproved:
		return "confirmed"
	case store.DiscipleDeclined:
		return "declined"
	case store.DiscipleExpired:
		return "expired"
	case store.DiscipleReview:
		return store.DiscipleReviewShown
	case store.DiscipleRejected:
		return "not accepted"
	default:
		return "awaiting confirmation"
	}
}

// mySubmissions answers GET /api/users/me/submissions: the signed-in
// user's volunteer, disciple and host submissions, newest first.
func (s *Server) mySubmissions(w http.ResponseWriter, r *http.Request) {
	subs, err := s.store.SubmissionsOfUser(r.Context(), currentUser(r).ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := make([]submissionJSON, 0, len(subs))
	for _, sub := range subs {
		out = append(out, submissionJSON{ID: sub.ID, Type: sub.Kind, Name: sub.Title, Status: submissionStatus(sub.Kind, sub.Status),
			CreatedAt: sub.CreatedAt, UpdatedAt: sub.UpdatedAt})
	}
	writeJSON(w, http.StatusOK, out)
}
