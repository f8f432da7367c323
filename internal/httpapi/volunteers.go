package httpapi

import (
	"net/http"

	"spdc/internal/entity"
	"spdc/internal/i18n/msgs"
	"spdc/internal/store"
)

// volunteerRegistration is the volunteer registration (see submitEntityForm).
var volunteerRegistration = entityForm[store.Volunteer]{
	def: entity.Volunteers, form: "volunteer", answer: "volunteer",
	message: msgs.FormVolunteerFormSubmittedSuccessfully,
	parts: func(v *store.Volunteer) formParts {
		return formParts{&v.UserID, &v.Language, &v.ID, &v.Email, &v.Ref, &v.CreatedAt}
	},
	insert: store.InsertVolunteerRef,
}

// registerVolunteer answers POST /api/volunteers/register: it saves the
// registration, links it to the signed-in user, and acknowledges by email
// (with a copy to SPDC_ADMIN_NOTIFY).
func (s *Server) registerVolunteer(w http.ResponseWriter, r *http.Request) error {
	return submitEntityForm(s, w, r, volunteerRegistration)
}
