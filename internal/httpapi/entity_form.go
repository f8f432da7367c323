package httpapi

import (
	"context"
	"net/http"
	"time"

	"spdc/internal/entity"
	"spdc/internal/i18n"
	"spdc/internal/store"
)

// entityForm is a public form that saves one record of its entity and
// thanks its sender: the volunteer registration and the host offer. What
// differs between them is said here; submitEntityForm does the rest.
type entityForm[T any] struct {
	def     *entity.Entity
	form    string   // the form's name in mails ("volunteer", "host")
	answer  string   // the key the saved record is answered under
	message i18n.Msg // what the sender is told
	// parts points at the record's fields the flow fills in or reads.
	parts func(*T) formParts
	// insert saves the record, keeping drawn as its reference unless
	// another row took it meanwhile.
	insert func(ctx context.Context, q store.Querier, rec *T, now time.Time, drawn string) error
}

// formParts are the fields of a form's record that every form has.
type formParts struct {
	userID, language, id, email, ref *string
	createdAt                        *time.Time
}

// submitEntityForm answers a public form's POST: the record is checked
// against its definition (a signed-in helper's contact details standing in
// where the form allows it), then saved with its consent, the thank-you to
// its sender and the program's copy, all in one transaction, within the
// form limits (per client, or per trusted account) and per-recipient limits
// (see takeFormLimits, formAcknowledge).
func submitEntityForm[T any](s *Server, w http.ResponseWriter, r *http.Request, f entityForm[T]) error {
	body, err := readSentForm(r)
	if err != nil {
		return err
	}
	now := s.now()
	standIn(body, f.def.Name, currentUser(r))
	rec, err := checkRecord[T](f.def, body, now)
	if err != nil {
		return err
	}
	p := f.parts(rec)
	*p.userID, *p.language = formUserID(r), i18n.FromRequest(r)
	// The reference is drawn, and the thank-you quoting it written, before
	// the transaction; inside, a reference another row took meanwhile
	// means a new one and a thank-you written again.
	drawn := store.NewRef(f.def.Name)
	ack := s.draftAcknowledge(r, now, *p.email, f.form, drawn)
	err = s.store.InTx(r.Context(), func(tx *store.Tx) error {
		ctx := r.Context()
		if err := s.takeFormLimits(ctx, tx, r, now); err != nil {
			return err
		}
		if err := f.insert(ctx, tx, rec, now, drawn); err != nil {
			return err
		}
		if err := recordConsent(ctx, tx, body, f.def.Name, *p.id, *p.userID, now); err != nil {
			return err
		}
		if err := s.formAcknowledgeDraft(ctx, tx, r, now, *p.email, f.form, *p.ref, ack); err != nil {
			return err
		}
		return s.formAdminCopy(ctx, tx, now, f.form, f.def, rec)
	})
	if err != nil {
		return err
	}
	s.notify()
	writeJSON(w, r, http.StatusCreated, received(map[string]any{"message": f.message, f.answer: f.def.Values(entity.StructGetter(rec))}, *p.ref, *p.createdAt))
	return nil
}
