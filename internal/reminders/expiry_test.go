package reminders_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"spdc/internal/outbox/outboxtest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"spdc/internal/auth"
	"spdc/internal/config"
	"spdc/internal/httpapi"
	"spdc/internal/mail"
	"spdc/internal/reminders"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

const (
	tpEmail    = "tp@temple.example"
	replyEmail = "office@spdc.example.org"
)

var day0 = time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)

// expiryEnv is one site on a store with a clock the test moves: the HTTP
// API for registering, answering and resending, and a sweeper.
type expiryEnv struct {
	t        *testing.T
	st       *store.Store
	h        http.Handler
	renderer *mail.Renderer
	clock    time.Time
	notified atomic.Int32
	errs     *errorLog
	sw       *reminders.Sweeper
	mb       *outboxtest.Mailbox
}

func newExpiryEnv(t *testing.T, st *store.Store) *expiryEnv {
	t.Helper()
	e := &expiryEnv{t: t, st: st, clock: day0, errs: &errorLog{}}
	st.SetClock(e.now)
	e.mb = outboxtest.New(t, st, e.now)
	cfg, err := config.Load("test", nil, func(string) string { return "" }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	e.renderer = mail.NewRenderer(mail.Site{Name: "SPDC", PublicURL: "http://test.local"})
	e.h = httpapi.NewServer(httpapi.Deps{Store: st, Config: cfg, Mail: e.renderer, Now: e.now})
	e.sw = e.sweeper(st)
	return e
}

func (e *expiryEnv) now() time.Time { return e.clock }

// sweeper is a sweeper on st (another instance's store, in the race test)
// sharing this env's clock, wake-up counter and error log.
func (e *expiryEnv) sweeper(st *store.Store) *reminders.Sweeper {
	return &reminders.Sweeper{Store: st, Mail: e.renderer, Now: e.now, ReplyTo: replyEmail,
		Log: slog.New(e.errs), Notify: func() { e.notified.Add(1) }}
}

func (e *expiryEnv) call(method, path, token string, body any) (int, string) {
	e.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, path, rd)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	return rec.Code, rec.Body.String()
}

// account makes a user (an admin when admin) and returns a session token
// that outlives every clock the tests use.
func (e *expiryEnv) account(email string, admin bool) string {
	e.t.Helper()
	ctx := context.Background()
	u := &store.User{FullName: "Account " + email, Email: email, PasswordHash: "x"}
	if err := e.st.CreateUser(ctx, u); err != nil {
		e.t.Fatal(err)
	}
	if admin {
		if err := e.st.PromoteUser(ctx, email); err != nil {
			e.t.Fatal(err)
		}
	}
	tok := auth.NewToken()
	if err := e.st.CreateSession(ctx, auth.HashToken(tok), u.ID, day0.Add(5*365*24*time.Hour)); err != nil {
		e.t.Fatal(err)
	}
	return tok
}

// signIn gives the account a new session at the current clock: an admin's
// session ends after 30 idle minutes, so an admin acting days later signs
// in again.
func (e *expiryEnv) signIn(email string) string {
	e.t.Helper()
	ctx := context.Background()
	u, err := e.st.UserByEmail(ctx, email)
	if err != nil {
		e.t.Fatal(err)
	}
	tok := auth.NewToken()
	if err := e.st.CreateSession(ctx, auth.HashToken(tok), u.ID, day0.Add(5*365*24*time.Hour)); err != nil {
		e.t.Fatal(err)
	}
	return tok
}

// register sends a disciple registration (signed in when token is set)
// and returns its id.
func (e *expiryEnv) register(name, email, token string) string {
	e.t.Helper()
	body := map[string]any{"fullName": name, "contactNumber": "+91 98765 43210", "templePresidentEmail": tpEmail,
		"initiationDate": "1970-01-01"}
	if email != "" {
		body["discipleEmail"] = email
	}
	// These tests send one temple president more requests than the
	// site's daily per-recipient limit allows (tested in httpapi): start
	// each registration with the limits cleared.
	if err := e.st.PruneThrottle(context.Background(), time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)); err != nil {
		e.t.Fatal(err)
	}
	if code, raw := e.call("POST", "/api/disciples/register", token, body); code != http.StatusCreated {
		e.t.Fatalf("register %s: %d %s", name, code, raw)
	}
	var id string
	if err := e.st.Reader().QueryRowContext(context.Background(), `SELECT id FROM disciples WHERE full_name = ?`, name).Scan(&id); err != nil {
		e.t.Fatal(err)
	}
	return id
}

// link delivers the outbox and returns the newest confirmation link
// token sent for name.
func (e *expiryEnv) link(name string) string {
	e.t.Helper()
	ms := e.mb.To(tpEmail)
	for i := len(ms) - 1; i >= 0; i-- {
		if m := linkRE.FindStringSubmatch(ms[i].Text); m != nil && strings.Contains(ms[i].Text, name) {
			return m[1]
		}
	}
	e.t.Fatalf("no link mailed for %s", name)
	return ""
}

func (e *expiryEnv) sweep() reminders.Result {
	e.t.Helper()
	res, err := e.sw.RunOnce(context.Background())
	if err != nil {
		e.t.Fatal(err)
	}
	e.errs.check(e.t)
	return res
}

// notice is one queued expiry notice.
type notice struct{ To, ReplyTo, Subject, Text, HTML string }

func (e *expiryEnv) notices() []notice {
	e.t.Helper()
	rows, err := e.st.Reader().QueryContext(context.Background(),
		`SELECT to_addr, reply_to, subject, text_body, html_body FROM outbox WHERE kind = ? ORDER BY created_at, id`, mail.KindDiscipleExpired)
	if err != nil {
		e.t.Fatal(err)
	}
	defer rows.Close()
	var out []notice
	for rows.Next() {
		var n notice
		if err := rows.Scan(&n.To, &n.ReplyTo, &n.Subject, &n.Text, &n.HTML); err != nil {
			e.t.Fatal(err)
		}
		out = append(out, n)
	}
	if err := rows.Err(); err != nil {
		e.t.Fatal(err)
	}
	return out
}

// recipients counts the expiry notices per address.
func (e *expiryEnv) recipients() map[string]int {
	out := map[string]int{}
	for _, n := range e.notices() {
		out[n.To]++
	}
	return out
}

func (e *expiryEnv) disciple(id string) *store.Disciple {
	e.t.Helper()
	d, err := store.DiscipleByID(context.Background(), e.st.Reader(), id)
	if err != nil {
		e.t.Fatal(err)
	}
	return d
}

// myStatus is the status My Account shows for the user's only disciple
// registration.
func (e *expiryEnv) myStatus(token string) string {
	e.t.Helper()
	code, raw := e.call("GET", "/api/users/me/submissions", token, nil)
	if code != http.StatusOK {
		e.t.Fatalf("my submissions: %d %s", code, raw)
	}
	var subs []struct{ Type, Status string }
	if err := json.Unmarshal([]byte(raw), &subs); err != nil {
		e.t.Fatal(err)
	}
	for _, s := range subs {
		if s.Type == "disciple" {
			return s.Status
		}
	}
	e.t.Fatalf("no disciple submission in %s", raw)
	return ""
}

// errorLog is a slog handler that keeps error records, so a test notices a
// sweep that logged a failure and carried on.
type errorLog struct {
	mu   sync.Mutex
	msgs []string
}

func (l *errorLog) Enabled(_ context.Context, lv slog.Level) bool { return lv >= slog.LevelError }
func (l *errorLog) Handle(_ context.Context, r slog.Record) error {
	var b strings.Builder
	b.WriteString(r.Message)
	r.Attrs(func(a slog.Attr) bool { fmt.Fprintf(&b, " %s=%v", a.Key, a.Value); return true })
	l.mu.Lock()
	l.msgs = append(l.msgs, b.String())
	l.mu.Unlock()
	return nil
}
func (l *errorLog) WithAttrs([]slog.Attr) slog.Handler { return l }
func (l *errorLog) WithGroup(string) slog.Handler      { return l }
func (l *errorLog) check(t *testing.T) {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.msgs) > 0 {
		t.Fatalf("sweep logged errors: %v", l.msgs)
	}
}

// TestExpiryNotice: after 30 days without an answer the applicant is told
// exactly once, at their own address or their account's; a registration
// with no address expires without mail; a confirmed or declined one is
// never told; My Account shows "expired".
func TestExpiryNotice(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newExpiryEnv(t, st)
		carol := e.account("carol@example.org", false)

		anand := e.register("Anand Applicant", "anand@example.org", "")
		noMail := e.register("Bhakti Without Email", "", "")
		byAccount := e.register("Chaitanya By Account", "", carol)
		e.register("Damodar Confirmed", "damodar@example.org", "")
		e.register("Ekanath Declined", "ekanath@example.org", "")

		e.clock = day0.Add(3 * 24 * time.Hour)
		if code, raw := e.call("POST", "/api/approval/approve", "", map[string]any{"token": e.link("Damodar Confirmed"),
			"referrerName": "Temple President", "referrerPosition": "President", "referrerContact": "+91 98765 40000",
			"referrerEmail": "president@temple.example"}); code != http.StatusOK {
			t.Fatalf("approve: %d %s", code, raw)
		}
		if code, raw := e.call("POST", "/api/approval/decline", "", map[string]any{"token": e.link("Ekanath Declined"),
			"reason": "I have not met him."}); code != http.StatusOK {
			t.Fatalf("decline: %d %s", code, raw)
		}

		// A minute before day 30 nothing expires (the reminders go out).
		e.clock = day0.Add(store.DiscipleTokenTTL - time.Minute)
		if res := e.sweep(); res.Expired != 0 || res.Notified != 0 || res.Reminded != 3 {
			t.Fatalf("before day 30: %+v", res)
		}
		if n := len(e.notices()); n != 0 {
			t.Fatalf("%d notices before expiry", n)
		}
		if got := e.myStatus(carol); got != "awaiting confirmation" {
			t.Fatalf("My Account before expiry: %q", got)
		}

		woken := e.notified.Load()
		e.clock = day0.Add(store.DiscipleTokenTTL)
		if res := e.sweep(); res.Expired != 3 || res.Notified != 2 || res.Reminded != 0 {
			t.Fatalf("day 30: %+v", res)
		}
		if e.notified.Load() == woken {
			t.Fatal("the outbox worker was not woken for the notices")
		}
		got := e.recipients()
		if len(got) != 2 || got["anand@example.org"] != 1 || got["carol@example.org"] != 1 {
			t.Fatalf("notices went to %v", got)
		}
		for _, n := range e.notices() {
			name := "Anand Applicant"
			if n.To == "carol@example.org" {
				name = "Chaitanya By Account"
			}
			if n.ReplyTo != replyEmail {
				t.Errorf("notice to %s: reply-to %q", n.To, n.ReplyTo)
			}
			// The address the applicant typed is shown inert (no mail
			// program makes it a link).
			for _, want := range []string{name, mail.Inert(tpEmail), "30 days", "http://test.local/contactus", "reply to this email"} {
				if !strings.Contains(n.Text, want) || !strings.Contains(n.HTML, want) {
					t.Errorf("notice to %s lacks %q:\n%s", n.To, want, n.Text)
				}
			}
		}
		for id, want := range map[string]bool{anand: true, byAccount: true, noMail: false} {
			d := e.disciple(id)
			if d.Status != store.DiscipleExpired || (d.ExpiryNotifiedAt != nil) != want {
				t.Errorf("%s: status %s, notified at %v", d.FullName, d.Status, d.ExpiryNotifiedAt)
			}
		}
		if got := e.myStatus(carol); got != "expired" {
			t.Fatalf("My Account after expiry: %q", got)
		}

		// Later sweeps change nothing and send nothing more; the confirmed
		// and declined registrations are never told.
		for _, later := range []time.Duration{time.Minute, 90 * 24 * time.Hour} {
			e.clock = day0.Add(store.DiscipleTokenTTL + later)
			if res := e.sweep(); res != (reminders.Result{}) {
				t.Fatalf("sweep %v after expiry: %+v", later, res)
			}
		}
		if got := e.recipients(); len(got) != 2 || got["damodar@example.org"] != 0 || got["ekanath@example.org"] != 0 {
			t.Fatalf("notices after later sweeps: %v", got)
		}
	})
}

// TestExpiryNoticeAfterResend: an admin's resend of an expired request
// starts it over, so when the fresh link runs out too the applicant is
// told again, once.
func TestExpiryNoticeAfterResend(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newExpiryEnv(t, st)
		e.account("admin@spdc.example.org", true)
		gita := e.account("gita@example.org", false)
		id := e.register("Gaura Applicant", "gaura@example.org", gita)

		e.clock = day0.Add(store.DiscipleTokenTTL + time.Hour)
		if res := e.sweep(); res.Expired != 1 || res.Notified != 1 {
			t.Fatalf("first expiry: %+v", res)
		}

		resentAt := e.clock.Add(2 * 24 * time.Hour)
		e.clock = resentAt
		admin := e.signIn("admin@spdc.example.org")
		if code, raw := e.call("POST", "/api/admin/pending-disciples/"+id+"/resend", admin, nil); code != http.StatusOK {
			t.Fatalf("resend: %d %s", code, raw)
		}
		if d := e.disciple(id); d.Status != store.DisciplePending || d.ExpiryNotifiedAt != nil {
			t.Fatalf("after resend: status %s, notified at %v", d.Status, d.ExpiryNotifiedAt)
		}
		if got := e.myStatus(gita); got != "awaiting confirmation" {
			t.Fatalf("My Account after resend: %q", got)
		}
		if code, _ := e.call("GET", "/api/approval/"+e.link("Gaura Applicant"), "", nil); code != http.StatusOK {
			t.Fatalf("fresh link: %d", code)
		}

		e.clock = resentAt.Add(store.DiscipleTokenTTL - time.Minute)
		if res := e.sweep(); res.Expired != 0 || res.Notified != 0 {
			t.Fatalf("before the fresh link runs out: %+v", res)
		}
		e.clock = resentAt.Add(store.DiscipleTokenTTL)
		if res := e.sweep(); res.Expired != 1 || res.Notified != 1 {
			t.Fatalf("second expiry: %+v", res)
		}
		if res := e.sweep(); res != (reminders.Result{}) {
			t.Fatalf("sweep after second expiry: %+v", res)
		}
		if got := e.recipients(); len(got) != 1 || got["gaura@example.org"] != 2 {
			t.Fatalf("notices: %v", got)
		}
		if got := e.myStatus(gita); got != "expired" {
			t.Fatalf("My Account after second expiry: %q", got)
		}
	})
}

// TestExpiryNoticeConcurrentSweeps runs four sweepers at once, two on each
// of two stores opened on the same database (two server instances): every
// request expires once and its applicant gets exactly one notice.
func TestExpiryNoticeConcurrentSweeps(t *testing.T) {
	for _, b := range storetest.Backends(t) {
		t.Run(b.Name, func(t *testing.T) {
			st1, st2 := storetest.OpenURL(t, b.URL), storetest.OpenURL(t, b.URL)
			e := newExpiryEnv(t, st1)
			st2.SetClock(e.now)
			sweepers := []*reminders.Sweeper{e.sweeper(st1), e.sweeper(st2), e.sweeper(st1), e.sweeper(st2)}
			const rounds, perRound = 3, 8
			for round := range rounds {
				start := e.clock
				for i := range perRound {
					e.register(fmt.Sprintf("Applicant %d-%d", round, i), fmt.Sprintf("applicant%d-%d@example.org", round, i), "")
				}
				e.clock = start.Add(store.DiscipleTokenTTL)
				var expired, notified atomic.Int32
				var wg sync.WaitGroup
				ready := make(chan struct{})
				for _, sw := range sweepers {
					wg.Add(1)
					go func() {
						defer wg.Done()
						<-ready
						res, err := sw.RunOnce(context.Background())
						if err != nil {
							t.Error(err)
						}
						expired.Add(int32(res.Expired))
						notified.Add(int32(res.Notified))
					}()
				}
				close(ready)
				wg.Wait()
				e.errs.check(t)
				if expired.Load() != perRound || notified.Load() != perRound {
					t.Fatalf("round %d: expired %d, notified %d, want %d each", round, expired.Load(), notified.Load(), perRound)
				}
				got := e.recipients()
				if len(got) != (round+1)*perRound {
					t.Fatalf("round %d: notices to %d addresses: %v", round, len(got), got)
				}
				for addr, n := range got {
					if n != 1 {
						t.Fatalf("round %d: %s got %d notices", round, addr, n)
					}
				}
				e.clock = e.clock.Add(time.Hour)
			}
		})
	}
}
