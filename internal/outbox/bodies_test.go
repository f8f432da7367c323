package outbox

import (
	"context"
	"errors"
	"testing"

	spdcmail "spdc/internal/mail"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// TestBodiesClearedOnceSent: a delivered message keeps its subject for
// the mail tab but not its bodies; a failed one keeps them, so Retry
// sends it whole, and they go once it is delivered.
func TestBodiesClearedOnceSent(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		clk := newClock()
		first, second := msg(1), msg(2)
		first.Text, first.HTML = "Dear Radha, your address is 12 Seva Lane.", "<p>Dear Radha, your address is 12 Seva Lane.</p>"
		enqueue(t, st, clk.Now(), first, second)
		var got []spdcmail.Message
		refuse := true
		w := NewWorker(st, spdcmail.SenderFunc(func(_ context.Context, m spdcmail.Message) error {
			if refuse && m.To == second.To {
				return spdcmail.Permanent(errors.New("550 mailbox full"))
			}
			got = append(got, m)
			return nil
		}), Options{Now: clk.Now, Jitter: noJitter})
		if _, err := w.ProcessOnce(ctx); err != nil {
			t.Fatal(err)
		}
		bodies := func(to string) (status, subject, text, html string) {
			t.Helper()
			if err := st.Reader().QueryRowContext(ctx, `SELECT status, subject, text_body, html_body FROM outbox WHERE to_addr = ?`, to).
				Scan(&status, &subject, &text, &html); err != nil {
				t.Fatal(err)
			}
			return
		}
		if len(got) != 1 || got[0].Text != first.Text || got[0].HTML != first.HTML {
			t.Fatalf("sent %+v", got)
		}
		if status, subject, text, html := bodies(first.To); status != StatusSent || subject != first.Subject || text != "" || html != "" {
			t.Fatalf("delivered message kept: %s %q %q %q", status, subject, text, html)
		}
		if status, _, text, html := bodies(second.To); status != StatusFailed || text != second.Text || html != second.HTML {
			t.Fatalf("failed message: %s %q %q", status, text, html)
		}
		failed, _, err := listed(st, store.AdminQuery{Filters: map[string]string{"status": StatusFailed}})
		if err != nil || len(failed) != 1 {
			t.Fatalf("failed list: %+v %v", failed, err)
		}
		if _, _, err := Retry(ctx, st.Writer(), failed[0].ID, clk.Now()); err != nil {
			t.Fatal(err)
		}
		refuse = false
		if n, err := w.ProcessOnce(ctx); err != nil || n != 1 {
			t.Fatalf("retry delivered %d, %v", n, err)
		}
		if len(got) != 2 || got[1].Text != second.Text || got[1].HTML != second.HTML {
			t.Fatalf("retried message sent as %+v", got[len(got)-1])
		}
		if status, subject, text, html := bodies(second.To); status != StatusSent || subject != second.Subject || text != "" || html != "" {
			t.Fatalf("retried and delivered message kept: %s %q %q %q", status, subject, text, html)
		}
	})
}
