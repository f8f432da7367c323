package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Email verification: an account proves it owns its address by opening a
// one-time link mailed to it (or a password reset link, which reaches the
// same mailbox). Until then only what the account made while signed in
// reaches it; records sent signed out with the address reach it once the
// address is verified (see OwnedBy).

// VerifyTokenTTL is how long an email verification link works.
const VerifyTokenTTL = 48 * time.Hour

// The states of a verification link that VerifyEmail refuses.
var (
	// ErrVerifyUsed is a link already used, or one for an address the
	// account no longer has.
	ErrVerifyUsed = errors.New("store: verification link already used")
	// ErrVerifyExpired is a link past its 48 hours.
	ErrVerifyExpired = errors.New("store: verification link expired")
)

// IssueVerification stores a verification token (its hash) for the
// current address of userID, valid until until, and voids every earlier
// unused link of the account: only the newest link sent works. The outbox
// calls it when it sends a verification mail; it reports false, storing
// nothing, when the account no longer exists.
func IssueVerification(ctx context.Context, q Querier, userID, tokenHash string, now, until time.Time) (bool, error) {
	if _, err := q.ExecContext(ctx, `DELETE FROM email_verifications WHERE user_id = ? AND used_at IS NULL`, userID); err != nil {
		return false, fmt.Errorf("store: void verifications: %w", err)
	}
	res, err := q.ExecContext(ctx, `INSERT INTO email_verifications (token_hash, user_id, email, created_at, expires_at)
		SELECT ?, id, email, ?, ? FROM users WHERE id = ?`, tokenHash, Millis(now), Millis(until), userID)
	return changedRow(res, err, "issue verification")
}

// DeleteVerification removes a verification token issued for a message
// that then could not be delivered, so it never works.
func DeleteVerification(ctx context.Context, q Querier, tokenHash string) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM email_verifications WHERE token_hash = ?`, tokenHash); err != nil {
		return fmt.Errorf("store: delete verification: %w", err)
	}
	return nil
}

// CancelVerifications voids the account's unused verification links and
// its verification mail still waiting in the outbox, through q: after a
// change of address a link written for the old one must not prove the new
// one.
func CancelVerifications(ctx context.Context, q Querier, userID string, now time.Time) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM email_verifications WHERE user_id = ? AND used_at IS NULL`, userID); err != nil {
		return fmt.Errorf("store: cancel verifications: %w", err)
	}
	if _, err := q.ExecContext(ctx, `UPDATE outbox SET status = 'failed', lease_until = NULL, link_hash = NULL, last_error = ?, updated_at = ?
		WHERE link_kind = ? AND link_ref = ? AND status = 'pending'`,
		"Not sent: the account's address changed after this link was asked for.", Millis(now), LinkKindVerifyEmail, userID); err != nil {
		return fmt.Errorf("store: cancel queued verification mail: %w", err)
	}
	return nil
}

// LinkKindVerifyEmail is the outbox's name for verification links.
const LinkKindVerifyEmail = "verify_email"

// VerifyEmail uses a verification link (by its token's hash): the address
// it was sent to becomes the account's verified address, and the link is
// spent. A used link, or one for an address the account no longer has,
// gives ErrVerifyUsed; an expired one ErrVerifyExpired; an unknown one
// ErrNotFound. It returns the account's id.
func (s *Store) VerifyEmail(ctx context.Context, tokenHash string) (string, error) {
	var userID string
	err := s.InTx(ctx, func(tx *Tx) error {
		var email, current string
		var used *int64
		var expires int64
		err := tx.QueryRowContext(ctx, `SELECT v.user_id, v.email, v.used_at, v.expires_at, u.email
			FROM email_verifications v JOIN users u ON u.id = v.user_id WHERE v.token_hash = ?`, tokenHash).
			Scan(&userID, &email, &used, &expires, &current)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		now := s.now()
		switch {
		case used != nil || !strings.EqualFold(email, current):
			return ErrVerifyUsed
		case !FromMillis(expires).After(now):
			return ErrVerifyExpired
		}
		if _, err := tx.ExecContext(ctx, `UPDATE email_verifications SET used_at = ? WHERE token_hash = ?`, Millis(now), tokenHash); err != nil {
			return err
		}
		return MarkEmailVerified(ctx, tx, userID, email)
	})
	if err != nil && !errors.Is(err, ErrNotFound) && !errors.Is(err, ErrVerifyUsed) && !errors.Is(err, ErrVerifyExpired) {
		return "", fmt.Errorf("store: verify email: %w", err)
	}
	return userID, err
}

// MarkEmailVerified records, through q, that the account userID proved it
// owns email (a verification link, or a password reset link mailed to
// it), when email is still the account's address.
func MarkEmailVerified(ctx context.Context, q Querier, userID, email string) error {
	if _, err := q.ExecContext(ctx, `UPDATE users SET verified_email = email WHERE id = ? AND lower(email) = ?`,
		userID, strings.ToLower(email)); err != nil {
		return fmt.Errorf("store: mark email verified: %w", err)
	}
	return nil
}
