package db

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTemplatedMigrationsRenderAsWritten: every migration written as a
// template (a block repeated for several tables, or a block shared by
// several steps) gives the very SQL that databases already ran: its
// SHA-256 is kept in testdata/migrations.sha256 ("<dialect>/<step> <hex>"),
// taken from the step as it was first written, so a database migrated
// before and one migrated after are alike. Each kept line names a
// templated step, so none is left unchecked or stale.
func TestTemplatedMigrationsRenderAsWritten(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "migrations.sha256"))
	if err != nil {
		t.Fatal(err)
	}
	kept := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		name, sum, ok := strings.Cut(line, " ")
		if !ok {
			t.Fatalf("testdata/migrations.sha256: %q is not \"<dialect>/<step> <sha256>\"", line)
		}
		kept[name] = sum
	}
	checked := map[string]bool{}
	for _, d := range []Dialect{SQLite, Postgres} {
		ms, err := Migrations(d)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ms {
			if !strings.HasSuffix(m.Name, ".tmpl") {
				continue
			}
			name := d.String() + "/" + strings.TrimSuffix(m.Name, ".tmpl")
			t.Run(name, func(t *testing.T) {
				want, ok := kept[name]
				if !ok {
					t.Fatalf("no SHA-256 kept for templated step %s", name)
				}
				if got := fmt.Sprintf("%x", sha256.Sum256([]byte(m.SQL))); got != want {
					t.Fatalf("%s renders SQL other than the step first written (sha256 %s, want %s):\n%s", name, got, want, m.SQL)
				}
			})
			checked[name] = true
		}
	}
	for name := range kept {
		if !checked[name] {
			t.Errorf("testdata/migrations.sha256 names %s, which is no templated migration", name)
		}
	}
}
