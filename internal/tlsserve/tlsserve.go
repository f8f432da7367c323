// Package tlsserve serves the site over HTTPS with certificates it obtains
// and renews itself over ACME (Let's Encrypt by default), through
// golang.org/x/crypto/acme/autocert: the account key and certificates are
// kept in a directory of the data directory, the plain-HTTP listener
// answers the CA's HTTP-01 challenges and sends everything else to HTTPS,
// and every HTTPS answer carries HSTS. Status tells others (metrics,
// alerts) when the current certificate expires and the last error met
// while obtaining or renewing it.
package tlsserve

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/crypto/acme"
	"golang.org/x/crypto/acme/autocert"
)

// HSTSValue is the Strict-Transport-Security header sent on HTTPS answers:
// two years, subdomains included.
const HSTSValue = "max-age=63072000; includeSubDomains"

// RenewBefore is how long before expiry a certificate is renewed. A
// certificate closer to its expiry than this, less a day, has failed to
// renew and Status says so.
const RenewBefore = 30 * 24 * time.Hour

// Options configure a Manager.
type Options struct {
	Domains      []string // host names to get certificates for; the first is the canonical one
	CacheDir     string   // where the account key and certificates are kept (made 0700)
	DirectoryURL string   // the CA's ACME directory
	CARoots      []byte   // PEM roots trusted for the directory's own TLS; nil trusts the system's
	Email        string   // contact given to the CA; optional
	HTTPSPort    string   // port of the HTTPS listener, for redirects ("443" leaves it out of URLs)
	Log          *slog.Logger
}

// Manager obtains, renews and serves the certificates of Options.Domains.
type Manager struct {
	opts Options
	ac   *autocert.Manager

	mu        sync.Mutex
	notAfter  map[string]time.Time // per domain, of the certificate last served or checked
	lastErr   error
	lastErrAt time.Time
}

// Status is what others need to know about the certificates.
type Status struct {
	// NotAfter is when the first of the current certificates expires; zero
	// while none has been obtained.
	NotAfter time.Time
	// LastError is the last failure to obtain or renew a certificate, nil
	// once a later attempt succeeded; LastErrorAt is when it happened.
	LastError   error
	LastErrorAt time.Time
}

// New checks the options and prepares the certificate cache directory.
func New(o Options) (*Manager, error) {
	if len(o.Domains) == 0 {
		return nil, errors.New("no domain to get a certificate for")
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	if o.HTTPSPort == "" {
		o.HTTPSPort = "443"
	}
	if err := os.MkdirAll(o.CacheDir, 0o700); err != nil {
		return nil, fmt.Errorf("certificate directory %s: %w", o.CacheDir, err)
	}
	// MkdirAll keeps the mode of a directory that exists: the account key
	// lives here, so it is made private again.
	if err := os.Chmod(o.CacheDir, 0o700); err != nil {
		return nil, fmt.Errorf("certificate directory %s: %w", o.CacheDir, err)
	}
	client := &acme.Client{DirectoryURL: o.DirectoryURL, UserAgent: "spdc"}
	if len(o.CARoots) > 0 {
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(o.CARoots) {
			return nil, errors.New("the CA roots file holds no PEM certificate")
		}
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.TLSClientConfig = &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}
		client.HTTPClient = &http.Client{Transport: tr, Timeout: time.Minute}
	}
	m := &Manager{opts: o, notAfter: map[string]time.Time{}}
	m.ac = &autocert.Manager{
		Prompt:      autocert.AcceptTOS,
		Cache:       autocert.DirCache(o.CacheDir),
		HostPolicy:  m.hostPolicy,
		RenewBefore: RenewBefore,
		Client:      client,
		Email:       o.Email,
	}
	return m, nil
}

// hostPolicy accepts the configured names only. A Host header may carry a
// port (a challenge on a listener other than :80 does), which is ignored.
func (m *Manager) hostPolicy(_ context.Context, host string) error {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	if !slices.Contains(m.opts.Domains, strings.ToLower(host)) {
		return fmt.Errorf("host %q is not in SPDC_DOMAIN", host)
	}
	return nil
}

// TLSConfig is the HTTPS listener's configuration: certificates from the
// manager (a client that names no server gets the first domain's), the
// ACME TLS-ALPN protocol, HTTP/2 and HTTP/1.1, TLS 1.2 at least.
func (m *Manager) TLSConfig() *tls.Config {
	c := m.ac.TLSConfig()
	c.MinVersion = tls.VersionTLS12
	c.GetCertificate = func(hello *tls.ClientHelloInfo) (*tls.Certificate, error) {
		if hello.ServerName == "" {
			h := *hello
			h.ServerName = m.opts.Domains[0]
			hello = &h
		}
		return m.certificate(hello)
	}
	return c
}

// certificate gets a certificate from autocert and notes its expiry or
// the error met.
func (m *Manager) certificate(hello *tls.ClientHelloInfo) (*tls.Certificate, error) {
	name := strings.ToLower(strings.TrimSuffix(hello.ServerName, "."))
	cert, err := m.ac.GetCertificate(hello)
	if !slices.Contains(m.opts.Domains, name) {
		return cert, err // a name the site does not serve: refused, not a failure to record
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if err != nil {
		m.lastErr, m.lastErrAt = fmt.Errorf("certificate for %s: %w", name, err), time.Now()
		return nil, err
	}
	if cert.Leaf != nil {
		m.notAfter[name] = cert.Leaf.NotAfter
	}
	return cert, nil
}

// Obtain makes sure every domain has a valid certificate, obtaining the
// missing ones now (rather than at a first visitor's handshake), and
// notes a certificate that should have been renewed and was not.
func (m *Manager) Obtain(ctx context.Context) error {
	var errs []error
	for _, d := range m.opts.Domains {
		if err := ctx.Err(); err != nil {
			return err
		}
		cert, err := m.certificate(&tls.ClientHelloInfo{ServerName: d, CipherSuites: []uint16{tls.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256}, SupportedCurves: []tls.CurveID{tls.CurveP256}, SignatureSchemes: []tls.SignatureScheme{tls.ECDSAWithP256AndSHA256}, SupportedVersions: []uint16{tls.VersionTLS13, tls.VersionTLS12}})
		if err != nil {
			errs = append(errs, fmt.Errorf("certificate for %s: %w", d, err))
			continue
		}
		if cert.Leaf != nil && time.Until(cert.Leaf.NotAfter) < RenewBefore-24*time.Hour {
			err := fmt.Errorf("certificate for %s expires at %s and has not been renewed", d, cert.Leaf.NotAfter.UTC().Format(time.RFC3339))
			m.mu.Lock()
			m.lastErr, m.lastErrAt = err, time.Now()
			m.mu.Unlock()
			errs = append(errs, err)
		}
	}
	if len(errs) == 0 {
		m.mu.Lock()
		m.lastErr, m.lastErrAt = nil, time.Time{}
		m.mu.Unlock()
	}
	return errors.Join(errs...)
}

// Watch obtains the certificates now and checks them every interval
// until ctx ends, logging failures; autocert renews them in between.
func (m *Manager) Watch(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		start := time.Now()
		if err := m.Obtain(ctx); err != nil {
			if ctx.Err() != nil {
				return
			}
			m.opts.Log.Error("HTTPS certificate: could not obtain or renew; visitors may see a certificate error", "domains", strings.Join(m.opts.Domains, ","), "directory", m.opts.DirectoryURL, "err", err)
		} else {
			m.opts.Log.Info("HTTPS certificates ready", "domains", strings.Join(m.opts.Domains, ","), "not_after", m.Status().NotAfter.UTC().Format(time.RFC3339), "took", time.Since(start).Round(time.Millisecond).String())
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Status returns the earliest expiry of the current certificates and the
// last error met obtaining or renewing them.
func (m *Manager) Status() Status {
	m.mu.Lock()
	defer m.mu.Unlock()
	var s Status
	for _, t := range m.notAfter {
		if s.NotAfter.IsZero() || t.Before(s.NotAfter) {
			s.NotAfter = t
		}
	}
	s.LastError, s.LastErrorAt = m.lastErr, m.lastErrAt
	return s
}

// HTTPHandler is the plain-HTTP listener's handler: the CA's HTTP-01
// challenges, and a permanent redirect (308, which keeps the method) to
// the same path over HTTPS for everything else. A request naming a host
// the site does not serve is sent to the first domain, so the Host header
// cannot send visitors elsewhere.
func (m *Manager) HTTPHandler() http.Handler {
	return m.ac.HTTPHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if h, _, err := net.SplitHostPort(host); err == nil {
			host = h
		}
		host = strings.ToLower(host)
		if !slices.Contains(m.opts.Domains, host) {
			host = m.opts.Domains[0]
		}
		if m.opts.HTTPSPort != "443" {
			host = net.JoinHostPort(host, m.opts.HTTPSPort)
		}
		http.Redirect(w, r, "https://"+host+r.URL.RequestURI(), http.StatusPermanentRedirect)
	}))
}

// HSTS adds Strict-Transport-Security to every answer of next; it wraps
// the handler of the HTTPS listener only.
func HSTS(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Strict-Transport-Security", HSTSValue)
		next.ServeHTTP(w, r)
	})
}
