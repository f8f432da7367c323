package store

import (
	"context"
	"time"
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
	Ref         string         // the reference its sender quotes (M-4K7Q-2M)
	Language    string         // the language it was sent in (en, hi, bn)
	Extra       map[string]any // fields of the definition not named here
	Version     int
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// InsertContactMessage saves a contact message through q. It fills ID,
// Version and the times.
func InsertContactMessage(ctx context.Context, q Querier, m *ContactMessage, now time.Time) error {
	return messageTable.insertNew(ctx, q, m, m.UserID, m.Language, now, "")
}
