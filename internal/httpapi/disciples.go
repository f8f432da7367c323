package httpapi

import (
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"spdc/internal/entity"
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/mail"
	"spdc/internal/store"
)

// checkDisciple validates a registration against the disciple's
// definition (a name, the temple president's email, one way to reach the
// applicant, real dates within their ranges), then the rules between its
// fields: initiation after birth, and a temple president who is not the
// applicant.
func checkDisciple(body map[string]json.RawMessage, now time.Time, signedIn *store.User) (*store.Disciple, error) {
	d := &store.Disciple{}
	fe := checkForm(entity.Disciples, body, now, d)
	_, dobBad := fe["dateOfBirth"]
	_, initBad := fe["initiationDate"]
	if d.DateOfBirth != "" && d.InitiationDate != "" && !dobBad && !initBad && d.InitiationDate <= d.DateOfBirth {
		fe.Add("initiationDate", msgs.FormInitiationDateMustAfterDateBirth)
	}
	// The link goes to the temple president; an applicant who gave their
	// own address could confirm themselves.
	if tp := d.TemplePresidentEmail; tp != "" {
		if tp == d.DiscipleEmail || (signedIn != nil && strings.EqualFold(tp, signedIn.Email)) {
			fe.Add("templePresidentEmail", msgs.FormMustTemplePresidentSOwnEmail)
		}
	}
	return d, fe.Err()
}

// registerDisciple answers POST /api/disciples/register: it stores a
// pending registration with a one-time confirmation token and emails the
// link to the temple president only. The token is never in the answer.
// It is limited per client (or per trusted account, see formLimits), and
// per temple president's mailbox.
func (s *Server) registerDisciple(w http.ResponseWriter, r *http.Request) error {
	body, err := readSentForm(r)
	if err != nil {
		return err
	}
	if err := s.pickReferrer(r, body); err != nil {
		return err
	}
	now := s.now()
	standIn(body, "disciples", currentUser(r))
	d, err := checkDisciple(body, now, currentUser(r))
	if err != nil {
		return err
	}
	d.UserID, d.Language = formUserID(r), i18n.FromRequest(r)
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
		if err := recordConsent(ctx, tx, body, "disciples", d.ID, d.UserID, now); err != nil {
			return err
		}
		// Without the request the registration would wait for nothing, so
		// a temple president's full inbox refuses the whole registration.
		if ok, err := s.takeReferrerMailTo(ctx, tx, r, now, d.TemplePresidentEmail); err != nil {
			return err
		} else if !ok {
			e := errorf(http.StatusTooManyRequests, msgs.FormTemplePresidentSAddressHasAlready)
			e.RetryAfter = 24 * time.Hour
			return e
		}
		if err := formMail(ctx, tx, now, func() (mail.Message, error) {
			// In the applicant's language, with the English below.
			return s.mail.In(d.Language).DiscipleConfirmRequest(d.TemplePresidentEmail, discipleRequest(d))
		}); err != nil {
			return err
		}
		if err := s.formAcknowledge(ctx, tx, r, now, applicantAddress(d, currentUser(r)), "disciple", d.Ref); err != nil {
			return err
		}
		return s.formAdminCopy(ctx, tx, now, "disciple", entity.Disciples, d)
	})
	if err != nil {
		return err
	}
	if !inserted {
		writeMessage(w, r, http.StatusOK, msgs.FormRegistrationWasAlreadyReceivedAndWaiting)
		return nil
	}
	s.notify()
	writeJSON(w, r, http.StatusCreated, received(map[string]any{"message": msgs.FormRegistrationSubmittedSuccessfullyWeHaveEmailed}, d.Ref, d.CreatedAt))
	return nil
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

// adminResend answers POST /api/admin/pending-disciples/{id}/resend: a
// fresh 30-day link to the temple president; every older link stops
// working; the action is audited.
func (s *Server) adminResend(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	if !store.ValidID(id) {
		return store.ErrNotFound
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
			return s.mail.In(d.Language).DiscipleConfirmRequest(d.TemplePresidentEmail, discipleRequest(d))
		})
	})
	switch {
	case err == nil:
	case formConflict(err):
		return errorf(http.StatusConflict, msgs.FormRegistrationHasAlreadyBeenAnsweredSo)
	default:
		return err
	}
	s.notify()
	writeJSON(w, r, http.StatusOK, map[string]any{
		"message":        msgs.FormNewConfirmationLinkWasSentTemple,
		"tokenExpiresAt": d.TokenExpiresAt,
	})
	return nil
}

var msgApprove = msgs.AdminAdminCannotApproveDisciples

// discipleRules leave a disciple's approval to the temple president: an
// edit that changes it is refused.
var discipleRules = adminRules{
	flags: []string{"isApproved"},
	edit: func(before *store.Record, flags map[string]bool) error {
		was, _ := before.Get("isApproved").(bool)
		if now, ok := flags["isApproved"]; ok && now != was {
			return errorf(http.StatusForbidden, msgApprove)
		}
		return nil
	},
}
