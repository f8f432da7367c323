package httpapi

import (
	"context"
	"errors"
	"net/http"
	"time"

	"spdc/internal/auth"
	"spdc/internal/mail"
	"spdc/internal/store"
)

// Answers about a confirmation link that cannot be used.
var (
	errTokenMissing  = errorf(http.StatusBadRequest, "The confirmation link is incomplete: the token is missing. Please open the link from the email again.")
	errTokenUnknown  = errorf(http.StatusNotFound, "This confirmation link is not valid. Please check that the whole link from the email was opened.")
	errTokenReplaced = errorf(http.StatusGone, "This confirmation link has been replaced by a newer one. Please use the link in the most recent email from SPDC.")
	errTokenApproved = errorf(http.StatusGone, "This registration has already been confirmed with this link. Nothing more is needed. Thank you!")
	errTokenDeclined = errorf(http.StatusGone, "This registration has already been answered with this link: it was declined.")
	errTokenExpired  = errorf(http.StatusGone, "This confirmation link has expired (links are valid for 30 days). The applicant or SPDC can ask for a new one.")
)

// approvalTarget finds the pending registration of a token, or the error
// that explains why the link cannot be used.
func approvalTarget(r *http.Request, q store.Querier, token string, now time.Time) (*store.Disciple, error) {
	if token == "" {
		return nil, errTokenMissing
	}
	if !auth.LooksLikeToken(token) {
		return nil, errTokenUnknown
	}
	d, tok, err := store.DiscipleByToken(r.Context(), q, auth.HashToken(token))
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil, errTokenUnknown
	case err != nil:
		return nil, err
	case d.Status == store.DiscipleApproved, d.Status == store.DiscipleReview, d.Status == store.DiscipleRejected:
		return nil, errTokenApproved
	case d.Status == store.DiscipleDeclined:
		return nil, errTokenDeclined
	case tok.Revoked:
		return nil, errTokenReplaced
	case d.Status == store.DiscipleExpired, !tok.ExpiresAt.After(now):
		return nil, errTokenExpired
	}
	return d, nil
}

// approvalInfoJSON is what a referrer is asked to confirm.
type approvalInfoJSON struct {
	ApplicantName  string `json:"applicantName"`
	InitiationName string `json:"initiationName"`
	InitiationDate string `json:"initiationDate"`
	DateOfBirth    string `json:"dateOfBirth"`
	// ReferrerEmail is the address the link was sent to, so the page can
	// fill it in: whoever opens the link has read that mailbox.
	ReferrerEmail string    `json:"referrerEmail"`
	ExpiresAt     time.Time `json:"expiresAt"`
}

// approvalInfo answers GET /api/approval/{token}: whom the referrer is
// asked to confirm. It changes nothing, so a mail scanner that opens the
// link approves nothing.
func (s *Server) approvalInfo(w http.ResponseWriter, r *http.Request) error {
	d, err := approvalTarget(r, s.store.Reader(), r.PathValue("token"), s.now())
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, approvalInfoJSON{ApplicantName: d.FullName, InitiationName: d.InitiationName,
		InitiationDate: d.InitiationDate, DateOfBirth: d.DateOfBirth, ReferrerEmail: d.TemplePresidentEmail, ExpiresAt: *d.TokenExpiresAt})
	return nil
}

// approveInput is the referrer's confirmation about the applicant, with
// the optional signatures and their dates.
type approveInput struct {
	Token              string `json:"token"`
	ReferrerName       string `json:"referrerName"`
	ReferrerPosition   string `json:"referrerPosition"`
	ReferrerContact    string `json:"referrerContact"`
	ReferrerEmail      string `json:"referrerEmail"`
	ReferrerSignature  string `json:"referrerSignature"`
	ReferrerSignedOn   string `json:"referrerSignedOn"`
	ApplicantSignature string `json:"applicantSignature"`
	ApplicantSignedOn  string `json:"applicantSignedOn"`
}

func checkApproval(in approveInput, d *store.Disciple, now time.Time) (store.Approval, error) {
	f := newFormInput()
	a := store.Approval{
		ReferrerName:       f.name("referrerName", in.ReferrerName, "Please enter your name."),
		ReferrerPosition:   f.text("referrerPosition", in.ReferrerPosition, "Please enter your position or title.", maxShort, false),
		ReferrerContact:    f.phone("referrerContact", in.ReferrerContact, "Please enter your contact number."),
		ReferrerEmail:      f.email("referrerEmail", in.ReferrerEmail, "Please enter your email address."),
		ReferrerSignature:  f.name("referrerSignature", in.ReferrerSignature, ""),
		ApplicantSignature: f.name("applicantSignature", in.ApplicantSignature, ""),
	}
	// The signature dates are optional (older clients do not send
	// them) but must be real dates, not in the future.
	for _, sd := range []struct {
		field, v string
		dst      *string
	}{{"referrerSignedOn", in.ReferrerSignedOn, &a.ReferrerSignedOn}, {"applicantSignedOn", in.ApplicantSignedOn, &a.ApplicantSignedOn}} {
		v, t, ok := f.date(sd.field, sd.v, "")
		*sd.dst = v
		if ok && t.After(now.Add(36*time.Hour)) {
			f.errs.Add(sd.field, "The date cannot be in the future.")
		}
	}
	if a.ReferrerEmail != "" && d != nil && a.ReferrerEmail == d.DiscipleEmail {
		f.errs.Add("referrerEmail", "The person confirming must be someone other than the applicant.")
	}
	return a, f.err()
}

// approve answers POST /api/approval/approve: in one transaction the
// pending registration becomes an approved disciple record and the
// applicant is told, or, when the referrer is not one the directory
// vouches for, it is held for an admin's review; the token works once.
func (s *Server) approve(w http.ResponseWriter, r *http.Request) error {
	var in approveInput
	if err := decodeJSON(r, &in, false); err != nil {
		return err
	}
	now := s.now()
	// The link's state first: a used or expired link says so whatever
	// the form holds.
	d, err := approvalTarget(r, s.store.Reader(), in.Token, now)
	if err != nil {
		return err
	}
	a, err := checkApproval(in, d, now)
	if err != nil {
		return err
	}
	approved := false
	err = s.store.InTx(r.Context(), func(tx *store.Tx) error {
		ctx := r.Context()
		d, err := approvalTarget(r, tx, in.Token, now)
		if err != nil {
			return err
		}
		if approved, err = confirmDisciple(ctx, tx, d, a, now); err != nil || !approved {
			return err
		}
		return s.tellApplicantApproved(ctx, tx, d, now)
	})
	if formConflict(err) {
		err = errTokenApproved
	}
	if err != nil {
		return err
	}
	s.notify()
	if !approved {
		writeMessage(w, r, http.StatusOK, msgHeldForReview)
		return nil
	}
	writeMessage(w, r, http.StatusOK, "User approved and saved successfully!")
	return nil
}

// declineInput is the referrer's "I do not know this applicant".
type declineInput struct {
	Token  string `json:"token"`
	Reason string `json:"reason"`
}

// decline answers POST /api/approval/decline: the registration is declined
// with the referrer's reason and the applicant is told by email.
func (s *Server) decline(w http.ResponseWriter, r *http.Request) error {
	var in declineInput
	if err := decodeJSON(r, &in, false); err != nil {
		return err
	}
	now := s.now()
	if _, err := approvalTarget(r, s.store.Reader(), in.Token, now); err != nil {
		return err
	}
	f := newFormInput()
	reason := f.text("reason", in.Reason, "Please tell us briefly why you cannot confirm this applicant.", maxReason, true)
	if err := f.err(); err != nil {
		return err
	}
	err := s.store.InTx(r.Context(), func(tx *store.Tx) error {
		ctx := r.Context()
		d, err := approvalTarget(r, tx, in.Token, now)
		if err != nil {
			return err
		}
		if err := store.DeclineDisciple(ctx, tx, d, reason, now); err != nil {
			return err
		}
		to, err := store.ApplicantEmail(ctx, tx, d)
		if err != nil || to == "" {
			return err
		}
		return formMail(ctx, tx, now, func() (mail.Message, error) {
			m, err := s.mailIn(ctx, d.UserID, d.Language).DiscipleDeclined(to, d.FullName, reason)
			m.About = d.ID
			return m, err
		})
	})
	if formConflict(err) {
		err = errTokenDeclined
	}
	if err != nil {
		return err
	}
	s.notify()
	writeMessage(w, r, http.StatusOK, "Thank you. The registration has been declined and the applicant will be told by email.")
	return nil
}

// formConflict reports a conditional update that lost a race.
func formConflict(err error) bool { return errors.Is(err, store.ErrConflict) }

// tellApplicantApproved queues, in tx, the note telling the applicant that
// their registration is approved, when there is an address to tell.
func (s *Server) tellApplicantApproved(ctx context.Context, tx *store.Tx, d *store.Disciple, now time.Time) error {
	to, err := store.ApplicantEmail(ctx, tx, d)
	if err != nil || to == "" {
		return err
	}
	return formMail(ctx, tx, now, func() (mail.Message, error) {
		m, err := s.mailIn(ctx, d.UserID, d.Language).DiscipleConfirmed(to, d.FullName)
		m.About = d.ID
		return m, err
	})
}
