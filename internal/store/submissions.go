package store

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"time"
)

// Submission is one of a user's own form submissions (volunteer, disciple
// or host), as listed on My Account.
type Submission struct {
	Kind      string // "volunteer", "disciple", "host" or "contact"
	ID        string
	Ref       string // the reference its sender quotes
	Title     string // the name on the form
	Status    string // the record's stored status
	CreatedAt time.Time
	UpdatedAt time.Time
	Replies   []SentReply // what the staff wrote to the person about it, oldest first
}

// SentReply is a reply the staff sent about a submission, as its sender
// sees it in My Account: the words, not who wrote them.
type SentReply struct {
	Subject string
	Body    string
	SentAt  time.Time
}

// submissionTables are the tables behind each kind of submission.
var submissionTables = map[string]string{"volunteer": "volunteers", "disciple": "disciples", "host": "hosts", "contact": "messages"}

// SubmissionsOfUser lists the volunteer, disciple and host submissions
// and the contact messages linked to userID, newest first.
func (s *Store) SubmissionsOfUser(ctx context.Context, userID string) ([]Submission, error) {
	queries := []struct{ kind, sql string }{
		{"volunteer", `SELECT id, COALESCE(ref, ''), full_name, status, created_at, updated_at FROM volunteers WHERE user_id = ?`},
		{"disciple", `SELECT id, COALESCE(ref, ''), full_name, status, created_at, updated_at FROM disciples WHERE user_id = ?`},
		{"host", `SELECT id, COALESCE(ref, ''), full_name, status, created_at, updated_at FROM hosts WHERE user_id = ?`},
		{"contact", `SELECT id, COALESCE(ref, ''), subject, status, created_at, updated_at FROM messages WHERE user_id = ?`},
	}
	out := []Submission{}
	for _, q := range queries {
		rows, err := s.Reader().QueryContext(ctx, q.sql+" ORDER BY created_at DESC, id DESC LIMIT 200", userID)
		if err != nil {
			return nil, fmt.Errorf("store: submissions of user: %w", err)
		}
		for rows.Next() {
			sub := Submission{Kind: q.kind}
			var created, updated int64
			if err := rows.Scan(&sub.ID, &sub.Ref, &sub.Title, &sub.Status, &created, &updated); err != nil {
				rows.Close()
				return nil, fmt.Errorf("store: submissions of user: %w", err)
			}
			sub.CreatedAt, sub.UpdatedAt = FromMillis(created), FromMillis(updated)
			out = append(out, sub)
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, fmt.Errorf("store: submissions of user: %w", err)
		}
	}
	if err := s.addReplies(ctx, userID, out); err != nil {
		return nil, err
	}
	// Rows of one millisecond are ordered by id, as in the admin lists, so
	// the order is the same on every load.
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].CreatedAt.Equal(out[j].CreatedAt) {
			return out[i].CreatedAt.After(out[j].CreatedAt)
		}
		return out[i].ID > out[j].ID
	})
	return out, nil
}

// addReplies attaches to each of subs the staff's replies about it: those
// written to the records userID sent.
func (s *Store) addReplies(ctx context.Context, userID string, subs []Submission) error {
	at := make(map[string]int, len(subs))
	for i, sub := range subs {
		at[submissionTables[sub.Kind]+"/"+sub.ID] = i
	}
	rows, err := s.Reader().QueryContext(ctx, `SELECT r.entity, r.record_id, r.subject, r.body, r.created_at FROM staff_replies r
		WHERE (r.entity = 'volunteers' AND r.record_id IN (SELECT id FROM volunteers WHERE user_id = ?))
		OR (r.entity = 'disciples' AND r.record_id IN (SELECT id FROM disciples WHERE user_id = ?))
		OR (r.entity = 'hosts' AND r.record_id IN (SELECT id FROM hosts WHERE user_id = ?))
		OR (r.entity = 'messages' AND r.record_id IN (SELECT id FROM messages WHERE user_id = ?))
		ORDER BY r.created_at, r.id`, userID, userID, userID, userID)
	if err != nil {
		return fmt.Errorf("store: replies of user: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var table, id string
		var r SentReply
		var created int64
		if err := rows.Scan(&table, &id, &r.Subject, &r.Body, &created); err != nil {
			return fmt.Errorf("store: replies of user: %w", err)
		}
		r.SentAt = FromMillis(created)
		if i, ok := at[table+"/"+id]; ok {
			subs[i].Replies = append(subs[i].Replies, r)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: replies of user: %w", err)
	}
	return nil
}

// formNullable turns "" into SQL NULL (for optional foreign keys).
func formNullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// formJSONList encodes a list column; nil becomes [].
func formJSONList(list []string) string {
	if list == nil {
		list = []string{}
	}
	b, _ := json.Marshal(list)
	return string(b)
}

// formParseList decodes a list column, tolerating an empty value. A list
// without escapes is read by plainStringList, anything else by
// encoding/json.
func formParseList(raw string) []string {
	if list, ok := plainStringList(raw); ok {
		return list
	}
	out := []string{}
	if raw != "" {
		_ = json.Unmarshal([]byte(raw), &out)
	}
	return out
}

// formScanner is a *sql.Row or *sql.Rows.
type formScanner interface{ Scan(...any) error }
