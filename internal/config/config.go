// Package config loads and validates spdc's configuration from the
// environment (and flags of the same name in kebab-case). It keeps no
// globals: Load returns a Config that the caller passes on.
package config

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/mail"
	"net/netip"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	_ "time/tzdata" // the zone database inside the binary: a server image may have none

	"spdc/internal/localtime"
	spdcmail "spdc/internal/mail"
	"spdc/internal/secret"
)

// Config is the whole runtime configuration of spdc.
type Config struct {
	Addr        string   // SPDC_ADDR: listen address
	DataDir     string   // SPDC_DATA_DIR: SQLite file, captured mail, backups
	DatabaseURL string   // DATABASE_URL: sqlite://path or postgres://…
	PublicURL   string   // SPDC_PUBLIC_URL: origin used in links inside emails
	SMTPURL     string   // SMTP_URL: empty means mail is written to DataDir/mail
	MailFrom    string   // SPDC_MAIL_FROM: sender address
	AdminNotify string   // SPDC_ADMIN_NOTIFY: copy of new submissions, optional
	CORSOrigins []string // SPDC_CORS_ORIGINS: extra origins allowed to call /api
	LogFormat   string   // SPDC_LOG_FORMAT: text or json
	// TrustedProxies (SPDC_TRUSTED_PROXIES) are the reverse proxies whose
	// X-Forwarded-For and Forwarded headers are believed for the client
	// address; empty means the connection's peer is the client.
	TrustedProxies []netip.Prefix
	// MailPerHour (SPDC_MAIL_PER_HOUR) caps the messages the site sends in
	// any hour; mail over the cap waits in the outbox for the next hour.
	MailPerHour int
	// DataKey (SPDC_DATA_KEY) is the base64 32-byte key of the values kept
	// encrypted at rest (donors' PAN and Aadhaar numbers); see DataKeyFor.
	DataKey string
	// Zone (SPDC_TIMEZONE) is where the program's days begin and end: the
	// staff's daily digest goes out at a time of day there, and emails, CSV
	// exports and PDFs write times in it, with its short name (IST).
	Zone *localtime.Zone
	// RetentionMonths (SPDC_RETENTION_MONTHS) is how long a declined or
	// expired disciple request is kept after it ended before it is erased.
	RetentionMonths int
	// MailRetentionDays (SPDC_MAIL_RETENTION_DAYS) is how long a delivered
	// message stays in the outbox (and the dashboard's mail tab) before it
	// is deleted; 0 keeps every one.
	MailRetentionDays int
	// Ops holds the scheduled backups and the metrics listener (see ops.go).
	Ops
	// Domains (SPDC_DOMAIN) are the host names the server gets certificates
	// for over ACME; set, it serves HTTPS on HTTPSAddr and, on HTTPAddr, the
	// ACME challenges and a redirect to HTTPS for everything else.
	Domains []string
	// HTTPSAddr (SPDC_HTTPS_ADDR) and HTTPAddr (SPDC_HTTP_ADDR) are the
	// listeners used with Domains.
	HTTPSAddr string
	HTTPAddr  string
	// ACMEDirectory (SPDC_ACME_DIRECTORY) is the certificate authority's
	// ACME directory URL: Let's Encrypt unless set.
	ACMEDirectory string
	// ACMECARoots (SPDC_ACME_CA_ROOTS) is a PEM file of the roots trusted for
	// the ACME directory's own TLS (a private or test CA); empty trusts the
	// system's roots.
	ACMECARoots string
	// ACMEEmail (SPDC_ACME_EMAIL) is the contact address given to the CA,
	// which writes to it about expiring certificates; optional.
	ACMEEmail string
}

// LetsEncryptDirectory is SPDC_ACME_DIRECTORY when unset.
const LetsEncryptDirectory = "https://acme-v02.api.letsencrypt.org/directory"

// Error is a configuration problem; its message names the variable.
type Error struct {
	Var string
	Msg string
}

func (e *Error) Error() string { return fmt.Sprintf("config: %s %s", e.Var, e.Msg) }

// vars lists every variable with its default (computed later when empty).
var vars = []struct{ name, def, usage string }{
	{"SPDC_BACKUP_DIR", "", "SQLite: directory of the scheduled, verified backups (unset: no scheduled backups)"},
	{"SPDC_BACKUP_EVERY", DefaultBackupEvery, "time between scheduled backups (Go duration: 24h, 6h, 90m)"},
	{"SPDC_BACKUP_KEEP", DefaultBackupKeep, "backups kept: the newest of each of the last N days (Nd) and of each of the last N weeks (Nw)"},
	{"SPDC_BACKUP_RECIPIENTS", "", "comma list of age public keys (age1…) the scheduled backups are encrypted to"},
	{"SPDC_BACKUP_UNENCRYPTED", "", "1 allows scheduled backups without encryption (not advised)"},
	{"SPDC_METRICS_ADDR", "", "listen address of /metrics (Prometheus text format); unset: off; never SPDC_ADDR"},
	{"SPDC_RETENTION_MONTHS", "12", "months a declined or expired disciple request is kept before it is erased"},
	{"SPDC_MAIL_RETENTION_DAYS", "90", "days a delivered message stays in the outbox before it is deleted (0 keeps them all)"},
	{"SPDC_ADDR", "127.0.0.1:8080", "listen address"},
	{"SPDC_DATA_DIR", "./data", "directory for the SQLite file, captured mail and backups"},
	{"DATABASE_URL", "", "sqlite://$SPDC_DATA_DIR/spdc.db (default) or postgres://…"},
	{"SPDC_PUBLIC_URL", "", "origin used in links inside emails and receipts (default https://<first SPDC_DOMAIN> with SPDC_DOMAIN, else http://$SPDC_ADDR); must be https:// and not loopback when the server listens beyond this machine"},
	{"SMTP_URL", "", "smtp://[user:pass@]host:port (STARTTLS required; ?tls=none sends in clear) or smtps://…; unset writes mail to $SPDC_DATA_DIR/mail"},
	{"SPDC_MAIL_FROM", "SPDC <no-reply@localhost>", "sender of every email"},
	{"SPDC_ADMIN_NOTIFY", "", "address that gets a copy of new submissions"},
	{"SPDC_CORS_ORIGINS", "", "comma list of extra origins allowed to call /api"},
	{"SPDC_LOG_FORMAT", "text", "text or json"},
	{"SPDC_TRUSTED_PROXIES", "", "comma list of reverse-proxy addresses or CIDRs whose X-Forwarded-For / Forwarded is believed"},
	{"SPDC_MAIL_PER_HOUR", "100", "most emails the site sends in one hour; more wait in the outbox"},
	{"SPDC_TIMEZONE", localtime.DefaultName, "IANA time zone of the program's days: the staff's daily digest, and the times in emails, CSV exports and PDFs"},
	{"SPDC_DOMAIN", "", "comma list of host names: certificates over ACME, HTTPS on SPDC_HTTPS_ADDR, challenges and redirects on SPDC_HTTP_ADDR"},
	{"SPDC_HTTPS_ADDR", ":443", "HTTPS listen address used with SPDC_DOMAIN"},
	{"SPDC_HTTP_ADDR", ":80", "HTTP listen address used with SPDC_DOMAIN (ACME challenges, redirects to HTTPS)"},
	{"SPDC_ACME_DIRECTORY", LetsEncryptDirectory, "ACME directory URL of the certificate authority (Let's Encrypt, its staging, another CA)"},
	{"SPDC_ACME_CA_ROOTS", "", "PEM file of roots trusted for the ACME directory's own TLS (a private or test CA)"},
	{"SPDC_ACME_EMAIL", "", "contact address given to the certificate authority"},
	{"SPDC_DATA_KEY", "", "base64 32-byte key for values encrypted at rest (PAN, Aadhaar); unset on SQLite = a key file made in $SPDC_DATA_DIR; required on PostgreSQL"},
}

// flagName turns SPDC_DATA_DIR into data-dir and DATABASE_URL into database-url.
func flagName(v string) string {
	return strings.ReplaceAll(strings.ToLower(strings.TrimPrefix(v, "SPDC_")), "_", "-")
}

// Load reads the configuration from getenv, lets flags in args override it,
// and validates the result. Usage goes to out on -h.
func Load(name string, args []string, getenv func(string) string, out io.Writer) (Config, error) {
	values := map[string]string{}
	for _, v := range vars {
		values[v.name] = v.def
		if s, ok := lookup(getenv, v.name); ok {
			values[v.name] = s
		}
	}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(out)
	ptrs := map[string]*string{}
	for _, v := range vars {
		ptrs[v.name] = fs.String(flagName(v.name), values[v.name], v.usage+" ("+v.name+")")
	}
	if err := fs.Parse(args); err != nil {
		return Config{}, err
	}
	if fs.NArg() > 0 {
		return Config{}, fmt.Errorf("config: unexpected argument %q", fs.Arg(0))
	}
	for k, p := range ptrs {
		values[k] = *p
	}
	return build(values)
}

func lookup(getenv func(string) string, name string) (string, bool) {
	s := getenv(name)
	return s, s != ""
}

func build(v map[string]string) (Config, error) {
	c := Config{
		Addr:          strings.TrimSpace(v["SPDC_ADDR"]),
		DataDir:       strings.TrimSpace(v["SPDC_DATA_DIR"]),
		DatabaseURL:   strings.TrimSpace(v["DATABASE_URL"]),
		PublicURL:     strings.TrimRight(strings.TrimSpace(v["SPDC_PUBLIC_URL"]), "/"),
		SMTPURL:       strings.TrimSpace(v["SMTP_URL"]),
		MailFrom:      strings.TrimSpace(v["SPDC_MAIL_FROM"]),
		AdminNotify:   strings.TrimSpace(v["SPDC_ADMIN_NOTIFY"]),
		LogFormat:     strings.ToLower(strings.TrimSpace(v["SPDC_LOG_FORMAT"])),
		DataKey:       strings.TrimSpace(v["SPDC_DATA_KEY"]),
		HTTPSAddr:     strings.TrimSpace(v["SPDC_HTTPS_ADDR"]),
		HTTPAddr:      strings.TrimSpace(v["SPDC_HTTP_ADDR"]),
		ACMEDirectory: strings.TrimSpace(v["SPDC_ACME_DIRECTORY"]),
		ACMECARoots:   strings.TrimSpace(v["SPDC_ACME_CA_ROOTS"]),
		ACMEEmail:     strings.TrimSpace(v["SPDC_ACME_EMAIL"]),
	}
	for _, d := range strings.Split(v["SPDC_DOMAIN"], ",") {
		if d = strings.ToLower(strings.TrimSpace(d)); d != "" {
			c.Domains = append(c.Domains, d)
		}
	}
	if c.HTTPSAddr == "" {
		c.HTTPSAddr = ":443"
	}
	if c.HTTPAddr == "" {
		c.HTTPAddr = ":80"
	}
	if c.ACMEDirectory == "" {
		c.ACMEDirectory = LetsEncryptDirectory
	}
	for _, o := range strings.Split(v["SPDC_CORS_ORIGINS"], ",") {
		if o = strings.TrimRight(strings.TrimSpace(o), "/"); o != "" {
			c.CORSOrigins = append(c.CORSOrigins, o)
		}
	}
	proxies, err := ParseProxies(v["SPDC_TRUSTED_PROXIES"])
	if err != nil {
		return Config{}, &Error{"SPDC_TRUSTED_PROXIES", err.Error()}
	}
	c.TrustedProxies = proxies
	if c.Zone, err = localtime.Load(v["SPDC_TIMEZONE"]); err != nil {
		return Config{}, &Error{"SPDC_TIMEZONE", err.Error()}
	}
	perHour := strings.TrimSpace(v["SPDC_MAIL_PER_HOUR"])
	if perHour == "" {
		perHour = DefaultMailPerHour
	}
	retention := strings.TrimSpace(v["SPDC_RETENTION_MONTHS"])
	if retention == "" {
		retention = "12"
	}
	if c.RetentionMonths, err = strconv.Atoi(retention); err != nil || c.RetentionMonths < 1 || c.RetentionMonths > 120 {
		return Config{}, &Error{"SPDC_RETENTION_MONTHS", fmt.Sprintf("must be a whole number of months from 1 to 120, got %q", retention)}
	}
	mailDays := strings.TrimSpace(v["SPDC_MAIL_RETENTION_DAYS"])
	if mailDays == "" {
		mailDays = "90"
	}
	if c.MailRetentionDays, err = strconv.Atoi(mailDays); err != nil || c.MailRetentionDays < 0 || c.MailRetentionDays > 3650 {
		return Config{}, &Error{"SPDC_MAIL_RETENTION_DAYS", fmt.Sprintf("must be a whole number of days from 0 (keep all) to 3650, got %q", mailDays)}
	}
	if c.MailPerHour, err = strconv.Atoi(perHour); err != nil {
		return Config{}, &Error{"SPDC_MAIL_PER_HOUR", fmt.Sprintf("must be a whole number, got %q", perHour)}
	}
	if c.DataDir == "" {
		c.DataDir = "./data"
	}
	if c.DatabaseURL == "" {
		c.DatabaseURL = "sqlite://" + filepath.Join(c.DataDir, "spdc.db")
	}
	if c.PublicURL == "" {
		c.PublicURL = "http://" + c.Addr
		if len(c.Domains) > 0 {
			c.PublicURL = "https://" + c.Domains[0]
			if _, port, err := net.SplitHostPort(c.HTTPSAddr); err == nil && port != "443" {
				c.PublicURL += ":" + port
			}
		}
	}
	if c.Ops, err = buildOps(v); err != nil {
		return Config{}, err
	}
	return c, c.Validate()
}

// Validate reports the first problem found, naming its variable.
func (c Config) Validate() error {
	host, port, err := net.SplitHostPort(c.Addr)
	if err != nil || port == "" {
		return &Error{"SPDC_ADDR", fmt.Sprintf("must be host:port, got %q", c.Addr)}
	}
	if err := c.validateDomains(); err != nil {
		return err
	}
	if len(c.Domains) > 0 || !IsLoopbackHost(host) {
		if err := checkPublicOrigin(c.PublicURL); err != nil {
			why := "SPDC_ADDR " + c.Addr + " listens beyond this machine"
			if len(c.Domains) > 0 {
				why = "SPDC_DOMAIN is set"
			}
			return &Error{"SPDC_PUBLIC_URL", fmt.Sprintf("must be the site's public https:// address (like https://example.org) because %s, got %q: %v; links in emails and the QR codes sealed into receipts use it", why, c.PublicURL, err)}
		}
	}
	if !strings.HasPrefix(c.DatabaseURL, "sqlite://") && !strings.HasPrefix(c.DatabaseURL, "postgres://") && !strings.HasPrefix(c.DatabaseURL, "postgresql://") {
		return &Error{"DATABASE_URL", "must start with sqlite:// or postgres://"}
	}
	if strings.HasPrefix(c.DatabaseURL, "sqlite://") && strings.TrimPrefix(c.DatabaseURL, "sqlite://") == "" {
		return &Error{"DATABASE_URL", "sqlite:// needs a file path"}
	}
	if err := checkOrigin(c.PublicURL); err != nil {
		return &Error{"SPDC_PUBLIC_URL", err.Error()}
	}
	if c.SMTPURL != "" {
		if _, err := spdcmail.ParseSMTPURL(c.SMTPURL); err != nil {
			return &Error{"SMTP_URL", err.Error()}
		}
	}
	if _, err := mail.ParseAddress(c.MailFrom); err != nil {
		return &Error{"SPDC_MAIL_FROM", fmt.Sprintf("is not an email address: %q", c.MailFrom)}
	}
	if c.AdminNotify != "" {
		if _, err := mail.ParseAddress(c.AdminNotify); err != nil {
			return &Error{"SPDC_ADMIN_NOTIFY", fmt.Sprintf("is not an email address: %q", c.AdminNotify)}
		}
	}
	for _, o := range c.CORSOrigins {
		if err := checkOrigin(o); err != nil {
			return &Error{"SPDC_CORS_ORIGINS", fmt.Sprintf("%q: %v", o, err)}
		}
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		return &Error{"SPDC_LOG_FORMAT", fmt.Sprintf("must be text or json, got %q", c.LogFormat)}
	}
	if c.DataKey != "" {
		if _, err := secret.Parse(c.DataKey); err != nil {
			return &Error{"SPDC_DATA_KEY", err.Error()}
		}
	}
	if c.MailPerHour < 1 || c.MailPerHour > 1000000 {
		return &Error{"SPDC_MAIL_PER_HOUR", fmt.Sprintf("must be between 1 and 1000000, got %d", c.MailPerHour)}
	}
	return c.validateOps()
}

// DefaultMailPerHour is SPDC_MAIL_PER_HOUR when unset: far above what a
// small program sends in an hour, far below what a flood would.
const DefaultMailPerHour = "100"

// ParseProxies reads SPDC_TRUSTED_PROXIES: a comma list of CIDRs
// (10.0.0.0/8, fd00::/8) or single addresses (192.0.2.7, meaning /32 or
// /128). Empty items are skipped; an IPv4 address written as IPv6
// (::ffff:10.0.0.1) counts as IPv4, as the server sees it.
func ParseProxies(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		var p netip.Prefix
		if strings.Contains(item, "/") {
			var err error
			if p, err = netip.ParsePrefix(item); err != nil {
				return nil, fmt.Errorf("has %q, which is not a CIDR like 10.0.0.0/8 or fd00::/8", item)
			}
		} else {
			a, err := netip.ParseAddr(item)
			if err != nil || a.Zone() != "" {
				return nil, fmt.Errorf("has %q, which is not an IP address or a CIDR like 10.0.0.0/8", item)
			}
			p = netip.PrefixFrom(a, a.BitLen())
		}
		if p.Addr().Is4In6() {
			bits := p.Bits() - 96
			if bits < 0 {
				return nil, fmt.Errorf("has %q, which mixes IPv4 and IPv6; write the IPv4 range as a.b.c.d/n", item)
			}
			p = netip.PrefixFrom(p.Addr().Unmap(), bits)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

// IsLoopbackHost reports whether a listen host (the part of SPDC_ADDR
// before the port) reaches this machine only: 127.0.0.0/8, ::1 or
// localhost. An empty host or 0.0.0.0 listens on every interface.
func IsLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	a, err := netip.ParseAddr(host)
	return err == nil && a.Unmap().IsLoopback()
}

// checkPublicOrigin refuses a public URL that visitors elsewhere could not
// use safely: plain http, or a loopback host.
func checkPublicOrigin(s string) error {
	u, err := url.Parse(s)
	if err != nil {
		return errors.New("it is not a URL")
	}
	if u.Scheme != "https" {
		return errors.New("it is not https")
	}
	if IsLoopbackHost(u.Hostname()) {
		return errors.New("it points at this machine (loopback)")
	}
	return nil
}

// validateDomains checks SPDC_DOMAIN and the variables used with it.
func (c Config) validateDomains() error {
	for _, d := range c.Domains {
		if strings.Contains(d, "*") || net.ParseIP(d) != nil || !strings.Contains(d, ".") && d != "localhost" || !validHostName(d) {
			return &Error{"SPDC_DOMAIN", fmt.Sprintf("must be a comma list of host names like example.org,www.example.org, got %q", d)}
		}
	}
	if len(c.Domains) == 0 {
		return nil
	}
	for _, a := range []struct{ name, addr string }{{"SPDC_HTTPS_ADDR", c.HTTPSAddr}, {"SPDC_HTTP_ADDR", c.HTTPAddr}} {
		if _, port, err := net.SplitHostPort(a.addr); err != nil || port == "" {
			return &Error{a.name, fmt.Sprintf("must be host:port or :port, got %q", a.addr)}
		}
	}
	if u, err := url.Parse(c.ACMEDirectory); err != nil || u.Scheme != "https" || u.Host == "" {
		return &Error{"SPDC_ACME_DIRECTORY", fmt.Sprintf("must be an https:// ACME directory URL, got %q", c.ACMEDirectory)}
	}
	if c.ACMEEmail != "" {
		if a, err := mail.ParseAddress(c.ACMEEmail); err != nil || a.Name != "" {
			return &Error{"SPDC_ACME_EMAIL", fmt.Sprintf("is not a plain email address: %q", c.ACMEEmail)}
		}
	}
	return nil
}

// validHostName accepts lower-case DNS labels of letters, digits and
// hyphens, none empty or starting or ending with a hyphen.
func validHostName(d string) bool {
	if len(d) > 253 {
		return false
	}
	for _, label := range strings.Split(d, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, r := range label {
			if (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '-' {
				return false
			}
		}
	}
	return true
}

func checkOrigin(s string) error {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return errors.New("must be an http(s) origin like https://example.org")
	}
	if u.Path != "" && u.Path != "/" || u.RawQuery != "" || u.Fragment != "" {
		return errors.New("must be an origin without path, query or fragment")
	}
	return nil
}

// SQLitePath returns the file path of a sqlite:// DatabaseURL, or "".
func (c Config) SQLitePath() string {
	if p, ok := strings.CutPrefix(c.DatabaseURL, "sqlite://"); ok {
		return p
	}
	return ""
}

// Usage writes the list of variables, for --help texts.
func Usage(w io.Writer) {
	fmt.Fprintln(w, "Environment variables (a flag of the same name in kebab-case overrides each):")
	for _, v := range vars {
		fmt.Fprintf(w, "  %-22s --%-18s %s\n", v.name, flagName(v.name), v.usage)
	}
}

// DataKeyFor returns the key of the values kept encrypted at rest:
// SPDC_DATA_KEY when it is set. Without it, a SQLite server uses the key
// file in the data directory, made (0600) on its first start, and created
// reports that it was made now so the caller logs it; a PostgreSQL server
// is refused, because every instance sharing the database needs the same
// key and one made by a single instance would be unknown to the others.
func (c Config) DataKeyFor() (key *secret.Key, created bool, path string, err error) {
	if c.DataKey != "" {
		k, err := secret.Parse(c.DataKey)
		if err != nil {
			return nil, false, "", &Error{"SPDC_DATA_KEY", err.Error()}
		}
		return k, false, "", nil
	}
	if c.SQLitePath() == "" {
		return nil, false, "", &Error{"SPDC_DATA_KEY", "is required with PostgreSQL: set it to the same 32 random bytes in base64 on every instance (for example the output of: openssl rand -base64 32)"}
	}
	path = filepath.Join(c.DataDir, secret.FileName)
	k, created, err := secret.LoadOrCreateFile(path)
	if err != nil {
		return nil, false, path, &Error{"SPDC_DATA_KEY", "is unset and " + err.Error()}
	}
	return k, created, path, nil
}
