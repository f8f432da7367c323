package app

import (
	"bytes"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"filippo.io/age"
)

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// TestServeWithMetricsAndBackups starts the server with its metrics
// listener and scheduled backups: /metrics answers on its own address
// only, counting the site's requests by route, and the first backup is
// written, encrypted, at start.
func TestServeWithMetricsAndBackups(t *testing.T) {
	id, err := age.GenerateX25519Identity()
	if err != nil {
		t.Fatal(err)
	}
	backupDir := filepath.Join(t.TempDir(), "backups")
	metricsAddr := freeAddr(t)
	addr, stop := startServer(t, map[string]string{"SPDC_DATA_DIR": t.TempDir(), "SPDC_METRICS_ADDR": metricsAddr,
		"SPDC_BACKUP_DIR": backupDir, "SPDC_BACKUP_RECIPIENTS": id.Recipient().String()})
	defer stop()
	if code, _ := get(t, "http://"+addr+"/api/site"); code != 200 {
		t.Fatalf("site %d", code)
	}
	code, body := get(t, "http://"+metricsAddr+"/metrics")
	if code != 200 || !strings.Contains(body, `spdc_http_requests_total{code="200",route="GET /api/site"} 1`) {
		t.Fatalf("/metrics %d:\n%s", code, body)
	}
	if _, body := get(t, "http://"+addr+"/metrics"); strings.Contains(body, "spdc_http_requests_total") {
		t.Fatal("the site's own address serves the metrics")
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		entries, _ := os.ReadDir(backupDir)
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".db.age") {
				b, _ := os.ReadFile(filepath.Join(backupDir, e.Name()))
				if !bytes.HasPrefix(b, []byte("age-encryption.org/v1\n")) {
					t.Fatalf("%s is not encrypted", e.Name())
				}
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no backup at start: %v", entries)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestBackupConfigurationErrors(t *testing.T) {
	code, _, errOut := runCmd(t, map[string]string{"SPDC_DATA_DIR": t.TempDir(), "SPDC_BACKUP_DIR": t.TempDir()}, "serve")
	if code != 1 || !strings.Contains(errOut, "SPDC_BACKUP_RECIPIENTS is required with SPDC_BACKUP_DIR") || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
		t.Fatalf("no recipients: %d %q", code, errOut)
	}
	code, _, errOut = runCmd(t, map[string]string{"SPDC_DATA_DIR": t.TempDir(), "SPDC_ADDR": "127.0.0.1:8080", "SPDC_METRICS_ADDR": "127.0.0.1:8080"}, "serve")
	if code != 1 || !strings.Contains(errOut, "SPDC_METRICS_ADDR must not be the site's own address") {
		t.Fatalf("metrics on the site's address: %d %q", code, errOut)
	}
}
