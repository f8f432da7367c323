package app

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"filippo.io/age"

	"spdc/internal/store"
)

// runCmdStdin is runCmd with stdin.
func runCmdStdin(t *testing.T, env map[string]string, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := RunEnv(context.Background(), args, Env{
		Getenv: func(k string) string { return env[k] },
		Stdin:  strings.NewReader(stdin), Stdout: &out, Stderr: &errb,
	})
	return code, out.String(), errb.String()
}

// seededDataDir is a data directory whose database holds one admin.
func seededDataDir(t *testing.T) map[string]string {
	t.Helper()
	env := map[string]string{"SPDC_DATA_DIR": t.TempDir()}
	if code, out, errOut := runCmdStdin(t, env, "kept in the backup\n", "admin", "create", "--email", "kept@example.org", "--name", "Kept Admin"); code != 0 {
		t.Fatalf("admin create: %d %q %q", code, out, errOut)
	}
	return env
}

// openDecrypted decrypts an age file with identity into a fresh database
// file and checks that it holds the seeded admin.
func openDecrypted(t *testing.T, path string, identity age.Identity) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	head := make([]byte, 22)
	if _, err := io.ReadFull(f, head); err != nil || !bytes.HasPrefix(head, []byte("age-encryption.org/v1")) {
		t.Fatalf("not an age file: %q %v", head, err)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	r, err := age.Decrypt(f, identity)
	if err != nil {
		t.Fatalf("decrypt: %v", err)
	}
	plain := filepath.Join(t.TempDir(), "restored.db")
	out, err := os.Create(plain)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, r); err != nil {
		t.Fatal(err)
	}
	out.Close()
	st, err := store.Open(context.Background(), "sqlite://"+plain)
	if err != nil {
		t.Fatalf("open the decrypted backup: %v", err)
	}
	defer st.Close()
	u, err := st.UserByEmail(context.Background(), "kept@example.org")
	if err != nil || !u.IsAdmin {
		t.Fatalf("decrypted backup lacks the admin: %v %v", u, err)
	}
}

func wantPrivate(t *testing.T, path string) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("%s has mode %#o, want 0600", filepath.Base(path), fi.Mode().Perm())
	}
}

func TestEncryptedBackup(t *testing.T) {
	// umask 0 is the worst case: the files must still be 0600.
	old := syscall.Umask(0)
	t.Cleanup(func() { syscall.Umask(old) })
	env := seededDataDir(t)
	wantPrivate(t, filepath.Join(env["SPDC_DATA_DIR"], "spdc.db"))
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	noLeftovers := func() {
		t.Helper()
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), ".spdc-backup-") {
				t.Errorf("temporary %s left behind", e.Name())
			}
		}
	}

	t.Run("plain", func(t *testing.T) {
		out := filepath.Join(dir, "plain.db")
		if code, so, se := runCmd(t, env, "backup", out); code != 0 {
			t.Fatalf("backup: %d %q %q", code, so, se)
		}
		wantPrivate(t, out)
	})

	t.Run("passphrase on stdin", func(t *testing.T) {
		out := filepath.Join(dir, "stdin.age")
		code, so, se := runCmdStdin(t, env, "a passphrase for backups\n", "backup", out, "--passphrase-file", "-")
		if code != 0 || !strings.Contains(so, "encrypted backup written") {
			t.Fatalf("backup: %d %q %q", code, so, se)
		}
		wantPrivate(t, out)
		id, err := age.NewScryptIdentity("a passphrase for backups")
		if err != nil {
			t.Fatal(err)
		}
		openDecrypted(t, out, id)
		wrong, _ := age.NewScryptIdentity("not the passphrase")
		f, _ := os.Open(out)
		defer f.Close()
		if _, err := age.Decrypt(f, wrong); err == nil {
			t.Error("a wrong passphrase decrypts the backup")
		}
	})

	t.Run("passphrase file", func(t *testing.T) {
		pf := filepath.Join(t.TempDir(), "pass")
		if err := os.WriteFile(pf, []byte("file kept passphrase\r\nsecond line ignored\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, "file.age")
		if code, so, se := runCmd(t, env, "backup", "--passphrase-file="+pf, out); code != 0 {
			t.Fatalf("backup: %d %q %q", code, so, se)
		}
		wantPrivate(t, out)
		id, _ := age.NewScryptIdentity("file kept passphrase")
		openDecrypted(t, out, id)
	})

	t.Run("public keys", func(t *testing.T) {
		one, err := age.GenerateX25519Identity()
		if err != nil {
			t.Fatal(err)
		}
		two, err := age.GenerateX25519Identity()
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, "keys.age")
		if code, so, se := runCmd(t, env, "backup", out, "--recipient", one.Recipient().String(), "--recipient", two.Recipient().String()); code != 0 {
			t.Fatalf("backup: %d %q %q", code, so, se)
		}
		wantPrivate(t, out)
		openDecrypted(t, out, one)
		openDecrypted(t, out, two)
	})

	// Bad flags are refused before anything is written.
	for _, c := range []struct {
		name, stdin string
		args        []string
		want        string
	}{
		{"passphrase and key", "a passphrase for backups\n", []string{"--passphrase-file", "-", "--recipient", "age1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq"}, "cannot be combined"},
		{"short passphrase", "too short\n", []string{"--passphrase-file", "-"}, "at least 12 characters"},
		{"empty stdin", "", []string{"--passphrase-file", "-"}, "no passphrase"},
		{"missing passphrase file", "", []string{"--passphrase-file", filepath.Join(dir, "nope")}, "--passphrase-file"},
		{"two passphrase files", "", []string{"--passphrase-file", "-", "--passphrase-file", "-"}, "once"},
		{"not a key", "", []string{"--recipient", "ssh-ed25519 AAAA"}, "not an age public key"},
		{"two keys in one flag", "", []string{"--recipient", "age1a\nage1b"}, "not an age public key"},
		{"post-quantum beside classic key", "", []string{"--recipient", mustX25519(t), "--recipient", mustHybrid(t)}, "--recipient"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(dir, "refused.age")
			code, _, se := runCmdStdin(t, env, c.stdin, append([]string{"backup", out}, c.args...)...)
			if code == 0 || !strings.Contains(se, c.want) || strings.Count(strings.TrimSpace(se), "\n") != 0 {
				t.Fatalf("got %d %q, want an error with %q", code, se, c.want)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("a refused backup wrote %s", out)
			}
		})
	}

	t.Run("never over an existing file", func(t *testing.T) {
		out := filepath.Join(dir, "existing.age")
		if err := os.WriteFile(out, []byte("keep me"), 0o600); err != nil {
			t.Fatal(err)
		}
		code, _, se := runCmdStdin(t, env, "a passphrase for backups\n", "backup", out, "--passphrase-file", "-")
		if code == 0 || !strings.Contains(se, "already exists") {
			t.Fatalf("got %d %q", code, se)
		}
		if b, _ := os.ReadFile(out); string(b) != "keep me" {
			t.Errorf("the existing file was changed: %q", b)
		}
	})
	noLeftovers()

	code, so, _ := runCmd(t, nil, "backup", "--help")
	if code != 0 || !strings.Contains(so, "--passphrase-file") || !strings.Contains(so, "--recipient") || !strings.Contains(so, "0600") {
		t.Errorf("backup --help: %d %q", code, so)
	}
}

func mustX25519(t *testing.T) string {
	id, err := age.GenerateX25519Identity()
	if err != nil {
		t.Fatal(err)
	}
	return id.Recipient().String()
}

func mustHybrid(t *testing.T) string {
	id, err := age.GenerateHybridIdentity()
	if err != nil {
		t.Fatal(err)
	}
	return id.Recipient().String()
}
