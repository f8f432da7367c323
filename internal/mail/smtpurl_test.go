package mail_test

import (
	"net/url"
	"strings"
	"testing"

	"spdc/internal/mail"
)

func TestParseSMTPURL(t *testing.T) {
	cases := []struct {
		url  string
		want mail.SMTPEndpoint
	}{
		{"smtp://mail.example.org", mail.SMTPEndpoint{Host: "mail.example.org", Port: 25, Security: mail.SMTPStartTLS}},
		{"smtp://u:p%40ss@mail.example.org:587", mail.SMTPEndpoint{Host: "mail.example.org", Port: 587, User: "u", Password: "p@ss", Security: mail.SMTPStartTLS}},
		{"smtp://mail.example.org:587/?tls=starttls", mail.SMTPEndpoint{Host: "mail.example.org", Port: 587, Security: mail.SMTPStartTLS}},
		{"smtp://127.0.0.1:2525?tls=none", mail.SMTPEndpoint{Host: "127.0.0.1", Port: 2525, Security: mail.SMTPClear}},
		{"smtps://u@[::1]", mail.SMTPEndpoint{Host: "::1", Port: 465, User: "u", Security: mail.SMTPImplicitTLS}},
	}
	for _, tc := range cases {
		got, err := mail.ParseSMTPURL(tc.url)
		if err != nil || got != tc.want {
			t.Errorf("ParseSMTPURL(%q) = %+v, %v; want %+v", tc.url, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "mail.example.org", "http://h", "smtp://", "smtp://h:0", "smtp://h:65536", "smtp://h:x",
		"smtp://h?tls=", "smtp://h?tls=NONE", "smtp://h?tls=none&tls=starttls", "smtps://h?tls=starttls", "smtps://h?tls=none",
		"smtp://h?TLS=none", "smtp://h?skip_verify=1", "smtp://h/x", "smtp://h#f", "smtp:opaque", "smtp://h?tls=none;x"} {
		if e, err := mail.ParseSMTPURL(bad); err == nil {
			t.Errorf("ParseSMTPURL(%q) accepted: %+v", bad, e)
		}
	}
}

// FuzzParseSMTPURL: the parser never panics; an accepted URL has a host
// and a port in range, clear text only when the URL says tls=none, and a
// refusal is one line that never repeats the password.
func FuzzParseSMTPURL(f *testing.F) {
	for _, s := range []string{"smtp://mail.example.org", "smtp://u:p@h:587?tls=none", "smtps://h:465", "smtp://h?tls=starttls",
		"smtp://h?tls=none&tls=none", "smtp://u:sekret@h?tls=bogus", "smtp://[::1]:25", "smtp://%zz", "smtp://h:99999", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := mail.ParseSMTPURL(s)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\r\n") {
				t.Fatalf("error is not one line: %q", err)
			}
			if e != (mail.SMTPEndpoint{}) {
				t.Fatalf("refusal returned an endpoint: %+v", e)
			}
			return
		}
		if e.Host == "" || e.Port < 1 || e.Port > 65535 {
			t.Fatalf("accepted %q as %+v", s, e)
		}
		u, err := url.Parse(s)
		if err != nil {
			t.Fatalf("accepted %q, which net/url refuses", s)
		}
		if (e.Security == mail.SMTPClear) != (u.Query().Get("tls") == "none") {
			t.Fatalf("%q: security %v", s, e.Security)
		}
		if e.Security == mail.SMTPImplicitTLS && u.Scheme != "smtps" {
			t.Fatalf("%q: implicit TLS without smtps", s)
		}
	})
}

func TestMaskAddresses(t *testing.T) {
	for in, want := range map[string]string{
		"radha@example.org": "r***@example.org",
		"550 5.1.1 <victim@example.net>: Recipient address rejected": "550 5.1.1 <v***@example.net>: Recipient address rejected",
		"no address here": "no address here",
	} {
		if got := mail.MaskAddresses(in); got != want {
			t.Errorf("MaskAddresses(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"a@b.c": "a***@b.c", "@x": "***", "x@": "***", "": "***"} {
		if got := mail.MaskAddress(in); got != want {
			t.Errorf("MaskAddress(%q) = %q, want %q", in, got, want)
		}
	}
}
