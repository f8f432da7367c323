package alerts_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"spdc/internal/alerts"
	"spdc/internal/backups"
	"spdc/internal/config"
	"spdc/internal/mail"
	"spdc/internal/outbox"
	"spdc/internal/outbox/outboxtest"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// setup returns a store with two admins (English and Hindi), a clock, and
// a monitor on a disk with room.
func setup(t *testing.T, s *store.Store) (*storetest.Clock, *alerts.Monitor) {
	t.Helper()
	ctx := context.Background()
	for _, u := range []*store.User{
		{FullName: "Admin One", Email: "one@example.org", PasswordHash: "x", IsAdmin: true, Language: "en"},
		{FullName: "Admin Two", Email: "two@example.org", PasswordHash: "x", IsAdmin: true, Language: "hi"},
		{FullName: "Not Admin", Email: "user@example.org", PasswordHash: "x", Language: "en"},
	} {
		if err := s.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
	}
	clock := storetest.NewClock(time.Date(2026, 3, 2, 8, 0, 0, 0, time.UTC), 0)
	r := mail.NewRenderer(mail.Site{Name: "SPDC", PublicURL: "https://spdc.example.org", ContactLine: "SPDC"})
	m := &alerts.Monitor{Store: s, Mail: r, Now: clock.Now, DataDir: t.TempDir(),
		Disk: func(string) (float64, uint64, error) { return 0.5, 10 << 30, nil }}
	return clock, m
}

// alertMails returns the alert mails queued to addr, of kind.
func alertMails(t *testing.T, s *store.Store, addr string) []string {
	t.Helper()
	rows, err := s.Reader().QueryContext(context.Background(), "SELECT subject FROM outbox WHERE kind = ? AND to_addr = ? ORDER BY created_at", mail.KindOpsAlert, addr)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		rows.Scan(&s)
		out = append(out, s)
	}
	return out
}

func banner(t *testing.T, s *store.Store) map[string]string {
	t.Helper()
	list, err := s.OpsAlerts(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, a := range list {
		out[a.Kind] = a.Detail
	}
	return out
}

// TestMailFailingForAnHour: with the SMTP server down, the outbox retries;
// after an hour of failures the admins get one mail (each in their
// language) and the banner shows it; the next day's check mails again,
// not every check; once mail goes out the alert clears.
func TestMailFailingForAnHour(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		clock, m := setup(t, s)
		down := true
		w := outbox.NewWorker(s, mail.SenderFunc(func(context.Context, mail.Message) error {
			if down {
				return errors.New("dial tcp 127.0.0.1:25: connection refused")
			}
			return nil
		}), outbox.Options{Now: clock.Now, Jitter: func() float64 { return 1 }})
		if err := s.InTx(ctx, func(tx *store.Tx) error {
			return outbox.Enqueue(ctx, tx, clock.Now(), mail.Message{Kind: "acknowledgement", To: "visitor@example.org", Subject: "Thanks", Text: "Thanks"})
		}); err != nil {
			t.Fatal(err)
		}
		if _, err := w.ProcessOnce(ctx); err != nil {
			t.Fatal(err)
		}
		if err := m.Check(ctx); err != nil {
			t.Fatal(err)
		}
		if len(banner(t, s)) != 0 {
			t.Fatalf("alert after one failure: %v", banner(t, s))
		}
		for range 4 { // retries over the next hour and a bit
			clock.Advance(20 * time.Minute)
			if _, err := w.ProcessOnce(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if err := m.Check(ctx); err != nil {
			t.Fatal(err)
		}
		if d, ok := banner(t, s)[alerts.MailFailing]; !ok || !strings.Contains(d, "waiting") {
			t.Fatalf("banner %v", banner(t, s))
		}
		one, two := alertMails(t, s, "one@example.org"), alertMails(t, s, "two@example.org")
		if len(one) != 1 || !strings.Contains(one[0], "email has been failing") || len(two) != 1 || !strings.Contains(two[0], "ईमेल") {
			t.Fatalf("mails %q %q", one, two)
		}
		if n := alertMails(t, s, "user@example.org"); len(n) != 0 {
			t.Fatalf("a user who is not an admin was mailed: %q", n)
		}
		// Checks later that day mail nothing more.
		for range 3 {
			clock.Advance(2 * time.Hour)
			if err := m.Check(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if n := len(alertMails(t, s, "one@example.org")); n != 1 {
			t.Fatalf("%d mails in one day", n)
		}
		clock.Advance(19 * time.Hour)
		if err := m.Check(ctx); err != nil {
			t.Fatal(err)
		}
		if n := len(alertMails(t, s, "one@example.org")); n != 2 {
			t.Fatalf("%d mails after a day, want 2", n)
		}
		// The server answers again: the queued mail goes, the alert clears.
		down = false
		clock.Advance(7 * time.Hour)
		for range 5 {
			if _, err := w.ProcessOnce(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if err := m.Check(ctx); err != nil {
			t.Fatal(err)
		}
		if _, ok := banner(t, s)[alerts.MailFailing]; ok {
			t.Fatalf("alert stays after mail went out: %v", banner(t, s))
		}
	})
}

// TestBackupDirectoryFailing: a scheduled backup into a directory that
// cannot be written raises the alert; a good one clears it.
func TestBackupDirectoryFailing(t *testing.T) {
	ctx := context.Background()
	s := storetest.OpenURL(t, "sqlite://"+filepath.Join(t.TempDir(), "spdc.db"))
	clock, m := setup(t, s)
	file := filepath.Join(t.TempDir(), "not-a-dir")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	sched := &backups.Scheduler{Store: s, Dir: filepath.Join(file, "backups"), Every: 24 * time.Hour, Keep: config.Keep{Days: 7}, Now: clock.Now,
		OnResult: func(r backups.Result) {
			if err := m.BackupResult(ctx, r.Err); err != nil {
				t.Error(err)
			}
		}}
	if res := sched.Once(ctx); res.Err == nil {
		t.Fatal("backup into a file succeeded")
	}
	if d := banner(t, s)[alerts.BackupFailed]; !strings.Contains(d, "not-a-dir") {
		t.Fatalf("banner %v", banner(t, s))
	}
	if mails := alertMails(t, s, "one@example.org"); len(mails) != 1 || !strings.Contains(mails[0], "backup failed") {
		t.Fatalf("mails %q", mails)
	}
	sched.Dir = filepath.Join(t.TempDir(), "backups")
	if res := sched.Once(ctx); res.Err != nil {
		t.Fatal(res.Err)
	}
	if len(banner(t, s)) != 0 {
		t.Fatalf("alert stays after a good backup: %v", banner(t, s))
	}
	// The mail and its detail come through the outbox like any other.
	box := outboxtest.New(t, s, clock.Now)
	if got := box.To("two@example.org"); len(got) != 1 || !strings.Contains(got[0].Text, "not-a-dir") {
		t.Fatalf("delivered %+v", got)
	}
}

// TestDiskFullStandIn: a disk reported 95 % full raises the alert with the
// figures; back to 80 % it clears.
func TestDiskFullStandIn(t *testing.T) {
	ctx := context.Background()
	s := storetest.OpenURL(t, "sqlite://"+filepath.Join(t.TempDir(), "spdc.db"))
	_, m := setup(t, s)
	m.Host = "machine-a"
	used := 0.95
	m.Disk = func(string) (float64, uint64, error) { return used, 700 << 20, nil }
	if err := m.Check(ctx); err != nil {
		t.Fatal(err)
	}
	if d := banner(t, s)[alerts.DiskFull]; !strings.Contains(d, "95 % used, 700 MB free") || !strings.HasPrefix(d, "machine-a:") {
		t.Fatalf("banner %v", banner(t, s))
	}
	if n := len(alertMails(t, s, "one@example.org")); n != 1 {
		t.Fatalf("%d mails", n)
	}
	// Another instance, on a machine with room, leaves this one's alert.
	other := &alerts.Monitor{Store: s, Mail: m.Mail, Now: m.Now, DataDir: m.DataDir, Host: "machine-b",
		Disk: func(string) (float64, uint64, error) { return 0.2, 80 << 30, nil }}
	if err := other.Check(ctx); err != nil {
		t.Fatal(err)
	}
	if _, ok := banner(t, s)[alerts.DiskFull]; !ok {
		t.Fatal("another machine cleared this one's disk alert")
	}
	used = 0.8
	if err := m.Check(ctx); err != nil {
		t.Fatal(err)
	}
	if len(banner(t, s)) != 0 {
		t.Fatalf("banner %v", banner(t, s))
	}
	// The real measure of this machine's disk answers.
	if u, _, err := alerts.Statfs(t.TempDir()); err != nil || u < 0 || u > 1 {
		t.Fatalf("statfs %v %v", u, err)
	}
}

// TestCertificateNotRenewed: a certificate reported 10 days from expiry
// raises the alert (and reaches the metrics' hook); a renewed one clears it.
func TestCertificateNotRenewed(t *testing.T) {
	ctx := context.Background()
	s := storetest.OpenURL(t, "sqlite://"+filepath.Join(t.TempDir(), "spdc.db"))
	clock, m := setup(t, s)
	var heard time.Time
	m.OnCertificate = func(t time.Time) { heard = t }
	if err := m.Check(ctx); err != nil || len(banner(t, s)) != 0 {
		t.Fatalf("no certificate: %v %v", banner(t, s), err)
	}
	expiry := clock.Now().Add(10 * 24 * time.Hour)
	m.ReportCertificate("example.org", expiry)
	if !heard.Equal(expiry) {
		t.Fatalf("hook heard %v", heard)
	}
	if err := m.Check(ctx); err != nil {
		t.Fatal(err)
	}
	if d := banner(t, s)[alerts.Certificate]; !strings.Contains(d, "example.org") {
		t.Fatalf("banner %v", banner(t, s))
	}
	if mails := alertMails(t, s, "one@example.org"); len(mails) != 1 || !strings.Contains(mails[0], "certificate") {
		t.Fatalf("mails %q", mails)
	}
	m.ReportCertificate("example.org", clock.Now().Add(90*24*time.Hour))
	if err := m.Check(ctx); err != nil || len(banner(t, s)) != 0 {
		t.Fatalf("renewed: %v %v", banner(t, s), err)
	}
}
