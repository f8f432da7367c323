package db

import (
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"strings"
	"sync"
	"time"
)

// NewID returns a 24-hex-digit record id: 6 bytes of millisecond time (so
// ids sort roughly by creation) and 6 random bytes (so they can't be
// guessed). Ids made by one process in the same millisecond still sort in
// the order they were made: one that would sort before the last is set a
// random step after it instead. Lists ordered by time and then id (notes,
// replies, the newest first) then keep the order things happened in.
func NewID(now time.Time) string {
	var b [12]byte
	var t [8]byte
	binary.BigEndian.PutUint64(t[:], uint64(now.UnixMilli()))
	copy(b[:6], t[2:])
	_, _ = rand.Read(b[6:])
	lastID.Lock()
	defer lastID.Unlock()
	if bytes.Equal(b[:6], lastID.b[:6]) && bytes.Compare(b[6:], lastID.b[6:]) <= 0 {
		var r [8]byte
		copy(r[2:], lastID.b[6:])
		var step [2]byte
		_, _ = rand.Read(step[:])
		if n := binary.BigEndian.Uint64(r[:]) + 1 + uint64(binary.BigEndian.Uint16(step[:])); n < 1<<48 {
			binary.BigEndian.PutUint64(r[:], n)
			copy(b[6:], r[2:])
		}
	}
	lastID.b = b
	return hex.EncodeToString(b[:])
}

// lastID is the last id NewID made.
var lastID struct {
	sync.Mutex
	b [12]byte
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
