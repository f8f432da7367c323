package httpapi

import (
	"encoding/json"
	"net/http"
	"time"

	"spdc/internal/entity"

	"spdc/internal/store"

	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
)

// checkVolunteer validates a volunteer registration against the
// volunteer's definition.
func checkVolunteer(body map[string]json.RawMessage, now time.Time) (*store.Volunteer, error) {
	v := &store.Volunteer{}
	return v, checkForm(entity.Volunteers, body, now, v).Err()
}

// registerVolunteer answers POST /api/volunteers/register: it saves the
// registration, links it to the signed-in user, and acknowledges by email
// (with a copy to SPDC_ADMIN_NOTIFY), all in one transaction, within the
// form limits (per client, or per trusted account) and per-recipient limits
// (see takeFormLimits, formAcknowledge).
func (s *Server) registerVolunteer(w http.ResponseWriter, r *http.Request) error {
	if err := formSession(r); err != nil {
		return err
	}
	body, err := readForm(r)
	if err != nil {
		return err
	}
	now := s.now()
	v, err := checkVolunteer(body, now)
	if err != nil {
		return err
	}
	v.UserID, v.Language = formUserID(r), i18n.FromRequest(r)
	// The reference is drawn, and the thank-you quoting it written, before
	// the transaction; inside, a reference another row took meanwhile
	// means a new one and a thank-you written again.
	drawn := store.NewRef("volunteers")
	ack := s.draftAcknowledge(r, now, v.Email, "volunteer", drawn)
	err = s.store.InTx(r.Context(), func(tx *store.Tx) error {
		ctx := r.Context()
		if err := s.takeFormLimits(ctx, tx, r, now); err != nil {
			return err
		}
		if err := store.InsertVolunteerRef(ctx, tx, v, now, drawn); err != nil {
			return err
		}
		if err := recordConsent(ctx, tx, body, "volunteers", v.ID, v.UserID, now); err != nil {
			return err
		}
		if err := s.formAcknowledgeDraft(ctx, tx, r, now, v.Email, "volunteer", v.Ref, ack); err != nil {
			return err
		}
		return s.formAdminCopy(ctx, tx, now, "volunteer", entity.Volunteers, v)
	})
	if err != nil {
		return err
	}
	s.notify()
	writeJSON(w, r, http.StatusCreated, received(map[string]any{"message": msgs.FormVolunteerFormSubmittedSuccessfully, "volunteer": entity.Volunteers.Values(entity.StructGetter(v))}, v.Ref, v.CreatedAt))
	return nil
}
