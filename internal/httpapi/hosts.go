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

// checkHost validates a host offer against the host's definition.
func checkHost(body map[string]json.RawMessage, now time.Time) (*store.Host, error) {
	h := &store.Host{}
	return h, checkForm(entity.Hosts, body, now, h).Err()
}

// registerHost answers POST /api/hosts/register: it saves the offer, links
// it to the signed-in user, and acknowledges by email when an address was
// given, within the form limits (see formLimits) and per-recipient limits.
func (s *Server) registerHost(w http.ResponseWriter, r *http.Request) error {
	if err := formSession(r); err != nil {
		return err
	}
	body, err := readForm(r)
	if err != nil {
		return err
	}
	now := s.now()
	standIn(body, "hosts", currentUser(r))
	h, err := checkHost(body, now)
	if err != nil {
		return err
	}
	h.UserID, h.Language = formUserID(r), i18n.FromRequest(r)
	err = s.store.InTx(r.Context(), func(tx *store.Tx) error {
		ctx := r.Context()
		if err := s.takeFormLimits(ctx, tx, r, now); err != nil {
			return err
		}
		if err := store.InsertHost(ctx, tx, h, now); err != nil {
			return err
		}
		if err := recordConsent(ctx, tx, body, "hosts", h.ID, h.UserID, now); err != nil {
			return err
		}
		if err := s.formAcknowledge(ctx, tx, r, now, h.Email, "host", h.Ref); err != nil {
			return err
		}
		return s.formAdminCopy(ctx, tx, now, "host", entity.Hosts, h)
	})
	if err != nil {
		return err
	}
	s.notify()
	writeJSON(w, r, http.StatusCreated, received(map[string]any{"message": msgs.FormHostFormSubmittedSuccessfullyThankFor, "host": entity.Hosts.Values(entity.StructGetter(h))}, h.Ref, h.CreatedAt))
	return nil
}
