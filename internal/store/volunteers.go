package store

import (
	"context"
	"time"

	"spdc/internal/entity"
)

// Volunteer is a volunteer registration (the volunteer registration payload).
type Volunteer struct {
	ID              string
	UserID          string // "" when sent by a visitor
	FullName        string
	Email           string
	Mobile          string
	Address         string
	Country         string
	NearestCenter   string
	Availability    string
	AreasOfInterest []string
	OtherInterest   string
	Experience      string
	Motivation      string
	Skills          string
	Consent         bool
	Status          string         // "new", then as the staff move it (entity statuses)
	Ref             string         // the reference its sender quotes (V-4K7Q-2M)
	Language        string         // the language it was sent in (en, hi, bn)
	Extra           map[string]any // fields of the definition not named here
	Version         int
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

// InsertVolunteer saves a new volunteer registration through q (normally
// the transaction that also enqueues its acknowledgement). It fills ID,
// Status, Version and the times.
func InsertVolunteer(ctx context.Context, q Querier, v *Volunteer, now time.Time) error {
	return InsertVolunteerRef(ctx, q, v, now, "")
}

// InsertVolunteerRef is InsertVolunteer keeping drawn (from NewRef) as the
// registration's reference unless another row holds it; v.Ref says which
// reference it got.
func InsertVolunteerRef(ctx context.Context, q Querier, v *Volunteer, now time.Time, drawn string) error {
	v.Status = entity.StatusNew
	return volunteerTable.insertNew(ctx, q, v, v.UserID, v.Language, now, drawn)
}

// VolunteerByID returns one volunteer registration.
func (s *Store) VolunteerByID(ctx context.Context, id string) (*Volunteer, error) {
	return formByID[Volunteer](ctx, s.Reader(), volunteerTable, id)
}
