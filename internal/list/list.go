package list

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"spdc/internal/db"
	"spdc/internal/entity"
)

// FieldKind says how a column is stored and shown.
type FieldKind int

// The kinds of admin fields.
const (
	KindText    FieldKind = iota // TEXT
	KindBool                     // BOOLEAN, Yes/No
	KindList                     // JSON array of strings in TEXT
	KindTime                     // BIGINT unix ms, RFC 3339 in JSON
	KindTimePtr                  // nullable BIGINT unix ms
	KindInt                      // INTEGER (the version)
	KindJSON                     // a JSON object in TEXT (audit before/after)
)

// Field is one column of an admin tab.
type Field struct {
	Key      string    // JSON name, e.g. fullName
	Group    string    // when set, Key lives in the nested JSON object Group (referrer)
	Label    string    // CSV header, in plain words
	Expr     string    // SQL expression selected
	Column   string    // the SQL column an edit writes ("" = not writable)
	Kind     FieldKind //
	Editable bool      // an admin may change it
	Sortable bool      // ?sort= accepts it
	Required bool      // an edit may not leave it empty
	Format   string    // "email", "date", "mobile" — checked by the HTTP layer
	MaxLen   int       // longest accepted text (runes); 0 = 2000
	// Def is the entity's field this column shows, when the tab is an
	// entity's.
	Def *entity.Field
}

// Tab describes one list of the dashboard.
type Tab struct {
	Name      string // URL segment: users, disciples, pending-disciples, …
	Entity    string // audit entity name (same as Name)
	Editable  bool   // PUT allowed at all
	Deletable bool   // DELETE allowed at all
	Fields    []Field
	// Def is the entity the tab lists (every editable tab has one): its rules decide
	// edits and its searchable fields the search text.
	Def *entity.Entity
	// ReadOnlyKeys are known JSON keys that a PUT body may carry and that
	// are ignored (besides the non-editable fields): password and token
	// fields the original client might send.
	ReadOnlyKeys []string

	// FilterKeys are the option fields a list may be narrowed to one
	// value of (?status=failed on the mail tab).
	FilterKeys []string
	// CondFilters narrow a list by a condition that is more than one
	// field's value (the care records whose contact is overdue): each is
	// a filter key and its SQL condition, whose one placeholder takes the
	// filter's value.
	CondFilters []CondFilter

	// Table is the SQL table the tab lists.
	Table string
	// Filter is the SQL condition every row of the tab meets.
	Filter string
	// SearchExpr is the lower-cased visible text a search looks in; ""
	// is the table's search column, with its full-text indexes.
	SearchExpr string
	// SearchFields: the table keeps no search column, so a search looks
	// in the searchable fields' own columns (the outbox).
	SearchFields bool
	fts          bool // SQLite: table_fts trigram index over search
	// StatusConds maps a shown status word to the SQL condition that
	// selects it, so searching "awai" finds awaiting rows.
	StatusConds map[string]string
	// DefaultSort is the order of a list that asks for none ("" is the
	// newest first).
	DefaultSort string
	defaultKeys []sortKey
	// CountsNew: the dashboard counts the records that arrived since an
	// admin last looked, as it does on every staffed tab (see
	// CountsArrivals), on a tab with no workflow of its own (the
	// newsletter's subscribers).
	CountsNew bool
	// Hooks are the entity's own rules, declared beside it (see Hooks).
	Hooks Hooks
}

// CondFilter is a filter of a list by an SQL condition (see CondFilters).
type CondFilter struct {
	Key, Cond string
}

// Field returns the field with JSON key (or "group.key"), or nil.
func (t *Tab) Field(key string) *Field {
	for i := range t.Fields {
		f := &t.Fields[i]
		if f.FullKey() == key {
			return f
		}
	}
	return nil
}

// FullKey is the field's key, "group.key" when it lives in a group.
func (f *Field) FullKey() string {
	if f.Group != "" {
		return f.Group + "." + f.Key
	}
	return f.Key
}

// MaxLenOrDefault is the longest text an edit may give the field, in runes.
func (f *Field) MaxLenOrDefault() int {
	if f.MaxLen > 0 {
		return f.MaxLen
	}
	return 2000
}

// adminField describes one field of an entity in the list's terms: the
// SQL expression it is read and sorted by is its column unless expr names
// another.
func adminField(f *entity.Field, expr string) Field {
	kinds := map[entity.Kind]FieldKind{entity.Text: KindText, entity.Bool: KindBool, entity.List: KindList,
		entity.Time: KindTime, entity.TimePtr: KindTimePtr, entity.Int: KindInt, entity.JSON: KindJSON}
	af := Field{Key: f.Leaf(), Group: f.Group(), Label: f.Label, Expr: f.Column(), Kind: kinds[f.Kind],
		Editable: f.Editable, Sortable: f.Sortable, Required: f.Required, Format: string(f.Format), MaxLen: f.Max, Def: f}
	if expr != "" {
		af.Expr = expr
	}
	if f.Editable {
		af.Column = f.Column()
	}
	return af
}

// EntityTab is the list of an entity: its fields read through exprs where
// the SQL is not simply the field's column. Ready finishes it once the
// entity's hooks are set.
func EntityTab(e *entity.Entity, tab Tab, exprs map[string]string) *Tab {
	tab.Name, tab.Def, tab.Editable, tab.Deletable = e.Name, e, e.Editable, e.Deletable
	tab.Entity = tab.Name
	for i := range e.Fields {
		tab.Fields = append(tab.Fields, adminField(&e.Fields[i], exprs[e.Fields[i].Key]))
	}
	return &tab
}

// fieldsSearchExpr is the lower-cased text of the tab's searchable
// fields, read from their columns, for a table without a search column.
func (t *Tab) fieldsSearchExpr() string {
	var parts []string
	for _, f := range t.Fields {
		if f.Def != nil && f.Def.Searchable && f.Kind == KindText {
			parts = append(parts, "COALESCE("+f.Expr+", '')")
		}
	}
	return "lower(" + strings.Join(parts, " || ' ' || ") + ")"
}

// Ready checks a tab's filters and completes what its declaration left to
// defaults: the search text of a table without a search column, the
// search column and its indexes otherwise, and the newest-first order.
func Ready(t *Tab) {
	if t.SearchFields {
		t.SearchExpr = t.fieldsSearchExpr()
	}
	for _, key := range t.FilterKeys {
		if f := t.Field(key); f == nil || f.Def == nil || len(f.Def.Options) == 0 && key != entity.AssigneeKey {
			panic("store: filter " + key + " of tab " + t.Name + " is not an option field")
		}
	}
	if t.SearchExpr == "" {
		t.SearchExpr = "search"
		t.fts = true
	}
	if t.DefaultSort == "" {
		t.DefaultSort = "created_at DESC, id DESC"
	}
	t.defaultKeys = parseSortKeys(t.DefaultSort)
	for i, k := range t.defaultKeys {
		t.defaultKeys[i].num = t.numericExpr(k.expr)
	}
}

// Record is one row of an admin list as an ordered JSON object (so that
// the page and a reader of the raw answer see the columns in order).
type Record struct {
	keys []string
	vals map[string]any
	// cursor names the place just after this record in its list's order
	// (see Query.After); set on the rows of a page.
	cursor string
}

// Cursor is where the page after this record starts, when the record
// came from a page of a list.
func (r *Record) Cursor() string { return r.cursor }

func newRecord() *Record { return &Record{vals: map[string]any{}} }

// Set gives the record the value v for key, after its other keys when
// it is new.
func (r *Record) Set(key string, v any) {
	if _, ok := r.vals[key]; !ok {
		r.keys = append(r.keys, key)
	}
	r.vals[key] = v
}

// Get returns the value of a key ("referrer.name" reaches into a group).
func (r *Record) Get(key string) any {
	if g, k, ok := strings.Cut(key, "."); ok {
		sub, _ := r.vals[g].(*Record)
		if sub == nil {
			return nil
		}
		return sub.Get(k)
	}
	return r.vals[key]
}

// ID is the record's _id.
func (r *Record) ID() string { s, _ := r.vals["_id"].(string); return s }

// Version is the record's __v.
func (r *Record) Version() int { v, _ := r.vals["__v"].(int); return v }

// MarshalJSON writes the keys in column order.
func (r *Record) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range r.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		b.Write(kb)
		b.WriteByte(':')
		vb, err := json.Marshal(r.vals[k])
		if err != nil {
			return nil, err
		}
		b.Write(vb)
	}
	b.WriteByte('}')
	return []byte(b.String()), nil
}

// Query selects the rows of a list: an optional search term, exact
// values of the tab's filter fields, a sort and a page (Page 0 = the
// whole list).
type Query struct {
	Search   string
	Filters  map[string]string // key of one of the tab's FilterKeys -> one of its options
	Sort     string            // a JSON key, "-" in front for descending; "" = newest first
	Page     int               // 1-based; 0 = no paging
	PageSize int
	// After is the cursor of the last record of the previous page (see
	// Record.Cursor): the page starts right after it, found through the
	// sort's index however deep it is, and Page then only names it.
	After string
}

// ErrBadSort is returned for a sort key that is not a sortable column.
var ErrBadSort = errors.New("store: unknown sort column")

// EscapeLike makes s match literally inside LIKE ... ESCAPE '\'.
func EscapeLike(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return r.Replace(s)
}

// ftsPhrase quotes s as one FTS5 phrase: everything inside double quotes
// is literal, with a double quote written twice.
func ftsPhrase(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// SelectList is the SQL select list of the tab's fields, in order.
func (t *Tab) SelectList() string {
	cols := make([]string, len(t.Fields))
	for i, f := range t.Fields {
		cols[i] = f.Expr
	}
	return strings.Join(cols, ", ")
}

// where builds the WHERE clause of a list (always at least "1=1").
// notes says that some note of the tab holds the search term: the
// records with such a note are found too.
//
// rowByRow asks for the term to be tested on each row the query walks
// (a LIKE the search index cannot answer), for a term so common that
// walking the sort's index finds a page sooner than the search index
// finds every match.
func (t *Tab) where(d db.Dialect, search string, filters map[string]string, notes, rowByRow, words bool) (string, []any) {
	conds := []string{}
	var args []any
	if t.Filter != "" {
		conds = append(conds, t.Filter)
	}
	for _, key := range t.FilterKeys {
		if v, ok := filters[key]; ok {
			conds, args = append(conds, t.Field(key).Expr+" = ?"), append(args, v)
		}
	}
	for _, cf := range t.CondFilters {
		if v, ok := filters[cf.Key]; ok {
			conds, args = append(conds, cf.Cond), append(args, v)
		}
	}
	if ids, ok := filters[FilterIDs]; ok {
		c, a := idsCond(ids)
		conds, args = append(conds, c), append(args, a...)
	}
	term := strings.ToLower(strings.TrimSpace(search))
	if term != "" {
		like := "%" + EscapeLike(term) + "%"
		// Literal substring match over the visible text. On SQLite a
		// trigram FTS5 index answers it (a LIKE scan of 100,000 rows costs
		// ~200 ms there): a quoted phrase of three or more characters
		// matches exactly the rows containing it as a substring. Shorter
		// terms have no trigram and fall back to the scan.
		var c string
		// (PostgreSQL's planner makes that choice itself from the
		// column's statistics, between the search index and the sort's.)
		switch {
		case words:
			c = t.wordsCond(d, rowByRow)
			args = append(args, wordsArg(d, term))
		case !rowByRow && t.ftsUsable(d, term):
			c = "rowid IN (SELECT rowid FROM " + t.Table + "_fts WHERE " + t.Table + "_fts MATCH ?)"
			args = append(args, ftsPhrase(term))
		default:
			c = t.SearchExpr + ` LIKE ? ESCAPE '\'`
			args = append(args, like)
		}
		var extra []string
		for word, cond := range t.StatusConds {
			if strings.Contains(word, term) {
				extra = append(extra, cond)
			}
		}
		if ref, ok := t.refTerm(search); ok {
			// A reference typed with spaces or without its hyphens is
			// found by its written form.
			extra, args = append(extra, "ref = ?"), append(args, ref)
		}
		if len(extra) > 0 {
			c = "(" + c + ") OR " + strings.Join(extra, " OR ")
		}
		if notes {
			// A record is also found by the text of its notes.
			c, args = "("+c+") OR "+t.Hooks.NotesCond, append(args, like)
		}
		conds = append(conds, "("+c+")")
	}
	if len(conds) == 0 {
		return "1=1", args
	}
	return strings.Join(conds, " AND "), args
}

func (t *Tab) ftsUsable(d db.Dialect, term string) bool {
	return t.fts && d == db.SQLite && utf8.RuneCountInString(term) >= 3
}

// A search first looks for its term as whole words: every word of the
// term is a whole word of the record, in any order ("madhava müller"
// finds "Madhava Müller" and "Müller, Madhava", not "Gopimadhava
// Müllerson"). A word index answers that in about a millisecond at a
// million rows, where finding the same text inside longer words (the
// trigram index) costs tens. Only when no record holds the term's words
// is it looked for as text anywhere ("madhava mül" finds "Madhava
// Müller"), so what is typed is always found.
//
// On SQLite the word index is the FTS5 table <table>_words (unicode61
// words), on PostgreSQL a GIN index over the stored column search_words,
// to_tsvector('simple', search) (the 'simple' configuration keeps every
// word as written: no stemming, no stop words). Neither needs the row to
// confirm a match.

// wordsCond is the condition "the row holds the term as whole words",
// with one argument, wordsArg. rowByRow asks for a test of each row the
// query walks rather than the list of every match.
func (t *Tab) wordsCond(d db.Dialect, rowByRow bool) string {
	if d == db.Postgres {
		// Row by row, the planner is told to walk the sort's index (see
		// listSQL.walk).
		return pgWordsMatch
	}
	if rowByRow {
		w := t.Table + "_words"
		return "EXISTS (SELECT 1 FROM " + w + " WHERE " + w + " MATCH ? AND " + w + ".rowid = " + t.Table + ".rowid)"
	}
	return "rowid IN (SELECT rowid FROM " + t.Table + "_words WHERE " + t.Table + "_words MATCH ?)"
}

// pgWordsMatch is the PostgreSQL word match on the stored column the word
// index is built on (search_words, to_tsvector('simple', search)).
const pgWordsMatch = "search_words @@ plainto_tsquery('simple', ?)"

// wordsArg is the argument of wordsCond for a term: on SQLite an FTS5
// query asking for each space-separated part of the term (each quoted,
// so nothing in it is FTS5 syntax), on PostgreSQL the term itself, which
// plainto_tsquery splits into words.
func wordsArg(d db.Dialect, term string) any {
	if d == db.Postgres {
		return term
	}
	var parts []string
	for _, part := range strings.Fields(term) {
		if hasWordChar(part) {
			parts = append(parts, ftsPhrase(part))
		}
	}
	return strings.Join(parts, " AND ")
}

// wordsUsable reports whether a term can be looked up as words: the tab
// has a word index and the term holds a letter or a digit.
func (t *Tab) wordsUsable(term string) bool {
	return t.fts && hasWordChar(term)
}

func hasWordChar(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

// adminRows runs a list query and calls fn for each record, row by row.
// When the query selects the sort keys after the tab's fields (keys > 0),
// each record carries the cursor of the page that follows it.
//
// A row may end with more columns after the sort values: extra are
// where they are read, row after row.
func (s *Engine) adminRows(ctx context.Context, r db.Querier, t *Tab, query string, args []any, keys int, sortName string, fn func(*Record) error, extra ...any) error {
	rows, err := r.QueryContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("store: admin list %s: %w", t.Name, err)
	}
	defer rows.Close()
	for rows.Next() {
		rec, err := t.scanKeys(rows, keys, sortName, extra...)
		if err != nil {
			return fmt.Errorf("store: admin list %s: %w", t.Name, err)
		}
		if err := fn(rec); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: admin list %s: %w", t.Name, err)
	}
	return nil
}

// Scan reads one row of the tab's fields (see SelectList) as a record.
func (t *Tab) Scan(row interface{ Scan(...any) error }) (*Record, error) {
	return t.scanKeys(row, 0, "")
}

// scanKeys reads a row of the tab's fields followed by keys sort values,
// which become the record's cursor, and by a column for each of extra.
func (t *Tab) scanKeys(row interface{ Scan(...any) error }, keys int, sortName string, extra ...any) (*Record, error) {
	dest := t.scanDest()
	raw := make([]any, keys)
	for i := range raw {
		dest = append(dest, &raw[i])
	}
	dest = append(dest, extra...)
	if err := row.Scan(dest...); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, db.ErrNotFound
		}
		return nil, err
	}
	rec := newRecord()
	for i, f := range t.Fields {
		v := exportValue(f.Kind, dest[i])
		if at, ok := v.(time.Time); ok {
			// Records carry their times as the API writes them.
			v = at.Format(adminTimeLayout)
		}
		if f.Group != "" {
			sub, _ := rec.vals[f.Group].(*Record)
			if sub == nil {
				sub = newRecord()
				rec.Set(f.Group, sub)
			}
			sub.Set(f.Key, v)
		} else {
			rec.Set(f.Key, v)
		}
	}
	if t.Hooks.Finish != nil {
		t.Hooks.Finish(rec)
	}
	if keys > 0 {
		rec.cursor = encodeCursor(sortName, raw)
	}
	return rec, nil
}

// FormatMillis formats unix ms as RFC 3339 UTC with milliseconds.
func FormatMillis(ms int64) string {
	return db.FromMillis(ms).Format(adminTimeLayout)
}

// adminTimeLayout is RFC 3339 with milliseconds.
const adminTimeLayout = "2006-01-02T15:04:05.000Z07:00"

// Get reads one row of the tab by id through q, or ErrNotFound.
func (t *Tab) Get(ctx context.Context, q db.Querier, id string) (*Record, error) {
	where := "id = ?"
	if t.Filter != "" {
		where += " AND " + t.Filter
	}
	rec, err := t.Scan(q.QueryRowContext(ctx, "SELECT "+t.SelectList()+" FROM "+t.Table+" WHERE "+where, id))
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return nil, fmt.Errorf("store: admin get %s: %w", t.Name, err)
	}
	return rec, err
}

// AdminGet returns one record of the tab, or ErrNotFound.
func (s *Engine) AdminGet(ctx context.Context, t *Tab, id string) (*Record, error) {
	return t.Get(ctx, s.Reader(), id)
}

// AdminUpdate changes the record id of tab t if its version is still
// version. edit runs inside the transaction with the record as stored and
// returns the values to set (JSON key → string or []string, validated),
// or an error that refuses the change. The audit log gets the changed
// fields before and after. It returns the record as saved; ErrNotFound,
// ErrConflict (stale version) or a *DuplicateError otherwise.
func (s *Engine) AdminUpdate(ctx context.Context, t *Tab, id string, version int, actor Actor, edit func(before *Record) (map[string]any, error)) (*Record, error) {
	out, err := s.AdminUpdateAll(ctx, t, []Edit{{ID: id, Version: version, Edit: edit}}, actor)
	if err != nil {
		return nil, err
	}
	return out[0], nil
}

// Edit is one record's change within AdminUpdateAll: the record's id,
// the version the admin saw, and the edit that returns the values to set.
type Edit struct {
	ID      string
	Version int
	Edit    func(before *Record) (map[string]any, error)
}

// AdminUpdateAll makes every edit in one transaction, each as AdminUpdate
// would (its own audit entry): all of them are saved or, at the first
// refusal (a missing record, a stale version, an edit's error), none. It
// returns the records as saved, in the order of edits.
func (s *Engine) AdminUpdateAll(ctx context.Context, t *Tab, edits []Edit, actor Actor) ([]*Record, error) {
	if !t.Editable {
		return nil, errors.New("store: tab is not editable")
	}
	var out []*Record
	err := s.InTx(ctx, func(tx *db.Tx) error {
		out = make([]*Record, 0, len(edits))
		now := s.Now()
		for _, e := range edits {
			rec, err := t.updateTx(ctx, tx, e, actor, now, s.Audit)
			if err != nil {
				return err
			}
			out = append(out, rec)
		}
		return nil
	})
	return out, err
}

// updateTx applies one edit inside tx and returns the record as saved.
func (t *Tab) updateTx(ctx context.Context, tx *db.Tx, e Edit, actor Actor, now time.Time, audit func(context.Context, db.Querier, AuditEntry, time.Time) error) (*Record, error) {
	id, version := e.ID, e.Version
	before, err := t.Get(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	set, err := e.Edit(before)
	if err != nil {
		return nil, err
	}
	if before.Version() != version {
		return nil, db.ErrConflict
	}
	var sets []string
	var args []any
	beforeAudit, afterAudit := map[string]any{}, map[string]any{}
	for i := range t.Fields {
		f := &t.Fields[i]
		nv, ok := set[f.FullKey()]
		if !ok || !f.Editable || f.Column == "" {
			continue
		}
		ov := before.Get(f.FullKey())
		if adminEqual(ov, nv) {
			continue
		}
		beforeAudit[f.FullKey()], afterAudit[f.FullKey()] = ov, nv
		sets = append(sets, f.Column+" = ?")
		switch v := nv.(type) {
		case []string:
			b, _ := json.Marshal(v)
			args = append(args, string(b))
		case string:
			if t.Hooks.EditArg != nil {
				args = append(args, t.Hooks.EditArg(f.Column, v))
			} else {
				args = append(args, v)
			}
		default:
			return nil, fmt.Errorf("store: admin update: unsupported value for %s", f.Key)
		}
	}
	if len(sets) == 0 {
		return before, nil
	}
	after := before.clone()
	for k, v := range afterAudit {
		after.put(k, v)
	}
	sets = append(sets, "search = ?", "version = version + 1", "updated_at = ?")
	args = append(args, t.searchText(after), db.Millis(now), id, version)
	res, err := tx.ExecContext(ctx, "UPDATE "+t.Table+" SET "+strings.Join(sets, ", ")+" WHERE id = ? AND version = ?", args...)
	if err != nil {
		if t.Hooks.Unique != nil {
			if derr := t.Hooks.Unique(ctx, tx, err, id, after); derr != nil {
				return nil, derr
			}
		}
		return nil, fmt.Errorf("store: admin update %s: %w", t.Name, err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return nil, db.ErrConflict
	}
	if err := audit(ctx, tx, AuditEntry{Actor: actor, Action: "update", Entity: t.Entity, EntityID: id,
		Before: beforeAudit, After: afterAudit}, now); err != nil {
		return nil, err
	}
	if t.Hooks.Edited != nil {
		if err := t.Hooks.Edited(ctx, tx, id, now); err != nil {
			return nil, err
		}
	}
	return t.Get(ctx, tx, id)
}

// AdminDelete deletes the record id of tab t after check accepts it. A
// person or a submission is erased (see EraseUserTx); any other record is
// deleted and recorded whole in the audit log.
func (s *Engine) AdminDelete(ctx context.Context, t *Tab, id string, actor Actor, check func(before *Record) error) error {
	if !t.Deletable {
		return errors.New("store: tab is not deletable")
	}
	err := s.InTx(ctx, func(tx *db.Tx) error {
		now := s.Now()
		before, err := t.Get(ctx, tx, id)
		if err != nil {
			return err
		}
		if check != nil {
			if err := check(before); err != nil {
				return err
			}
		}
		// A person or a submission is erased everywhere (its Delete
		// hook), and the audit log records the erasure without a copy of
		// the data.
		if t.Hooks.Delete != nil {
			return t.Hooks.Delete(ctx, tx, id, actor, now)
		}
		where := "id = ?"
		if t.Filter != "" {
			where += " AND " + t.Filter
		}
		res, err := tx.ExecContext(ctx, "DELETE FROM "+t.Table+" WHERE "+where, id)
		if err != nil {
			return fmt.Errorf("store: admin delete %s: %w", t.Name, err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return db.ErrNotFound
		}
		return s.Audit(ctx, tx, AuditEntry{Actor: actor, Action: "delete", Entity: t.Entity, EntityID: id,
			Before: before.auditMap(), After: map[string]any{}}, now)
	})
	if err == nil && t.Hooks.Deleted != nil {
		t.Hooks.Deleted(ctx, s.DB)
	}
	return err
}

func (r *Record) clone() *Record {
	c := newRecord()
	for _, k := range r.keys {
		v := r.vals[k]
		if sub, ok := v.(*Record); ok {
			v = sub.clone()
		}
		c.Set(k, v)
	}
	return c
}

func (r *Record) put(key string, v any) {
	if g, k, ok := strings.Cut(key, "."); ok {
		sub, _ := r.vals[g].(*Record)
		if sub == nil {
			sub = newRecord()
			r.Set(g, sub)
		}
		sub.Set(k, v)
		return
	}
	r.Set(key, v)
}

// auditMap is the record as a plain map for the audit log.
func (r *Record) auditMap() map[string]any {
	m := make(map[string]any, len(r.keys))
	for _, k := range r.keys {
		v := r.vals[k]
		if sub, ok := v.(*Record); ok {
			v = sub.auditMap()
		}
		m[k] = v
	}
	return m
}

// searchText is the lower-cased visible text of a record after an edit,
// built from the entity's definition exactly as the insert code builds it.
func (t *Tab) searchText(r *Record) string {
	return t.Def.SearchText(r.Get)
}

func adminEqual(a, b any) bool {
	switch av := a.(type) {
	case string:
		bv, ok := b.(string)
		return ok && av == bv
	case []string:
		bv, ok := b.([]string)
		if !ok || len(av) != len(bv) {
			return false
		}
		for i := range av {
			if av[i] != bv[i] {
				return false
			}
		}
		return true
	}
	return false
}

// hasStatusMatch reports whether the search term also picks rows by their
// shown status word (pending disciples: awaiting, expired, declined).
func (t *Tab) hasStatusMatch(term string) bool {
	for word := range t.StatusConds {
		if strings.Contains(word, term) {
			return true
		}
	}
	return false
}

// FilterIDs is the Query filter that keeps only the listed records (ids
// separated by commas, already checked): the export of a selection.
const FilterIDs = "_ids"

// idsCond is "id IN (?, …)" for comma-separated ids.
func idsCond(ids string) (string, []any) {
	list := strings.Split(ids, ",")
	args := make([]any, len(list))
	for i, id := range list {
		args[i] = id
	}
	return "id IN (" + strings.TrimSuffix(strings.Repeat("?, ", len(list)), ", ") + ")", args
}
