package mail

import (
	"bytes"
	"context"
	"encoding/base64"
	"io"
	"mime"
	"mime/multipart"
	netmail "net/mail"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// attachedFiles parses a rendered message and returns its attachments by
// file name, decoded.
func attachedFiles(t *testing.T, raw []byte) map[string][]byte {
	t.Helper()
	msg, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	var walk func(ct string, body io.Reader, enc string, disp string)
	walk = func(ct string, body io.Reader, enc string, disp string) {
		mt, params, err := mime.ParseMediaType(ct)
		if err != nil {
			t.Fatalf("content type %q: %v", ct, err)
		}
		if strings.HasPrefix(mt, "multipart/") {
			mr := multipart.NewReader(body, params["boundary"])
			for {
				p, err := mr.NextRawPart()
				if err == io.EOF {
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				walk(p.Header.Get("Content-Type"), p, p.Header.Get("Content-Transfer-Encoding"), p.Header.Get("Content-Disposition"))
			}
		}
		if !strings.HasPrefix(disp, "attachment") {
			return
		}
		_, dp, _ := mime.ParseMediaType(disp)
		b, _ := io.ReadAll(body)
		if strings.EqualFold(enc, "base64") {
			b, err = base64.StdEncoding.DecodeString(strings.NewReplacer("\r", "", "\n", "").Replace(string(b)))
			if err != nil {
				t.Fatal(err)
			}
		}
		out[dp["filename"]] = b
		if mt != "application/pdf" {
			t.Errorf("attachment type %q", mt)
		}
	}
	walk(msg.Header.Get("Content-Type"), msg.Body, msg.Header.Get("Content-Transfer-Encoding"), "")
	return out
}

func TestAttachmentIsSent(t *testing.T) {
	pdf := append([]byte("%PDF-1.7\n"), bytes.Repeat([]byte{0, 0xff, 'x'}, 5000)...)
	m := Message{Kind: "receipt", To: "donor@example.org", Subject: "Your receipt", Text: "Attached.", HTML: "<p>Attached.</p>",
		Attachments: []Attachment{{Name: "receipt-RCP-2026-27-000001.pdf", ContentType: "application/pdf", Data: pdf}}}
	dir := t.TempDir()
	fs := NewFileSender(dir, "SPDC <no-reply@example.org>", nil)
	if err := fs.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.eml"))
	if len(files) != 1 {
		t.Fatalf("%d files", len(files))
	}
	raw, _ := os.ReadFile(files[0])
	got := attachedFiles(t, raw)
	if !bytes.Equal(got["receipt-RCP-2026-27-000001.pdf"], pdf) {
		t.Fatalf("attachment not carried whole: %d files", len(got))
	}
	// Rendering twice (a resend on a new connection) keeps the file.
	msg, err := build("SPDC <no-reply@example.org>", m, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		var b bytes.Buffer
		if _, err := msg.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(attachedFiles(t, b.Bytes())["receipt-RCP-2026-27-000001.pdf"], pdf) {
			t.Fatal("second write lost the attachment")
		}
	}
}

func TestAttachmentRefused(t *testing.T) {
	base := Message{To: "donor@example.org", Subject: "S", Text: "T"}
	for name, a := range map[string]Attachment{
		"header break": {Name: "a\r\nBcc: x@example.org", ContentType: "application/pdf", Data: []byte("x")},
		"path":         {Name: "../a.pdf", ContentType: "application/pdf", Data: []byte("x")},
		"type":         {Name: "a.exe", ContentType: "application/octet-stream", Data: []byte("x")},
		"empty":        {Name: "a.pdf", ContentType: "application/pdf"},
		"too large":    {Name: "a.pdf", ContentType: "application/pdf", Data: make([]byte, MaxAttachmentBytes+1)},
	} {
		m := base
		m.Attachments = []Attachment{a}
		if err := m.Validate(); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
