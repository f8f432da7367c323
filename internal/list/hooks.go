package list

import (
	"context"
	"time"

	"spdc/internal/db"
)

// Hooks are one entity's own rules in the list engine, declared beside the
// entity in the store (its per-entity file) and set on its tabs, so the
// engine itself knows no entity by name. A nil hook does the plain thing.
type Hooks struct {
	// Finish completes a record read from the table with the values SQL
	// does not make (an amount in Indian grouping).
	Finish func(*Record)
	// EditArg is the argument an edit writes for a text value of column
	// (an empty value of a unique column stored as NULL).
	EditArg func(column, value string) any
	// Unique explains a unique-constraint violation of an edit of record
	// id, saved as after (which value is taken), or returns nil when err
	// is not one. q is the edit's transaction, still usable.
	Unique func(ctx context.Context, q db.Querier, err error, id string, after *Record) error
	// Edited runs in the edit's transaction once record id is saved (the
	// copies of its values kept elsewhere follow it).
	Edited func(ctx context.Context, tx *db.Tx, id string, now time.Time) error
	// Delete deletes record id in place of the plain DELETE and its copy
	// in the audit log (a person's data is erased everywhere).
	Delete func(ctx context.Context, tx *db.Tx, id string, actor Actor, now time.Time) error
	// Deleted runs after a delete has committed (the erased data is
	// scrubbed from the database files).
	Deleted func(ctx context.Context, d *db.DB)
	// RefTerm is the written form of a search term that is one of the
	// records' references.
	RefTerm func(search string) (string, bool)
	// NotesCond selects the records with a note holding the search term
	// (one LIKE placeholder); NotesMatch reports whether some note of the
	// tab holds it, so that only then does the search look in the notes.
	NotesCond  string
	NotesMatch func(ctx context.Context, q db.Querier, term string) bool
}

// Actor is the admin who makes a change, for the audit log.
type Actor struct {
	ID    string
	Email string
}

// AuditEntry is one admin write for the audit log: who did what to which
// record, with the fields before and after. Secret fields (passwords,
// password and token hashes) are removed before the entry is stored.
type AuditEntry struct {
	Actor    Actor
	Action   string // update, delete, resend, retry
	Entity   string // users, disciples, pending-disciples, volunteers, hosts, messages, mail
	EntityID string
	Before   map[string]any
	After    map[string]any
}

// Engine runs the lists of every tab on the database.
type Engine struct {
	*db.DB
	// Audit writes one entry of the audit log through q, in the
	// transaction of the change it records.
	Audit func(ctx context.Context, q db.Querier, e AuditEntry, now time.Time) error
}

// Staffed reports whether the tab's records have a status, an owner,
// notes and replies.
func (t *Tab) Staffed() bool { return t.Def != nil && t.Def.Staffed() }

// CountsArrivals reports whether the dashboard shows how many of the
// tab's records are new to an admin: those of every staffed tab, and of
// a tab that asks for it (CountsNew).
func (t *Tab) CountsArrivals() bool { return t.CountsNew || t.Staffed() }

// refTerm is the written form of a search term that is a reference, on a
// tab whose rows carry one.
func (t *Tab) refTerm(search string) (string, bool) {
	if t.Hooks.RefTerm == nil {
		return "", false
	}
	return t.Hooks.RefTerm(search)
}

func (t *Tab) hasRefTerm(term string) bool {
	_, ok := t.refTerm(term)
	return ok
}

// notesMatch reports whether some note of the tab holds term (see
// Hooks.NotesMatch).
func (s *Engine) notesMatch(ctx context.Context, t *Tab, term string) bool {
	if t.Hooks.NotesMatch == nil || term == "" {
		return false
	}
	return t.Hooks.NotesMatch(ctx, s.Reader(), term)
}
