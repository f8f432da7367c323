package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ResetTokenTTL is how long a password reset link works.
const ResetTokenTTL = time.Hour

// CreateReset stores a password reset by the hash of its token, valid
// until expires, and voids every earlier unused reset of the same user: only
// the newest emailed link works.
func (s *Store) CreateReset(ctx context.Context, q Querier, userID, tokenHash string, expires time.Time) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM password_resets WHERE user_id = ? AND used_at IS NULL`, userID); err != nil {
		return fmt.Errorf("store: void resets: %w", err)
	}
	if _, err := q.ExecContext(ctx, `INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)`,
		tokenHash, userID, Millis(s.now()), Millis(expires)); err != nil {
		return fmt.Errorf("store: create reset: %w", err)
	}
	return nil
}

// CancelResets voids every unused reset link of a user. A password change
// or a completed reset calls it in the same transaction, so no link mailed
// before the change can set the password afterwards. Reset mails still
// waiting in the outbox end too: their token is made only when they are
// sent, so they would otherwise carry a working link made after the
// change. Clearing the lease also stops a worker that has claimed such a
// mail but not yet made its token (its lease-guarded update then finds
// nothing). The link kind is the outbox's name for reset links.
func (s *Store) CancelResets(ctx context.Context, q Querier, userID string) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM password_resets WHERE user_id = ? AND used_at IS NULL`, userID); err != nil {
		return fmt.Errorf("store: cancel resets: %w", err)
	}
	now := Millis(s.now())
	if _, err := q.ExecContext(ctx, `UPDATE outbox SET status = 'failed', lease_until = NULL, link_hash = NULL, last_error = ?, updated_at = ?
		WHERE link_kind = 'password_reset' AND link_ref = ? AND status = 'pending'`,
		"Not sent: the password was changed after this reset link was asked for.", now, userID); err != nil {
		return fmt.Errorf("store: cancel queued reset mail: %w", err)
	}
	return nil
}

// ResetOwner returns the account of an unused, unexpired reset link
// without using it, so the new password can be checked against that
// account's rules before the link is spent; anything else is ErrNotFound.
func (s *Store) ResetOwner(ctx context.Context, tokenHash string) (*User, error) {
	u, err := scanUser(s.Reader().QueryRowContext(ctx, `SELECT u.id, u.full_name, u.email, COALESCE(u.mobile, ''), u.address, u.password_hash, u.is_admin, u.language, u.verified_email, u.version, u.created_at, u.updated_at
		FROM password_resets r JOIN users u ON u.id = r.user_id WHERE r.token_hash = ? AND r.used_at IS NULL AND r.expires_at > ?`, tokenHash, Millis(s.now())))
	if err != nil && !errors.Is(err, ErrNotFound) {
		return nil, fmt.Errorf("store: reset owner: %w", err)
	}
	return u, err
}

// ConsumeReset marks an unused, unexpired reset as used and returns its
// user id; an unknown, used or expired token gives ErrNotFound. Run it in
// the transaction that sets the new password, so a token works once.
func (s *Store) ConsumeReset(ctx context.Context, q Querier, tokenHash string) (string, error) {
	now := Millis(s.now())
	var userID string
	err := q.QueryRowContext(ctx, `UPDATE password_resets SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING user_id`,
		now, tokenHash, now).Scan(&userID)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("store: consume reset: %w", err)
	}
	return userID, nil
}

// IssueReset stores a reset token (its hash) for userID, valid until
// until, and voids every earlier unused reset of the user, through q: only
// the newest link sent works. It is called when a reset mail is sent and
// reports false, storing nothing, when the account no longer exists.
func IssueReset(ctx context.Context, q Querier, userID, tokenHash string, now, until time.Time) (bool, error) {
	if _, err := q.ExecContext(ctx, `DELETE FROM password_resets WHERE user_id = ? AND used_at IS NULL`, userID); err != nil {
		return false, fmt.Errorf("store: void resets: %w", err)
	}
	res, err := q.ExecContext(ctx, `INSERT INTO password_resets (token_hash, user_id, created_at, expires_at)
		SELECT ?, id, ?, ? FROM users WHERE id = ?`, tokenHash, Millis(now), Millis(until), userID)
	return changedRow(res, err, "issue reset")
}

// DeleteReset removes a reset token that was issued for a message that
// then could not be delivered, so it never works.
func DeleteReset(ctx context.Context, q Querier, tokenHash string) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM password_resets WHERE token_hash = ?`, tokenHash); err != nil {
		return fmt.Errorf("store: delete reset: %w", err)
	}
	return nil
}

// The states of a password reset link, as ResetLinkState reports them.
const (
	ResetUsable  = "usable"
	ResetUsed    = "used"
	ResetExpired = "expired"
)

// ResetLinkState says whether a reset token (its hash) can still be used,
// was used, or has expired, and until when it works; an unknown or voided
// token gives ErrNotFound. It only reads, so opening a link to check it
// changes nothing.
func (s *Store) ResetLinkState(ctx context.Context, tokenHash string) (string, time.Time, error) {
	var used *int64
	var expires int64
	err := s.Reader().QueryRowContext(ctx, `SELECT used_at, expires_at FROM password_resets WHERE token_hash = ?`, tokenHash).Scan(&used, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return "", time.Time{}, ErrNotFound
	}
	if err != nil {
		return "", time.Time{}, fmt.Errorf("store: reset link state: %w", err)
	}
	until := FromMillis(expires)
	switch {
	case used != nil:
		return ResetUsed, until, nil
	case !until.After(s.now()):
		return ResetExpired, until, nil
	}
	return ResetUsable, until, nil
}
