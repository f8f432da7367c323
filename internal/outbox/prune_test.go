package outbox

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	spdcmail "spdc/internal/mail"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// TestPruneSent: delivered messages older than the retention go, a batch
// at a time; recent ones, and any not delivered, stay.
func TestPruneSent(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		now := newClock().Now()
		for i := 0; i < 6; i++ {
			enqueue(t, st, now, spdcmail.Message{Kind: "test", To: "someone@example.org", Subject: fmt.Sprintf("m%d", i), Text: "body"})
		}
		// m0–m2 were delivered 100 days ago, m3 ten days ago, m4 failed
		// long ago, m5 still waits.
		for subj, set := range map[string]struct {
			status string
			sent   time.Time
		}{"m0": {"sent", now.AddDate(0, 0, -100)}, "m1": {"sent", now.AddDate(0, 0, -100)}, "m2": {"sent", now.AddDate(0, 0, -95)},
			"m3": {"sent", now.AddDate(0, 0, -10)}, "m4": {"failed", now.AddDate(0, 0, -200)}} {
			if _, err := st.Writer().ExecContext(ctx, "UPDATE outbox SET status = ?, sent_at = ? WHERE subject = ?", set.status, store.Millis(set.sent), subj); err != nil {
				t.Fatal(err)
			}
		}
		n, err := PruneSent(ctx, st, now.AddDate(0, 0, -90), 2)
		if err != nil || n != 3 {
			t.Fatalf("pruned %d, %v", n, err)
		}
		var left []string
		rows, err := st.Reader().QueryContext(ctx, "SELECT subject FROM outbox ORDER BY subject")
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var s string
			if err := rows.Scan(&s); err != nil {
				t.Fatal(err)
			}
			left = append(left, s)
		}
		if !slices.Equal(left, []string{"m3", "m4", "m5"}) {
			t.Errorf("left: %v", left)
		}
		if n, err := PruneSent(ctx, st, now.AddDate(0, 0, -90), 2); err != nil || n != 0 {
			t.Errorf("second prune: %d, %v", n, err)
		}
	})
}
