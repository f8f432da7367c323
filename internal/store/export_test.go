package store

import (
	"context"
	"time"

	"spdc/internal/entity"
)

// FormTable gives the external tests the form-table code with a
// definition of their own (one with a field added, as a new migration
// would add it).
type FormTable struct{ t formTable }

// NewFormTable is the form table of table read through e.
func NewFormTable(table string, e *entity.Entity) FormTable { return FormTable{formTable{table, e}} }

// Insert saves rec as a new row with id and the time now.
func (f FormTable) Insert(ctx context.Context, q Querier, id string, rec any, now time.Time) error {
	return f.t.insert(ctx, q, formHead{ID: id, CreatedAt: now, UpdatedAt: now}, rec)
}

// ByID reads the row id into dst.
func (f FormTable) ByID(ctx context.Context, q Querier, id string, dst any) error {
	_, err := f.t.byID(ctx, q, id, dst)
	return err
}

// ListQuery is the SQL and arguments AdminList runs for q (for the
// query-plan tests).
func (s *Store) ListQuery(ctx context.Context, t *AdminTab, q AdminQuery) (string, []any, error) {
	p, err := s.searchPlan(ctx, t, q)
	if err != nil {
		return "", nil, err
	}
	l, err := s.listQuery(ctx, t, q, p)
	return l.query, l.args, err
}

// ListQueryWords is ListQuery with the term looked up as whole words
// (as when some row holds it so).
func (s *Store) ListQueryWords(ctx context.Context, t *AdminTab, q AdminQuery) (string, []any, error) {
	p, err := s.searchPlan(ctx, t, q)
	if err != nil {
		return "", nil, err
	}
	p.words = t.wordsUsable(p.term)
	l, err := s.listQuery(ctx, t, q, p)
	return l.query, l.args, err
}

// MatchQuery is the SQL and arguments with which the search index lists
// the matches of an index-only term: the word index when words is true,
// else the trigram index.
func (s *Store) MatchQuery(t *AdminTab, term string, words bool) (string, []any) {
	from, arg := s.indexSource(t, searchPlan{term: term, words: words})
	if s.dialect == SQLite {
		return "SELECT rowid FROM " + from + " LIMIT ?", []any{arg, 10}
	}
	return "SELECT id FROM " + from + " LIMIT ?", []any{arg, 10}
}

// SetRareMatches changes how many matches a search sorts itself (so a
// test reaches the other plan with a few rows) until the returned
// function puts it back.
func SetRareMatches(n int) func() {
	old := rareMatches
	rareMatches = n
	return func() { rareMatches = old }
}

// SetTotalCap changes the largest total a list counts until the returned
// function puts it back.
func SetTotalCap(n int) func() {
	old := TotalCap
	TotalCap = n
	return func() { TotalCap = old }
}

// Table is the SQL table a tab lists.
func (t *AdminTab) Table() string { return t.table }

// SetPGSureMany changes the estimate above which PostgreSQL does not
// count a list until the returned function puts it back.
func SetPGSureMany(n int) func() {
	old := pgSureMany
	pgSureMany = n
	return func() { pgSureMany = old }
}
