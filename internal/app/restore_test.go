package app

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"filippo.io/age"

	"spdc/internal/backups"
	"spdc/internal/config"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// TestScheduledBackupRestoresTheSameRows makes a scheduled (encrypted)
// backup of a data directory, checks it with `spdc backup verify`, and
// restores it with `spdc restore` into an empty one: the same rows come
// back, and the server's database opens.
func TestScheduledBackupRestoresTheSameRows(t *testing.T) {
	env := seededDataDir(t)
	ctx := context.Background()
	st := storetest.OpenURL(t, "sqlite://"+filepath.Join(env["SPDC_DATA_DIR"], "spdc.db"))
	m := &store.ContactMessage{Name: "Asha", Email: "asha@example.org", Subject: "Hello", Message: "Kept", AcceptTerms: true, Ref: "M-REST-01", Language: "en"}
	if err := store.InsertContactMessage(ctx, st.Writer(), m, time.Now()); err != nil {
		t.Fatal(err)
	}
	id, err := age.GenerateX25519Identity()
	if err != nil {
		t.Fatal(err)
	}
	keyFile := filepath.Join(t.TempDir(), "backup.key")
	if err := os.WriteFile(keyFile, []byte("# backup key\n"+id.String()+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	s := &backups.Scheduler{Store: st, Dir: filepath.Join(t.TempDir(), "backups"), Every: 24 * time.Hour, Keep: config.Keep{Days: 7}, Recipients: []age.Recipient{id.Recipient()}}
	res := s.Once(ctx)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	st.Close()

	code, out, errOut := runCmd(t, nil, "backup", "verify", res.File, "--identity", keyFile)
	if code != 0 || !strings.Contains(out, "OK (decrypted, integrity check passed)") || !strings.Contains(out, "messages") {
		t.Fatalf("verify: %d %q %q", code, out, errOut)
	}
	// Without the key, and with another key, it says so.
	if code, _, errOut := runCmd(t, nil, "backup", "verify", res.File); code != 1 || !strings.Contains(errOut, "--identity KEYFILE") {
		t.Fatalf("verify without a key: %d %q", code, errOut)
	}
	other, _ := age.GenerateX25519Identity()
	otherFile := filepath.Join(t.TempDir(), "other.key")
	os.WriteFile(otherFile, []byte(other.String()+"\n"), 0o600)
	if code, _, errOut := runCmd(t, nil, "backup", "verify", res.File, "--identity", otherFile); code != 1 || !strings.Contains(errOut, "cannot be decrypted") {
		t.Fatalf("verify with another key: %d %q", code, errOut)
	}

	target := map[string]string{"SPDC_DATA_DIR": t.TempDir()}
	code, out, errOut = runCmd(t, target, "restore", res.File, "--identity", keyFile)
	if code != 0 || !strings.Contains(out, "restored ") || !strings.Contains(out, "schema version") {
		t.Fatalf("restore: %d %q %q", code, out, errOut)
	}
	for _, want := range []string{"users", "messages"} {
		if !strings.Contains(out, want) {
			t.Errorf("restore output lacks %s: %q", want, out)
		}
	}
	restored := storetest.OpenURL(t, "sqlite://"+filepath.Join(target["SPDC_DATA_DIR"], "spdc.db"))
	var users, messages int
	var ref string
	if err := restored.Reader().QueryRowContext(ctx, "SELECT (SELECT COUNT(*) FROM users), (SELECT COUNT(*) FROM messages), (SELECT ref FROM messages)").Scan(&users, &messages, &ref); err != nil {
		t.Fatal(err)
	}
	if users != 1 || messages != 1 || ref != m.Ref {
		t.Fatalf("restored %d users, %d messages, ref %q", users, messages, ref)
	}
	if entries, _ := os.ReadDir(target["SPDC_DATA_DIR"]); len(entries) == 0 {
		t.Fatal("nothing restored")
	}
	for _, e := range mustReadDir(t, target["SPDC_DATA_DIR"]) {
		if strings.HasPrefix(e, ".spdc-restore-") {
			t.Errorf("temporary directory %s left behind", e)
		}
	}
	restored.Close()

	// A data directory that has a database is never overwritten.
	code, _, errOut = runCmd(t, target, "restore", res.File, "--identity", keyFile)
	if code != 1 || !strings.Contains(errOut, "already exists") {
		t.Fatalf("restore over a database: %d %q", code, errOut)
	}
	// Nor does restore work for PostgreSQL, or without a file.
	if code, _, errOut := runCmd(t, map[string]string{"DATABASE_URL": "postgres://u@127.0.0.1:1/x"}, "restore", res.File); code != 1 || !strings.Contains(errOut, "SQLite only") {
		t.Fatalf("restore on postgres: %d %q", code, errOut)
	}
	if code, _, errOut := runCmd(t, nil, "restore"); code != 1 || !strings.Contains(errOut, "needs a FILE") {
		t.Fatalf("restore without a file: %d %q", code, errOut)
	}
}

func TestVerifyRefusesWhatIsNotABackup(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "notes.txt")
	os.WriteFile(bad, []byte("hello"), 0o600)
	if code, _, errOut := runCmd(t, nil, "backup", "verify", bad); code != 1 || !strings.Contains(errOut, "neither an age-encrypted backup nor a SQLite database") {
		t.Fatalf("verify a text file: %d %q", code, errOut)
	}
	// A plain copy (spdc backup FILE) verifies without flags; a damaged one does not.
	env := seededDataDir(t)
	plain := filepath.Join(t.TempDir(), "plain.db")
	if code, _, errOut := runCmd(t, env, "backup", plain); code != 0 {
		t.Fatal(errOut)
	}
	if code, out, errOut := runCmd(t, nil, "backup", "verify", plain); code != 0 || !strings.Contains(out, "plain SQLite copy") {
		t.Fatalf("verify plain: %d %q %q", code, out, errOut)
	}
	body, _ := os.ReadFile(plain)
	for i := 4096; i < len(body) && i < 4096*8; i++ {
		body[i] = 0xff
	}
	damaged := filepath.Join(t.TempDir(), "damaged.db")
	os.WriteFile(damaged, body, 0o600)
	if code, _, errOut := runCmd(t, nil, "backup", "verify", damaged); code != 1 {
		t.Fatalf("verify damaged: %d %q", code, errOut)
	}
}

func mustReadDir(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}
