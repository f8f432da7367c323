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
	"net/url"
	"path/filepath"
	"strings"

	spdcmail "spdc/internal/mail"
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
}

// Error is a configuration problem; its message names the variable.
type Error struct {
	Var string
	Msg string
}

func (e *Error) Error() string { return fmt.Sprintf("config: %s %s", e.Var, e.Msg) }

// vars lists every variable with its default (computed later when empty).
var vars = []struct{ name, def, usage string }{
	{"SPDC_ADDR", "127.0.0.1:8080", "listen address"},
	{"SPDC_DATA_DIR", "./data", "directory for the SQLite file, captured mail and backups"},
	{"DATABASE_URL", "", "sqlite://$SPDC_DATA_DIR/spdc.db (default) or postgres://…"},
	{"SPDC_PUBLIC_URL", "", "origin used in links inside emails (default http://$SPDC_ADDR)"},
	{"SMTP_URL", "", "smtp://[user:pass@]host:port (STARTTLS required; ?tls=none sends in clear) or smtps://…; unset writes mail to $SPDC_DATA_DIR/mail"},
	{"SPDC_MAIL_FROM", "SPDC <no-reply@localhost>", "sender of every email"},
	{"SPDC_ADMIN_NOTIFY", "", "address that gets a copy of new submissions"},
	{"SPDC_CORS_ORIGINS", "", "comma list of extra origins allowed to call /api"},
	{"SPDC_LOG_FORMAT", "text", "text or json"},
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
		Addr:        strings.TrimSpace(v["SPDC_ADDR"]),
		DataDir:     strings.TrimSpace(v["SPDC_DATA_DIR"]),
		DatabaseURL: strings.TrimSpace(v["DATABASE_URL"]),
		PublicURL:   strings.TrimRight(strings.TrimSpace(v["SPDC_PUBLIC_URL"]), "/"),
		SMTPURL:     strings.TrimSpace(v["SMTP_URL"]),
		MailFrom:    strings.TrimSpace(v["SPDC_MAIL_FROM"]),
		AdminNotify: strings.TrimSpace(v["SPDC_ADMIN_NOTIFY"]),
		LogFormat:   strings.ToLower(strings.TrimSpace(v["SPDC_LOG_FORMAT"])),
	}
	for _, o := range strings.Split(v["SPDC_CORS_ORIGINS"], ",") {
		if o = strings.TrimRight(strings.TrimSpace(o), "/"); o != "" {
			c.CORSOrigins = append(c.CORSOrigins, o)
		}
	}
	if c.DataDir == "" {
		c.DataDir = "./data"
	}
	if c.DatabaseURL == "" {
		c.DatabaseURL = "sqlite://" + filepath.Join(c.DataDir, "spdc.db")
	}
	if c.PublicURL == "" {
		c.PublicURL = "http://" + c.Addr
	}
	return c, c.Validate()
}

// Validate reports the first problem found, naming its variable.
func (c Config) Validate() error {
	host, port, err := net.SplitHostPort(c.Addr)
	if err != nil || port == "" {
		return &Error{"SPDC_ADDR", fmt.Sprintf("must be host:port, got %q", c.Addr)}
	}
	_ = host
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
	return nil
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
		fmt.Fprintf(w, "  %-18s --%-14s %s\n", v.name, flagName(v.name), v.usage)
	}
}
