package store

import (
	"context"
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
	Status                string         // "new", then as the staff move it (entity statuses)
	Ref                   string         // the reference its sender quotes (V-4K7Q-2M)
	Language              string         // the language it was sent in (en, hi, bn)
	Extra                 map[string]any // fields of the definition not named here
	Version               int
	CreatedAt             time.Time
	UpdatedAt             time.Time
}

// InsertHost saves a new host offer through q. It fills ID, Status,
// Version and the times.
func InsertHost(ctx context.Context, q Querier, h *Host, now time.Time) error {
	return InsertHostRef(ctx, q, h, now, "")
}

// InsertHostRef is InsertHost keeping drawn (from NewRef) as the offer's
// reference unless another row holds it; h.Ref says which reference it got.
func InsertHostRef(ctx context.Context, q Querier, h *Host, now time.Time, drawn string) error {
	h.Status = entity.StatusNew
	return hostTable.insertNew(ctx, q, h, h.UserID, h.Language, now, drawn)
}

// HostByID returns one host offer.
func (s *Store) HostByID(ctx context.Context, id string) (*Host, error) {
	return formByID[Host](ctx, s.Reader(), hostTable, id)
}
