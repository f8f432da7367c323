package mail

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
)

// SMTPSecurity is how a connection to the SMTP server is protected.
type SMTPSecurity int

// The ways an SMTP_URL can ask for its connection to be protected.
const (
	// SMTPStartTLS (smtp://, the default) upgrades the connection with
	// STARTTLS and refuses a server that does not offer it.
	SMTPStartTLS SMTPSecurity = iota
	// SMTPImplicitTLS (smtps://) speaks TLS from the first byte.
	SMTPImplicitTLS
	// SMTPClear (smtp://…?tls=none) sends in clear text, passwords and
	// one-time links included; only for a relay on the same host or a
	// trusted private network.
	SMTPClear
)

// SMTPEndpoint is a parsed SMTP_URL.
type SMTPEndpoint struct {
	Host     string
	Port     int
	User     string // "" means no authentication
	Password string
	Security SMTPSecurity
}

// smtpURLShape is the one-line shape the refusals repeat.
const smtpURLShape = "must be smtp://[user:pass@]host[:port][?tls=none] or smtps://[user:pass@]host[:port]"

// ParseSMTPURL reads an SMTP_URL. smtp:// requires STARTTLS (port 25 by
// default) unless the URL says ?tls=none, the explicit opt-in to clear
// text; smtps:// is implicit TLS (port 465 by default). ?tls=starttls
// spells out the default. Any other query parameter, a path, a fragment or
// a port outside 1–65535 is refused, so a typo never weakens the
// connection silently.
func ParseSMTPURL(s string) (SMTPEndpoint, error) {
	u, err := url.Parse(s)
	if err != nil || u.Opaque != "" || u.Hostname() == "" {
		return SMTPEndpoint{}, errors.New(smtpURLShape)
	}
	var e SMTPEndpoint
	e.Host = u.Hostname()
	switch u.Scheme {
	case "smtp":
		e.Port, e.Security = 25, SMTPStartTLS
	case "smtps":
		e.Port, e.Security = 465, SMTPImplicitTLS
	default:
		return SMTPEndpoint{}, fmt.Errorf("scheme %q: %s", u.Scheme, smtpURLShape)
	}
	if u.Path != "" && u.Path != "/" || u.Fragment != "" {
		return SMTPEndpoint{}, errors.New(smtpURLShape)
	}
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return SMTPEndpoint{}, fmt.Errorf("port %q: %s", p, smtpURLShape)
		}
		e.Port = n
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return SMTPEndpoint{}, errors.New(smtpURLShape)
	}
	for k, vs := range q {
		if k != "tls" || len(vs) != 1 {
			return SMTPEndpoint{}, fmt.Errorf("query %q: the only option is one tls=starttls or tls=none", k)
		}
		switch vs[0] {
		case "starttls":
			if e.Security != SMTPStartTLS {
				return SMTPEndpoint{}, errors.New("tls=starttls only goes with smtp://")
			}
		case "none":
			if e.Security != SMTPStartTLS {
				return SMTPEndpoint{}, errors.New("tls=none only goes with smtp://")
			}
			e.Security = SMTPClear
		default:
			return SMTPEndpoint{}, fmt.Errorf("tls=%q: want starttls or none", vs[0])
		}
	}
	if u.User != nil {
		e.User = u.User.Username()
		e.Password, _ = u.User.Password()
	}
	return e, nil
}
