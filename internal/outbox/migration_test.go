package outbox

import (
	"context"
	"errors"
	"strings"
	"testing"

	"spdc/internal/store/storetest"
)

// TestMigrationScrubsStoredLinks builds a database as it was before
// migration 0090, with sent and waiting mail holding live tokens, applies
// the migration, and checks that no body holds a token any more, that the
// waiting one ended as failed with a reason, that other mail is untouched,
// and that a retry of a scrubbed message is refused.
func TestMigrationScrubsStoredLinks(t *testing.T) {
	for _, b := range storetest.Backends(t) {
		t.Run(b.Name, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.OpenBefore(t, b.URL, 90)
			const tok = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcd"
			old := []struct{ id, kind, status, text string }{
				{"m1", "password_reset", "sent", "Open http://x/reset-password/" + tok},
				{"m2", "disciple_confirm_request", "pending", "Confirm: http://x/Reg?token=" + tok},
				{"m3", "disciple_reminder", "failed", "Confirm: http://x/Reg?token=" + tok},
				{"m4", "acknowledgement", "sent", "Thank you for writing to us."},
			}
			for _, o := range old {
				if _, err := st.Writer().ExecContext(ctx, `INSERT INTO outbox (id, kind, to_addr, subject, text_body, html_body, status, next_attempt_at, created_at, updated_at)
					VALUES (?, ?, 'a@example.org', 'Subject', ?, ?, ?, 1, 1, 1)`, o.id, o.kind, o.text, "<p>"+o.text+"</p>", o.status); err != nil {
					t.Fatal(err)
				}
			}
			if n, err := st.Migrate(ctx); err != nil || n < 1 {
				t.Fatalf("migrate: %d %v", n, err)
			}
			for _, o := range old {
				var text, html, status, lastErr, to, subject string
				if err := st.Reader().QueryRowContext(ctx, `SELECT text_body, html_body, status, last_error, to_addr, subject FROM outbox WHERE id = ?`, o.id).
					Scan(&text, &html, &status, &lastErr, &to, &subject); err != nil {
					t.Fatal(err)
				}
				if strings.Contains(text+html, tok) {
					t.Errorf("%s still holds its token", o.id)
				}
				if to != "a@example.org" || subject != "Subject" {
					t.Errorf("%s lost its recipient or subject", o.id)
				}
				switch o.id {
				case "m2":
					if status != StatusFailed || !strings.Contains(lastErr, "Resend") {
						t.Errorf("waiting message: %s %q", status, lastErr)
					}
				case "m4":
					if text != o.text || status != StatusSent {
						t.Errorf("mail without a link changed: %q %s", text, status)
					}
				default:
					if status != o.status {
						t.Errorf("%s: status %s, want %s", o.id, status, o.status)
					}
				}
			}
			var gone *LinkGoneError
			if _, _, err := Retry(ctx, st.Writer(), "m3", st.Now()); !errors.As(err, &gone) {
				t.Errorf("retry of a scrubbed message: %v", err)
			}
		})
	}
}
