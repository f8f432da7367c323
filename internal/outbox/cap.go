package outbox

import (
	"context"
	"fmt"
	"time"

	"spdc/internal/auth"
	"spdc/internal/mail"
	"spdc/internal/store"
)

// capAlertLimit allows one alert a day that the hourly cap was reached,
// shared by every instance through the throttle table.
var capAlertLimit = auth.Limit{Name: "mail-cap-alert", Max: 1, Window: 24 * time.Hour}

// room is how many messages the worker may claim now under the hourly cap
// (Options.PerHour): the batch size, less when the last hour's sent mail
// nears the cap. At the cap it returns 0, warns in the log when the cap
// was not reached on the previous round, and queues the day's alert.
// Several instances may each send a batch past the cap at the same
// moment; the cap holds within that.
func (w *Worker) room(ctx context.Context) (int, error) {
	if w.opt.PerHour <= 0 {
		return w.opt.Batch, nil
	}
	now := w.opt.Now()
	var sent int
	if err := w.st.Reader().QueryRowContext(ctx, sentSinceQuery, store.Millis(now.Add(-time.Hour))).Scan(&sent); err != nil {
		return 0, fmt.Errorf("outbox: count the last hour: %w", err)
	}
	if left := w.opt.PerHour - sent; left > 0 {
		w.capped = false
		return min(w.opt.Batch, left), nil
	}
	if !w.capped {
		w.capped = true
		w.opt.Log.Warn("outbox: the hourly mail cap is reached; more mail waits in the outbox", "per_hour", w.opt.PerHour)
	}
	if w.opt.CapAlert != nil {
		if err := w.queueCapAlert(ctx, now); err != nil {
			w.opt.Log.Error("outbox: cap alert not queued", "err", err)
		}
	}
	return 0, nil
}

// queueCapAlert enqueues the alert unless one went out in the last day.
func (w *Worker) queueCapAlert(ctx context.Context, now time.Time) error {
	m, err := w.opt.CapAlert()
	if err != nil {
		return err
	}
	return w.st.InTx(ctx, func(tx *store.Tx) error {
		wait, err := auth.NewThrottle(w.st).TakeTx(ctx, tx, now, auth.Keyed{Limit: capAlertLimit, Key: "site"})
		if err != nil || wait > 0 {
			return err
		}
		return Enqueue(ctx, tx, now, m)
	})
}

// capAlertKind is the one kind sent over the cap: the alert about it.
const capAlertKind = mail.KindMailCapAlert

// sentSinceQuery counts the messages delivered since a time, for the
// hourly cap: it counts the entries of the index on status and sending
// time, never the outbox's rows.
const sentSinceQuery = `SELECT COUNT(*) FROM outbox WHERE status = 'sent' AND sent_at >= ?`

// pruneSentQuery deletes up to a number of the messages delivered before
// a time, oldest first, found through the same index.
const pruneSentQuery = `DELETE FROM outbox WHERE id IN (SELECT id FROM outbox
			WHERE status = 'sent' AND sent_at < ? ORDER BY sent_at LIMIT ?)`

// PruneSent deletes the messages delivered before before, batch rows per
// statement (through the index on status and sending time, so the cost
// follows the rows deleted, not the outbox's size), and returns how many
// went. A reply written from the dashboard keeps its own copy and shows
// its mail as removed.
func PruneSent(ctx context.Context, st *store.Store, before time.Time, batch int) (int, error) {
	total := 0
	for {
		res, err := st.Writer().ExecContext(ctx, pruneSentQuery, store.Millis(before), batch)
		if err != nil {
			return total, fmt.Errorf("outbox: prune sent mail: %w", err)
		}
		n, _ := res.RowsAffected()
		total += int(n)
		if n < int64(batch) {
			return total, nil
		}
	}
}
