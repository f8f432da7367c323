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
// and the contact messages made while signed in to userID, newest first.
func (s *Store) SubmissionsOfUser(ctx context.Context, userID string) ([]Submission, error) {
	return s.SubmissionsOf(ctx, Owner{UserID: userID})
}

// SubmissionsOf lists the volunteer, disciple and host submissions and the
// contact messages that belong to o (see Owner), newest first.
func (s *Store) SubmissionsOf(ctx context.Context, o Owner) ([]Submission, error) {
	queries := []struct{ kind, sql, email string }{
		{"volunteer", `SELECT id, COALESCE(ref, ''), full_name, status, created_at, updated_at FROM volunteers WHERE `, "email"},
		{"disciple", `SELECT id, COALESCE(ref, ''), full_name, status, created_at, updated_at FROM disciples WHERE `, "disciple_email"},
		{"host", `SELECT id, COALESCE(ref, ''), full_name, status, created_at, updated_at FROM hosts WHERE `, "email"},
		{"contact", `SELECT id, COALESCE(ref, ''), subject, status, created_at, updated_at FROM messages WHERE `, "email"},
	}
	out := []Submission{}
	for _, q := range queries {
		cond, args := o.where(q.email)
		rows, err := s.Reader().QueryContext(ctx, q.sql+cond+" ORDER BY created_at DESC, id DESC LIMIT 200", args...)
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
	if err := s.addReplies(ctx, out); err != nil {
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

// addReplies attaches to each of subs the staff's replies about it.
func (s *Store) addReplies(ctx context.Context, subs []Submission) error {
	at := make(map[string]int, len(subs))
	ids := map[string][]string{}
	for i, sub := range subs {
		table := submissionTables[sub.Kind]
		at[table+"/"+sub.ID] = i
		ids[table] = append(ids[table], sub.ID)
	}
	for table, list := range ids {
		cond, args := inList("record_id", list)
		rows, err := s.Reader().QueryContext(ctx, `SELECT record_id, subject, body, created_at FROM staff_replies
			WHERE entity = ? AND `+cond+` ORDER BY created_at, id`, append([]any{table}, args...)...)
		if err != nil {
			return fmt.Errorf("store: replies of user: %w", err)
		}
		for rows.Next() {
			var id string
			var r SentReply
			var created int64
			if err := rows.Scan(&id, &r.Subject, &r.Body, &created); err != nil {
				rows.Close()
				return fmt.Errorf("store: replies of user: %w", err)
			}
			r.SentAt = FromMillis(created)
			if i, ok := at[table+"/"+id]; ok {
				subs[i].Replies = append(subs[i].Replies, r)
			}
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return fmt.Errorf("store: replies of user: %w", err)
		}
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

// formScanner is a *sql.Row or *sql.Rows.
type formScanner interface{ Scan(...any) error }
