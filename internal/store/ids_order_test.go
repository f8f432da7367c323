package store_test

import (
	"testing"
	"time"

	"spdc/internal/store"
)

// TestNewIDKeepsOrderWithinAMillisecond: ids made in the same millisecond
// sort in the order they were made, and stay distinct.
func TestNewIDKeepsOrderWithinAMillisecond(t *testing.T) {
	now := time.UnixMilli(1_700_000_000_000)
	prev := store.NewID(now)
	for i := 0; i < 10000; i++ {
		id := store.NewID(now)
		if id <= prev {
			t.Fatalf("id %d: %s after %s", i, id, prev)
		}
		if !store.ValidID(id) || id[:12] != prev[:12] {
			t.Fatalf("id %d: %s lost its time (%s)", i, id, prev)
		}
		prev = id
	}
}
