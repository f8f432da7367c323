package httpapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"spdc/internal/auth"
	"spdc/internal/mail"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// mailCount is how many outbox messages went to addresses whose mailbox is
// box (any +tag or case).
func (e *env) mailCount(box string) int {
	e.t.Helper()
	rows, err := e.st.Reader().QueryContext(context.Background(), `SELECT to_addr FROM outbox`)
	if err != nil {
		e.t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var to string
		if err := rows.Scan(&to); err != nil {
			e.t.Fatal(err)
		}
		if auth.MailboxKey(to) == box {
			n++
		}
	}
	return n
}

// TestNoMailRelay: the forms that send mail are limited per client and
// per recipient, and what a visitor types never reaches a subject or a
// link in mail to someone else.
func TestNoMailRelay(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, notifying("office@spdc.example"))

		// One client posts the volunteer form 24 times naming a victim
		// (with +tags): the client is stopped after 10 forms an hour, and
		// the victim gets at most 3 messages from that client.
		statuses := map[int]int{}
		e.ip = "203.0.113.5"
		for i := range 24 {
			p := validVolunteer()
			p["email"] = "victim+" + strconv.Itoa(i) + "@example.net"
			r := e.call("POST", "/api/volunteers/register", p, "")
			statuses[r.Status]++
			if r.Status == http.StatusTooManyRequests && (r.Header.Get("Retry-After") == "" || !strings.Contains(r.message(), "several forms")) {
				t.Fatalf("429 without a wait or a clear message: %v %s", r.Header, r.Raw)
			}
		}
		if statuses[http.StatusCreated] != auth.FormsPerAddress.Max || statuses[http.StatusTooManyRequests] != 24-auth.FormsPerAddress.Max {
			t.Fatalf("one client: %v", statuses)
		}
		if n := e.count("volunteers"); n != auth.FormsPerAddress.Max {
			t.Fatalf("%d volunteers saved, want %d (a refused form saves nothing)", n, auth.FormsPerAddress.Max)
		}
		if n := e.mailCount("victim@example.net"); n != auth.MailPerRecipientClient.Max {
			t.Fatalf("the victim got %d messages from one client, want %d", n, auth.MailPerRecipientClient.Max)
		}

		// Many clients, the volunteer, host and contact forms: every form
		// is still saved, but the victim gets at most 5 messages a day.
		for i := range 12 {
			e.ip = "198.51.100." + strconv.Itoa(i+1)
			var r resp
			switch i % 3 {
			case 0:
				p := validVolunteer()
				p["email"] = "Victim@example.net"
				r = e.call("POST", "/api/volunteers/register", p, "")
			case 1:
				p := validHost()
				p["email"] = "victim+host@example.net"
				r = e.call("POST", "/api/hosts/register", p, "")
			default:
				p := validContact()
				p["email"] = "victim@example.net"
				r = e.call("POST", "/api/contact", p, "")
			}
			if r.Status != http.StatusCreated {
				t.Fatalf("form %d from a new client: %d %s", i, r.Status, r.Raw)
			}
		}
		if n := e.mailCount("victim@example.net"); n != auth.MailPerRecipient.Max {
			t.Fatalf("the victim got %d messages in a day, want %d", n, auth.MailPerRecipient.Max)
		}
		// The admin still has a copy of every saved form.
		if n := len(e.mails("office@spdc.example")); n != auth.FormsPerAddress.Max+12 {
			t.Errorf("%d admin copies, want %d", n, auth.FormsPerAddress.Max+12)
		}
		// A day later the victim may be written to again.
		e.clock = e.clock.Add(24*time.Hour + time.Minute)
		p := validVolunteer()
		p["email"] = "victim@example.net"
		if r := e.call("POST", "/api/volunteers/register", p, ""); r.Status != http.StatusCreated || e.mailCount("victim@example.net") != auth.MailPerRecipient.Max+1 {
			t.Fatalf("next day: %d, %d messages", r.Status, e.mailCount("victim@example.net"))
		}

		// The disciple form mails a temple president the applicant's words.
		e.ip = "192.0.2.200"
		p = validDisciple()
		p["fullName"] = "FREE PRIZE claim at evil.example now 8"
		p["templePresidentEmail"] = "president@temple.example"
		if r := e.call("POST", "/api/disciples/register", p, ""); r.Status != http.StatusCreated {
			t.Fatalf("disciple: %d %s", r.Status, r.Raw)
		}
		ms := e.mails("president@temple.example")
		if len(ms) != 1 {
			t.Fatalf("%d mails to the temple president", len(ms))
		}
		m := ms[0]
		if m.Subject != "Please confirm an applicant for SPDC" {
			t.Errorf("subject %q", m.Subject)
		}
		for _, part := range []string{m.Subject, m.Text, m.HTML} {
			if strings.Contains(part, "evil.example") {
				t.Errorf("the applicant's link-like words reached the mail:\n%s", part)
			}
		}
		for _, part := range []string{m.Text, m.HTML} {
			// The site's own call to act comes first; the applicant's words
			// only after it, on a labelled line.
			if at, link := strings.Index(part, "FREE PRIZE"), strings.Index(part, "/Reg?token="); at < 0 || link < 0 || at < link {
				t.Errorf("the applicant's words are not after the link (%d, %d):\n%s", at, link, part)
			}
			if strings.Contains(part, "confirm FREE PRIZE") || strings.Contains(part, `href="FREE`) {
				t.Errorf("the applicant's words are in a sentence or a link:\n%s", part)
			}
		}
		if !strings.Contains(m.Text, "Name:            FREE PRIZE claim at evil[.]example now 8") {
			t.Errorf("the labelled, inert name is missing:\n%s", m.Text)
		}

		// A temple president gets at most 5 requests a day, whoever asks:
		// over that the registration is refused and nothing is saved.
		for i := 1; i < 7; i++ {
			e.ip = "192.0.2." + strconv.Itoa(200+i)
			p := validDisciple()
			p["fullName"] = "Applicant " + strconv.Itoa(i)
			p["discipleEmail"] = "applicant" + strconv.Itoa(i) + "@example.org"
			p["templePresidentEmail"] = "President+" + strconv.Itoa(i) + "@temple.example"
			before := e.count("disciples")
			r := e.call("POST", "/api/disciples/register", p, "")
			want := http.StatusCreated
			if i >= auth.MailPerRecipient.Max {
				want = http.StatusTooManyRequests
			}
			if r.Status != want {
				t.Fatalf("request %d to the temple president: %d %s", i+1, r.Status, r.Raw)
			}
			if want == http.StatusTooManyRequests && (e.count("disciples") != before || !strings.Contains(r.message(), "Nothing was saved")) {
				t.Fatalf("a refused registration was saved or unclear: %s", r.Raw)
			}
		}
		if n := e.mailCount("president@temple.example"); n != auth.MailPerRecipient.Max {
			t.Errorf("the temple president got %d requests, want %d", n, auth.MailPerRecipient.Max)
		}
	})
}

// TestAcknowledgeDraft: the thank-you written before the transaction is
// sent when the reference drawn for it was kept; when another row took
// that reference meanwhile, the thank-you is written again with the one
// the form got, never sent quoting someone else's.
func TestAcknowledgeDraft(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		s := &Server{store: st, now: func() time.Time { return e.clock }, mail: mail.NewRenderer(mail.Site{Name: "SPDC", PublicURL: "http://test.local"})}
		r := httptest.NewRequest(http.MethodPost, "/api/volunteers/register", nil)
		r.RemoteAddr = "192.0.2.44:5000"
		drawn, got := store.NewRef("volunteers"), store.NewRef("volunteers")
		for _, c := range []struct{ to, ref string }{{"kept@example.org", drawn}, {"clash@example.org", got}} {
			draft := s.draftAcknowledge(r, e.clock, c.to, "volunteer", drawn)
			if draft == nil || draft.err != nil {
				t.Fatalf("draft: %+v", draft)
			}
			err := st.InTx(context.Background(), func(tx *store.Tx) error {
				return s.formAcknowledgeDraft(context.Background(), tx, r, e.clock, c.to, "volunteer", c.ref, draft)
			})
			if err != nil {
				t.Fatal(err)
			}
			m := e.mails(c.to)
			if len(m) != 1 || !strings.Contains(m[0].Subject, c.ref) || !strings.Contains(m[0].Text, c.ref) {
				t.Fatalf("%s: %+v, want reference %s", c.to, m, c.ref)
			}
			if c.ref != drawn && strings.Contains(m[0].Text, drawn) {
				t.Errorf("%s: the thank-you quotes the drawn reference %s", c.to, drawn)
			}
		}
		if s.draftAcknowledge(r, e.clock, "", "volunteer", drawn) != nil {
			t.Error("a form without an email address got a thank-you drafted")
		}
	})
}
