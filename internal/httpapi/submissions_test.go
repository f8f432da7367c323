package httpapi

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

var formsLinkRE = regexp.MustCompile(`/Reg\?token=([A-Za-z0-9_-]{43})`)

// linkToken delivers the outbox and returns the token of the newest
// confirmation link sent to addr (the stored mail holds none).
func (e *env) linkToken(addr string) string {
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

// runFormCases posts valid-with-one-change payloads, as a scenario table,
// and checks that every refused one saved and mailed nothing and every
// accepted one saved one row.
func runFormCases(t *testing.T, e *env, path, table string, valid func() map[string]any, cases []formsCase) {
	t.Helper()
	scenarios := make([]scenario, 0, len(cases))
	for _, c := range cases {
		p := valid()
		if c.change != nil {
			c.change(p)
		}
		var beforeRows, beforeMail int
		sc := scenario{name: c.name, method: "POST", path: path, body: p, status: c.status,
			before: func(t *testing.T) {
				// A day apart, so the per-client and per-recipient mail
				// limits (checked in their own tests) never decide a case
				// here.
				e.clock = e.clock.Add(25 * time.Hour)
				beforeRows, beforeMail = e.count(table), e.count("outbox")
			},
			after: func(t *testing.T, r resp) {
				if r.Status >= 400 {
					if e.count(table) != beforeRows || e.count("outbox") != beforeMail {
						t.Fatalf("a refused %s was saved or mailed", table)
					}
				} else if e.count(table) != beforeRows+1 {
					t.Fatalf("accepted but not saved")
				}
			}}
		if c.field != "" {
			sc.errorFields = []string{c.field}
		}
		scenarios = append(scenarios, sc)
	}
	runScenarios(t, e, scenarios)
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
		e := newEnv(t, st)
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
