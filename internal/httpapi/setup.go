package httpapi

// The first admin of a fresh install: while no admin exists, the server
// prints a one-time setup link at start (never in an answer); the page it
// opens asks these endpoints whether the link still works and creates the
// first admin with it, who is then signed in.

import (
	"context"
	"errors"
	"net/http"
	"time"

	"spdc/internal/auth"
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/store"
)

// Public messages of the setup link.
var (
	msgSetupInvalid = msgs.AccountSetupLinkNotValidItHas
	msgSetupDone    = msgs.AccountAdminAlreadyExistsSoSetupLinks
	msgSetupCreated = msgs.AccountAdminAccountReady
)

// setupInput is the first admin's form.
type setupInput struct {
	FullName string `json:"fullName"`
	Email    string `json:"email"`
	Password string `json:"password"`
}

// setupError turns the store's answer about a setup link into the public
// one.
func setupError(err error) error {
	switch {
	case errors.Is(err, store.ErrSetupLinkInvalid):
		return errorf(http.StatusNotFound, msgSetupInvalid)
	case errors.Is(err, store.ErrAdminExists):
		return errorf(http.StatusConflict, msgSetupDone)
	}
	return err
}

// setupAttempt checks the link of r's {token} with the address's limit on
// invalid links: an unknown, used or expired link counts, a working one
// does not. It returns the token's hash and when the link expires.
func (s *Server) setupAttempt(ctx context.Context, r *http.Request) (string, time.Time, *auth.Attempt, error) {
	att, err := s.beginAttempt(ctx, msgs.LabelAttemptsWithInvalidSetupLinks, limitKey{auth.SetupPerAddress, clientIP(r)})
	if err != nil {
		return "", time.Time{}, nil, err
	}
	token := r.PathValue("token")
	hash := auth.HashToken(token)
	var expires time.Time
	if !auth.LooksLikeToken(token) {
		err = store.ErrSetupLinkInvalid
	} else {
		expires, err = s.store.SetupLink(ctx, hash)
	}
	if errors.Is(err, store.ErrSetupLinkInvalid) {
		if ferr := att.Fail(ctx); ferr != nil {
			return "", time.Time{}, nil, ferr
		}
		return "", time.Time{}, nil, setupError(err)
	}
	if err != nil {
		_ = att.Release(ctx)
		return "", time.Time{}, nil, setupError(err)
	}
	return hash, expires, att, nil
}

// setupInfo answers GET /api/setup/{token}: whether the link still works,
// and until when.
func (s *Server) setupInfo(w http.ResponseWriter, r *http.Request) error {
	_, expires, att, err := s.setupAttempt(r.Context(), r)
	if err != nil {
		return err
	}
	if err := att.Release(r.Context()); err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"valid": true, "expiresAt": expires.UTC().Format(time.RFC3339)})
	return nil
}

// setupAdmin answers POST /api/setup/{token}: it creates the first admin
// (a user's name and email rules, the admin password rule), uses up the
// link, and signs the admin in as a sign-in does.
func (s *Server) setupAdmin(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var in setupInput
	if err := decodeJSON(r, &in, true); err != nil {
		return err
	}
	hash, _, att, err := s.setupAttempt(ctx, r)
	if err != nil {
		return err
	}
	if err := att.Release(ctx); err != nil {
		return err
	}
	fe := FieldErrors{}
	u := &store.User{Language: i18n.FromRequest(r)}
	u.FullName = checkUserField(fe, "fullName", in.FullName)
	u.Email = checkUserField(fe, "email", in.Email)
	checkPassword(fe, "password", in.Password, true)
	if err := fe.Err(); err != nil {
		return err
	}
	if u.PasswordHash, err = auth.Default().Hash(in.Password); err != nil {
		return err
	}
	err = s.store.CreateFirstAdmin(ctx, hash, u)
	switch {
	case errors.Is(err, store.ErrEmailTaken):
		return &Error{Status: http.StatusConflict, Msg: msgs.AccountAccountWithEmailAlreadyExistsMake.With("email", u.Email), Fields: map[string]i18n.Msg{"email": msgs.FieldAlreadyRegistered}}
	case err != nil:
		return setupError(err)
	}
	token := auth.NewToken()
	if err := s.store.CreateSession(ctx, auth.HashToken(token), u.ID, s.now().Add(sessionShort)); err != nil {
		return err
	}
	s.logInfo(r, "first admin created with a setup link", "user_id", u.ID)
	me, err := s.userWithRoles(r, u)
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusCreated, map[string]any{"message": msgSetupCreated, "token": token, "user": me})
	return nil
}
