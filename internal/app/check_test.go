package app

import (
	"bytes"
	"context"
	"crypto/tls"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"spdc/internal/config"
	"spdc/internal/mail/mailtest"
	"spdc/internal/secret"
	"spdc/internal/store"
)

// newTestChecker is the checker of `spdc check` on env, trusting clientTLS
// for SMTP and resolving every name to addrs.
func newTestChecker(t *testing.T, env map[string]string, clientTLS *tls.Config, addrs ...string) (*checker, *bytes.Buffer) {
	t.Helper()
	cfg, err := config.Load("check", nil, func(k string) string { return env[k] }, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	out := &bytes.Buffer{}
	return &checker{cfg: cfg, getenv: func(k string) string { return env[k] }, out: out, now: time.Now,
		lookupHost:     func(context.Context, string) ([]string, error) { return addrs, nil },
		interfaceAddrs: net.InterfaceAddrs, smtpTLS: clientTLS}, out
}

func TestCheckGoodSetup(t *testing.T) {
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if _, _, err := secret.LoadOrCreateFile(filepath.Join(dir, secret.FileName)); err != nil {
		t.Fatal(err)
	}
	backups := t.TempDir()
	if err := os.WriteFile(filepath.Join(backups, "spdc-2026.db.age"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	serverTLS, clientTLS := mailtest.SelfSigned(t)
	smtpSrv := mailtest.Start(t, mailtest.Options{User: "site", Password: "s3cret-pass", TLS: serverTLS})
	env := map[string]string{
		"SPDC_DATA_DIR":   dir,
		"SPDC_PUBLIC_URL": "https://spdc.example.org",
		"SPDC_DOMAIN":     "spdc.example.org",
		"SMTP_URL":        "smtp://site:s3cret-pass@127.0.0.1:" + smtpSrv.Port(),
		"SPDC_BACKUP_DIR": backups,
		// Any age recipient: spdc check reads the backups, never writes one.
		"SPDC_BACKUP_RECIPIENTS": "age163zdnaafvwt8le0dmqzz84t5eces0a4t8h62p90z3yszyp9ztugqaz0m7m",
	}
	c, out := newTestChecker(t, env, clientTLS, "127.0.0.1")
	err := c.run(context.Background())
	t.Logf("spdc check on a good setup:\n%s", out.String())
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	want := []string{"✓ data directory", "✓ data key", "✓ public URL https://spdc.example.org is HTTPS",
		"✓ mail: 127.0.0.1:" + smtpSrv.Port() + " answers with STARTTLS, login accepted (no mail sent)",
		"✓ domain spdc.example.org resolves to this machine (127.0.0.1)", "✓ backups: the newest in", "everything checked is ready"}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), out.String())
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %d: %q, want it to start with %q", i, lines[i], w)
		}
	}
	if smtpSrv.Count() != 0 {
		t.Fatal("the check sent mail")
	}
}

func TestCheckBrokenSetup(t *testing.T) {
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	backups := t.TempDir()
	old := filepath.Join(backups, "spdc-old.db.age")
	if err := os.WriteFile(old, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	week := time.Now().Add(-7 * 24 * time.Hour)
	if err := os.Chtimes(old, week, week); err != nil {
		t.Fatal(err)
	}
	serverTLS, clientTLS := mailtest.SelfSigned(t)
	smtpSrv := mailtest.Start(t, mailtest.Options{User: "site", Password: "s3cret-pass", TLS: serverTLS})
	env := map[string]string{
		"SPDC_DATA_DIR":           dir,
		"SPDC_PUBLIC_URL":         "http://127.0.0.1:8080",
		"SMTP_URL":                "smtp://site:wrong-password@127.0.0.1:" + smtpSrv.Port(),
		"SPDC_BACKUP_DIR":         backups,
		"SPDC_BACKUP_UNENCRYPTED": "1",
	}
	c, out := newTestChecker(t, env, clientTLS, "192.0.2.10")
	c.cfg.Domains = []string{"spdc.example.org"} // as with SPDC_DOMAIN, which the configuration refuses with this public URL
	err := c.run(context.Background())
	t.Logf("spdc check on a broken setup:\n%s", out.String())
	if err == nil || !strings.Contains(err.Error(), "6 check(s) failed") {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for _, w := range []string{
		"✗ data directory " + dir + " is open to other users (0755); run: chmod 700",
		"✗ data key: no key file",
		"✗ public URL http://127.0.0.1:8080 is not HTTPS",
		"✗ mail: 127.0.0.1:" + smtpSrv.Port() + ": login as site refused",
		"✗ domain spdc.example.org resolves to 192.0.2.10, not to this machine",
		"✗ backups: the newest backup in " + backups + ", spdc-old.db.age, is 168h0m0s old",
	} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("missing %q in:\n%s", w, out.String())
		}
	}

	// The mail server down, and no backup directory.
	smtpSrv.Stop()
	delete(env, "SPDC_BACKUP_DIR")
	c, out = newTestChecker(t, env, clientTLS)
	_ = c.run(context.Background())
	for _, w := range []string{"✗ mail: 127.0.0.1:" + smtpSrv.Port() + ": cannot connect", "✗ backups: SPDC_BACKUP_DIR is unset", "– domain: SPDC_DOMAIN is unset"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("missing %q in:\n%s", w, out.String())
		}
	}
}

// The command itself: exit code 1 and the ✗ lines on stdout; a refused
// configuration is one ✗ line naming its variable.
func TestCheckCommand(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCmd(t, map[string]string{"SPDC_DATA_DIR": dir}, "check")
	if code != 1 || !strings.Contains(out, "✗ mail: SMTP_URL is unset, so mail is written to files in "+filepath.Join(dir, "mail")) ||
		!strings.Contains(out, "✗ public URL http://127.0.0.1:8080 is not HTTPS") || !strings.Contains(errOut, "check(s) failed") {
		t.Fatalf("%d\n%s\n%s", code, out, errOut)
	}
	code, out, _ = runCmd(t, map[string]string{"SPDC_DATA_DIR": dir, "SPDC_ADDR": "0.0.0.0:" + strconv.Itoa(8080)}, "check")
	if code != 1 || !strings.HasPrefix(out, "✗ configuration: config: SPDC_PUBLIC_URL") || strings.Count(out, "\n") != 1 {
		t.Fatalf("%d %q", code, out)
	}
}

// An upgrade of a SQLite database copies it before its migrations run; a
// fresh database or one with nothing to apply is not copied.
func TestBackupBeforeMigrate(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"SPDC_DATA_DIR": dir}
	code, out, errOut := runCmd(t, env, "migrate")
	if code != 0 || strings.Contains(out, "backup") {
		t.Fatalf("fresh: %d %q %q", code, out, errOut)
	}
	cfg, err := config.Load("migrate", nil, func(k string) string { return env[k] }, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(context.Background(), cfg.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if saved, err := backupBeforeMigrate(context.Background(), cfg, st); err != nil || saved != "" {
		t.Fatalf("nothing pending: %q %v", saved, err)
	}
	// As if the binary were newer than the database by its last migration.
	var last int
	if err := st.InTx(context.Background(), func(tx *store.Tx) error {
		if err := tx.QueryRowContext(context.Background(), `SELECT MAX(version) FROM schema_migrations`).Scan(&last); err != nil {
			return err
		}
		_, err := tx.ExecContext(context.Background(), `DELETE FROM schema_migrations WHERE version = ?`, last)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	saved, err := backupBeforeMigrate(context.Background(), cfg, st)
	if err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(saved)
	if err != nil || info.Mode().Perm() != 0o600 || filepath.Dir(saved) != filepath.Join(dir, "backups") ||
		!strings.HasPrefix(filepath.Base(saved), "pre-migrate-") {
		t.Fatalf("%s: %v %v", saved, info, err)
	}
	copyStore, err := store.Open(context.Background(), "sqlite://"+saved)
	if err != nil {
		t.Fatal(err)
	}
	defer copyStore.Close()
	current, pending, err := copyStore.PendingMigrations(context.Background())
	if err != nil || pending != 1 || current >= last {
		t.Fatalf("the copy: version %d, %d pending, %v", current, pending, err)
	}
}
