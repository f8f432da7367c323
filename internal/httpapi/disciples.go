package httpapi

import (
	"net/http"
	"strings"
	"time"

	"spdc/internal/mail"
	"spdc/internal/store"
)

// Srila Prabhupada gave initiation from 1966 until his departure on
// 14 November 1977; an initiation date outside this range is a typo.
var (
	firstInitiation = time.Date(1966, 1, 1, 0, 0, 0, 0, time.UTC)
	lastInitiation  = time.Date(1977, 11, 14, 0, 0, 0, 0, time.UTC)
)

// discipleInput is the disciple registration payload of SPEC §3.
type discipleInput struct {
	FullName             string `json:"fullName"`
	DateOfBirth          string `json:"dateOfBirth"`
	Address              string `json:"address"`
	ContactNumber        string `json:"contactNumber"`
	DiscipleEmail        string `json:"discipleEmail"`
	TemplePresidentEmail string `json:"templePresidentEmail"`
	InitiationDate       string `json:"initiationDate"`
	InitiationName       string `json:"initiationName"`
	// ReferrerID is a temple president picked from the directory; the
	// link then goes to the directory's address for them.
	ReferrerID string `json:"referrerId"`
}

// checkDisciple validates a registration: a name, the temple president's
// email, one way to reach the applicant, real dates (birth in the past,
// initiation within Srila Prabhupada's years), and bounds on the rest.
func checkDisciple(in discipleInput, now time.Time, signedIn *store.User) (*store.Disciple, error) {
	f := newFormInput()
	d := &store.Disciple{
		FullName:             f.name("fullName", in.FullName, "Please enter your full name."),
		Address:              f.text("address", in.Address, "", maxAddress, true),
		ContactNumber:        f.phone("contactNumber", in.ContactNumber, ""),
		DiscipleEmail:        f.email("discipleEmail", in.DiscipleEmail, ""),
		TemplePresidentEmail: f.email("templePresidentEmail", in.TemplePresidentEmail, "Please enter the email address of your temple president, who will confirm your registration."),
		InitiationName:       f.name("initiationName", in.InitiationName, ""),
	}
	if strings.TrimSpace(in.ContactNumber) == "" && strings.TrimSpace(in.DiscipleEmail) == "" {
		msg := "Please give a contact number or an email address so that we can reach you."
		f.errs.Add("contactNumber", msg)
		f.errs.Add("discipleEmail", msg)
	}
	var dob time.Time
	var ok bool
	if d.DateOfBirth, dob, ok = f.date("dateOfBirth", in.DateOfBirth, ""); ok {
		if !dob.Before(now) {
			f.errs.Add("dateOfBirth", "The date of birth must be in the past.")
		} else if dob.Year() < 1900 {
			f.errs.Add("dateOfBirth", "Please check the year of the date of birth.")
		}
	}
	var init time.Time
	if d.InitiationDate, init, ok = f.date("initiationDate", in.InitiationDate, ""); ok {
		if init.Before(firstInitiation) || init.After(lastInitiation) {
			f.errs.Add("initiationDate", "Srila Prabhupada gave initiation between 1 January 1966 and 14 November 1977; please enter a date in that range.")
		} else if !dob.IsZero() && !init.After(dob) {
			f.errs.Add("initiationDate", "The initiation date must be after the date of birth.")
		}
	}
	// The link goes to the temple president; an applicant who gave their
	// own address could confirm themselves.
	if tp := d.TemplePresidentEmail; tp != "" {
		if tp == d.DiscipleEmail || (signedIn != nil && strings.EqualFold(tp, signedIn.Email)) {
			f.errs.Add("templePresidentEmail", "This must be your temple president's own email address, not yours: they confirm your registration.")
		}
	}
	return d, f.err()
}

// registerDisciple answers POST /api/disciples/register: it stores a
// pending registration with a one-time confirmation token and emails the
// link to the temple president only. The token is never in the answer.
// It is limited per client, and per temple president's mailbox.
func (s *Server) registerDisciple(w http.ResponseWriter, r *http.Request) {
	var in discipleInput
	if err := decodeJSON(r, &in, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.pickReferrer(r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	now := s.now()
	d, err := checkDisciple(in, now, currentUser(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	d.UserID = formUserID(r)
	inserted := false
	err = s.store.InTx(r.Context(), func(tx *store.Tx) error {
		ctx := r.Context()
		if err := s.takeFormLimits(ctx, tx, r, now); err != nil {
			return err
		}
		var err error
		if inserted, err = store.InsertPendingDisciple(ctx, tx, d, now); err != nil || !inserted {
			return err
		}
		// Without the request the registration would wait for nothing, so
		// a temple president's full inbox refuses the whole registration.
		if ok, err := s.takeReferrerMailTo(ctx, tx, r, now, d.TemplePresidentEmail); err != nil {
			return err
		} else if !ok {
			e := errorf(http.StatusTooManyRequests, "Your temple president's address has already had as many emails from this website today as we send to one address in a day. Nothing was saved: please send this form again tomorrow, or write to us through the contact page.")
			e.RetryAfter = 24 * time.Hour
			return e
		}
		if err := formMail(ctx, tx, now, func() (mail.Message, error) {
			return s.mail.DiscipleConfirmRequest(d.TemplePresidentEmail, discipleRequest(d))
		}); err != nil {
			return err
		}
		return s.formAdminCopy(ctx, tx, now, "disciple", discipleFields(d))
	})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if !inserted {
		writeMessage(w, http.StatusOK, "This registration was already received and is waiting for your temple president's confirmation; we have not sent a second request.")
		return
	}
	s.notify()
	writeMessage(w, http.StatusCreated, "Registration submitted successfully! We have emailed your temple president a link to confirm it.")
}

// discipleRequest is the content of a confirmation request; its link's
// token is made when the outbox sends it.
func discipleRequest(d *store.Disciple) mail.DiscipleRequest {
	req := mail.DiscipleRequest{ApplicantName: d.FullName, InitiatedName: d.InitiationName, InitiationDate: d.InitiationDate, DiscipleID: d.ID}
	if d.TokenExpiresAt != nil {
		req.ExpiresAt = *d.TokenExpiresAt
	}
	return req
}

func discipleFields(d *store.Disciple) []mail.Field {
	return []mail.Field{
		{Label: "Full name", Value: d.FullName}, {Label: "Date of birth", Value: d.DateOfBirth}, {Label: "Address", Value: d.Address},
		{Label: "Contact number", Value: d.ContactNumber}, {Label: "Email", Value: d.DiscipleEmail},
		{Label: "Temple president's email", Value: d.TemplePresidentEmail}, {Label: "Initiation date", Value: d.InitiationDate},
		{Label: "Initiated name", Value: d.InitiationName},
	}
}

// adminResend answers POST /api/admin/pending-disciples/{id}/resend: a
// fresh 30-day link to the temple president; every older link stops
// working; the action is audited.
func (s *Server) adminResend(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !store.ValidID(id) {
		s.writeError(w, r, store.ErrNotFound)
		return
	}
	admin := currentUser(r)
	now := s.now()
	var d *store.Disciple
	err := s.store.InTx(r.Context(), func(tx *store.Tx) error {
		ctx := r.Context()
		var err error
		if d, err = store.ResendDiscipleLink(ctx, tx, id, admin.ID, admin.Email, now); err != nil {
			return err
		}
		return formMail(ctx, tx, now, func() (mail.Message, error) {
			return s.mail.DiscipleConfirmRequest(d.TemplePresidentEmail, discipleRequest(d))
		})
	})
	switch {
	case err == nil:
	case formConflict(err):
		s.writeError(w, r, errorf(http.StatusConflict, "This registration has already been answered, so no new link can be sent."))
		return
	default:
		s.writeError(w, r, err)
		return
	}
	s.notify()
	writeJSON(w, http.StatusOK, map[string]any{
		"message":        "A new confirmation link was sent to the temple president. Earlier links no longer work.",
		"tokenExpiresAt": d.TokenExpiresAt,
	})
}
