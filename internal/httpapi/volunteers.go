package httpapi

import (
	"net/http"
	"strings"
	"time"

	"spdc/internal/mail"
	"spdc/internal/store"
)

// Option lists of the volunteer form (SPEC §3), word for word.
var (
	volunteerAvailability = []string{"5-10 hours/week", "10-20 hours/week", "20+ hours/week"}
	volunteerAreas        = []string{"Financial Assistance", "Medical/health practitioner", "Emotional and Spiritual Support",
		"Comprehensive Health Assessments", "Community Building Activities", "Relocation Assistance", "Other"}
)

// volunteerInput is the volunteer payload of SPEC §3.
type volunteerInput struct {
	FullName        string   `json:"fullName"`
	Email           string   `json:"email"`
	Mobile          string   `json:"mobile"`
	Address         string   `json:"address"`
	Country         string   `json:"country"`
	NearestCenter   string   `json:"nearestCenter"`
	Availability    string   `json:"availability"`
	AreasOfInterest []string `json:"areasOfInterest"`
	OtherInterest   string   `json:"otherInterest"`
	Experience      string   `json:"experience"`
	Motivation      string   `json:"motivation"`
	Skills          string   `json:"skills"`
	Consent         bool     `json:"consent"`
}

// volunteerJSON is a saved volunteer registration as the API shows it.
type volunteerJSON struct {
	ID              string    `json:"_id"`
	FullName        string    `json:"fullName"`
	Email           string    `json:"email"`
	Mobile          string    `json:"mobile"`
	Address         string    `json:"address"`
	Country         string    `json:"country"`
	NearestCenter   string    `json:"nearestCenter"`
	Availability    string    `json:"availability"`
	AreasOfInterest []string  `json:"areasOfInterest"`
	OtherInterest   string    `json:"otherInterest"`
	Experience      string    `json:"experience"`
	Motivation      string    `json:"motivation"`
	Skills          string    `json:"skills"`
	Consent         bool      `json:"consent"`
	Status          string    `json:"status"`
	CreatedAt       time.Time `json:"createdAt"`
	UpdatedAt       time.Time `json:"updatedAt"`
	Version         int       `json:"__v"`
}

func toVolunteerJSON(v *store.Volunteer) volunteerJSON {
	return volunteerJSON{ID: v.ID, FullName: v.FullName, Email: v.Email, Mobile: v.Mobile, Address: v.Address, Country: v.Country,
		NearestCenter: v.NearestCenter, Availability: v.Availability, AreasOfInterest: v.AreasOfInterest, OtherInterest: v.OtherInterest,
		Experience: v.Experience, Motivation: v.Motivation, Skills: v.Skills, Consent: v.Consent, Status: v.Status,
		CreatedAt: v.CreatedAt, UpdatedAt: v.UpdatedAt, Version: v.Version}
}

// checkVolunteer validates the payload: what SPEC §5 requires (experience,
// motivation, skills, consent, the email's shape), plus a name and an
// email to answer, bounds on every field and the allowed options.
func checkVolunteer(in volunteerInput) (*store.Volunteer, error) {
	f := newFormInput()
	v := &store.Volunteer{
		FullName:      f.name("fullName", in.FullName, "Please enter your full name."),
		Email:         f.email("email", in.Email, "Please enter your email address."),
		Mobile:        f.phone("mobile", in.Mobile, ""),
		Address:       f.text("address", in.Address, "", maxAddress, true),
		Country:       f.text("country", in.Country, "", maxShort, false),
		NearestCenter: f.text("nearestCenter", in.NearestCenter, "", maxShort, false),
		Availability:  f.option("availability", in.Availability, "", volunteerAvailability),
		Experience:    f.text("experience", in.Experience, "Please tell us about your experience.", maxLongText, true),
		Motivation:    f.text("motivation", in.Motivation, "Please tell us why you would like to volunteer.", maxLongText, true),
		Skills:        f.text("skills", in.Skills, "Please tell us about your skills.", maxLongText, true),
		Consent:       in.Consent,
	}
	v.AreasOfInterest = f.options("areasOfInterest", in.AreasOfInterest, volunteerAreas)
	// The specify box belongs to 'Other': required with it, cleared without.
	if formContains(v.AreasOfInterest, "Other") {
		v.OtherInterest = f.text("otherInterest", in.OtherInterest, "Please say which other area interests you.", maxShort, false)
	}
	if !in.Consent {
		f.errs.Add("consent", "Please give your consent so that we may contact you.")
	}
	return v, f.err()
}

// registerVolunteer answers POST /api/volunteers/register: it saves the
// registration, links it to the signed-in user, and acknowledges by email
// (with a copy to SPDC_ADMIN_NOTIFY), all in one transaction, within the
// per-client and per-recipient limits (see takeFormLimits, formAcknowledge).
func (s *Server) registerVolunteer(w http.ResponseWriter, r *http.Request) {
	var in volunteerInput
	if err := decodeJSON(r, &in, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	v, err := checkVolunteer(in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	v.UserID = formUserID(r)
	now := s.now()
	err = s.store.InTx(r.Context(), func(tx *store.Tx) error {
		ctx := r.Context()
		if err := s.takeFormLimits(ctx, tx, r, now); err != nil {
			return err
		}
		if err := store.InsertVolunteer(ctx, tx, v, now); err != nil {
			return err
		}
		if err := s.formAcknowledge(ctx, tx, r, now, v.Email, "volunteer"); err != nil {
			return err
		}
		return s.formAdminCopy(ctx, tx, now, "volunteer", volunteerFields(v))
	})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.notify()
	writeJSON(w, http.StatusCreated, map[string]any{"message": "Volunteer form submitted successfully!", "volunteer": toVolunteerJSON(v)})
}

func volunteerFields(v *store.Volunteer) []mail.Field {
	return []mail.Field{
		{Label: "Full name", Value: v.FullName}, {Label: "Email", Value: v.Email}, {Label: "Phone", Value: v.Mobile},
		{Label: "Address", Value: v.Address}, {Label: "Country", Value: v.Country}, {Label: "Nearest center", Value: v.NearestCenter},
		{Label: "Availability", Value: v.Availability}, {Label: "Areas of interest", Value: strings.Join(v.AreasOfInterest, ", ")},
		{Label: "Other interest", Value: v.OtherInterest}, {Label: "Experience", Value: v.Experience},
		{Label: "Motivation", Value: v.Motivation}, {Label: "Skills", Value: v.Skills},
	}
}
