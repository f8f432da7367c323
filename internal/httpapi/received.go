package httpapi

import (
	"net/http"
	"strings"
	"time"

	"spdc/internal/i18n/msgs"
	"spdc/internal/store"
)

// received adds to a submission's answer what the confirmation panel
// shows: the reference the site gave it and when it arrived.
func received(answer map[string]any, ref string, at time.Time) map[string]any {
	answer["reference"] = ref
	answer["receivedAt"] = at
	return answer
}

// applicantAddress is where a disciple registration's acknowledgement
// goes: the address the applicant gave, else the signed-in account's;
// "" (none sent) when they gave only a phone number.
func applicantAddress(d *store.Disciple, signedIn *store.User) string {
	if d.DiscipleEmail != "" {
		return d.DiscipleEmail
	}
	if signedIn != nil {
		return signedIn.Email
	}
	return ""
}

// localTime writes a time cell of the CSV export in the site's zone, the
// Indian way ("23 Nov 2026, 7:30 pm IST"); other cells pass unchanged.
func (s *Server) localTime(f *store.AdminField, v any) any {
	if at, ok := v.(time.Time); ok {
		return s.cfg.Zone.DateTime(at)
	}
	text, ok := v.(string)
	if !ok || (f.Kind != store.KindTime && f.Kind != store.KindTimePtr) {
		return v
	}
	t, err := time.Parse(time.RFC3339Nano, text)
	if err != nil {
		return v
	}
	return s.cfg.Zone.DateTime(t)
}

// msgFormSessionEnded answers a form sent with a session that has ended.
var msgFormSessionEnded = msgs.AccountWereSignedOutSoFormWas

// formSession refuses a form sent with a session the server no longer
// knows (expired, signed out elsewhere, idle), so that a person who
// believes they are signed in never has it saved apart from their
// account: they sign in again, or send it again without a session, which
// the web app does once it has forgotten the ended session.
func formSession(r *http.Request) error {
	if currentUser(r) != nil {
		return nil
	}
	token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok || strings.TrimSpace(token) == "" {
		return nil
	}
	return errorf(http.StatusUnauthorized, msgFormSessionEnded)
}
