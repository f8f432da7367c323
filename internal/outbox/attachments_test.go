package outbox

import (
	"bytes"
	"context"
	"strings"
	"testing"

	spdcmail "spdc/internal/mail"
	"spdc/internal/mail/mailtest"
	"spdc/internal/secret"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// TestAttachmentSealedThenSent stores a message with a PDF sealed, sends
// it through a real SMTP server with the file whole, and keeps no copy
// of the file afterwards.
func TestAttachmentSealedThenSent(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		key, _, err := secret.Generate()
		if err != nil {
			t.Fatal(err)
		}
		srv := mailtest.Start(t, mailtest.Options{})
		clk := newClock()
		pdf := append([]byte("%PDF-1.7\nPAN ABCPE1234F\n"), bytes.Repeat([]byte{1, 2, 3}, 2000)...)
		m := msg(1)
		m.Attachments = []spdcmail.Attachment{{Name: "receipt.pdf", ContentType: "application/pdf", Data: pdf}}
		if err := Enqueue(ctx, st.Writer(), clk.Now(), m); err == nil {
			t.Fatal("Enqueue stored an attachment unsealed")
		}
		if err := st.InTx(ctx, func(tx *store.Tx) error { return EnqueueSealed(ctx, tx, clk.Now(), m, key) }); err != nil {
			t.Fatal(err)
		}
		var body string
		if err := st.Reader().QueryRowContext(ctx, `SELECT body FROM outbox_attachments`).Scan(&body); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(body, "ABCPE1234F") || !strings.HasPrefix(body, "v1:") {
			t.Fatalf("stored attachment is not sealed: %.40q", body)
		}
		// A worker with another key cannot send it: the message fails,
		// saying why.
		other, _, _ := secret.Generate()
		w := NewWorker(st, smtpSender(t, srv), Options{Now: clk.Now, Secret: other})
		if _, err := w.ProcessOnce(ctx); err != nil {
			t.Fatal(err)
		}
		r := only(t, st)
		if r.Status != StatusFailed || !strings.Contains(r.LastError, "SPDC_DATA_KEY") || srv.Count() != 0 {
			t.Fatalf("with another key: %+v, %d sent", r, srv.Count())
		}
		// Retried with the right key, it goes out with the file.
		if _, err := st.Writer().ExecContext(ctx, `UPDATE outbox SET status = 'pending', last_error = ''`); err != nil {
			t.Fatal(err)
		}
		w = NewWorker(st, smtpSender(t, srv), Options{Now: clk.Now, Secret: key})
		if n, err := w.ProcessOnce(ctx); err != nil || n != 1 {
			t.Fatalf("ProcessOnce = %d, %v", n, err)
		}
		if r := only(t, st); r.Status != StatusSent {
			t.Fatalf("row %+v", r)
		}
		got := srv.Messages()
		if len(got) != 1 {
			t.Fatalf("%d received", len(got))
		}
		raw := string(got[0].Data)
		if !strings.Contains(raw, `filename="receipt.pdf"`) || !strings.Contains(raw, "application/pdf") {
			t.Fatalf("no PDF part in:\n%.2000s", raw)
		}
		var n int
		if err := st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM outbox_attachments`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%d attachments kept after sending (%v)", n, err)
		}
	})
}
