package mail_test

import (
	"bytes"
	"context"
	"io"
	"mime"
	"mime/multipart"
	netmail "net/mail"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"spdc/internal/mail"
	"spdc/internal/mail/mailtest"
)

const from = "SPDC <no-reply@spdc.example.org>"

func renderer() *mail.Renderer {
	return mail.NewRenderer(mail.Site{Name: "SPDC", PublicURL: "http://127.0.0.1:8080", ContactLine: "SPDC care program · http://127.0.0.1:8080/contactus"})
}

// parts parses a raw message and returns its headers and the decoded
// text/plain and text/html parts.
func parts(t *testing.T, raw []byte) (netmail.Header, string, string) {
	t.Helper()
	msg, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("not a parseable message: %v\n%s", err, raw)
	}
	mt, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/alternative" {
		t.Fatalf("Content-Type = %q (%v), want multipart/alternative", msg.Header.Get("Content-Type"), err)
	}
	var text, html string
	mr := multipart.NewReader(msg.Body, params["boundary"])
	for {
		p, err := mr.NextPart() // decodes quoted-printable
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(p)
		ct, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		switch ct {
		case "text/plain":
			text = string(b)
		case "text/html":
			html = string(b)
		}
	}
	return msg.Header, text, html
}

func newSender(t *testing.T, url string, cfg mail.SMTPConfig) *mail.SMTPSender {
	t.Helper()
	cfg.URL, cfg.From = url, from
	if cfg.Timeout == 0 {
		cfg.Timeout = 5 * time.Second
	}
	s, err := mail.NewSMTPSender(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestSMTPDeliversBothPartsAndHeaders(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{})
	s := newSender(t, "smtp://"+srv.Addr()+"?tls=none", mail.SMTPConfig{})
	m, err := renderer().PasswordReset("user@example.org", "Radha Devi", "user-1", time.Now().Add(time.Hour))
	if err == nil {
		m, err = m.WithLink("tok123", m.Link.Until)
	}
	if err != nil {
		t.Fatal(err)
	}
	m.ID = "0123456789abcdef01234567"
	m.ReplyTo = "help@spdc.example.org"
	for i := 0; i < 3; i++ { // the second and third reuse the connection
		if err := s.Send(context.Background(), m); err != nil {
			t.Fatal(err)
		}
	}
	got := srv.Messages()
	if len(got) != 3 {
		t.Fatalf("server received %d messages, want 3", len(got))
	}
	r := got[0]
	if r.From != "no-reply@spdc.example.org" || len(r.To) != 1 || r.To[0] != "user@example.org" {
		t.Errorf("envelope from %q to %v", r.From, r.To)
	}
	h, text, html := parts(t, r.Data)
	for k, want := range map[string]string{
		"To":          "<user@example.org>",
		"From":        `"SPDC" <no-reply@spdc.example.org>`,
		"Reply-To":    "<help@spdc.example.org>",
		"Subject":     "Reset your SPDC password",
		"Message-Id":  "<0123456789abcdef01234567@spdc.example.org>",
		"X-Spdc-Kind": "password_reset",
	} {
		if got := h.Get(k); got != want {
			t.Errorf("%s: %q, want %q", k, got, want)
		}
	}
	if _, err := h.Date(); err != nil {
		t.Errorf("Date: %v", err)
	}
	link := "http://127.0.0.1:8080/reset-password/tok123"
	if !strings.Contains(text, link) || !strings.Contains(html, `href="`+link+`"`) {
		t.Errorf("link missing:\n%s\n%s", text, html)
	}
	if !strings.Contains(text, "Dear Radha Devi,") || !strings.Contains(html, "<p>Dear Radha Devi,</p>") {
		t.Errorf("parts:\n%s\n%s", text, html)
	}
}

func TestSMTPHostileNames(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{})
	s := newSender(t, "smtp://"+srv.Addr()+"?tls=none", mail.SMTPConfig{})
	m, err := renderer().DiscipleConfirmRequest("president@example.org", mail.DiscipleRequest{
		ApplicantName: "<script>alert(1)</script>\r\nBcc: victim@example.org", DiscipleID: "d1", ExpiresAt: time.Now().Add(72 * time.Hour)})
	if err == nil {
		m, err = m.WithLink("t", m.Link.Until)
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	r := srv.Messages()[0]
	if len(r.To) != 1 {
		t.Errorf("recipients %v: a header was injected", r.To)
	}
	h, _, html := parts(t, r.Data)
	if h.Get("Bcc") != "" {
		t.Errorf("Bcc header injected: %q", h.Get("Bcc"))
	}
	dec, _ := new(mime.WordDecoder).DecodeHeader(h.Get("Subject"))
	if dec != "Please confirm an applicant for SPDC" {
		t.Errorf("subject %q: it must hold nothing the applicant typed", dec)
	}
	if strings.Contains(html, "<script>") || !strings.Contains(html, "&lt;script&gt;") {
		t.Errorf("HTML part not escaped:\n%s", html)
	}

	// A subject with a line break is refused before it reaches the wire.
	bad := mail.Message{To: "a@example.org", Subject: "hi\r\nBcc: x@example.org", Text: "x"}
	if err := s.Send(context.Background(), bad); err == nil || !mail.IsPermanent(err) {
		t.Errorf("CRLF subject: err = %v, want a permanent refusal", err)
	}
	if srv.Count() != 1 {
		t.Errorf("server got %d messages", srv.Count())
	}
}

func TestSMTPErrorsAreClassified(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{})
	s := newSender(t, "smtp://"+srv.Addr()+"?tls=none", mail.SMTPConfig{})
	m := mail.Message{To: "a@example.org", Subject: "s", Text: "t"}

	srv.FailRcpt(550, "No such user here")
	err := s.Send(context.Background(), m)
	if err == nil || !mail.IsPermanent(err) || !strings.Contains(err.Error(), "550") || !strings.Contains(err.Error(), "No such user here") {
		t.Errorf("5xx: err = %v, want permanent with the server's reply", err)
	}
	srv.FailRcpt(0, "")

	srv.FailData(451, "Try again later")
	err = s.Send(context.Background(), m)
	if err == nil || mail.IsPermanent(err) || !strings.Contains(err.Error(), "451") {
		t.Errorf("4xx: err = %v, want temporary", err)
	}
	srv.FailData(554, "Message rejected")
	if err := s.Send(context.Background(), m); err == nil || !mail.IsPermanent(err) {
		t.Errorf("5xx after DATA: err = %v, want permanent", err)
	}
	srv.FailData(0, "")

	srv.Stop()
	err = s.Send(context.Background(), m)
	if err == nil || mail.IsPermanent(err) {
		t.Errorf("server down: err = %v, want temporary", err)
	}
	srv.Restart(t)
	if err := s.Send(context.Background(), m); err != nil {
		t.Errorf("after restart: %v", err)
	}
	if srv.Count() != 1 {
		t.Errorf("server got %d messages, want 1", srv.Count())
	}
}

func TestSMTPAuthAndTLS(t *testing.T) {
	serverTLS, clientTLS := mailtest.SelfSigned(t)
	ctx := context.Background()
	m := mail.Message{To: "a@example.org", Subject: "s", Text: "t"}

	t.Run("starttls+auth", func(t *testing.T) {
		srv := mailtest.Start(t, mailtest.Options{User: "spdc", Password: "p@ss word", TLS: serverTLS})
		s := newSender(t, "smtp://spdc:p%40ss%20word@127.0.0.1:"+srv.Port(), mail.SMTPConfig{TLSConfig: clientTLS})
		if err := s.Send(ctx, m); err != nil {
			t.Fatal(err)
		}
		r := srv.Messages()[0]
		if !r.TLS || r.Auth != "spdc" {
			t.Errorf("tls=%v auth=%q", r.TLS, r.Auth)
		}
	})
	t.Run("smtps", func(t *testing.T) {
		srv := mailtest.Start(t, mailtest.Options{TLS: serverTLS, Implicit: true})
		s := newSender(t, "smtps://127.0.0.1:"+srv.Port(), mail.SMTPConfig{TLSConfig: clientTLS})
		if err := s.Send(ctx, m); err != nil {
			t.Fatal(err)
		}
		if r := srv.Messages()[0]; !r.TLS {
			t.Error("smtps session was not encrypted")
		}
	})
	t.Run("server without STARTTLS is refused", func(t *testing.T) {
		srv := mailtest.Start(t, mailtest.Options{User: "spdc", Password: "secret"})
		for _, u := range []string{"smtp://spdc:secret@127.0.0.1:" + srv.Port(), "smtp://spdc:secret@127.0.0.1:" + srv.Port() + "?tls=starttls"} {
			s := newSender(t, u, mail.SMTPConfig{TLSConfig: clientTLS})
			err := s.Send(ctx, m)
			if err == nil {
				t.Fatalf("%s: sent in clear text to a server that offers no STARTTLS", u)
			}
			if mail.IsPermanent(err) {
				t.Errorf("%s: err = %v, want temporary (an operator can fix the server and retry)", u, err)
			}
		}
		if srv.Count() != 0 {
			t.Errorf("server got %d messages, want none", srv.Count())
		}
	})
	t.Run("clear text only with tls=none", func(t *testing.T) {
		srv := mailtest.Start(t, mailtest.Options{})
		s := newSender(t, "smtp://127.0.0.1:"+srv.Port()+"?tls=none", mail.SMTPConfig{TLSConfig: clientTLS})
		if err := s.Send(ctx, m); err != nil {
			t.Fatal(err)
		}
		if r := srv.Messages()[0]; r.TLS {
			t.Error("tls=none session was encrypted")
		}
	})
	t.Run("tls=none never sends a password in clear", func(t *testing.T) {
		// The fake server offers only AUTH PLAIN, which would put the
		// password on the wire as it is.
		srv := mailtest.Start(t, mailtest.Options{User: "spdc", Password: "secret"})
		s := newSender(t, "smtp://spdc:secret@127.0.0.1:"+srv.Port()+"?tls=none", mail.SMTPConfig{})
		if err := s.Send(ctx, m); err == nil || mail.IsPermanent(err) {
			t.Errorf("err = %v, want a temporary refusal to authenticate in clear", err)
		}
		if srv.Count() != 0 {
			t.Errorf("server got %d messages", srv.Count())
		}
	})
	t.Run("wrong password is temporary", func(t *testing.T) {
		srv := mailtest.Start(t, mailtest.Options{User: "spdc", Password: "right", TLS: serverTLS})
		s := newSender(t, "smtp://spdc:wrong@127.0.0.1:"+srv.Port(), mail.SMTPConfig{TLSConfig: clientTLS})
		if err := s.Send(ctx, m); err == nil || mail.IsPermanent(err) {
			t.Errorf("err = %v, want temporary", err)
		}
	})
}

func TestNewSMTPSenderRefusesBadURLs(t *testing.T) {
	for _, u := range []string{"", "http://x", "smtp://", "smtp://h:99999", "smtp://h:abc", "smtp://h?tls=off",
		"smtps://h?tls=none", "smtp://h?tls=none&tls=none", "smtp://h?verify=no", "smtp://h/path", "smtp:h"} {
		if _, err := mail.NewSMTPSender(mail.SMTPConfig{URL: u, From: from}); err == nil {
			t.Errorf("%q accepted", u)
		}
	}
	if _, err := mail.NewSMTPSender(mail.SMTPConfig{URL: "smtp://h:25", From: "nope"}); err == nil {
		t.Error("bad From accepted")
	}
}

func TestFileSenderWritesParseableEML(t *testing.T) {
	dir := t.TempDir()
	now := time.Date(2026, 11, 21, 10, 15, 0, 123e6, time.UTC)
	fs := &mail.FileSender{Dir: filepath.Join(dir, "mail"), From: from, Now: func() time.Time { return now }}
	token := strings.Repeat("ab12", 16)
	m, err := renderer().DiscipleConfirmRequest("president@example.org", mail.DiscipleRequest{ApplicantName: "Ramesh", DiscipleID: "d1", ExpiresAt: now.Add(7 * 24 * time.Hour)})
	if err == nil {
		m, err = m.WithLink(token, m.Link.Until)
	}
	if err != nil {
		t.Fatal(err)
	}
	m.ID = "0123456789abcdef01234567"
	if err := fs.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "mail", "*"))
	if len(files) != 1 || filepath.Base(files[0]) != "20261121T101500.123-0123456789abcdef01234567.eml" {
		t.Fatalf("files: %v", files)
	}
	raw, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	h, text, _ := parts(t, raw)
	if h.Get("To") != "<president@example.org>" {
		t.Errorf("To: %q", h.Get("To"))
	}
	if !regexp.MustCompile(`(?m)^To:.*president@example\.org`).Match(raw) {
		t.Error("no greppable To: line")
	}
	link := "http://127.0.0.1:8080/Reg?token=" + token
	if !strings.Contains(text, link) {
		t.Errorf("decoded text lacks %s", link)
	}
	// What the browser tests do: undo soft line breaks and =3D, then grep.
	flat := strings.NewReplacer("=\r\n", "", "=3D", "=").Replace(string(raw))
	if !regexp.MustCompile(`http://127\.0\.0\.1:8080/Reg\?token=` + token).MatchString(flat) {
		t.Errorf("raw file does not yield the link:\n%s", raw)
	}
	if strings.Contains(string(raw), "base64") {
		t.Error("a part is base64-encoded")
	}
}

func TestSMTPClosesIdleConnection(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{})
	s := newSender(t, "smtp://"+srv.Addr()+"?tls=none", mail.SMTPConfig{IdleClose: 50 * time.Millisecond})
	m := mail.Message{To: "a@example.org", Subject: "s", Text: "t"}
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond) // the idle connection is closed
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	if srv.Count() != 2 {
		t.Errorf("delivered %d", srv.Count())
	}
}
