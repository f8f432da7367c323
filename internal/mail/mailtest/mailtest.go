// Package mailtest runs a real SMTP server (github.com/emersion/go-smtp)
// on loopback inside a test process, recording what it receives and
// answering with injected errors on demand. Tests of the mail and outbox
// packages, and the delivery benchmark, use it.
package mailtest

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"io"
	"math/big"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Received is one message the server accepted.
type Received struct {
	From string
	To   []string
	Data []byte
	Auth string // the user name that authenticated, or ""
	TLS  bool   // whether the session was encrypted
}

// Options configures a Server.
type Options struct {
	// User and Password, when set, are required through AUTH PLAIN.
	User, Password string
	// TLS serves implicit TLS (smtps) when Implicit is true, else offers
	// STARTTLS; nil means plain text only.
	TLS      *tls.Config
	Implicit bool
}

// Server is a loopback SMTP server.
type Server struct {
	opts Options
	addr string

	mu       sync.Mutex
	srv      *smtp.Server
	ln       net.Listener // closed by Stop itself: srv.Close only knows it once Serve has started
	received []Received
	rcptErr  error // returned from RCPT when set
	dataErr  error // returned from DATA when set
	delay    time.Duration
}

// Start listens on 127.0.0.1 on a free port; the server stops after t.
func Start(t testing.TB, opts Options) *Server {
	t.Helper()
	s, err := New(opts)
	if err != nil {
		t.Fatalf("mailtest: listen: %v", err)
	}
	t.Cleanup(s.Stop)
	return s
}

// New starts a server on a free loopback port outside a test (the bench
// command's SMTP sink); call Stop when done.
func New(opts Options) (*Server, error) {
	s := &Server{opts: opts}
	ln, err := s.listen("127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s.addr = ln.Addr().String()
	s.serve(ln)
	return s, nil
}

// Addr is host:port.
func (s *Server) Addr() string { return s.addr }

// Port is the listening port.
func (s *Server) Port() string {
	_, p, _ := net.SplitHostPort(s.addr)
	return p
}

func (s *Server) listen(addr string) (net.Listener, error) {
	if s.opts.TLS != nil && s.opts.Implicit {
		return tls.Listen("tcp", addr, s.opts.TLS)
	}
	return net.Listen("tcp", addr)
}

func (s *Server) serve(ln net.Listener) {
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		_, isTLS := c.TLSConnectionState()
		return &session{s: s, tls: isTLS, conn: c}, nil
	}))
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.ReadTimeout = 10 * time.Second
	srv.WriteTimeout = 10 * time.Second
	srv.MaxMessageBytes = 10 << 20
	if s.opts.TLS != nil && !s.opts.Implicit {
		srv.TLSConfig = s.opts.TLS
	}
	s.mu.Lock()
	s.srv = srv
	s.ln = ln
	s.mu.Unlock()
	go func() { _ = srv.Serve(ln) }()
}

// Stop closes the listener and every connection: the server is down.
func (s *Server) Stop() {
	s.mu.Lock()
	srv, ln := s.srv, s.ln
	s.srv, s.ln = nil, nil
	s.mu.Unlock()
	// Close the listener first: if Serve has not started yet, srv.Close
	// would not know about it and the "stopped" server would still accept.
	if ln != nil {
		_ = ln.Close()
	}
	if srv != nil {
		_ = srv.Close()
	}
}

// Restart listens again on the same address after Stop.
func (s *Server) Restart(t testing.TB) {
	t.Helper()
	var ln net.Listener
	var err error
	for i := 0; i < 50; i++ {
		if ln, err = s.listen(s.addr); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("mailtest: listen again on %s: %v", s.addr, err)
	}
	s.serve(ln)
}

// FailRcpt makes RCPT TO answer with code and text (0 restores success).
func (s *Server) FailRcpt(code int, text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rcptErr = smtpErr(code, text)
}

// FailData makes the end of DATA answer with code and text (0 restores success).
func (s *Server) FailData(code int, text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.dataErr = smtpErr(code, text)
}

// Delay makes every DATA wait d before answering (a slow server).
func (s *Server) Delay(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.delay = d
}

func smtpErr(code int, text string) error {
	if code == 0 {
		return nil
	}
	return &smtp.SMTPError{Code: code, EnhancedCode: smtp.NoEnhancedCode, Message: text}
}

// Messages returns a copy of everything accepted so far.
func (s *Server) Messages() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Received(nil), s.received...)
}

// Count is the number of accepted messages.
func (s *Server) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.received)
}

// WaitCount waits until at least n messages arrived or d passes, and
// returns the count.
func (s *Server) WaitCount(n int, d time.Duration) int {
	deadline := time.Now().Add(d)
	for {
		c := s.Count()
		if c >= n || time.Now().After(deadline) {
			return c
		}
		time.Sleep(5 * time.Millisecond)
	}
}

type session struct {
	s    *Server
	conn *smtp.Conn
	tls  bool
	user string
	from string
	to   []string
}

func (ss *session) Reset()        { ss.from, ss.to = "", nil }
func (ss *session) Logout() error { return nil }

func (ss *session) AuthMechanisms() []string {
	if ss.s.opts.User == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (ss *session) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, user, pass string) error {
		if user != ss.s.opts.User || pass != ss.s.opts.Password {
			return errors.New("invalid credentials")
		}
		ss.user = user
		return nil
	}), nil
}

func (ss *session) Mail(from string, _ *smtp.MailOptions) error {
	if ss.s.opts.User != "" && ss.user == "" {
		return smtp.ErrAuthRequired
	}
	ss.from = from
	return nil
}

func (ss *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	ss.s.mu.Lock()
	err := ss.s.rcptErr
	ss.s.mu.Unlock()
	if err != nil {
		return err
	}
	ss.to = append(ss.to, to)
	return nil
}

func (ss *session) Data(r io.Reader) error {
	var b bytes.Buffer
	if _, err := io.Copy(&b, r); err != nil {
		return err
	}
	ss.s.mu.Lock()
	err, delay := ss.s.dataErr, ss.s.delay
	ss.s.mu.Unlock()
	if delay > 0 {
		time.Sleep(delay)
	}
	if err != nil {
		return err
	}
	if _, ok := ss.conn.TLSConnectionState(); ok {
		ss.tls = true
	}
	ss.s.mu.Lock()
	ss.s.received = append(ss.s.received, Received{From: ss.from, To: append([]string(nil), ss.to...), Data: b.Bytes(), Auth: ss.user, TLS: ss.tls})
	ss.s.mu.Unlock()
	return nil
}

// SelfSigned returns a server TLS config for 127.0.0.1 and localhost and a
// client config that trusts it.
func SelfSigned(t testing.TB) (server, client *tls.Config) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "mailtest"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
		IPAddresses:           []net.IP{net.ParseIP("127.0.0.1")},
		DNSNames:              []string{"localhost"},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	server = &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}, MinVersion: tls.VersionTLS12}
	client = &tls.Config{RootCAs: pool, ServerName: "127.0.0.1", MinVersion: tls.VersionTLS12}
	return server, client
}
