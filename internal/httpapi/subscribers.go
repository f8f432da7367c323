package httpapi

import (
	"net/http"
	"net/mail"
	"strings"
)

// subscribeInput is the body of POST /api/subscribers.
type subscribeInput struct {
	Email string `json:"email"`
}

// subscribe saves an address left on the coming-soon page. The answer is
// the same whether or not the address was already there (so nobody can
// ask who is subscribed), and a known address gets no second row.
func (s *Server) subscribe(w http.ResponseWriter, r *http.Request) {
	var in subscribeInput
	if err := decodeJSON(r, &in, true); err != nil {
		s.writeError(w, r, err)
		return
	}
	email, ok := subscriberEmail(in.Email)
	if !ok {
		fe := FieldErrors{}
		if strings.TrimSpace(in.Email) == "" {
			fe.Add("email", "Please enter your email address.")
		} else {
			fe.Add("email", "Please enter a valid email address.")
		}
		s.writeError(w, r, fe)
		return
	}
	if _, err := s.store.AddSubscriber(r.Context(), email); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeMessage(w, http.StatusOK, "Thank you! We will write to you when this page opens.")
}

// subscriberEmail trims and lower-cases an address and reports whether it is
// a plain, email-shaped address (no display name, a dot in the domain, at
// most 254 characters).
func subscriberEmail(raw string) (string, bool) {
	e := strings.ToLower(strings.TrimSpace(raw))
	if e == "" || len(e) > 254 {
		return "", false
	}
	a, err := mail.ParseAddress(e)
	if err != nil || a.Address != e || a.Name != "" {
		return "", false
	}
	at := strings.LastIndexByte(e, '@')
	if at < 1 || !strings.Contains(e[at+1:], ".") || strings.HasSuffix(e, ".") {
		return "", false
	}
	return e, true
}
