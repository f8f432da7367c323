package httpapi

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

var refPattern = regexp.MustCompile(`^[VHMDG]-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{2}$`)

// TestSubmissionAcknowledged: every kind of submission answers with its
// reference and time, and the person it is about gets an acknowledgement
// by email carrying that reference and the time in India's zone; the
// disciple applicant is acknowledged as well as their temple president
// asked; a host who gave no email gets none; My Account lists each
// submission with its reference; the dashboard finds each by it.
func TestSubmissionAcknowledged(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withDonations())
		e.clock = time.Date(2026, 11, 23, 14, 0, 0, 0, time.UTC) // 7:30 pm in India
		token, _ := e.user("asha@example.org", false)
		adminTok, _ := e.user("admin@example.org", true)

		volunteer := validVolunteer()
		volunteer["email"] = "vol@example.org"
		host := validHost()
		host["email"] = "host@example.org"
		contact := validContact()
		contact["email"] = "writer@example.org"
		disciple := validDisciple()
		gift := validDonation()
		cases := []struct {
			path, tab, to, letter, words string
			body                         map[string]any
		}{
			{"/api/volunteers/register", "volunteers", "vol@example.org", "V", "Thank you for offering to volunteer", volunteer},
			{"/api/hosts/register", "hosts", "host@example.org", "H", "Thank you for offering to host", host},
			{"/api/contact", "messages", "writer@example.org", "M", "We received your message", contact},
			{"/api/disciples/register", "pending-disciples", "madhava@example.org", "D", "We received your disciple registration", disciple},
			{"/api/donations", "donations", "radha@example.org", "G", "Thank you for your gift", gift},
		}
		refs := map[string]bool{}
		for _, c := range cases {
			r := e.call("POST", c.path, c.body, token)
			if r.Status != 201 {
				t.Fatalf("%s: %d %s", c.path, r.Status, r.Raw)
			}
			ref, _ := r.Body["reference"].(string)
			if !refPattern.MatchString(ref) || ref[:1] != c.letter || refs[ref] {
				t.Fatalf("%s: reference %q", c.path, ref)
			}
			refs[ref] = true
			if at, _ := r.Body["receivedAt"].(string); !strings.HasPrefix(at, "2026-11-23T14:00:00") {
				t.Errorf("%s: receivedAt %q", c.path, at)
			}
			var ack *outboxMail
			for _, m := range e.mails(c.to) {
				if m.Kind == "acknowledgement" {
					ack = &m
				}
			}
			if ack == nil {
				t.Fatalf("%s: no acknowledgement to %s", c.path, c.to)
			}
			for _, part := range []string{ack.Text, ack.HTML} {
				for _, want := range []string{ref, "23 Nov 2026, 7:30 pm IST", "What happens next", "/contactus"} {
					if !strings.Contains(part, want) {
						t.Errorf("%s: acknowledgement lacks %q:\n%s", c.path, want, part)
					}
				}
			}
			if !strings.Contains(ack.Subject, ref) || !strings.Contains(ack.Subject, c.words) {
				t.Errorf("%s: subject %q lacks the reference", c.path, ack.Subject)
			}
			// The dashboard's search finds the record by its reference,
			// typed without its hyphens.
			q := strings.ToLower(strings.ReplaceAll(ref, "-", ""))
			list := e.call("GET", "/api/admin/"+c.tab+"?q="+q, nil, adminTok)
			var rows []map[string]any
			_ = json.Unmarshal([]byte(list.Raw), &rows)
			if list.Status != 200 || len(rows) != 1 || rows[0]["ref"] != ref {
				t.Errorf("%s: admin search for %q: %d %s", c.tab, q, list.Status, list.Raw)
			}
		}
		// The temple president still gets the request, apart from the
		// applicant's acknowledgement.
		if got := e.mails("president@temple.example"); len(got) != 1 || got[0].Kind != "disciple_confirm_request" {
			t.Errorf("temple president's mail: %+v", got)
		}

		// My Account lists each submission with its reference (gifts have
		// their own list).
		var subs []submissionJSON
		if err := json.Unmarshal([]byte(e.call("GET", "/api/users/me/submissions", nil, token).Raw), &subs); err != nil {
			t.Fatal(err)
		}
		if len(subs) != 4 {
			t.Fatalf("submissions: %+v", subs)
		}
		for _, s := range subs {
			if !refs[s.Reference] {
				t.Errorf("submission %s with reference %q", s.Type, s.Reference)
			}
		}

		// A host who gave only a phone number gets no email, and still a
		// reference.
		acks := func() int {
			var n int
			if err := st.Reader().QueryRowContext(t.Context(), `SELECT COUNT(*) FROM outbox WHERE kind = 'acknowledgement'`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		before := acks()
		phoneOnly := validHost()
		phoneOnly["email"] = ""
		phoneOnly["fullName"] = "Phone Only"
		r := e.call("POST", "/api/hosts/register", phoneOnly, "")
		if r.Status != 201 || !refPattern.MatchString(r.Body["reference"].(string)) {
			t.Fatalf("phone-only host: %d %s", r.Status, r.Raw)
		}
		if acks() != before {
			t.Error("an acknowledgement was queued without an address")
		}
	})
}

// mailsBesidesAck lists the outbox messages to an address other than the
// acknowledgement of what they sent.
func (e *env) mailsBesidesAck(to string) []outboxMail {
	var out []outboxMail
	for _, m := range e.mails(to) {
		if m.Kind != "acknowledgement" {
			out = append(out, m)
		}
	}
	return out
}

// TestFormWithEndedSession: a form sent with a session that has ended is
// refused with 401 and saves nothing, so it is never filed apart from the
// person's account; sent again without the session, it is saved.
func TestFormWithEndedSession(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		token, _ := e.user("asha@example.org", false)
		if r := e.call("POST", "/api/users/logout", nil, token); r.Status != 200 {
			t.Fatalf("logout: %d %s", r.Status, r.Raw)
		}
		for _, c := range []struct {
			path, table string
			body        map[string]any
		}{
			{"/api/volunteers/register", "volunteers", validVolunteer()},
			{"/api/hosts/register", "hosts", validHost()},
			{"/api/contact", "messages", validContact()},
			{"/api/disciples/register", "disciples", validDisciple()},
		} {
			r := e.call("POST", c.path, c.body, token)
			if r.Status != 401 || r.message() != msgFormSessionEnded.En() || e.count(c.table) != 0 {
				t.Fatalf("%s with an ended session: %d %s (%d rows)", c.path, r.Status, r.Raw, e.count(c.table))
			}
			if r := e.call("POST", c.path, c.body, ""); r.Status != 201 || e.count(c.table) != 1 {
				t.Fatalf("%s sent again without it: %d %s", c.path, r.Status, r.Raw)
			}
		}
	})
}
