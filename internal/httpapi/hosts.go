package httpapi

import (
	"net/http"
	"strings"
	"time"

	"spdc/internal/mail"
	"spdc/internal/store"
)

// Option lists of the host form (SPEC §3), word for word.
var (
	hostAccommodation = []string{"Private Room", "Shared Room", "Guest House Facility", "Others (please Specify)"}
	hostDurations     = []string{"Short Term (up to 1 week)", "Medium Term (1–3 weeks)", "Long Term (More than 1 month)"}
	hostFacilities    = []string{"Lift/Wheelchair Access", "Doctor Nearby", "Nearby ISKCON Temple", "Daily Prasadam Service", "Wifi/Communication", "Other"}
)

// The choices that reveal a specify box.
const (
	hostAccommodationOther = "Others (please Specify)"
	hostFacilityOther      = "Other"
)

// hostInput is the host payload of PRODUCT §4.
type hostInput struct {
	FullName              string   `json:"fullName"`
	InitiatedName         string   `json:"initiatedName"`
	ContactNumber         string   `json:"contactNumber"`
	Email                 string   `json:"email"`
	Address               string   `json:"address"`
	Country               string   `json:"country"`
	NearestCenter         string   `json:"nearestCenter"`
	AccommodationTypes    []string `json:"accommodationTypes"`
	AccommodationOther    string   `json:"accommodationOther"`
	AvailabilityDurations []string `json:"availabilityDurations"`
	Facilities            []string `json:"facilities"`
	FacilityOther         string   `json:"facilityOther"`
	WhyHost               string   `json:"whyHost"`
	ConsentTerms          bool     `json:"consentTerms"`
	ConsentContact        bool     `json:"consentContact"`
}

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

// checkHost validates a host offer: why-host and both consents (SPEC §5),
// a name and one way to reach the host, the allowed options, and bounds.
func checkHost(in hostInput) (*store.Host, error) {
	f := newFormInput()
	h := &store.Host{
		FullName:       f.name("fullName", in.FullName, "Please enter your full name."),
		InitiatedName:  f.name("initiatedName", in.InitiatedName, ""),
		ContactNumber:  f.phone("contactNumber", in.ContactNumber, ""),
		Email:          f.email("email", in.Email, ""),
		Address:        f.text("address", in.Address, "", maxAddress, true),
		Country:        f.text("country", in.Country, "", maxShort, false),
		NearestCenter:  f.text("nearestCenter", in.NearestCenter, "", maxShort, false),
		WhyHost:        f.text("whyHost", in.WhyHost, "Please tell us why you wish to host.", maxLongText, true),
		ConsentTerms:   in.ConsentTerms,
		ConsentContact: in.ConsentContact,
	}
	if strings.TrimSpace(in.ContactNumber) == "" && strings.TrimSpace(in.Email) == "" {
		msg := "Please give a contact number or an email address so that we can reach you."
		f.errs.Add("contactNumber", msg)
		f.errs.Add("email", msg)
	}
	h.AccommodationTypes = f.options("accommodationTypes", in.AccommodationTypes, hostAccommodation)
	h.AvailabilityDurations = f.options("availabilityDurations", in.AvailabilityDurations, hostDurations)
	h.Facilities = f.options("facilities", in.Facilities, hostFacilities)
	if formContains(h.AccommodationTypes, hostAccommodationOther) {
		h.AccommodationOther = f.text("accommodationOther", in.AccommodationOther, "Please describe the other accommodation.", maxShort, false)
	}
	if formContains(h.Facilities, hostFacilityOther) {
		h.FacilityOther = f.text("facilityOther", in.FacilityOther, "Please describe the other facility.", maxShort, false)
	}
	if !in.ConsentTerms {
		f.errs.Add("consentTerms", "Please accept the terms and conditions.")
	}
	if !in.ConsentContact {
		f.errs.Add("consentContact", "Please agree that we may contact you about hosting.")
	}
	return h, f.err()
}

// registerHost answers POST /api/hosts/register: it saves the offer, links
// it to the signed-in user, and acknowledges by email when an address was
// given, within the per-client and per-recipient limits.
func (s *Server) registerHost(w http.ResponseWriter, r *http.Request) {
	var in hostInput
	if err := decodeJSON(r, &in, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	h, err := checkHost(in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	h.UserID = formUserID(r)
	now := s.now()
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
		return s.formAdminCopy(ctx, tx, now, "host", []mail.Field{
			{Label: "Full name", Value: h.FullName}, {Label: "Initiated name", Value: h.InitiatedName},
			{Label: "Contact number", Value: h.ContactNumber}, {Label: "Email", Value: h.Email}, {Label: "Address", Value: h.Address},
			{Label: "Country", Value: h.Country}, {Label: "Nearest center", Value: h.NearestCenter},
			{Label: "Accommodation", Value: strings.Join(h.AccommodationTypes, ", ")}, {Label: "Other accommodation", Value: h.AccommodationOther},
			{Label: "Availability", Value: strings.Join(h.AvailabilityDurations, ", ")},
			{Label: "Facilities", Value: strings.Join(h.Facilities, ", ")}, {Label: "Other facility", Value: h.FacilityOther},
			{Label: "Why they wish to host", Value: h.WhyHost},
		})
	})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.notify()
	writeJSON(w, http.StatusCreated, map[string]any{"message": "Host form submitted successfully! Thank you for offering to host.", "host": toHostJSON(h)})
}
