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
	l, err := s.listQuery(ctx, t, q, s.searchPlan(ctx, t, q))
	return l.query, l.args, err
}

// MatchQuery is the SQL and arguments with which the search index lists
// the matches of an index-only term.
func (s *Store) MatchQuery(t *AdminTab, term string) (string, []any) {
	if s.dialect == SQLite {
		return "SELECT rowid FROM " + t.table + "_fts WHERE " + t.table + "_fts MATCH ? LIMIT ?", []any{ftsPhrase(term), 10}
	}
	return "SELECT id FROM " + t.table + " WHERE " + t.searchExpr + ` LIKE ? ESCAPE '\' LIMIT ?`, []any{"%" + term + "%", 10}
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
