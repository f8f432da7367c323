package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"spdc/internal/entity"
	"spdc/internal/i18n"
	"spdc/internal/list"
)

// formTable stores the records of one public form (volunteers, hosts,
// messages) by their definition: every column but id, user_id, version,
// search and the two times is a field of the definition, written and read
// by its key. A field added to the definition and to the table is saved and
// read back with no other change here; the record's struct keeps it in its
// Extra map when it has no field of that name (see entity.SetStruct).
type formTable struct {
	table string
	e     *entity.Entity
}

// The tables of the public forms.
var (
	volunteerTable = formTable{"volunteers", entity.Volunteers}
	hostTable      = formTable{"hosts", entity.Hosts}
	messageTable   = formTable{"messages", entity.Messages}
)

// fields are the definition's fields with a column of their own.
func (t formTable) fields() []*entity.Field {
	var out []*entity.Field
	for i := range t.e.Fields {
		f := &t.e.Fields[i]
		switch f.Key {
		case "_id", "__v", "createdAt", "updatedAt":
			continue
		}
		if f.Derived {
			continue
		}
		out = append(out, f)
	}
	return out
}

// formHead is what every form record holds besides its fields.
type formHead struct {
	ID, UserID string
	// DrawnRef is a reference the caller drew before its transaction
	// (NewRef), to prepare what quotes it; insert keeps it unless a row
	// holds it already.
	DrawnRef             string
	Language             string // the language the form was sent in
	Version              int
	CreatedAt, UpdatedAt time.Time
}

// insert saves rec (a struct read through entity.StructGetter) as a new
// row with head's id and times, version 0, a new reference when the
// definition has one (written back into rec), and the definition's search
// text.
func (t formTable) insert(ctx context.Context, q Querier, head formHead, rec any) error {
	if t.e.Field("ref") != nil {
		ref, err := refFor(ctx, q, t.table, head.DrawnRef)
		if err != nil {
			return err
		}
		entity.SetStruct(rec, map[string]any{"ref": ref})
	}
	get := entity.StructGetter(rec)
	fields := t.fields()
	cols := []string{"id", "user_id"}
	args := []any{head.ID, formNullable(head.UserID)}
	for _, f := range fields {
		cols = append(cols, f.Column())
		args = append(args, formColumnValue(f, get(f.Key)))
	}
	cols = append(cols, "language", "version", "search", "created_at", "updated_at")
	args = append(args, submissionLanguage(head.Language), 0, t.e.SearchText(get), Millis(head.CreatedAt), Millis(head.UpdatedAt))
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ")
	_, err := q.ExecContext(ctx, `INSERT INTO `+t.table+` (`+strings.Join(cols, ", ")+`) VALUES (`+marks+`)`, args...)
	if err != nil {
		return fmt.Errorf("store: insert into %s: %w", t.table, err)
	}
	return nil
}

// insertNew saves rec as a new record sent by userID ("" for a visitor)
// in language: rec gets a new id, version 0, now (to the millisecond) as
// both its times, and its reference (drawn, unless another row holds it;
// see insert).
func (t formTable) insertNew(ctx context.Context, q Querier, rec any, userID, language string, now time.Time, drawn string) error {
	now = now.UTC().Truncate(time.Millisecond)
	head := formHead{ID: NewID(now), UserID: userID, DrawnRef: drawn, Language: language, CreatedAt: now, UpdatedAt: now}
	entity.SetStruct(rec, map[string]any{"_id": head.ID, "__v": 0, "createdAt": now, "updatedAt": now})
	return t.insert(ctx, q, head, rec)
}

// submissionLanguage is the language a submission is stored with: one of
// the site's, else English.
func submissionLanguage(lang string) string {
	if i18n.Valid(lang) {
		return lang
	}
	return i18n.Default
}

// languageTables are the tables whose rows keep the language they were
// sent in.
var languageTables = map[string]bool{"volunteers": true, "hosts": true, "messages": true, "disciples": true, "donations": true, "grievances": true}

// SubmissionLanguage is the language a submission (a row of volunteers,
// hosts, messages, disciples, donations or grievances) was sent in, so
// that mail about it later is written in it.
func (s *Store) SubmissionLanguage(ctx context.Context, table, id string) (string, error) {
	if !languageTables[table] {
		return "", fmt.Errorf("store: %s keeps no language", table)
	}
	var lang string
	err := s.Reader().QueryRowContext(ctx, `SELECT language FROM `+table+` WHERE id = ?`, id).Scan(&lang)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("store: language of %s: %w", table, err)
	}
	return submissionLanguage(lang), nil
}

// formByID reads the row id of t into a new T; ErrNotFound when there is
// none.
func formByID[T any](ctx context.Context, q Querier, t formTable, id string) (*T, error) {
	rec := new(T)
	if err := t.byID(ctx, q, id, rec); err != nil {
		return nil, err
	}
	return rec, nil
}

// byID reads the row id into dst (a pointer to the record's struct), its
// id, user, version and times included; ErrNotFound when there is none.
func (t formTable) byID(ctx context.Context, q Querier, id string, dst any) error {
	fields := t.fields()
	cols := []string{"id", "COALESCE(user_id, '')"}
	for _, f := range fields {
		cols = append(cols, f.Column())
	}
	cols = append(cols, "version", "created_at", "updated_at")
	var head formHead
	var created, updated int64
	raw := make([]any, len(fields))
	targets := []any{&head.ID, &head.UserID}
	for i, f := range fields {
		if f.Kind == entity.Bool {
			raw[i] = new(sql.NullBool)
		} else {
			raw[i] = new(sql.NullString)
		}
		targets = append(targets, raw[i])
	}
	targets = append(targets, &head.Version, &created, &updated)
	err := q.QueryRowContext(ctx, `SELECT `+strings.Join(cols, ", ")+` FROM `+t.table+` WHERE id = ?`, id).Scan(targets...)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("store: %s by id: %w", t.table, err)
	}
	values := make(map[string]any, len(fields))
	for i, f := range fields {
		switch v := raw[i].(type) {
		case *sql.NullBool:
			values[f.Key] = v.Bool
		case *sql.NullString:
			if f.Kind == entity.List {
				values[f.Key] = list.ParseList(v.String)
			} else {
				values[f.Key] = v.String
			}
		}
	}
	values["_id"], values["userId"], values["__v"] = head.ID, head.UserID, head.Version
	values["createdAt"], values["updatedAt"] = FromMillis(created), FromMillis(updated)
	entity.SetStruct(dst, values)
	return nil
}

// formColumnValue is a field's value as its column stores it: lists as
// JSON text, a missing value as the field's zero.
func formColumnValue(f *entity.Field, v any) any {
	if v == nil {
		v = f.Zero()
	}
	if list, ok := v.([]string); ok {
		return formJSONList(list)
	}
	return v
}
