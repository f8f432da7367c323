package mail_test

import (
	"bytes"
	netmail "net/mail"
	"strings"
	"testing"
	"time"

	"spdc/internal/mail"
)

// fuzzHeaders are the only headers a rendered message may carry.
var fuzzHeaders = map[string]bool{"From": true, "To": true, "Reply-To": true, "Subject": true, "Date": true, "Message-Id": true,
	"Mime-Version": true, "Content-Type": true, "Content-Transfer-Encoding": true, "X-Spdc-Kind": true}

// FuzzTemplates renders every template with arbitrary names, reasons,
// tokens and field values: rendering never panics; what renders is a valid
// message whose subject is one line, whose HTML shows user text escaped,
// and whose .eml form parses with exactly the expected headers.
func FuzzTemplates(f *testing.F) {
	f.Add("Ananda Dasa", "Reason\r\nBcc: victim@example.org", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "volunteer", "a@example.org")
	f.Add("<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "../../x?y=z&w", "host", "x@y.org")
	f.Add("Name\r\nSubject: injected", "{{.Site}}", "a b\nc", "contact", "bad address")
	f.Add("مرحبا 🙏🏽 \u202E", strings.Repeat("x", 5000), "%0d%0a", "disciple", "a@b.c\r\nBcc: v@x.org")
	r := mail.NewRenderer(mail.Site{Name: "SPDC", PublicURL: "https://spdc.example.org", ContactLine: "SPDC · https://spdc.example.org/contactus"})
	exp := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	// Every subject the site may send, from harmless values: a subject is
	// always one of these, whatever the visitor typed.
	subjects := map[string]bool{}
	for _, render := range []func() (mail.Message, error){
		func() (mail.Message, error) { return r.PasswordReset("a@example.org", "A", "user-1", exp) },
		func() (mail.Message, error) {
			return r.DiscipleConfirmRequest("a@example.org", mail.DiscipleRequest{DiscipleID: "d1", ExpiresAt: exp})
		},
		func() (mail.Message, error) {
			return r.DiscipleReminder("a@example.org", mail.DiscipleRequest{DiscipleID: "d1", ExpiresAt: exp})
		},
		func() (mail.Message, error) { return r.DiscipleConfirmed("a@example.org", "A") },
		func() (mail.Message, error) { return r.DiscipleDeclined("a@example.org", "A", "r") },
		func() (mail.Message, error) { return r.DiscipleExpired("a@example.org", "", "A", "b@example.org") },
		func() (mail.Message, error) {
			return r.Acknowledgement("a@example.org", "volunteer", mail.Received{Ref: "V-4K7Q-2M", At: time.Now()})
		},
		func() (mail.Message, error) {
			return r.Acknowledgement("a@example.org", "host", mail.Received{Ref: "V-4K7Q-2M", At: time.Now()})
		},
		func() (mail.Message, error) {
			return r.Acknowledgement("a@example.org", "contact", mail.Received{Ref: "V-4K7Q-2M", At: time.Now()})
		},
		func() (mail.Message, error) {
			return r.Acknowledgement("a@example.org", "donation", mail.Received{Ref: "V-4K7Q-2M", At: time.Now()})
		},
		func() (mail.Message, error) {
			return r.Acknowledgement("a@example.org", "disciple", mail.Received{Ref: "V-4K7Q-2M", At: time.Now()})
		},
		func() (mail.Message, error) { return r.AdminCopy("a@example.org", "contact", nil) },
		func() (mail.Message, error) { return r.SignInAttempts("a@example.org", "A") },
	} {
		m, err := render()
		if err != nil {
			f.Fatal(err)
		}
		subjects[m.Subject] = true
	}
	f.Fuzz(func(t *testing.T, name, text, token, form, to string) {
		var msgs []mail.Message
		add := func(m mail.Message, err error) {
			if err == nil {
				msgs = append(msgs, m)
			}
		}
		for _, addr := range []string{"person@example.org", to} {
			add(r.PasswordReset(addr, name, "user-1", exp))
			add(r.DiscipleConfirmRequest(addr, mail.DiscipleRequest{ApplicantName: name, InitiatedName: text, InitiationDate: text, DiscipleID: "d1", ExpiresAt: exp}))
			add(r.DiscipleReminder(addr, mail.DiscipleRequest{ApplicantName: name, InitiatedName: name, DiscipleID: "d1", ExpiresAt: exp}))
			add(r.DiscipleConfirmed(addr, name))
			add(r.DiscipleDeclined(addr, name, text))
			add(r.DiscipleExpired(addr, "", name, text))
			add(r.DiscipleExpired(addr, to, name, "president@example.org"))
			add(r.Acknowledgement(addr, form, mail.Received{Ref: "V-4K7Q-2M", At: time.Now()}))
			add(r.Acknowledgement(addr, "volunteer", mail.Received{Ref: "V-4K7Q-2M", At: time.Now()}))
			add(r.AdminCopy(addr, "contact", []mail.Field{{Label: name, Value: text}, {Label: "Message", Value: name + "\n" + text}}))
			add(r.SignInAttempts(addr, name))
		}
		for _, m := range msgs {
			if err := m.CheckStorable(); err != nil {
				t.Fatalf("%s cannot be stored: %v", m.Kind, err)
			}
			if m.Link.Kind != "" {
				// The copy that is sent has the token written in; a token
				// that would need escaping is refused.
				filled, err := m.WithLink(token, exp)
				if err != nil {
					continue
				}
				if !strings.Contains(filled.Text, token) {
					t.Fatalf("%s: token not written in", m.Kind)
				}
				m = filled
			}
			if err := m.Validate(); err != nil {
				t.Fatalf("%s rendered an invalid message: %v", m.Kind, err)
			}
			if strings.ContainsAny(m.Subject, "\r\n") {
				t.Fatalf("%s subject has a line break: %q", m.Kind, m.Subject)
			}
			if !subjects[m.Subject] {
				t.Fatalf("%s subject %q holds something the visitor typed", m.Kind, m.Subject)
			}
			lower := strings.ToLower(m.HTML)
			if strings.Contains(lower, "<script") || strings.Contains(lower, "<img") {
				t.Fatalf("%s HTML holds live markup from user text", m.Kind)
			}
			for _, v := range []string{name, text} {
				if len(v) >= 8 && strings.ContainsAny(v, "<>\"") && strings.Contains(m.HTML, v) {
					t.Fatalf("%s HTML holds %q unescaped", m.Kind, v)
				}
			}
			raw, err := mail.Render("SPDC <no-reply@spdc.example.org>", m, exp)
			if err != nil {
				t.Fatalf("%s does not render to .eml: %v", m.Kind, err)
			}
			parsed, err := netmail.ReadMessage(bytes.NewReader(raw))
			if err != nil {
				t.Fatalf("%s .eml does not parse: %v", m.Kind, err)
			}
			for k := range parsed.Header {
				if !fuzzHeaders[k] {
					t.Fatalf("%s .eml has an unexpected header %q", m.Kind, k)
				}
			}
			list, err := parsed.Header.AddressList("To")
			if err != nil || len(list) != 1 || list[0].Address != m.To {
				t.Fatalf("%s To is %v (%v), want %s", m.Kind, list, err, m.To)
			}
		}
	})
}

// FuzzOneLine checks the header-safety helper: one line, no control
// characters, no surrounding spaces, idempotent.
func FuzzOneLine(f *testing.F) {
	for _, s := range []string{"", "a\r\nb", " x ", "\u2028\u2029", "a\tb\x00c", "🙏\u0085x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := mail.OneLine(s)
		if strings.ContainsAny(out, "\r\n\t\x00\u0085\u2028\u2029") || strings.TrimSpace(out) != out {
			t.Fatalf("OneLine(%q) = %q", s, out)
		}
		if mail.OneLine(out) != out {
			t.Fatalf("OneLine not idempotent on %q", s)
		}
	})
}
