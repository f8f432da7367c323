package auth

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"time"

	"spdc/internal/observe"
	"spdc/internal/store"
)

// Limit allows Max events per sliding Window.
type Limit struct {
	Name string // bucket prefix, e.g. "login-account"
	// Events, when set, is the bucket prefix of another limit on the same
	// key whose events this one counts over its own window: a daily limit
	// reads the events of the hourly one (kept for a day), so a form
	// records one event for both.
	Events string
	Max    int
	Window time.Duration
	// Spacing, when set, keeps events apart by a delay that depends on
	// how many the window holds (see store.ThrottleSlot).
	Spacing func(n int) time.Duration
	// Attempts: the limit is taken by Begin (attempts counted when they
	// fail). A Take of it then also counts the attempts in flight; a
	// limit only ever taken (a form, a mail) leaves it unset.
	Attempts bool
}

// The limits of the account endpoints.
var (
	// LoginPerPair counts failed sign-ins (and wrong current passwords)
	// for one identifier, existing or not (so the limit reveals nothing),
	// from one client address: the strict limit, which stops one guesser
	// without touching the owner elsewhere.
	LoginPerPair = Limit{Name: "login-pair", Attempts: true, Max: 5, Window: 15 * time.Minute}
	// LoginPerAccount counts the same failures from every client: never a
	// hard stop (anyone could keep the owner out), but after
	// GuessesBeforeDelay failures in an hour each try waits longer after
	// the last one, 1 s, 2 s, 4 s… up to MaxGuessDelay, which slows guessers
	// on many addresses to about 30 guesses an hour while the owner waits
	// at most a couple of minutes.
	LoginPerAccount = Limit{Name: "login-account", Attempts: true, Max: 1000, Window: time.Hour, Spacing: GuessDelay}
	// LoginPerAddress counts failed sign-ins from one client address, across
	// identifiers, against password spraying.
	LoginPerAddress = Limit{Name: "login-ip", Attempts: true, Max: 30, Window: 15 * time.Minute}
	// ForgotPerAddress counts reset requests from one client address.
	ForgotPerAddress = Limit{Name: "forgot-ip", Max: 10, Window: time.Hour}
	// ResetPerAddress counts failed reset-token uses from one address.
	ResetPerAddress = Limit{Name: "reset-ip", Attempts: true, Max: 20, Window: 15 * time.Minute}
	// SetupPerAddress counts uses of unknown, used or expired first-admin
	// setup links from one address.
	SetupPerAddress = Limit{Name: "setup-ip", Attempts: true, Max: 20, Window: 15 * time.Minute}

	// RegisterPerAddress and RegisterPerAddressDay count registrations
	// (valid ones, taken addresses included) from one client address: a
	// family registers a few people, while finding out who has an
	// account needs thousands of tries.
	RegisterPerAddress    = Limit{Name: "register-ip", Max: 5, Window: time.Hour}
	RegisterPerAddressDay = Limit{Name: "register-ip-day", Events: "register-ip", Max: 20, Window: 24 * time.Hour}

	// ContactChangePerAccount, ContactChangePerAccountDay and
	// ContactChangePerAddress count changes of a profile's mobile number
	// or email (valid ones, taken ones included), as registrations are
	// counted: a person changes them once in a while, while asking which
	// numbers belong to an account needs thousands of tries, from one
	// account or from many accounts on one connection.
	ContactChangePerAccount    = Limit{Name: "contact-change", Max: 5, Window: time.Hour}
	ContactChangePerAccountDay = Limit{Name: "contact-change-day", Events: "contact-change", Max: 20, Window: 24 * time.Hour}
	ContactChangePerAddress    = Limit{Name: "contact-change-ip", Max: 10, Window: time.Hour}

	// FormsPerAddress and FormsPerAddressDay count the volunteer, disciple
	// and host forms sent from one client address. A person sends one or
	// two; a family or a temple office helping several elders, a handful.
	FormsPerAddress    = Limit{Name: "form-ip", Max: 10, Window: time.Hour}
	FormsPerAddressDay = Limit{Name: "form-ip-day", Events: "form-ip", Max: 30, Window: 24 * time.Hour}

	// FormsPerAccount and FormsPerAccountDay count the same forms (and
	// contact messages) sent by a signed-in account that proved its email
	// address or holds a staff role, in place of the client's limits: a
	// temple office registers its elders from one computer, so the
	// client's address says nothing about who is sending. A careful
	// registration of an elder takes several minutes to fill, so 30 an
	// hour is more than one person at a keyboard can send, and 100 a day
	// covers a full day's registration drive; a script behind one account
	// is still stopped, and behind many accounts it needs a mailbox it
	// controls for each (registrations are limited per client too). The
	// mail such forms make the site send keeps its own limits per
	// recipient and the site's hourly cap.
	FormsPerAccount    = Limit{Name: "form-account", Max: 30, Window: time.Hour}
	FormsPerAccountDay = Limit{Name: "form-account-day", Events: "form-account", Max: 100, Window: 24 * time.Hour}

	// MailPerRecipient counts the messages anyone's request makes the site
	// send to one mailbox (MailboxKey) in a day: form acknowledgements,
	// confirmation requests to temple presidents, reset links. Mail the
	// program itself decides to send (an admin's resend, reminders, the
	// admin's copies) does not count.
	MailPerRecipient = Limit{Name: "mail-to", Max: 5, Window: 24 * time.Hour}
	// MailPerRecipientClient is the same for one client address: no single
	// client can use up a mailbox's day, so whoever owns it still gets mail
	// they ask for themselves (a reset link).
	MailPerRecipientClient = Limit{Name: "mail-to-client", Max: 3, Window: 24 * time.Hour}
)

// A temple president in the program's referrer directory is a known,
// real mailbox that several elders of one temple may name on the same
// day, often from the temple office's one computer: the confirmation
// requests it gets are limited more loosely, but still limited.
var (
	MailPerReferrer       = Limit{Name: "mail-to-referrer", Max: 40, Window: 24 * time.Hour}
	MailPerReferrerClient = Limit{Name: "mail-to-referrer-client", Max: 15, Window: 24 * time.Hour}
)

// MailTo is the limits on a message the request of client makes the site
// send to the address to.
func MailTo(to, client string) []Keyed {
	box := MailboxKey(to)
	return []Keyed{{Limit: MailPerRecipient, Key: box}, {Limit: MailPerRecipientClient, Key: box + " " + client}}
}

// MailToReferrer is the limits on a confirmation request the request of
// client makes the site send to a temple president in the directory.
func MailToReferrer(to, client string) []Keyed {
	box := MailboxKey(to)
	return []Keyed{{Limit: MailPerReferrer, Key: box}, {Limit: MailPerReferrerClient, Key: box + " " + client}}
}

// GuessesBeforeDelay and MaxGuessDelay shape GuessDelay.
const (
	GuessesBeforeDelay = 10
	MaxGuessDelay      = 2 * time.Minute
)

// GuessDelay is how long a sign-in waits after the account's last failure
// when the last hour holds n failures: nothing below GuessesBeforeDelay,
// then doubling from a second up to MaxGuessDelay.
func GuessDelay(n int) time.Duration {
	if n < GuessesBeforeDelay {
		return 0
	}
	if n-GuessesBeforeDelay >= 8 {
		return MaxGuessDelay
	}
	return min(time.Second<<(n-GuessesBeforeDelay), MaxGuessDelay)
}

// Login is the limits of one sign-in attempt (or one check of a current
// password) on the account named by account, from client.
func Login(account, client string) []Keyed {
	return []Keyed{{Limit: LoginPerPair, Key: account + " " + client}, {Limit: LoginPerAccount, Key: account}}
}

// GuessAlert allows one email a day to an account's owner about guesses.
var GuessAlert = Limit{Name: "guess-alert", Max: 1, Window: 24 * time.Hour}

// Bucket is the stored key of limit l for key (an identifier or address).
// The key is hashed, so the throttle table holds no emails or addresses.
func (l Limit) Bucket(key string) string {
	sum := sha256.Sum256([]byte(key))
	name := l.Name
	if l.Events != "" {
		name = l.Events
	}
	return name + ":" + hex.EncodeToString(sum[:12])
}

// Keyed is one limit applied to one key (an identifier or an address).
type Keyed struct {
	Limit Limit
	Key   string
}

// Throttle applies limits with events stored in the database, so every
// instance behind a load balancer sees the same counts.
//
// Every check goes with its record in one atomic step (Take, Begin): of
// any number of parallel attempts, on any number of instances sharing the
// database, at most Limit.Max get through inside one window. A refused
// attempt records nothing, so refusals never extend the wait.
type Throttle struct {
	st *store.Store
}

// NewThrottle returns a Throttle over st.
func NewThrottle(st *store.Store) *Throttle { return &Throttle{st: st} }

// Take lets one event through every keyed limit and records it under each
// in one atomic step, for attempts that always count (a contact message, a
// reset request). It returns 0 when the event was recorded, else how long
// to wait (the longest among the used-up limits), recording nothing.
func (t *Throttle) Take(ctx context.Context, now time.Time, checks ...Keyed) (time.Duration, error) {
	marks, window, err := t.st.ThrottleReserve(ctx, now, time.Time{}, slots(now, checks))
	if err != nil || marks != nil {
		return 0, err
	}
	noteRefusals(ctx, now, checks, window)
	return refusal(now, checks, window), nil
}

// TakeTx is Take inside the caller's transaction: the event is recorded if
// and only if tx commits. The limits stay locked until tx ends.
func (t *Throttle) TakeTx(ctx context.Context, tx *store.Tx, now time.Time, checks ...Keyed) (time.Duration, error) {
	marks, window, err := t.st.ThrottleReserveTx(ctx, tx, now, time.Time{}, slots(now, checks))
	if err != nil || marks != nil {
		return 0, err
	}
	noteRefusals(ctx, now, checks, window)
	return refusal(now, checks, window), nil
}

// noteRefusals tells the request's observer (the metrics) which of the
// limits had no room.
func noteRefusals(ctx context.Context, now time.Time, checks []Keyed, window [][]store.ThrottleEvent) {
	for i, c := range checks {
		if wait, busy := waits(now, checks[i:i+1], window[i:i+1]); wait > 0 || busy > 0 {
			observe.Refused(ctx, c.Limit.Name)
		}
	}
}

// refusal is the wait of a Take that found no room. Take does not queue
// behind attempts in flight (Begin's), which its limits never share in
// practice: they count as taking the room, and the wait is never 0.
func refusal(now time.Time, checks []Keyed, window [][]store.ThrottleEvent) time.Duration {
	wait, busy := waits(now, checks, window)
	if wait > 0 {
		return wait
	}
	return max(busy, time.Second)
}

// Attempt is an attempt that Begin let through: reserved under every keyed
// limit before it ran, so parallel attempts see it. Exactly one of Fail
// (it counts) or Release (it does not) ends it; until then it holds its
// room in the limits.
type Attempt struct {
	st    *store.Store
	marks []store.ThrottleMark
}

// pendingFor is how long an attempt may stay in flight: longer than any
// request may run. An attempt that has not come back by then (its
// process died) counts as failed.
const pendingFor = time.Minute

// maxQueue is how long Begin waits for attempts in flight to come back
// before it refuses (a variable for tests). It also gives up a second
// before ctx's deadline, to answer rather than time out.
var maxQueue = 10 * time.Second

// Begin lets one attempt through every keyed limit and reserves it under
// each in one atomic step, for attempts whose outcome decides whether they
// count (a password check: a right password does not count as a failure).
// Reserving before the work bounds the work itself: a burst of wrong
// passwords runs at most Max password checks.
//
// When the limits are used up by settled events it returns a nil Attempt
// and how long to wait, recording nothing. When room is only held by
// attempts still in flight (say several right-password sign-ins of one
// account at once), it waits for them, polling, for up to maxQueue; if
// they have not come back by then it refuses, with how long until they
// would count as failed.
func (t *Throttle) Begin(ctx context.Context, now time.Time, checks ...Keyed) (*Attempt, time.Duration, error) {
	sl := slots(now, checks)
	giveUp := time.Now().Add(maxQueue)
	if d, ok := ctx.Deadline(); ok && d.Add(-time.Second).Before(giveUp) {
		giveUp = d.Add(-time.Second)
	}
	delay := 5 * time.Millisecond
	for {
		marks, window, err := t.st.ThrottleReserve(ctx, now, now.Add(pendingFor), sl)
		if err != nil {
			return nil, 0, err
		}
		if marks != nil {
			return &Attempt{st: t.st, marks: marks}, 0, nil
		}
		wait, busy := waits(now, checks, window)
		if wait > 0 {
			noteRefusals(ctx, now, checks, window)
			return nil, wait, nil
		}
		// Poll, reading only, until the attempts in flight have come
		// back; then reserve again.
		for {
			if time.Now().After(giveUp) {
				noteRefusals(ctx, now, checks, window)
				return nil, busy, nil
			}
			select {
			case <-ctx.Done():
				return nil, 0, ctx.Err()
			case <-time.After(delay/2 + rand.N(delay)):
			}
			delay = min(2*delay, 100*time.Millisecond)
			if window, err = t.st.ThrottleWindows(ctx, sl); err != nil {
				return nil, 0, err
			}
			if _, busy = waits(now, checks, window); busy == 0 {
				break // room, or used up for good: reserve to decide
			}
		}
	}
}

// Fail settles the attempt: it counts under its limits for their whole
// window. It runs even when ctx is already cancelled (the client hung up).
func (a *Attempt) Fail(ctx context.Context) error {
	if a == nil || len(a.marks) == 0 {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), releaseTimeout)
	defer cancel()
	if err := a.st.ThrottleSettle(ctx, a.marks); err != nil {
		return err
	}
	a.marks = nil
	return nil
}

// releaseTimeout bounds a Fail or Release that runs after the client has
// gone.
const releaseTimeout = 10 * time.Second

// Release takes the attempt back: it does not count (a right password, or
// a failure of the server's own). It also forgets every event of the clear
// keys (a successful sign-in clears the account's failures), in the same
// write. It runs even when ctx is already cancelled (the client hung up
// after a right password), so the attempt is not left to count as failed.
func (a *Attempt) Release(ctx context.Context, clear ...Keyed) error {
	if a == nil || (len(a.marks) == 0 && len(clear) == 0) {
		return nil
	}
	buckets := make([]string, len(clear))
	for i, c := range clear {
		buckets[i] = c.Limit.Bucket(c.Key)
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), releaseTimeout)
	defer cancel()
	if err := a.st.ThrottleRelease(ctx, a.marks, buckets...); err != nil {
		return err
	}
	a.marks = nil
	return nil
}

func slots(now time.Time, checks []Keyed) []store.ThrottleSlot {
	out := make([]store.ThrottleSlot, len(checks))
	for i, c := range checks {
		out[i] = store.ThrottleSlot{Bucket: c.Limit.Bucket(c.Key), Since: now.Add(-c.Limit.Window), Max: c.Limit.Max, Spacing: c.Limit.Spacing, Attempts: c.Limit.Attempts}
	}
	return out
}

// waits reads the windows of checks (newest events first, at most Max
// each). wait > 0 when a limit is used up by settled events: how long until
// the longest of them has room again. Otherwise busy > 0 when a limit has
// no room only because of attempts in flight: how long until the first of
// them would count as settled. Both 0: there is room.
func waits(now time.Time, checks []Keyed, window [][]store.ThrottleEvent) (wait, busy time.Duration) {
	for i, c := range checks {
		events := window[i]
		if len(events) < c.Limit.Max {
			if c.Limit.Spacing == nil || len(events) == 0 {
				continue
			}
			gap := c.Limit.Spacing(len(events))
			newest := events[0]
			if gap <= 0 || now.Sub(newest.At) >= gap {
				continue
			}
			if newest.Settled(now) {
				wait = max(wait, newest.At.Add(gap).Sub(now), time.Second)
			} else {
				busy = max(busy, newest.PendingUntil.Sub(now), time.Second)
			}
			continue
		}
		var settled []time.Time
		first := time.Duration(-1)
		for _, e := range events {
			if e.Settled(now) {
				settled = append(settled, e.At)
			} else if d := e.PendingUntil.Sub(now); first < 0 || d < first {
				first = d
			}
		}
		if w := waitFor(c.Limit, settled, now); w > 0 {
			wait = max(wait, w)
		} else {
			busy = max(busy, first, time.Second)
		}
	}
	return wait, busy
}

// waitFor is how long to wait before another event under l, given the
// newest events (newest first) of its window; 0 when there is room.
func waitFor(l Limit, hits []time.Time, now time.Time) time.Duration {
	if len(hits) < l.Max {
		return 0
	}
	// The oldest of the last Max events leaves the window first.
	wait := hits[l.Max-1].Add(l.Window).Sub(now)
	if wait < time.Second {
		wait = time.Second
	}
	return wait
}
