package httpapi

import (
	"context"
	"errors"
	"net/http"
	"time"

	"spdc/internal/auth"
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/mail"
	"spdc/internal/store"
	"spdc/internal/trust"
)

// Answers about a confirmation link that cannot be used.
var (
	errTokenMissing  = errorf(http.StatusBadRequest, msgs.ConfirmConfirmationLinkIncompleteTokenMissingOpen)
	errTokenUnknown  = errorf(http.StatusNotFound, msgs.ConfirmConfirmationLinkNotValidCheckThat)
	errTokenReplaced = errorf(http.StatusGone, msgs.ConfirmConfirmationLinkHasBeenReplacedBy)
	errTokenApproved = errorf(http.StatusGone, msgs.ConfirmRegistrationHasAlreadyBeenConfirmedWith)
	errTokenDeclined = errorf(http.StatusGone, msgs.ConfirmRegistrationHasAlreadyBeenAnsweredWith)
	errTokenExpired  = errorf(http.StatusGone, msgs.ConfirmConfirmationLinkHasExpiredLinksAre)
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
		ReferrerName:       f.name("referrerName", in.ReferrerName, msgs.ConfirmEnterYourName),
		ReferrerPosition:   f.text("referrerPosition", in.ReferrerPosition, msgs.ConfirmEnterPosition, maxShort, false),
		ReferrerContact:    f.phone("referrerContact", in.ReferrerContact, msgs.ConfirmEnterContactNumber),
		ReferrerEmail:      f.email("referrerEmail", in.ReferrerEmail, msgs.CheckEnterEmailAddress),
		ReferrerSignature:  f.name("referrerSignature", in.ReferrerSignature, i18n.Msg{}),
		ApplicantSignature: f.name("applicantSignature", in.ApplicantSignature, i18n.Msg{}),
	}
	// The signature dates are optional (older clients do not send
	// them) but must be real dates, not in the future.
	for _, sd := range []struct {
		field, v string
		dst      *string
	}{{"referrerSignedOn", in.ReferrerSignedOn, &a.ReferrerSignedOn}, {"applicantSignedOn", in.ApplicantSignedOn, &a.ApplicantSignedOn}} {
		v, t, ok := f.date(sd.field, sd.v, i18n.Msg{})
		*sd.dst = v
		if ok && t.After(now.Add(36*time.Hour)) {
			f.errs.Add(sd.field, msgs.ConfirmDateCannotInFuture)
		}
	}
	if a.ReferrerEmail != "" && d != nil && a.ReferrerEmail == d.DiscipleEmail {
		f.errs.Add("referrerEmail", msgs.ConfirmPersonConfirmingMustSomeoneOtherThan)
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
	writeMessage(w, r, http.StatusOK, msgs.ConfirmUserApprovedAndSavedSuccessfully)
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
	reason := f.text("reason", in.Reason, msgs.ConfirmWhyCannotConfirm, maxReason, true)
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
	writeMessage(w, r, http.StatusOK, msgs.ConfirmThankRegistrationHasBeenDeclinedAnd)
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

// confirmDisciple records a referrer's confirmation of the pending
// registration d through tx: approved when the trust rules allow it,
// otherwise held as "confirmed — needs review" with the reasons. It
// reports whether d was approved.
func confirmDisciple(ctx context.Context, tx store.Querier, d *store.Disciple, a store.Approval, now time.Time) (bool, error) {
	emails, phones, err := store.ApplicantContacts(ctx, tx, d)
	if err != nil {
		return false, err
	}
	dir, err := directory(ctx, tx)
	if err != nil {
		return false, err
	}
	v := trust.Assess(trust.Contacts{Emails: emails, Phones: phones},
		trust.Confirmation{LinkEmail: d.TemplePresidentEmail, Email: a.ReferrerEmail, Phone: a.ReferrerContact}, dir)
	if !v.Trusted() {
		return false, store.HoldDiscipleForReview(ctx, tx, d, a, v.Reason(), now)
	}
	return true, store.ApproveDisciple(ctx, tx, d, a, now)
}
