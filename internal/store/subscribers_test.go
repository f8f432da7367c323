package store_test

import (
	"context"
	"testing"
	"time"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

func TestAddSubscriberIsIdempotent(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		// Each add gets its own millisecond, so "oldest first" is well defined.
		clock := time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC)
		s.SetClock(func() time.Time { clock = clock.Add(time.Millisecond); return clock })
		created, err := s.AddSubscriber(ctx, "elder.friend@example.org")
		if err != nil || !created {
			t.Fatalf("first add: created %v, err %v", created, err)
		}
		created, err = s.AddSubscriber(ctx, "elder.friend@example.org")
		if err != nil || created {
			t.Fatalf("repeated add: created %v, err %v (want false, nil)", created, err)
		}
		if _, err := s.AddSubscriber(ctx, "second@example.org"); err != nil {
			t.Fatal(err)
		}
		subs, err := s.Subscribers(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(subs) != 2 || subs[0].Email != "elder.friend@example.org" || subs[1].Email != "second@example.org" {
			t.Fatalf("subscribers = %+v", subs)
		}
		if !store.ValidID(subs[0].ID) || subs[0].CreatedAt.IsZero() {
			t.Fatalf("bad row %+v", subs[0])
		}
	})
}
