package store

import (
	"time"

	"spdc/internal/db"
)

// NewID returns a new time-ordered, unguessable record id (see db.NewID).
func NewID(now time.Time) string { return db.NewID(now) }

// ValidID reports whether s has the shape of an id made by NewID.
func ValidID(s string) bool { return db.ValidID(s) }

// Millis converts a time to the unix milliseconds stored in BIGINT columns.
func Millis(t time.Time) int64 { return db.Millis(t) }

// FromMillis converts stored unix milliseconds back to UTC time.
func FromMillis(v int64) time.Time { return db.FromMillis(v) }

// FromMillisPtr converts a nullable millisecond column.
func FromMillisPtr(v *int64) *time.Time { return db.FromMillisPtr(v) }
