package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"spdc/internal/config"
	"spdc/internal/mail"
	"spdc/internal/outbox/outboxtest"
	"spdc/internal/roles"
	"spdc/internal/secret"
	"spdc/internal/store"
)

// The one harness of the API's tests: env is the whole site over a real
// store (SQLite, or with TEST_DATABASE_URL a PostgreSQL schema of its
// own, as storetest.Run gives), with the outbox delivered to a mailbox
// the test reads and, unless a test asks for real time, a clock the test
// moves. Options add what a group of tests needs (a data key and the
// trust's receipt settings, one member of staff per role, a record in
// every admin tab, a built web app); scenario tables run through
// runScenarios.

// env is a server under test with what the tests read back.
type env struct {
	t     testing.TB
	mu    sync.Mutex // guards clock and bodies when calls run at once
	st    *store.Store
	s     *Server // the server before its routes, for its declarations
	h     http.Handler
	clock time.Time
	ip    string
	mb    *outboxtest.Mailbox // what the outbox sent
	key   *secret.Key         // the data key, with withDonations
	// bodies keeps every answer, so tests can check that no secret ever
	// appeared in one.
	bodies []string
	// registered counts the accounts made through the API, for their
	// distinct mobile numbers.
	registered int

	// With withStaffRoles: one member of staff per role and a person
	// without a role ("").
	tokens map[string]string // role → session token
	ids    map[string]string // role → user id

	// With withAdminWorld: two admins, a plain user and one record in
	// every tab; with withHostile, adminTok and userTok only.
	adminTok, userTok             string
	adminID, admin2ID, userID     string
	volID, discID, pendID, hostID string
	msgID                         string

	// With withHostile: the count of hostile cases tried and the next
	// client address (its admin and user sessions are adminTok, userTok).
	cases atomic.Int64
	ipSeq atomic.Int64
}

// envConfig is what the options change before the server is built.
type envConfig struct {
	vars      map[string]string      // configuration variables, when set
	edits     []func(*config.Config) // changes to the loaded configuration
	start     time.Time              // the clock's first reading
	ip        string                 // the client address of calls
	realTime  bool                   // the server and store read the wall clock
	storeWall bool                   // the store alone reads the wall clock
	notify    func()
	log       *slog.Logger
	mail      *mail.Renderer
	web       fs.FS
	donations bool
	staff     bool
	world     bool
	hostile   bool
}

// edit changes the configuration once it is loaded.
func (c *envConfig) edit(f func(*config.Config)) { c.edits = append(c.edits, f) }

// envOption changes how newEnv builds the server.
type envOption func(*envConfig)

// notifying sends the program's own notices (new submissions, Reply-To
// of staff mail) to addr.
func notifying(addr string) envOption {
	return func(c *envConfig) { c.edit(func(cfg *config.Config) { cfg.AdminNotify = addr }) }
}

// withCORS lets origins call the API from a browser.
func withCORS(origins ...string) envOption {
	return func(c *envConfig) { c.edit(func(cfg *config.Config) { cfg.CORSOrigins = origins }) }
}

// withWeb serves web as the built web app.
func withWeb(web fs.FS) envOption { return func(c *envConfig) { c.web = web } }

// withSite renders mail for site instead of the default test site.
func withSite(site mail.Site) envOption {
	return func(c *envConfig) { c.mail = mail.NewRenderer(site) }
}

// withEnvVars loads the configuration from vars (SMTP_URL,
// SPDC_PUBLIC_URL, SPDC_TRUSTED_PROXIES, …) before the other options.
func withEnvVars(vars map[string]string) envOption { return func(c *envConfig) { c.vars = vars } }

// startingAt starts the test's clock at t.
func startingAt(t time.Time) envOption { return func(c *envConfig) { c.start = t } }

// fromAddress makes calls come from client address ip.
func fromAddress(ip string) envOption { return func(c *envConfig) { c.ip = ip } }

// withNotify calls notify when the server has new mail to send.
func withNotify(notify func()) envOption { return func(c *envConfig) { c.notify = notify } }

// withLog makes the server log to log (discarded otherwise).
func withLog(log *slog.Logger) envOption { return func(c *envConfig) { c.log = log } }

// withoutMail builds the server with no mail renderer, as a server whose
// tests never send mail.
func withoutMail() envOption { return func(c *envConfig) { c.mail = nil } }

// withRealTime leaves the server and store on the wall clock (tests of
// the order of quick edits, of sessions made at time.Now).
func withRealTime() envOption { return func(c *envConfig) { c.realTime = true } }

// withStoreOnWallClock moves only the server with the test's clock: the
// store stamps rows (and sessions' last use) at the wall clock, as a
// test of the server's own reading of time wants.
func withStoreOnWallClock() envOption { return func(c *envConfig) { c.storeWall = true } }

// withDonations gives the server a data key, so the donation endpoints
// work, fills in the trust's receipt settings and sends the office's
// notices to office@spdc.example.org.
func withDonations() envOption {
	return func(c *envConfig) {
		c.donations = true
		notifying("office@spdc.example.org")(c)
	}
}

// withStaffRoles is withDonations with one member of staff per role
// (e.tokens, e.ids) and a signed-in person without a role (e.tokens[""]).
func withStaffRoles() envOption {
	return func(c *envConfig) {
		withDonations()(c)
		c.staff = true
	}
}

// withAdminWorld seeds an admin, a second admin, a plain user and one
// record in every tab (e.adminTok, e.volID, …) on the wall clock.
func withAdminWorld() envOption {
	return func(c *envConfig) {
		c.world, c.realTime = true, true
	}
}

// withHostile seeds an admin and a user who sign in with a password
// (e.adminTok, e.userTok) for the hostile-input tables, on the wall clock.
func withHostile() envOption {
	return func(c *envConfig) {
		c.hostile, c.realTime = true, true
	}
}

// newEnv builds the site over st as the options say.
func newEnv(t testing.TB, st *store.Store, opts ...envOption) *env {
	t.Helper()
	c := &envConfig{mail: mail.NewRenderer(mail.Site{Name: "SPDC", PublicURL: "http://test.local"}),
		start: time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC), ip: "192.0.2.10"}
	for _, o := range opts {
		o(c)
	}
	cfg, err := config.Load("test", nil, func(k string) string { return c.vars[k] }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range c.edits {
		f(&cfg)
	}
	e := &env{t: t, st: st, clock: c.start, ip: c.ip, tokens: map[string]string{}, ids: map[string]string{}}
	d := Deps{Store: st, Config: cfg, Mail: c.mail, Web: c.web, Notify: c.notify, Log: c.log}
	now := time.Now
	if !c.realTime {
		now = e.now
		if !c.storeWall {
			st.SetClock(now)
		}
		d.Now = now
	}
	e.mb = outboxtest.New(t, st, now)
	if c.donations {
		var err error
		if e.key, _, err = secret.Generate(); err != nil {
			t.Fatal(err)
		}
		d.Secret = e.key
		seedReceiptSettings(t, st)
	}
	e.s = newServer(d)
	e.h = e.s.routes()
	if c.staff {
		for _, r := range roles.All {
			e.ids[r], e.tokens[r] = staffSeed(t, st, "Staff "+r, r+"@example.org", r)
		}
		_, e.tokens[""] = staffSeed(t, st, "Plain Person", "plain@example.org")
	}
	if c.world {
		e.seedAdminWorld()
	}
	if c.hostile {
		e.adminTok = e.account("hostile-admin@example.org", "+919876511111", true)
		e.userTok = e.account("hostile-user@example.org", "+919876522222", false)
	}
	return e
}

// seedReceiptSettings fills in the trust's details that receipts print.
func seedReceiptSettings(t testing.TB, st *store.Store) {
	t.Helper()
	ctx := context.Background()
	doc, v, err := st.SiteSettings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	doc["orgName"], doc["receiptPrefix"], doc["trustPan"] = "SPDC Trust", "SPDC", "AAATS1234C"
	doc["trustLegalName"] = "Sri Prabhupada Disciples Care Trust"
	doc["addressLines"] = []string{"1 Temple Road", "Vrindavan 281121"}
	doc["reg80G"] = map[string]any{"number": "AAATS1234CF20211", "date": "2021-05-28", "validUntil": "2026-03-31"}
	doc["signatory"] = map[string]any{"name": "Ramesh Kumar", "title": "Trustee"}
	doc["urn"] = map[string]any{"number": "AAATS1234CF20211", "date": "2021-05-28"}
	if _, err := st.PutSiteSettings(ctx, doc, v, store.Actor{ID: "setup", Email: "setup@example.org"}); err != nil {
		t.Fatal(err)
	}
}

// seedAdminWorld makes the admin tests' people and one record per tab.
func (e *env) seedAdminWorld() {
	t, st := e.t, e.st
	t.Helper()
	e.adminID, e.adminTok = adminSeedUser(t, st, "Main Admin", "admin@example.org", true)
	e.admin2ID, _ = adminSeedUser(t, st, "Other Admin", "admin2@example.org", true)
	e.userID, e.userTok = adminSeedUser(t, st, "Plain User", "user@example.org", false)
	e.volID = adminSeedVol(t, st.Writer(), "Vol One", "vol@example.org", 3)
	e.discID = adminSeedDisciple(t, st, "Approved Disciple", "approved")
	e.pendID = adminSeedDisciple(t, st, "Pending Disciple", "pending")
	host := &store.Host{FullName: "Host One", WhyHost: "To serve", ConsentTerms: true, ConsentContact: true, Facilities: []string{"Doctor Nearby"}}
	if err := store.InsertHost(context.Background(), st.Writer(), host, time.UnixMilli(4)); err != nil {
		t.Fatal(err)
	}
	e.hostID = host.ID
	m := &store.ContactMessage{Name: "Msg Sender", Email: "m@example.org", Subject: "Hello", Message: `=HYPERLINK("http://evil")`, AcceptTerms: true}
	if err := store.InsertContactMessage(context.Background(), st.Writer(), m, time.UnixMilli(5)); err != nil {
		t.Fatal(err)
	}
	e.msgID = m.ID
}

// now reads the test's clock.
func (e *env) now() time.Time {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.clock
}

// advance moves the test's clock on by d.
func (e *env) advance(d time.Duration) {
	e.mu.Lock()
	e.clock = e.clock.Add(d)
	e.mu.Unlock()
}

// resp is one answer of the API: its status, headers, raw body and, when
// the body is a JSON object, that object.
type resp struct {
	Status int
	Body   map[string]any
	Raw    string
	Header http.Header
}

func (r resp) message() string { s, _ := r.Body["message"].(string); return s }

func (r resp) fieldErrors() map[string]any { m, _ := r.Body["errors"].(map[string]any); return m }

// answerOf reads a recorded answer.
func answerOf(rec *httptest.ResponseRecorder) resp {
	out := resp{Status: rec.Code, Raw: rec.Body.String(), Header: rec.Header()}
	var anyBody any
	_ = json.Unmarshal(rec.Body.Bytes(), &anyBody)
	out.Body, _ = anyBody.(map[string]any)
	return out
}

// do sends one request to h and returns the recorder as it is, for the
// few answers read as bytes and headers alone (compressed files, ranges
// of media, a middleware's own handler).
func do(h http.Handler, method, path string, body io.Reader, hdr map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, body)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// call sends body (any JSON value, or a raw string) with an optional
// bearer token.
func (e *env) call(method, path string, body any, token string) resp {
	e.t.Helper()
	return e.callWith(method, path, body, token, nil)
}

// callFrom is call from client address ip ("" for the env's own).
func (e *env) callFrom(ip, method, path string, body any, token string) resp {
	e.t.Helper()
	if ip == "" {
		ip = e.ip
	}
	return e.send(ip, method, path, body, token, nil)
}

// callWith is call with extra request headers (Accept-Language, Cookie).
func (e *env) callWith(method, path string, body any, token string, hdr map[string]string) resp {
	e.t.Helper()
	return e.send(e.ip, method, path, body, token, hdr)
}

// send makes one request and keeps its answer.
func (e *env) send(ip, method, path string, body any, token string, hdr map[string]string) resp {
	e.t.Helper()
	return e.serve(e.request(ip, method, path, body, token, hdr))
}

// request is the request send makes: body as JSON (a string as it is),
// from client address ip, with a bearer token and headers hdr, which may
// replace the JSON Content-Type.
func (e *env) request(ip, method, path string, body any, token string, hdr map[string]string) *http.Request {
	e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			e.t.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	req := httptest.NewRequest(method, path, rd)
	req.RemoteAddr = ip + ":4000"
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	return req
}

// serve answers req and keeps the answer.
func (e *env) serve(req *http.Request) resp {
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	out := answerOf(rec)
	e.mu.Lock()
	e.bodies = append(e.bodies, out.Raw)
	e.mu.Unlock()
	return out
}

// upload posts body as ctype (a multipart form, an image) with a bearer
// token.
func (e *env) upload(path, token, body, ctype string) resp {
	e.t.Helper()
	return e.callWith("POST", path, body, token, map[string]string{"Content-Type": ctype})
}

// user creates an account with a session through the store and returns
// the bearer token and the user's id.
func (e *env) user(email string, admin bool) (token, id string) {
	e.t.Helper()
	id, token = adminSeedUser(e.t, e.st, "User "+email, email, admin)
	return token, id
}

// outboxMail is one message of the outbox as stored.
type outboxMail struct{ Kind, To, Subject, Text, HTML string }

// mails lists the outbox messages to an address, oldest first.
func (e *env) mails(to string) []outboxMail {
	e.t.Helper()
	rows, err := e.st.Reader().QueryContext(context.Background(),
		`SELECT kind, to_addr, subject, text_body, html_body FROM outbox WHERE to_addr = ? ORDER BY created_at, id`, to)
	if err != nil {
		e.t.Fatal(err)
	}
	defer rows.Close()
	var out []outboxMail
	for rows.Next() {
		var m outboxMail
		if err := rows.Scan(&m.Kind, &m.To, &m.Subject, &m.Text, &m.HTML); err != nil {
			e.t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

// count is the number of rows of table.
func (e *env) count(table string) int {
	e.t.Helper()
	var n int
	if err := e.st.Reader().QueryRowContext(context.Background(), "SELECT COUNT(*) FROM "+table).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

// scenario is one row of a table of API calls: who calls what with which
// body, and what the answer must be.
type scenario struct {
	name         string
	method, path string
	body         any    // a JSON value, a raw string or nil
	session      string // bearer token ("" signed out)
	ip           string // the client address ("" the env's own)
	header       map[string]string
	chunked      bool               // the body is sent without a Content-Length
	status       int                // statusAny: whatever the after step accepts
	oneOf        []int              // the statuses allowed, in place of status
	contains     []string           // substrings the raw answer must hold
	absent       []string           // substrings it must not hold
	fields       map[string]any     // top-level JSON fields and their values
	message      string             // the answer's message, when not ""
	errorFields  []string           // fields that must carry an error
	onlyErrors   bool               // and no other field may
	before       func(t *testing.T) // runs just before the call
	after        func(t *testing.T, r resp)
}

// statusAny is a scenario's status when any answer may do and its after
// step holds the answer to its own rules.
const statusAny = -1

// runScenarios calls each scenario as a subtest and checks its answer.
func runScenarios(t *testing.T, e *env, scenarios []scenario) {
	t.Helper()
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			ip := sc.ip
			if ip == "" {
				ip = e.ip
			}
			if sc.before != nil {
				sc.before(t)
			}
			req := e.request(ip, sc.method, sc.path, sc.body, sc.session, sc.header)
			if sc.chunked {
				req.ContentLength = -1
			}
			r := e.serve(req)
			checkScenario(t, sc, r)
		})
	}
}

// checkScenario checks one answer against its scenario.
func checkScenario(t *testing.T, sc scenario, r resp) {
	t.Helper()
	switch {
	case len(sc.oneOf) > 0:
		if !slices.Contains(sc.oneOf, r.Status) {
			t.Fatalf("%s %s: status %d, want one of %v: %.300s", sc.method, sc.path, r.Status, sc.oneOf, r.Raw)
		}
	case sc.status == statusAny:
	case r.Status != sc.status:
		t.Fatalf("%s %s: status %d, want %d: %s", sc.method, sc.path, r.Status, sc.status, r.Raw)
	}
	for _, s := range sc.contains {
		if !strings.Contains(r.Raw, s) {
			t.Errorf("%s %s: answer lacks %q: %s", sc.method, sc.path, s, r.Raw)
		}
	}
	for _, s := range sc.absent {
		if strings.Contains(r.Raw, s) {
			t.Errorf("%s %s: answer holds %q: %s", sc.method, sc.path, s, r.Raw)
		}
	}
	for k, want := range sc.fields {
		if got := r.Body[k]; !jsonEqual(got, want) {
			t.Errorf("%s %s: %s is %v, want %v", sc.method, sc.path, k, got, want)
		}
	}
	if sc.message != "" && r.message() != sc.message {
		t.Errorf("%s %s: message %q, want %q", sc.method, sc.path, r.message(), sc.message)
	}
	for _, f := range sc.errorFields {
		if msg, _ := r.fieldErrors()[f].(string); msg == "" {
			t.Errorf("%s %s: no error for %s: %s", sc.method, sc.path, f, r.Raw)
		}
	}
	if sc.onlyErrors && len(sc.errorFields) > 0 && len(r.fieldErrors()) != len(sc.errorFields) {
		t.Errorf("%s %s: field errors %v, want exactly %v", sc.method, sc.path, r.fieldErrors(), sc.errorFields)
	}
	if sc.after != nil {
		sc.after(t, r)
	}
}

// jsonEqual compares a decoded JSON value with a Go value as JSON.
func jsonEqual(got, want any) bool {
	a, err1 := json.Marshal(got)
	b, err2 := json.Marshal(want)
	return err1 == nil && err2 == nil && bytes.Equal(a, b)
}
