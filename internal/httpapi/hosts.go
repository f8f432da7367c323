package httpapi

import (
	"net/http"

	"spdc/internal/entity"
	"spdc/internal/i18n/msgs"
	"spdc/internal/store"
)

// hostOffer is the offer to host an elder (see submitEntityForm).
var hostOffer = entityForm[store.Host]{
	def: entity.Hosts, form: "host", answer: "host",
	message: msgs.FormHostFormSubmittedSuccessfullyThankFor,
	parts: func(h *store.Host) formParts {
		return formParts{&h.UserID, &h.Language, &h.ID, &h.Email, &h.Ref, &h.CreatedAt}
	},
	insert: store.InsertHostRef,
}

// registerHost answers POST /api/hosts/register: it saves the offer, links
// it to the signed-in user (or takes a signed-in helper's contact details
// for an elder without their own), and acknowledges by email when an
// address was given.
func (s *Server) registerHost(w http.ResponseWriter, r *http.Request) error {
	return submitEntityForm(s, w, r, hostOffer)
}
