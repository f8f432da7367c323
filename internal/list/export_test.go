package list

import (
	"context"

	"spdc/internal/db"
)

// ListQuery is the SQL and arguments AdminList runs for q (for the
// query-plan tests).
func (s *Engine) ListQuery(ctx context.Context, t *Tab, q Query) (string, []any, error) {
	p, err := s.searchPlan(ctx, t, q)
	if err != nil {
		return "", nil, err
	}
	l, err := s.listQuery(ctx, t, q, p)
	return l.query, l.args, err
}

// ListQueryWords is ListQuery with the term looked up as whole words
// (as when some row holds it so).
func (s *Engine) ListQueryWords(ctx context.Context, t *Tab, q Query) (string, []any, error) {
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
func (s *Engine) MatchQuery(t *Tab, term string, words bool) (string, []any) {
	from, arg := s.indexSource(t, searchPlan{term: term, words: words})
	if s.Dialect() == db.SQLite {
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

// SetPGSureMany changes the estimate above which PostgreSQL does not
// count a list until the returned function puts it back.
func SetPGSureMany(n int) func() {
	old := pgSureMany
	pgSureMany = n
	return func() { pgSureMany = old }
}
