package httpapi

// The referrer directory: the public list the disciple form picks from,
// the admin's "add referrer", and the review of confirmations that may not
// approve by themselves (accept into the directory, or reject). Edits,
// deletes, lists and CSV of the directory go through the admin tab like
// every other list.

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"spdc/internal/entity"
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/mail"
	"spdc/internal/store"
	"spdc/internal/trust"
)

// The answer to a referrer whose confirmation waits for an admin.
var msgHeldForReview = msgs.ConfirmThankConfirmationHasBeenReceivedSpdc

// publicReferrerJSON is what anyone may read of a directory entry: never
// an email or a phone.
type publicReferrerJSON struct {
	ID       string `json:"_id"`
	Name     string `json:"name"`
	Position string `json:"position"`
	Temple   string `json:"temple"`
}

// publicReferrers answers GET /api/referrers: the directory's names,
// positions and temples, for the disciple form's list.
func (s *Server) publicReferrers(w http.ResponseWriter, r *http.Request) error {
	list, err := store.Referrers(r.Context(), s.store.Reader())
	if err != nil {
		return err
	}
	out := make([]publicReferrerJSON, 0, len(list))
	for _, ref := range list {
		out = append(out, publicReferrerJSON{ID: ref.ID, Name: ref.Name, Position: ref.Position, Temple: ref.Temple})
	}
	writeJSON(w, r, http.StatusOK, out)
	return nil
}

// pickReferrer fills the temple president's email of a registration from
// the directory entry the applicant picked, if any: the link then goes to
// the address the admins know, whatever the form said.
func (s *Server) pickReferrer(r *http.Request, body map[string]json.RawMessage) error {
	var id string
	if raw, ok := body["referrerId"]; ok && string(raw) != "null" {
		if err := json.Unmarshal(raw, &id); err != nil {
			return &Error{Status: http.StatusBadRequest, Msg: msgs.ApiCorrectHighlightedFields,
				Fields: map[string]i18n.Msg{"referrerId": msgs.FormPickTemplePresidentFromListAgain}}
		}
	}
	if id == "" {
		return nil
	}
	notFound := &Error{Status: http.StatusBadRequest, Msg: msgs.ApiCorrectHighlightedFields,
		Fields: map[string]i18n.Msg{"referrerId": msgs.FormTemplePresidentNoLongerInList}}
	if !store.ValidID(id) {
		return notFound
	}
	ref, err := store.ReferrerByID(r.Context(), s.store.Reader(), id)
	if errors.Is(err, store.ErrNotFound) {
		return notFound
	}
	if err != nil {
		return err
	}
	email, err := json.Marshal(ref.Email)
	if err != nil {
		return err
	}
	body["templePresidentEmail"] = email
	return nil
}

// directory returns the referrer directory through q in the form the
// trust rules read.
func directory(ctx context.Context, q store.Querier) ([]trust.Entry, error) {
	list, err := store.Referrers(ctx, q)
	if err != nil {
		return nil, err
	}
	out := make([]trust.Entry, len(list))
	for i, ref := range list {
		out[i] = trust.Entry{ID: ref.ID, Email: ref.Email, Phone: ref.Phone, Name: ref.Name}
	}
	return out, nil
}

// similarReferrer is the 409 answer for a new directory entry whose name is
// an existing entry's (case and spaces ignored): it may be a lookalike of a
// trusted referrer, so it is saved only when the admin confirms it
// (confirmSimilar).
func similarReferrer(existing *trust.Entry) *Error {
	return &Error{Status: http.StatusConflict,
		Msg:    msgs.TextDirectoryAlreadyHasReferrerNamedName.With("name", existing.Name),
		Fields: map[string]i18n.Msg{"name": msgs.TextDirectoryAlreadyHasReferrerWithName}}
}

// errReferrerExists is an entry whose email reaches a mailbox already in
// the directory.
var errReferrerExists = &Error{Status: http.StatusConflict, Msg: msgs.AdminReferrerAlreadyInDirectory,
	Fields: map[string]i18n.Msg{"email": msgs.AdminEmailOrAnotherSpellingSameMailbox}}

// adminAddReferrer answers POST /api/admin/referrers with the new entry,
// as the Referrers tab lists it; the action is audited.
func (s *Server) adminAddReferrer(w http.ResponseWriter, r *http.Request) error {
	body, err := readForm(r)
	if err != nil {
		return err
	}
	// confirmSimilar is the admin's answer to a lookalike warning, not a
	// field of the referrer.
	confirmSimilar := false
	if raw, ok := body["confirmSimilar"]; ok {
		if err := json.Unmarshal(raw, &confirmSimilar); err != nil {
			fe := FieldErrors{}
			fe.Add("confirmSimilar", msgs.FieldMustTrueFalse)
			return fe.Err()
		}
		delete(body, "confirmSimilar")
	}
	ref := &store.Referrer{}
	if err := checkFormStrict(entity.Referrers, body, s.now(), ref).Err(); err != nil {
		return err
	}
	err = s.store.InTx(r.Context(), func(tx *store.Tx) error {
		dir, err := directory(r.Context(), tx)
		if err != nil {
			return err
		}
		if trust.Find(dir, ref.Email) != nil {
			return errReferrerExists
		}
		if same := trust.SameName(dir, ref.Name); same != nil && !confirmSimilar {
			return similarReferrer(same)
		}
		return store.AddReferrer(r.Context(), tx, ref, adminActor(r), s.now())
	})
	if errors.Is(err, store.ErrDuplicate) {
		err = errReferrerExists
	}
	if err != nil {
		return err
	}
	rec, err := s.store.AdminGet(r.Context(), store.AdminTabByName("referrers"), ref.ID)
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusCreated, rec)
	return nil
}

// reviewInput is an admin's decision on a confirmation held for review:
// the version of the registration they saw, the reason (reject), and for
// an accept the second decision, whether to trust the referrer (add them
// to the directory, with their temple; false when absent), and the
// admin's confirmation of a referrer whose name is already in the
// directory under another address.
type reviewInput struct {
	Version        *int   `json:"__v"`
	Temple         string `json:"temple"`
	Reason         string `json:"reason"`
	TrustReferrer  bool   `json:"trustReferrer"`
	ConfirmSimilar bool   `json:"confirmSimilar"`
}

var errNotInReview = errorf(http.StatusConflict, msgs.AdminRegistrationNoLongerWaitingForReview)

// reviewRequest reads the id and body of an accept or reject call.
func reviewRequest(r *http.Request) (string, reviewInput, error) {
	var in reviewInput
	id, err := adminID(r)
	if err != nil {
		return "", in, err
	}
	if err := decodeJSON(r, &in, true); err != nil {
		return "", in, err
	}
	if in.Version == nil {
		return "", in, &Error{Status: http.StatusBadRequest, Msg: msgs.ApiCorrectHighlightedFields,
			Fields: map[string]i18n.Msg{"__v": msgs.FieldRequiredSendVersionRecordReviewed}}
	}
	return id, in, nil
}

// adminAcceptReview answers POST /api/admin/pending-disciples/{id}/accept:
// the referrer joins the directory (unless their address is already in it,
// or is the applicant's own mailbox, which must never become a trusted
// referrer), the registration is approved and the applicant told, all in
// one audited transaction.
func (s *Server) adminAcceptReview(w http.ResponseWriter, r *http.Request) error {
	id, in, err := reviewRequest(r)
	if err != nil {
		return err
	}
	f := newFormInput()
	temple := f.text("temple", in.Temple, i18n.Msg{}, maxShort, false)
	if err := f.err(); err != nil {
		return err
	}
	now := s.now()
	msg := msgs.ReviewApprovedReferrerAdded
	if !in.TrustReferrer {
		msg = msgs.TextRegistrationApprovedReferrerWasNotAdded
	}
	err = s.store.InTx(r.Context(), func(tx *store.Tx) error {
		ctx := r.Context()
		d, err := store.ReviewTarget(ctx, tx, id, *in.Version)
		if err != nil {
			return err
		}
		dir, err := directory(ctx, tx)
		if err != nil {
			return err
		}
		emails, phones, err := store.ApplicantContacts(ctx, tx, d)
		if err != nil {
			return err
		}
		applicant := trust.Contacts{Emails: emails, Phones: phones}
		refID := ""
		switch e := trust.Find(dir, d.TemplePresidentEmail); {
		case e != nil:
			refID, msg = e.ID, msgs.ReviewApprovedAlreadyInDirectory
		case !in.TrustReferrer:
			// Accepting the disciple does not make the address a trusted
			// referrer: that is the admin's second, separate decision.
		case applicant.HasEmail(d.TemplePresidentEmail):
			msg = msgs.ReviewApprovedOwnAddress
		case trust.SameName(dir, d.ReferrerName) != nil && !in.ConfirmSimilar:
			return similarReferrer(trust.SameName(dir, d.ReferrerName))
		default:
			ref := &store.Referrer{Name: d.ReferrerName, Position: d.ReferrerPosition, Temple: temple,
				Email: d.TemplePresidentEmail, Phone: d.ReferrerContact}
			if applicant.HasPhone(ref.Phone) {
				ref.Phone = "" // the applicant's phone must not stand for the referrer
			}
			if err := store.AddReferrer(ctx, tx, ref, adminActor(r), now); err != nil {
				return err
			}
			refID = ref.ID
		}
		if err := store.AcceptDiscipleReview(ctx, tx, d, refID, adminActor(r), now); err != nil {
			return err
		}
		return s.tellApplicantApproved(ctx, tx, d, now)
	})
	if formConflict(err) {
		err = errNotInReview
	}
	if err != nil {
		return err
	}
	s.notify()
	writeMessage(w, r, http.StatusOK, msg)
	return nil
}

// adminRejectReview answers POST /api/admin/pending-disciples/{id}/reject:
// the registration is closed without approval, with the admin's reason,
// and the action is audited.
func (s *Server) adminRejectReview(w http.ResponseWriter, r *http.Request) error {
	id, in, err := reviewRequest(r)
	if err != nil {
		return err
	}
	f := newFormInput()
	reason := f.text("reason", in.Reason, msgs.ReviewRejectReason, maxReason, true)
	if err := f.err(); err != nil {
		return err
	}
	err = s.store.InTx(r.Context(), func(tx *store.Tx) error {
		d, err := store.ReviewTarget(r.Context(), tx, id, *in.Version)
		if err != nil {
			return err
		}
		if err := store.RejectDiscipleReview(r.Context(), tx, d, reason, adminActor(r), s.now()); err != nil {
			return err
		}
		// The applicant was told they would hear when the program decided.
		to, err := store.ApplicantEmail(r.Context(), tx, d)
		if err != nil || to == "" {
			return err
		}
		return formMail(r.Context(), tx, s.now(), func() (mail.Message, error) {
			m, err := s.mailIn(r.Context(), d.UserID, d.Language).DiscipleRejected(to, d.FullName)
			m.About = d.ID // erased with the registration
			return m, err
		})
	})
	if formConflict(err) {
		err = errNotInReview
	}
	if err != nil {
		return err
	}
	s.notify()
	writeMessage(w, r, http.StatusOK, msgs.AdminConfirmationWasRejectedRegistrationClosedAnd)
	return nil
}
