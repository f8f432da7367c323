package store

// Two-step sign-in for staff: the sealed secret of a person's
// authenticator app, their one-time recovery codes, the short-lived
// challenge between a right password and the code, and the site's record
// that two-step sign-in is in use (from then on admins and accountants
// need it). The codes themselves are checked in package httpapi; what is
// kept here makes every code and challenge work once only.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// TwoStep is a person's two-step sign-in: Secret is sealed with the data
// key; a zero Confirmed is an enrolment begun but not yet proved by a
// first code, which signs no one in.
type TwoStep struct {
	UserID       string
	Secret       string
	Confirmed    time.Time
	LastStep     int64
	RecoveryLeft int
}

// On reports whether the person signs in with a code.
func (t *TwoStep) On() bool { return t != nil && !t.Confirmed.IsZero() }

// Two-step changes as the audit log names them.
const (
	AuditTwoStepOn    = "two-step-on"
	AuditTwoStepOff   = "two-step-off"
	AuditTwoStepReset = "two-step-reset"
	AuditTwoStepCodes = "two-step-recovery-codes"
)

// TwoStepOf returns the two-step sign-in of userID, ErrNotFound when the
// person has none (not even begun).
func (s *Store) TwoStepOf(ctx context.Context, userID string) (*TwoStep, error) {
	var t TwoStep
	var confirmed sql.NullInt64
	err := s.Reader().QueryRowContext(ctx, `SELECT user_id, secret, confirmed_at, last_step,
		(SELECT COUNT(*) FROM two_step_recovery r WHERE r.user_id = t.user_id AND r.used_at IS NULL)
		FROM two_step t WHERE user_id = ?`, userID).Scan(&t.UserID, &t.Secret, &confirmed, &t.LastStep, &t.RecoveryLeft)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: two-step: %w", err)
	}
	if confirmed.Valid {
		t.Confirmed = FromMillis(confirmed.Int64)
	}
	return &t, nil
}

// BeginTwoStep keeps a new sealed secret for userID, not yet confirmed,
// in place of an earlier one not confirmed either. A person whose
// two-step sign-in is already on gets ErrConflict: they turn it off first.
func (s *Store) BeginTwoStep(ctx context.Context, userID, sealed string) error {
	return s.InTx(ctx, func(tx *Tx) error {
		var confirmed sql.NullInt64
		err := tx.QueryRowContext(ctx, `SELECT confirmed_at FROM two_step WHERE user_id = ?`, userID).Scan(&confirmed)
		switch {
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return fmt.Errorf("store: begin two-step: %w", err)
		case confirmed.Valid:
			return ErrConflict
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM two_step WHERE user_id = ?`, userID); err != nil {
			return fmt.Errorf("store: begin two-step: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO two_step (user_id, secret, created_at) VALUES (?, ?, ?)`, userID, sealed, Millis(s.now())); err != nil {
			return fmt.Errorf("store: begin two-step: %w", err)
		}
		return nil
	})
}

// ConfirmTwoStep turns on the enrolment userID began, now that a code of
// time step step proved it: the step becomes the last one used, the
// recovery codes (their hashes) replace any earlier ones, the site records
// that two-step sign-in is in use, and the audit log says who turned it
// on. ErrConflict when there is no enrolment waiting for its first code.
func (s *Store) ConfirmTwoStep(ctx context.Context, userID string, step int64, recoveryHashes []string, by Actor) error {
	now := s.now()
	return s.InTx(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE two_step SET confirmed_at = ?, last_step = ? WHERE user_id = ? AND confirmed_at IS NULL`, Millis(now), step, userID)
		if err != nil {
			return fmt.Errorf("store: confirm two-step: %w", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return ErrConflict
		}
		if err := replaceRecovery(ctx, tx, userID, recoveryHashes); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO two_step_required (id, since) VALUES (1, ?) ON CONFLICT DO NOTHING`, Millis(now)); err != nil {
			return fmt.Errorf("store: confirm two-step: %w", err)
		}
		return WriteAudit(ctx, tx, AuditEntry{Actor: by, Action: AuditTwoStepOn, Entity: "users", EntityID: userID,
			After: map[string]any{"recoveryCodes": len(recoveryHashes)}}, now)
	})
}

func replaceRecovery(ctx context.Context, q Querier, userID string, hashes []string) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM two_step_recovery WHERE user_id = ?`, userID); err != nil {
		return fmt.Errorf("store: recovery codes: %w", err)
	}
	for _, h := range hashes {
		if _, err := q.ExecContext(ctx, `INSERT INTO two_step_recovery (user_id, code_hash) VALUES (?, ?)`, userID, h); err != nil {
			return fmt.Errorf("store: recovery codes: %w", err)
		}
	}
	return nil
}

// UseTwoStepStep records that a code of time step step signed userID in
// (or proved it is them), and reports false, recording nothing, when a
// code of that step or a later one was already used: the same code never
// works twice, even from two requests at once.
func (s *Store) UseTwoStepStep(ctx context.Context, q Querier, userID string, step int64) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE two_step SET last_step = ? WHERE user_id = ? AND confirmed_at IS NOT NULL AND last_step < ?`, step, userID, step)
	if err != nil {
		return false, fmt.Errorf("store: use two-step code: %w", err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// UseRecoveryCode spends the unused recovery code of userID whose hash is
// hash, and reports false when there is none such.
func (s *Store) UseRecoveryCode(ctx context.Context, q Querier, userID, hash string) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE two_step_recovery SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL`, Millis(s.now()), userID, hash)
	if err != nil {
		return false, fmt.Errorf("store: use recovery code: %w", err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// ReplaceRecoveryCodesIn gives userID, whose two-step sign-in is on, a
// new set of recovery codes in place of the old (used or not), with an
// audit entry, through q (the transaction that spent the current code);
// ErrNotFound when it is not on.
func (s *Store) ReplaceRecoveryCodesIn(ctx context.Context, q Querier, userID string, hashes []string, by Actor) error {
	var n int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM two_step WHERE user_id = ? AND confirmed_at IS NOT NULL`, userID).Scan(&n); err != nil {
		return fmt.Errorf("store: recovery codes: %w", err)
	}
	if n == 0 {
		return ErrNotFound
	}
	if err := replaceRecovery(ctx, q, userID, hashes); err != nil {
		return err
	}
	return WriteAudit(ctx, q, AuditEntry{Actor: by, Action: AuditTwoStepCodes, Entity: "users", EntityID: userID,
		After: map[string]any{"recoveryCodes": len(hashes)}}, s.now())
}

// clearTwoStep removes every trace of userID's two-step sign-in: the
// secret, the recovery codes and any challenge in progress.
func clearTwoStep(ctx context.Context, q Querier, userID string) (bool, error) {
	res, err := q.ExecContext(ctx, `DELETE FROM two_step WHERE user_id = ?`, userID)
	if err != nil {
		return false, fmt.Errorf("store: clear two-step: %w", err)
	}
	n, _ := res.RowsAffected()
	for _, table := range []string{"two_step_recovery", "two_step_challenges"} {
		if _, err := q.ExecContext(ctx, `DELETE FROM `+table+` WHERE user_id = ?`, userID); err != nil {
			return false, fmt.Errorf("store: clear two-step: %w", err)
		}
	}
	return n > 0, nil
}

// TurnOffTwoStepIn ends userID's two-step sign-in at their own request,
// through q (the transaction that spent the current code), with an audit
// entry; notify writes there the mail that tells them.
func (s *Store) TurnOffTwoStepIn(ctx context.Context, q Querier, userID string, by Actor, notify func(q Querier) error) error {
	had, err := clearTwoStep(ctx, q, userID)
	if err != nil {
		return err
	}
	if !had {
		return ErrNotFound
	}
	if err := WriteAudit(ctx, q, AuditEntry{Actor: by, Action: AuditTwoStepOff, Entity: "users", EntityID: userID}, s.now()); err != nil {
		return err
	}
	if notify != nil {
		return notify(q)
	}
	return nil
}

// ResetTwoStep clears the two-step sign-in of the account with email (the
// command line's reset, for someone who lost their phone and their
// recovery codes) and ends the account's sessions, so whoever held one
// signs in again. The audit log names by; notify writes the mail to the
// person in the same transaction. ErrNotFound when there is no such
// account; had is false when it had no two-step sign-in (nothing is
// changed or sent then).
func (s *Store) ResetTwoStep(ctx context.Context, email string, by Actor, notify func(q Querier, u *User) error) (had bool, err error) {
	u, err := s.UserByEmail(ctx, email)
	if err != nil {
		return false, err
	}
	err = s.InTx(ctx, func(tx *Tx) error {
		if had, err = clearTwoStep(ctx, tx, u.ID); err != nil || !had {
			return err
		}
		if err := s.DeleteUserSessions(ctx, tx, u.ID, ""); err != nil {
			return err
		}
		if err := WriteAudit(ctx, tx, AuditEntry{Actor: by, Action: AuditTwoStepReset, Entity: "users", EntityID: u.ID}, s.now()); err != nil {
			return err
		}
		if notify != nil {
			return notify(tx, u)
		}
		return nil
	})
	return had, err
}

// TwoStepGate reads, in one query, whether two-step sign-in is in use on
// the site (any member of staff has ever confirmed it) and whether userID
// has it on.
func (s *Store) TwoStepGate(ctx context.Context, userID string) (required, on bool, err error) {
	var req, has int
	err = s.Reader().QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM two_step_required),
		(SELECT COUNT(*) FROM two_step WHERE user_id = ? AND confirmed_at IS NOT NULL)`, userID).Scan(&req, &has)
	if err != nil {
		return false, false, fmt.Errorf("store: two-step gate: %w", err)
	}
	return req > 0, has > 0, nil
}

// TwoStepChallengeMisses is how many wrong codes end a challenge: the
// person then types their password again.
const TwoStepChallengeMisses = 5

// CreateTwoStepChallenge keeps the hash of a new challenge for userID
// until expires, and ends any earlier challenge of theirs: only the
// newest sign-in can be finished. Expired challenges of anyone are
// deleted on the way.
func (s *Store) CreateTwoStepChallenge(ctx context.Context, tokenHash, userID string, expires time.Time) error {
	now := Millis(s.now())
	return s.InTx(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM two_step_challenges WHERE user_id = ? OR expires_at <= ?`, userID, now); err != nil {
			return fmt.Errorf("store: two-step challenge: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO two_step_challenges (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)`,
			tokenHash, userID, now, Millis(expires)); err != nil {
			return fmt.Errorf("store: two-step challenge: %w", err)
		}
		return nil
	})
}

// TwoStepChallengeUser returns the account of a challenge that is still
// open, ErrNotFound for one unknown, used, ended or expired.
func (s *Store) TwoStepChallengeUser(ctx context.Context, tokenHash string) (*User, error) {
	u, err := scanUser(s.Reader().QueryRowContext(ctx, `SELECT u.id, u.full_name, u.email, COALESCE(u.mobile, ''), u.address, u.password_hash, u.is_admin, u.language, u.verified_email, u.version, u.created_at, u.updated_at
		FROM two_step_challenges c JOIN users u ON u.id = c.user_id WHERE c.token_hash = ? AND c.expires_at > ? AND c.misses < ?`,
		tokenHash, Millis(s.now()), TwoStepChallengeMisses))
	if err != nil && !errors.Is(err, ErrNotFound) {
		return nil, fmt.Errorf("store: two-step challenge: %w", err)
	}
	return u, err
}

// MissTwoStepChallenge counts a wrong code against a challenge.
func (s *Store) MissTwoStepChallenge(ctx context.Context, tokenHash string) error {
	if _, err := s.Writer().ExecContext(ctx, `UPDATE two_step_challenges SET misses = misses + 1 WHERE token_hash = ?`, tokenHash); err != nil {
		return fmt.Errorf("store: two-step challenge: %w", err)
	}
	return nil
}

// UseTwoStepChallenge spends an open challenge through q (the transaction
// that also spends the code), and reports false when another request
// spent it first or it has ended.
func (s *Store) UseTwoStepChallenge(ctx context.Context, q Querier, tokenHash string) (bool, error) {
	res, err := q.ExecContext(ctx, `DELETE FROM two_step_challenges WHERE token_hash = ? AND expires_at > ? AND misses < ?`,
		tokenHash, Millis(s.now()), TwoStepChallengeMisses)
	if err != nil {
		return false, fmt.Errorf("store: two-step challenge: %w", err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}
