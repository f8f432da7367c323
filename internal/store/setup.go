package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// The first admin of a fresh install can be created from the browser
// through a one-time setup link that the server prints at start while no
// admin exists. Only the hash of a link's token is stored; a link works
// once, until it expires, and only while there is still no admin.

// SetupLinkTTL is how long a setup link works.
const SetupLinkTTL = time.Hour

// Errors of the setup link.
var (
	// ErrSetupLinkInvalid: the link is unknown, used or expired.
	ErrSetupLinkInvalid = errors.New("store: setup link invalid, used or expired")
	// ErrAdminExists: an admin exists, so no setup link works any more.
	ErrAdminExists = errors.New("store: an admin already exists")
)

// HasAdmin reports whether any account is an admin.
func (s *Store) HasAdmin(ctx context.Context) (bool, error) {
	return hasAdmin(ctx, s.Reader())
}

func hasAdmin(ctx context.Context, q Querier) (bool, error) {
	var n int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE is_admin = ?`, true).Scan(&n); err != nil {
		return false, fmt.Errorf("store: count admins: %w", err)
	}
	return n > 0, nil
}

// CreateSetupLink stores the hash of a new setup link's token, valid for
// SetupLinkTTL from now, and forgets links that have run out. It returns
// when the link expires.
func (s *Store) CreateSetupLink(ctx context.Context, tokenHash string) (time.Time, error) {
	now := s.now()
	expires := now.Add(SetupLinkTTL)
	err := s.InTx(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM setup_links WHERE expires_at <= ?`, Millis(now)); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO setup_links (token_hash, created_at, expires_at) VALUES (?, ?, ?)`,
			tokenHash, Millis(now), Millis(expires))
		return err
	})
	if err != nil {
		return time.Time{}, fmt.Errorf("store: create setup link: %w", err)
	}
	return expires, nil
}

// SetupLink returns when the setup link of tokenHash expires, if it still
// works: ErrAdminExists once any admin exists, ErrSetupLinkInvalid for an
// unknown, used or expired link.
func (s *Store) SetupLink(ctx context.Context, tokenHash string) (time.Time, error) {
	return setupLink(ctx, s.Reader(), tokenHash, s.now())
}

func setupLink(ctx context.Context, q Querier, tokenHash string, now time.Time) (time.Time, error) {
	admin, err := hasAdmin(ctx, q)
	if err != nil {
		return time.Time{}, err
	}
	if admin {
		return time.Time{}, ErrAdminExists
	}
	var expires int64
	var used *int64
	err = q.QueryRowContext(ctx, `SELECT expires_at, used_at FROM setup_links WHERE token_hash = ?`, tokenHash).Scan(&expires, &used)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, ErrSetupLinkInvalid
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("store: setup link: %w", err)
	}
	if used != nil || expires <= Millis(now) {
		return time.Time{}, ErrSetupLinkInvalid
	}
	return FromMillis(expires), nil
}

// CreateFirstAdmin uses the setup link of tokenHash to create u as an
// admin, in one transaction: the link is marked used, and every other
// unused link stops working with it. It fails with ErrAdminExists,
// ErrSetupLinkInvalid, ErrEmailTaken or ErrMobileTaken, changing nothing.
func (s *Store) CreateFirstAdmin(ctx context.Context, tokenHash string, u *User) error {
	return s.InTx(ctx, func(tx *Tx) error {
		now := s.now()
		if _, err := setupLink(ctx, tx, tokenHash, now); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE setup_links SET used_at = ? WHERE token_hash = ? AND used_at IS NULL`, Millis(now), tokenHash)
		if err := oneRow(res, err, "use setup link"); err != nil {
			if errors.Is(err, ErrConflict) {
				return ErrSetupLinkInvalid // another request used it first
			}
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE setup_links SET used_at = ? WHERE used_at IS NULL`, Millis(now)); err != nil {
			return fmt.Errorf("store: close setup links: %w", err)
		}
		u.IsAdmin = true
		return s.createUser(ctx, tx, u, now)
	})
}
