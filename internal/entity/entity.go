// Package entity describes every kind of record the site keeps (users,
// volunteers, disciples, hosts, messages, subscribers, mail, the audit
// log) once: its fields with their kind, label, limits, format, options
// and where each is used. The public forms' validation, the admin edit's
// validation, the web forms' generated schemas, the search text the
// store keeps, the CSV header, the admin-copy email and the dashboard's
// columns all read these definitions, so adding a field is one change
// here plus its migration.
//
// The package needs neither HTTP nor SQL: handlers and the store call it.
package entity

import (
	"reflect"
	"strings"
	"sync"
	"unicode"

	"spdc/internal/i18n"
)

// Kind says what sort of value a field holds.
type Kind string

// The kinds of fields.
const (
	Text    Kind = "text"    // a string
	Bool    Kind = "bool"    // yes or no
	List    Kind = "list"    // a list of strings (a multiple choice)
	Time    Kind = "time"    // a moment, RFC 3339 in JSON
	TimePtr Kind = "timePtr" // a moment that may be missing (null)
	Int     Kind = "int"     // a whole number (the version)
	JSON    Kind = "json"    // a JSON object (the audit log's before and after)
)

// Format is the shape a text field's value must have.
type Format string

// The formats a text field may require.
const (
	Plain  Format = ""       // any text without control characters
	Name   Format = "name"   // a person's name: no angle brackets
	Email  Format = "email"  // an email address, stored lower-cased
	Phone  Format = "phone"  // a phone number, stored in international form
	Date   Format = "date"   // a calendar date, YYYY-MM-DD
	Option Format = "option" // one of Options
)

// Field is one field of an entity.
type Field struct {
	// Key is the JSON name; "group.key" names a value inside a nested
	// object (the referrer of a disciple).
	Key string `json:"key"`
	// Label is the field's name in plain words: the dashboard's column
	// heading, the CSV header and the admin-copy email's label.
	Label string `json:"label"`
	// LabelMsg is Label in every language, by its catalogue key.
	LabelMsg i18n.Msg `json:"-"`
	// Purpose says why a public form asks for the field, in every
	// language, by its catalogue key: the form's privacy notice lists
	// each field with it. Fields that ask for alike things share one.
	Purpose i18n.Msg `json:"-"`
	Kind    Kind     `json:"kind"`
	// Required: a public form may not leave it empty (a Bool must be
	// true: a consent), and an admin edit may not empty it.
	Required bool `json:"required"`
	// Prompt is the message for a missing required value.
	Prompt i18n.Msg `json:"-"`
	// PromptKey names the same message in the web app's catalogues, so
	// the browser says it in the reader's language before sending.
	PromptKey string `json:"-"`
	// Max is the longest text accepted, in characters (for a List, the
	// most entries).
	Max     int      `json:"maxLength,omitempty"`
	Format  Format   `json:"format,omitempty"`
	Options []string `json:"options,omitempty"` // the choices of an Option text or a List
	// Long text may hold line breaks; the dashboard edits it in a text area.
	Long bool `json:"long"`
	// Form: the public form sends it (validated on submit, mailed in the
	// admin copy).
	Form bool `json:"-"`
	// Editable: an admin may change it from the dashboard.
	Editable   bool `json:"editable"`
	Searchable bool `json:"searchable"`
	Sortable   bool `json:"sortable"`
	// Shown: a column of the dashboard; Exported: a column of the CSV.
	Shown    bool `json:"shown"`
	Exported bool `json:"exported"`
	// RevealedBy names the choice that asks for this field ("the other
	// area of interest" belongs to the choice Other): the public form
	// requires it when that choice is made and clears it otherwise.
	RevealedBy *Choice `json:"revealedBy,omitempty"`
	// MinDate and MaxDate bound a Date (YYYY-MM-DD, inclusive); Past
	// requires a date before today.
	MinDate, MaxDate string `json:"-"`
	Past             bool   `json:"-"`
	// RangeMsg is the message for a date outside MinDate..MaxDate.
	RangeMsg i18n.Msg `json:"-"`
	// Markdown long text is shown formatted on the site (the web app
	// renders it safely); it is stored as written.
	Markdown bool `json:"markdown,omitempty"`
	// Range bounds a Number or Int.
	Range *Range `json:"range,omitempty"`
	// Items are the fields of an Object, or of each entry of Objects.
	Items []Field `json:"fields,omitempty"`
	// Internal values belong to the trust's own paperwork: the site's
	// public data leaves them out.
	Internal bool `json:"internal,omitempty"`
	// Translatable values are texts people read (the program's name, the
	// address): the site keeps a version of them per language, English
	// being the fallback.
	Translatable bool `json:"translatable,omitempty"`
	// Derived values are made by the list from other columns (an owner's
	// name from the owner's id): no column of their own, never written.
	Derived bool `json:"derived,omitempty"`
	// Default is the value of a text field never given (a new record's
	// status).
	Default string `json:"default,omitempty"`
}

// Choice is one option of a list field.
type Choice struct {
	Key    string `json:"key"`
	Option string `json:"option"`
}

// AnyOf says that at least one of Keys must be given (a way to reach the
// person: a phone number or an email address).
type AnyOf struct {
	Keys    []string
	Message i18n.Msg
}

// Entity is one kind of record.
type Entity struct {
	// Name is the entity's name in URLs and the audit log (users,
	// volunteers, pending-disciples, …).
	Name string
	// Title is the dashboard's tab name, TitleMsg the same in every
	// language.
	Title    string
	TitleMsg i18n.Msg
	// Editable and Deletable: an admin may change or delete its records.
	Editable, Deletable bool
	// Key names, in order, the shown fields the tab's work needs (a gift's
	// date, donor, amount, reference and status): the dashboard puts them
	// first at every width and shows only them on a phone's card of a row.
	Key    []string
	Fields []Field
	AnyOf  []AnyOf
}

// Field returns the field with key, or nil.
func (e *Entity) Field(key string) *Field {
	for i := range e.Fields {
		if e.Fields[i].Key == key {
			return &e.Fields[i]
		}
	}
	return nil
}

// Group is the nested object a field lives in ("" for a top-level field).
func (f *Field) Group() string {
	g, _, ok := strings.Cut(f.Key, ".")
	if !ok {
		return ""
	}
	return g
}

// Leaf is the field's own name inside its group (its Key when it has none).
func (f *Field) Leaf() string {
	_, k, ok := strings.Cut(f.Key, ".")
	if !ok {
		return f.Key
	}
	return k
}

// Column is the field's SQL column: the key in snake case
// (fullName → full_name, referrer.name → referrer_name).
func (f *Field) Column() string {
	switch f.Key {
	case "_id":
		return "id"
	case "__v":
		return "version"
	}
	var b strings.Builder
	for i, r := range f.Key {
		switch {
		case r == '.':
			b.WriteByte('_')
		case unicode.IsUpper(r):
			if i > 0 {
				b.WriteByte('_')
			}
			b.WriteRune(unicode.ToLower(r))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Getter reads a record's value by field key.
type Getter func(key string) any

// StructGetter reads the fields of a record held in a Go struct (the
// store's Volunteer, Host, …) by key: the struct field whose name is the
// key without its dot, ignoring case (fullName → FullName,
// referrer.name → ReferrerName); _id reads ID and __v reads Version. A key
// with no such field is read from the struct's Extra map when it has one
// (see SetStruct), and otherwise reads as nil.
func StructGetter(v any) Getter {
	rv := reflect.Indirect(reflect.ValueOf(v))
	return func(key string) any {
		if f := structField(rv, key); f.IsValid() {
			return f.Interface()
		}
		if extra, ok := structExtra(rv); ok {
			return extra[key]
		}
		return nil
	}
}

// SetStruct writes values (key → string, bool or []string) into the
// matching fields of the struct dst points to, as StructGetter reads them.
// A struct with a field Extra map[string]any keeps there the values of
// fields it does not name, so a field added to a definition travels from
// the form to the database and back with no new struct field.
func SetStruct(dst any, values map[string]any) {
	rv := reflect.ValueOf(dst).Elem()
	for key, v := range values {
		f := structField(rv, key)
		if !f.IsValid() {
			if extra, ok := structExtra(rv); ok {
				extra[key] = v
			}
			continue
		}
		if !f.CanSet() {
			continue
		}
		val := reflect.ValueOf(v)
		if val.IsValid() && val.Type().AssignableTo(f.Type()) {
			f.Set(val)
		}
	}
}

// structField is the field of struct rv that holds key. Where a key
// leads in a struct type is found once and kept (fieldPaths): a form's
// values are read and written by key a few dozen times per request, and
// searching the fields by name each time cost more than validating them.
func structField(rv reflect.Value, key string) reflect.Value {
	k := fieldPathKey{rv.Type(), key}
	path, ok := fieldPaths.Load(k)
	if !ok {
		path, _ = fieldPaths.LoadOrStore(k, findFieldPath(rv.Type(), key))
	}
	if p := path.([]int); p != nil {
		return rv.FieldByIndex(p)
	}
	return reflect.Value{}
}

// fieldPathKey names a key of a struct type.
type fieldPathKey struct {
	t   reflect.Type
	key string
}

// fieldPaths maps a fieldPathKey to the index path of its field, or to a
// nil path when the type has none.
var fieldPaths sync.Map

// findFieldPath is the index path of the field of struct type t that
// holds key: _id is ID, __v is Version, and any other key is the field
// named as the key without its dots, ignoring case (Extra never: it holds
// the keys without a field of their own).
func findFieldPath(t reflect.Type, key string) []int {
	var f reflect.StructField
	var ok bool
	switch key {
	case "_id":
		f, ok = t.FieldByName("ID")
	case "__v":
		f, ok = t.FieldByName("Version")
	default:
		name := strings.ReplaceAll(key, ".", "")
		if strings.EqualFold(name, "extra") {
			return nil
		}
		f, ok = t.FieldByNameFunc(func(n string) bool { return strings.EqualFold(n, name) })
	}
	if !ok {
		return nil
	}
	return f.Index
}

// structExtra is the struct's Extra map, made when it is still nil.
func structExtra(rv reflect.Value) (map[string]any, bool) {
	f := rv.FieldByName("Extra")
	if !f.IsValid() || f.Type() != reflect.TypeFor[map[string]any]() {
		return nil, false
	}
	if f.IsNil() {
		if !f.CanSet() {
			return nil, false
		}
		f.Set(reflect.ValueOf(map[string]any{}))
	}
	return f.Interface().(map[string]any), true
}

// Values are a record's fields by key, as its JSON answer shows them: every
// field of the definition, read through get.
func (e *Entity) Values(get Getter) map[string]any {
	out := make(map[string]any, len(e.Fields))
	for i := range e.Fields {
		f := &e.Fields[i]
		v := get(f.Key)
		if list, ok := v.([]string); v == nil || ok && list == nil {
			v = f.Zero()
		}
		out[f.Key] = v
	}
	return out
}

// Zero is the value of a field that was never given: "", false, an empty
// list, the least a bounded whole number may be, or nil for the other
// kinds.
func (f *Field) Zero() any {
	switch f.Kind {
	case Text:
		return f.Default
	case Bool:
		return false
	case List:
		return []string{}
	case Int:
		if f.Range != nil {
			return int64(f.Range.Min)
		}
	}
	return nil
}

// SearchText is the lower-cased visible text of a record, the one the
// admin search matches: the searchable fields in order, lists spread out,
// empty values left out. The insert and every later change of a record
// store this same text.
func (e *Entity) SearchText(get Getter) string {
	var parts []string
	for i := range e.Fields {
		f := &e.Fields[i]
		if !f.Searchable {
			continue
		}
		switch v := get(f.Key).(type) {
		case string:
			if v = strings.TrimSpace(v); v != "" {
				parts = append(parts, v)
			}
		case []string:
			for _, s := range v {
				if s = strings.TrimSpace(s); s != "" {
					parts = append(parts, s)
				}
			}
		}
	}
	return strings.ToLower(strings.Join(parts, " "))
}

// Labeled is one line of a record in plain words.
type Labeled struct {
	Label, Value string
}

// FormLines are the public form's text and choice fields of a record
// with their labels, in order: the body of the admin-copy email.
func (e *Entity) FormLines(get Getter) []Labeled {
	var out []Labeled
	for i := range e.Fields {
		f := &e.Fields[i]
		if !f.Form {
			continue
		}
		switch v := get(f.Key).(type) {
		case string:
			out = append(out, Labeled{f.Label, v})
		case []string:
			out = append(out, Labeled{f.Label, strings.Join(v, ", ")})
		}
	}
	return out
}

// LabelIn is the field's label in lang (English for a field whose label
// is English only).
func (f *Field) LabelIn(lang string) string {
	if f.LabelMsg.IsZero() {
		return f.Label
	}
	return f.LabelMsg.In(lang)
}

// FieldsIn are fields with their labels, and their nested fields' labels,
// in lang: the site content's forms as the dashboard draws them.
func FieldsIn(lang string, fields []Field) []Field {
	out := make([]Field, len(fields))
	for i, f := range fields {
		f.Label = f.LabelIn(lang)
		if len(f.Items) > 0 {
			f.Items = FieldsIn(lang, f.Items)
		}
		out[i] = f
	}
	return out
}

// TitleIn is the entity's title in lang.
func (e *Entity) TitleIn(lang string) string {
	if e.TitleMsg.IsZero() {
		return e.Title
	}
	return e.TitleMsg.In(lang)
}

// OptionMsg is the words for a choice's stored value: its entry in the
// catalogue under "option." and the value, or the value itself for a
// code that reads the same in every language (PAN, UPI, 80G).
func OptionMsg(value string) i18n.Msg {
	if m, ok := i18n.Lookup("option." + value); ok {
		return m
	}
	return i18n.Verbatim(value)
}
