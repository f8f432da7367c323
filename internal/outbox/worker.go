package outbox

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"spdc/internal/auth"
	"spdc/internal/localtime"
	"spdc/internal/mail"
	"spdc/internal/secret"
	"spdc/internal/store"
)

// Defaults of Options.
const (
	DefaultLease     = 5 * time.Minute
	DefaultPoll      = 15 * time.Second
	DefaultBatch     = 10
	DefaultMaxAge    = 48 * time.Hour
	DefaultSendLimit = 2 * time.Minute
)

// retryDelays is the backoff after the 1st, 2nd, … temporary failure;
// later failures wait the last value.
var retryDelays = []time.Duration{time.Minute, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 6 * time.Hour}

// Backoff is the wait after the n-th consecutive temporary failure (n ≥ 1),
// before jitter: about 1 min, 5 min, 30 min, 2 h, then every 6 h.
func Backoff(n int) time.Duration {
	if n < 1 {
		n = 1
	}
	if n > len(retryDelays) {
		n = len(retryDelays)
	}
	return retryDelays[n-1]
}

// Options configures a Worker; zero values take the defaults.
type Options struct {
	Log *slog.Logger
	// Now is the clock (tests move it); default time.Now.
	Now func() time.Time
	// Lease is how long a claim lasts; a message claimed by a worker that
	// died is claimed again once it expires.
	Lease time.Duration
	// Poll is how often the worker looks for due mail without a Notify.
	Poll time.Duration
	// Batch is how many messages one claim takes.
	Batch int
	// MaxAge is how long temporary failures are retried before the
	// message is marked failed.
	MaxAge time.Duration
	// SendLimit bounds one send; a claimed message is only started while
	// at least this much of the lease is left.
	SendLimit time.Duration
	// Jitter returns a factor applied to each backoff; default uniform in
	// [0.8, 1.2).
	Jitter func() float64
	// PerHour caps the messages sent in any hour (SPDC_MAIL_PER_HOUR);
	// over it, mail stays pending until the hour has room. 0: no cap.
	PerHour int
	// CapAlert renders the alert sent (once a day, even over the cap)
	// when the cap is reached; nil sends none (the log still warns).
	CapAlert func() (mail.Message, error)
	// Secret opens the attachments, which are stored sealed (a receipt
	// shows the donor's whole PAN); nil sends mail with attachments as
	// failed, since they cannot be read.
	Secret *secret.Key
	// Zone is the time zone a link's expiry is written in (SPDC_TIMEZONE);
	// nil is India's.
	Zone *localtime.Zone
}

// Worker sends due outbox messages: it claims a batch atomically with a
// lease (on PostgreSQL with FOR UPDATE SKIP LOCKED, so several instances
// share the work and each message is sent once), sends each message and
// records the outcome. Start runs it in the background; ProcessOnce runs
// one round (tests, benchmarks).
type Worker struct {
	st     *store.Store
	sender mail.Sender
	opt    Options

	capped bool // the cap was reached on the last round

	wake     chan struct{}
	stopOnce sync.Once
	stopping chan struct{}
	done     chan struct{}
}

// NewWorker returns a worker that delivers through sender.
func NewWorker(st *store.Store, sender mail.Sender, opt Options) *Worker {
	if opt.Log == nil {
		opt.Log = slog.New(slog.DiscardHandler)
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.Lease <= 0 {
		opt.Lease = DefaultLease
	}
	if opt.Poll <= 0 {
		opt.Poll = DefaultPoll
	}
	if opt.Batch <= 0 {
		opt.Batch = DefaultBatch
	}
	if opt.MaxAge <= 0 {
		opt.MaxAge = DefaultMaxAge
	}
	if opt.SendLimit <= 0 {
		opt.SendLimit = DefaultSendLimit
	}
	if opt.SendLimit > opt.Lease/2 {
		opt.SendLimit = opt.Lease / 2
	}
	if opt.Jitter == nil {
		opt.Jitter = func() float64 { return 0.8 + 0.4*rand.Float64() }
	}
	return &Worker{
		st: st, sender: sender, opt: opt,
		wake:     make(chan struct{}, 1),
		stopping: make(chan struct{}),
		done:     make(chan struct{}),
	}
}

// Notify wakes the worker (after a commit that enqueued mail). It never
// blocks and may be called from any goroutine.
func (w *Worker) Notify() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// Start runs the worker until ctx ends or Stop is called.
func (w *Worker) Start(ctx context.Context) {
	go w.run(ctx)
}

// Stop stops claiming, lets a send in progress finish (claimed messages
// not yet started are released for another worker) and waits for the
// worker to return. Stop without Start returns at once.
func (w *Worker) Stop() {
	w.stopOnce.Do(func() { close(w.stopping) })
	select {
	case <-w.done:
	case <-time.After(w.opt.SendLimit + 5*time.Second):
		w.opt.Log.Warn("outbox: worker did not stop in time")
	}
}

func (w *Worker) stopped() bool {
	select {
	case <-w.stopping:
		return true
	default:
		return false
	}
}

func (w *Worker) run(ctx context.Context) {
	defer close(w.done)
	t := time.NewTimer(0)
	defer t.Stop()
	for {
		select {
		case <-w.stopping:
			return
		case <-ctx.Done():
			return
		case <-w.wake:
		case <-t.C:
		}
		for !w.stopped() && ctx.Err() == nil {
			n, err := w.ProcessOnce(ctx)
			if err != nil {
				w.opt.Log.Error("outbox: round failed", "err", err)
				break
			}
			if n < w.opt.Batch {
				break
			}
		}
		if !t.Stop() {
			select {
			case <-t.C:
			default:
			}
		}
		t.Reset(w.opt.Poll)
	}
}

// claimed is one message taken by a claim.
type claimed struct {
	msg        mail.Message
	sealed     []sealedFile // the attachments as stored
	linkHash   string       // hash of the token made for an attempt cut short, or ""
	attempts   int
	windowFrom int64 // ms: temporary failures are retried until windowFrom+MaxAge
	due        int64 // ms: next_attempt_at when claimed
}

// claim takes up to Batch due messages and leases them until the returned
// time (in ms), which is also the claim's token when recording outcomes.
// Over the hourly cap (limit 0) it takes only the cap's alert.
func (w *Worker) claim(ctx context.Context, limit int) ([]claimed, int64, error) {
	onlyKind := ""
	if limit <= 0 {
		limit, onlyKind = w.opt.Batch, capAlertKind
	}
	now := store.Millis(w.opt.Now())
	lease := now + w.opt.Lease.Milliseconds()
	var out []claimed
	err := w.st.InTx(ctx, func(tx *store.Tx) error {
		out = out[:0]
		rows, err := tx.QueryContext(ctx, claimQuery(tx.Dialect()), lease, now, now, now, onlyKind, onlyKind, limit)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var c claimed
			var until *int64
			if err := rows.Scan(&c.msg.ID, &c.msg.Kind, &c.msg.To, &c.msg.ReplyTo, &c.msg.Subject, &c.msg.Text, &c.msg.HTML,
				&c.msg.Link.Kind, &c.msg.Link.Ref, &until, &c.linkHash, &c.attempts, &c.windowFrom, &c.due); err != nil {
				return err
			}
			if until != nil {
				c.msg.Link.Until = store.FromMillis(*until)
			}
			out = append(out, c)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		rows.Close()
		for i := range out {
			if err := loadAttachments(ctx, tx, &out[i]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, 0, fmt.Errorf("outbox: claim: %w", err)
	}
	// RETURNING has no order: send the longest-waiting first.
	slices.SortFunc(out, func(a, b claimed) int {
		return cmp.Or(cmp.Compare(a.due, b.due), strings.Compare(a.msg.ID, b.msg.ID))
	})
	return out, lease, nil
}

// claimQuery leases the longest-waiting due messages (arguments: the
// lease's end, now, now, now, the only kind to take or "", the same, how
// many). It finds them through the index on status and due time, so a
// claim reads the messages it takes, however many the outbox keeps.
func claimQuery(d store.Dialect) string {
	return `UPDATE outbox SET lease_until = ?, updated_at = ?
			WHERE id IN (SELECT id FROM outbox
				WHERE status = 'pending' AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?) AND (? = '' OR kind = ?)
				ORDER BY next_attempt_at LIMIT ?` + d.SkipLocked() + `)
			RETURNING id, kind, to_addr, reply_to, subject, text_body, html_body, link_kind, link_ref, link_until, COALESCE(link_hash, ''),
				attempts, COALESCE(window_from, created_at), next_attempt_at`
}

// sealedFile is an attachment as the outbox stores it.
type sealedFile struct {
	name, contentType, body string
}

// loadAttachments reads a claimed message's attachments, still sealed.
func loadAttachments(ctx context.Context, q store.Querier, c *claimed) error {
	rows, err := q.QueryContext(ctx, `SELECT name, content_type, body FROM outbox_attachments WHERE outbox_id = ? ORDER BY position`, c.msg.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var f sealedFile
		if err := rows.Scan(&f.name, &f.contentType, &f.body); err != nil {
			return err
		}
		c.sealed = append(c.sealed, f)
	}
	return rows.Err()
}

// openAttachments opens a message's attachments with the worker's key;
// without the key, or with another one, the message cannot be sent.
func (w *Worker) openAttachments(c claimed) (mail.Message, error) {
	msg := c.msg
	if len(c.sealed) == 0 {
		return msg, nil
	}
	if w.opt.Secret == nil {
		return msg, endError("Not sent: its attachment is sealed and this server has no data key (SPDC_DATA_KEY).")
	}
	msg.Attachments = make([]mail.Attachment, 0, len(c.sealed))
	for _, f := range c.sealed {
		data, err := w.opt.Secret.Open(f.body)
		if err != nil {
			return msg, endError("Not sent: its attachment cannot be opened with this server's data key (SPDC_DATA_KEY differs from the one it was sealed with).")
		}
		msg.Attachments = append(msg.Attachments, mail.Attachment{Name: f.name, ContentType: f.contentType, Data: data})
	}
	return msg, nil
}

// ProcessOnce claims one batch of due messages, sends them one by one and
// records each outcome; it returns how many it claimed. A send in
// progress is not cancelled by ctx or Stop.
func (w *Worker) ProcessOnce(ctx context.Context) (int, error) {
	room, err := w.room(ctx)
	if err != nil {
		return 0, err
	}
	batch, lease, err := w.claim(ctx, room)
	if err != nil || len(batch) == 0 {
		return 0, err
	}
	for i, c := range batch {
		now := w.opt.Now()
		if w.stopped() || ctx.Err() != nil || store.Millis(now.Add(w.opt.SendLimit)) > lease {
			w.release(batch[i:], lease)
			return len(batch), nil
		}
		msg, err := w.openAttachments(c)
		if err != nil {
			if err := w.end(c, lease, err.Error()); err != nil {
				w.opt.Log.Error("outbox: end", "id", c.msg.ID, "err", err)
			}
			continue
		}
		issued := ""
		if c.msg.Link.Kind != "" {
			var err error
			c.msg = msg
			if msg, issued, err = w.issue(c, lease); err != nil {
				var end endError
				if errors.As(err, &end) {
					err = w.end(c, lease, string(end))
				}
				if err != nil {
					// The lease runs out and the message is claimed again.
					w.opt.Log.Error("outbox: make link", "id", c.msg.ID, "err", err)
				}
				continue
			}
		}
		sendCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), w.opt.SendLimit)
		err = w.sender.Send(sendCtx, msg)
		cancel()
		if err := w.record(c, lease, issued, err); err != nil {
			w.opt.Log.Error("outbox: record outcome", "id", c.msg.ID, "err", err)
		}
	}
	return len(batch), nil
}

// endError ends a link-bearing message without sending it; the text is
// the reason shown in the mail tab.
type endError string

func (e endError) Error() string { return string(e) }

// errLeaseLost is an outcome dropped because another worker holds the message.
var errLeaseLost = errors.New("lease lost: the message was claimed again by another worker")

// issue makes the one-time token of a link-bearing message for this
// attempt: it stores the token's hash through the link kind (and in
// link_hash, and drops a token left by an attempt cut short) in one
// transaction guarded by the lease, and returns the copy of the message to
// send, with the token written in, and the hash. An endError means the
// message must not be sent at all.
func (w *Worker) issue(c claimed, lease int64) (mail.Message, string, error) {
	lk, ok := linkKinds[c.msg.Link.Kind]
	if !ok {
		return mail.Message{}, "", endError("Not sent: its one-time link was removed from the stored message.")
	}
	now := w.opt.Now()
	if !c.msg.Link.Until.After(now) {
		return mail.Message{}, "", endError(lk.expired)
	}
	token := auth.NewToken()
	hash := auth.HashToken(token)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := w.st.InTx(ctx, func(tx *store.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE outbox SET link_hash = ?, updated_at = ? WHERE id = ? AND lease_until = ?`,
			hash, store.Millis(now), c.msg.ID, lease)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errLeaseLost
		}
		if c.linkHash != "" {
			if err := lk.drop(ctx, tx, c.linkHash); err != nil {
				return err
			}
		}
		ok, err := lk.issue(ctx, tx, c.msg.Link.Ref, hash, now, c.msg.Link.Until)
		if err == nil && !ok {
			err = endError(lk.gone) // rolls the link_hash change back
		}
		return err
	})
	if err != nil {
		return mail.Message{}, "", err
	}
	msg, err := c.msg.WithLinkIn(token, c.msg.Link.Until, w.opt.Zone)
	if err != nil {
		return mail.Message{}, "", err
	}
	return msg, hash, nil
}

// end marks a message failed without sending it, and drops any token an
// earlier attempt left.
func (w *Worker) end(c claimed, lease int64, reason string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	now := store.Millis(w.opt.Now())
	err := w.st.InTx(ctx, func(tx *store.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE outbox SET status = 'failed', lease_until = NULL, link_hash = NULL, last_error = ?, updated_at = ?
			WHERE id = ? AND lease_until = ?`, reason, now, c.msg.ID, lease)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errLeaseLost
		}
		if lk, ok := linkKinds[c.msg.Link.Kind]; ok && c.linkHash != "" {
			return lk.drop(ctx, tx, c.linkHash)
		}
		return nil
	})
	if err == nil {
		w.opt.Log.Warn("outbox: not sent", "id", c.msg.ID, "kind", c.msg.Kind, "reason", reason)
	}
	return err
}

// release gives back claimed messages that were not started.
func (w *Worker) release(cs []claimed, lease int64) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	now := store.Millis(w.opt.Now())
	for _, c := range cs {
		if _, err := w.st.Writer().ExecContext(ctx, `UPDATE outbox SET lease_until = NULL, updated_at = ? WHERE id = ? AND lease_until = ?`, now, c.msg.ID, lease); err != nil {
			w.opt.Log.Warn("outbox: release", "id", c.msg.ID, "err", err)
		}
	}
}

// maxErrorLen bounds the stored reply of a failed attempt.
const maxErrorLen = 2000

// record stores the outcome of one attempt. The lease is the claim's token:
// if the claim expired and another worker took the message, this worker's
// outcome is dropped. issued is the hash of the token made for this
// attempt ("" for a message without a link): kept when the message went
// out, deleted in the same transaction when it did not, so a link that
// never arrived never works.
func (w *Worker) record(c claimed, lease int64, issued string, sendErr error) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	now := w.opt.Now()
	nowMs := store.Millis(now)
	attempts := c.attempts + 1
	log := w.opt.Log.With("id", c.msg.ID, "kind", c.msg.Kind, "attempt", attempts)
	var logOutcome func()
	err := w.st.InTx(ctx, func(tx *store.Tx) error {
		var res sql.Result
		var err error
		switch {
		case sendErr == nil:
			// Delivered: its bodies are not kept (the person's data in
			// them has no further use here); the subject, addresses and
			// times stay for the mail tab.
			// Delivered to a file (no SMTP server) is kept apart from sent.
			toFile := 0
			if mail.WritesToFiles(w.sender) {
				toFile = 1
			}
			res, err = tx.ExecContext(ctx, `UPDATE outbox SET status = 'sent', to_file = ?, attempts = ?, sent_at = ?, lease_until = NULL, last_error = '',
				text_body = '', html_body = '', updated_at = ?
				WHERE id = ? AND lease_until = ?`, toFile, attempts, nowMs, nowMs, c.msg.ID, lease)
			logOutcome = func() { log.Debug("outbox: sent", "to", mail.MaskAddress(c.msg.To)) }
			if err == nil && len(c.sealed) > 0 {
				// Sent: the sealed files are not kept any longer.
				_, err = tx.ExecContext(ctx, `DELETE FROM outbox_attachments WHERE outbox_id = ?`, c.msg.ID)
			}
		default:
			msg := truncateErr(sendErr.Error())
			age := now.Sub(store.FromMillis(c.windowFrom))
			delay := time.Duration(float64(Backoff(attempts)) * w.opt.Jitter())
			next := now.Add(delay)
			if limit := store.FromMillis(c.windowFrom).Add(w.opt.MaxAge); next.After(limit) {
				next = limit
			}
			lk, hasLink := linkKinds[c.msg.Link.Kind]
			switch {
			case mail.IsPermanent(sendErr) || age >= w.opt.MaxAge || hasLink && !next.Before(c.msg.Link.Until):
				switch {
				case mail.IsPermanent(sendErr):
				case age >= w.opt.MaxAge:
					msg = truncateErr(fmt.Sprintf("gave up after %s: %s", w.opt.MaxAge, sendErr))
				default:
					msg = truncateErr(lk.expired + " Last error: " + sendErr.Error())
				}
				res, err = tx.ExecContext(ctx, `UPDATE outbox SET status = 'failed', attempts = ?, lease_until = NULL, link_hash = NULL, last_error = ?, updated_at = ?
					WHERE id = ? AND lease_until = ?`, attempts, msg, nowMs, c.msg.ID, lease)
				logOutcome = func() { log.Warn("outbox: failed", "err", mail.MaskAddresses(msg)) }
			default:
				res, err = tx.ExecContext(ctx, `UPDATE outbox SET attempts = ?, next_attempt_at = ?, lease_until = NULL, link_hash = NULL, last_error = ?, updated_at = ?
					WHERE id = ? AND lease_until = ?`, attempts, store.Millis(next), msg, nowMs, c.msg.ID, lease)
				logOutcome = func() { log.Info("outbox: will retry", "next", next, "err", mail.MaskAddresses(msg)) }
			}
			if err == nil && issued != "" {
				err = lk.drop(ctx, tx, issued)
			}
		}
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errLeaseLost
		}
		return nil
	})
	if err != nil {
		return err
	}
	logOutcome()
	return nil
}

// truncateErr keeps a stored error valid UTF-8 without NUL bytes (which
// PostgreSQL refuses) and bounded in length.
func truncateErr(s string) string {
	s = strings.ToValidUTF8(strings.ReplaceAll(s, "\x00", ""), "?")
	if len(s) <= maxErrorLen {
		return s
	}
	cut := maxErrorLen
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
