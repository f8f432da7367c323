package httpapi

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"spdc/internal/auth"
	"spdc/internal/entity"
	"spdc/internal/outbox"
	"spdc/internal/store"
)

// Account rules (PRODUCT §3–§4).
const (
	sessionShort   = 24 * time.Hour      // without "Remember me"
	sessionLong    = 30 * 24 * time.Hour // with "Remember me"
	resetLinkValid = time.Hour
)

// Public messages of the account endpoints.
const (
	msgLoginFailed     = "Invalid email/phone or password."
	msgRegistered      = "User registered successfully! Please login."
	msgAlreadyTaken    = "Email or mobile already registered"
	msgForgotSent      = "If an account exists for that email, a password reset link has been sent. Please check your inbox."
	msgResetInvalid    = "This password reset link is invalid or has expired. Please ask for a new one."
	msgResetDone       = "Password reset successful! You can now log in with your new password."
	msgPasswordChanged = "Password changed successfully."
	msgWrongCurrent    = "Current password is incorrect."
	msgLoggedOut       = "Logged out."
)

// userJSON is the public form of a user: never the password hash or a token.
type userJSON struct {
	ID        string `json:"_id"`
	FullName  string `json:"fullName"`
	Email     string `json:"email"`
	Mobile    string `json:"mobile"`
	Address   string `json:"address"`
	IsAdmin   bool   `json:"isAdmin"`
	CreatedAt string `json:"createdAt"`
	UpdatedAt string `json:"updatedAt"`
	Version   int    `json:"__v"`
}

func toUserJSON(u *store.User) userJSON {
	return userJSON{
		ID: u.ID, FullName: u.FullName, Email: u.Email, Mobile: u.Mobile, Address: u.Address, IsAdmin: u.IsAdmin,
		CreatedAt: u.CreatedAt.UTC().Format(time.RFC3339Nano), UpdatedAt: u.UpdatedAt.UTC().Format(time.RFC3339Nano),
		Version: u.Version,
	}
}

// checkUserField checks one account field with the user's definition
// and returns it clean.
func checkUserField(fe FieldErrors, key, v string) string {
	clean, msg := entity.Users.Field(key).Check(v, time.Now())
	if msg != "" {
		fe.Add(key, msg)
	}
	s, _ := clean.(string)
	return s
}

// checkPassword checks a new password's length; it is never trimmed.
func checkPassword(fe FieldErrors, field, pw string) {
	n := utf8.RuneCountInString(pw)
	switch {
	case pw == "":
		fe.Add(field, "is required")
	case n < auth.MinPasswordLen:
		fe.Add(field, fmt.Sprintf("must be at least %d characters", auth.MinPasswordLen))
	case n > auth.MaxPasswordLen:
		fe.Add(field, fmt.Sprintf("must be at most %d characters", auth.MaxPasswordLen))
	case strings.TrimSpace(pw) == "":
		fe.Add(field, "must not be only spaces")
	}
}

// tooMany is the 429 answer for a throttled call.
func tooMany(wait time.Duration, what string) *Error {
	mins := int((wait + time.Minute - 1) / time.Minute)
	unit := "minutes"
	if mins == 1 {
		unit = "minute"
	}
	e := errorf(http.StatusTooManyRequests, "Too many %s. Please wait %d %s and try again.", what, mins, unit)
	e.RetryAfter = wait
	return e
}

// beginAttempt lets one attempt through every keyed limit, reserved under
// each in the same atomic step (see auth.Throttle.Begin), or returns a 429
// *Error when any limit is used up. The caller ends the attempt with Fail
// (it counts) or Release (it does not).
func (s *Server) beginAttempt(ctx context.Context, what string, checks ...limitKey) (*auth.Attempt, error) {
	att, wait, err := auth.NewThrottle(s.store).Begin(ctx, s.now(), keyed(checks)...)
	if err != nil {
		return nil, err
	}
	if wait > 0 {
		return nil, tooMany(wait, what)
	}
	return att, nil
}

type limitKey struct {
	limit auth.Limit
	key   string
}

func keyed(checks []limitKey) []auth.Keyed {
	out := make([]auth.Keyed, len(checks))
	for i, c := range checks {
		out[i] = auth.Keyed{Limit: c.limit, Key: c.key}
	}
	return out
}

// accountKey is the per-account throttle key: the user id for a known
// account, else the normalised identifier (so unknown accounts are limited
// the same way and the limit tells nothing).
func accountKey(u *store.User, identifier string) string {
	if u != nil {
		return "u:" + u.ID
	}
	return "i:" + identifier
}

type registerInput struct {
	FullName string `json:"fullName"`
	Email    string `json:"email"`
	Mobile   string `json:"mobile"`
	Address  string `json:"address"`
	Password string `json:"password"`
}

// register creates an account (it does not sign in: the page sends the
// visitor to /login).
func (s *Server) register(w http.ResponseWriter, r *http.Request) {
	var in registerInput
	if err := decodeJSON(r, &in, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	fe := FieldErrors{}
	u := &store.User{}
	u.FullName = checkUserField(fe, "fullName", in.FullName)
	u.Address = checkUserField(fe, "address", in.Address)
	u.Email = checkUserField(fe, "email", in.Email)
	u.Mobile = checkUserField(fe, "mobile", in.Mobile)
	var err error
	checkPassword(fe, "password", in.Password)
	if err := fe.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	// Look for a duplicate before spending the hash; the unique indexes
	// still decide when two registrations race.
	ctx := r.Context()
	if err := s.checkTaken(ctx, u.Email, u.Mobile, ""); err != nil {
		s.writeError(w, r, err)
		return
	}
	if u.PasswordHash, err = auth.Default().Hash(in.Password); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.store.CreateUser(ctx, u); err != nil {
		s.writeError(w, r, takenError(err))
		return
	}
	s.logInfo(r, "user registered", "user_id", u.ID)
	writeJSON(w, http.StatusCreated, map[string]any{"message": msgRegistered, "user": toUserJSON(u)})
}

// checkTaken answers 409 with a field error when email or mobile belongs
// to an account other than self.
func (s *Server) checkTaken(ctx context.Context, email, mobile, self string) error {
	if email != "" {
		other, err := s.store.UserByEmail(ctx, email)
		if err == nil && other.ID != self {
			return takenError(store.ErrEmailTaken)
		} else if err != nil && !errors.Is(err, store.ErrNotFound) {
			return err
		}
	}
	if mobile != "" {
		other, err := s.store.UserByMobile(ctx, mobile)
		if err == nil && other.ID != self {
			return takenError(store.ErrMobileTaken)
		} else if err != nil && !errors.Is(err, store.ErrNotFound) {
			return err
		}
	}
	return nil
}

// takenError turns a store uniqueness error into the 409 answer.
func takenError(err error) error {
	switch {
	case errors.Is(err, store.ErrEmailTaken):
		return &Error{Status: http.StatusConflict, Message: msgAlreadyTaken, Fields: map[string]string{"email": "is already registered"}}
	case errors.Is(err, store.ErrMobileTaken):
		return &Error{Status: http.StatusConflict, Message: msgAlreadyTaken, Fields: map[string]string{"mobile": "is already registered"}}
	}
	return err
}

type loginInput struct {
	Identifier string `json:"identifier"`
	Password   string `json:"password"`
	Remember   bool   `json:"remember"`
}

// lookupIdentifier finds the account an email or mobile names. It returns
// the normalised identifier, and a nil user when there is no such account.
func (s *Server) lookupIdentifier(ctx context.Context, identifier string) (string, *store.User, error) {
	var (
		u   *store.User
		err error
	)
	norm := strings.ToLower(strings.TrimSpace(identifier))
	if strings.Contains(norm, "@") {
		if e, nerr := auth.NormalizeEmail(norm); nerr == nil {
			norm = e
			u, err = s.store.UserByEmail(ctx, e)
		}
	} else if m, nerr := auth.NormalizeMobile(norm); nerr == nil {
		norm = m
		u, err = s.store.UserByMobile(ctx, m)
	}
	if errors.Is(err, store.ErrNotFound) {
		return norm, nil, nil
	}
	return norm, u, err
}

// login signs in with an email or mobile and a password. Every failure
// gets the same 401 and costs the same time, whether or not the account
// exists.
func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	var in loginInput
	if err := decodeJSON(r, &in, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	fe := FieldErrors{}
	if strings.TrimSpace(in.Identifier) == "" {
		fe.Add("identifier", "is required")
	}
	if in.Password == "" {
		fe.Add("password", "is required")
	}
	if err := fe.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	ctx := r.Context()
	norm, u, err := s.lookupIdentifier(ctx, in.Identifier)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	// The attempt holds its place in the limits before the password is
	// checked, so a parallel burst cannot outrun them; a wrong password
	// then counts, a right one does not (and clears the account's
	// failures).
	limits := []limitKey{{auth.LoginPerAddress, clientIP(r)}, {auth.LoginPerAccount, accountKey(u, norm)}}
	att, err := s.beginAttempt(ctx, "failed sign-in attempts", limits...)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	hasher := auth.Default()
	if len(in.Password) > 4*auth.MaxPasswordLen { // never hash megabytes
		in.Password = in.Password[:4*auth.MaxPasswordLen]
	}
	if u == nil {
		err = hasher.VerifyDummy(in.Password)
	} else {
		err = hasher.Verify(u.PasswordHash, in.Password)
	}
	if errors.Is(err, auth.ErrMismatch) {
		if ferr := att.Fail(ctx); ferr != nil {
			s.writeError(w, r, ferr)
			return
		}
		writeMessage(w, http.StatusUnauthorized, msgLoginFailed)
		return
	}
	if err != nil {
		_ = att.Release(ctx)
		s.writeError(w, r, err)
		return
	}
	if err := att.Release(ctx, auth.Keyed{Limit: auth.LoginPerAccount, Key: accountKey(u, norm)}); err != nil {
		s.writeError(w, r, err)
		return
	}
	ttl := sessionShort
	if in.Remember {
		ttl = sessionLong
	}
	token := auth.NewToken()
	if err := s.store.CreateSession(ctx, auth.HashToken(token), u.ID, s.now().Add(ttl)); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"token": token, "user": toUserJSON(u)})
}

// logout revokes the session the request was made with.
func (s *Server) logout(w http.ResponseWriter, r *http.Request) {
	if err := s.store.DeleteSession(r.Context(), sessionHash(r)); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeMessage(w, http.StatusOK, msgLoggedOut)
}

// me returns the signed-in user.
func (s *Server) me(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, toUserJSON(currentUser(r)))
}

type updateMeInput struct {
	FullName *string `json:"fullName"`
	Mobile   *string `json:"mobile"`
	Address  *string `json:"address"`
	Version  *int    `json:"__v"`
}

// updateMe edits the signed-in user's full name, mobile and address. Other
// fields in the body (email, _id, isAdmin…) are ignored; __v must echo the
// version read, so a stale edit gets 409.
func (s *Server) updateMe(w http.ResponseWriter, r *http.Request) {
	var in updateMeInput
	if err := decodeJSON(r, &in, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	cur := currentUser(r)
	fe := FieldErrors{}
	// Only what changes is checked again, as in an admin edit, so an
	// account made under older rules can still change its other fields.
	field := func(key string, p *string, cur string) string {
		if p == nil || strings.TrimSpace(*p) == cur {
			return cur
		}
		return checkUserField(fe, key, *p)
	}
	fullName := field("fullName", in.FullName, cur.FullName)
	address := field("address", in.Address, cur.Address)
	mobile := cur.Mobile
	if in.Mobile != nil && strings.TrimSpace(*in.Mobile) == "" {
		mobile = "" // a profile may drop its mobile number
	} else {
		mobile = field("mobile", in.Mobile, cur.Mobile)
	}
	if in.Version == nil {
		fe.Add("__v", "is required")
	}
	if err := fe.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	ctx := r.Context()
	if err := s.checkTaken(ctx, "", mobile, cur.ID); err != nil {
		s.writeError(w, r, err)
		return
	}
	u, err := s.store.UpdateProfile(ctx, cur.ID, *in.Version, fullName, mobile, address)
	switch {
	case errors.Is(err, store.ErrMobileTaken):
		err = takenError(err)
	case errors.Is(err, store.ErrConflict):
		err = errorf(http.StatusConflict, "Your profile was changed elsewhere. Reload the page and try again.")
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toUserJSON(u))
}

type changePasswordInput struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
}

// changePassword replaces the signed-in user's password after checking the
// current one, and signs out every other session. A wrong current password
// is a 400 (not 401, which would end this session) and counts toward the
// account's throttle.
func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) {
	var in changePasswordInput
	if err := decodeJSON(r, &in, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	fe := FieldErrors{}
	if in.CurrentPassword == "" {
		fe.Add("currentPassword", "is required")
	}
	checkPassword(fe, "newPassword", in.NewPassword)
	if err := fe.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	ctx := r.Context()
	u := currentUser(r)
	att, err := s.beginAttempt(ctx, "wrong passwords", limitKey{auth.LoginPerAccount, accountKey(u, "")})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	hasher := auth.Default()
	if len(in.CurrentPassword) > 4*auth.MaxPasswordLen {
		in.CurrentPassword = in.CurrentPassword[:4*auth.MaxPasswordLen]
	}
	err = hasher.Verify(u.PasswordHash, in.CurrentPassword)
	if errors.Is(err, auth.ErrMismatch) {
		if ferr := att.Fail(ctx); ferr != nil {
			s.writeError(w, r, ferr)
			return
		}
		s.writeError(w, r, &Error{Status: http.StatusBadRequest, Message: msgWrongCurrent, Fields: map[string]string{"currentPassword": "is incorrect"}})
		return
	}
	if rerr := att.Release(ctx); rerr != nil && err == nil {
		err = rerr
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	hash, err := hasher.Hash(in.NewPassword)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	err = s.store.InTx(ctx, func(tx *store.Tx) error {
		if err := s.store.SetPassword(ctx, tx, u.ID, hash); err != nil {
			return err
		}
		return s.store.DeleteUserSessions(ctx, tx, u.ID, sessionHash(r))
	})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeMessage(w, http.StatusOK, msgPasswordChanged)
}

type forgotInput struct {
	Email string `json:"email"`
}

// forgotPassword emails a one-hour reset link when the address belongs to
// an account, and answers the same either way.
func (s *Server) forgotPassword(w http.ResponseWriter, r *http.Request) {
	var in forgotInput
	if err := decodeJSON(r, &in, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	email, err := auth.NormalizeEmail(in.Email)
	if err != nil {
		s.writeError(w, r, FieldErrors{"email": err.Error()})
		return
	}
	// The answer must take as long whether or not the address has an
	// account: both ways look the account up, render the email (dropped
	// when there is no account) and commit one transaction, which holds
	// the throttle reservation and, for an account, the reset token and
	// the queued email.
	ctx := r.Context()
	now := s.now()
	u, err := s.store.UserByEmail(ctx, email)
	if errors.Is(err, store.ErrNotFound) {
		u, err = nil, nil
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	to, name := email, ""
	if u != nil {
		to, name = u.Email, u.FullName
	}
	token := auth.NewToken()
	expires := now.Add(resetLinkValid)
	msg, merr := s.mail.PasswordReset(to, name, token, expires)
	limits := []limitKey{{auth.ForgotPerAddress, clientIP(r)}, {auth.ForgotPerEmail, email}}
	th := auth.NewThrottle(s.store)
	var (
		wait     time.Duration
		reserved bool
	)
	err = s.store.InTx(ctx, func(tx *store.Tx) error {
		var err error
		if wait, err = th.TakeTx(ctx, tx, now, keyed(limits)...); err != nil || wait > 0 {
			return err
		}
		reserved = true
		if u == nil || merr != nil {
			return nil
		}
		if err := s.store.CreateReset(ctx, tx, u.ID, auth.HashToken(token), expires); err != nil {
			return err
		}
		return outbox.Enqueue(ctx, tx, now, msg)
	})
	if err != nil && reserved && u != nil {
		// Writing the reset failed, which the answer must not tell (that
		// would tell who has an account): log it (the outbox's failures
		// are visible to admins) and still count the request.
		merr = err
		wait, err = th.Take(ctx, now, keyed(limits)...)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if wait > 0 {
		s.writeError(w, r, tooMany(wait, "password reset requests"))
		return
	}
	switch {
	case u == nil:
		s.logInfo(r, "password reset requested for an unknown email")
	case merr != nil:
		s.log.ErrorContext(ctx, "password reset not queued", "err", merr, "user_id", u.ID, "request_id", requestID(ctx))
	default:
		s.notify()
	}
	writeMessage(w, http.StatusOK, msgForgotSent)
}

type resetInput struct {
	Token    string `json:"token"`
	Password string `json:"password"`
}

// resetPassword sets a new password with a one-time token from the reset
// email and signs out every session of the account.
func (s *Server) resetPassword(w http.ResponseWriter, r *http.Request) {
	var in resetInput
	if err := decodeJSON(r, &in, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	fe := FieldErrors{}
	in.Token = strings.TrimSpace(in.Token)
	if in.Token == "" {
		fe.Add("token", "is required")
	}
	checkPassword(fe, "password", in.Password)
	if err := fe.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	ctx := r.Context()
	// The attempt holds its place before the link is tried; an invalid
	// link counts, a valid one does not.
	att, err := s.beginAttempt(ctx, "attempts with invalid reset links", limitKey{auth.ResetPerAddress, clientIP(r)})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	invalid := func() {
		if err := att.Fail(ctx); err != nil {
			s.writeError(w, r, err)
			return
		}
		s.writeError(w, r, &Error{Status: http.StatusBadRequest, Message: msgResetInvalid, Fields: map[string]string{"token": "is invalid or has expired"}})
	}
	if !auth.LooksLikeToken(in.Token) {
		invalid()
		return
	}
	hash, err := auth.Default().Hash(in.Password)
	if err != nil {
		_ = att.Release(ctx)
		s.writeError(w, r, err)
		return
	}
	var userID string
	err = s.store.InTx(ctx, func(tx *store.Tx) error {
		var err error
		if userID, err = s.store.ConsumeReset(ctx, tx, auth.HashToken(in.Token)); err != nil {
			return err
		}
		if err := s.store.SetPassword(ctx, tx, userID, hash); err != nil {
			return err
		}
		return s.store.DeleteUserSessions(ctx, tx, userID, "")
	})
	if errors.Is(err, store.ErrNotFound) {
		invalid()
		return
	}
	if err != nil {
		_ = att.Release(ctx)
		s.writeError(w, r, err)
		return
	}
	// The link was valid, so the attempt does not count; and the owner
	// proved control of the mailbox: lift a sign-in lockout.
	if err := att.Release(ctx, auth.Keyed{Limit: auth.LoginPerAccount, Key: "u:" + userID}); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeMessage(w, http.StatusOK, msgResetDone)
}
