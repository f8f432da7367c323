// Package reminders runs the disciple confirmation sweep: a temple
// president who has not answered a request within 7 days gets one reminder
// (with a link of its own, since only hashes of links are stored), and a
// request still unanswered when its link runs out after 30 days becomes
// expired. Every step is a conditional update, so several instances
// sweeping the same PostgreSQL database never send a reminder twice.
package reminders

import (
	"context"
	"log/slog"
	"time"

	"spdc/internal/auth"
	"spdc/internal/mail"
	"spdc/internal/outbox"
	"spdc/internal/store"
)

// DefaultInterval is how often `spdc serve` sweeps.
const DefaultInterval = 15 * time.Minute

// batch bounds the reminders sent by one sweep.
const batch = 200

// Sweeper sends reminders and expires old requests.
type Sweeper struct {
	Store  *store.Store
	Mail   *mail.Renderer
	Log    *slog.Logger
	Now    func() time.Time // nil means time.Now
	Notify func()           // wakes the outbox worker; may be nil
}

// Result counts what one sweep did.
type Result struct {
	Reminded int
	Expired  int
}

func (s *Sweeper) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

func (s *Sweeper) log() *slog.Logger {
	if s.Log != nil {
		return s.Log
	}
	return slog.New(slog.DiscardHandler)
}

// RunOnce does one sweep: expire, then remind.
func (s *Sweeper) RunOnce(ctx context.Context) (Result, error) {
	var res Result
	now := s.now()
	n, err := s.Store.ExpireDisciples(ctx, now)
	res.Expired = n
	if err != nil {
		return res, err
	}
	due, err := s.Store.DisciplesDueReminder(ctx, now, batch)
	if err != nil {
		return res, err
	}
	for _, d := range due {
		token := auth.NewToken()
		sent := false
		err := s.Store.InTx(ctx, func(tx *store.Tx) error {
			var err error
			if sent, err = store.AddDiscipleReminderToken(ctx, tx, d, auth.HashToken(token), now); err != nil || !sent {
				return err
			}
			m, err := s.Mail.DiscipleReminder(d.TemplePresidentEmail, mail.DiscipleRequest{
				ApplicantName: d.FullName, InitiatedName: d.InitiationName, InitiationDate: d.InitiationDate,
				Token: token, ExpiresAt: *d.TokenExpiresAt,
			})
			if err != nil {
				return err
			}
			return outbox.Enqueue(ctx, tx, now, m)
		})
		if err != nil {
			// The transaction rolled back; the next sweep tries again.
			s.log().ErrorContext(ctx, "disciple reminder", "disciple_id", d.ID, "err", err)
			continue
		}
		if sent {
			res.Reminded++
		}
	}
	if res.Reminded > 0 && s.Notify != nil {
		s.Notify()
	}
	if res.Reminded > 0 || res.Expired > 0 {
		s.log().InfoContext(ctx, "disciple sweep", "reminded", res.Reminded, "expired", res.Expired)
	}
	return res, nil
}

// Run sweeps at once and then every interval until ctx ends.
func (s *Sweeper) Run(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		if _, err := s.RunOnce(ctx); err != nil && ctx.Err() == nil {
			s.log().ErrorContext(ctx, "disciple sweep", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
