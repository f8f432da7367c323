package store

import (
	"context"
	"crypto/rand"
	"fmt"
	"strings"

	"spdc/internal/db"
)

// A submission's reference is what its sender quotes on the phone or in a
// letter: one letter for the kind of form, then six characters in two
// groups, as in V-4K7Q-2M. The characters leave out those that are read
// or heard as others (0 and O, 1, I and L, and U, which reads as V), so
// whatever is written down can be typed back. Six of 30 characters give
// 729 million references per kind, so a new one is almost never taken;
// each table's unique index makes sure.

// RefAlphabet is the characters of a reference after its kind letter.
const RefAlphabet = "23456789ABCDEFGHJKMNPQRSTVWXYZ"

// The kind letters of references, one per table.
var refPrefixes = map[string]byte{
	"volunteers": 'V',
	"hosts":      'H',
	"messages":   'M',
	"disciples":  'D',
	"donations":  'G', // a gift
}

// RefTables are the tables whose rows carry a reference, in a fixed order.
var RefTables = []string{"volunteers", "hosts", "messages", "disciples", "donations"}

// NewRef returns a fresh random reference for a row of table.
func NewRef(table string) string {
	p, ok := refPrefixes[table]
	if !ok {
		panic("store: no reference kind for table " + table)
	}
	var raw [6]byte
	_, _ = rand.Read(raw[:])
	b := []byte{p, '-'}
	for i, c := range raw {
		if i == 4 {
			b = append(b, '-')
		}
		// 256 is not a multiple of 30, so the first 16 characters are a
		// little likelier (9 in 256 against 8); it does not matter for a
		// reference that only has to be unique.
		b = append(b, RefAlphabet[int(c)%len(RefAlphabet)])
	}
	return string(b)
}

// ParseRef reads a reference as a person may type it (any letter case,
// with spaces or hyphens or neither) and returns it in its written form;
// ok is false when s is not a reference.
func ParseRef(s string) (ref string, ok bool) {
	var compact []byte
	for _, r := range strings.ToUpper(strings.TrimSpace(s)) {
		switch {
		case r == '-' || r == ' ':
			continue
		case r > 127:
			return "", false
		}
		compact = append(compact, byte(r))
	}
	if len(compact) != 7 {
		return "", false
	}
	known := false
	for _, p := range refPrefixes {
		known = known || compact[0] == p
	}
	if !known {
		return "", false
	}
	for _, c := range compact[1:] {
		if strings.IndexByte(RefAlphabet, c) < 0 {
			return "", false
		}
	}
	return string(compact[:1]) + "-" + string(compact[1:5]) + "-" + string(compact[5:]), true
}

// newRefFor picks a reference no row of table holds yet. The unique
// index still refuses a reference taken by a concurrent insert between
// the check and the insert, which would take two equal draws out of 729
// million at the same moment.
func newRefFor(ctx context.Context, q Querier, table string) (string, error) {
	for range 8 {
		ref := NewRef(table)
		taken, err := refTaken(ctx, q, table, ref)
		if err != nil {
			return "", err
		}
		if !taken {
			return ref, nil
		}
	}
	return "", fmt.Errorf("store: no free reference for %s", table)
}

// refFor keeps drawn, a reference of table's kind drawn before the
// transaction, when no row holds it yet; otherwise, or when drawn is
// empty or not a reference of that kind, it picks another (newRefFor).
func refFor(ctx context.Context, q Querier, table, drawn string) (string, error) {
	if ref, ok := ParseRef(drawn); ok && ref == drawn && ref[0] == refPrefixes[table] {
		taken, err := refTaken(ctx, q, table, ref)
		if err != nil {
			return "", err
		}
		if !taken {
			return ref, nil
		}
	}
	return newRefFor(ctx, q, table)
}

func refTaken(ctx context.Context, q Querier, table, ref string) (bool, error) {
	var n int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+table+` WHERE ref = ?`, ref).Scan(&n); err != nil {
		return false, fmt.Errorf("store: new reference for %s: %w", table, err)
	}
	return n > 0, nil
}

// fillRefs gives every row made before references existed its own, and
// adds it to the row's search text so the dashboard finds it. It runs at
// each start and does nothing once every row has one; instances starting
// together each fill rows the other has not (the update only takes a row
// still without one, and a reference another row holds is drawn again).
func (s *Store) fillRefs(ctx context.Context) error {
	for _, table := range RefTables {
		for {
			ids, err := s.idsWithoutRef(ctx, table)
			if err != nil || len(ids) == 0 {
				if err != nil {
					return err
				}
				break
			}
			for _, id := range ids {
				if err := s.fillRef(ctx, table, id); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func (s *Store) idsWithoutRef(ctx context.Context, table string) ([]string, error) {
	ids, err := queryIDs(ctx, s.Writer(), `SELECT id FROM `+table+` WHERE ref IS NULL LIMIT 500`)
	if err != nil {
		return nil, fmt.Errorf("store: rows of %s without a reference: %w", table, err)
	}
	return ids, nil
}

func (s *Store) fillRef(ctx context.Context, table, id string) error {
	for range 8 {
		ref := NewRef(table)
		_, err := s.Writer().ExecContext(ctx, `UPDATE `+table+` SET ref = ?, search = search || ' ' || ? WHERE id = ? AND ref IS NULL`,
			ref, strings.ToLower(ref), id)
		if err == nil {
			return nil
		}
		if _, dup := db.IsUniqueViolation(err); !dup {
			return fmt.Errorf("store: fill reference of %s: %w", table, err)
		}
	}
	return fmt.Errorf("store: no free reference for %s", table)
}
