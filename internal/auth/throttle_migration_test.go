package auth

import (
	"context"
	"fmt"
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
			st := storetest.OpenBefore(t, b.URL, 280)
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

// TestThrottleLogPruned: forms alone (reservations inside their own
// transactions) keep the SQLite log to a day: a row past the retention
// goes as they come.
func TestThrottleLogPruned(t *testing.T) {
	ctx := context.Background()
	st := storetest.OpenURL(t, storetest.Backends(t)[0].URL)
	limit := Limit{Name: "test-form", Max: 1000, Window: time.Hour}
	take := func(at time.Time, key string) {
		t.Helper()
		err := st.InTx(ctx, func(tx *store.Tx) error {
			_, err := NewThrottle(st).TakeTx(ctx, tx, at, Keyed{limit, key})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	take(t0, "old")
	for i := range 1500 {
		take(t0.Add(25*time.Hour), fmt.Sprint("new ", i))
	}
	var old int
	if err := st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM throttle_log WHERE at < ?`, store.Millis(t0.Add(time.Hour))).Scan(&old); err != nil {
		t.Fatal(err)
	}
	if old != 0 {
		t.Errorf("%d rows past the retention still in the log after 1,500 forms", old)
	}
}
