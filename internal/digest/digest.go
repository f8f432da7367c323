// Package digest sends each admin who chose it a daily summary of the new
// submissions, at the time of day they chose in the site's time zone, and
// to each owner of care records the count of their elders overdue for a
// contact or due for a reassessment that day, naming the first of those
// overdue for a contact with the day each was due. The day's digest of an
// admin is claimed by a conditional update in the same transaction as its
// mail, so several instances running the job against one database send it
// once.
package digest

import (
	"context"
	"log/slog"
	"time"

	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/mail"
	"spdc/internal/outbox"
	"spdc/internal/periodic"
	"spdc/internal/store"
)

// DefaultInterval is how often `spdc serve` looks for digests due.
const DefaultInterval = 5 * time.Minute

// OverdueNamed is how many of an owner's elders overdue for a contact the
// digest names; the rest are counted, with a link to the whole list.
const OverdueNamed = 20

// Job sends the digests due.
type Job struct {
	Store  *store.Store
	Mail   *mail.Renderer
	Zone   *time.Location // SPDC_TIMEZONE; nil is UTC
	Log    *slog.Logger
	Now    func() time.Time // nil means time.Now
	Notify func()           // wakes the outbox worker; may be nil
}

func (j *Job) now() time.Time {
	if j.Now != nil {
		return j.Now().UTC()
	}
	return time.Now().UTC()
}

func (j *Job) zone() *time.Location {
	if j.Zone != nil {
		return j.Zone
	}
	return time.UTC
}

// RunOnce sends every digest due now and returns how many it queued. A
// digest whose time has come today and that no instance has claimed is
// claimed and queued; with nothing new since the last one, it is claimed
// and no mail goes.
func (j *Job) RunOnce(ctx context.Context) (int, error) {
	now := j.now()
	local := now.In(j.zone())
	day, clock := local.Format(time.DateOnly), local.Format("15:04")
	admins, err := j.Store.DigestAdmins(ctx)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, a := range admins {
		if a.Day == day || clock < a.DigestAt {
			continue
		}
		queued := false
		err := j.Store.InTx(ctx, func(tx *store.Tx) error {
			claimed, err := store.ClaimDigest(ctx, tx, a, day, now)
			if err != nil || !claimed {
				return err
			}
			since := a.Since
			if since.Unix() <= 0 {
				since = now.Add(-24 * time.Hour)
			}
			counts, err := store.NewSince(ctx, tx, since, now)
			if err != nil {
				return err
			}
			var lines []mail.DigestLine
			for _, c := range counts {
				if c.N > 0 {
					lines = append(lines, mail.DigestLine{Title: c.Title.In(a.Language), N: c.N})
				}
			}
			due, err := store.CareDueOf(ctx, tx, a.UserID, day)
			if err != nil {
				return err
			}
			var care []mail.DigestLine
			if due.ContactsOverdue > 0 {
				care = append(care, mail.DigestLine{Title: msgs.DigestEldersOverdueContact.In(a.Language), N: due.ContactsOverdue})
			}
			if due.ReassessmentsDue > 0 {
				care = append(care, mail.DigestLine{Title: msgs.DigestReassessmentsDue.In(a.Language), N: due.ReassessmentsDue})
			}
			var overdue mail.DigestOverdue
			if due.ContactsOverdue > 0 {
				list, err := store.CareOverdueOf(ctx, tx, a.UserID, day, OverdueNamed)
				if err != nil {
					return err
				}
				for _, o := range list {
					overdue.Elders = append(overdue.Elders, mail.DigestElder{Name: o.FullName, Due: o.NextContactDue})
				}
				overdue.More = max(due.ContactsOverdue-len(list), 0)
			}
			if len(lines) == 0 && len(care) == 0 {
				return nil
			}
			from := since.In(j.zone()).Format("2 Jan 2006, 15:04") + " (" + j.zone().String() + ")"
			if i18n.Valid(a.Language) && a.Language != i18n.En {
				local := since.In(j.zone())
				from = i18n.Date(a.Language, local) + ", " + local.Format("15:04") + " (" + j.zone().String() + ")"
			}
			m, err := j.Mail.In(a.Language).StaffDigest(a.Email, a.Name, from, lines, care, overdue)
			if err != nil {
				return err
			}
			queued = true
			return outbox.Enqueue(ctx, tx, now, m)
		})
		if err != nil {
			// Rolled back: the next run tries again.
			j.log().ErrorContext(ctx, "staff digest", "user_id", a.UserID, "err", err)
			continue
		}
		if queued {
			sent++
		}
	}
	if sent > 0 && j.Notify != nil {
		j.Notify()
	}
	return sent, nil
}

func (j *Job) log() *slog.Logger {
	if j.Log != nil {
		return j.Log
	}
	return slog.New(slog.DiscardHandler)
}

// Run looks for digests at once and then every interval until ctx ends.
func (j *Job) Run(ctx context.Context, every time.Duration) {
	periodic.Run(ctx, every, func(ctx context.Context) {
		if _, err := j.RunOnce(ctx); err != nil && ctx.Err() == nil {
			j.log().ErrorContext(ctx, "staff digest", "err", err)
		}
	})
}
