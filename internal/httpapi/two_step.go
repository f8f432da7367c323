package httpapi

// Two-step sign-in for staff: after the right password, a 6-digit code
// from an authenticator app (TOTP, 30-second steps) or one of ten
// one-time recovery codes. A member of staff sets it up in My Account
// (the app's secret is shown once as a QR code and as text, and kept
// sealed with the data key), proves it with a first code, and gets the
// recovery codes once. Once anyone on the staff has set it up, admins
// and accountants without it reach no /api/admin route (see require).
// Wrong codes count as wrong passwords do; a code or a recovery code
// works once only; `spdc admin reset-2fa` clears it for a lost phone.

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"spdc/internal/auth"
	"spdc/internal/mail"
	"spdc/internal/outbox"
	"spdc/internal/roles"
	"spdc/internal/store"
)

// The answers of two-step sign-in.
const (
	msgCodeNeeded       = "Please type the 6-digit code from your authenticator app, or one of your recovery codes."
	msgCodeWrong        = "This code is not right, or it was already used. Please type the code your app shows now."
	msgChallengeEnded   = "This sign-in has ended (it lasts 5 minutes and allows 5 wrong codes). Please sign in again with your password."
	msgTwoStepNeeded    = "Your role needs two-step sign-in. Please set it up in My Account, then open the dashboard again."
	msgTwoStepOn        = "Two-step sign-in is on. Keep your recovery codes somewhere safe: each works once."
	msgTwoStepOff       = "Two-step sign-in is off."
	msgTwoStepAlready   = "Two-step sign-in is already on for your account. Turn it off first to set it up with another phone."
	msgTwoStepNotOn     = "Two-step sign-in is not on for your account."
	msgTwoStepNotBegun  = "Please start the set-up again: no code is waiting to be confirmed."
	msgRecoveryReplaced = "Your new recovery codes are ready; the old ones no longer work."
	fieldCodeFormat     = "must be the 6-digit code from your app or a recovery code"
	fieldCodeDigits     = "must be the 6-digit code your app shows"
	fieldCodeWrong      = "is not right, or was already used"
	codeTwoStepRequired = "two_step_required"
)

// Two-step sign-in's settings: the usual authenticator app's (SHA-1,
// 6 digits, 30 s), a code of the step before or after the current one
// accepted for a phone's clock that is a little off.
const (
	totpPeriod       = 30
	totpSkew         = 1
	challengeTTL     = 5 * time.Minute
	recoveryCount    = 10
	recoveryLen      = 12
	recoveryAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789" // no 0/O, 1/I to mistake
)

var totpOpts = totp.ValidateOpts{Period: totpPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}

// codeKind is what a typed code looks like.
type codeKind int

const (
	codeNone codeKind = iota
	codeTOTP
	codeRecovery
)

// readCode cleans a typed code (spaces and dashes dropped, letters made
// capital) and tells whether it is a 6-digit code or a recovery code.
func readCode(raw string) (string, codeKind) {
	var b strings.Builder
	for _, r := range strings.ToUpper(raw) {
		if r == ' ' || r == '-' || r == '\t' {
			continue
		}
		b.WriteRune(r)
	}
	c := b.String()
	switch {
	case len(c) == 6 && strings.Trim(c, "0123456789") == "":
		return c, codeTOTP
	case len(c) == recoveryLen && strings.Trim(c, recoveryAlphabet) == "":
		return c, codeRecovery
	}
	return "", codeNone
}

// matchStep returns the time step (after the step last used) whose code
// is code for secret, around now.
func matchStep(secret, code string, now time.Time, lastUsed int64) (int64, bool) {
	cur := now.Unix() / totpPeriod
	for step := cur - totpSkew; step <= cur+totpSkew; step++ {
		if step <= lastUsed {
			continue
		}
		want, err := totp.GenerateCodeCustom(secret, time.Unix(step*totpPeriod, 0), totpOpts)
		if err == nil && subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return step, true
		}
	}
	return 0, false
}

// newRecoveryCodes makes the ten recovery codes, shown once as
// XXXX-XXXX-XXXX (60 random bits each), and their hashes, which are all
// that is kept.
func newRecoveryCodes() (shown, hashes []string, err error) {
	for range recoveryCount {
		raw := make([]byte, recoveryLen)
		if _, err := rand.Read(raw); err != nil {
			return nil, nil, err
		}
		for i, b := range raw {
			raw[i] = recoveryAlphabet[int(b)%len(recoveryAlphabet)]
		}
		c := string(raw)
		shown = append(shown, c[:4]+"-"+c[4:8]+"-"+c[8:])
		hashes = append(hashes, auth.HashToken(c))
	}
	return shown, hashes, nil
}

// beginCodeAttempt holds the place of one code typed for u in the same
// limits as a password typed for the account: wrong codes count as wrong
// passwords, per client, per account and per client and account.
func (s *Server) beginCodeAttempt(r *http.Request, u *store.User) (*auth.Attempt, error) {
	client := clientIP(r)
	limits := append([]auth.Keyed{{Limit: auth.LoginPerAddress, Key: client}}, auth.Login(accountKey(u, ""), client)...)
	return s.beginKeyed(r.Context(), "wrong codes", limits...)
}

// codeFailed counts a wrong code (and mails the owner when guesses pile
// up, as for passwords).
func (s *Server) codeFailed(ctx context.Context, att *auth.Attempt, u *store.User) error {
	if err := att.Fail(ctx); err != nil {
		return err
	}
	s.alertGuesses(ctx, u, accountKey(u, ""))
	return nil
}

// codeRight ends an attempt whose code was right, clearing this client's
// failures on the account as a right password does.
func (s *Server) codeRight(ctx context.Context, r *http.Request, att *auth.Attempt, u *store.User) error {
	return att.Release(ctx, auth.Login(accountKey(u, ""), clientIP(r))[0])
}

// spendCode checks code (a 6-digit code or a recovery code) for the
// person whose two-step sign-in is ts and, when right, spends it through
// q: the same code is never accepted twice. It reports whether it was
// right.
func (s *Server) spendCode(ctx context.Context, q store.Querier, ts *store.TwoStep, code string, kind codeKind) (bool, error) {
	switch kind {
	case codeTOTP:
		secret, err := s.secret.OpenString(ts.Secret)
		if err != nil {
			return false, err
		}
		step, ok := matchStep(secret, code, s.now(), ts.LastStep)
		if !ok {
			return false, nil
		}
		return s.store.UseTwoStepStep(ctx, q, ts.UserID, step)
	case codeRecovery:
		return s.store.UseRecoveryCode(ctx, q, ts.UserID, auth.HashToken(code))
	}
	return false, nil
}

// needsTwoStep reports whether a member of staff holding held must set up
// two-step sign-in before reaching the dashboard: an admin or accountant,
// once two-step sign-in is in use on the site, who has not set it up.
func (s *Server) needsTwoStep(ctx context.Context, userID string, held []string) (bool, error) {
	if !slices.Contains(held, roles.Admin) && !slices.Contains(held, roles.Accountant) {
		return false, nil
	}
	required, on, err := s.store.TwoStepGate(ctx, userID)
	return required && !on, err
}

// twoStepStatus answers GET /api/users/me/two-step: whether it is on,
// whether the person's role needs it, and how many recovery codes are
// left.
func (s *Server) twoStepStatus(w http.ResponseWriter, r *http.Request) error {
	u := currentUser(r)
	ts, err := s.store.TwoStepOf(r.Context(), u.ID)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	held, err := s.store.UserRoles(r.Context(), u.ID)
	if err != nil {
		return err
	}
	need, err := s.needsTwoStep(r.Context(), u.ID, held)
	if err != nil {
		return err
	}
	left := 0
	if ts.On() {
		left = ts.RecoveryLeft
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"enabled": ts.On(), "required": need, "recoveryCodesLeft": left})
	return nil
}

// twoStepSetup answers POST /api/users/me/two-step/setup: a new secret
// for the person's authenticator app, as text and as the otpauth:// link
// the page shows as a QR code. It is kept sealed, unconfirmed, until the
// first code proves the app holds it.
func (s *Server) twoStepSetup(w http.ResponseWriter, r *http.Request) error {
	var in struct{}
	if r.ContentLength != 0 {
		if err := decodeJSON(r, &in, true); err != nil {
			return err
		}
	}
	u := currentUser(r)
	key, err := totp.Generate(totp.GenerateOpts{Issuer: "SPDC", AccountName: u.Email, Period: totpPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		return err
	}
	sealed, err := s.secret.SealString(key.Secret())
	if err != nil {
		return err
	}
	if err := s.store.BeginTwoStep(r.Context(), u.ID, sealed); errors.Is(err, store.ErrConflict) {
		return errorf(http.StatusConflict, msgTwoStepAlready)
	} else if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"secret": key.Secret(), "otpauthUrl": key.URL(), "period": totpPeriod, "digits": 6})
	return nil
}

// codeInput is the body of the calls that take a code.
type codeInput struct {
	Code *string `json:"code"`
}

// readCodeInput reads {code}, a 6-digit code (or, when recovery is
// allowed, a recovery code); anything else is a 400.
func readCodeInput(r *http.Request, recovery bool) (string, codeKind, error) {
	var in codeInput
	if err := decodeJSON(r, &in, true); err != nil {
		return "", codeNone, err
	}
	fe := FieldErrors{}
	code, kind := "", codeNone
	if in.Code == nil || strings.TrimSpace(*in.Code) == "" {
		fe.Add("code", "is required")
	} else if code, kind = readCode(*in.Code); kind == codeNone || (!recovery && kind != codeTOTP) {
		if recovery {
			fe.Add("code", fieldCodeFormat)
		} else {
			fe.Add("code", fieldCodeDigits)
		}
	}
	return code, kind, fe.Err()
}

// wrongCode is the 400 of a wrong code typed while signed in.
func wrongCode() error {
	return &Error{Status: http.StatusBadRequest, Message: msgCodeWrong, Fields: map[string]string{"code": fieldCodeWrong}}
}

// twoStepConfirm answers POST /api/users/me/two-step/confirm {code}: the
// first code from the app turns two-step sign-in on, and the answer
// carries the ten recovery codes, shown this once.
func (s *Server) twoStepConfirm(w http.ResponseWriter, r *http.Request) error {
	code, _, err := readCodeInput(r, false)
	if err != nil {
		return err
	}
	ctx := r.Context()
	u := currentUser(r)
	ts, att, err := s.twoStepAttempt(r, u, false, func(ts *store.TwoStep) error {
		if ts.On() {
			return errorf(http.StatusConflict, msgTwoStepAlready)
		}
		return errorf(http.StatusConflict, msgTwoStepNotBegun)
	})
	if err != nil {
		return err
	}
	secret, err := s.secret.OpenString(ts.Secret)
	if err != nil {
		_ = att.Release(ctx)
		return err
	}
	step, ok := matchStep(secret, code, s.now(), 0)
	if !ok {
		if err := s.codeFailed(ctx, att, u); err != nil {
			return err
		}
		return wrongCode()
	}
	if err := s.codeRight(ctx, r, att, u); err != nil {
		return err
	}
	shown, hashes, err := newRecoveryCodes()
	if err != nil {
		return err
	}
	if err := s.store.ConfirmTwoStep(ctx, u.ID, step, hashes, adminActor(r)); errors.Is(err, store.ErrConflict) {
		return errorf(http.StatusConflict, msgTwoStepNotBegun)
	} else if err != nil {
		return err
	}
	s.logInfo(r, "two-step sign-in on", "user_id", u.ID)
	writeJSON(w, r, http.StatusOK, map[string]any{"message": msgTwoStepOn, "recoveryCodes": shown})
	return nil
}

// withCurrentCode runs do with a transaction after a right current code
// (a 6-digit code or a recovery code, spent in that transaction) of the
// person whose two-step sign-in is on; a wrong code counts as a wrong
// password and is a 400.
func (s *Server) withCurrentCode(r *http.Request, do func(tx *store.Tx) error) error {
	code, kind, err := readCodeInput(r, true)
	if err != nil {
		return err
	}
	u := currentUser(r)
	ts, att, err := s.twoStepAttempt(r, u, true, func(*store.TwoStep) error { return errorf(http.StatusConflict, msgTwoStepNotOn) })
	if err != nil {
		return err
	}
	right, err := s.spendThen(r, u, ts, att, code, kind, do)
	if err == nil && !right {
		err = wrongCode()
	}
	return err
}

// twoStepAttempt reads u's two-step sign-in, which must be on (on) or
// waiting for its first code (!on); otherwise refused says the answer.
// It then holds the place of one code in the limits (beginCodeAttempt).
func (s *Server) twoStepAttempt(r *http.Request, u *store.User, on bool, refused func(*store.TwoStep) error) (*store.TwoStep, *auth.Attempt, error) {
	ts, err := s.store.TwoStepOf(r.Context(), u.ID)
	if errors.Is(err, store.ErrNotFound) || (err == nil && ts.On() != on) {
		return nil, nil, refused(ts)
	}
	if err != nil {
		return nil, nil, err
	}
	att, err := s.beginCodeAttempt(r, u)
	if err != nil {
		return nil, nil, err
	}
	return ts, att, nil
}

// spendThen checks code for u and, when right, spends it and runs then in
// one transaction (nothing is kept when then fails), and ends the
// attempt: a wrong code counts as a wrong password, a right one clears
// this client's failures. It reports whether the code was right.
func (s *Server) spendThen(r *http.Request, u *store.User, ts *store.TwoStep, att *auth.Attempt, code string, kind codeKind, then func(tx *store.Tx) error) (bool, error) {
	ctx := r.Context()
	right := false
	err := s.store.InTx(ctx, func(tx *store.Tx) error {
		ok, err := s.spendCode(ctx, tx, ts, code, kind)
		if err != nil || !ok {
			return err
		}
		right = true
		return then(tx)
	})
	if err != nil {
		_ = att.Release(ctx)
		return false, err
	}
	if !right {
		return false, s.codeFailed(ctx, att, u)
	}
	return true, s.codeRight(ctx, r, att, u)
}

// twoStepDisable answers POST /api/users/me/two-step/disable {code}: with
// a current code, two-step sign-in is turned off; the person is mailed.
// An admin or accountant may do it, and then reaches the dashboard again
// only after setting it up anew.
func (s *Server) twoStepDisable(w http.ResponseWriter, r *http.Request) error {
	u := currentUser(r)
	err := s.withCurrentCode(r, func(tx *store.Tx) error {
		return s.store.TurnOffTwoStepIn(r.Context(), tx, u.ID, adminActor(r), func(q store.Querier) error {
			m, err := s.mail.In(userLanguage(u)).TwoStep(u.Email, u.FullName, mail.TwoStepOff)
			if err != nil {
				return err
			}
			return outbox.Enqueue(r.Context(), q, s.now(), m)
		})
	})
	if err != nil {
		return err
	}
	s.notify()
	s.logInfo(r, "two-step sign-in off", "user_id", u.ID)
	writeMessage(w, r, http.StatusOK, msgTwoStepOff)
	return nil
}

// twoStepNewCodes answers POST /api/users/me/two-step/recovery-codes
// {code}: with a current code, ten new recovery codes replace the old.
func (s *Server) twoStepNewCodes(w http.ResponseWriter, r *http.Request) error {
	u := currentUser(r)
	shown, hashes, err := newRecoveryCodes()
	if err != nil {
		return err
	}
	err = s.withCurrentCode(r, func(tx *store.Tx) error {
		return s.store.ReplaceRecoveryCodesIn(r.Context(), tx, u.ID, hashes, adminActor(r))
	})
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"message": msgRecoveryReplaced, "recoveryCodes": shown})
	return nil
}

// startTwoStep answers a right password of an account with two-step
// sign-in: no session yet, but a challenge (single use, 5 minutes) that
// POST /api/users/login/two-step finishes with a code.
func (s *Server) startTwoStep(w http.ResponseWriter, r *http.Request, u *store.User) error {
	token := auth.NewToken()
	expires := s.now().Add(challengeTTL)
	if err := s.store.CreateTwoStepChallenge(r.Context(), auth.HashToken(token), u.ID, expires); err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"twoStep": true, "challenge": token,
		"expiresAt": expires.UTC().Format(time.RFC3339), "message": msgCodeNeeded})
	return nil
}

// loginTwoStep answers POST /api/users/login/two-step {challenge, code}:
// the second step of signing in. A right code (or an unused recovery
// code) spends the challenge and the code together and answers as a
// sign-in does, {token, user}; a wrong one counts as a wrong password,
// is a 401, and the fifth ends the challenge.
func (s *Server) loginTwoStep(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Challenge *string `json:"challenge"`
		Code      *string `json:"code"`
	}
	if err := decodeJSON(r, &in, true); err != nil {
		return err
	}
	fe := FieldErrors{}
	if in.Challenge == nil || !auth.LooksLikeToken(*in.Challenge) {
		fe.Add("challenge", "is required: sign in with your password first")
	}
	code, kind := "", codeNone
	if in.Code == nil || strings.TrimSpace(*in.Code) == "" {
		fe.Add("code", "is required")
	} else if code, kind = readCode(*in.Code); kind == codeNone {
		fe.Add("code", fieldCodeFormat)
	}
	if err := fe.Err(); err != nil {
		return err
	}
	ctx := r.Context()
	hash := auth.HashToken(*in.Challenge)
	u, err := s.store.TwoStepChallengeUser(ctx, hash)
	if errors.Is(err, store.ErrNotFound) {
		// An unknown challenge costs the client as a wrong password does.
		att, err := s.beginKeyed(ctx, "failed sign-in attempts", auth.Keyed{Limit: auth.LoginPerAddress, Key: clientIP(r)})
		if err != nil {
			return err
		}
		if err := att.Fail(ctx); err != nil {
			return err
		}
		return challengeEnded()
	}
	if err != nil {
		return err
	}
	ts, att, err := s.twoStepAttempt(r, u, true, func(*store.TwoStep) error { return challengeEnded() })
	if err != nil {
		return err
	}
	right, err := s.spendThen(r, u, ts, att, code, kind, func(tx *store.Tx) error {
		spent, err := s.store.UseTwoStepChallenge(ctx, tx, hash)
		if err == nil && !spent {
			// Another request finished this sign-in first: nothing of
			// this one is kept, the code included.
			err = challengeEnded()
		}
		return err
	})
	if err != nil {
		return err
	}
	if !right {
		if err := s.store.MissTwoStepChallenge(ctx, hash); err != nil {
			return err
		}
		return &Error{Status: http.StatusUnauthorized, Message: msgCodeWrong, Fields: map[string]string{"code": fieldCodeWrong}}
	}
	if kind == codeRecovery {
		s.logInfo(r, "signed in with a recovery code", "user_id", u.ID)
	}
	return s.openSession(w, r, u, false)
}

// challengeEnded is the 401 of a second step whose challenge is unknown,
// used, expired or ended by wrong codes.
func challengeEnded() error {
	return &Error{Status: http.StatusUnauthorized, Message: msgChallengeEnded, Fields: map[string]string{"challenge": "has ended"}}
}
