package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
)

// ErasedPayee is the payee of help given to an elder whose data was
// erased, where the payee named the elder.
const ErasedPayee = "An elder (details erased)"

// erasedName stands, in a payment's description and reference, where the
// erased elder's name was.
const erasedName = "[name erased]"

// anonymisePayments keeps the help given to the elder of disciple id for
// the accounts when the elder's data is erased: the payments lose their
// link to the care record, a payee that named the elder becomes
// ErasedPayee, and the elder's names are taken out of the descriptions
// and references. The sums, dates, funds and services stay, so the
// funds' balances and the years' reports do not change.
func anonymisePayments(ctx context.Context, q Querier, discipleID string, now time.Time) error {
	var full, initiated string
	err := q.QueryRowContext(ctx, `SELECT full_name, initiation_name FROM disciples WHERE id = ?`, discipleID).Scan(&full, &initiated)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("store: erase payments: %w", err)
	}
	names := nameWords(full + " " + initiated)
	type row struct{ id, payee, description, reference string }
	var list []row
	rows, err := q.QueryContext(ctx, `SELECT id, payee, description, reference FROM care_payments WHERE record_id = ?`, discipleID)
	if err != nil {
		return fmt.Errorf("store: erase payments: %w", err)
	}
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.payee, &r.description, &r.reference); err != nil {
			rows.Close()
			return fmt.Errorf("store: erase payments: %w", err)
		}
		list = append(list, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, r := range list {
		payee := r.payee
		if withoutNames(payee, names) != payee {
			payee = ErasedPayee
		}
		if _, err := q.ExecContext(ctx, `UPDATE care_payments SET record_id = NULL, payee = ?, description = ?, reference = ?, updated_at = ?
			WHERE id = ?`, payee, withoutNames(r.description, names), withoutNames(r.reference, names), Millis(now), r.id); err != nil {
			return fmt.Errorf("store: erase payments: %w", err)
		}
	}
	return nil
}

// nameWords is a pattern matching any word of a person's names as a whole
// word, in any case; nil when the names have no word of two letters or
// more (a single initial would match too much).
func nameWords(names string) *regexp.Regexp {
	var words []string
	for _, w := range strings.FieldsFunc(names, func(r rune) bool { return r == ' ' || r == ',' || r == '.' || r == '-' }) {
		if len([]rune(w)) >= 2 {
			words = append(words, regexp.QuoteMeta(w))
		}
	}
	if len(words) == 0 {
		return nil
	}
	return regexp.MustCompile(`(?i)(^|[^\pL\pN])(` + strings.Join(words, "|") + `)($|[^\pL\pN])`)
}

// withoutNames replaces each word of the names in s by erasedName.
func withoutNames(s string, names *regexp.Regexp) string {
	if names == nil {
		return s
	}
	// Twice: adjacent words share the separator the pattern consumes.
	for range 2 {
		s = names.ReplaceAllString(s, "${1}"+erasedName+"${3}")
	}
	return s
}
