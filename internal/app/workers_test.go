package app

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"

	"spdc/internal/config"
	"spdc/internal/store/storetest"
)

// TestClearSMTPWarnsAtStart: sending mail in clear is an explicit choice
// in SMTP_URL, and the server says so at start, at Warn level; the default
// smtp:// (STARTTLS required) starts without that warning.
func TestClearSMTPWarnsAtStart(t *testing.T) {
	st := storetest.OpenURL(t, "sqlite://"+t.TempDir()+"/spdc.db")
	for _, tc := range []struct {
		url  string
		warn bool
	}{
		{"smtp://127.0.0.1:1?tls=none", true},
		{"smtp://127.0.0.1:1", false},
		{"smtps://127.0.0.1:1", false},
	} {
		var buf bytes.Buffer
		log := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelInfo}))
		cfg := config.Config{SMTPURL: tc.url, MailFrom: "SPDC <no-reply@example.org>", PublicURL: "http://127.0.0.1:8080", DataDir: t.TempDir()}
		ctx, cancel := context.WithCancel(context.Background())
		w, _, err := startWorkers(ctx, cfg, st, log, nil)
		if err != nil {
			cancel()
			t.Fatalf("%s: %v", tc.url, err)
		}
		cancel()
		w.stop()
		warned := strings.Contains(buf.String(), "level=WARN") && strings.Contains(buf.String(), "tls=none")
		if warned != tc.warn {
			t.Errorf("%s: warned=%v, want %v; log:\n%s", tc.url, warned, tc.warn, buf.String())
		}
	}
}
