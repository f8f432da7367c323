package auth

import (
	"context"
	"testing"
	"time"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// TestThrottleMigrations builds a database as it was before the counted
// limits shared their daily events and moved to the append-only log, with
// events of each kind, migrates it, and checks that every limit counts
// what it counted before: the forms' events (the daily limit's own copies
// gone), a mailbox's, and a sign-in attempt in flight, which stays where
// it was.
func TestThrottleMigrations(t *testing.T) {
	for _, b := range storetest.Backends(t) {
		t.Run(b.Name, func(t *testing.T) {
			ctx := context.Background()
			st, err := store.Open(ctx, b.URL)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			storetest.MigrateBefore(t, st, 280)
			client, box := "198.51.100.20", MailboxKey("elder@example.org")
			oldDay := Limit{Name: "form-ip-day"}
			ms0 := store.Millis(t0)
			for i, e := range []struct {
				bucket  string
				pending any
			}{
				{FormsPerAddress.Bucket(client), nil}, {oldDay.Bucket(client), nil},
				{FormsPerAddress.Bucket(client), nil}, {oldDay.Bucket(client), nil},
				{MailPerRecipient.Bucket(box), nil},
				{LoginPerPair.Bucket("u:elder " + client), ms0 + 60_000},
			} {
				if _, err := st.Writer().ExecContext(ctx, `INSERT INTO throttle_events (bucket, at, id, pending_until) VALUES (?, ?, ?, ?)`,
					e.bucket, ms0+int64(i), store.NewID(t0), e.pending); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := st.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			th := NewThrottle(st)
			// Two forms counted of the hour's ten, and of the day's thirty.
			through := 0
			for range 10 {
				if wait, err := th.Take(ctx, t0.Add(time.Minute), Keyed{FormsPerAddress, client}, Keyed{FormsPerAddressDay, client}); err != nil {
					t.Fatal(err)
				} else if wait == 0 {
					through++
				}
			}
			if through != FormsPerAddress.Max-2 {
				t.Errorf("%d forms through after the migration, want %d (two were counted before)", through, FormsPerAddress.Max-2)
			}
			// One mail counted of the mailbox's five.
			through = 0
			for range 5 {
				if wait, err := th.Take(ctx, t0.Add(time.Minute), Keyed{MailPerRecipient, box}); err != nil {
					t.Fatal(err)
				} else if wait == 0 {
					through++
				}
			}
			if through != MailPerRecipient.Max-1 {
				t.Errorf("%d mails through after the migration, want %d", through, MailPerRecipient.Max-1)
			}
			// The sign-in attempt in flight is where Begin looks for it.
			ev, err := st.ThrottleWindow(ctx, LoginPerPair.Bucket("u:elder "+client), t0.Add(-time.Hour), 10)
			if err != nil || len(ev) != 1 || ev[0].PendingUntil == nil {
				t.Errorf("sign-in attempt after the migration: %v, %v; want one in flight", ev, err)
			}
		})
	}
}
