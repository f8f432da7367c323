package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"spdc/internal/entity"
	"spdc/internal/i18n"
	"spdc/internal/list"
)

// User is a registered account. PasswordHash never leaves the server: the
// JSON form of a user is built by the HTTP layer.
type User struct {
	ID           string
	FullName     string
	Email        string
	Mobile       string // E.164 or ""
	Address      string
	PasswordHash string
	IsAdmin      bool
	Language     string // en, hi or bn: the site's pages and emails
	// VerifiedEmail is the address the account proved it owns, "" for
	// none; the account is verified while it equals Email.
	VerifiedEmail string
	Version       int
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

const userColumns = "id, full_name, email, COALESCE(mobile, ''), address, password_hash, is_admin, language, verified_email, version, created_at, updated_at"

// EmailVerified reports whether the account has proved it owns its
// current address.
func (u *User) EmailVerified() bool {
	return u.VerifiedEmail != "" && strings.EqualFold(u.VerifiedEmail, u.Email)
}

func scanUser(row interface{ Scan(...any) error }) (*User, error) {
	var u User
	var created, updated int64
	if err := row.Scan(&u.ID, &u.FullName, &u.Email, &u.Mobile, &u.Address, &u.PasswordHash, &u.IsAdmin, &u.Language, &u.VerifiedEmail, &u.Version, &created, &updated); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrNotFound
		}
		return nil, err
	}
	u.CreatedAt, u.UpdatedAt = FromMillis(created), FromMillis(updated)
	return &u, nil
}

// AdminIdleTimeout ends an admin's session after this long without a
// request: an admin session left open on a shared computer must not stay
// usable for the rest of the day.
const AdminIdleTimeout = 30 * time.Minute

// adminTouchEvery bounds how often an admin session's last request time is
// written: at most one write per session in that time, so the timeout is
// exact to within it.
const adminTouchEvery = 10 * time.Second

// ErrSessionIdle is UserBySession's answer for an admin session that has
// had no request for AdminIdleTimeout; the session is deleted.
var ErrSessionIdle = errors.New("store: admin session ended after inactivity")

// UserBySession returns the user of an unexpired session, by token hash.
// A session of an admin or any member of staff that has been idle for
// AdminIdleTimeout is ended
// (ErrSessionIdle); otherwise the request counts as activity. It runs on
// every signed-in request, so its statement is prepared once.
func (s *Store) UserBySession(ctx context.Context, tokenHash string) (*User, error) {
	stmt, err := s.Prepared(ctx, `SELECT u.id, u.full_name, u.email, COALESCE(u.mobile, ''), u.address, u.password_hash, u.is_admin, u.language, u.verified_email, u.version, u.created_at, u.updated_at, s.last_seen_at,
		 (u.is_admin OR EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id))
		 FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ? AND s.expires_at > ?`)
	if err != nil {
		return nil, fmt.Errorf("store: user by session: %w", err)
	}
	now := s.now()
	var (
		u                User
		created, updated int64
		lastSeen         int64
		staff            bool // any role: the idle rule is the admins'
	)
	err = stmt.QueryRowContext(ctx, tokenHash, Millis(now)).Scan(&u.ID, &u.FullName, &u.Email, &u.Mobile, &u.Address, &u.PasswordHash, &u.IsAdmin, &u.Language, &u.VerifiedEmail, &u.Version, &created, &updated, &lastSeen, &staff)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: user by session: %w", err)
	}
	u.CreatedAt, u.UpdatedAt = FromMillis(created), FromMillis(updated)
	if staff {
		idle := now.Sub(FromMillis(lastSeen))
		if idle >= AdminIdleTimeout {
			if err := s.DeleteSession(ctx, tokenHash); err != nil {
				return nil, err
			}
			return nil, ErrSessionIdle
		}
		if idle >= adminTouchEvery {
			if _, err := s.Writer().ExecContext(ctx, `UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?`, Millis(now), tokenHash); err != nil {
				return nil, fmt.Errorf("store: touch session: %w", err)
			}
		}
	}
	return &u, nil
}

// Errors for a unique field already used by another account. Both match
// ErrConflict with errors.Is.
var (
	ErrEmailTaken  = fmt.Errorf("%w: email already registered", ErrConflict)
	ErrMobileTaken = fmt.Errorf("%w: mobile already registered", ErrConflict)
)

// userSearch is the lower-cased text the admin search matches for a user.
func userSearch(u *User) string {
	return entity.Users.SearchText(entity.StructGetter(u))
}

// nullable stores "" as NULL, for unique columns that may be empty.
func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// CreateUser inserts u, filling in ID, Version and the times. Email and
// Mobile must already be normalised. A used email or mobile gives
// ErrEmailTaken or ErrMobileTaken.
func (s *Store) CreateUser(ctx context.Context, u *User) error {
	return s.createUser(ctx, s.Writer(), u, s.now())
}

// createUser is CreateUser through q (a transaction, for the first admin).
func (s *Store) createUser(ctx context.Context, q Querier, u *User, now time.Time) error {
	u.ID = NewID(now)
	u.Version = 0
	if !i18n.Valid(u.Language) {
		u.Language = i18n.Default
	}
	u.CreatedAt, u.UpdatedAt = now.Truncate(time.Millisecond), now.Truncate(time.Millisecond)
	_, err := q.ExecContext(ctx, `INSERT INTO users (id, full_name, email, mobile, address, password_hash, is_admin, language, version, search, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
		u.ID, u.FullName, u.Email, nullable(u.Mobile), u.Address, u.PasswordHash, u.IsAdmin, u.Language, userSearch(u), Millis(now), Millis(now))
	if err != nil {
		if derr := duplicateUser(ctx, s.Reader(), err, u.ID, userUniqueFields{u.Email, u.Mobile}); derr != nil {
			return derr
		}
		return fmt.Errorf("store: create user: %w", err)
	}
	return nil
}

func (s *Store) userWhere(ctx context.Context, what, where string, arg any) (*User, error) {
	u, err := scanUser(s.Reader().QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE `+where, arg))
	if err != nil && !errors.Is(err, ErrNotFound) {
		return nil, fmt.Errorf("store: user by %s: %w", what, err)
	}
	return u, err
}

// UserByID returns the user with id, or ErrNotFound.
func (s *Store) UserByID(ctx context.Context, id string) (*User, error) {
	return s.userWhere(ctx, "id", "id = ?", id)
}

// UserByEmail returns the user with a normalised email, or ErrNotFound.
func (s *Store) UserByEmail(ctx context.Context, email string) (*User, error) {
	return s.userWhere(ctx, "email", "email = ?", email)
}

// UserByMobile returns the user with an E.164 mobile, or ErrNotFound.
func (s *Store) UserByMobile(ctx context.Context, mobile string) (*User, error) {
	return s.userWhere(ctx, "mobile", "mobile = ?", mobile)
}

// UpdateProfile changes a user's full name, mobile and address when the
// stored version is still version, and returns the updated user. A stale
// version gives ErrConflict, a mobile of another account ErrMobileTaken,
// an unknown id ErrNotFound.
func (s *Store) UpdateProfile(ctx context.Context, id string, version int, fullName, mobile, address string) (*User, error) {
	return s.UpdateAccount(ctx, id, version, fullName, mobile, address, "")
}

// UpdateAccount is UpdateProfile that may also change the address (email,
// normalised; "" keeps it). A new address is not verified: the account's
// unused verification and reset links, and such mail still waiting, end in
// the same transaction, so no link written for the old address proves or
// opens the new one. An address of another account gives ErrEmailTaken.
func (s *Store) UpdateAccount(ctx context.Context, id string, version int, fullName, mobile, address, email string) (*User, error) {
	var out *User
	err := s.InTx(ctx, func(tx *Tx) error {
		u, err := scanUser(tx.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`, id))
		if err != nil {
			return err
		}
		if u.Version != version {
			return ErrConflict
		}
		now := s.now()
		if email != "" && !strings.EqualFold(email, u.Email) {
			if err := CancelVerifications(ctx, tx, id, now); err != nil {
				return err
			}
			if err := s.CancelResets(ctx, tx, id); err != nil {
				return err
			}
			u.Email = email
		}
		u.FullName, u.Mobile, u.Address = fullName, mobile, address
		_, err = tx.ExecContext(ctx, `UPDATE users SET full_name = ?, email = ?, mobile = ?, address = ?, search = ?, version = version + 1, updated_at = ? WHERE id = ?`,
			u.FullName, u.Email, nullable(u.Mobile), u.Address, userSearch(u), Millis(now), id)
		if err != nil {
			if derr := duplicateUser(ctx, tx, err, id, userUniqueFields{email: email, mobile: mobile}); derr != nil {
				return derr
			}
			return err
		}
		u.Version++
		u.UpdatedAt = FromMillis(Millis(now))
		out = u
		return nil
	})
	if err != nil && !errors.Is(err, ErrNotFound) && !errors.Is(err, ErrConflict) {
		return nil, fmt.Errorf("store: update profile: %w", err)
	}
	return out, err
}

// SetUserLanguage stores the language (en, hi or bn) a user reads the
// site and its emails in. It is a preference, not part of the profile's
// version: changing it never makes an open profile form stale.
func (s *Store) SetUserLanguage(ctx context.Context, id, lang string) error {
	if !i18n.Valid(lang) {
		return fmt.Errorf("store: set language: %q is not a language of the site", lang)
	}
	res, err := s.Writer().ExecContext(ctx, `UPDATE users SET language = ? WHERE id = ?`, lang, id)
	if err != nil {
		return fmt.Errorf("store: set language: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("store: set language: %w", err)
	} else if n == 0 {
		return ErrNotFound
	}
	return nil
}

// SetPassword replaces a user's password hash.
func (s *Store) SetPassword(ctx context.Context, q Querier, userID, hash string) error {
	res, err := q.ExecContext(ctx, `UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?`, hash, Millis(s.now()), userID)
	if err != nil {
		return fmt.Errorf("store: set password: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// PromoteUser makes the user with a normalised email an admin and ends
// their sessions: a session made as a user (perhaps a 30-day one) must not
// carry admin rights, so they sign in again under the admin rules.
func (s *Store) PromoteUser(ctx context.Context, email string) error {
	err := s.InTx(ctx, func(tx *Tx) error {
		var id string
		err := tx.QueryRowContext(ctx, `UPDATE users SET is_admin = ?, version = version + 1, updated_at = ? WHERE email = ? RETURNING id`, true, Millis(s.now()), email).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		return s.DeleteUserSessions(ctx, tx, id, "")
	})
	if err != nil && !errors.Is(err, ErrNotFound) {
		return fmt.Errorf("store: promote user: %w", err)
	}
	return err
}

// userHooks are the users tab's rules in the list engine: an empty mobile
// is stored as NULL (the column is unique, and many accounts have none), a
// taken email or mobile is named, and a deleted account is erased
// everywhere (EraseUserTx) and scrubbed from the files.
func userHooks(h *list.Hooks) {
	h.EditArg = func(column, v string) any {
		if column == "mobile" && v == "" {
			return nil
		}
		return v
	}
	h.Unique = func(ctx context.Context, q Querier, err error, id string, after *Record) error {
		email, _ := after.Get("email").(string)
		mobile, _ := after.Get("mobile").(string)
		return duplicateUser(ctx, q, err, id, userUniqueFields{email, mobile})
	}
	h.Delete = func(ctx context.Context, tx *Tx, id string, actor Actor, now time.Time) error {
		_, err := EraseUserTx(ctx, tx, id, actor, now)
		return err
	}
	h.Deleted = scrubErased
}
