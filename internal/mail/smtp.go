package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"sync"
	"time"

	gomail "github.com/wneessen/go-mail"
	gosmtp "github.com/wneessen/go-mail/smtp"
)

// SMTPConfig configures an SMTPSender.
type SMTPConfig struct {
	// URL is an SMTP_URL as ParseSMTPURL reads it: smtp:// requires
	// STARTTLS unless it ends in ?tls=none; smtps:// is implicit TLS.
	URL string
	// From is the sender, e.g. "SPDC <no-reply@example.org>".
	From string
	// Timeout bounds the connection and each command; default 30s.
	Timeout time.Duration
	// IdleClose drops a kept-open connection unused for this long; default 20s.
	IdleClose time.Duration
	// TLSConfig overrides the TLS settings (tests trust their own CA); nil
	// verifies the server's certificate against the system roots.
	TLSConfig *tls.Config
}

// SMTPSender delivers through an SMTP server. It keeps one connection
// open between messages (so a burst of mail does not pay a handshake per
// message) and sends one message at a time.
type SMTPSender struct {
	from   string
	client *gomail.Client
	idle   time.Duration

	mu       sync.Mutex
	conn     *gosmtp.Client
	lastUsed time.Time
	idler    *time.Timer // closes the connection once it has been idle
}

// NewSMTPSender checks cfg and returns a sender; it does not connect yet.
func NewSMTPSender(cfg SMTPConfig) (*SMTPSender, error) {
	ep, err := ParseSMTPURL(cfg.URL)
	if err != nil {
		return nil, fmt.Errorf("mail: SMTP_URL %w", err)
	}
	timeout := cfg.Timeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	idle := cfg.IdleClose
	if idle <= 0 {
		idle = 20 * time.Second
	}
	host := ep.Host
	opts := []gomail.Option{gomail.WithTimeout(timeout), gomail.WithPort(ep.Port)}
	switch ep.Security {
	case SMTPStartTLS:
		// A server that does not offer STARTTLS (or a network that strips
		// it) is refused rather than spoken to in clear.
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	case SMTPImplicitTLS:
		opts = append(opts, gomail.WithSSL())
	case SMTPClear:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	}
	if ep.User != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(ep.User), gomail.WithPassword(ep.Password))
	}
	tc := cfg.TLSConfig
	if tc == nil {
		tc = &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}
	}
	opts = append(opts, gomail.WithTLSConfig(tc))
	c, err := gomail.NewClient(host, opts...)
	if err != nil {
		return nil, fmt.Errorf("mail: SMTP client: %w", err)
	}
	if _, err := parseMailAddress(cfg.From); err != nil {
		return nil, fmt.Errorf("mail: sender %q: %w", cfg.From, err)
	}
	return &SMTPSender{from: cfg.From, client: c, idle: idle}, nil
}

// Send delivers m. A 5xx reply to MAIL FROM, RCPT TO or DATA is returned
// as a *PermanentError carrying the server's reply; connection, TLS and
// authentication problems and 4xx replies are temporary.
func (s *SMTPSender) Send(ctx context.Context, m Message) error {
	msg, err := build(s.from, m, time.Now().UTC())
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for try := 0; ; try++ {
		if s.conn != nil && time.Since(s.lastUsed) > s.idle {
			s.dropLocked()
		}
		reused := s.conn != nil
		if s.conn == nil {
			c, err := s.client.DialToSMTPClientWithContext(ctx)
			if err != nil {
				return fmt.Errorf("smtp connect: %w", err)
			}
			s.conn = c
		}
		err := s.client.SendWithSMTPClient(s.conn, msg)
		s.lastUsed = time.Now()
		if s.idler == nil {
			s.idler = time.AfterFunc(s.idle, s.closeIdle)
		} else {
			s.idler.Reset(s.idle)
		}
		if err == nil {
			return nil
		}
		if msg.IsDelivered() {
			// Accepted by the server; only the RSET afterwards failed.
			s.dropLocked()
			return nil
		}
		var se *gomail.SendError
		if errors.As(err, &se) && se.Reason == gomail.ErrConnCheck && reused && try == 0 {
			// The kept-open connection went away while idle; nothing was
			// sent on it, so dial again once.
			s.dropLocked()
			continue
		}
		if permanentReply(err) {
			return Permanent(err)
		}
		s.dropLocked()
		return err
	}
}

// permanentReply reports whether err is a 5xx reply about this message.
func permanentReply(err error) bool {
	var se *gomail.SendError
	if !errors.As(err, &se) {
		return false
	}
	switch se.Reason {
	case gomail.ErrSMTPMailFrom, gomail.ErrSMTPRcptTo, gomail.ErrSMTPData, gomail.ErrSMTPDataClose:
		code := se.ErrorCode()
		return code >= 500 && code < 600
	}
	return false
}

// dropLocked closes the kept-open connection; s.mu is held.
func (s *SMTPSender) dropLocked() {
	if s.conn == nil {
		return
	}
	done := make(chan struct{})
	c := s.conn
	s.conn = nil
	go func() {
		_ = s.client.CloseWithSMTPClient(c)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
	}
}

// closeIdle drops the kept-open connection when no send used it for the
// idle period, so the server is not left holding it.
func (s *SMTPSender) closeIdle() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conn != nil && time.Since(s.lastUsed) >= s.idle {
		s.dropLocked()
	}
}

// Close says QUIT on the kept-open connection, if any.
func (s *SMTPSender) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.idler != nil {
		s.idler.Stop()
	}
	s.dropLocked()
	return nil
}
