package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"spdc/internal/entity"
)

// Host is an offer to host an elder (the host registration payload).
type Host struct {
	ID                    string
	UserID                string // "" when sent by a visitor
	FullName              string
	InitiatedName         string
	ContactNumber         string
	Email                 string
	Address               string
	Country               string
	NearestCenter         string
	AccommodationTypes    []string
	AccommodationOther    string
	AvailabilityDurations []string
	Facilities            []string
	FacilityOther         string
	WhyHost               string
	ConsentTerms          bool
	ConsentContact        bool
	Status                string // "received"
	Version               int
	CreatedAt             time.Time
	UpdatedAt             time.Time
}

const hostColumns = `id, COALESCE(user_id, ''), full_name, initiated_name, contact_number, email, address, country, nearest_center,
	accommodation_types, accommodation_other, availability_durations, facilities, facility_other, why_host,
	consent_terms, consent_contact, status, version, created_at, updated_at`

func scanHost(row formScanner) (*Host, error) {
	var h Host
	var acc, dur, fac string
	var created, updated int64
	err := row.Scan(&h.ID, &h.UserID, &h.FullName, &h.InitiatedName, &h.ContactNumber, &h.Email, &h.Address, &h.Country, &h.NearestCenter,
		&acc, &h.AccommodationOther, &dur, &fac, &h.FacilityOther, &h.WhyHost,
		&h.ConsentTerms, &h.ConsentContact, &h.Status, &h.Version, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	h.AccommodationTypes, h.AvailabilityDurations, h.Facilities = formParseList(acc), formParseList(dur), formParseList(fac)
	h.CreatedAt, h.UpdatedAt = FromMillis(created), FromMillis(updated)
	return &h, nil
}

// InsertHost saves a new host offer through q. It fills ID, Status,
// Version and the times.
func InsertHost(ctx context.Context, q Querier, h *Host, now time.Time) error {
	h.ID, h.Status, h.Version = NewID(now), "received", 0
	h.CreatedAt, h.UpdatedAt = now.UTC().Truncate(time.Millisecond), now.UTC().Truncate(time.Millisecond)
	for _, l := range []*[]string{&h.AccommodationTypes, &h.AvailabilityDurations, &h.Facilities} {
		if *l == nil {
			*l = []string{}
		}
	}
	search := entity.Hosts.SearchText(entity.StructGetter(h))
	_, err := q.ExecContext(ctx, `INSERT INTO hosts (id, user_id, full_name, initiated_name, contact_number, email, address, country, nearest_center,
		accommodation_types, accommodation_other, availability_durations, facilities, facility_other, why_host,
		consent_terms, consent_contact, status, version, search, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
		h.ID, formNullable(h.UserID), h.FullName, h.InitiatedName, h.ContactNumber, h.Email, h.Address, h.Country, h.NearestCenter,
		formJSONList(h.AccommodationTypes), h.AccommodationOther, formJSONList(h.AvailabilityDurations), formJSONList(h.Facilities),
		h.FacilityOther, h.WhyHost, h.ConsentTerms, h.ConsentContact, h.Status, search, Millis(now), Millis(now))
	if err != nil {
		return fmt.Errorf("store: insert host: %w", err)
	}
	return nil
}

// HostByID returns one host offer.
func (s *Store) HostByID(ctx context.Context, id string) (*Host, error) {
	h, err := scanHost(s.Reader().QueryRowContext(ctx, `SELECT `+hostColumns+` FROM hosts WHERE id = ?`, id))
	if err != nil && !errors.Is(err, ErrNotFound) {
		return nil, fmt.Errorf("store: host by id: %w", err)
	}
	return h, err
}
