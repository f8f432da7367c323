package list

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"spdc/internal/db"
)

// How a list stays fast at a million rows, on both databases:
//
//   - every sort it offers walks an index of its own ((column, id) in
//     that order), so a page reads the rows it shows and stops;
//   - the total is counted up to TotalCap and shown as "10,000+" beyond
//     it, so a count never reads every row;
//   - a page deep in the list starts from the cursor of the page before
//     (keyset paging: "after this sort value and id"), through the same
//     index, instead of skipping every row before it;
//   - a search is answered by its index (FTS5 trigrams on SQLite, pg_trgm
//     on PostgreSQL) when the term is rare enough to sort all its matches,
//     and by walking the sort's index and testing each row when it is so
//     common that a page fills after a few rows. The search index counts
//     the matches first, up to the cap, and that count chooses.

// TotalCap is the largest total a list counts: past it the list says
// only that there are more (Total.Capped).
var TotalCap = 10000

// pgSureMany is the planner's estimate of a list's rows above which
// PostgreSQL does not count them: the total is shown capped at once.
// Counting 10,000 rows there reads each from the table (to see that it
// is visible), tens of milliseconds; the estimate (from the statistics
// autovacuum keeps) costs a plan. Five times the cap leaves room for an
// estimate that is off.
var pgSureMany = 5 * TotalCap

// rareMatches is the most matches a search sorts itself; a term found
// more often is tested row by row along the sort's index (at 1,000,000
// rows that is one row in 200 or more, so a page of 20 reads a few
// thousand rows at most).
var rareMatches = 5000

// ErrBadCursor is a cursor this list did not make, or made for another
// sort.
var ErrBadCursor = errors.New("store: not a cursor of this list")

// ErrSearchPageNumber is a page past the first of a search whose term is
// too common for its matches to be sorted, asked for by its number: every
// row before the page would be read and tested to find where it starts
// (page 500 of a term in a third of a million rows reads thirty thousand
// rows). Such pages are reached only from the cursor of the page before,
// as the dashboard does; what cannot be fast is not offered.
var ErrSearchPageNumber = errors.New("store: a common term's page is asked for by its number")

// Total is how many rows of a list match a query.
type Total struct {
	N int
	// Capped: there are more than N (N is TotalCap).
	Capped bool
}

// sortKey is one term of a list's ORDER BY.
type sortKey struct {
	expr string
	desc bool
	num  bool // a whole number (a time, an amount), else text
}

// numericExpr reports whether the tab's column expr holds whole numbers.
func (t *Tab) numericExpr(expr string) bool {
	for _, f := range t.Fields {
		if f.Expr == expr && (f.Kind == KindTime || f.Kind == KindTimePtr || f.Kind == KindInt) {
			return true
		}
	}
	return expr == "amount_paise"
}

// parseSortKeys reads "created_at DESC, id DESC".
func parseSortKeys(order string) []sortKey {
	var keys []sortKey
	for _, part := range strings.Split(order, ",") {
		f := strings.Fields(part)
		keys = append(keys, sortKey{expr: f[0], desc: len(f) > 1 && strings.EqualFold(f[1], "DESC")})
	}
	return keys
}

// sortKeys are the ORDER BY of a ?sort= value: the field and then the id
// in the same direction, so that rows with equal values keep one order
// and a cursor names exactly one place.
func (t *Tab) sortKeys(sort string) ([]sortKey, error) {
	if sort == "" {
		return t.defaultKeys, nil
	}
	desc := strings.HasPrefix(sort, "-")
	f := t.Field(strings.TrimPrefix(sort, "-"))
	if f == nil || !f.Sortable {
		return nil, ErrBadSort
	}
	return []sortKey{{f.Expr, desc, t.numericExpr(f.Expr)}, {"id", desc, false}}, nil
}

func orderSQL(keys []sortKey) string {
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k.expr
		if k.desc {
			parts[i] += " DESC"
		}
	}
	return strings.Join(parts, ", ")
}

// afterCond selects the rows after vals in the order of keys. Keys in one
// direction compare as a row value, which both databases answer with a
// range of the sort's index.
func afterCond(keys []sortKey, vals []any) (string, []any) {
	same := true
	for _, k := range keys {
		same = same && k.desc == keys[0].desc
	}
	if same {
		exprs := make([]string, len(keys))
		for i, k := range keys {
			exprs[i] = k.expr
		}
		op := ">"
		if keys[0].desc {
			op = "<"
		}
		marks := strings.TrimSuffix(strings.Repeat("?, ", len(keys)), ", ")
		return "(" + strings.Join(exprs, ", ") + ") " + op + " (" + marks + ")", vals
	}
	// Mixed directions: (a after x) OR (a = x AND b after y) OR …
	var ors []string
	var args []any
	for i, k := range keys {
		var ands []string
		for j := 0; j < i; j++ {
			ands = append(ands, keys[j].expr+" = ?")
			args = append(args, vals[j])
		}
		op := " > ?"
		if k.desc {
			op = " < ?"
		}
		ands = append(ands, k.expr+op)
		args = append(args, vals[i])
		ors = append(ors, "("+strings.Join(ands, " AND ")+")")
	}
	return "(" + strings.Join(ors, " OR ") + ")", args
}

// cursor is what a page's cursor holds: the sort it belongs to and the
// last row's sort values.
type cursor struct {
	Sort string `json:"s"`
	Vals []any  `json:"v"`
}

func encodeCursor(sort string, vals []any) string {
	for i, v := range vals {
		if b, ok := v.([]byte); ok {
			vals[i] = string(b)
		}
	}
	b, _ := json.Marshal(cursor{Sort: sort, Vals: vals})
	return base64.RawURLEncoding.EncodeToString(b)
}

// decodeCursor reads a cursor made for sort: a value of the right kind
// for each of keys.
func decodeCursor(s, sort string, keys []sortKey) ([]any, error) {
	n := len(keys)
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return nil, ErrBadCursor
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var c cursor
	if err := dec.Decode(&c); err != nil || c.Sort != sort || len(c.Vals) != n {
		return nil, ErrBadCursor
	}
	for i, v := range c.Vals {
		switch x := v.(type) {
		case json.Number:
			n, err := x.Int64()
			if err != nil || !keys[i].num {
				return nil, ErrBadCursor
			}
			c.Vals[i] = n
		case string:
			if keys[i].num {
				return nil, ErrBadCursor
			}
		default:
			return nil, ErrBadCursor
		}
	}
	return c.Vals, nil
}

// searchPlan is what a query's search term asks of the list.
type searchPlan struct {
	term  string
	notes bool // some note of the tab holds the term
	// words: some row holds the term as whole words, and the word index
	// answers the search (see wordsCond).
	words bool
	// indexOnly: the search index alone decides which rows match (no
	// filter, no status word, reference or note adds rows).
	indexOnly bool
	// counted: matches and ids are those of an index-only term, as
	// matchIDs gives them.
	counted bool
	matches int
	ids     string
	limit   int // the most matches counted
	// countInList: the page's own query counts the matches, up to limit
	// (PostgreSQL; see pgCountedPage).
	countInList bool
	// wordsGuessed: words is a guess (see planSearch).
	wordsGuessed bool
}

func (s *Engine) searchPlan(ctx context.Context, t *Tab, q Query) (searchPlan, error) {
	return s.planSearch(ctx, t, q, false)
}

// planSearch is searchPlan; with guessWords, on PostgreSQL, a term that
// can be words is taken as words without asking the word index whether
// some row holds them (wordsGuessed), for AdminPage, which asks only
// when the guess does not answer: asking costs as much as listing a rare
// term's matches.
func (s *Engine) planSearch(ctx context.Context, t *Tab, q Query, guessWords bool) (searchPlan, error) {
	p := searchPlan{term: strings.ToLower(strings.TrimSpace(q.Search))}
	if p.term != "" && t.fts && s.Dialect() == db.SQLite {
		// The rows saved since the indexer's last batch are indexed
		// first, so the search finds them.
		if err := s.IndexTable(ctx, t.Table); err != nil {
			return p, err
		}
	}
	p.notes = s.notesMatch(ctx, t, p.term)
	if guessWords && s.Dialect() == db.Postgres && t.wordsUsable(p.term) {
		p.words, p.wordsGuessed = true, true
	} else {
		p.words = t.wordsUsable(p.term) && s.wordsMatch(ctx, t, p.term)
	}
	p.indexOnly = p.term != "" && t.fts && (p.words || len([]rune(p.term)) >= 3) && t.Filter == "" && len(q.Filters) == 0 &&
		!t.hasStatusMatch(p.term) && !t.hasRefTerm(p.term) && !p.notes
	return p, nil
}

// wordsMatch reports whether some row of the tab holds term as whole
// words. An error counts as no: the search then looks for the text
// anywhere, which finds those rows too.
func (s *Engine) wordsMatch(ctx context.Context, t *Tab, term string) bool {
	q := "SELECT 1 FROM " + t.Table + "_words WHERE " + t.Table + "_words MATCH ? LIMIT 1"
	if s.Dialect() == db.Postgres {
		q = "SELECT 1 FROM " + t.Table + " WHERE " + pgWordsMatch + " LIMIT 1"
	}
	var one int
	return s.Reader().QueryRowContext(ctx, q, wordsArg(s.Dialect(), term)).Scan(&one) == nil
}

// indexSource is the search index's list of the rows holding the plan's
// term: "FROM … WHERE …" selecting rowid (SQLite) or id (PostgreSQL),
// with its argument.
func (s *Engine) indexSource(t *Tab, p searchPlan) (from string, arg any) {
	switch {
	case s.Dialect() == db.Postgres && p.words:
		return t.Table + " WHERE " + pgWordsMatch, p.term
	case s.Dialect() == db.Postgres:
		return t.Table + " WHERE " + t.SearchExpr + ` LIKE ? ESCAPE '\'`, "%" + EscapeLike(p.term) + "%"
	case p.words:
		return t.Table + "_words WHERE " + t.Table + "_words MATCH ?", wordsArg(s.Dialect(), p.term)
	}
	return t.Table + "_fts WHERE " + t.Table + "_fts MATCH ?", ftsPhrase(p.term)
}

// surelyMany reports whether, on PostgreSQL, the planner expects at
// least pgSureMany rows from "SELECT 1 FROM " + from (see pgSureMany).
// On SQLite, or when the estimate cannot be read, it says no and the rows
// are counted.
func (s *Engine) surelyMany(ctx context.Context, from string, args []any) bool {
	if s.Dialect() != db.Postgres {
		return false
	}
	var plan string
	if err := s.Reader().QueryRowContext(ctx, "EXPLAIN (FORMAT JSON) SELECT 1 FROM "+from, args...).Scan(&plan); err != nil {
		return false
	}
	var out []struct {
		Plan struct {
			Rows float64 `json:"Plan Rows"`
		}
	}
	if json.Unmarshal([]byte(plan), &out) != nil || len(out) == 0 {
		return false
	}
	return out[0].Plan.Rows >= float64(pgSureMany)
}

// cappedCount counts the rows of "SELECT 1 FROM … WHERE …" up to limit.
func (s *Engine) cappedCount(ctx context.Context, t *Tab, from string, args []any, limit int) (int, error) {
	var n int
	q := "SELECT COUNT(*) FROM (SELECT 1 FROM " + from + " LIMIT ?) capped"
	if err := s.Reader().QueryRowContext(ctx, q, append(args, limit)...).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: admin count %s: %w", t.Name, err)
	}
	return n, nil
}

// matchIDs counts, through the search index alone, the rows holding an
// index-only term, up to limit, and on SQLite lists their rowids as a
// JSON array, made by the database in the same query: a rare term's page
// is then read from that list, and the index is asked only once.
func (s *Engine) matchIDs(ctx context.Context, t *Tab, p searchPlan, limit int) (int, string, error) {
	from, arg := s.indexSource(t, p)
	if s.Dialect() == db.Postgres {
		// PostgreSQL lists a rare term's matches again from its index in
		// the page's own query (see listQuery): sending the ids there
		// and back would cost more than that.
		n, err := s.cappedCount(ctx, t, from, []any{arg}, limit)
		return n, "", err
	}
	q := "SELECT COUNT(*), json_group_array(rowid) FROM (SELECT rowid FROM " + from + " LIMIT ?) m"
	var n int
	var ids string
	if err := s.Reader().QueryRowContext(ctx, q, arg, limit).Scan(&n, &ids); err != nil {
		return 0, "", fmt.Errorf("store: admin search %s: %w", t.Name, err)
	}
	return n, ids, nil
}

// idListCond selects the rows of a JSON array of rowids from matchIDs
// (SQLite).
func (s *Engine) idListCond() string {
	return "rowid IN (SELECT value FROM json_each(?))"
}

// AdminCount returns how many rows of the tab match the query (its sort
// and paging ignored), counting no further than TotalCap.
func (s *Engine) AdminCount(ctx context.Context, t *Tab, q Query) (int, error) {
	total, err := s.AdminTotal(ctx, t, q)
	return total.N, err
}

// AdminTotal is AdminCount that also says whether the count stopped at
// TotalCap.
func (s *Engine) AdminTotal(ctx context.Context, t *Tab, q Query) (Total, error) {
	p, err := s.searchPlan(ctx, t, q)
	if err != nil {
		return Total{}, err
	}
	return s.adminTotal(ctx, t, q, p)
}

func (s *Engine) adminTotal(ctx context.Context, t *Tab, q Query, p searchPlan) (Total, error) {
	var n int
	var err error
	from, args := "", []any(nil)
	if p.indexOnly {
		var arg any
		from, arg = s.indexSource(t, p)
		args = []any{arg}
	} else {
		where, wargs := t.where(s.Dialect(), q.Search, q.Filters, p.notes, false, p.words)
		from, args = t.Table+" WHERE "+where, wargs
	}
	if s.surelyMany(ctx, from, args) {
		return Total{N: TotalCap, Capped: true}, nil
	}
	n, err = s.cappedCount(ctx, t, from, args, TotalCap+1)
	if err != nil {
		return Total{}, err
	}
	if n > TotalCap {
		return Total{N: TotalCap, Capped: true}, nil
	}
	return Total{N: n}, nil
}

// createdOrder reports whether keys are the insertion order, newest or
// oldest first: on SQLite the rowid order, since a new row always gets
// the largest rowid.
func createdOrder(keys []sortKey) (desc, ok bool) {
	if len(keys) == 2 && keys[0].expr == "created_at" && keys[1].expr == "id" && keys[0].desc == keys[1].desc {
		return keys[0].desc, true
	}
	return false, false
}

// AdminList calls fn for every row of the tab that q selects, in order,
// reading row by row so memory does not grow with the list. The records
// of a page carry their cursors.
func (s *Engine) AdminList(ctx context.Context, t *Tab, q Query, fn func(*Record) error) error {
	p, err := s.searchPlan(ctx, t, q)
	if err != nil {
		return err
	}
	return s.adminList(ctx, t, q, p, fn)
}

// AdminPage returns the total of a query and its page (q.Page > 0): the
// search index counts an index-only term once, and that count also
// chooses how the page is found.
func (s *Engine) AdminPage(ctx context.Context, t *Tab, q Query) (Total, []*Record, error) {
	var total Total
	p, err := s.planSearch(ctx, t, q, true)
	if err != nil {
		return total, nil, err
	}
	// many: the term is so common that its matches are not listed.
	// counted: pgCountedPage was tried with this plan.
	many, counted := s.manyMatches(ctx, t, p), false
	if p.wordsGuessed {
		// A term taken as words: a rare one's page is read at once.
		if p.indexOnly && !many {
			if total, page, ok, err := s.pgCountedPage(ctx, t, q, p); ok || err != nil {
				return total, page, err
			}
			counted = true
		}
		// The guess did not answer (a common word, words no row holds,
		// more matches than are sorted): the word index is asked.
		if !s.wordsMatch(ctx, t, p.term) {
			if p, err = s.searchPlan(ctx, t, q); err != nil {
				return total, nil, err
			}
			many, counted = s.manyMatches(ctx, t, p), false
		}
	}
	if many {
		// So common a term is not listed by the search index: the page
		// is found along the sort's index.
		p.limit = TotalCap + 1
		p.matches, p.counted = p.limit, true
		total = Total{N: TotalCap, Capped: true}
	} else if p.indexOnly {
		if s.Dialect() == db.Postgres && !counted {
			if total, page, ok, err := s.pgCountedPage(ctx, t, q, p); ok || err != nil {
				return total, page, err
			}
		}
		p.limit = TotalCap + 1
		if p.matches, p.ids, err = s.matchIDs(ctx, t, p, p.limit); err != nil {
			return total, nil, err
		}
		p.counted = true
		total = Total{N: p.matches}
		if total.N > TotalCap {
			total = Total{N: TotalCap, Capped: true}
		}
	} else if total, err = s.adminTotal(ctx, t, q, p); err != nil {
		return total, nil, err
	}
	page := make([]*Record, 0, q.PageSize)
	err = s.adminList(ctx, t, q, p, func(r *Record) error { page = append(page, r); return nil })
	return total, page, err
}

// manyMatches reports whether an index-only term of plan p is so common
// that its matches are not listed (see surelyMany).
func (s *Engine) manyMatches(ctx context.Context, t *Tab, p searchPlan) bool {
	if !p.indexOnly {
		return false
	}
	from, arg := s.indexSource(t, p)
	return s.surelyMany(ctx, from, []any{arg})
}

// pgCountedPage answers the page of an index-only term on PostgreSQL in
// one pass over its matches: the page's query lists them with their sort
// values (up to TotalCap + 1), counts them and reads the page's rows,
// where a count and then the list each read every match from the table.
// ok is false when that does not answer: the term has more than
// rareMatches matches or reached the limit (the page is found along the
// sort's index), or the page is empty and holds no count.
func (s *Engine) pgCountedPage(ctx context.Context, t *Tab, q Query, p searchPlan) (Total, []*Record, bool, error) {
	p.limit, p.countInList = TotalCap+1, true
	var n int64
	page := make([]*Record, 0, q.PageSize)
	l, err := s.listQuery(ctx, t, q, p)
	if err != nil {
		return Total{}, nil, false, err
	}
	err = s.adminRows(ctx, s.Reader(), t, l.query, l.args, l.keys, q.Sort, func(r *Record) error { page = append(page, r); return nil }, &n)
	if err != nil || len(page) == 0 || n > int64(rareMatches) || n >= int64(p.limit) {
		return Total{}, nil, false, err
	}
	return Total{N: int(n)}, page, true, nil
}

// adminList is AdminList with the search planned.
func (s *Engine) adminList(ctx context.Context, t *Tab, q Query, p searchPlan, fn func(*Record) error) error {
	l, err := s.listQuery(ctx, t, q, p)
	if err != nil {
		return err
	}
	if !l.walk || s.Dialect() != db.Postgres {
		return s.adminRows(ctx, s.Reader(), t, l.query, l.args, l.keys, q.Sort, fn)
	}
	// A term so common that a page fills after a few rows: PostgreSQL
	// is told to walk the sort's index and test each row, not to list
	// the hundreds of thousands of matches its search index knows and
	// sort them. Its estimate of a term's matches cannot see that a
	// walk stops early, so it would choose the list.
	var begun bool
	err = s.ReadOnlyTx(ctx, func(tx db.Querier) error {
		begun = true
		for _, set := range []string{"SET LOCAL enable_seqscan = off", "SET LOCAL enable_bitmapscan = off", "SET LOCAL enable_sort = off"} {
			if _, err := tx.ExecContext(ctx, set); err != nil {
				return fmt.Errorf("store: admin list %s: %w", t.Name, err)
			}
		}
		return s.adminRows(ctx, tx, t, l.query, l.args, l.keys, q.Sort, fn)
	})
	if err != nil && !begun {
		return fmt.Errorf("store: admin list %s: %w", t.Name, err)
	}
	return err
}

// listSQL is the query of a list: its SQL, its arguments and how many
// sort values follow the fields in each row (for the cursors).
type listSQL struct {
	query string
	args  []any
	keys  int
	// walk: the query tests a common term on each row the sort's index
	// walks.
	walk bool
}

// listQuery chooses how a list is read (see the top of this file) and
// writes its query.
func (s *Engine) listQuery(ctx context.Context, t *Tab, q Query, p searchPlan) (listSQL, error) {
	keys, err := t.sortKeys(q.Sort)
	if err != nil {
		return listSQL{}, err
	}
	var after []any
	if q.After != "" {
		if after, err = decodeCursor(q.After, q.Sort, keys); err != nil {
			return listSQL{}, err
		}
	}
	if p.indexOnly && q.Page > 0 && !p.counted && !p.countInList {
		p.limit = rareMatches + 1
		if p.matches, p.ids, err = s.matchIDs(ctx, t, p, p.limit); err != nil {
			return listSQL{}, err
		}
	}
	// The list of a count that stopped at its limit is not every match.
	rare := p.indexOnly && q.Page > 0 && (p.countInList || p.matches <= rareMatches && p.matches < p.limit)
	if p.indexOnly && !rare && q.Page > 1 && after == nil {
		return listSQL{}, ErrSearchPageNumber
	}
	if p.indexOnly && s.Dialect() == db.SQLite {
		if desc, ok := createdOrder(keys); ok {
			if l, found, err := s.rowidQuery(ctx, t, q, p, keys, desc, after, rare); found || err != nil {
				return l, err
			}
		}
	}
	var where string
	var args []any
	walk := false
	switch {
	case rare && s.Dialect() == db.Postgres:
		where, args = t.where(s.Dialect(), q.Search, q.Filters, p.notes, false, p.words)
	case rare:
		where, args = s.idListCond(), []any{p.ids}
	case p.indexOnly && q.Page > 0:
		where, args = t.where(s.Dialect(), q.Search, q.Filters, p.notes, true, p.words)
		walk = true
	default:
		where, args = t.where(s.Dialect(), q.Search, q.Filters, p.notes, false, p.words)
	}
	matchWhere, matchArgs := where, slices.Clip(args)
	if after != nil {
		c, a := afterCond(keys, after)
		where, args = where+" AND "+c, append(args, a...)
	}
	nkeys := 0
	cols := t.SelectList()
	if q.Page > 0 {
		nkeys = len(keys)
		for _, k := range keys {
			cols += ", " + k.expr
		}
	}
	query := "SELECT " + cols + " FROM " + t.Table + " WHERE " + where + " ORDER BY " + orderSQL(keys)
	limit, largs := pageClause(q, after)
	if rare {
		// A rare term: its index found every match, whose sort values
		// are read and sorted (the sort's index is kept out of the plan
		// by reading the matches first); only the page's rows are then
		// read whole.
		key := "rowid"
		if s.Dialect() == db.Postgres {
			key = "id"
		}
		aliased := []string{key + " AS r"}
		order := make([]sortKey, len(keys))
		for i, k := range keys {
			name := fmt.Sprintf("k%d", i)
			aliased = append(aliased, k.expr+" AS "+name)
			order[i] = sortKey{name, k.desc, k.num}
		}
		pick := "SELECT r FROM matches"
		if p.countInList {
			// Every match, up to the count's limit, is listed and
			// counted in the same pass, the cursor's too: their count
			// follows each row of the page, which starts after the
			// cursor among them.
			where, args = matchWhere+" LIMIT ?", append(matchArgs, p.limit)
			if after != nil {
				c, a := afterCond(order, after)
				pick, args = pick+" WHERE "+c, append(args, a...)
			}
			cols += ", (SELECT COUNT(*) FROM matches)"
		}
		query = "WITH matches AS MATERIALIZED (SELECT " + strings.Join(aliased, ", ") + " FROM " + t.Table + " WHERE " + where +
			") SELECT " + cols + " FROM " + t.Table + " WHERE " + key + " IN (" + pick + " ORDER BY " + orderSQL(order) + limit +
			") ORDER BY " + orderSQL(keys)
		return listSQL{query, append(args, largs...), nkeys, false}, nil
	}
	if s.Dialect() == db.Postgres && !walk && after == nil && q.Page > 1 {
		// A page by its number: the rows before it are skipped along the
		// sort's index alone (an index-only scan of (value, id)), and
		// only the page's rows are then read from the table, one by one
		// by id, where skipping them in the table read each whole (page
		// 500: 12 ms -> 1 ms; OFFSET 0 keeps the row's subquery apart, so
		// no plan reads the table along the sort's index instead). The
		// page is put in order by its sort values, the last columns of
		// each row.
		order := make([]sortKey, len(keys))
		for i, k := range keys {
			order[i] = sortKey{fmt.Sprint(len(t.Fields) + 1 + i), k.desc, k.num}
		}
		query = "WITH page AS MATERIALIZED (SELECT id FROM " + t.Table + " WHERE " + where + " ORDER BY " + orderSQL(keys) + limit +
			") SELECT r.* FROM page CROSS JOIN LATERAL (SELECT " + cols + " FROM " + t.Table + " WHERE " + t.Table + ".id = page.id OFFSET 0) r ORDER BY " +
			orderSQL(order)
	} else {
		query += limit
	}
	return listSQL{query, append(args, largs...), nkeys, walk}, nil
}

// pageClause is the LIMIT of a page, with the OFFSET of its number when
// it does not start from a cursor.
func pageClause(q Query, after []any) (string, []any) {
	switch {
	case q.Page == 0:
		return "", nil
	case after != nil:
		return " LIMIT ?", []any{q.PageSize}
	}
	return " LIMIT ? OFFSET ?", []any{q.PageSize, (q.Page - 1) * q.PageSize}
}

// rowidQuery reads an index-only search in insertion order on SQLite:
// the trigram index walks its matches in rowid order itself, so it stops
// after the page instead of handing every match to a sort (a page of a
// term found in a third of a million rows costs a few ms). A rare term's
// matches are already listed (p.ids): their rowids are ordered as they
// are, and only the page's rows are read, where sorting them by creation
// time would look up every match in the table. found is false when the
// cursor's row is gone, and the general plan answers.
func (s *Engine) rowidQuery(ctx context.Context, t *Tab, q Query, p searchPlan, keys []sortKey, desc bool, after []any, rare bool) (listSQL, bool, error) {
	dir, op := "ASC", ">"
	if desc {
		dir, op = "DESC", "<"
	}
	from, arg := s.indexSource(t, p)
	sub := "SELECT rowid FROM " + from
	args := []any{arg}
	col := "rowid"
	if rare {
		col = "value"
		sub, args = "SELECT value FROM json_each(?) WHERE true", []any{p.ids}
	}
	if after != nil {
		var rowid int64
		err := s.Reader().QueryRowContext(ctx, "SELECT rowid FROM "+t.Table+" WHERE id = ?", after[1]).Scan(&rowid)
		if errors.Is(err, sql.ErrNoRows) {
			return listSQL{}, false, nil
		}
		if err != nil {
			return listSQL{}, true, fmt.Errorf("store: admin list %s: %w", t.Name, err)
		}
		sub += " AND " + col + " " + op + " ?"
		args = append(args, rowid)
	}
	sub += " ORDER BY " + col + " " + dir
	cols := t.SelectList()
	nkeys := 0
	limit, largs := pageClause(q, after)
	sub, args = sub+limit, append(args, largs...)
	if q.Page > 0 {
		nkeys = len(keys)
		for _, k := range keys {
			cols += ", " + k.expr
		}
	}
	query := "SELECT " + cols + " FROM " + t.Table + " WHERE rowid IN (" + sub + ") ORDER BY rowid " + dir
	return listSQL{query: query, args: args, keys: nkeys}, true, nil
}

// AdminExport calls fn for every row of the tab that q selects, in order,
// with the row's values in the order of t.Fields: text as a string, a
// list as []string, a yes/no as a bool, a number as an int, a time as a
// time.Time (nil when unset), a JSON value as json.RawMessage. It is the
// export's reader: each row's values are a slice of their own, which fn
// may keep (the CSV is written from them by another goroutine), and no
// Record is built, so a million rows cost what reading them costs.
func (s *Engine) AdminExport(ctx context.Context, t *Tab, q Query, fn func(vals []any) error) error {
	q.Page, q.PageSize = 0, 0
	if t.Hooks.Finish != nil {
		// A tab whose records are finished after reading (their values
		// depend on several columns) goes through its records.
		return s.AdminList(ctx, t, q, func(rec *Record) error {
			vals := make([]any, len(t.Fields))
			for i := range t.Fields {
				vals[i] = rec.Get(t.Fields[i].FullKey())
			}
			return fn(vals)
		})
	}
	keys, err := t.sortKeys(q.Sort)
	if err != nil {
		return err
	}
	if desc, ok := createdOrder(keys); ok && s.Dialect() == db.SQLite && q.Search == "" && len(q.Filters) == 0 {
		// A whole tab in the order its rows came is read straight along
		// the table itself, newest or oldest first by rowid (the order the
		// rows were saved in, as the searches' rowid order), where the
		// creation-time index would send each row's read through the
		// table's tree from its root. The tab's own condition still holds.
		where, args := t.where(s.Dialect(), "", nil, false, false, false)
		return s.ExportByRowid(ctx, db.RowidScan{Name: t.Name, Table: t.Table, Columns: t.SelectList(),
			Where: where, Args: args, Desc: desc, Dest: t.scanDest, Values: t.exportValues}, fn)
	}
	p, err := s.searchPlan(ctx, t, q)
	if err != nil {
		return err
	}
	l, err := s.listQuery(ctx, t, q, p)
	if err != nil {
		return err
	}
	return s.UnmappedReader(ctx, func(r db.Querier) error {
		rows, err := r.QueryContext(ctx, l.query, l.args...)
		if err != nil {
			return fmt.Errorf("store: admin export %s: %w", t.Name, err)
		}
		defer rows.Close()
		dest := t.scanDest()
		for rows.Next() {
			if err := rows.Scan(dest...); err != nil {
				return fmt.Errorf("store: admin export %s: %w", t.Name, err)
			}
			if err := fn(t.exportValues(dest)); err != nil {
				return err
			}
		}
		if err := rows.Err(); err != nil {
			return fmt.Errorf("store: admin export %s: %w", t.Name, err)
		}
		return nil
	})
}

// exportValues is a new slice of the export's values of a row scanned
// into dest (see scanDest).
func (t *Tab) exportValues(dest []any) []any {
	vals := make([]any, len(t.Fields))
	for i := range t.Fields {
		vals[i] = exportValue(t.Fields[i].Kind, dest[i])
	}
	return vals
}

// scanDest is one pointer per field of the tab, of the type its column
// is read into.
func (t *Tab) scanDest() []any {
	dest := make([]any, len(t.Fields))
	for i, f := range t.Fields {
		switch f.Kind {
		case KindText, KindList, KindJSON:
			dest[i] = new(string)
		case KindBool:
			dest[i] = new(bool)
		case KindTime, KindInt:
			dest[i] = new(int64)
		case KindTimePtr:
			dest[i] = new(*int64)
		}
	}
	return dest
}

// exportValue is the value of a column read into p (from scanDest), as
// AdminExport hands it on.
func exportValue(kind FieldKind, p any) any {
	switch kind {
	case KindText:
		return *p.(*string)
	case KindBool:
		return *p.(*bool)
	case KindList:
		return ParseList(*p.(*string))
	case KindJSON:
		raw := *p.(*string)
		if !json.Valid([]byte(raw)) {
			raw = "{}"
		}
		return json.RawMessage(raw)
	case KindTime:
		return db.FromMillis(*p.(*int64))
	case KindTimePtr:
		if v := *p.(**int64); v != nil {
			return db.FromMillis(*v)
		}
		return nil
	case KindInt:
		return int(*p.(*int64))
	}
	return nil
}

// plainStringList reads a JSON array of strings without escapes; ok is
// false for any other text. The store writes list columns with
// encoding/json, so nearly all have no escapes: cutting them straight out
// of the text is several times faster than decoding them, which an export
// of a million rows feels.
func plainStringList(raw string) (list []string, ok bool) {
	if strings.IndexByte(raw, '\\') >= 0 || !utf8.ValidString(raw) {
		return nil, false
	}
	s := trimJSONSpace(raw)
	if len(s) < 2 || s[0] != '[' || s[len(s)-1] != ']' {
		return nil, false
	}
	s = trimJSONSpace(s[1 : len(s)-1])
	list = []string{}
	for s != "" {
		if s[0] != '"' {
			return nil, false
		}
		end := strings.IndexByte(s[1:], '"')
		if end < 0 {
			return nil, false
		}
		item := s[1 : 1+end]
		for i := 0; i < len(item); i++ {
			if item[i] < 0x20 {
				return nil, false // a control character must be escaped
			}
		}
		list = append(list, item)
		s = trimJSONSpace(s[2+end:])
		if s == "" {
			break
		}
		if s[0] != ',' {
			return nil, false
		}
		if s = trimJSONSpace(s[1:]); s == "" {
			return nil, false // a comma after the last item
		}
	}
	return list, true
}

// trimJSONSpace trims the white space JSON allows between values.
func trimJSONSpace(s string) string {
	return strings.Trim(s, " \t\n\r")
}

// ParseList decodes a list column, tolerating an empty value. A list
// without escapes is read by plainStringList, anything else by
// encoding/json.
func ParseList(raw string) []string {
	if list, ok := plainStringList(raw); ok {
		return list
	}
	out := []string{}
	if raw != "" {
		_ = json.Unmarshal([]byte(raw), &out)
	}
	return out
}
