// Package smtpsink is a loopback SMTP server that accepts every message and
// only counts it, so the benchmark can measure how fast the outbox worker
// delivers mail.
package smtpsink

import (
	"io"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/emersion/go-smtp"
)

// Sink is a running SMTP sink.
type Sink struct {
	Addr string // host:port

	srv      *smtp.Server
	total    atomic.Int64
	mu       sync.Mutex
	byRcpt   map[string]int
	lastSeen time.Time
}

// Start listens on a free loopback port.
func Start() (*Sink, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &Sink{Addr: ln.Addr().String(), byRcpt: map[string]int{}}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) {
		return &session{sink: s}, nil
	}))
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.MaxMessageBytes = 10 << 20
	srv.MaxRecipients = 50
	srv.ReadTimeout = 30 * time.Second
	srv.WriteTimeout = 30 * time.Second
	s.srv = srv
	go func() { _ = srv.Serve(ln) }()
	return s, nil
}

// URL is the SMTP_URL that points spdc at the sink.
func (s *Sink) URL() string { return "smtp://" + s.Addr + "?tls=none" }

// Total is the number of messages accepted so far.
func (s *Sink) Total() int64 { return s.total.Load() }

// To is the number of messages accepted for one recipient (lower-cased).
func (s *Sink) To(rcpt string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.byRcpt[strings.ToLower(rcpt)]
}

// Close stops the sink.
func (s *Sink) Close() error { return s.srv.Close() }

type session struct {
	sink  *Sink
	rcpts []string
}

func (c *session) Reset()        { c.rcpts = nil }
func (c *session) Logout() error { return nil }
func (c *session) Mail(string, *smtp.MailOptions) error {
	return nil
}
func (c *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	c.rcpts = append(c.rcpts, strings.ToLower(to))
	return nil
}
func (c *session) Data(r io.Reader) error {
	if _, err := io.Copy(io.Discard, r); err != nil {
		return err
	}
	c.sink.total.Add(1)
	c.sink.mu.Lock()
	for _, to := range c.rcpts {
		c.sink.byRcpt[to]++
	}
	c.sink.lastSeen = time.Now()
	c.sink.mu.Unlock()
	return nil
}
