package store

import (
	"context"
	"fmt"
	"time"

	"spdc/internal/entity"
)

// ContactMessage is a message sent through the Contact Us form.
type ContactMessage struct {
	ID          string
	UserID      string // "" when sent by a visitor
	Name        string
	Email       string
	Subject     string
	Phone       string
	Message     string
	AcceptTerms bool
	Version     int
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// InsertContactMessage saves a contact message through q. It fills ID,
// Version and the times.
func InsertContactMessage(ctx context.Context, q Querier, m *ContactMessage, now time.Time) error {
	m.ID, m.Version = NewID(now), 0
	m.CreatedAt, m.UpdatedAt = now.UTC().Truncate(time.Millisecond), now.UTC().Truncate(time.Millisecond)
	search := entity.Messages.SearchText(entity.StructGetter(m))
	_, err := q.ExecContext(ctx, `INSERT INTO messages (id, user_id, name, email, subject, phone, message, accept_terms, version, search, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
		m.ID, formNullable(m.UserID), m.Name, m.Email, m.Subject, m.Phone, m.Message, m.AcceptTerms, search, Millis(now), Millis(now))
	if err != nil {
		return fmt.Errorf("store: insert message: %w", err)
	}
	return nil
}
