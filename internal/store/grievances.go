package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"spdc/internal/entity"
)

// GrievanceDeadline is how long the program has to answer a grievance.
const GrievanceDeadline = 90 * 24 * time.Hour

// GrievanceRemindBefore is how long before its deadline an unanswered
// grievance is brought to the admins' attention by email.
const GrievanceRemindBefore = 14 * 24 * time.Hour

// Grievance is a complaint or request about personal data.
type Grievance struct {
	ID         string
	UserID     string
	Name       string
	Email      string
	Phone      string
	Message    string
	Status     string // open, answered
	Language   string // the language it was sent in (en, hi, bn)
	DueAt      time.Time
	Answer     string
	AnsweredAt *time.Time
	AnsweredBy string
	Version    int
	CreatedAt  time.Time
}

// InsertGrievance saves g through q, filling ID, Status, DueAt and the
// times.
func InsertGrievance(ctx context.Context, q Querier, g *Grievance, now time.Time) error {
	now = now.UTC().Truncate(time.Millisecond)
	g.ID, g.Status, g.DueAt, g.CreatedAt, g.Version = NewID(now), "open", now.Add(GrievanceDeadline), now, 0
	_, err := q.ExecContext(ctx, `INSERT INTO grievances (id, user_id, name, email, phone, message, status, language, due_at, search, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		g.ID, formNullable(g.UserID), g.Name, g.Email, g.Phone, g.Message, g.Status, submissionLanguage(g.Language), Millis(g.DueAt),
		entity.Grievances.SearchText(entity.StructGetter(g)), Millis(now), Millis(now))
	if err != nil {
		return fmt.Errorf("store: insert grievance: %w", err)
	}
	return nil
}

const grievanceColumns = "id, COALESCE(user_id, ''), name, email, phone, message, status, language, due_at, answer, answered_at, answered_by, version, created_at"

func scanGrievance(row interface{ Scan(...any) error }) (*Grievance, error) {
	var g Grievance
	var due, created int64
	var answered *int64
	err := row.Scan(&g.ID, &g.UserID, &g.Name, &g.Email, &g.Phone, &g.Message, &g.Status, &g.Language, &due, &g.Answer, &answered, &g.AnsweredBy, &g.Version, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: grievance: %w", err)
	}
	g.DueAt, g.CreatedAt = FromMillis(due), FromMillis(created)
	if answered != nil {
		t := FromMillis(*answered)
		g.AnsweredAt = &t
	}
	return &g, nil
}

// GrievanceByID returns one grievance through q.
func GrievanceByID(ctx context.Context, q Querier, id string) (*Grievance, error) {
	return scanGrievance(q.QueryRowContext(ctx, "SELECT "+grievanceColumns+" FROM grievances WHERE id = ?", id))
}

// ErrAnswered is the answer to answering a grievance already answered.
var ErrAnswered = fmt.Errorf("%w: grievance already answered", ErrConflict)

// AnswerGrievance records the answer to grievance id at version, by
// actor, and runs send (which queues the answer's mail) in the same
// transaction. The audit log records that it was answered, not the text.
func (s *Store) AnswerGrievance(ctx context.Context, id string, version int, answer string, actor Actor, send func(q Querier, g *Grievance) error) (*Grievance, error) {
	var out *Grievance
	err := s.InTx(ctx, func(tx *Tx) error {
		now := s.now()
		g, err := GrievanceByID(ctx, tx, id)
		if err != nil {
			return err
		}
		if g.Status == "answered" {
			return ErrAnswered
		}
		res, err := tx.ExecContext(ctx, `UPDATE grievances SET status = 'answered', answer = ?, answered_at = ?, answered_by = ?,
			version = version + 1, updated_at = ? WHERE id = ? AND version = ? AND status = 'open'`,
			answer, Millis(now), actor.Email, Millis(now), id, version)
		if err != nil {
			return fmt.Errorf("store: answer grievance: %w", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return ErrConflict
		}
		if out, err = GrievanceByID(ctx, tx, id); err != nil {
			return err
		}
		if err := send(tx, out); err != nil {
			return err
		}
		return WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: "answer", Entity: "grievances", EntityID: id,
			Before: map[string]any{"status": "open"}, After: map[string]any{"status": "answered"}}, now)
	})
	return out, err
}

// GrievancesDueReminder lists open grievances whose deadline is within
// GrievanceRemindBefore of now and whose admins were not yet reminded.
func (s *Store) GrievancesDueReminder(ctx context.Context, now time.Time, limit int) ([]*Grievance, error) {
	rows, err := s.Reader().QueryContext(ctx, "SELECT "+grievanceColumns+` FROM grievances
		WHERE status = 'open' AND reminded_at IS NULL AND due_at <= ? ORDER BY due_at, id LIMIT ?`,
		Millis(now.Add(GrievanceRemindBefore)), limit)
	if err != nil {
		return nil, fmt.Errorf("store: grievances due: %w", err)
	}
	defer rows.Close()
	var out []*Grievance
	for rows.Next() {
		g, err := scanGrievance(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// ClaimGrievanceReminder marks g reminded through q, reporting whether
// this caller made the change (another instance may have been first).
func ClaimGrievanceReminder(ctx context.Context, q Querier, id string, now time.Time) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE grievances SET reminded_at = ? WHERE id = ? AND reminded_at IS NULL AND status = 'open'`, Millis(now), id)
	return changedRow(res, err, "claim grievance reminder")
}

// AdminRecipient is an admin's address and the language of their mail.
type AdminRecipient struct{ Email, Language string }

// AdminRecipients lists every admin account's address and language.
func (s *Store) AdminRecipients(ctx context.Context) ([]AdminRecipient, error) {
	rows, err := s.Reader().QueryContext(ctx, `SELECT email, language FROM users WHERE is_admin ORDER BY created_at, id`)
	if err != nil {
		return nil, fmt.Errorf("store: admin recipients: %w", err)
	}
	defer rows.Close()
	var out []AdminRecipient
	for rows.Next() {
		var a AdminRecipient
		if err := rows.Scan(&a.Email, &a.Language); err != nil {
			return nil, fmt.Errorf("store: admin recipients: %w", err)
		}
		out = append(out, a)
	}
	return out, rows.Err()
}
