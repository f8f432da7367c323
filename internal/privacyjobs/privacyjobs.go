// Package privacyjobs runs the scheduled privacy duties: admins are
// reminded by email of every grievance still unanswered two weeks before
// its 90-day deadline, and disciple requests that were declined, rejected
// or expired, and contact messages the staff answered or closed, longer
// ago than the retention period are erased. Accounts nobody has signed in
// to for the retention period are erased too, their owners warned by email
// a month before (admins' accounts never: the program would be locked
// out). Each warning and each
// reminder is claimed with a conditional update in the transaction that
// queues its mail, and each erasure checks its row again in its own
// transaction, so several instances sweeping the same database never send
// a reminder twice or trip over each other's erasures.
package privacyjobs

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
const DefaultInterval = time.Hour

const batch = 200

// pruneBatch is how many delivered messages one statement deletes: a
// short write, so forms keep committing while years of mail go.
const pruneBatch = 1000

// Sweeper does the scheduled privacy duties.
type Sweeper struct {
	Store  *store.Store
	Mail   *mail.Renderer
	Log    *slog.Logger
	Now    func() time.Time // nil means time.Now
	Notify func()           // wakes the outbox worker; may be nil
	// RetentionMonths is how long an ended disciple request is kept
	// (SPDC_RETENTION_MONTHS; 12 when 0).
	RetentionMonths int
	// MailRetentionDays is how long a delivered message stays in the
	// outbox (SPDC_MAIL_RETENTION_DAYS; 0 keeps them all).
	MailRetentionDays int
}

// Result counts what one sweep did.
type Result struct {
	Reminded int // grievances whose admins were reminded
	Erased   int // ended disciple requests erased
	Answered int // answered or closed contact messages erased
	Pruned   int // delivered messages deleted from the outbox
	Warned   int // owners of unused accounts warned of the erasure
	Unused   int // unused accounts erased
}

func (s *Sweeper) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// RunOnce does one sweep.
func (s *Sweeper) RunOnce(ctx context.Context) (Result, error) {
	var res Result
	now := s.now()
	months := s.RetentionMonths
	if months <= 0 {
		months = 12
	}
	var err error
	if res.Erased, err = s.Store.EraseEndedDisciples(ctx, now.AddDate(0, -months, 0), batch); err != nil {
		return res, err
	}
	if res.Answered, err = s.Store.EraseAnsweredMessages(ctx, now.AddDate(0, -months, 0), batch); err != nil {
		return res, err
	}
	if s.MailRetentionDays > 0 {
		if res.Pruned, err = outbox.PruneSent(ctx, s.Store, now.AddDate(0, 0, -s.MailRetentionDays), pruneBatch); err != nil {
			return res, err
		}
	}
	if err := s.unusedAccounts(ctx, now, months, &res); err != nil {
		return res, err
	}
	if res.Warned > 0 && s.Notify != nil {
		s.Notify()
	}
	due, err := s.Store.GrievancesDueReminder(ctx, now, batch)
	if err != nil {
		return res, err
	}
	if len(due) == 0 {
		return res, nil
	}
	admins, err := s.Store.AdminRecipients(ctx)
	if err != nil {
		return res, err
	}
	for _, g := range due {
		claimed := false
		err := s.Store.InTx(ctx, func(tx *store.Tx) error {
			var err error
			if claimed, err = store.ClaimGrievanceReminder(ctx, tx, g.ID, now); err != nil || !claimed {
				return err
			}
			for _, a := range admins {
				m, err := s.Mail.In(a.Language).GrievanceReminder(a.Email, g.DueAt)
				if err != nil {
					return err
				}
				if err := outbox.Enqueue(ctx, tx, now, m); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return res, err
		}
		if claimed {
			res.Reminded++
		}
	}
	if res.Reminded > 0 && s.Notify != nil {
		s.Notify()
	}
	return res, nil
}

// unusedAccounts erases the accounts whose owners were warned at least
// store.InactiveWarning ago and have not signed in since, then warns the
// owners of accounts that reach the retention period within
// store.InactiveWarning. Each warning is claimed in the transaction that
// queues it, so it goes once however many instances sweep; it names the
// day of erasure, never sooner than store.InactiveWarning away.
func (s *Sweeper) unusedAccounts(ctx context.Context, now time.Time, months int, res *Result) error {
	cutoff := now.AddDate(0, -months, 0)
	var err error
	if res.Unused, err = s.Store.EraseInactiveAccounts(ctx, cutoff, now.Add(-store.InactiveWarning), now, batch); err != nil {
		return err
	}
	warnCutoff := cutoff.Add(store.InactiveWarning)
	due, err := s.Store.InactiveToWarn(ctx, warnCutoff, batch)
	if err != nil {
		return err
	}
	for _, a := range due {
		eraseOn := a.LastSignIn.AddDate(0, months, 0)
		if earliest := now.Add(store.InactiveWarning); eraseOn.Before(earliest) {
			eraseOn = earliest
		}
		m, err := s.Mail.In(a.Language).AccountInactive(a.Email, a.FullName, a.LastSignIn, eraseOn, months)
		if err != nil {
			return err
		}
		claimed := false
		err = s.Store.InTx(ctx, func(tx *store.Tx) error {
			var err error
			if claimed, err = store.ClaimInactiveWarning(ctx, tx, a.ID, warnCutoff, now); err != nil || !claimed {
				return err
			}
			return outbox.Enqueue(ctx, tx, now, m)
		})
		if err != nil {
			return err
		}
		if claimed {
			res.Warned++
		}
	}
	return nil
}

// Run sweeps at once and then every interval until ctx ends.
func (s *Sweeper) Run(ctx context.Context, every time.Duration) {
	periodic.Run(ctx, every, func(ctx context.Context) {
		if _, err := s.RunOnce(ctx); err != nil && ctx.Err() == nil && s.Log != nil {
			s.Log.ErrorContext(ctx, "privacy sweep", "err", err)
		}
	})
}
