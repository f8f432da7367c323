package reliability

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// spdcBin is the binary under test, built once by TestMain.
var spdcBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "spdc-reliability-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	spdcBin = filepath.Join(dir, "spdc")
	build := exec.Command("go", "build", "-o", spdcBin, "spdc/cmd/spdc")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "reliability: go build spdc: %v\n%s", err, out)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// backends is SQLite, plus PostgreSQL in a schema of its own when
// TEST_DATABASE_URL is set.
func backends(t *testing.T) []storetest.Backend { return storetest.Backends(t) }

// pgBase is TEST_DATABASE_URL; tests that need PostgreSQL skip without it.
func pgBase(t *testing.T) string {
	t.Helper()
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		t.Skip("TEST_DATABASE_URL is not set: this test needs PostgreSQL")
	}
	return base
}

// lockedBuffer is a log sink shared by the process's output goroutine and
// the test.
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

// proc is one running spdc process.
type proc struct {
	t       *testing.T
	cmd     *exec.Cmd
	Base    string // http://127.0.0.1:port
	Addr    string
	DataDir string
	DBURL   string
	logs    *lockedBuffer
	exited  chan struct{}
	exitErr error
}

// testDataKey is the SPDC_DATA_KEY of every server these tests start.
const testDataKey = "c3BkYy1yZWxpYWJpbGl0eS10ZXN0cy1kYXRhLWtleSE="

var listeningRE = regexp.MustCompile(`msg="spdc listening" addr=(\S+)`)

// startSpdc runs `spdc serve` on a free loopback port with the given
// database and data dir; extra environment variables are added. It returns
// once the server accepts connections.
func startSpdc(t *testing.T, dbURL, dataDir string, extra ...string) *proc {
	t.Helper()
	p := &proc{t: t, DataDir: dataDir, DBURL: dbURL, logs: &lockedBuffer{}, exited: make(chan struct{})}
	p.cmd = exec.Command(spdcBin, "serve")
	p.cmd.Env = append([]string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + dataDir,
		"SPDC_ADDR=127.0.0.1:0",
		"SPDC_DATA_DIR=" + dataDir,
		"DATABASE_URL=" + dbURL,
		"SPDC_PUBLIC_URL=http://spdc.test",
		"SPDC_TRUSTED_PROXIES=127.0.0.1",
		"SPDC_MAIL_PER_HOUR=1000000",
		// Every instance on one database shares the key of the values
		// encrypted at rest (PostgreSQL refuses to start without it).
		"SPDC_DATA_KEY=" + testDataKey,
	}, extra...)
	stderr, err := p.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	p.cmd.Stdout = p.logs
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	addrc := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		sent := false
		for sc.Scan() {
			line := sc.Text()
			p.logs.Write([]byte(line + "\n"))
			if !sent {
				if m := listeningRE.FindStringSubmatch(line); m != nil {
					addrc <- m[1]
					sent = true
				}
			}
		}
		io.Copy(io.Discard, stderr)
	}()
	go func() {
		p.exitErr = p.cmd.Wait()
		close(p.exited)
	}()
	t.Cleanup(func() { p.kill() })
	select {
	case p.Addr = <-addrc:
	case <-p.exited:
		t.Fatalf("spdc exited before listening: %v\n%s", p.exitErr, p.logs.String())
	case <-time.After(60 * time.Second):
		p.kill()
		t.Fatalf("spdc did not start within 60 s\n%s", p.logs.String())
	}
	p.Base = "http://" + p.Addr
	return p
}

// kill sends SIGKILL (kill -9) and waits for the process to be gone.
func (p *proc) kill() {
	select {
	case <-p.exited:
		return
	default:
	}
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.exited
}

// terminate sends SIGTERM and returns the exit error after at most d.
func (p *proc) terminate(d time.Duration) error {
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.exited:
		return p.exitErr
	case <-time.After(d):
		p.kill()
		return fmt.Errorf("spdc did not stop within %s", d)
	}
}

// rssKiB is the process's resident memory from /proc.
func (p *proc) rssKiB() int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			return n
		}
	}
	return 0
}

// runCLI runs one spdc subcommand against the database with stdin.
func runCLI(t *testing.T, dbURL, dataDir, stdin string, args ...string) string {
	t.Helper()
	cmd := exec.Command(spdcBin, args...)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "SPDC_DATA_DIR=" + dataDir, "DATABASE_URL=" + dbURL}
	cmd.Stdin = strings.NewReader(stdin)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("spdc %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// client is an HTTP client with bounded time and no shared state.
func newClient(timeout time.Duration) *http.Client {
	return &http.Client{Timeout: timeout, Transport: &http.Transport{
		MaxIdleConnsPerHost: 64, DialContext: (&net.Dialer{Timeout: 2 * time.Second}).DialContext,
	}}
}

// resp is an answer read in full.
type resp struct {
	Status int
	Header http.Header
	Body   []byte
	JSON   map[string]any
}

func (r resp) msg() string { s, _ := r.JSON["message"].(string); return s }

// formClients numbers the clients call gives to form posts.
var formClients atomic.Uint64

// call sends one request; body may be nil, a string (sent raw) or any
// value (sent as JSON).
func call(c *http.Client, method, url string, body any, token string) (resp, error) {
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			return resp{}, err
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		return resp{}, err
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	// Each form post and registration comes from a client of its own
	// (the server believes X-Forwarded-For from the loopback), so the
	// per-client limits, tested in httpapi, never decide a test of
	// durability or load; other calls keep the loopback as their client.
	for _, p := range []string{"/api/volunteers/", "/api/hosts/", "/api/contact", "/api/disciples/", "/api/users/register"} {
		if method == http.MethodPost && strings.Contains(url, p) {
			n := formClients.Add(1)
			req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.%d.%d.%d", (n>>16)&255, (n>>8)&255, n&255))
		}
	}
	res, err := c.Do(req)
	if err != nil {
		return resp{}, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return resp{}, err
	}
	out := resp{Status: res.StatusCode, Header: res.Header, Body: raw}
	_ = json.Unmarshal(raw, &out.JSON)
	return out, nil
}

// mustCall is call that fails the test on a transport error.
func mustCall(t *testing.T, c *http.Client, method, url string, body any, token string) resp {
	t.Helper()
	r, err := call(c, method, url, body, token)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	return r
}

// volunteer is a valid volunteer registration carrying marker, so the test
// can find exactly this submission in the database.
func volunteer(marker string) map[string]any {
	return map[string]any{
		"fullName": "Reliability Tester", "email": marker + "@example.org", "mobile": "",
		"address": "1 Test Road", "country": "India", "nearestCenter": "Mayapur",
		"availability": "5-10 hours/week", "areasOfInterest": []string{"Emotional and Spiritual Support"},
		"experience": "marker " + marker, "motivation": "To serve.", "skills": "Listening.", "consent": true,
	}
}

// openStore opens the database the server uses, for checks from outside.
func openStore(t *testing.T, url string) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), url)
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// markerCounts counts stored volunteer registrations by marker.
func markerCounts(t *testing.T, st *store.Store) map[string]int {
	t.Helper()
	rows, err := st.Reader().QueryContext(context.Background(), `SELECT experience FROM volunteers`)
	if err != nil {
		t.Fatalf("read volunteers: %v", err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var e string
		if err := rows.Scan(&e); err != nil {
			t.Fatal(err)
		}
		out[strings.TrimPrefix(e, "marker ")]++
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// outboxCounts counts outbox rows by recipient.
func outboxCounts(t *testing.T, st *store.Store) map[string]int {
	t.Helper()
	rows, err := st.Reader().QueryContext(context.Background(), `SELECT to_addr FROM outbox`)
	if err != nil {
		t.Fatalf("read outbox: %v", err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var to string
		if err := rows.Scan(&to); err != nil {
			t.Fatal(err)
		}
		out[to]++
	}
	return out
}

// waitFor polls cond every 100 ms until it holds or d passes.
func waitFor(d time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if cond() {
			return true
		}
		time.Sleep(100 * time.Millisecond)
	}
	return cond()
}

// ready waits for /readyz to answer 200.
func (p *proc) ready(t *testing.T, d time.Duration) {
	t.Helper()
	c := newClient(2 * time.Second)
	if !waitFor(d, func() bool {
		r, err := call(c, "GET", p.Base+"/readyz", nil, "")
		return err == nil && r.Status == 200
	}) {
		t.Fatalf("/readyz not 200 within %s\n%s", d, tail(p.logs.String(), 3000))
	}
}

// tail keeps the end of a long log for failure messages.
func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}

// registerAndLogin makes an account through the API and returns a session
// token.
func registerAndLogin(t *testing.T, c *http.Client, base, email, mobile, password string) string {
	t.Helper()
	r := mustCall(t, c, "POST", base+"/api/users/register", map[string]any{
		"fullName": "Session Tester", "email": email, "mobile": mobile, "address": "", "password": password}, "")
	if r.Status != 201 {
		t.Fatalf("register %s: %d %s", email, r.Status, r.Body)
	}
	return login(t, c, base, email, password)
}

// login signs in and returns the token.
func login(t *testing.T, c *http.Client, base, identifier, password string) string {
	t.Helper()
	r := mustCall(t, c, "POST", base+"/api/users/login", map[string]any{"identifier": identifier, "password": password}, "")
	tok, _ := r.JSON["token"].(string)
	if r.Status != 200 || tok == "" {
		t.Fatalf("login %s: %d %s", identifier, r.Status, r.Body)
	}
	return tok
}

// storetestSchema is a fresh PostgreSQL schema URL, dropped after t.
func storetestSchema(t *testing.T, base string) string {
	t.Helper()
	return storetest.NewPostgresSchema(t, base)
}

// jsonMarshal is json.Marshal (named so table code reads plainly).
func jsonMarshal(v any) ([]byte, error) { return json.Marshal(v) }
