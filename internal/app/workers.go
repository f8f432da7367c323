package app

import (
	"context"
	"log/slog"
	"net/url"
	"path/filepath"

	"spdc/internal/config"
	"spdc/internal/db"
	"spdc/internal/digest"
	"spdc/internal/mail"
	"spdc/internal/outbox"
	"spdc/internal/privacyjobs"
	"spdc/internal/reminders"
	"spdc/internal/secret"
	"spdc/internal/store"
)

// workers are the background jobs of `spdc serve` (the outbox sender, the
// disciple reminder sweep). stop lets a job in progress finish.
type workers struct {
	stops []func()
}

func (w *workers) stop() {
	for i := len(w.stops) - 1; i >= 0; i-- {
		w.stops[i]()
	}
}

// startWorkers starts the background jobs and returns the function that
// wakes the outbox worker after a commit.
func startWorkers(ctx context.Context, cfg config.Config, st *store.Store, log *slog.Logger, key *secret.Key) (*workers, func(), error) {
	w := &workers{}
	notify := func() {}

	// --- outbox worker: sends queued mail ---
	{
		var sender mail.Sender
		var closeSender func()
		if cfg.SMTPURL != "" {
			smtp, err := mail.NewSMTPSender(mail.SMTPConfig{URL: cfg.SMTPURL, From: cfg.MailFrom})
			if err != nil {
				return nil, nil, err
			}
			sender, closeSender = smtp, func() { _ = smtp.Close() }
			if u, err := url.Parse(cfg.SMTPURL); err == nil {
				log.Info("mail is sent through SMTP", "server", u.Redacted())
			}
			if ep, err := mail.ParseSMTPURL(cfg.SMTPURL); err == nil && ep.Security == mail.SMTPClear {
				log.Warn("SMTP_URL has tls=none: mail, reset and confirmation links included, crosses the network unencrypted; use it only for a relay on this host or a trusted private network")
			}
		} else {
			dir := filepath.Join(cfg.DataDir, "mail")
			sender, closeSender = mail.NewFileSender(dir, cfg.MailFrom, log), func() {}
			log.Info("SMTP_URL is unset: mail is written to files, not sent", "dir", dir)
		}
		opt := outbox.Options{Log: log, PerHour: cfg.MailPerHour, Secret: key, Zone: cfg.Zone}
		if cfg.AdminNotify != "" {
			renderer := newRenderer(cfg)
			opt.CapAlert = func() (mail.Message, error) { return renderer.MailCapAlert(cfg.AdminNotify, cfg.MailPerHour) }
		}
		ob := outbox.NewWorker(st, sender, opt)
		// The worker keeps sending while the HTTP server drains; stop ends it.
		ob.Start(context.WithoutCancel(ctx))
		w.stops = append(w.stops, func() { ob.Stop(); closeSender() })
		notify = ob.Notify
	}

	// --- disciple reminders and expiry sweep: nudges unanswered confirmation requests, expires stale links ---
	{
		sweeper := &reminders.Sweeper{Store: st, Mail: newRenderer(cfg), Log: log, Notify: func() { notify() }, ReplyTo: cfg.AdminNotify}
		w.stops = append(w.stops, goRun(ctx, func(ctx context.Context) {
			sweeper.Run(ctx, reminders.DefaultInterval)
		}))
	}

	// --- the staff's daily digest of new submissions, once across instances ---
	{
		job := &digest.Job{Store: st, Mail: newRenderer(cfg), Zone: cfg.Zone.Location(), Log: log, Notify: func() { notify() }}
		w.stops = append(w.stops, goRun(ctx, func(ctx context.Context) {
			job.Run(ctx, digest.DefaultInterval)
		}))
	}

	// --- privacy duties: reminds admins of grievances near their deadline, erases ended disciple requests past retention, prunes old delivered mail ---
	{
		sweeper := &privacyjobs.Sweeper{Store: st, Mail: newRenderer(cfg), Log: log, Notify: func() { notify() }, RetentionMonths: cfg.RetentionMonths,
			MailRetentionDays: cfg.MailRetentionDays}
		w.stops = append(w.stops, goRun(ctx, func(ctx context.Context) {
			sweeper.Run(ctx, privacyjobs.DefaultInterval)
		}))
	}

	// --- the admin search's SQLite indexes: new rows are indexed in batches, off the forms' commits ---
	{
		w.stops = append(w.stops, goRun(ctx, func(ctx context.Context) {
			st.RunSearchIndexer(ctx, db.IndexSearchEvery, func(err error) { log.Error("search index", "err", err) })
		}))
	}

	return w, notify, nil
}
