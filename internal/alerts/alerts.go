// Package alerts watches for what the admins must hear about without
// looking: mail failing for an hour, a failed scheduled backup, the data
// directory's disk over 90 % full, a certificate not renewed 14 days before
// it expires. A condition that holds is recorded in the database (the
// dashboard's banner lists it) and mailed to every admin through the
// outbox, at most once a day per kind across every instance (the shared
// throttle table counts the mails).
package alerts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync"
	"syscall"
	"time"

	"spdc/internal/auth"
	"spdc/internal/mail"
	"spdc/internal/outbox"
	"spdc/internal/periodic"
	"spdc/internal/store"
)

// The kinds of alert (also the mail's and the banner's).
const (
	MailFailing  = "mail_failing"
	BackupFailed = "backup_failed"
	DiskFull     = "disk_full"
	Certificate  = "certificate"
)

// Thresholds of the conditions.
const (
	// MailFailingFor is how long a message must have waited after a
	// failed attempt.
	MailFailingFor = time.Hour
	// DiskFullAbove is the used fraction of the data directory's disk.
	DiskFullAbove = 0.90
	// RenewBefore is how long before its expiry a certificate must have
	// been renewed.
	RenewBefore = 14 * 24 * time.Hour
	// DefaultInterval is how often Run checks.
	DefaultInterval = 5 * time.Minute
)

// mailLimit allows one alert mail of a kind a day, over every instance.
func mailLimit(kind string) auth.Limit {
	return auth.Limit{Name: "ops-alert-" + kind, Max: 1, Window: 24 * time.Hour}
}

// DiskUsage reports the used fraction (0 to 1) of the disk holding dir,
// and how many bytes are free for the server.
type DiskUsage func(dir string) (used float64, free uint64, err error)

// Statfs is the DiskUsage of the running system.
func Statfs(dir string) (float64, uint64, error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, 0, err
	}
	if st.Blocks == 0 {
		return 0, 0, errors.New("the file system reports no blocks")
	}
	used := 1 - float64(st.Bavail)/float64(st.Blocks)
	return used, st.Bavail * uint64(st.Bsize), nil
}

// Monitor checks the conditions and raises or clears their alerts.
type Monitor struct {
	Store *store.Store
	Mail  *mail.Renderer
	Log   *slog.Logger
	// Notify wakes the outbox worker after an alert mail was queued.
	Notify func()
	// Now is the clock; default time.Now.
	Now func() time.Time
	// DataDir is the directory whose disk is watched.
	DataDir string
	// Disk measures the disk; default Statfs (tests give a stand-in for
	// a full disk).
	Disk DiskUsage
	// OnCertificate, when set, hears each certificate expiry reported
	// (the metrics' gauge).
	OnCertificate func(notAfter time.Time)
	// Host names this machine in the disk alert; default os.Hostname.
	// Several instances on PostgreSQL share the alerts: one whose disk has
	// room never clears the alert another machine raised for its own.
	Host string

	mu         sync.Mutex
	certExpiry time.Time
	certNames  string
}

func (m *Monitor) now() time.Time {
	if m.Now != nil {
		return m.Now()
	}
	return time.Now()
}

func (m *Monitor) log() *slog.Logger {
	if m.Log != nil {
		return m.Log
	}
	return slog.New(slog.DiscardHandler)
}

// ReportCertificate is the hook of the HTTPS part: it tells, each time a
// certificate is loaded or renewed, when the one now served expires and
// for which names. A certificate still served RenewBefore its expiry was
// not renewed in time; the next Check raises the alert.
func (m *Monitor) ReportCertificate(names string, notAfter time.Time) {
	m.mu.Lock()
	m.certExpiry, m.certNames = notAfter, names
	m.mu.Unlock()
	if m.OnCertificate != nil {
		m.OnCertificate(notAfter)
	}
}

// Run checks every interval until ctx ends.
func (m *Monitor) Run(ctx context.Context, interval time.Duration) {
	periodic.Run(ctx, interval, func(ctx context.Context) {
		if err := m.Check(ctx); err != nil && ctx.Err() == nil {
			m.log().Error("alerts: check", "err", err)
		}
	})
}

// Check looks at the mail, the disk and the certificate once, raising
// the alerts whose condition holds and clearing the others.
func (m *Monitor) Check(ctx context.Context) error {
	now := m.now()
	var errs []error
	h, err := m.Store.OutboxHealth(ctx)
	if err != nil {
		errs = append(errs, err)
	} else {
		errs = append(errs, m.set(ctx, MailFailing, !h.FailingSince.IsZero() && now.Sub(h.FailingSince) >= MailFailingFor, func() string {
			return fmt.Sprintf("%d message(s) waiting; the oldest failing one was queued %s ago", h.Waiting, now.Sub(h.FailingSince).Round(time.Minute))
		}))
	}
	disk := m.Disk
	if disk == nil {
		disk = Statfs
	}
	host := m.host()
	if used, free, err := disk(m.DataDir); err != nil {
		errs = append(errs, fmt.Errorf("alerts: disk of %s: %w", m.DataDir, err))
	} else if used > DiskFullAbove {
		errs = append(errs, m.Raise(ctx, DiskFull, fmt.Sprintf("%s:%s: %.0f %% used, %s free", host, m.DataDir, used*100, bytesWords(free))))
	} else {
		errs = append(errs, m.clearOwn(ctx, DiskFull, host+":"))
	}
	m.mu.Lock()
	expiry, names := m.certExpiry, m.certNames
	m.mu.Unlock()
	errs = append(errs, m.set(ctx, Certificate, !expiry.IsZero() && expiry.Sub(now) < RenewBefore, func() string {
		return fmt.Sprintf("the certificate for %s expires %s", names, expiry.UTC().Format(time.RFC3339))
	}))
	return errors.Join(errs...)
}

func (m *Monitor) host() string {
	if m.Host != "" {
		return m.Host
	}
	if h, err := os.Hostname(); err == nil && h != "" {
		return h
	}
	return "this server"
}

// clearOwn clears kind when the alert recorded is this machine's: its
// detail begins with prefix.
func (m *Monitor) clearOwn(ctx context.Context, kind, prefix string) error {
	list, err := m.Store.OpsAlerts(ctx)
	if err != nil {
		return err
	}
	for _, a := range list {
		if a.Kind == kind && strings.HasPrefix(a.Detail, prefix) {
			return m.Store.ClearOpsAlert(ctx, kind)
		}
	}
	return nil
}

// BackupResult raises the backup alert when a scheduled backup failed and
// clears it when one succeeded.
func (m *Monitor) BackupResult(ctx context.Context, err error) error {
	return m.set(ctx, BackupFailed, err != nil, func() string { return err.Error() })
}

// set raises kind (with the detail) when on, else clears it.
func (m *Monitor) set(ctx context.Context, kind string, on bool, detail func() string) error {
	if !on {
		return m.Store.ClearOpsAlert(ctx, kind)
	}
	return m.Raise(ctx, kind, detail())
}

// Raise records the alert kind with detail and mails every admin, in
// their language, unless the day's mail of this kind has gone already.
// The throttle's record and the mails commit together.
func (m *Monitor) Raise(ctx context.Context, kind, detail string) error {
	now := m.now()
	raised, err := m.Store.RaiseOpsAlert(ctx, kind, detail, now)
	if err != nil {
		return err
	}
	if raised {
		m.log().Warn("alert", "kind", kind, "detail", detail)
	}
	list, err := m.Store.OpsAlerts(ctx)
	if err != nil {
		return err
	}
	since := now
	for _, a := range list {
		if a.Kind == kind {
			since = a.Since
		}
	}
	admins, err := m.Store.AdminRecipients(ctx)
	if err != nil || len(admins) == 0 {
		return err
	}
	queued := false
	err = m.Store.InTx(ctx, func(tx *store.Tx) error {
		wait, err := auth.NewThrottle(m.Store).TakeTx(ctx, tx, now, auth.Keyed{Limit: mailLimit(kind), Key: "site"})
		if err != nil || wait > 0 {
			return err
		}
		for _, a := range admins {
			msg, err := m.Mail.In(a.Language).OpsAlert(a.Email, kind, detail, since)
			if err != nil {
				return err
			}
			if err := outbox.Enqueue(ctx, tx, now, msg); err != nil {
				return err
			}
		}
		queued = true
		return nil
	})
	if err != nil {
		return fmt.Errorf("alerts: mail %s: %w", kind, err)
	}
	if queued && m.Notify != nil {
		m.Notify()
	}
	return nil
}

// bytesWords writes a size for people: 1.2 GB, 350 MB.
func bytesWords(n uint64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.0f MB", float64(n)/(1<<20))
	default:
		return fmt.Sprintf("%d kB", n>>10)
	}
}
