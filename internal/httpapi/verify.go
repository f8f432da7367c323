package httpapi

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"spdc/internal/auth"
	"spdc/internal/i18n/msgs"
	"spdc/internal/outbox"
	"spdc/internal/store"
)

// Email verification: registration and a change of address mail a
// one-time link to the address; the page it opens calls verifyEmail. An
// account that has not verified its address reaches only what it made
// while signed in (see store.OwnedBy).

// Public messages of email verification.
var (
	msgVerifyDone     = msgs.VerifyThankEmailAddressConfirmed
	msgVerifyUsed     = msgs.VerifyConfirmationLinkHasAlreadyBeenUsed
	msgVerifyExpired  = msgs.VerifyConfirmationLinkHasExpiredEachLink
	msgVerifyUnknown  = msgs.VerifyConfirmationLinkNotValidNewerLink
	msgVerifySent     = msgs.VerifyWeHaveSentConfirmationLinkEmail
	msgVerifyAlready  = msgs.VerifyEmailAddressAlreadyConfirmed
	msgVerifyNotQueue = msgs.VerifyConfirmationEmailCouldNotPreparedTry
)

// queueVerification writes the verification mail for u's current address
// into the outbox through q (its token is made when it is sent).
func (s *Server) queueVerification(ctx context.Context, q store.Querier, u *store.User, now time.Time) error {
	msg, err := s.mail.In(userLanguage(u)).VerifyEmail(u.Email, u.FullName, u.ID, now.Add(store.VerifyTokenTTL))
	if err != nil {
		return err
	}
	return outbox.Enqueue(ctx, q, now, msg)
}

// mailVerification queues the verification mail of an account just made
// or just given a new address. A failure is logged, not answered: the
// account is saved, and My Account offers to send the link again.
func (s *Server) mailVerification(r *http.Request, u *store.User) {
	ctx := r.Context()
	err := s.store.InTx(ctx, func(tx *store.Tx) error { return s.queueVerification(ctx, tx, u, s.now()) })
	if err != nil {
		s.log.ErrorContext(ctx, "verification mail not queued", "err", err, "user_id", u.ID, "request_id", requestID(ctx))
		return
	}
	s.notify()
}

type verifyInput struct {
	Token string `json:"token"`
}

// verifyEmail answers POST /api/users/verify-email {"token"}: 200 when the
// link proves the address, 410 when it was used (or the account's address
// changed since) or has expired, 400 when it is unknown. Unknown links
// count against the client, as invalid reset links do.
func (s *Server) verifyEmail(w http.ResponseWriter, r *http.Request) error {
	var in verifyInput
	if err := decodeJSON(r, &in, false); err != nil {
		return err
	}
	in.Token = strings.TrimSpace(in.Token)
	if in.Token == "" {
		return FieldErrors{"token": msgs.FieldRequired}.Err()
	}
	ctx := r.Context()
	att, unknown, err := s.beginLinkAttempt(r, msgs.LabelAttemptsInvalidConfirmationLinks, msgVerifyUnknown)
	if err != nil {
		return err
	}
	if !auth.LooksLikeToken(in.Token) {
		return unknown()
	}
	userID, err := s.store.VerifyEmail(ctx, auth.HashToken(in.Token))
	switch {
	case errors.Is(err, store.ErrNotFound):
		return unknown()
	case errors.Is(err, store.ErrVerifyUsed):
		_ = att.Release(ctx)
		return errorf(http.StatusGone, msgVerifyUsed)
	case errors.Is(err, store.ErrVerifyExpired):
		_ = att.Release(ctx)
		return errorf(http.StatusGone, msgVerifyExpired)
	case err != nil:
		_ = att.Release(ctx)
		return err
	}
	if err := att.Release(ctx); err != nil {
		return err
	}
	s.logInfo(r, "email address verified", "user_id", userID)
	writeJSON(w, r, http.StatusOK, map[string]any{"message": msgVerifyDone, "emailVerified": true})
	return nil
}

// resendVerification answers POST /api/users/me/verify-email: a new
// confirmation link to the signed-in account's address, limited like every
// request that sends mail (per mailbox, and per mailbox and client).
func (s *Server) resendVerification(w http.ResponseWriter, r *http.Request) error {
	u := currentUser(r)
	if u.EmailVerified() {
		writeJSON(w, r, http.StatusOK, map[string]any{"message": msgVerifyAlready, "emailVerified": true})
		return nil
	}
	ctx := r.Context()
	now := s.now()
	th := auth.NewThrottle(s.store)
	var wait time.Duration
	err := s.store.InTx(ctx, func(tx *store.Tx) error {
		var err error
		if wait, err = th.TakeTx(ctx, tx, now, auth.MailTo(u.Email, clientIP(r))...); err != nil || wait > 0 {
			return err
		}
		return s.queueVerification(ctx, tx, u, now)
	})
	if err != nil {
		s.log.ErrorContext(ctx, "verification mail not queued", "err", err, "user_id", u.ID, "request_id", requestID(ctx))
		return errorf(http.StatusServiceUnavailable, msgVerifyNotQueue)
	}
	if wait > 0 {
		return tooMany(wait, msgs.LabelConfirmationEmails)
	}
	s.notify()
	writeJSON(w, r, http.StatusOK, map[string]any{"message": msgVerifySent, "emailVerified": false})
	return nil
}
