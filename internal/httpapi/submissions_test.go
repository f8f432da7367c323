package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"spdc/internal/outbox/outboxtest"
	"strings"
	"testing"
	"time"

	"spdc/internal/config"
	"spdc/internal/mail"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// formsEnv is a server over a real database with a clock the test moves.
type formsEnv struct {
	t     *testing.T
	st    *store.Store
	h     http.Handler
	clock time.Time
	ip    string
	mb    *outboxtest.Mailbox // what the outbox sent
	// bodies keeps every answer, so tests can check that no secret ever
	// appeared in one.
	bodies []string
	// registered counts the accounts made through the API, for their
	// distinct mobile numbers.
	registered int
}

func newFormsEnv(t *testing.T, st *store.Store, adminNotify string) *formsEnv {
	t.Helper()
	cfg, err := config.Load("test", nil, func(string) string { return "" }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	cfg.AdminNotify = adminNotify
	e := &formsEnv{t: t, st: st, clock: time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC), ip: "192.0.2.10"}
	st.SetClock(func() time.Time { return e.clock })
	e.mb = outboxtest.New(t, st, func() time.Time { return e.clock })
	e.h = NewServer(Deps{Store: st, Config: cfg, Now: func() time.Time { return e.clock },
		Mail: mail.NewRenderer(mail.Site{Name: "SPDC", PublicURL: "http://test.local"})})
	return e
}

type formsResp struct {
	Status int
	Body   map[string]any
	Raw    string
	Header http.Header
}

func (r formsResp) message() string { s, _ := r.Body["message"].(string); return s }

func (r formsResp) fieldErrors() map[string]any { m, _ := r.Body["errors"].(map[string]any); return m }

// call sends body (any JSON value, or a raw string) with an optional
// bearer token.
func (e *formsEnv) call(method, path string, body any, token string) formsResp {
	e.t.Helper()
	return e.callWith(method, path, body, token, nil)
}

// callWith is call with extra request headers (Accept-Language, Cookie).
func (e *formsEnv) callWith(method, path string, body any, token string, hdr map[string]string) formsResp {
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
	req.RemoteAddr = e.ip + ":4000"
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	out := formsResp{Status: rec.Code, Raw: rec.Body.String(), Header: rec.Header()}
	var anyBody any
	_ = json.Unmarshal(rec.Body.Bytes(), &anyBody)
	out.Body, _ = anyBody.(map[string]any)
	e.bodies = append(e.bodies, out.Raw)
	return out
}

// user creates an account with a session through the store (on the
// test's clock) and returns the bearer token and the user's id.
func (e *formsEnv) user(email string, admin bool) (token, id string) {
	e.t.Helper()
	id, token = adminSeedUser(e.t, e.st, "User "+email, email, admin)
	return token, id
}

type formsMail struct{ Kind, To, Subject, Text, HTML string }

// mails lists the outbox messages to an address, oldest first.
func (e *formsEnv) mails(to string) []formsMail {
	e.t.Helper()
	rows, err := e.st.Reader().QueryContext(context.Background(),
		`SELECT kind, to_addr, subject, text_body, html_body FROM outbox WHERE to_addr = ? ORDER BY created_at, id`, to)
	if err != nil {
		e.t.Fatal(err)
	}
	defer rows.Close()
	var out []formsMail
	for rows.Next() {
		var m formsMail
		if err := rows.Scan(&m.Kind, &m.To, &m.Subject, &m.Text, &m.HTML); err != nil {
			e.t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

func (e *formsEnv) count(table string) int {
	e.t.Helper()
	var n int
	if err := e.st.Reader().QueryRowContext(context.Background(), "SELECT COUNT(*) FROM "+table).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

var formsLinkRE = regexp.MustCompile(`/Reg\?token=([A-Za-z0-9_-]{43})`)

// linkToken delivers the outbox and returns the token of the newest
// confirmation link sent to addr (the stored mail holds none).
func (e *formsEnv) linkToken(addr string) string {
	e.t.Helper()
	ms := e.mb.To(addr)
	for i := len(ms) - 1; i >= 0; i-- {
		if m := formsLinkRE.FindStringSubmatch(ms[i].Text); m != nil {
			return m[1]
		}
	}
	e.t.Fatalf("no confirmation link mailed to %s", addr)
	return ""
}

// formsCase is one row of a form endpoint's scenario table: a change to a
// valid payload and what the server must answer.
type formsCase struct {
	name   string
	change func(p map[string]any)
	status int
	field  string // a field that must carry an error ("" for none)
}

// runFormCases posts valid-with-one-change payloads and checks that every
// refused one saved and mailed nothing.
func runFormCases(t *testing.T, e *formsEnv, path, table string, valid func() map[string]any, cases []formsCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// A day apart, so the per-client and per-recipient mail limits
			// (checked in their own tests) never decide a case here.
			e.clock = e.clock.Add(25 * time.Hour)
			beforeRows, beforeMail := e.count(table), e.count("outbox")
			p := valid()
			if c.change != nil {
				c.change(p)
			}
			r := e.call("POST", path, p, "")
			if r.Status != c.status {
				t.Fatalf("status %d, want %d: %s", r.Status, c.status, r.Raw)
			}
			if c.field != "" {
				if _, ok := r.fieldErrors()[c.field]; !ok {
					t.Fatalf("no error for %s: %s", c.field, r.Raw)
				}
			}
			if r.Status >= 400 {
				if e.count(table) != beforeRows || e.count("outbox") != beforeMail {
					t.Fatalf("a refused %s was saved or mailed", table)
				}
			} else if e.count(table) != beforeRows+1 {
				t.Fatalf("accepted but not saved")
			}
		})
	}
}

// hostileCases are the bad inputs every text field must survive.
func hostileCases(field string, max int) []formsCase {
	set := func(v any) func(map[string]any) { return func(p map[string]any) { p[field] = v } }
	return []formsCase{
		{field + " wrong type", set(42), 400, field},
		{field + " too long", set(strings.Repeat("a", max+1)), 400, field},
		{field + " control character", set("abc\x00def"), 400, field},
		{field + " bidi override", set("abc\u202Edef"), 400, field},
	}
}

func TestMySubmissions(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newFormsEnv(t, st, "")
		token, _ := e.user("asha@example.org", false)
		other, _ := e.user("other@example.org", false)

		if r := e.call("GET", "/api/users/me/submissions", nil, ""); r.Status != 401 {
			t.Fatalf("anonymous: %d", r.Status)
		}
		if r := e.call("GET", "/api/users/me/submissions", nil, token); r.Status != 200 || strings.TrimSpace(r.Raw) != "[]" {
			t.Fatalf("empty list: %d %s", r.Status, r.Raw)
		}
		vol := validVolunteer()
		if r := e.call("POST", "/api/volunteers/register", vol, token); r.Status != 201 {
			t.Fatalf("volunteer: %s", r.Raw)
		}
		e.clock = e.clock.Add(time.Minute)
		if r := e.call("POST", "/api/hosts/register", validHost(), token); r.Status != 201 {
			t.Fatalf("host: %s", r.Raw)
		}
		e.clock = e.clock.Add(time.Minute)
		if r := e.call("POST", "/api/disciples/register", validDisciple(), token); r.Status != 201 {
			t.Fatalf("disciple: %s", r.Raw)
		}
		// Someone else's and a visitor's submissions are not listed.
		e.call("POST", "/api/volunteers/register", validVolunteer(), other)
		e.call("POST", "/api/volunteers/register", validVolunteer(), "")

		list := func() []map[string]any {
			r := e.call("GET", "/api/users/me/submissions", nil, token)
			var out []map[string]any
			if err := json.Unmarshal([]byte(r.Raw), &out); err != nil {
				t.Fatal(err)
			}
			return out
		}
		got := list()
		if len(got) != 3 {
			t.Fatalf("want 3 submissions, got %v", got)
		}
		want := [][2]string{{"disciple", "awaiting confirmation"}, {"host", "received"}, {"volunteer", "received"}}
		for i, w := range want {
			if got[i]["type"] != w[0] || got[i]["status"] != w[1] {
				t.Fatalf("row %d: %v, want %v", i, got[i], w)
			}
			for _, k := range []string{"_id", "name", "createdAt", "updatedAt"} {
				if _, ok := got[i][k]; !ok {
					t.Fatalf("row %d lacks %s", i, k)
				}
			}
		}
		// Confirmed by the temple president, who is in the directory.
		e.referrer("president@temple.example", "")
		tok := e.linkToken("president@temple.example")
		if r := e.call("POST", "/api/approval/approve", validApproval(tok), ""); r.Status != 200 {
			t.Fatalf("approve: %s", r.Raw)
		}
		if got := list(); got[0]["status"] != "confirmed" {
			t.Fatalf("after approval: %v", got[0])
		}
	})
}
