package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// A stay with a host keeps within the host offer's capacity over the
// nights it shares with the host's other stays: a new offer takes one
// elder at a time; the day one stay ends is free for the next; a stay
// that would overfill the host is refused, naming the first full day, and
// nothing is saved; an action's own stay and a cancelled stay take no
// place; a larger capacity takes more.
func TestCareStayWithinHostCapacity(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		at := time.Date(2026, 11, 1, 6, 0, 0, 0, time.UTC)
		host := &store.Host{FullName: "Host Family", WhyHost: "To serve", ConsentTerms: true, ConsentContact: true}
		if err := store.InsertHost(ctx, s.Writer(), host, at); err != nil {
			t.Fatal(err)
		}
		var capacity int
		if err := s.Reader().QueryRowContext(ctx, `SELECT capacity FROM hosts WHERE id = ?`, host.ID).Scan(&capacity); err != nil || capacity != 1 {
			t.Fatalf("a new offer's capacity: %d %v", capacity, err)
		}
		records := map[string]string{}
		for _, name := range []string{"Asha", "Bina", "Chandra", "Devi"} {
			d := careDisciple(t, s, name, "", true, at)
			var id string
			if err := s.Reader().QueryRowContext(ctx, `SELECT id FROM care_records WHERE disciple_id = ?`, d.ID).Scan(&id); err != nil {
				t.Fatal(err)
			}
			records[name] = id
		}
		stays := func() int {
			var n int
			if err := s.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM care_actions WHERE host_id = ?`, host.ID).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		actor := store.Actor{ID: "coord"}
		stay := func(name, from, to string) (*store.CareAction, error) {
			a := &store.CareAction{RecordID: records[name], Service: "relocation", Action: "Stay with the family", TargetDate: from,
				Status: "planned", HostID: host.ID, StayFrom: from, StayTo: to}
			return a, s.AddCareAction(ctx, a, actor)
		}
		full := func(err error, day string, capacity int) {
			t.Helper()
			var f *store.StayFullError
			if !errors.As(err, &f) || f.Day != day || f.Capacity != capacity {
				t.Fatalf("want full on %s (capacity %d), got %v", day, capacity, err)
			}
		}

		asha, err := stay("Asha", "2026-12-01", "2026-12-10")
		if err != nil {
			t.Fatal(err)
		}
		_, err = stay("Bina", "2026-12-09", "2026-12-15")
		full(err, "2026-12-09", 1)
		if n := stays(); n != 1 {
			t.Fatalf("a refused stay saved: %d stays", n)
		}
		bina, err := stay("Bina", "2026-12-10", "2026-12-15")
		if err != nil {
			t.Fatalf("the day Asha leaves: %v", err)
		}
		// Bina's stay moved a day later: her own stay takes no place of hers.
		bina.StayTo = "2026-12-16"
		if _, err := s.UpdateCareAction(ctx, bina, bina.Version, actor); err != nil {
			t.Fatalf("moving Bina's own stay: %v", err)
		}
		// Moving it to overlap Asha's is refused, and leaves it as it was.
		moved := *bina
		moved.StayFrom = "2026-12-05"
		_, err = s.UpdateCareAction(ctx, &moved, bina.Version, actor)
		full(err, "2026-12-05", 1)
		if cur, err := store.CareActionByID(ctx, s.Reader(), bina.RecordID, bina.ID); err != nil || cur.StayFrom != "2026-12-10" {
			t.Fatalf("after a refused move: %+v %v", cur, err)
		}

		// Two at a time: Chandra fits beside either of them, Devi then not.
		if _, err := s.Writer().ExecContext(ctx, `UPDATE hosts SET capacity = 2 WHERE id = ?`, host.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := stay("Chandra", "2026-12-05", "2026-12-12"); err != nil {
			t.Fatalf("Chandra with two places: %v", err)
		}
		_, err = stay("Devi", "2026-12-06", "2026-12-07")
		full(err, "2026-12-06", 2)
		// Asha's stay cancelled frees her place.
		asha.Status = "cancelled"
		if _, err := s.UpdateCareAction(ctx, asha, asha.Version, actor); err != nil {
			t.Fatal(err)
		}
		if _, err := stay("Devi", "2026-12-06", "2026-12-07"); err != nil {
			t.Fatalf("Devi after Asha's stay was cancelled: %v", err)
		}
		// An action with the host but no dates takes no place.
		if err := s.AddCareAction(ctx, &store.CareAction{RecordID: records["Devi"], Service: "relocation", Action: "Meet the family",
			TargetDate: "2026-11-30", Status: "planned", HostID: host.ID}, actor); err != nil {
			t.Fatalf("an action with the host without a stay: %v", err)
		}
	})
}

// Stays planned at once with one host from two instances of the program
// against one database: the host's lock row lets exactly its capacity
// through and refuses the rest, however the calls interleave.
func TestCareStaysConcurrentInstances(t *testing.T) {
	for _, b := range storetest.Backends(t) {
		t.Run(b.Name, func(t *testing.T) {
			ctx := context.Background()
			one := storetest.OpenURL(t, b.URL)
			two := storetest.OpenURL(t, b.URL)
			host := &store.Host{FullName: "Guest House", WhyHost: "To serve", ConsentTerms: true, ConsentContact: true}
			if err := store.InsertHost(ctx, one.Writer(), host, time.Now()); err != nil {
				t.Fatal(err)
			}
			if err := one.SetHostCapacity(ctx, host.ID, 3, store.Actor{ID: "coord"}); err != nil {
				t.Fatal(err)
			}
			var records []string
			for i := range 12 {
				records = append(records, careElder(t, one, fmt.Sprintf("Elder %d", i), time.Now()))
			}
			planned, refused := racing(t, len(records), one, two, func(st *store.Store, i int) error {
				return st.AddCareAction(ctx, &store.CareAction{RecordID: records[i], Service: "relocation", Action: "Stay at the guest house",
					TargetDate: "2026-12-01", Status: "planned", HostID: host.ID, StayFrom: "2026-12-01", StayTo: "2026-12-08"}, store.Actor{ID: "coord"})
			}, func(err error) bool {
				var full *store.StayFullError
				return errors.As(err, &full)
			})
			if planned != 3 || refused != 9 {
				t.Fatalf("planned %d, refused %d; want 3 and 9", planned, refused)
			}
		})
	}
}

// racing makes n calls at once, alternately through one and two (two
// instances of the program on one database), and counts those that
// succeed and those refusedBy says were refused as they should be; any
// other error fails the test.
func racing(t *testing.T, n int, one, two *store.Store, call func(st *store.Store, i int) error, refusedBy func(error) bool) (done, refused int) {
	t.Helper()
	var wg sync.WaitGroup
	var mu sync.Mutex
	for i := range n {
		st := one
		if i%2 == 1 {
			st = two
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := call(st, i)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				done++
			case refusedBy(err):
				refused++
			default:
				t.Errorf("call %d: %v", i, err)
			}
		}()
	}
	wg.Wait()
	return done, refused
}
