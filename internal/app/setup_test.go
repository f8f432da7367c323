package app

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer that the server and the test may use at
// once.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

var setupLinkRE = regexp.MustCompile(`http://[^\s"]+/setup/([A-Za-z0-9_-]{43})`)

// serveOnce starts `spdc serve` on dataDir, waits until it listens and
// returns its address, what it printed and logged, and its stop function.
func serveOnce(t *testing.T, dataDir string) (addr string, out, log *lockedBuffer, stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	out, log = &lockedBuffer{}, &lockedBuffer{}
	ready := make(chan string, 1)
	done := make(chan int, 1)
	env := map[string]string{"SPDC_DATA_DIR": dataDir, "SPDC_ADDR": "127.0.0.1:0"}
	go func() {
		done <- RunEnv(ctx, []string{"serve"}, Env{Getenv: func(k string) string { return env[k] },
			Stdin: strings.NewReader(""), Stdout: out, Stderr: log, Ready: func(a string) { ready <- a }})
	}()
	select {
	case addr = <-ready:
	case code := <-done:
		cancel()
		t.Fatalf("serve exited with %d: %s", code, log)
	case <-time.After(20 * time.Second):
		cancel()
		t.Fatal("serve did not start")
	}
	return addr, out, log, func() { cancel(); <-done }
}

// TestServePrintsSetupLink: a server without an admin prints a one-time
// setup link to its terminal and log (never in an answer), then the site's
// URL; the link opens the first-admin form's endpoint. Once an admin
// exists, a restart prints no link.
func TestServePrintsSetupLink(t *testing.T) {
	dataDir := t.TempDir()
	addr, out, log, stop := serveOnce(t, dataDir)
	m := setupLinkRE.FindStringSubmatch(out.String())
	if m == nil {
		stop()
		t.Fatalf("no setup link printed:\n%s", out)
	}
	if !strings.Contains(log.String(), m[0]) {
		t.Errorf("the log lacks the setup link:\n%s", log)
	}
	if i, j := strings.Index(out.String(), m[0]), strings.Index(out.String(), "The site is running at http://"); j < i {
		t.Errorf("the site's URL is not printed last:\n%s", out)
	}
	base := "http://" + addr
	get := func(path string) (int, string) {
		res, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	for _, p := range []string{"/healthz", "/readyz", "/api/site", "/api/referrers"} {
		if _, body := get(p); strings.Contains(body, m[1]) {
			t.Errorf("%s answers the setup token", p)
		}
	}
	if code, body := get("/api/setup/" + m[1]); code != 200 || !strings.Contains(body, `"valid":true`) {
		t.Fatalf("printed link: %d %s", code, body)
	}
	body := `{"fullName":"First Admin","email":"first@example.org","password":"a long and unusual admin passphrase"}`
	res, err := http.Post(base+"/api/setup/"+m[1], "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 201 {
		t.Fatalf("create the first admin: %d", res.StatusCode)
	}
	stop()

	_, out, _, stop = serveOnce(t, dataDir)
	defer stop()
	if strings.Contains(out.String(), "/setup/") || !strings.Contains(out.String(), "The site is running at") {
		t.Errorf("restart with an admin:\n%s", out)
	}
}
