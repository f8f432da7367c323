package store

import (
	"context"
	"fmt"
	"time"
)

// Unused accounts: an account nobody has signed in to for the retention
// period is erased through the erasure path (EraseUserTx), after its
// owner was warned by email InactiveWarning before. An account that never
// signed in counts from its creation. Admin accounts are never erased
// this way: the program would lose the people who run it.

// InactiveWarning is how long before its erasure the owner of an unused
// account is warned; a later warning moves the erasure to this long
// after it, so nobody is erased with less notice.
const InactiveWarning = 30 * 24 * time.Hour

// lastActive is an account's last sign-in, or its creation.
const lastActive = "COALESCE(last_signin_at, created_at)"

// InactiveAccount is an account to warn of its coming erasure.
type InactiveAccount struct {
	ID, Email, FullName string
	Language            string    // en, hi or bn: the language its owner reads
	LastSignIn          time.Time // or its creation, when it never signed in
}

// InactiveToWarn lists, oldest first, at most limit accounts (admins
// excepted) not signed in to since before cutoff whose owners were not
// yet warned.
func (s *Store) InactiveToWarn(ctx context.Context, cutoff time.Time, limit int) ([]InactiveAccount, error) {
	rows, err := s.Reader().QueryContext(ctx, `SELECT id, email, full_name, language, `+lastActive+` FROM users
		WHERE NOT is_admin AND inactive_warned_at IS NULL AND `+lastActive+` < ?
		ORDER BY `+lastActive+`, id LIMIT ?`, Millis(cutoff), limit)
	if err != nil {
		return nil, fmt.Errorf("store: inactive accounts: %w", err)
	}
	defer rows.Close()
	var out []InactiveAccount
	for rows.Next() {
		var a InactiveAccount
		var at int64
		if err := rows.Scan(&a.ID, &a.Email, &a.FullName, &a.Language, &at); err != nil {
			return nil, fmt.Errorf("store: inactive accounts: %w", err)
		}
		a.LastSignIn = FromMillis(at)
		out = append(out, a)
	}
	return out, rows.Err()
}

// ClaimInactiveWarning marks account id warned at now through q (the
// transaction that queues the warning), reporting whether this caller
// made the change: another instance may have been first, or the person
// signed in meanwhile.
func ClaimInactiveWarning(ctx context.Context, q Querier, id string, cutoff, now time.Time) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE users SET inactive_warned_at = ?
		WHERE id = ? AND NOT is_admin AND inactive_warned_at IS NULL AND `+lastActive+` < ?`, Millis(now), id, Millis(cutoff))
	return changedRow(res, err, "claim inactive warning")
}

// EraseInactiveAccounts erases, through the erasure path, at most limit
// accounts (admins excepted) not signed in to since before cutoff whose
// owners were warned at or before warnedBy, recording the retention
// schedule as who asked. Each is claimed again inside its own transaction
// with a conditional update, so two instances never erase one twice and
// a sign-in after the list was read saves the account. It returns how
// many it erased.
func (s *Store) EraseInactiveAccounts(ctx context.Context, cutoff, warnedBy, now time.Time, limit int) (int, error) {
	const cond = `NOT is_admin AND inactive_warned_at IS NOT NULL AND inactive_warned_at <= ? AND ` + lastActive + ` < ?`
	ids, err := queryIDs(ctx, s.Reader(), `SELECT id FROM users WHERE `+cond+` ORDER BY `+lastActive+`, id LIMIT ?`,
		Millis(warnedBy), Millis(cutoff), limit)
	if err != nil {
		return 0, fmt.Errorf("store: inactive accounts: %w", err)
	}
	n := 0
	for _, id := range ids {
		erased := false
		err := s.InTx(ctx, func(tx *Tx) error {
			// The update locks the row: a second instance waits here and
			// then finds it gone.
			res, err := tx.ExecContext(ctx, `UPDATE users SET updated_at = updated_at WHERE id = ? AND `+cond,
				id, Millis(warnedBy), Millis(cutoff))
			ok, err := changedRow(res, err, "claim inactive account")
			if err != nil || !ok {
				return err
			}
			_, err = EraseUserTx(ctx, tx, id, ErasedByRetention, now)
			erased = err == nil
			return err
		})
		if err != nil {
			return n, err
		}
		if erased {
			n++
		}
	}
	if n > 0 {
		s.afterErasure(ctx)
	}
	return n, nil
}
