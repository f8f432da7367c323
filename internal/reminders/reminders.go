// Package reminders runs the disciple confirmation sweep: a temple
// president who has not answered a request within 7 days gets one reminder
// (with a link of its own, made when it is sent), and a
// request still unanswered when its link runs out after 30 days becomes
// expired, and its applicant (when we have their address) is told so once,
// with the ways to go on. Every step is a conditional update in the same
// transaction as its mail, so several instances sweeping the same
// PostgreSQL database never send a reminder or an expiry notice twice.
package reminders

import (
	"context"
	"log/slog"
	"time"

	"spdc/internal/mail"
	"spdc/internal/outbox"
	"spdc/internal/periodic"
	"spdc/internal/store"
)

// DefaultInterval is how often `spdc serve` sweeps.
const DefaultInterval = 15 * time.Minute

// batch bounds the reminders sent by one sweep, expireBatch the expiries.
const (
	batch       = 200
	expireBatch = 500
)

// Sweeper sends reminders and expires old requests.
type Sweeper struct {
	Store  *store.Store
	Mail   *mail.Renderer
	Log    *slog.Logger
	Now    func() time.Time // nil means time.Now
	Notify func()           // wakes the outbox worker; may be nil
	// ReplyTo, when set, is the Reply-To of expiry notices (the program's
	// inbox, SPDC_ADMIN_NOTIFY), so an applicant can ask for a fresh link
	// by replying; when empty the notice offers only the contact page.
	ReplyTo string
}

// Result counts what one sweep did.
type Result struct {
	Reminded int
	Expired  int
	Notified int // expiry notices queued for applicants
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
	if err := s.expire(ctx, now, &res); err != nil {
		return res, err
	}
	due, err := s.Store.DisciplesDueReminder(ctx, now, batch)
	if err != nil {
		return res, err
	}
	for _, d := range due {
		sent := false
		err := s.Store.InTx(ctx, func(tx *store.Tx) error {
			var err error
			if sent, err = store.MarkDiscipleReminded(ctx, tx, d, now); err != nil || !sent {
				return err
			}
			// The reminder's own link, expiring with the current one, is
			// made when the outbox sends it.
			m, err := s.Mail.In(d.Language).DiscipleReminder(d.TemplePresidentEmail, mail.DiscipleRequest{
				ApplicantName: d.FullName, InitiatedName: d.InitiationName, InitiationDate: d.InitiationDate,
				DiscipleID: d.ID, ExpiresAt: *d.TokenExpiresAt,
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
	if (res.Reminded > 0 || res.Notified > 0) && s.Notify != nil {
		s.Notify()
	}
	if res.Reminded > 0 || res.Expired > 0 {
		s.log().InfoContext(ctx, "disciple sweep", "reminded", res.Reminded, "expired", res.Expired, "notified", res.Notified)
	}
	return res, nil
}

// expire marks each pending registration whose link has run out as
// expired and, in the same transaction, claims and queues the applicant's
// notice. The expiry and the claim are both conditional updates, so when
// two instances sweep at once exactly one expires the row and queues the
// mail; the other changes nothing.
func (s *Sweeper) expire(ctx context.Context, now time.Time, res *Result) error {
	due, err := s.Store.DisciplesDueExpiry(ctx, now, expireBatch)
	if err != nil {
		return err
	}
	for _, d := range due {
		expired, notified := false, false
		err := s.Store.InTx(ctx, func(tx *store.Tx) error {
			var err error
			if expired, err = store.ExpireDisciple(ctx, tx, d, now); err != nil || !expired {
				return err
			}
			to, err := store.ApplicantEmail(ctx, tx, d)
			if err != nil || to == "" {
				return err
			}
			if _, err := mail.ParseAddress(to); err != nil {
				// An address that cannot take mail must not keep the
				// request pending for ever: expire it without a notice.
				s.log().WarnContext(ctx, "disciple expiry notice: no usable applicant address", "disciple_id", d.ID)
				return nil
			}
			if notified, err = store.ClaimDiscipleExpiryNotice(ctx, tx, d, now); err != nil || !notified {
				return err
			}
			m, err := s.Mail.In(d.Language).DiscipleExpired(to, s.ReplyTo, d.FullName, d.TemplePresidentEmail)
			if err != nil {
				return err
			}
			m.About = d.ID
			return outbox.Enqueue(ctx, tx, now, m)
		})
		if err != nil {
			// The transaction rolled back; the next sweep tries again.
			s.log().ErrorContext(ctx, "disciple expiry", "disciple_id", d.ID, "err", err)
			continue
		}
		if expired {
			res.Expired++
		}
		if notified {
			res.Notified++
		}
	}
	return nil
}

// Run sweeps at once and then every interval until ctx ends.
func (s *Sweeper) Run(ctx context.Context, every time.Duration) {
	periodic.Run(ctx, every, func(ctx context.Context) {
		if _, err := s.RunOnce(ctx); err != nil && ctx.Err() == nil {
			s.log().ErrorContext(ctx, "disciple sweep", "err", err)
		}
	})
}
