package store

import (
	"context"
	"fmt"

	"spdc/internal/db"
)

// DuplicateError is a write refused because another record already holds
// one of its unique values. Field is the JSON key of that value (email,
// mobile). It matches ErrDuplicate and ErrConflict with errors.Is, and
// ErrEmailTaken or ErrMobileTaken for those fields.
type DuplicateError struct {
	Table string
	Field string
}

func (e *DuplicateError) Error() string {
	return fmt.Sprintf("store: %s: %s already used by another record", e.Table, e.Field)
}

// Is lets errors.Is match the sentinels this error stands for.
func (e *DuplicateError) Is(target error) bool {
	switch target {
	case ErrDuplicate, ErrConflict:
		return true
	case ErrEmailTaken:
		return e.Field == "email"
	case ErrMobileTaken:
		return e.Field == "mobile"
	}
	return false
}

// pgUniqueFields names the field of each PostgreSQL unique constraint a
// person can run into.
var pgUniqueFields = map[string]string{
	"users_email_key":       "email",
	"users_mobile_key":      "mobile",
	"subscribers_email_key": "email",
}

// userUniqueFields are the unique columns of users, and the values a
// write tried to give them.
type userUniqueFields struct{ email, mobile string }

// duplicateUser turns err into a *DuplicateError naming the taken field
// when it is a unique violation of the users table, or returns nil. On
// PostgreSQL the constraint's name says which field; SQLite's error has
// no name, so the field is the one another account holds (q must still
// be usable: SQLite keeps a transaction open after a failed statement).
func duplicateUser(ctx context.Context, q Querier, err error, self string, vals userUniqueFields) error {
	constraint, ok := db.IsUniqueViolation(err)
	if !ok {
		return nil
	}
	if f, known := pgUniqueFields[constraint]; known {
		return &DuplicateError{Table: "users", Field: f}
	}
	for _, c := range []struct{ field, value string }{{"email", vals.email}, {"mobile", vals.mobile}} {
		if c.value == "" {
			continue
		}
		var n int
		if qerr := q.QueryRowContext(ctx, "SELECT COUNT(*) FROM users WHERE "+c.field+" = ? AND id <> ?", c.value, self).Scan(&n); qerr == nil && n > 0 {
			return &DuplicateError{Table: "users", Field: c.field}
		}
	}
	return &DuplicateError{Table: "users", Field: ""}
}

// duplicateHook names a unique-constraint violation of an edit of table
// as a *DuplicateError of that table (the list engine's Unique hook of
// every tab that has no more precise one).
func duplicateHook(table string) func(context.Context, Querier, error, string, *Record) error {
	return func(_ context.Context, _ Querier, err error, _ string, _ *Record) error {
		if _, dup := db.IsUniqueViolation(err); dup {
			return &DuplicateError{Table: table}
		}
		return nil
	}
}

// ErrDuplicate is an edit that would give a record a unique value another
// record already has (a user's email or mobile). It matches ErrConflict.
var ErrDuplicate = fmt.Errorf("%w: duplicate value", ErrConflict)
