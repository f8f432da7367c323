package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
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
	Status          string // "received"
	Version         int
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

const volunteerColumns = `id, COALESCE(user_id, ''), full_name, email, mobile, address, country, nearest_center, availability,
	areas_of_interest, other_interest, experience, motivation, skills, consent, status, version, created_at, updated_at`

func scanVolunteer(row formScanner) (*Volunteer, error) {
	var v Volunteer
	var areas string
	var created, updated int64
	err := row.Scan(&v.ID, &v.UserID, &v.FullName, &v.Email, &v.Mobile, &v.Address, &v.Country, &v.NearestCenter, &v.Availability,
		&areas, &v.OtherInterest, &v.Experience, &v.Motivation, &v.Skills, &v.Consent, &v.Status, &v.Version, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	v.AreasOfInterest = formParseList(areas)
	v.CreatedAt, v.UpdatedAt = FromMillis(created), FromMillis(updated)
	return &v, nil
}

// InsertVolunteer saves a new volunteer registration through q (normally
// the transaction that also enqueues its acknowledgement). It fills ID,
// Status, Version and the times.
func InsertVolunteer(ctx context.Context, q Querier, v *Volunteer, now time.Time) error {
	v.ID, v.Status, v.Version = NewID(now), "received", 0
	v.CreatedAt, v.UpdatedAt = now.UTC().Truncate(time.Millisecond), now.UTC().Truncate(time.Millisecond)
	if v.AreasOfInterest == nil {
		v.AreasOfInterest = []string{}
	}
	search := entity.Volunteers.SearchText(entity.StructGetter(v))
	_, err := q.ExecContext(ctx, `INSERT INTO volunteers (id, user_id, full_name, email, mobile, address, country, nearest_center, availability,
		areas_of_interest, other_interest, experience, motivation, skills, consent, status, version, search, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
		v.ID, formNullable(v.UserID), v.FullName, v.Email, v.Mobile, v.Address, v.Country, v.NearestCenter, v.Availability,
		formJSONList(v.AreasOfInterest), v.OtherInterest, v.Experience, v.Motivation, v.Skills, v.Consent, v.Status, search,
		Millis(now), Millis(now))
	if err != nil {
		return fmt.Errorf("store: insert volunteer: %w", err)
	}
	return nil
}

// VolunteerByID returns one volunteer registration.
func (s *Store) VolunteerByID(ctx context.Context, id string) (*Volunteer, error) {
	v, err := scanVolunteer(s.Reader().QueryRowContext(ctx, `SELECT `+volunteerColumns+` FROM volunteers WHERE id = ?`, id))
	if err != nil && !errors.Is(err, ErrNotFound) {
		return nil, fmt.Errorf("store: volunteer by id: %w", err)
	}
	return v, err
}
