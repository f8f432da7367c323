package entity

import (
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
)

// The staff's follow-up of a submission: each kind moves through statuses
// of its own, the first being where every new submission starts; a
// submission may have an owner (an admin, the coordinator who takes it to
// its end). Statuses and the owner are fields like any other, so the
// dashboard lists, filters and exports them, and a change goes
// through the admin edit with its version check and audit entry.

// The statuses of each kind, in the order a submission usually moves.
var (
	VolunteerStatuses = []string{"new", "contacted", "interview", "active", "declined", "withdrawn"}
	HostStatuses      = []string{"new", "contacted", "visited", "approved", "declined"}
	MessageStatuses   = []string{"new", "answered", "closed"}
	// FollowUpStatuses are the staff's own steps with a disciple
	// registration, beside its confirmation state (which the temple
	// president's answer moves).
	FollowUpStatuses = []string{"new", "contacted", "visited", "closed"}
)

// StatusNew is the status every submission starts in.
const StatusNew = "new"

// Keys of the owner fields.
const (
	AssigneeKey = "assigneeId"
	OwnerKey    = "owner"
)

// publicStatus is what the person who submitted sees of each status in
// My Account: the staff's inner steps (an interview being arranged) read
// as plain progress, and nothing says who handles it.
var publicStatus = map[string]map[string]string{
	"volunteers": {"new": "received", "contacted": "in touch", "interview": "interview", "active": "active volunteer",
		"declined": "not taken forward", "withdrawn": "withdrawn"},
	"hosts": {"new": "received", "contacted": "in touch", "visited": "visited", "approved": "approved",
		"declined": "not taken forward"},
	"messages": {"new": "received", "answered": "answered", "closed": "closed"},
}

// PublicStatus is the words the submitter sees for a status of entity
// name; "received" when the status is not one of its own.
func PublicStatus(name, status string) string {
	if s, ok := publicStatus[name][status]; ok {
		return s
	}
	return "received"
}

// workflow is a status field: one of options, which an admin may change,
// starting at the first. It is left out of the search text (the list
// filters by it instead), so changing it never touches the search index.
func workflow(key string, label i18n.Msg, options []string) Field {
	f := text(key, label, 20).option(options).unsearched()
	f.Editable, f.Default = true, options[0]
	return f
}

// staffTail is the owner's id (which an edit sets; the dashboard shows a
// choice of admins for it), the owner's name (derived from the id by the
// list) and then the common tail.
func staffTail() []Field {
	return append([]Field{
		{Key: AssigneeKey, Label: msgs.LabelOwnerId.En(), LabelMsg: msgs.LabelOwnerId, Kind: Text, Max: 40, Editable: true, Exported: true},
		{Key: OwnerKey, Label: msgs.LabelOwner.En(), LabelMsg: msgs.LabelOwner, Kind: Text, Max: 200, Shown: true, Exported: true, Derived: true},
	}, tail()...)
}

// staffed gives a read-only entity a status and an owner before its
// tail (createdAt onwards), both editable by admins, and so makes the
// entity editable.
func staffed(e *Entity, status Field) *Entity {
	var head, rest []Field
	for i, f := range e.Fields {
		if f.Key == "createdAt" {
			head, rest = e.Fields[:i:i], e.Fields[i:]
			break
		}
	}
	tail := staffTail()
	fields := append(append(head, status), tail[:2]...)
	e.Fields = append(fields, rest...)
	e.Editable = true
	return e
}

// Staffed reports whether e's records carry a status and an owner.
func (e *Entity) Staffed() bool { return e.Field(AssigneeKey) != nil }

// StatusField is the staff's status field of e (followUp for disciples),
// or nil.
func (e *Entity) StatusField() *Field {
	if f := e.Field("followUp"); f != nil {
		return f
	}
	if f := e.Field("status"); f != nil && f.Editable && f.Default != "" {
		return f
	}
	return nil
}
