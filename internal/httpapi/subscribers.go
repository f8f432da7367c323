package httpapi

import (
	"net/http"
	"strings"
	"time"

	"spdc/internal/entity"
	"spdc/internal/i18n/msgs"
)

// subscribeInput is the body of POST /api/subscribers.
type subscribeInput struct {
	Email string `json:"email"`
}

// subscribe saves an address left on the coming-soon page. The answer is
// the same whether or not the address was already there (so nobody can
// ask who is subscribed), and a known address gets no second row.
func (s *Server) subscribe(w http.ResponseWriter, r *http.Request) error {
	var in subscribeInput
	if err := decodeJSON(r, &in, true); err != nil {
		return err
	}
	email, ok := subscriberEmail(in.Email)
	if !ok {
		fe := FieldErrors{}
		if strings.TrimSpace(in.Email) == "" {
			fe.Add("email", msgs.CheckEnterEmailAddress)
		} else {
			fe.Add("email", msgs.CheckEnterValidEmailAddress)
		}
		return fe
	}
	if _, err := s.store.AddSubscriber(r.Context(), email); err != nil {
		return err
	}
	writeMessage(w, r, http.StatusOK, msgs.FormThankWeWillWriteWhenPage)
	return nil
}

// subscriberEmail checks an address with the subscriber's definition (the
// one email check of every form) and returns it trimmed and lower-cased.
func subscriberEmail(raw string) (string, bool) {
	clean, msg := entity.Subscribers.Field("email").Check(raw, time.Now())
	s, _ := clean.(string)
	return s, msg.IsZero() && s != ""
}
