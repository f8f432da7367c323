package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"spdc/internal/alerts"
	"spdc/internal/backups"
	"spdc/internal/config"
	"spdc/internal/metrics"
	"spdc/internal/store"
)

// opsRun is what `spdc serve` runs to be looked after unattended: the
// alert monitor, the scheduled backups (SQLite, SPDC_BACKUP_DIR) and the
// metrics listener (SPDC_METRICS_ADDR).
type opsRun struct {
	metrics *metrics.Metrics // nil without SPDC_METRICS_ADDR
	monitor *alerts.Monitor
	stops   []func()
}

// startOps starts the monitor, the backups and the metrics listener.
func startOps(ctx context.Context, cfg config.Config, st *store.Store, log *slog.Logger, notify func()) (*opsRun, error) {
	o := &opsRun{}
	o.monitor = &alerts.Monitor{Store: st, Mail: newRenderer(cfg), Log: log, Notify: notify, DataDir: cfg.DataDir}
	if cfg.MetricsAddr != "" {
		o.metrics = metrics.New(st)
		o.monitor.OnCertificate = o.metrics.SetCertificateExpiry
		ln, err := net.Listen("tcp", cfg.MetricsAddr)
		if err != nil {
			return nil, fmt.Errorf("SPDC_METRICS_ADDR %s: %w", cfg.MetricsAddr, err)
		}
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", o.metrics.Handler())
		srv := &http.Server{Handler: mux, ReadHeaderTimeout: readHeaderTimeout, ReadTimeout: readTimeout, WriteTimeout: 30 * time.Second,
			ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
		go func() {
			if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				log.Error("metrics listener", "err", err)
			}
		}()
		log.Info("metrics served", "url", "http://"+ln.Addr().String()+"/metrics")
		o.stops = append(o.stops, func() {
			sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			_ = srv.Shutdown(sctx)
		})
	}
	o.stops = append(o.stops, goRun(ctx, func(ctx context.Context) { o.monitor.Run(ctx, alerts.DefaultInterval) }))

	switch {
	case st.Dialect() != store.SQLite:
		log.Info("backups on PostgreSQL are the database's own: take them with pg_dump or base backups (pg_basebackup, WAL archiving); SPDC_BACKUP_DIR is for SQLite only")
	case cfg.BackupDir == "":
		log.Warn("SPDC_BACKUP_DIR is unset: no scheduled backups are made; set it (with SPDC_BACKUP_RECIPIENTS) or run \"spdc backup\" yourself")
	default:
		if len(cfg.BackupRecipients) == 0 {
			log.Warn("scheduled backups are written in clear (SPDC_BACKUP_UNENCRYPTED=1): anyone who can read the backup directory reads every record", "dir", cfg.BackupDir)
		}
		sched := &backups.Scheduler{Store: st, Dir: cfg.BackupDir, Every: cfg.BackupEvery, Keep: cfg.BackupKeep,
			Recipients: cfg.BackupRecipients, Log: log, Zone: cfg.Zone.Location(), OnResult: o.backupResult}
		log.Info("scheduled backups", "dir", cfg.BackupDir, "every", cfg.BackupEvery.String(), "keep", cfg.BackupKeep.String(), "encrypted", len(cfg.BackupRecipients) > 0)
		o.stops = append(o.stops, goRun(ctx, sched.Run))
	}
	return o, nil
}

// goRun runs fn in a goroutine of its own and returns the function that
// stops it: that cancels fn's context and waits for fn to return.
func goRun(ctx context.Context, fn func(context.Context)) (stop func()) {
	rctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn(rctx)
	}()
	return func() { cancel(); <-done }
}

// backupResult feeds a scheduled backup's outcome to the alert and the
// metrics.
func (o *opsRun) backupResult(r backups.Result) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := o.monitor.BackupResult(ctx, r.Err); err != nil {
		o.monitor.Log.Error("alerts: backup", "err", err)
	}
	if o.metrics == nil {
		return
	}
	if r.Err != nil {
		o.metrics.BackupFailed()
	} else {
		o.metrics.BackupSucceeded(r.At)
	}
}

// wrap measures the site's requests when metrics are on.
func (o *opsRun) wrap(h http.Handler) http.Handler {
	if o.metrics == nil {
		return h
	}
	return o.metrics.Middleware(h)
}

// ReportCertificate is the hook of the HTTPS part: each time it loads or
// renews the certificate of names, it tells when that one expires (the
// metrics' gauge, and the alert when it is not renewed 14 days before).
func (o *opsRun) ReportCertificate(names string, notAfter time.Time) {
	o.monitor.ReportCertificate(names, notAfter)
}

// stop ends what startOps started, the latest first.
func (o *opsRun) stop() {
	for i := len(o.stops) - 1; i >= 0; i-- {
		o.stops[i]()
	}
}
