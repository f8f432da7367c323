package store

// The access log: every look by staff at personal data (a person's full
// record, an export of a list, a receipt) and every refused try, with who,
// when, what and the route. Only admins read it; like the audit log it is
// kept.

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// The actions of the access log.
const (
	AccessOpen    = "open"    // a person's full record (notes, replies)
	AccessExport  = "export"  // a list with personal data, as CSV
	AccessReceipt = "receipt" // a receipt's PDF
	AccessDenied  = "denied"  // a request outside the person's roles
)

// Access is one look to record.
type Access struct {
	Actor    Actor
	Roles    []string
	Action   string
	Entity   string // the tab or kind of record
	EntityID string // the record's id; "" for a whole list
	Route    string // method and path
}

// AccessEntry is one line of the access log as the API shows it.
type AccessEntry struct {
	ID         string    `json:"_id"`
	ActorID    string    `json:"actorId"`
	ActorEmail string    `json:"actorEmail"`
	Roles      []string  `json:"roles"`
	Action     string    `json:"action"`
	Entity     string    `json:"entity"`
	EntityID   string    `json:"entityId"`
	Route      string    `json:"route"`
	CreatedAt  time.Time `json:"createdAt"`
}

// WriteAccess records a.
func (s *Store) WriteAccess(ctx context.Context, a Access) error {
	now := s.now()
	return s.InTx(ctx, func(tx *Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO access_log (id, actor_id, actor_email, actor_roles, action, entity, entity_id, route, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, NewID(now), a.Actor.ID, a.Actor.Email, strings.Join(a.Roles, ","),
			a.Action, a.Entity, a.EntityID, a.Route, Millis(now))
		if err != nil {
			return fmt.Errorf("store: write access: %w", err)
		}
		return nil
	})
}

// AccessQuery picks lines of the access log: those about one record
// (EntityID), or by one member of staff (ActorID), newest first.
type AccessQuery struct {
	EntityID, ActorID string
	Page, PageSize    int
}

// AccessLog answers q, with the number of matching lines.
func (s *Store) AccessLog(ctx context.Context, q AccessQuery) ([]AccessEntry, int, error) {
	where, args := []string{"1 = 1"}, []any{}
	if q.EntityID != "" {
		where, args = append(where, "entity_id = ?"), append(args, q.EntityID)
	}
	if q.ActorID != "" {
		where, args = append(where, "actor_id = ?"), append(args, q.ActorID)
	}
	cond := strings.Join(where, " AND ")
	var total int
	if err := s.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM access_log WHERE `+cond, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("store: access log: %w", err)
	}
	rows, err := s.Reader().QueryContext(ctx, `SELECT id, actor_id, actor_email, actor_roles, action, entity, entity_id, route, created_at
		FROM access_log WHERE `+cond+` ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
		append(args, q.PageSize, (q.Page-1)*q.PageSize)...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: access log: %w", err)
	}
	defer rows.Close()
	out := []AccessEntry{}
	for rows.Next() {
		var e AccessEntry
		var rs string
		var at int64
		if err := rows.Scan(&e.ID, &e.ActorID, &e.ActorEmail, &rs, &e.Action, &e.Entity, &e.EntityID, &e.Route, &at); err != nil {
			return nil, 0, fmt.Errorf("store: access log: %w", err)
		}
		e.Roles = splitRoles(rs)
		e.CreatedAt = FromMillis(at)
		out = append(out, e)
	}
	return out, total, rows.Err()
}

func splitRoles(s string) []string {
	if s == "" {
		return []string{}
	}
	return strings.Split(s, ",")
}

// RecordLook is one look by staff at a person's record, as the person's
// own data export tells it: the roles of whoever looked, and when, never
// who.
type RecordLook struct {
	Roles  []string  `json:"roles"`
	Action string    `json:"action"`
	Entity string    `json:"entity"`
	At     time.Time `json:"at"`
}

// LooksAt lists the looks by staff at the records ids (a person's own
// records, of any kind), oldest first.
func (s *Store) LooksAt(ctx context.Context, ids []string) ([]RecordLook, error) {
	out := []RecordLook{}
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := s.Reader().QueryContext(ctx, `SELECT actor_roles, action, entity, created_at FROM access_log
		WHERE action <> ? AND entity_id IN (?`+strings.Repeat(", ?", len(ids)-1)+`) ORDER BY created_at, id`,
		append([]any{AccessDenied}, args...)...)
	if err != nil {
		return nil, fmt.Errorf("store: looks at: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var l RecordLook
		var rs string
		var at int64
		if err := rows.Scan(&rs, &l.Action, &l.Entity, &at); err != nil {
			return nil, fmt.Errorf("store: looks at: %w", err)
		}
		l.Roles, l.At = splitRoles(rs), FromMillis(at)
		out = append(out, l)
	}
	return out, rows.Err()
}
