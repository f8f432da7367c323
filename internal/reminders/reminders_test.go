package reminders_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"spdc/internal/outbox/outboxtest"
	"testing"
	"time"

	"spdc/internal/config"
	"spdc/internal/httpapi"
	"spdc/internal/mail"
	"spdc/internal/reminders"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

var linkRE = regexp.MustCompile(`/Reg\?token=([A-Za-z0-9_-]{43})`)

// TestReminderAndExpiry moves a clock through a registration's life: no
// reminder before 7 days, exactly one after (with a working link of its
// own, the first link still working), and expiry after 30 days.
func TestReminderAndExpiry(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		clock := time.Date(2025, 1, 10, 8, 0, 0, 0, time.UTC)
		now := func() time.Time { return clock }
		st.SetClock(now)
		cfg, err := config.Load("test", nil, func(string) string { return "" }, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		renderer := mail.NewRenderer(mail.Site{Name: "SPDC", PublicURL: "http://test.local"})
		h := httpapi.NewServer(httpapi.Deps{Store: st, Config: cfg, Mail: renderer, Now: now})
		notified := 0
		sw := &reminders.Sweeper{Store: st, Mail: renderer, Now: now, Notify: func() { notified++ }}
		mb := outboxtest.New(t, st, now)

		call := func(method, path string, body any) int {
			var rd io.Reader
			if body != nil {
				b, _ := json.Marshal(body)
				rd = bytes.NewReader(b)
			}
			req := httptest.NewRequest(method, path, rd)
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			return rec.Code
		}
		register := func(name string) {
			t.Helper()
			if code := call("POST", "/api/disciples/register", map[string]any{"fullName": name, "contactNumber": "+91 98765 43210",
				"templePresidentEmail": "tp@temple.example", "initiationDate": "1970-01-01"}); code != http.StatusCreated {
				t.Fatalf("register %s: %d", name, code)
			}
			mb.Deliver()
		}
		// Mails queued at the same instant come back request before
		// reminder (by kind), whatever the id order of the index.
		// The links as the outbox sent them, in the order it sent them.
		tokens := func() []string {
			var out []string
			for _, m := range mb.To("tp@temple.example") {
				if l := linkRE.FindStringSubmatch(m.Text); l != nil {
					out = append(out, l[1])
				}
			}
			return out
		}
		statusOf := func(name string) string {
			var s string
			_ = st.Reader().QueryRowContext(ctx, `SELECT status FROM disciples WHERE full_name = ?`, name).Scan(&s)
			return s
		}
		sweep := func() reminders.Result {
			t.Helper()
			res, err := sw.RunOnce(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return res
		}

		register("First Applicant")
		if res := sweep(); res != (reminders.Result{}) {
			t.Fatalf("fresh request swept: %+v", res)
		}
		clock = clock.Add(7*24*time.Hour - time.Minute)
		if res := sweep(); res.Reminded != 0 {
			t.Fatal("reminded before 7 days")
		}
		clock = clock.Add(2 * time.Minute)
		register("Second Applicant") // too new for a reminder
		if res := sweep(); res.Reminded != 1 || notified != 1 {
			t.Fatalf("after 7 days: %+v, notified %d", res, notified)
		}
		if res := sweep(); res.Reminded != 0 {
			t.Fatal("a second reminder")
		}
		toks := tokens()
		if len(toks) != 3 {
			t.Fatalf("want request, request, reminder mails; got %d", len(toks))
		}
		var kind string
		_ = st.Reader().QueryRowContext(ctx, `SELECT kind FROM outbox ORDER BY created_at DESC LIMIT 1`).Scan(&kind)
		if kind == "" {
			t.Fatal("reminder mail has no kind")
		}
		// Both the first link and the reminder's link work.
		for _, tok := range []string{toks[0], toks[2]} {
			if code := call("GET", "/api/approval/"+tok, nil); code != 200 {
				t.Fatalf("link after reminder: %d", code)
			}
		}

		// Day 30: the first registration expires, the second does not yet.
		clock = time.Date(2025, 1, 10, 8, 0, 0, 0, time.UTC).Add(30 * 24 * time.Hour)
		// The same sweep reminds the second, whose day 7 has passed.
		if res := sweep(); res.Expired != 1 || res.Reminded != 1 {
			t.Fatalf("expiry: %+v", res)
		}
		if statusOf("First Applicant") != "expired" || statusOf("Second Applicant") != "pending" {
			t.Fatalf("statuses: %s %s", statusOf("First Applicant"), statusOf("Second Applicant"))
		}
		if code := call("POST", "/api/approval/approve", map[string]any{"token": toks[2], "referrerName": "A", "referrerPosition": "B",
			"referrerContact": "+91 98765 40000", "referrerEmail": "a@b.example"}); code != http.StatusGone {
			t.Fatalf("approve expired: %d", code)
		}
		if res := sweep(); res.Expired != 0 || res.Reminded != 0 {
			t.Fatalf("second sweep at day 30: %+v", res)
		}
		// The second expires on its own day 30.
		clock = clock.Add(7*24*time.Hour + time.Minute)
		if res := sweep(); res.Expired != 1 {
			t.Fatalf("second expiry: %+v", res)
		}
		if statusOf("Second Applicant") != "expired" {
			t.Fatal("second not expired")
		}
	})
}

// TestRunStopsWithContext checks that Run sweeps at once, and that once
// its context ends it returns promptly and sweeps no more.
func TestRunStopsWithContext(t *testing.T) {
	st := storetest.OpenURL(t, storetest.Backends(t)[0].URL)
	sweeps := make(chan struct{}, 100)
	sw := &reminders.Sweeper{Store: st, Mail: mail.NewRenderer(mail.Site{Name: "SPDC", PublicURL: "http://x"}),
		Now: func() time.Time { sweeps <- struct{}{}; return time.Now() }}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { sw.Run(ctx, 10*time.Millisecond); close(done) }()
	select {
	case <-sweeps:
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not sweep at start")
	}
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return after its context ended")
	}
	for len(sweeps) > 0 {
		<-sweeps
	}
	time.Sleep(50 * time.Millisecond)
	if n := len(sweeps); n != 0 {
		t.Fatalf("%d sweeps after Run returned", n)
	}
}
