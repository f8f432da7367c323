package httpapi

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"spdc/internal/auth"
	"spdc/internal/entity"
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/mail"
	"spdc/internal/outbox"
	"spdc/internal/store"
)

// Session lifetimes of a sign-in.
const (
	sessionShort = 24 * time.Hour      // without "Remember me"
	sessionLong  = 30 * 24 * time.Hour // with "Remember me"
)

// Public messages of the account endpoints.
var (
	msgLoginFailed     = msgs.AccountInvalidEmailPhoneOrPassword
	msgRegistered      = msgs.AccountUserRegisteredSuccessfullyLogin
	msgAlreadyTaken    = msgs.LabelEmailOrMobileAlreadyRegistered
	msgForgotSent      = msgs.AccountIfAccountExistsForThatEmail
	msgResetInvalid    = msgs.AccountPasswordResetLinkInvalidOrHas
	msgResetDone       = msgs.AccountPasswordResetSuccessfulCanNowLog
	msgResetUsed       = msgs.AccountPasswordResetLinkHasAlreadyBeen
	msgResetExpired    = msgs.AccountPasswordResetLinkHasExpiredEach
	msgResetUnknown    = msgs.AccountPasswordResetLinkNotValidNewer
	msgPasswordChanged = msgs.AccountPasswordChangedSuccessfully
	msgWrongCurrent    = msgs.AccountCurrentPasswordIncorrect
	msgLoggedOut       = msgs.AccountLoggedOut
	msgAdminWeak       = msgs.AccountAdminAccountsNeedPasswordAtLeast
)

// userJSON is the public form of a user: never the password hash or a token.
type userJSON struct {
	ID       string `json:"_id"`
	FullName string `json:"fullName"`
	Email    string `json:"email"`
	Mobile   string `json:"mobile"`
	Address  string `json:"address"`
	IsAdmin  bool   `json:"isAdmin"`
	Language string `json:"language"`
	// EmailVerified is whether the account has proved it owns Email.
	EmailVerified bool   `json:"emailVerified"`
	CreatedAt     string `json:"createdAt"`
	UpdatedAt     string `json:"updatedAt"`
	Version       int    `json:"__v"`
}

func toUserJSON(u *store.User) userJSON {
	return userJSON{
		ID: u.ID, FullName: u.FullName, Email: u.Email, Mobile: u.Mobile, Address: u.Address, IsAdmin: u.IsAdmin,
		Language: userLanguage(u), EmailVerified: u.EmailVerified(),
		CreatedAt: u.CreatedAt.UTC().Format(time.RFC3339Nano), UpdatedAt: u.UpdatedAt.UTC().Format(time.RFC3339Nano),
		Version: u.Version,
	}
}

// checkUserField checks one account field with the user's definition
// and returns it clean.
func checkUserField(fe FieldErrors, key, v string) string {
	clean, msg := entity.Users.Field(key).Check(v, time.Now())
	if !msg.IsZero() {
		fe.Add(key, msg)
	}
	s, _ := clean.(string)
	return s
}

// checkPassword checks a new password against the password rules (length,
// and not a common password; longer for admins). It is never trimmed.
func checkPassword(fe FieldErrors, field, pw string, admin bool) {
	if p := auth.PasswordProblem(pw, admin); !p.IsZero() {
		fe.Add(field, p)
	}
}

// tooMany is the 429 answer for a throttled call.
func tooMany(wait time.Duration, what i18n.Msg) *Error {
	e := errorf(http.StatusTooManyRequests, msgs.WaitTooManyWhatWaitWaitAnd.With("what", what).With("wait", waitWords(wait)))
	e.RetryAfter = wait
	return e
}

// beginAttempt lets one attempt through every keyed limit, reserved under
// each in the same atomic step (see auth.Throttle.Begin), or returns a 429
// *Error when any limit is used up. The caller ends the attempt with Fail
// (it counts) or Release (it does not).
func (s *Server) beginAttempt(ctx context.Context, what i18n.Msg, checks ...limitKey) (*auth.Attempt, error) {
	return s.beginKeyed(ctx, what, keyed(checks)...)
}

// beginLinkAttempt holds the client's place for trying a one-time emailed
// link (what names such attempts in a 429) and returns, beside the
// attempt, the answer to a link that is not valid: it counts the attempt
// and says message, with the token field's error.
func (s *Server) beginLinkAttempt(r *http.Request, what, message i18n.Msg) (*auth.Attempt, func() error, error) {
	ctx := r.Context()
	att, err := s.beginAttempt(ctx, what, limitKey{auth.ResetPerAddress, clientIP(r)})
	if err != nil {
		return nil, nil, err
	}
	invalid := func() error {
		if err := att.Fail(ctx); err != nil {
			return err
		}
		return &Error{Status: http.StatusBadRequest, Msg: message, Fields: map[string]i18n.Msg{"token": msgs.FieldInvalidOrHasExpired}}
	}
	return att, invalid, nil
}

// beginKeyed is beginAttempt with the limits already keyed.
func (s *Server) beginKeyed(ctx context.Context, what i18n.Msg, checks ...auth.Keyed) (*auth.Attempt, error) {
	att, wait, err := auth.NewThrottle(s.store).Begin(ctx, s.now(), checks...)
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

// alertGuesses emails the owner of u, at most once a day, when the
// account's failures in the last hour have reached the point where sign-ins
// start to wait: one notice, not one per guess. The count is read for
// unknown accounts too, so a failure costs the same either way. A problem
// here is logged, never shown: the sign-in answer must not change.
func (s *Server) alertGuesses(ctx context.Context, u *store.User, account string) {
	now := s.now()
	l := auth.LoginPerAccount
	events, err := s.store.ThrottleWindow(ctx, l.Bucket(account), now.Add(-l.Window), auth.GuessesBeforeDelay)
	if err != nil || u == nil || len(events) < auth.GuessesBeforeDelay {
		if err != nil {
			s.log.WarnContext(ctx, "sign-in alert: count failures", "err", err, "request_id", requestID(ctx))
		}
		return
	}
	msg, err := s.mail.In(userLanguage(u)).SignInAttempts(u.Email, u.FullName)
	sent := false
	if err == nil {
		err = s.store.InTx(ctx, func(tx *store.Tx) error {
			wait, err := auth.NewThrottle(s.store).TakeTx(ctx, tx, now, auth.Keyed{Limit: auth.GuessAlert, Key: u.ID})
			if err != nil || wait > 0 {
				return err
			}
			sent = true
			return outbox.Enqueue(ctx, tx, now, msg)
		})
	}
	if err != nil {
		s.log.WarnContext(ctx, "sign-in alert not queued", "err", err, "user_id", u.ID, "request_id", requestID(ctx))
		return
	}
	if sent {
		s.notify()
	}
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
	FullName string  `json:"fullName"`
	Email    string  `json:"email"`
	Mobile   string  `json:"mobile"`
	Address  string  `json:"address"`
	Password string  `json:"password"`
	Language *string `json:"language"`
}

// userLanguage is an account's language, English when none is stored.
func userLanguage(u *store.User) string {
	if i18n.Valid(u.Language) {
		return u.Language
	}
	return i18n.Default
}

// msgLanguage is the field error of a language the site does not have.
var msgLanguage = msgs.PasswordChooseEnglishEnHindiHiOr

// checkLanguage is the language a body names (nil: the request's own,
// from Accept-Language); an unknown code is a field error.
func checkLanguage(fe FieldErrors, r *http.Request, v *string) string {
	if v == nil {
		return i18n.FromRequest(r)
	}
	if !i18n.Valid(*v) {
		fe.Add("language", msgLanguage)
		return ""
	}
	return *v
}

// register creates an account (it does not sign in: the page sends the
// visitor to /login).
func (s *Server) register(w http.ResponseWriter, r *http.Request) error {
	var in registerInput
	if err := decodeJSON(r, &in, false); err != nil {
		return err
	}
	fe := FieldErrors{}
	u := &store.User{}
	u.FullName = checkUserField(fe, "fullName", in.FullName)
	u.Address = checkUserField(fe, "address", in.Address)
	u.Email = checkUserField(fe, "email", in.Email)
	u.Mobile = checkUserField(fe, "mobile", in.Mobile)
	u.Language = checkLanguage(fe, r, in.Language)
	var err error
	checkPassword(fe, "password", in.Password, false)
	if err := fe.Err(); err != nil {
		return err
	}
	// Every valid attempt counts, a taken address too: the clear 409 stays
	// for people who forgot they registered, but asking it about many
	// addresses is slow.
	ctx := r.Context()
	client := clientIP(r)
	wait, err := auth.NewThrottle(s.store).Take(ctx, s.now(),
		auth.Keyed{Limit: auth.RegisterPerAddress, Key: client}, auth.Keyed{Limit: auth.RegisterPerAddressDay, Key: client})
	if err != nil {
		return err
	}
	if wait > 0 {
		return tooMany(wait, msgs.LabelRegistrationsFromConnection)
	}
	// Look for a duplicate before spending the hash; the unique indexes
	// still decide when two registrations race.
	if err := s.checkTaken(ctx, u.Email, u.Mobile, ""); err != nil {
		return err
	}
	if u.PasswordHash, err = auth.Default().Hash(in.Password); err != nil {
		return err
	}
	if err := s.store.CreateUser(ctx, u); err != nil {
		return takenError(err)
	}
	s.logInfo(r, "user registered", "user_id", u.ID)
	s.mailVerification(r, u)
	writeJSON(w, r, http.StatusCreated, map[string]any{"message": msgRegistered, "user": toUserJSON(u)})
	return nil
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
		return &Error{Status: http.StatusConflict, Msg: msgAlreadyTaken, Fields: map[string]i18n.Msg{"email": msgs.FieldAlreadyRegistered}}
	case errors.Is(err, store.ErrMobileTaken):
		return &Error{Status: http.StatusConflict, Msg: msgAlreadyTaken, Fields: map[string]i18n.Msg{"mobile": msgs.FieldAlreadyRegistered}}
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
func (s *Server) login(w http.ResponseWriter, r *http.Request) error {
	var in loginInput
	if err := decodeJSON(r, &in, false); err != nil {
		return err
	}
	fe := FieldErrors{}
	if strings.TrimSpace(in.Identifier) == "" {
		fe.Add("identifier", msgs.FieldRequired)
	}
	if in.Password == "" {
		fe.Add("password", msgs.FieldRequired)
	}
	if err := fe.Err(); err != nil {
		return err
	}
	ctx := r.Context()
	norm, u, err := s.lookupIdentifier(ctx, in.Identifier)
	if err != nil {
		return err
	}
	// The attempt holds its place in the limits before the password is
	// checked, so a parallel burst cannot outrun them; a wrong password
	// then counts, a right one does not (and clears the account's
	// failures).
	client, account := clientIP(r), accountKey(u, norm)
	limits := append([]auth.Keyed{{Limit: auth.LoginPerAddress, Key: client}}, auth.Login(account, client)...)
	att, err := s.beginKeyed(ctx, msgs.LabelFailedSignInAttempts, limits...)
	if err != nil {
		return err
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
			return ferr
		}
		s.alertGuesses(ctx, u, account)
		return errorf(http.StatusUnauthorized, msgLoginFailed)
	}
	if err != nil {
		_ = att.Release(ctx)
		return err
	}
	// An account with two-step sign-in is not signed in yet: its code
	// comes next.
	twoStep, err := s.store.TwoStepOf(ctx, u.ID)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		_ = att.Release(ctx)
		return err
	}
	// A right password clears this client's failures on the account; the
	// account-wide count stays, or the owner's sign-in would hand a
	// guesser elsewhere a fresh run of quick tries. With two-step sign-in
	// only the right code clears them, so that someone who knows the
	// password gets no fresh run of codes by typing it again.
	clearOnRight := []auth.Keyed{auth.Login(account, client)[0]}
	if twoStep.On() {
		clearOnRight = nil
	}
	if err := att.Release(ctx, clearOnRight...); err != nil {
		return err
	}
	// An admin whose password predates the admin rules (or who was
	// promoted with a user's password) must set a new one first. Only
	// someone who typed the right password learns this.
	if u.IsAdmin && !auth.PasswordProblem(in.Password, true).IsZero() {
		return errorf(http.StatusForbidden, msgAdminWeak)
	}
	if twoStep.On() {
		return s.startTwoStep(w, r, u)
	}
	return s.openSession(w, r, u, in.Remember)
}

// openSession signs u in: a new session, answered {token, user}.
// "Remember me" never applies to staff (any role): their session is
// always the short kind, and also ends after AdminIdleTimeout idle.
func (s *Server) openSession(w http.ResponseWriter, r *http.Request, u *store.User, remember bool) error {
	ctx := r.Context()
	held, err := s.store.UserRoles(ctx, u.ID)
	if err != nil {
		return err
	}
	ttl := sessionShort
	if remember && len(held) == 0 {
		ttl = sessionLong
	}
	token := auth.NewToken()
	if err := s.store.CreateSession(ctx, auth.HashToken(token), u.ID, s.now().Add(ttl)); err != nil {
		return err
	}
	me, err := s.userWithRoles(r, u)
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"token": token, "user": me})
	return nil
}

// logout revokes the session the request was made with.
func (s *Server) logout(w http.ResponseWriter, r *http.Request) error {
	if err := s.store.DeleteSession(r.Context(), sessionHash(r)); err != nil {
		return err
	}
	writeMessage(w, r, http.StatusOK, msgLoggedOut)
	return nil
}

// setMyLanguage answers PUT /api/users/me/language: {"language": "hi"}
// stores the language the signed-in person reads the site and its emails
// in, and answers it.
func (s *Server) setMyLanguage(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Language *string `json:"language"`
	}
	if err := decodeJSON(r, &in, true); err != nil {
		return err
	}
	fe := FieldErrors{}
	if in.Language == nil {
		fe.Add("language", msgLanguage)
	}
	lang := checkLanguage(fe, r, in.Language)
	if err := fe.Err(); err != nil {
		return err
	}
	if err := s.store.SetUserLanguage(r.Context(), currentUser(r).ID, lang); err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, map[string]string{"language": lang})
	return nil
}

// takeContactChange counts one change of the signed-in account's mobile
// number or email against its throttle and its connection's, before the
// new value is looked up, so the clear 409 for a taken value stays while
// asking it about many values is slow; it returns a 429 *Error when a
// limit is used up.
func (s *Server) takeContactChange(r *http.Request, account string) error {
	client := clientIP(r)
	wait, err := auth.NewThrottle(s.store).Take(r.Context(), s.now(),
		auth.Keyed{Limit: auth.ContactChangePerAccount, Key: account},
		auth.Keyed{Limit: auth.ContactChangePerAccountDay, Key: account},
		auth.Keyed{Limit: auth.ContactChangePerAddress, Key: client})
	if err != nil {
		return err
	}
	if wait > 0 {
		return tooMany(wait, msgs.LabelChangesContactDetails)
	}
	return nil
}

type updateMeInput struct {
	FullName *string `json:"fullName"`
	Email    *string `json:"email"`
	Mobile   *string `json:"mobile"`
	Address  *string `json:"address"`
	Version  *int    `json:"__v"`
}

// updateMe edits the signed-in user's full name, email, mobile and
// address. Other fields in the body (_id, isAdmin…) are ignored; __v must
// echo the version read, so a stale edit gets 409. A new email is not
// verified: a confirmation link goes to it, and until it is opened only
// what the account made while signed in reaches it.
func (s *Server) updateMe(w http.ResponseWriter, r *http.Request) error {
	var in updateMeInput
	if err := decodeJSON(r, &in, false); err != nil {
		return err
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
	email := ""
	if in.Email != nil && !strings.EqualFold(strings.TrimSpace(*in.Email), cur.Email) {
		email = checkUserField(fe, "email", *in.Email)
	}
	var mobile string
	if in.Mobile != nil && strings.TrimSpace(*in.Mobile) == "" {
		mobile = "" // a profile may drop its mobile number
	} else {
		mobile = field("mobile", in.Mobile, cur.Mobile)
	}
	if in.Version == nil {
		fe.Add("__v", msgs.FieldRequired)
	}
	if err := fe.Err(); err != nil {
		return err
	}
	ctx := r.Context()
	// A change of mobile number or email is counted before it is looked
	// up, so the 409 for a taken one cannot be asked about many values.
	if mobile != cur.Mobile || email != "" {
		if err := s.takeContactChange(r, cur.ID); err != nil {
			return err
		}
	}
	if err := s.checkTaken(ctx, email, mobile, cur.ID); err != nil {
		return err
	}
	u, err := s.store.UpdateAccount(ctx, cur.ID, *in.Version, fullName, mobile, address, email)
	switch {
	case errors.Is(err, store.ErrMobileTaken), errors.Is(err, store.ErrEmailTaken):
		err = takenError(err)
	case errors.Is(err, store.ErrConflict):
		err = errorf(http.StatusConflict, msgs.AccountProfileWasChangedElsewhereReloadPage)
	}
	if err != nil {
		return err
	}
	if email != "" {
		s.mailVerification(r, u)
	}
	me, err := s.userWithRoles(r, u)
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, me)
	return nil
}

type changePasswordInput struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
}

// changePassword replaces the signed-in user's password after checking the
// current one, signs out every other session and cancels every reset link
// still outstanding. A wrong current password
// is a 400 (not 401, which would end this session) and counts toward the
// account's throttle.
func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) error {
	var in changePasswordInput
	if err := decodeJSON(r, &in, false); err != nil {
		return err
	}
	fe := FieldErrors{}
	if in.CurrentPassword == "" {
		fe.Add("currentPassword", msgs.FieldRequired)
	}
	checkPassword(fe, "newPassword", in.NewPassword, currentUser(r).IsAdmin)
	if err := fe.Err(); err != nil {
		return err
	}
	ctx := r.Context()
	u := currentUser(r)
	if err := s.checkOwnPassword(r, u, in.CurrentPassword, "currentPassword"); err != nil {
		return err
	}
	hash, err := auth.Default().Hash(in.NewPassword)
	if err != nil {
		return err
	}
	err = s.store.InTx(ctx, func(tx *store.Tx) error {
		if err := s.store.SetPassword(ctx, tx, u.ID, hash); err != nil {
			return err
		}
		if err := s.store.CancelResets(ctx, tx, u.ID); err != nil {
			return err
		}
		if err := s.store.DeleteUserSessions(ctx, tx, u.ID, sessionHash(r)); err != nil {
			return err
		}
		return s.tellPasswordChanged(ctx, tx, u.ID)
	})
	if err != nil {
		return err
	}
	writeMessage(w, r, http.StatusOK, msgPasswordChanged)
	return nil
}

// tellPasswordChanged queues, in tx, the note telling the account's owner
// that its password was changed, in the account's language, with what to
// do if it was not them: a change they did not make is how they learn
// that someone else has their password.
func (s *Server) tellPasswordChanged(ctx context.Context, tx *store.Tx, userID string) error {
	u, err := s.store.UserByID(ctx, userID)
	if err != nil {
		return err
	}
	return formMail(ctx, tx, s.now(), func() (mail.Message, error) {
		return s.mailIn(ctx, "", u.Language).PasswordChanged(u.Email, u.FullName)
	})
}

// checkOwnPassword checks the signed-in user's password before a change
// that needs it (a new password, deleting the account). A wrong one is a
// 400 naming field (not 401, which would end this session) and counts
// toward the account's throttle.
func (s *Server) checkOwnPassword(r *http.Request, u *store.User, password, field string) error {
	ctx := r.Context()
	att, err := s.beginKeyed(ctx, msgs.LabelWrongPasswords, auth.Login(accountKey(u, ""), clientIP(r))...)
	if err != nil {
		return err
	}
	if len(password) > 4*auth.MaxPasswordLen {
		password = password[:4*auth.MaxPasswordLen]
	}
	err = auth.Default().Verify(u.PasswordHash, password)
	if errors.Is(err, auth.ErrMismatch) {
		if ferr := att.Fail(ctx); ferr != nil {
			return ferr
		}
		s.alertGuesses(ctx, u, accountKey(u, ""))
		return &Error{Status: http.StatusBadRequest, Msg: msgWrongCurrent, Fields: map[string]i18n.Msg{field: msgs.FieldIncorrect}}
	}
	if rerr := att.Release(ctx); rerr != nil && err == nil {
		err = rerr
	}
	return err
}

type forgotInput struct {
	Email string `json:"email"`
}

// forgotPassword emails a one-hour reset link when the address belongs to
// an account, and answers the same either way.
func (s *Server) forgotPassword(w http.ResponseWriter, r *http.Request) error {
	var in forgotInput
	if err := decodeJSON(r, &in, false); err != nil {
		return err
	}
	email, err := auth.NormalizeEmail(in.Email)
	if err != nil {
		return FieldErrors{"email": i18n.FromError(err)}
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
		return err
	}
	to, name, userID, lang := email, "", "unknown", i18n.FromRequest(r)
	if u != nil {
		to, name, userID, lang = u.Email, u.FullName, u.ID, userLanguage(u)
	}
	// The mail carries no token: the outbox makes one when it sends it.
	msg, merr := s.mail.In(lang).PasswordReset(to, name, userID, now.Add(store.ResetTokenTTL))
	// Every request counts, for an account or not (so the limits tell
	// nothing): per client, and as mail to that mailbox.
	limits := append([]auth.Keyed{{Limit: auth.ForgotPerAddress, Key: clientIP(r)}}, auth.MailTo(email, clientIP(r))...)
	th := auth.NewThrottle(s.store)
	var (
		wait     time.Duration
		reserved bool
	)
	err = s.store.InTx(ctx, func(tx *store.Tx) error {
		var err error
		if wait, err = th.TakeTx(ctx, tx, now, limits...); err != nil || wait > 0 {
			return err
		}
		reserved = true
		if u == nil || merr != nil {
			return nil
		}
		return outbox.Enqueue(ctx, tx, now, msg)
	})
	if err != nil && reserved && u != nil {
		// Writing the reset failed, which the answer must not tell (that
		// would tell who has an account): log it (the outbox's failures
		// are visible to admins) and still count the request.
		merr = err
		wait, err = th.Take(ctx, now, limits...)
	}
	if err != nil {
		return err
	}
	if wait > 0 {
		return tooMany(wait, msgs.LabelPasswordResetRequests)
	}
	// Nothing is logged for an unknown address: the log must not tell
	// who has an account either.
	switch {
	case u == nil:
	case merr != nil:
		s.log.ErrorContext(ctx, "password reset not queued", "err", merr, "user_id", u.ID, "request_id", requestID(ctx))
	default:
		s.notify()
	}
	writeMessage(w, r, http.StatusOK, msgForgotSent)
	return nil
}

type resetInput struct {
	Token    string `json:"token"`
	Password string `json:"password"`
}

// resetPassword sets a new password with a one-time token from the reset
// email, signs out every session of the account and cancels any other
// reset link of the account.
// resetLink answers GET /api/users/reset-password/{token}: whether the
// link can still be used, so the page says at once when it cannot, before
// anyone types a new password. It only reads: opening it (a mail scanner
// does) changes nothing.
func (s *Server) resetLink(w http.ResponseWriter, r *http.Request) error {
	token := r.PathValue("token")
	if !auth.LooksLikeToken(token) {
		return errorf(http.StatusNotFound, msgResetUnknown)
	}
	state, until, err := s.store.ResetLinkState(r.Context(), auth.HashToken(token))
	switch {
	case errors.Is(err, store.ErrNotFound):
		return errorf(http.StatusNotFound, msgResetUnknown)
	case err != nil:
		return err
	case state == store.ResetUsed:
		return errorf(http.StatusGone, msgResetUsed)
	case state == store.ResetExpired:
		return errorf(http.StatusGone, msgResetExpired)
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"valid": true, "expiresAt": until.UTC().Format(time.RFC3339)})
	return nil
}

func (s *Server) resetPassword(w http.ResponseWriter, r *http.Request) error {
	var in resetInput
	if err := decodeJSON(r, &in, false); err != nil {
		return err
	}
	fe := FieldErrors{}
	in.Token = strings.TrimSpace(in.Token)
	if in.Token == "" {
		fe.Add("token", msgs.FieldRequired)
	}
	// The user rule first; an admin's account is checked against the
	// admin rule once the link has named the account.
	checkPassword(fe, "password", in.Password, false)
	if err := fe.Err(); err != nil {
		return err
	}
	ctx := r.Context()
	// The attempt holds its place before the link is tried; an invalid
	// link counts, a valid one does not.
	att, invalid, err := s.beginLinkAttempt(r, msgs.LabelAttemptsWithInvalidResetLinks, msgResetInvalid)
	if err != nil {
		return err
	}
	if !auth.LooksLikeToken(in.Token) {
		return invalid()
	}
	owner, err := s.store.ResetOwner(ctx, auth.HashToken(in.Token))
	if errors.Is(err, store.ErrNotFound) {
		return invalid()
	}
	if err != nil {
		_ = att.Release(ctx)
		return err
	}
	if p := auth.PasswordProblem(in.Password, owner.IsAdmin); !p.IsZero() {
		_ = att.Release(ctx)
		return FieldErrors{"password": p}
	}
	hash, err := auth.Default().Hash(in.Password)
	if err != nil {
		_ = att.Release(ctx)
		return err
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
		// The link reached the account's mailbox: the address is proved.
		if err := store.MarkEmailVerified(ctx, tx, userID, owner.Email); err != nil {
			return err
		}
		if err := s.store.CancelResets(ctx, tx, userID); err != nil {
			return err
		}
		if err := s.store.DeleteUserSessions(ctx, tx, userID, ""); err != nil {
			return err
		}
		return s.tellPasswordChanged(ctx, tx, userID)
	})
	if errors.Is(err, store.ErrNotFound) {
		return invalid()
	}
	if err != nil {
		_ = att.Release(ctx)
		return err
	}
	// The link was valid, so the attempt does not count; and the owner
	// proved control of the mailbox: lift a sign-in lockout.
	if err := att.Release(ctx, auth.Keyed{Limit: auth.LoginPerAccount, Key: "u:" + userID}); err != nil {
		return err
	}
	writeMessage(w, r, http.StatusOK, msgResetDone)
	return nil
}

// The rules on an admin's changes to the accounts.
var (
	msgEditAdmin   = msgs.AdminCannotEditAdminData
	msgDeleteAdmin = msgs.AdminCannotDeleteAdminData
	msgPromote     = msgs.AdminAdminCannotPromoteUserAdmin
)

// userRules keep the admins' accounts out of the dashboard's edits and
// deletes: an admin's data is neither edited nor deleted there (their
// own included), and no account is made an admin by an edit.
var userRules = adminRules{
	flags: []string{"isAdmin"},
	edit: func(before *store.Record, flags map[string]bool) error {
		if isAdmin, _ := before.Get("isAdmin").(bool); isAdmin {
			return errorf(http.StatusForbidden, msgEditAdmin)
		}
		if flags["isAdmin"] {
			return errorf(http.StatusForbidden, msgPromote)
		}
		return nil
	},
	delete: func(before *store.Record) error {
		if isAdmin, _ := before.Get("isAdmin").(bool); isAdmin {
			return errorf(http.StatusForbidden, msgDeleteAdmin)
		}
		return nil
	},
}
