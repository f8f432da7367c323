package auth

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"time"

	"spdc/internal/store"
)

// Limit allows Max events per sliding Window.
type Limit struct {
	Name   string // bucket prefix, e.g. "login-account"
	Max    int
	Window time.Duration
}

// The limits of the account endpoints.
var (
	// LoginPerAccount counts failed sign-ins (and wrong current passwords)
	// for one identifier, existing or not, so the limit reveals nothing.
	LoginPerAccount = Limit{Name: "login-account", Max: 5, Window: 15 * time.Minute}
	// LoginPerAddress counts failed sign-ins from one client address, across
	// identifiers, against password spraying.
	LoginPerAddress = Limit{Name: "login-ip", Max: 30, Window: 15 * time.Minute}
	// ForgotPerAddress counts reset requests from one client address.
	ForgotPerAddress = Limit{Name: "forgot-ip", Max: 10, Window: time.Hour}
	// ForgotPerEmail counts reset requests for one email, existing or not,
	// so nobody can flood an inbox.
	ForgotPerEmail = Limit{Name: "forgot-email", Max: 3, Window: time.Hour}
	// ResetPerAddress counts failed reset-token uses from one address.
	ResetPerAddress = Limit{Name: "reset-ip", Max: 20, Window: 15 * time.Minute}
)

// Bucket is the stored key of limit l for key (an identifier or address).
// The key is hashed, so the throttle table holds no emails or addresses.
func (l Limit) Bucket(key string) string {
	sum := sha256.Sum256([]byte(key))
	return l.Name + ":" + hex.EncodeToString(sum[:12])
}

// Throttle applies limits with events stored in the database, so every
// instance behind a load balancer sees the same counts.
type Throttle struct {
	st *store.Store
}

// NewThrottle returns a Throttle over st.
func NewThrottle(st *store.Store) *Throttle { return &Throttle{st: st} }

// Check returns how long key must wait before another event under l is
// allowed; 0 means allowed now.
func (t *Throttle) Check(ctx context.Context, l Limit, key string, now time.Time) (time.Duration, error) {
	hits, err := t.st.ThrottleRecent(ctx, l.Bucket(key), now.Add(-l.Window), l.Max)
	if err != nil {
		return 0, err
	}
	if len(hits) < l.Max {
		return 0, nil
	}
	// The oldest of the last Max events leaves the window first.
	wait := hits[l.Max-1].Add(l.Window).Sub(now)
	if wait < time.Second {
		wait = time.Second
	}
	return wait, nil
}

// Hit records one event for key under l.
func (t *Throttle) Hit(ctx context.Context, l Limit, key string, now time.Time) error {
	return t.st.ThrottleHit(ctx, l.Bucket(key), now)
}

// Reset forgets the events of key under l (a successful sign-in clears the
// account's failures).
func (t *Throttle) Reset(ctx context.Context, l Limit, key string) error {
	return t.st.ThrottleClear(ctx, l.Bucket(key))
}
