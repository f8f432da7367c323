package config

import (
	"io"
	"strings"
	"testing"
)

// FuzzLoad feeds arbitrary values to every variable: Load never panics, a
// refusal names the variable in one line, and an accepted configuration
// validates and has no surrounding spaces.
func FuzzLoad(f *testing.F) {
	f.Add("127.0.0.1:8080", "", "", "", "SPDC <no-reply@localhost>", "", "", "text")
	f.Add("0.0.0.0:80", "postgres://u:p@h/db", "https://spdc.example.org/", "smtp://u:p@mail:587", "a@b.c", "admin@x.org", "https://a.org, http://b.org/", "JSON")
	f.Add("nocolon", "mysql://x", "ftp://x", "http://x", "not an address", "x\r\ny", "javascript:alert(1)", "xml")
	f.Add(":0", "sqlite://", "http://h/path?q", "smtps://", "<>", "@", ",,,", "")
	f.Fuzz(func(t *testing.T, addr, db, public, smtp, from, notify, cors, logFormat string) {
		env := map[string]string{"SPDC_ADDR": addr, "DATABASE_URL": db, "SPDC_PUBLIC_URL": public, "SMTP_URL": smtp,
			"SPDC_MAIL_FROM": from, "SPDC_ADMIN_NOTIFY": notify, "SPDC_CORS_ORIGINS": cors, "SPDC_LOG_FORMAT": logFormat}
		cfg, err := Load("fuzz", nil, func(k string) string { return env[k] }, io.Discard)
		if err != nil {
			named := false
			for k := range env {
				if strings.Contains(err.Error(), k) {
					named = true
				}
			}
			if !named && !strings.Contains(err.Error(), "SPDC_DATA_DIR") {
				t.Fatalf("error names no variable: %v", err)
			}
			return
		}
		if err := cfg.Validate(); err != nil {
			t.Fatalf("Load accepted what Validate refuses: %v", err)
		}
		for _, v := range append([]string{cfg.Addr, cfg.DatabaseURL, cfg.PublicURL, cfg.SMTPURL, cfg.MailFrom, cfg.AdminNotify, cfg.LogFormat}, cfg.CORSOrigins...) {
			if strings.TrimSpace(v) != v {
				t.Fatalf("value %q kept surrounding space", v)
			}
		}
		if strings.HasSuffix(cfg.PublicURL, "/") {
			t.Fatalf("public URL %q keeps a trailing slash (links would hold //)", cfg.PublicURL)
		}
	})
}

// FuzzParseProxies: any SPDC_TRUSTED_PROXIES value is refused with one
// line naming the bad item, or gives masked prefixes that contain what
// each item named.
func FuzzParseProxies(f *testing.F) {
	for _, s := range []string{"10.0.0.0/8", "192.0.2.7, fd00::/8", "::ffff:10.0.0.0/104", "10.0.0.1/24", " , ,", "fe80::1%eth0", "1.2.3.4/-1", "::/0,0.0.0.0/0", "a,b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ps, err := ParseProxies(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		for _, p := range ps {
			if !p.IsValid() || p != p.Masked() || p.Addr().Is4In6() {
				t.Fatalf("%q gave %v", s, p)
			}
		}
	})
}
