package httpapi

import (
	"encoding/json"
	"net/http"
	"time"

	"spdc/internal/entity"

	"spdc/internal/store"
)

// hostJSON is a saved host offer as the API shows it.
type hostJSON struct {
	ID                    string    `json:"_id"`
	FullName              string    `json:"fullName"`
	InitiatedName         string    `json:"initiatedName"`
	ContactNumber         string    `json:"contactNumber"`
	Email                 string    `json:"email"`
	Address               string    `json:"address"`
	Country               string    `json:"country"`
	NearestCenter         string    `json:"nearestCenter"`
	AccommodationTypes    []string  `json:"accommodationTypes"`
	AccommodationOther    string    `json:"accommodationOther"`
	AvailabilityDurations []string  `json:"availabilityDurations"`
	Facilities            []string  `json:"facilities"`
	FacilityOther         string    `json:"facilityOther"`
	WhyHost               string    `json:"whyHost"`
	ConsentTerms          bool      `json:"consentTerms"`
	ConsentContact        bool      `json:"consentContact"`
	Status                string    `json:"status"`
	CreatedAt             time.Time `json:"createdAt"`
	UpdatedAt             time.Time `json:"updatedAt"`
	Version               int       `json:"__v"`
}

func toHostJSON(h *store.Host) hostJSON {
	return hostJSON{ID: h.ID, FullName: h.FullName, InitiatedName: h.InitiatedName, ContactNumber: h.ContactNumber, Email: h.Email,
		Address: h.Address, Country: h.Country, NearestCenter: h.NearestCenter, AccommodationTypes: h.AccommodationTypes,
		AccommodationOther: h.AccommodationOther, AvailabilityDurations: h.AvailabilityDurations, Facilities: h.Facilities,
		FacilityOther: h.FacilityOther, WhyHost: h.WhyHost, ConsentTerms: h.ConsentTerms, ConsentContact: h.ConsentContact,
		Status: h.Status, CreatedAt: h.CreatedAt, UpdatedAt: h.UpdatedAt, Version: h.Version}
}

// checkHost validates a host offer against the host's definition.
func checkHost(body map[string]json.RawMessage, now time.Time) (*store.Host, error) {
	h := &store.Host{}
	return h, checkForm(entity.Hosts, body, now, h).Err()
}

// registerHost answers POST /api/hosts/register: it saves the offer, links
// it to the signed-in user, and acknowledges by email when an address was
// given, within the per-client and per-recipient limits.
func (s *Server) registerHost(w http.ResponseWriter, r *http.Request) error {
	body, err := readForm(r)
	if err != nil {
		return err
	}
	now := s.now()
	h, err := checkHost(body, now)
	if err != nil {
		return err
	}
	h.UserID = formUserID(r)
	err = s.store.InTx(r.Context(), func(tx *store.Tx) error {
		ctx := r.Context()
		if err := s.takeFormLimits(ctx, tx, r, now); err != nil {
			return err
		}
		if err := store.InsertHost(ctx, tx, h, now); err != nil {
			return err
		}
		if h.Email != "" {
			if err := s.formAcknowledge(ctx, tx, r, now, h.Email, "host"); err != nil {
				return err
			}
		}
		return s.formAdminCopy(ctx, tx, now, "host", entity.Hosts, h)
	})
	if err != nil {
		return err
	}
	s.notify()
	writeJSON(w, http.StatusCreated, map[string]any{"message": "Host form submitted successfully! Thank you for offering to host.", "host": toHostJSON(h)})
	return nil
}
