package httpapi

import (
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"spdc/internal/auth"
	"spdc/internal/entity"
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/store"
)

// Contact form spam limits: per client address, this many messages per
// window. A person writes once or twice; a script writes hundreds.
const (
	contactLimit  = 5
	contactWindow = time.Hour
)

var contactPerAddress = auth.Limit{Name: "contact-ip", Max: contactLimit, Window: contactWindow}

// contact answers POST /api/contact: it saves the message and acknowledges
// it. A filled honeypot or too many messages from one address get a calm
// refusal, and nothing is saved or sent.
func (s *Server) contact(w http.ResponseWriter, r *http.Request) error {
	body, err := readSentForm(r)
	if err != nil {
		return err
	}
	// Website is a honeypot: hidden from people, filled by bots.
	var website string
	_ = json.Unmarshal(body["website"], &website)
	if strings.TrimSpace(website) != "" {
		return errorf(http.StatusBadRequest, msgs.FormSorryWeCouldNotAcceptMessage)
	}
	// Every attempt from an address counts, even one refused for bad input;
	// the limit lives in the shared throttle table, so all instances see it,
	// and is checked and counted in one step, so a burst cannot outrun it.
	// A signed-in account that proved its address (or staff) counts its
	// messages with its forms, per account (see formLimits).
	now := s.now()
	checks, err := formLimits(r.Context(), s.store.Reader(), r, contactPerAddress)
	if err != nil {
		return err
	}
	wait, err := auth.NewThrottle(s.store).Take(r.Context(), now, checks...)
	if err != nil {
		return err
	}
	if wait > 0 {
		e := errorf(http.StatusTooManyRequests, msgs.WaitThankWeHaveAlreadyReceivedSeveral2)
		e.RetryAfter = wait
		return e
	}
	standIn(body, "messages", currentUser(r))
	m, err := checkRecord[store.ContactMessage](entity.Messages, body, now)
	if err != nil {
		return err
	}
	m.UserID, m.Language = formUserID(r), i18n.FromRequest(r)
	err = s.store.InTx(r.Context(), func(tx *store.Tx) error {
		ctx := r.Context()
		if err := store.InsertContactMessage(ctx, tx, m, now); err != nil {
			return err
		}
		if err := recordConsent(ctx, tx, body, "messages", m.ID, m.UserID, now); err != nil {
			return err
		}
		if err := s.formAcknowledge(ctx, tx, r, now, m.Email, "contact", m.Ref); err != nil {
			return err
		}
		return s.formAdminCopy(ctx, tx, now, "contact", entity.Messages, m)
	})
	if err != nil {
		return err
	}
	s.notify()
	writeJSON(w, r, http.StatusCreated, received(map[string]any{"message": msgs.FormThankForMessageWeWillReply, "contact": entity.Messages.Values(entity.StructGetter(m))}, m.Ref, m.CreatedAt))
	return nil
}
