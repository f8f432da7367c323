package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDemoOnlyInADemoDataDirectory checks that `spdc demo` refuses the
// normal data directory (creating nothing there), loads a demo directory,
// and adds nothing when run again.
func TestDemoOnlyInADemoDataDirectory(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "data")
	code, _, errOut := runCmd(t, nil, "demo", "--data-dir", real)
	if code != 1 || !strings.Contains(errOut, "data-demo") {
		t.Fatalf("demo on ./data: %d %q", code, errOut)
	}
	if _, err := os.Stat(real); !os.IsNotExist(err) {
		t.Fatalf("the refused demo touched %s: %v", real, err)
	}
	code, _, errOut = runCmd(t, map[string]string{"DATABASE_URL": "postgres://nobody@127.0.0.1:1/none"}, "demo", "--data-dir", filepath.Join(dir, "data-demo"))
	if code != 1 || !strings.Contains(errOut, "SQLite") {
		t.Fatalf("demo on postgres: %d %q", code, errOut)
	}

	demoDir := filepath.Join(dir, "data-demo")
	code, out, errOut := runCmd(t, nil, "demo", "--data-dir", demoDir)
	if code != 0 || !strings.Contains(out, "Loaded the demo: 6 pictures") || !strings.Contains(out, "2 team") {
		t.Fatalf("demo: %d %q %q", code, out, errOut)
	}
	code, out, _ = runCmd(t, nil, "demo", "--data-dir", demoDir)
	if code != 0 || !strings.Contains(out, "already loaded") {
		t.Fatalf("demo again: %d %q", code, out)
	}
}
