package config

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestDefaults(t *testing.T) {
	c, err := Load("spdc", nil, env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:8080" || c.DataDir != "./data" || c.DatabaseURL != "sqlite://data/spdc.db" ||
		c.PublicURL != "http://127.0.0.1:8080" || c.MailFrom != "SPDC <no-reply@localhost>" || c.LogFormat != "text" ||
		c.SMTPURL != "" || c.AdminNotify != "" || len(c.CORSOrigins) != 0 || c.MailRetentionDays != 90 {
		t.Fatalf("defaults: %+v", c)
	}
	if c.SQLitePath() != "data/spdc.db" {
		t.Fatalf("SQLitePath %q", c.SQLitePath())
	}
}

func TestFlagsOverrideEnvironment(t *testing.T) {
	c, err := Load("spdc", []string{"--addr", "127.0.0.1:9999", "--data-dir", "/tmp/x", "--database-url", "postgres://u@h/db"},
		env(map[string]string{"SPDC_ADDR": "127.0.0.1:1", "SPDC_CORS_ORIGINS": " https://a.example , https://b.example/ "}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:9999" || c.DataDir != "/tmp/x" || c.DatabaseURL != "postgres://u@h/db" || c.PublicURL != "http://127.0.0.1:9999" {
		t.Fatalf("got %+v", c)
	}
	if strings.Join(c.CORSOrigins, "|") != "https://a.example|https://b.example" {
		t.Fatalf("cors %q", c.CORSOrigins)
	}
}

func TestDataDirDrivesDatabaseDefault(t *testing.T) {
	c, err := Load("spdc", nil, env(map[string]string{"SPDC_DATA_DIR": "/srv/spdc"}), io.Discard)
	if err != nil || c.DatabaseURL != "sqlite:///srv/spdc/spdc.db" {
		t.Fatalf("%q %v", c.DatabaseURL, err)
	}
}

func TestEachVariableValidated(t *testing.T) {
	cases := []struct {
		name, value string
		ok          bool
	}{
		{"SPDC_ADDR", "127.0.0.1:8080", true},
		{"SPDC_ADDR", "[::1]:8080", true},
		{"SPDC_ADDR", "localhost:8080", true},
		{"SPDC_DOMAIN", "example.org,www.example.org", true},
		{"SPDC_DOMAIN", "*.example.org", false},
		{"SPDC_DOMAIN", "192.0.2.1", false},
		{"SPDC_DOMAIN", "exa mple.org", false},
		{"SPDC_DOMAIN", "-a.example.org", false},
		{"SPDC_ADDR", "localhost", false},
		{"SPDC_ADDR", "nonsense::", false},
		{"DATABASE_URL", "sqlite:///tmp/a.db", true},
		{"DATABASE_URL", "postgres://postgres@127.0.0.1:5432/test", true},
		{"DATABASE_URL", "postgresql://postgres@127.0.0.1/test", true},
		{"DATABASE_URL", "mysql://x", false},
		{"DATABASE_URL", "sqlite://", false},
		{"SPDC_PUBLIC_URL", "https://spdc.example.org", true},
		{"SPDC_PUBLIC_URL", "https://spdc.example.org/", true},
		{"SPDC_PUBLIC_URL", "ftp://x", false},
		{"SPDC_PUBLIC_URL", "https://spdc.example.org/path", false},
		{"SMTP_URL", "smtp://user:pass@mail.example.org:587", true},
		{"SMTP_URL", "smtps://mail.example.org:465", true},
		{"SMTP_URL", "http://mail.example.org", false},
		{"SMTP_URL", "smtp://", false},
		{"SMTP_URL", "smtp://relay.internal:25?tls=none", true},
		{"SMTP_URL", "smtp://mail.example.org:587?tls=starttls", true},
		{"SMTP_URL", "smtps://mail.example.org?tls=none", false},
		{"SMTP_URL", "smtp://mail.example.org?tls=off", false},
		{"SMTP_URL", "smtp://mail.example.org?insecure=1", false},
		{"SPDC_MAIL_FROM", "SPDC <care@example.org>", true},
		{"SPDC_MAIL_FROM", "not an address", false},
		{"SPDC_ADMIN_NOTIFY", "admin@example.org", true},
		{"SPDC_ADMIN_NOTIFY", "admin", false},
		{"SPDC_CORS_ORIGINS", "https://a.example,http://localhost:5173", true},
		{"SPDC_CORS_ORIGINS", "a.example", false},
		{"SPDC_LOG_FORMAT", "json", true},
		{"SPDC_LOG_FORMAT", "TEXT", true},
		{"SPDC_LOG_FORMAT", "xml", false},
		{"SPDC_DATA_KEY", "BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=", true},
		{"SPDC_DATA_KEY", "BwcHBwcHBwcHBwcHBwcHBw==", false},
		{"SPDC_DATA_KEY", "secret", false},
	}
	for _, tc := range cases {
		t.Run(tc.name+"="+tc.value, func(t *testing.T) {
			_, err := Load("spdc", nil, env(map[string]string{tc.name: tc.value}), io.Discard)
			if tc.ok && err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if !tc.ok {
				var ce *Error
				if !errors.As(err, &ce) || ce.Var != tc.name {
					t.Fatalf("want an error naming %s, got %v", tc.name, err)
				}
				if strings.Contains(err.Error(), "\n") {
					t.Fatalf("error is not one line: %q", err)
				}
			}
		})
	}
}

func TestUnknownFlagAndArgument(t *testing.T) {
	if _, err := Load("spdc", []string{"--nope"}, env(nil), io.Discard); err == nil {
		t.Fatal("unknown flag accepted")
	}
	if _, err := Load("spdc", []string{"extra"}, env(nil), io.Discard); err == nil {
		t.Fatal("stray argument accepted")
	}
}

func TestUsageListsEveryVariable(t *testing.T) {
	var b strings.Builder
	Usage(&b)
	for _, v := range vars {
		if !strings.Contains(b.String(), v.name) || !strings.Contains(b.String(), "--"+flagName(v.name)) {
			t.Errorf("usage misses %s", v.name)
		}
	}
}

func TestTrustedProxiesAndMailCap(t *testing.T) {
	c, err := Load("spdc", nil, env(map[string]string{"SPDC_TRUSTED_PROXIES": " 10.0.0.0/8, 192.0.2.7 ,fd00::/8,::ffff:172.16.0.0/108,", "SPDC_MAIL_PER_HOUR": "250"}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range c.TrustedProxies {
		got = append(got, p.String())
	}
	if strings.Join(got, " ") != "10.0.0.0/8 192.0.2.7/32 fd00::/8 172.16.0.0/12" || c.MailPerHour != 250 {
		t.Fatalf("got %v, %d", got, c.MailPerHour)
	}
	if d, _ := Load("spdc", nil, env(nil), io.Discard); len(d.TrustedProxies) != 0 || d.MailPerHour != 100 {
		t.Fatalf("defaults: %v %d", d.TrustedProxies, d.MailPerHour)
	}
	for _, tc := range []struct{ name, value string }{
		{"SPDC_TRUSTED_PROXIES", "10.0.0.0/33"},
		{"SPDC_TRUSTED_PROXIES", "proxy.example"},
		{"SPDC_TRUSTED_PROXIES", "10.0.0.1, 10.0.0"},
		{"SPDC_TRUSTED_PROXIES", "fe80::1%eth0"},
		{"SPDC_TRUSTED_PROXIES", "::ffff:10.0.0.0/64"},
		{"SPDC_MAIL_PER_HOUR", "lots"},
		{"SPDC_MAIL_PER_HOUR", "0"},
		{"SPDC_MAIL_PER_HOUR", "-5"},
		{"SPDC_MAIL_RETENTION_DAYS", "-1"},
		{"SPDC_MAIL_RETENTION_DAYS", "3651"},
		{"SPDC_MAIL_RETENTION_DAYS", "ninety"},
	} {
		_, err := Load("spdc", nil, env(map[string]string{tc.name: tc.value}), io.Discard)
		var ce *Error
		if !errors.As(err, &ce) || ce.Var != tc.name || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s=%q: %v", tc.name, tc.value, err)
		}
	}
}

func TestDataKeyFor(t *testing.T) {
	// SQLite without a key: a key file is made once, then read back.
	dir := t.TempDir()
	c, err := Load("spdc", nil, env(map[string]string{"SPDC_DATA_DIR": dir}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	k1, created, path, err := c.DataKeyFor()
	if err != nil || !created || path != filepath.Join(dir, "data.key") {
		t.Fatalf("first start: created=%v path=%q err=%v", created, path, err)
	}
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v %v", st, err)
	}
	sealed, _ := k1.SealString("ABCPE1234F")
	k2, created, _, err := c.DataKeyFor()
	if err != nil || created {
		t.Fatalf("second start: created=%v err=%v", created, err)
	}
	if s, err := k2.OpenString(sealed); err != nil || s != "ABCPE1234F" {
		t.Fatalf("second start has another key: %v", err)
	}

	// PostgreSQL without a key: refused, naming the variable.
	c, err = Load("spdc", nil, env(map[string]string{"DATABASE_URL": "postgres://u@h/db"}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var ce *Error
	if _, _, _, err := c.DataKeyFor(); !errors.As(err, &ce) || ce.Var != "SPDC_DATA_KEY" || !strings.Contains(err.Error(), "PostgreSQL") {
		t.Fatalf("postgres without key: %v", err)
	}

	// With the variable set, no file is made anywhere.
	dir2 := t.TempDir()
	c, err = Load("spdc", nil, env(map[string]string{"SPDC_DATA_DIR": dir2, "DATABASE_URL": "postgres://u@h/db",
		"SPDC_DATA_KEY": "BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc="}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if k, created, _, err := c.DataKeyFor(); k == nil || created || err != nil {
		t.Fatalf("with SPDC_DATA_KEY: %v %v", created, err)
	}
	if _, err := os.Stat(filepath.Join(dir2, "data.key")); !os.IsNotExist(err) {
		t.Errorf("a key file was made although SPDC_DATA_KEY is set: %v", err)
	}
}

func TestTimeZone(t *testing.T) {
	c, err := Load("spdc", nil, env(nil), io.Discard)
	if err != nil || c.Zone.Name() != "Asia/Kolkata" || c.Zone.DateTime(time.Date(2026, 11, 23, 14, 0, 0, 0, time.UTC)) != "23 Nov 2026, 7:30 pm IST" {
		t.Fatalf("default zone: %v %v", c.Zone.Name(), err)
	}
	c, err = Load("spdc", nil, env(map[string]string{"SPDC_TIMEZONE": "Europe/London"}), io.Discard)
	if err != nil || c.Zone.Location().String() != "Europe/London" {
		t.Fatalf("zone: %v %v", c.Zone.Name(), err)
	}
	for _, bad := range []string{"Mars/Olympus", "Local", "+05:30"} {
		_, err := Load("spdc", nil, env(map[string]string{"SPDC_TIMEZONE": bad}), io.Discard)
		var ce *Error
		if !errors.As(err, &ce) || ce.Var != "SPDC_TIMEZONE" {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

// A server reachable from elsewhere refuses a public URL that would put
// http:// or loopback links into emails and receipts' QR codes.
func TestPublicURLMustBeHTTPSBeyondLoopback(t *testing.T) {
	cases := []struct {
		env map[string]string
		ok  bool
	}{
		{map[string]string{"SPDC_ADDR": "0.0.0.0:8080"}, false},
		{map[string]string{"SPDC_ADDR": "0.0.0.0:8080", "SPDC_PUBLIC_URL": "http://example.org"}, false},
		{map[string]string{"SPDC_ADDR": "0.0.0.0:8080", "SPDC_PUBLIC_URL": "https://127.0.0.1:8080"}, false},
		{map[string]string{"SPDC_ADDR": "192.0.2.7:8080", "SPDC_PUBLIC_URL": "https://localhost"}, false},
		{map[string]string{"SPDC_ADDR": "0.0.0.0:8080", "SPDC_PUBLIC_URL": "https://example.org"}, true},
		{map[string]string{"SPDC_DOMAIN": "example.org", "SPDC_PUBLIC_URL": "http://example.org"}, false},
		{map[string]string{"SPDC_DOMAIN": "example.org", "SPDC_PUBLIC_URL": "https://example.org"}, true},
		{map[string]string{"SPDC_PUBLIC_URL": "http://127.0.0.1:8080"}, true}, // loopback only: make run
	}
	for _, tc := range cases {
		_, err := Load("spdc", nil, env(tc.env), io.Discard)
		if tc.ok && err != nil {
			t.Errorf("%v: %v", tc.env, err)
		}
		if !tc.ok {
			var ce *Error
			if !errors.As(err, &ce) || ce.Var != "SPDC_PUBLIC_URL" || strings.Contains(err.Error(), "\n") {
				t.Errorf("%v: want one line naming SPDC_PUBLIC_URL, got %v", tc.env, err)
			}
		}
	}
}

// SPDC_DOMAIN gives the public URL, the listeners and Let's Encrypt as
// defaults; the ACME variables are checked only with it.
func TestDomainDefaults(t *testing.T) {
	c, err := Load("spdc", nil, env(map[string]string{"SPDC_DOMAIN": " Example.org, www.example.org ,"}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(c.Domains, "|") != "example.org|www.example.org" || c.PublicURL != "https://example.org" ||
		c.HTTPSAddr != ":443" || c.HTTPAddr != ":80" || c.ACMEDirectory != LetsEncryptDirectory {
		t.Fatalf("%+v", c)
	}
	c, err = Load("spdc", nil, env(map[string]string{"SPDC_DOMAIN": "example.org", "SPDC_HTTPS_ADDR": "127.0.0.1:8443"}), io.Discard)
	if err != nil || c.PublicURL != "https://example.org:8443" {
		t.Fatalf("%q %v", c.PublicURL, err)
	}
	for _, tc := range []struct{ name, value string }{
		{"SPDC_HTTPS_ADDR", "443"},
		{"SPDC_HTTP_ADDR", "nonsense"},
		{"SPDC_ACME_DIRECTORY", "http://acme.example/dir"},
		{"SPDC_ACME_EMAIL", "not an address"},
	} {
		_, err := Load("spdc", nil, env(map[string]string{"SPDC_DOMAIN": "example.org", tc.name: tc.value}), io.Discard)
		var ce *Error
		if !errors.As(err, &ce) || ce.Var != tc.name {
			t.Errorf("%s=%q: want an error naming it, got %v", tc.name, tc.value, err)
		}
	}
	if _, err := Load("spdc", nil, env(map[string]string{"SPDC_HTTPS_ADDR": "443"}), io.Discard); err != nil {
		t.Fatalf("listeners are not checked without SPDC_DOMAIN: %v", err)
	}
}
