package outbox

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"spdc/internal/entity"
	spdcmail "spdc/internal/mail"
	"spdc/internal/mail/mailtest"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

const from = "SPDC <no-reply@spdc.example.org>"

// clock is a movable test clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func smtpSender(t testing.TB, srv *mailtest.Server) *spdcmail.SMTPSender {
	t.Helper()
	s, err := spdcmail.NewSMTPSender(spdcmail.SMTPConfig{URL: "smtp://" + srv.Addr() + "?tls=none", From: from, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func msg(i int) spdcmail.Message {
	return spdcmail.Message{Kind: "test", To: fmt.Sprintf("user%d@example.org", i), Subject: fmt.Sprintf("message %d", i), Text: "hello", HTML: "<p>hello</p>"}
}

func enqueue(t testing.TB, st *store.Store, now time.Time, ms ...spdcmail.Message) {
	t.Helper()
	err := st.InTx(context.Background(), func(tx *store.Tx) error {
		for _, m := range ms {
			if err := Enqueue(context.Background(), tx, now, m); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// listed is the outbox as the mail tab lists it (newest first unless
// sorted), each message read back by Get, and how many match.
func listed(st *store.Store, q store.AdminQuery) ([]Row, int, error) {
	ctx := context.Background()
	tab := store.AdminTabByName("mail")
	total, err := st.AdminCount(ctx, tab, q)
	if err != nil {
		return nil, 0, err
	}
	var rows []Row
	err = st.AdminList(ctx, tab, q, func(r *store.Record) error {
		row, err := Get(ctx, st.Reader(), r.ID())
		rows = append(rows, row)
		return err
	})
	return rows, total, err
}

func only(t *testing.T, st *store.Store) Row {
	t.Helper()
	rows, _, err := listed(st, store.AdminQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 {
		t.Fatalf("%d rows, want 1", len(rows))
	}
	return rows[0]
}

func noJitter() float64 { return 1 }

func TestEnqueueIsTransactional(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		boom := errors.New("boom")
		err := st.InTx(ctx, func(tx *store.Tx) error {
			if err := Enqueue(ctx, tx, time.Now(), msg(1)); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatal(err)
		}
		for _, bad := range []spdcmail.Message{
			{To: "not an address", Subject: "s", Text: "t"},
			{To: "a@example.org", Subject: "s\r\nBcc: b@example.org", Text: "t"},
			{To: "a@example.org", Subject: "s"},
		} {
			if err := Enqueue(ctx, st.Writer(), time.Now(), bad); err == nil {
				t.Errorf("%+v enqueued", bad)
			}
		}
		rows, total, err := listed(st, store.AdminQuery{})
		if err != nil || total != 0 || len(rows) != 0 {
			t.Fatalf("rows %v total %d err %v, want none", rows, total, err)
		}
	})
}

func TestDeliversThroughSMTP(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		srv := mailtest.Start(t, mailtest.Options{})
		clk := newClock()
		w := NewWorker(st, smtpSender(t, srv), Options{Now: clk.Now})
		enqueue(t, st, clk.Now(), msg(1))
		n, err := w.ProcessOnce(context.Background())
		if err != nil || n != 1 {
			t.Fatalf("ProcessOnce = %d, %v", n, err)
		}
		r := only(t, st)
		if r.Status != StatusSent || r.Attempts != 1 || r.SentAt == nil || !r.SentAt.Equal(clk.Now()) || r.NextAttemptAt != nil || r.LastError != "" {
			t.Errorf("row %+v", r)
		}
		got := srv.Messages()
		if len(got) != 1 || got[0].To[0] != "user1@example.org" {
			t.Fatalf("received %+v", got)
		}
		m, err := mail.ReadMessage(strings.NewReader(string(got[0].Data)))
		if err != nil {
			t.Fatal(err)
		}
		if m.Header.Get("Message-Id") != "<"+r.ID+"@spdc.example.org>" || m.Header.Get("Subject") != "message 1" {
			t.Errorf("headers %v", m.Header)
		}
		if n, _ := w.ProcessOnce(context.Background()); n != 0 {
			t.Errorf("a sent message was claimed again")
		}
	})
}

func TestServerDownRetriedThenDeliveredOnce(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		srv := mailtest.Start(t, mailtest.Options{})
		clk := newClock()
		w := NewWorker(st, smtpSender(t, srv), Options{Now: clk.Now, Jitter: noJitter})
		enqueue(t, st, clk.Now(), msg(1))
		srv.Stop()

		start := clk.Now()
		for i, wait := range []time.Duration{time.Minute, 5 * time.Minute, 30 * time.Minute} {
			if n, err := w.ProcessOnce(ctx); err != nil || n != 1 {
				t.Fatalf("attempt %d: ProcessOnce = %d, %v", i+1, n, err)
			}
			r := only(t, st)
			if r.Status != StatusPending || r.Attempts != i+1 || r.LastError == "" || r.NextAttemptAt == nil || !r.NextAttemptAt.Equal(clk.Now().Add(wait)) {
				t.Fatalf("after attempt %d: %+v", i+1, r)
			}
			if n, _ := w.ProcessOnce(ctx); n != 0 {
				t.Fatal("a message was claimed before it was due")
			}
			clk.Add(wait)
		}
		if clk.Now().Sub(start) != 36*time.Minute {
			t.Fatal("schedule")
		}
		srv.Restart(t)
		if n, err := w.ProcessOnce(ctx); err != nil || n != 1 {
			t.Fatalf("after restart: %d, %v", n, err)
		}
		for i := 0; i < 3; i++ {
			clk.Add(6 * time.Hour)
			_, _ = w.ProcessOnce(ctx)
		}
		if r := only(t, st); r.Status != StatusSent || r.Attempts != 4 {
			t.Errorf("row %+v", r)
		}
		if srv.Count() != 1 {
			t.Errorf("delivered %d times, want exactly once", srv.Count())
		}
	})
}

func TestPermanentFailureKeepsReply(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		srv := mailtest.Start(t, mailtest.Options{})
		srv.FailRcpt(550, "5.1.1 Mailbox unavailable")
		clk := newClock()
		w := NewWorker(st, smtpSender(t, srv), Options{Now: clk.Now})
		enqueue(t, st, clk.Now(), msg(1))
		if _, err := w.ProcessOnce(context.Background()); err != nil {
			t.Fatal(err)
		}
		r := only(t, st)
		if r.Status != StatusFailed || r.Attempts != 1 || !strings.Contains(r.LastError, "550") || !strings.Contains(r.LastError, "Mailbox unavailable") {
			t.Errorf("row %+v", r)
		}
		clk.Add(72 * time.Hour)
		if n, _ := w.ProcessOnce(context.Background()); n != 0 {
			t.Error("a failed message was claimed")
		}
	})
}

func TestBackoffAndGiveUpAfter48Hours(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		clk := newClock()
		down := spdcmail.SenderFunc(func(context.Context, spdcmail.Message) error { return errors.New("dial tcp: connection refused") })
		w := NewWorker(st, down, Options{Now: clk.Now, Jitter: noJitter})
		enqueue(t, st, clk.Now(), msg(1))
		start := clk.Now()
		var waits []time.Duration
		for i := 0; i < 30; i++ {
			if _, err := w.ProcessOnce(ctx); err != nil {
				t.Fatal(err)
			}
			r := only(t, st)
			if r.Status == StatusFailed {
				if !strings.Contains(r.LastError, "gave up after 48h") || !strings.Contains(r.LastError, "connection refused") {
					t.Errorf("last error %q", r.LastError)
				}
				if got := clk.Now().Sub(start); got != 48*time.Hour {
					t.Errorf("failed after %v, want 48h", got)
				}
				want := []time.Duration{time.Minute, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 6 * time.Hour, 6 * time.Hour}
				for i, d := range want {
					if waits[i] != d {
						t.Errorf("wait %d = %v, want %v (all: %v)", i+1, waits[i], d, waits)
					}
				}
				return
			}
			wait := r.NextAttemptAt.Sub(clk.Now())
			waits = append(waits, wait)
			clk.Add(wait)
		}
		t.Fatalf("never gave up; waits %v", waits)
	})
}

func TestJitterSpreadsRetries(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		clk := newClock()
		down := spdcmail.SenderFunc(func(context.Context, spdcmail.Message) error { return errors.New("421 busy") })
		w := NewWorker(st, down, Options{Now: clk.Now})
		var ms []spdcmail.Message
		for i := 0; i < 10; i++ {
			ms = append(ms, msg(i))
		}
		enqueue(t, st, clk.Now(), ms...)
		if _, err := w.ProcessOnce(context.Background()); err != nil {
			t.Fatal(err)
		}
		rows, _, _ := listed(st, store.AdminQuery{})
		seen := map[time.Time]bool{}
		for _, r := range rows {
			d := r.NextAttemptAt.Sub(clk.Now())
			if d < 48*time.Second || d > 72*time.Second {
				t.Errorf("first retry in %v, want 1 min ± 20%%", d)
			}
			seen[*r.NextAttemptAt] = true
		}
		if len(seen) < 2 {
			t.Error("no jitter")
		}
	})
}

func TestClaimOfDeadWorkerIsReclaimedAfterLease(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		srv := mailtest.Start(t, mailtest.Options{})
		clk := newClock()
		dead := NewWorker(st, smtpSender(t, srv), Options{Now: clk.Now, Lease: time.Minute})
		alive := NewWorker(st, smtpSender(t, srv), Options{Now: clk.Now, Lease: time.Minute})
		enqueue(t, st, clk.Now(), msg(1))

		batch, lease, err := dead.claim(ctx, dead.opt.Batch) // ... and the process dies here
		if err != nil || len(batch) != 1 {
			t.Fatalf("claim: %v, %v", batch, err)
		}
		if n, _ := alive.ProcessOnce(ctx); n != 0 {
			t.Fatal("a leased message was claimed by another worker")
		}
		clk.Add(59 * time.Second)
		if n, _ := alive.ProcessOnce(ctx); n != 0 {
			t.Fatal("claimed before the lease expired")
		}
		clk.Add(time.Second)
		if n, err := alive.ProcessOnce(ctx); err != nil || n != 1 {
			t.Fatalf("after the lease: %d, %v", n, err)
		}
		if r := only(t, st); r.Status != StatusSent || r.Attempts != 1 || srv.Count() != 1 {
			t.Errorf("row %+v, delivered %d", r, srv.Count())
		}
		// The dead worker's late outcome does not overwrite the new one.
		if err := dead.record(batch[0], lease, "", errors.New("550 late")); err == nil {
			t.Error("an expired claim recorded an outcome")
		}
		if r := only(t, st); r.Status != StatusSent {
			t.Errorf("row %+v", r)
		}
	})
}

func TestStopLetsInFlightSendFinish(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		started, release := make(chan struct{}), make(chan struct{})
		var sent []string
		var mu sync.Mutex
		sender := spdcmail.SenderFunc(func(ctx context.Context, m spdcmail.Message) error {
			if m.Subject == "message 0" {
				close(started)
				<-release
			}
			mu.Lock()
			sent = append(sent, m.Subject)
			mu.Unlock()
			return ctx.Err()
		})
		w := NewWorker(st, sender, Options{Poll: time.Hour})
		enqueue(t, st, time.Now(), msg(0))
		enqueue(t, st, time.Now().Add(time.Millisecond), msg(1))
		w.Start(context.Background())
		w.Notify()
		<-started
		stopped := make(chan struct{})
		go func() { w.Stop(); close(stopped) }()
		select {
		case <-stopped:
			t.Fatal("Stop returned during a send")
		case <-time.After(100 * time.Millisecond):
		}
		close(release)
		select {
		case <-stopped:
		case <-time.After(10 * time.Second):
			t.Fatal("Stop did not return")
		}
		rows, _, _ := listed(st, store.AdminQuery{})
		status := map[string]string{}
		for _, r := range rows {
			status[r.Subject] = r.Status
		}
		if status["message 0"] != StatusSent || status["message 1"] != StatusPending || len(sent) != 1 {
			t.Errorf("status %v, sent %v", status, sent)
		}
		// The unstarted message was released, not left leased.
		w2 := NewWorker(st, sender, Options{})
		if n, _ := w2.ProcessOnce(context.Background()); n != 1 {
			t.Errorf("released message not claimable: %d", n)
		}
	})
}

func TestNotifyWakesWorker(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		srv := mailtest.Start(t, mailtest.Options{})
		w := NewWorker(st, smtpSender(t, srv), Options{Poll: time.Hour})
		w.Start(context.Background())
		defer w.Stop()
		time.Sleep(50 * time.Millisecond) // the first round finds nothing
		enqueue(t, st, time.Now(), msg(1))
		w.Notify()
		if srv.WaitCount(1, 5*time.Second) != 1 {
			t.Fatal("Notify did not wake the worker")
		}
	})
}

// TestWorkersShareWork runs four workers, each with its own connection
// pool as separate instances would, over 200 queued messages: each is
// delivered exactly once (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite: one
// writer).
func TestWorkersShareWork(t *testing.T) {
	for _, b := range storetest.Backends(t) {
		t.Run(b.Name, func(t *testing.T) {
			srv := mailtest.Start(t, mailtest.Options{})
			first := storetest.OpenURL(t, b.URL)
			var ms []spdcmail.Message
			for i := 0; i < 200; i++ {
				ms = append(ms, msg(i))
			}
			enqueue(t, first, time.Now(), ms...)
			var workers []*Worker
			for i := 0; i < 4; i++ {
				st := first
				if i > 0 {
					st = storetest.OpenURL(t, b.URL)
				}
				w := NewWorker(st, smtpSender(t, srv), Options{Poll: 20 * time.Millisecond, Batch: 5})
				workers = append(workers, w)
			}
			for _, w := range workers {
				w.Start(context.Background())
			}
			srv.WaitCount(200, 60*time.Second)
			time.Sleep(200 * time.Millisecond) // let any duplicate arrive
			for _, w := range workers {
				w.Stop()
			}
			got := srv.Count()
			if got != 200 {
				t.Errorf("%d deliveries, want 200", got)
			}
			seen := map[string]int{}
			for _, r := range srv.Messages() {
				seen[r.To[0]]++
			}
			for to, n := range seen {
				if n != 1 {
					t.Errorf("%s delivered %d times", to, n)
				}
			}
			if len(seen) != 200 {
				t.Errorf("%d distinct recipients", len(seen))
			}
			_, sent, _ := listed(first, store.AdminQuery{Filters: map[string]string{"status": StatusSent}})
			if sent != 200 {
				t.Errorf("%d rows sent", sent)
			}
		})
	}
}

func TestListAndRetry(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		clk := newClock()
		for i := 0; i < 5; i++ {
			enqueue(t, st, clk.Now(), msg(i))
			clk.Add(time.Second)
		}
		fail := spdcmail.SenderFunc(func(_ context.Context, m spdcmail.Message) error {
			if m.Subject == "message 1" {
				return spdcmail.Permanent(errors.New("550 no such user"))
			}
			return nil
		})
		w := NewWorker(st, fail, Options{Now: clk.Now})
		if _, err := w.ProcessOnce(ctx); err != nil {
			t.Fatal(err)
		}
		rows, total, err := listed(st, store.AdminQuery{Page: 2, PageSize: 2})
		if err != nil || total != 5 || len(rows) != 2 || rows[0].Subject != "message 2" || rows[1].Subject != "message 1" {
			t.Fatalf("page 2: %+v total %d err %v", rows, total, err)
		}
		failed, total, _ := listed(st, store.AdminQuery{Filters: map[string]string{"status": StatusFailed}})
		if total != 1 || len(failed) != 1 || failed[0].LastError != "550 no such user" {
			t.Fatalf("failed: %+v", failed)
		}
		id := failed[0].ID

		clk.Add(72 * time.Hour)
		before, after, err := Retry(ctx, st.Writer(), id, clk.Now())
		if err != nil || before.Status != StatusFailed || after.Status != StatusPending || !after.NextAttemptAt.Equal(clk.Now()) {
			t.Fatalf("retry: %+v → %+v, %v", before, after, err)
		}
		if _, _, err := Retry(ctx, st.Writer(), id, clk.Now()); !errors.Is(err, ErrNotFailed) {
			t.Errorf("retry of pending: %v", err)
		}
		if _, _, err := Retry(ctx, st.Writer(), "ffffffffffffffffffffffff", clk.Now()); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("retry of unknown: %v", err)
		}
		// The retry window restarts: a temporary failure 72 h after
		// creation is retried, not given up.
		down := NewWorker(st, spdcmail.SenderFunc(func(context.Context, spdcmail.Message) error { return errors.New("421 later") }), Options{Now: clk.Now})
		if n, _ := down.ProcessOnce(ctx); n != 1 {
			t.Fatal("retried message not claimed")
		}
		r, _ := Get(ctx, st.Reader(), id)
		if r.Status != StatusPending || r.Attempts != 2 {
			t.Errorf("after retry and a temporary failure: %+v", r)
		}
	})
}

// BenchmarkDeliverToSMTPSink measures messages per second from the outbox
// to a loopback SMTP server (go test -bench Deliver ./internal/outbox).
func BenchmarkDeliverToSMTPSink(b *testing.B) {
	for _, be := range storetest.Backends(b) {
		b.Run(be.Name, func(b *testing.B) {
			st := storetest.OpenURL(b, be.URL)
			srv := mailtest.Start(b, mailtest.Options{})
			w := NewWorker(st, smtpSender(b, srv), Options{Batch: 50})
			var ms []spdcmail.Message
			for i := 0; i < b.N; i++ {
				ms = append(ms, msg(i))
			}
			enqueue(b, st, time.Now(), ms...)
			b.ResetTimer()
			start := time.Now()
			for {
				n, err := w.ProcessOnce(context.Background())
				if err != nil {
					b.Fatal(err)
				}
				if n == 0 {
					break
				}
			}
			b.StopTimer()
			if srv.Count() != b.N {
				b.Fatalf("delivered %d of %d", srv.Count(), b.N)
			}
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "msgs/s")
		})
	}
}

// TestHourlyCap: over SPDC_MAIL_PER_HOUR, mail waits in the outbox (none
// is lost) and goes out when the hour has room; the admin gets one alert,
// even over the cap, and the log one warning.
func TestHourlyCap(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		srv := mailtest.Start(t, mailtest.Options{})
		clk := newClock()
		var logs strings.Builder
		log := slog.New(slog.NewTextHandler(&logs, nil))
		r := spdcmail.NewRenderer(spdcmail.Site{Name: "SPDC", PublicURL: "https://spdc.example.org"})
		w := NewWorker(st, smtpSender(t, srv), Options{Now: clk.Now, Log: log, PerHour: 3,
			CapAlert: func() (spdcmail.Message, error) { return r.MailCapAlert("admin@example.org", 3) }})
		ctx := context.Background()
		for i := range 7 {
			enqueue(t, st, clk.Now(), msg(i))
		}
		for range 4 {
			if _, err := w.ProcessOnce(ctx); err != nil {
				t.Fatal(err)
			}
			clk.Add(time.Minute)
		}
		got := srv.Messages()
		if len(got) != 4 || got[3].To[0] != "admin@example.org" {
			t.Fatalf("sent %d messages (want 3 and the alert)", len(got))
		}
		if n := strings.Count(logs.String(), "hourly mail cap is reached"); n != 1 {
			t.Errorf("%d cap warnings, want 1:\n%s", n, logs.String())
		}
		rows, _, err := listed(st, store.AdminQuery{})
		if err != nil {
			t.Fatal(err)
		}
		pending := 0
		for _, row := range rows {
			if row.Status == StatusPending {
				pending++
			}
		}
		if pending != 4 {
			t.Fatalf("%d messages waiting, want 4", pending)
		}
		// An hour later the waiting mail goes out, 3 an hour, with no
		// second alert.
		clk.Add(time.Hour)
		for range 3 {
			if _, err := w.ProcessOnce(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if n := srv.Count(); n != 7 {
			t.Fatalf("%d sent after an hour, want 7", n)
		}
		clk.Add(time.Hour + time.Second)
		if _, err := w.ProcessOnce(ctx); err != nil {
			t.Fatal(err)
		}
		if n := srv.Count(); n != 8 {
			t.Fatalf("%d sent, want all 8", n)
		}
	})
}

// Mail written to files (no SMTP server) is kept apart from mail sent:
// the Mail tab shows it as written to a file, not sent, and its filter
// picks it alone.
func TestFileDeliveryIsNotSent(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		clk := newClock()
		srv := mailtest.Start(t, mailtest.Options{})
		enqueue(t, st, clk.Now(), msg(1))
		if n, err := NewWorker(st, smtpSender(t, srv), Options{Now: clk.Now}).ProcessOnce(context.Background()); err != nil || n != 1 {
			t.Fatalf("smtp: %d %v", n, err)
		}
		enqueue(t, st, clk.Now(), msg(2))
		files := spdcmail.NewFileSender(t.TempDir(), "SPDC <no-reply@spdc.example.org>", nil)
		if n, err := NewWorker(st, files, Options{Now: clk.Now}).ProcessOnce(context.Background()); err != nil || n != 1 {
			t.Fatalf("file: %d %v", n, err)
		}
		tab := store.AdminTabByName("mail")
		shown := map[string]string{}
		err := st.AdminList(context.Background(), tab, store.AdminQuery{}, func(r *store.Record) error {
			shown[r.Get("subject").(string)] = r.Get("status").(string)
			return nil
		})
		if err != nil || shown["message 1"] != "sent" || shown["message 2"] != entity.MailWrittenToFile {
			t.Fatalf("%v %v", shown, err)
		}
		var picked []string
		err = st.AdminList(context.Background(), tab, store.AdminQuery{Filters: map[string]string{"status": entity.MailWrittenToFile}}, func(r *store.Record) error {
			picked = append(picked, r.Get("subject").(string))
			return nil
		})
		if err != nil || len(picked) != 1 || picked[0] != "message 2" {
			t.Fatalf("filter: %v %v", picked, err)
		}
	})
}
