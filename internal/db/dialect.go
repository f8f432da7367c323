package db

import (
	"strconv"
	"strings"
	"sync"
)

// Dialect is the SQL flavour of the database behind a DB. Queries are
// written for SQLite with ? placeholders; the methods here hold the few
// places where PostgreSQL needs something else.
type Dialect int

// The supported dialects.
const (
	SQLite Dialect = iota + 1
	Postgres
)

func (d Dialect) String() string {
	if d == Postgres {
		return "postgres"
	}
	return "sqlite"
}

var rebound sync.Map // query string -> rewritten query, for PostgreSQL

// Rebind rewrites ? placeholders as $1, $2, … for PostgreSQL. Question
// marks inside single-quoted literals are left alone.
func (d Dialect) Rebind(q string) string {
	if d != Postgres || !strings.Contains(q, "?") {
		return q
	}
	if v, ok := rebound.Load(q); ok {
		return v.(string)
	}
	var b strings.Builder
	b.Grow(len(q) + 16)
	n, inQuote := 0, false
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch {
		case c == '\'':
			inQuote = !inQuote
			b.WriteByte(c)
		case c == '?' && !inQuote:
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
		default:
			b.WriteByte(c)
		}
	}
	out := b.String()
	rebound.Store(q, out)
	return out
}

// ILike is the case-insensitive LIKE operator: SQLite's LIKE already folds
// ASCII case; PostgreSQL needs ILIKE.
func (d Dialect) ILike() string {
	if d == Postgres {
		return "ILIKE"
	}
	return "LIKE"
}

// SkipLocked is appended to a SELECT that claims rows for a worker: on
// PostgreSQL concurrent workers skip each other's rows; SQLite has a single
// writer and needs nothing.
func (d Dialect) SkipLocked() string {
	if d == Postgres {
		return " FOR UPDATE SKIP LOCKED"
	}
	return ""
}
