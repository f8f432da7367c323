package app

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"net/smtp"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"spdc/internal/config"
	"spdc/internal/mail"
	"spdc/internal/secret"
)

// checker runs `spdc check`: each check prints one line, ✓ when ready,
// ✗ with what to do, or – when it does not apply to this setup.
type checker struct {
	cfg    config.Config
	getenv func(string) string
	out    io.Writer
	now    func() time.Time
	// lookupHost and interfaceAddrs are the resolver and the machine's
	// addresses (tests give their own).
	lookupHost     func(ctx context.Context, host string) ([]string, error)
	interfaceAddrs func() ([]net.Addr, error)
	// smtpTLS is the TLS configuration of the SMTP probe; nil verifies the
	// server against the system's roots.
	smtpTLS *tls.Config
	failed  int
}

func (c *checker) ok(format string, a ...any) { fmt.Fprintf(c.out, "✓ "+format+"\n", a...) }
func (c *checker) na(format string, a ...any) { fmt.Fprintf(c.out, "– "+format+"\n", a...) }
func (c *checker) bad(format string, a ...any) {
	c.failed++
	fmt.Fprintf(c.out, "✗ "+format+"\n", a...)
}

// checkCommand runs `spdc check`; it fails (exit code 1) when any check does.
func checkCommand(ctx context.Context, args []string, env Env) error {
	cfg, err := loadConfig("check", args, env, "")
	if err != nil {
		var ce *config.Error
		if errors.As(err, &ce) {
			fmt.Fprintf(env.Stdout, "✗ configuration: %s\n", oneLine(err))
			return errors.New("the configuration is refused: correct the variable named above")
		}
		return err
	}
	c := &checker{cfg: cfg, getenv: env.Getenv, out: env.Stdout, now: time.Now,
		lookupHost: net.DefaultResolver.LookupHost, interfaceAddrs: net.InterfaceAddrs}
	return c.run(ctx)
}

func (c *checker) run(ctx context.Context) error {
	c.dataDir()
	c.dataKey()
	c.publicURL()
	c.smtp(ctx)
	c.domains(ctx)
	c.backups()
	if c.failed > 0 {
		return fmt.Errorf("%d check(s) failed: see the lines marked ✗", c.failed)
	}
	fmt.Fprintln(c.out, "everything checked is ready")
	return nil
}

// dataDir: the data directory exists, is writable, and neither it nor the
// files in it are open to other users.
func (c *checker) dataDir() {
	dir := c.cfg.DataDir
	info, err := os.Stat(dir)
	if err != nil {
		c.bad("data directory %s: %v; create it (mkdir -m 700 %s) owned by the user the server runs as", dir, err, dir)
		return
	}
	f, err := os.CreateTemp(dir, ".spdc-check-*")
	if err != nil {
		c.bad("data directory %s is not writable: %v; chown it to the user the server runs as", dir, err)
		return
	}
	f.Close()
	os.Remove(f.Name())
	if perm := info.Mode().Perm(); perm&0o077 != 0 {
		c.bad("data directory %s is open to other users (%04o); run: chmod 700 %s", dir, perm, dir)
		return
	}
	var open []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if fi, err := e.Info(); err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o077 != 0 {
			open = append(open, e.Name())
		}
	}
	if len(open) > 0 {
		c.bad("data directory %s: %s readable by other users; run: chmod 600 %s (and run the server with UMask=0077)", dir, strings.Join(open, ", "), filepath.Join(dir, "*"))
		return
	}
	c.ok("data directory %s: writable and private (0700, files 0600)", dir)
}

// dataKey: the key of the values encrypted at rest is set or in its file.
func (c *checker) dataKey() {
	if c.cfg.DataKey != "" {
		c.ok("data key: set in SPDC_DATA_KEY")
		return
	}
	if c.cfg.SQLitePath() == "" {
		c.bad("data key: SPDC_DATA_KEY is unset, and PostgreSQL requires it; set it to the same value on every instance (openssl rand -base64 32)")
		return
	}
	path := filepath.Join(c.cfg.DataDir, secret.FileName)
	b, err := os.ReadFile(path)
	if err != nil {
		c.bad("data key: no key file %s (%v); start the server once to make it, or set SPDC_DATA_KEY, and keep a copy apart from the backups", path, err)
		return
	}
	if _, err := secret.Parse(string(b)); err != nil {
		c.bad("data key: %s is not a key (%v); restore it from your copy", path, err)
		return
	}
	c.ok("data key: in %s (keep a copy apart from the backups)", path)
}

// publicURL: links in emails and receipts' QR codes point at an HTTPS
// address others can reach.
func (c *checker) publicURL() {
	u, err := url.Parse(c.cfg.PublicURL)
	switch {
	case err != nil || u.Scheme != "https":
		c.bad("public URL %s is not HTTPS; set SPDC_PUBLIC_URL to the site's https:// address (links in emails and receipts' QR codes use it)", c.cfg.PublicURL)
	case config.IsLoopbackHost(u.Hostname()):
		c.bad("public URL %s points at this machine only; set SPDC_PUBLIC_URL to the site's public https:// address", c.cfg.PublicURL)
	default:
		c.ok("public URL %s is HTTPS", c.cfg.PublicURL)
	}
}

// smtpProbeTimeout bounds the SMTP check.
const smtpProbeTimeout = 15 * time.Second

// smtp: the mail server answers, protects the connection and accepts the
// login; no message is sent.
func (c *checker) smtp(ctx context.Context) {
	if c.cfg.SMTPURL == "" {
		c.bad("mail: SMTP_URL is unset, so mail is written to files in %s and not sent; set SMTP_URL=smtp://user:password@mail.example.org:587 (your mail provider's)", filepath.Join(c.cfg.DataDir, "mail"))
		return
	}
	ep, err := mail.ParseSMTPURL(c.cfg.SMTPURL)
	if err != nil {
		c.bad("mail: SMTP_URL %v", err)
		return
	}
	addr := net.JoinHostPort(ep.Host, strconv.Itoa(ep.Port))
	if err := c.probeSMTP(ctx, ep, addr); err != nil {
		c.bad("mail: %s: %v", addr, err)
		return
	}
	how := map[mail.SMTPSecurity]string{mail.SMTPStartTLS: "STARTTLS", mail.SMTPImplicitTLS: "TLS", mail.SMTPClear: "no encryption (tls=none)"}[ep.Security]
	login := "no login asked for"
	if ep.User != "" {
		login = "login accepted"
	}
	c.ok("mail: %s answers with %s, %s (no mail sent)", addr, how, login)
}

// probeSMTP connects, says EHLO, upgrades with STARTTLS (or speaks TLS
// from the start), logs in when the URL has a user, and quits.
func (c *checker) probeSMTP(ctx context.Context, ep mail.SMTPEndpoint, addr string) error {
	ctx, cancel := context.WithTimeout(ctx, smtpProbeTimeout)
	defer cancel()
	tlsConf := &tls.Config{ServerName: ep.Host, MinVersion: tls.VersionTLS12}
	if c.smtpTLS != nil {
		tlsConf = c.smtpTLS.Clone()
		if tlsConf.ServerName == "" {
			tlsConf.ServerName = ep.Host
		}
	}
	d := &net.Dialer{}
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return fmt.Errorf("cannot connect (%v); check the host and port, and that this server may connect out to it", err)
	}
	deadline, _ := ctx.Deadline()
	_ = conn.SetDeadline(deadline)
	if ep.Security == mail.SMTPImplicitTLS {
		tc := tls.Client(conn, tlsConf)
		if err := tc.HandshakeContext(ctx); err != nil {
			conn.Close()
			return fmt.Errorf("TLS failed (%v); smtps:// needs a server speaking TLS from the start (usually port 465)", err)
		}
		conn = tc
	}
	cl, err := smtp.NewClient(conn, ep.Host)
	if err != nil {
		conn.Close()
		return fmt.Errorf("no SMTP greeting (%v)", err)
	}
	defer cl.Close()
	host, _ := os.Hostname()
	if host == "" {
		host = "localhost"
	}
	if err := cl.Hello(host); err != nil {
		return fmt.Errorf("EHLO refused (%v)", err)
	}
	if ep.Security == mail.SMTPStartTLS {
		if ok, _ := cl.Extension("STARTTLS"); !ok {
			return errors.New("the server does not offer STARTTLS; use its submission port (587) or smtps:// (465)")
		}
		if err := cl.StartTLS(tlsConf); err != nil {
			return fmt.Errorf("STARTTLS failed (%v); the server's certificate must be valid for %s", err, ep.Host)
		}
	}
	if ep.User != "" {
		if err := cl.Auth(smtp.PlainAuth("", ep.User, ep.Password, ep.Host)); err != nil {
			return fmt.Errorf("login as %s refused (%v); check the user and password in SMTP_URL", ep.User, err)
		}
	}
	return cl.Quit()
}

// domains: every name of SPDC_DOMAIN resolves to an address of this
// machine, so the CA's challenge and the visitors reach it.
func (c *checker) domains(ctx context.Context) {
	if len(c.cfg.Domains) == 0 {
		c.na("domain: SPDC_DOMAIN is unset, so HTTPS is left to a proxy in front of the server")
		return
	}
	mine := map[netip.Addr]bool{}
	if addrs, err := c.interfaceAddrs(); err == nil {
		for _, a := range addrs {
			if p, err := netip.ParsePrefix(a.String()); err == nil {
				mine[p.Addr().Unmap()] = true
			}
		}
	}
	var list []string
	for a := range mine {
		if !a.IsLoopback() && !a.IsLinkLocalUnicast() {
			list = append(list, a.String())
		}
	}
	for _, d := range c.cfg.Domains {
		lctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		got, err := c.lookupHost(lctx, d)
		cancel()
		if err != nil {
			c.bad("domain %s does not resolve (%v); add an A (and AAAA) record pointing at this server (%s)", d, err, strings.Join(list, ", "))
			continue
		}
		var here, elsewhere []string
		for _, s := range got {
			if a, err := netip.ParseAddr(s); err == nil && mine[a.Unmap()] {
				here = append(here, s)
			} else {
				elsewhere = append(elsewhere, s)
			}
		}
		switch {
		case len(elsewhere) == 0:
			c.ok("domain %s resolves to this machine (%s)", d, strings.Join(here, ", "))
		case len(here) == 0:
			c.bad("domain %s resolves to %s, not to this machine (%s); point its A/AAAA records here (behind a NAT or load balancer, check that it forwards ports 80 and 443 here)", d, strings.Join(elsewhere, ", "), strings.Join(list, ", "))
		default:
			c.bad("domain %s resolves partly elsewhere (%s); remove the records that do not point at this machine", d, strings.Join(elsewhere, ", "))
		}
	}
}

// backups: on SQLite, scheduled backups are set up (SPDC_BACKUP_DIR) and
// the newest file there is recent for SPDC_BACKUP_EVERY.
func (c *checker) backups() {
	if c.cfg.SQLitePath() == "" {
		c.na("backups: PostgreSQL keeps the data, so backups are the database's (pg_dump or the provider's snapshots)")
		return
	}
	dir := strings.TrimSpace(c.getenv("SPDC_BACKUP_DIR"))
	if dir == "" {
		c.bad("backups: SPDC_BACKUP_DIR is unset, so no backup is made by itself; set it (and SPDC_BACKUP_RECIPIENTS) to a directory, ideally on another disk")
		return
	}
	every := 24 * time.Hour
	if s := strings.TrimSpace(c.getenv("SPDC_BACKUP_EVERY")); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil || d <= 0 {
			c.bad("backups: SPDC_BACKUP_EVERY %q is not a duration like 24h", s)
			return
		}
		every = d
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		c.bad("backups: SPDC_BACKUP_DIR %s cannot be read (%v); create it, writable by the server's user", dir, err)
		return
	}
	var newest os.FileInfo
	for _, e := range entries {
		fi, err := e.Info()
		if err == nil && fi.Mode().IsRegular() && (newest == nil || fi.ModTime().After(newest.ModTime())) {
			newest = fi
		}
	}
	if newest == nil {
		c.bad("backups: no backup in %s yet; start the server (the first scheduled backup follows) and check again", dir)
		return
	}
	age := c.now().Sub(newest.ModTime())
	if age > 2*every+time.Hour {
		c.bad("backups: the newest backup in %s, %s, is %s old (one is due every %s); read the server's log for the backup's error", dir, newest.Name(), age.Round(time.Minute), every)
		return
	}
	c.ok("backups: the newest in %s, %s, is %s old", dir, newest.Name(), age.Round(time.Minute))
}
