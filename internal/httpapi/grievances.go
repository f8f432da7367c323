package httpapi

import (
	"errors"
	"net/http"
	"strings"

	"spdc/internal/entity"
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/mail"
	"spdc/internal/outbox"
	"spdc/internal/store"
)

// Grievances: anyone may write to the grievance officer about their
// personal data; admins see each request with its 90-day deadline on the
// Grievances tab and answer it, by email through the outbox.

// registerGrievance answers POST /api/grievances: name, email or phone,
// message. Limited like every public form (see formLimits); acknowledged by
// email when an address is given, with a copy to SPDC_ADMIN_NOTIFY.
func (s *Server) registerGrievance(w http.ResponseWriter, r *http.Request) error {
	body, err := readForm(r)
	if err != nil {
		return err
	}
	now := s.now()
	g := &store.Grievance{}
	if err := checkForm(entity.Grievances, body, now, g).Err(); err != nil {
		return err
	}
	g.UserID, g.Language = formUserID(r), i18n.FromRequest(r)
	err = s.store.InTx(r.Context(), func(tx *store.Tx) error {
		ctx := r.Context()
		if err := s.takeFormLimits(ctx, tx, r, now); err != nil {
			return err
		}
		if err := store.InsertGrievance(ctx, tx, g, now); err != nil {
			return err
		}
		// A grievance has no reference: its thank-you names the record by id.
		if g.Email != "" {
			ok, err := s.takeMailTo(ctx, tx, r, now, g.Email)
			if err != nil {
				return err
			}
			if !ok {
				return s.formAdminCopy(ctx, tx, now, "grievance", entity.Grievances, g)
			}
			if err := formMail(ctx, tx, now, func() (mail.Message, error) {
				m, err := s.requestMail(r).Acknowledgement(g.Email, "grievance", mail.Received{At: now})
				m.About = g.ID
				return m, err
			}); err != nil {
				return err
			}
		}
		return s.formAdminCopy(ctx, tx, now, "grievance", entity.Grievances, g)
	})
	if err != nil {
		return err
	}
	s.notify()
	writeJSON(w, r, http.StatusCreated, map[string]any{
		"message":   msgs.FormRequestHasBeenSentOurGrievance,
		"grievance": map[string]any{"_id": g.ID, "dueAt": rfc3339(g.DueAt), "createdAt": rfc3339(g.CreatedAt)},
	})
	return nil
}

type answerInput struct {
	Answer  string `json:"answer"`
	Version *int   `json:"__v"`
}

// answerGrievance answers PUT /api/admin/grievances/{id} with {answer,
// __v}: the answer is saved and emailed to the person (a grievance that
// gave only a phone number is marked answered; the admin has called).
func (s *Server) answerGrievance(w http.ResponseWriter, r *http.Request) error {
	var in answerInput
	if err := decodeJSON(r, &in, false); err != nil {
		return err
	}
	fe := FieldErrors{}
	in.Answer = strings.TrimSpace(in.Answer)
	switch {
	case in.Answer == "":
		fe.Add("answer", msgs.FieldRequired)
	case len([]rune(in.Answer)) > 4000:
		fe.Add("answer", msgs.FieldMustAtMostNCharacters.With("n", 4000))
	case hasBadRune(in.Answer, true):
		fe.Add("answer", msgs.FieldHoldsCharacterThatCannotSent)
	}
	if in.Version == nil {
		fe.Add("__v", msgs.FieldRequired)
	}
	if err := fe.Err(); err != nil {
		return err
	}
	id, err := adminID(r)
	if err != nil {
		return err
	}
	g, err := s.store.AnswerGrievance(r.Context(), id, *in.Version, in.Answer, adminActor(r), func(q store.Querier, g *store.Grievance) error {
		if g.Email == "" {
			return nil
		}
		m, err := s.mail.In(g.Language).GrievanceAnswer(g.Email, g.Answer)
		if err != nil {
			return err
		}
		m.About = g.ID
		return outbox.Enqueue(r.Context(), q, s.now(), m)
	})
	if errors.Is(err, store.ErrAnswered) {
		return errorf(http.StatusConflict, msgs.AdminGrievanceHasAlreadyBeenAnswered)
	}
	if err != nil {
		return err
	}
	s.notify()
	rec, err := s.store.AdminGet(r.Context(), store.AdminTabByName("grievances"), g.ID)
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, rec)
	return nil
}
