package app

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"io"
	"io/fs"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/letsencrypt/challtestsrv"
	"github.com/letsencrypt/pebble/v2/ca"
	"github.com/letsencrypt/pebble/v2/db"
	"github.com/letsencrypt/pebble/v2/va"
	"github.com/letsencrypt/pebble/v2/wfe"

	"spdc/internal/tlsserve"
)

// freePort returns a port of 127.0.0.1 free a moment ago, for listeners
// whose port must be known before they start (the CA's validation
// authority dials the HTTP listener on a fixed port).
func freePort(t *testing.T, network string) int {
	t.Helper()
	if network == "udp" {
		pc, err := net.ListenPacket("udp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer pc.Close()
		return pc.LocalAddr().(*net.UDPAddr).Port
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// testCA is Pebble, the ACME test CA of Let's Encrypt, running in-process:
// its directory over TLS, its management interface (which serves its root),
// and a DNS server answering 127.0.0.1 for every name, which its
// validation authority uses to reach the site under test.
type testCA struct {
	dirURL    string
	rootsFile string // the PEM of the directory's own TLS certificate
	mgmt      *httptest.Server
	orders    atomic.Int64
}

func startPebble(t *testing.T, httpPort, tlsPort int) *testCA {
	t.Helper()
	t.Setenv("PEBBLE_VA_NOSLEEP", "1")      // validate challenges at once
	t.Setenv("PEBBLE_WFE_NONCEREJECT", "0") // no random bad nonces
	logger := log.New(io.Discard, "", 0)
	if testing.Verbose() {
		logger = log.New(os.Stderr, "pebble ", log.Lmicroseconds)
	}
	dnsAddr := "127.0.0.1:" + strconv.Itoa(freePort(t, "udp"))
	dns, err := challtestsrv.New(challtestsrv.Config{DNSAddrs: []string{dnsAddr}, Log: logger})
	if err != nil {
		t.Fatal(err)
	}
	dns.SetDefaultDNSIPv4("127.0.0.1")
	dns.SetDefaultDNSIPv6("")
	dns.Run()
	t.Cleanup(dns.Shutdown)

	store := db.NewMemoryStore()
	authority := ca.New(logger, store, "", "ecdsa", 0, 1, map[string]ca.Profile{"default": {Description: "default"}})
	validator := va.New(logger, httpPort, tlsPort, false, dnsAddr, store)
	front := wfe.New(logger, store, validator, authority, []string{"pebble.letsencrypt.org"}, false, false, 0, 0)
	c := &testCA{}
	h := front.Handler()
	acmeSrv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.URL.Path == "/order-plz" {
			c.orders.Add(1)
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(acmeSrv.Close)
	c.mgmt = httptest.NewTLSServer(front.ManagementHandler())
	t.Cleanup(c.mgmt.Close)
	c.dirURL = acmeSrv.URL + wfe.DirectoryPath
	c.rootsFile = filepath.Join(t.TempDir(), "acme-roots.pem")
	pemBytes := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: acmeSrv.Certificate().Raw})
	if err := os.WriteFile(c.rootsFile, pemBytes, 0o600); err != nil {
		t.Fatal(err)
	}
	return c
}

// root fetches the CA's issuing root from its management interface.
func (c *testCA) root(t *testing.T) *x509.CertPool {
	t.Helper()
	res, err := c.mgmt.Client().Get(c.mgmt.URL + wfe.RootCertPath + "0")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	pool := x509.NewCertPool()
	if res.StatusCode != 200 || !pool.AppendCertsFromPEM(body) {
		t.Fatalf("pebble root: %d %q", res.StatusCode, body)
	}
	return pool
}

// siteClient dials the server under test for every host name and trusts
// only roots; it follows no redirect.
func siteClient(roots *x509.CertPool, httpsAddr, httpAddr string) *http.Client {
	return &http.Client{
		Timeout: 10 * time.Second,
		Transport: &http.Transport{
			TLSClientConfig: &tls.Config{RootCAs: roots, MinVersion: tls.VersionTLS12},
			DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
				target := httpAddr
				if strings.HasSuffix(addr, ":"+portOf(httpsAddr)) {
					target = httpsAddr
				}
				return (&net.Dialer{}).DialContext(ctx, network, target)
			},
			DisableKeepAlives: true,
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

func portOf(addr string) string {
	_, p, _ := net.SplitHostPort(addr)
	return p
}

// With SPDC_DOMAIN the server gets its certificates from a real ACME CA
// (Pebble) over HTTP-01, serves the site over HTTPS with HSTS under a
// chain that verifies from the CA's root, redirects plain HTTP, keeps the
// account key and certificates private in the data directory, and on a
// restart serves the stored certificate without a new order.
func TestHTTPSFromACME(t *testing.T) {
	httpPort := freePort(t, "tcp")
	// The CA's TLS-ALPN-01 check dials a port where nothing listens, so
	// the certificates come through the HTTP-01 challenges answered on
	// SPDC_HTTP_ADDR.
	pebble := startPebble(t, httpPort, freePort(t, "tcp"))
	dataDir := t.TempDir()
	httpsAddr := "127.0.0.1:" + strconv.Itoa(freePort(t, "tcp"))
	httpAddr := "127.0.0.1:" + strconv.Itoa(httpPort)
	env := map[string]string{
		"SPDC_DATA_DIR":       dataDir,
		"SPDC_DOMAIN":         "spdc.test,www.spdc.test",
		"SPDC_HTTPS_ADDR":     httpsAddr,
		"SPDC_HTTP_ADDR":      httpAddr,
		"SPDC_ACME_DIRECTORY": pebble.dirURL,
		"SPDC_ACME_CA_ROOTS":  pebble.rootsFile,
		"SPDC_ACME_EMAIL":     "admin@spdc.test",
	}
	client := siteClient(pebble.root(t), httpsAddr, httpAddr)
	base := "https://spdc.test:" + portOf(httpsAddr)

	start := time.Now()
	mgr, stop := startHTTPSServer(t, env)
	listening := time.Now()
	res := waitHTTPS(t, client, base+"/healthz", 30*time.Second)
	t.Logf("from start with SPDC_DOMAIN to a valid certificate from the ACME CA: %s (%s after the listeners opened)",
		time.Since(start).Round(time.Millisecond), time.Since(listening).Round(time.Millisecond))
	if res.StatusCode != 200 || res.Header.Get("Strict-Transport-Security") != tlsserve.HSTSValue {
		t.Fatalf("HTTPS: %d, HSTS %q", res.StatusCode, res.Header.Get("Strict-Transport-Security"))
	}
	leaf := res.TLS.PeerCertificates[0]
	if len(res.TLS.VerifiedChains) == 0 || leaf.VerifyHostname("spdc.test") != nil {
		t.Fatalf("chain not verified for spdc.test: %v", leaf.DNSNames)
	}
	// The second name has a certificate too.
	res2 := waitHTTPS(t, client, "https://www.spdc.test:"+portOf(httpsAddr)+"/healthz", 15*time.Second)
	if res2.TLS.PeerCertificates[0].VerifyHostname("www.spdc.test") != nil {
		t.Fatal("www.spdc.test served a certificate not naming it")
	}
	if st := mgr.Status(); st.NotAfter.IsZero() || st.LastError != nil || st.NotAfter.After(leaf.NotAfter) {
		t.Fatalf("status %+v, leaf expires %s", st, leaf.NotAfter)
	}

	// Plain HTTP goes to HTTPS, path and query kept; a foreign Host header
	// is sent to the site's own name.
	for host, want := range map[string]string{"spdc.test": base, "evil.example": base} {
		req, _ := http.NewRequest("GET", "http://"+httpAddr+"/en/donate?x=1", nil)
		req.Host = host
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusPermanentRedirect || res.Header.Get("Location") != want+"/en/donate?x=1" {
			t.Fatalf("http %s: %d %q", host, res.StatusCode, res.Header.Get("Location"))
		}
	}

	// The account key and certificates are the server's alone.
	acmeDir := filepath.Join(dataDir, "acme")
	files := 0
	err := filepath.WalkDir(acmeDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, _ := d.Info()
		if d.IsDir() && info.Mode().Perm() != 0o700 || !d.IsDir() && info.Mode().Perm() != 0o600 {
			return errors.New(p + " has mode " + info.Mode().Perm().String())
		}
		if !d.IsDir() {
			files++
		}
		return nil
	})
	if err != nil || files < 3 {
		t.Fatalf("acme directory: %d files, %v", files, err)
	}
	if stop() != 0 {
		t.Fatal("server exit code")
	}

	orders := pebble.orders.Load()
	if orders < 2 {
		t.Fatalf("%d orders for two names", orders)
	}
	_, stop = startHTTPSServer(t, env)
	res = waitHTTPS(t, client, base+"/healthz", 10*time.Second)
	if !res.TLS.PeerCertificates[0].Equal(leaf) {
		t.Fatal("the restarted server serves another certificate")
	}
	time.Sleep(200 * time.Millisecond) // the start's check of every name has run
	if n := pebble.orders.Load(); n != orders {
		t.Fatalf("the restart ordered %d new certificate(s)", n-orders)
	}
	if stop() != 0 {
		t.Fatal("server exit code")
	}
}

// startHTTPSServer runs `spdc serve` with SPDC_DOMAIN in-process.
func startHTTPSServer(t *testing.T, env map[string]string) (*tlsserve.Manager, func() int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan *tlsserve.Manager, 1)
	done := make(chan int, 1)
	logs := &lockedBuffer{}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("server log:\n%s", logs.String())
		}
	})
	go func() {
		done <- RunEnv(ctx, []string{"serve"}, Env{
			Getenv: func(k string) string { return env[k] },
			Stdin:  strings.NewReader(""), Stdout: io.Discard, Stderr: logs,
			Certificates: func(m *tlsserve.Manager) { ready <- m },
		})
	}()
	select {
	case m := <-ready:
		return m, func() int { cancel(); return <-done }
	case code := <-done:
		cancel()
		t.Fatalf("server exited with %d before listening: %s", code, logs.String())
	case <-time.After(90 * time.Second): // a fresh database's migrations, slow under -race on a busy machine
		cancel()
		t.Fatal("server did not start")
	}
	return nil, nil
}

// waitHTTPS retries GET url until the TLS handshake and the answer succeed.
func waitHTTPS(t *testing.T, c *http.Client, url string, within time.Duration) *http.Response {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		res, err := c.Get(url)
		if err == nil {
			res.Body.Close()
			return res
		}
		if time.Now().After(deadline) {
			t.Fatalf("GET %s: %v", url, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
