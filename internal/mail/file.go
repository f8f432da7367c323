package mail

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// FileSender writes each message as a complete .eml file into Dir instead
// of sending it: the developer's and operator's view of mail when SMTP_URL
// is unset, and how browser tests read links. Names sort by time:
// 20261121T101500.123-<id>.eml.
type FileSender struct {
	Dir  string
	From string
	Log  *slog.Logger     // one line per message; nil for none
	Now  func() time.Time // nil means time.Now
}

// NewFileSender returns a FileSender writing into dir (created on first use).
func NewFileSender(dir, from string, log *slog.Logger) *FileSender {
	return &FileSender{Dir: dir, From: from, Log: log}
}

// Send writes m atomically (a temporary file renamed into place), so a
// reader never sees half a message.
func (f *FileSender) Send(ctx context.Context, m Message) error {
	now := time.Now()
	if f.Now != nil {
		now = f.Now()
	}
	now = now.UTC()
	raw, err := Render(f.From, m, now)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(f.Dir, 0o750); err != nil {
		return fmt.Errorf("mail: create %s: %w", f.Dir, err)
	}
	id := m.ID
	if id == "" {
		id = fmt.Sprintf("%d", now.UnixNano())
	}
	name := now.Format("20060102T150405.000") + "-" + safeName(id) + ".eml"
	tmp, err := os.CreateTemp(f.Dir, ".tmp-*")
	if err != nil {
		return fmt.Errorf("mail: write .eml: %w", err)
	}
	if _, err := tmp.Write(raw); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("mail: write .eml: %w", err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("mail: write .eml: %w", err)
	}
	path := filepath.Join(f.Dir, name)
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("mail: write .eml: %w", err)
	}
	if f.Log != nil {
		// Recipients and subjects (which can hold names) are personal
		// data: only Debug names the recipient, masked.
		f.Log.Info("mail written to file (SMTP_URL unset)", "kind", m.Kind, "file", path)
		f.Log.Debug("mail written to file", "to", MaskAddress(m.To), "file", path)
	}
	return nil
}

// safeName keeps only characters that are safe in a file name.
func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return '_'
	}, s)
}

// WritesToFiles reports that this sender sends nothing: the outbox marks
// what it delivers as written to a file, not sent.
func (f *FileSender) WritesToFiles() bool { return true }

// WritesToFiles reports whether s writes messages to files instead of
// sending them.
func WritesToFiles(s Sender) bool {
	f, ok := s.(interface{ WritesToFiles() bool })
	return ok && f.WritesToFiles()
}
