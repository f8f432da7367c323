package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"
)

// CreateSession stores a session by the hash of its token until expires.
// Now and then it also deletes expired sessions, so the table stays small
// without a separate job.
func (s *Store) CreateSession(ctx context.Context, tokenHash, userID string, expires time.Time) error {
	now := s.now()
	if _, err := s.Writer().ExecContext(ctx, `INSERT INTO sessions (token_hash, user_id, created_at, expires_at, last_seen_at) VALUES (?, ?, ?, ?, ?)`,
		tokenHash, userID, Millis(now), Millis(expires), Millis(now)); err != nil {
		return fmt.Errorf("store: create session: %w", err)
	}
	// A sign-in keeps the account from the erasure of unused accounts,
	// and cancels a warning already sent.
	if _, err := s.Writer().ExecContext(ctx, `UPDATE users SET last_signin_at = ?, inactive_warned_at = NULL WHERE id = ?`, Millis(now), userID); err != nil {
		return fmt.Errorf("store: record sign-in: %w", err)
	}
	if rand.IntN(64) == 0 {
		if _, err := s.Writer().ExecContext(ctx, `DELETE FROM sessions WHERE expires_at <= ?`, Millis(now)); err != nil {
			return fmt.Errorf("store: prune sessions: %w", err)
		}
	}
	return nil
}

// DeleteSession revokes one session by token hash (logout). Revoking an
// unknown session is not an error.
func (s *Store) DeleteSession(ctx context.Context, tokenHash string) error {
	if _, err := s.Writer().ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = ?`, tokenHash); err != nil {
		return fmt.Errorf("store: delete session: %w", err)
	}
	return nil
}

// DeleteUserSessions revokes every session of a user except the one whose
// hash is keep ("" revokes them all).
func (s *Store) DeleteUserSessions(ctx context.Context, q Querier, userID, keep string) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?`, userID, keep); err != nil {
		return fmt.Errorf("store: delete user sessions: %w", err)
	}
	return nil
}
