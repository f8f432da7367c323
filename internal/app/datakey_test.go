package app

import (
	"bytes"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"spdc/internal/config"
)

// TestDataKeyFileOnSQLite starts twice on SQLite without SPDC_DATA_KEY:
// the first start makes the key file (0600) and logs it, the second reads
// it back quietly.
func TestDataKeyFileOnSQLite(t *testing.T) {
	dir := t.TempDir()
	cfg, err := config.Load("test", nil, func(k string) string {
		if k == "SPDC_DATA_DIR" {
			return dir
		}
		return ""
	}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	k1, err := dataKey(cfg, slog.New(slog.NewTextHandler(&logs, nil)))
	if err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(filepath.Join(dir, "data.key"))
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v %v", st, err)
	}
	if !strings.Contains(logs.String(), "SPDC_DATA_KEY is unset") || !strings.Contains(logs.String(), "data.key") {
		t.Fatalf("first start logged %q", logs.String())
	}
	logs.Reset()
	k2, err := dataKey(cfg, slog.New(slog.NewTextHandler(&logs, nil)))
	if err != nil || logs.Len() != 0 {
		t.Fatalf("second start: %v, logged %q", err, logs.String())
	}
	sealed, _ := k1.SealString("ABCPE1234F")
	if got, err := k2.OpenString(sealed); err != nil || got != "ABCPE1234F" {
		t.Fatal("the second start has another key")
	}
}
