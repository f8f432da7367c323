package store

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"strings"
	"time"
)

// NewID returns a 24-hex-digit record id: 6 bytes of millisecond time (so
// ids sort roughly by creation) and 6 random bytes (so they can't be guessed).
func NewID(now time.Time) string {
	var b [12]byte
	var t [8]byte
	binary.BigEndian.PutUint64(t[:], uint64(now.UnixMilli()))
	copy(b[:6], t[2:])
	_, _ = rand.Read(b[6:])
	return hex.EncodeToString(b[:])
}

// ValidID reports whether s has the shape of an id made by NewID, so
// malformed ids are refused before any query.
func ValidID(s string) bool {
	if len(s) != 24 {
		return false
	}
	return strings.Trim(s, "0123456789abcdef") == ""
}

// Millis converts a time to the unix milliseconds stored in BIGINT columns.
func Millis(t time.Time) int64 { return t.UnixMilli() }

// FromMillis converts stored unix milliseconds back to UTC time.
func FromMillis(v int64) time.Time { return time.UnixMilli(v).UTC() }

// FromMillisPtr converts a nullable millisecond column.
func FromMillisPtr(v *int64) *time.Time {
	if v == nil {
		return nil
	}
	t := FromMillis(*v)
	return &t
}
