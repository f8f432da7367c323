package app

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"spdc/internal/auth"
	"spdc/internal/secret"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// adminCLI runs the program's commands with its data in dataDir, stdin as
// their input, and returns their exit code, output and errors.
func adminCLI(dataDir string) func(stdin string, args ...string) (int, string, string) {
	getenv := func(k string) string {
		if k == "SPDC_DATA_DIR" {
			return dataDir
		}
		return ""
	}
	return func(stdin string, args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := Run(context.Background(), args, getenv, strings.NewReader(stdin), &out, &errb)
		return code, out.String(), errb.String()
	}
}

func TestAdminCommands(t *testing.T) {
	dataDir := t.TempDir()
	run := adminCLI(dataDir)

	if code, out, _ := run("", "admin", "--help"); code != 0 || !strings.Contains(out, "admin create") {
		t.Errorf("help: %d %q", code, out)
	}
	if code, _, errs := run("eleven char\n", "admin", "create", "--email", "root@example.org", "--name", "Root"); code != 1 || !strings.Contains(errs, "at least 12 characters") {
		t.Errorf("short password: %d %q", code, errs)
	}
	if code, _, errs := run("Password123456\n", "admin", "create", "--email", "root@example.org", "--name", "Root"); code != 1 || !strings.Contains(errs, "too common") {
		t.Errorf("common password: %d %q", code, errs)
	}
	if code, out, _ := run("", "admin", "create", "--help"); code != 0 || !strings.Contains(out, "at least 12 characters") {
		t.Errorf("create help: %d %q", code, out)
	}
	if code, _, errs := run("long enough pw\n", "admin", "create", "--email", "not-an-email", "--name", "Root"); code != 1 || !strings.Contains(errs, "--email") {
		t.Errorf("bad email: %d %q", code, errs)
	}
	if code, _, errs := run("long enough pw\n", "admin", "create", "--email", "root@example.org"); code != 1 || !strings.Contains(errs, "--name") {
		t.Errorf("no name: %d %q", code, errs)
	}
	code, out, errs := run("a long passphrase\n", "admin", "create", "--email", " Root@Example.org ", "--name", "Program Admin", "--mobile", "09876543210")
	if code != 0 || !strings.Contains(out, "root@example.org") {
		t.Fatalf("create: %d %q %q", code, out, errs)
	}
	if code, _, errs := run("a long passphrase\n", "admin", "create", "--email=root@example.org", "--name=Again"); code != 1 || !strings.Contains(errs, "promote") {
		t.Errorf("duplicate: %d %q", code, errs)
	}

	st := storetest.OpenURL(t, "sqlite://"+filepath.Join(dataDir, "spdc.db"))
	ctx := context.Background()
	root, err := st.UserByEmail(ctx, "root@example.org")
	if err != nil || !root.IsAdmin || root.FullName != "Program Admin" || root.Mobile != "+919876543210" {
		t.Fatalf("admin: %+v %v", root, err)
	}
	if err := auth.Default().Verify(root.PasswordHash, "a long passphrase"); err != nil {
		t.Errorf("password: %v", err)
	}

	if err := st.CreateUser(ctx, &store.User{FullName: "Helper", Email: "helper@example.org", PasswordHash: "x"}); err != nil {
		t.Fatal(err)
	}
	helper, err := st.UserByEmail(ctx, "helper@example.org")
	if err != nil {
		t.Fatal(err)
	}
	if err := st.CreateSession(ctx, "helper-session-hash", helper.ID, st.Now().Add(30*24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := run("", "admin", "promote", "nobody@example.org"); code != 1 || !strings.Contains(errs, "no user") {
		t.Errorf("promote unknown: %d %q", code, errs)
	}
	if code, out, errs := run("", "admin", "promote", "--data-dir", dataDir, "HELPER@example.org"); code != 0 || !strings.Contains(out, "now an admin") {
		t.Fatalf("promote: %d %q %q", code, out, errs)
	}
	if u, _ := st.UserByEmail(ctx, "helper@example.org"); !u.IsAdmin {
		t.Error("not promoted")
	}
	// The user's session from before the promotion ends with it.
	if _, err := st.UserBySession(ctx, "helper-session-hash"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a session from before the promotion still works: %v", err)
	}
	if code, _, _ := run("", "admin", "demote", "x"); code != 1 {
		t.Errorf("unknown subcommand: %d", code)
	}
}

// TestAdminRoleFlags checks --role on admin create and promote: repeated,
// checked, admin by default, and each role given in the audit log.
func TestAdminRoleFlags(t *testing.T) {
	dataDir := t.TempDir()
	run := adminCLI(dataDir)
	if code, _, errs := run("a long passphrase\n", "admin", "create", "--email", "x@example.org", "--name", "X", "--role", "boss"); code != 1 || !strings.Contains(errs, "--role must be one of") {
		t.Fatalf("unknown role: %d %q", code, errs)
	}
	if code, out, errs := run("a long passphrase\n", "admin", "create", "--email", "root@example.org", "--name", "Root"); code != 0 || !strings.Contains(out, "admin root@example.org created") {
		t.Fatalf("default admin: %d %q %q", code, out, errs)
	}
	if code, out, errs := run("a long passphrase\n", "admin", "create", "--email", "acc@example.org", "--name", "Acc", "--role", "accountant", "--role=Editor"); code != 0 || !strings.Contains(out, "accountant and editor") {
		t.Fatalf("create with roles: %d %q %q", code, out, errs)
	}
	st := storetest.OpenURL(t, "sqlite://"+filepath.Join(dataDir, "spdc.db"))
	ctx := context.Background()
	role := func(email string) []string {
		u, err := st.UserByEmail(ctx, email)
		if err != nil {
			t.Fatal(err)
		}
		got, err := st.UserRoles(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	if got := role("root@example.org"); strings.Join(got, ",") != "admin" {
		t.Fatalf("root: %v", got)
	}
	if got := role("acc@example.org"); strings.Join(got, ",") != "accountant,editor" {
		t.Fatalf("acc: %v", got)
	}
	if u, _ := st.UserByEmail(ctx, "acc@example.org"); u.IsAdmin {
		t.Fatal("an accountant is an admin")
	}
	// promote adds to what the person holds.
	if code, out, errs := run("", "admin", "promote", "acc@example.org", "--role", "trustee"); code != 0 || !strings.Contains(out, "trustee") {
		t.Fatalf("promote: %d %q %q", code, out, errs)
	}
	if got := role("acc@example.org"); strings.Join(got, ",") != "accountant,editor,trustee" {
		t.Fatalf("after promote: %v", got)
	}
	if code, _, errs := run("", "admin", "promote", "nobody@example.org", "--role", "editor"); code != 1 || !strings.Contains(errs, "no user") {
		t.Fatalf("promote unknown: %d %q", code, errs)
	}
	if code, _, errs := run("", "admin", "promote", "acc@example.org", "--role", "chief"); code != 1 || !strings.Contains(errs, "--role") {
		t.Fatalf("promote unknown role: %d %q", code, errs)
	}
	var n int
	_ = st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM audit_log WHERE action = 'roles' AND actor_id = 'cli'`).Scan(&n)
	if n != 2 {
		t.Fatalf("audit entries of the CLI's roles: %d", n)
	}
}

// TestAdminResetTwoStep checks `spdc admin reset-2fa EMAIL` on each
// database: the person's two-step sign-in (secret, recovery codes, a
// sign-in waiting for its code) and sessions are gone, the audit log
// names the command line, the person is mailed in their language, and
// two-step sign-in stays required on the site.
func TestAdminResetTwoStep(t *testing.T) {
	for _, b := range storetest.Backends(t) {
		t.Run(b.Name, func(t *testing.T) {
			dataDir := t.TempDir()
			_, keyText, err := secret.Generate()
			if err != nil {
				t.Fatal(err)
			}
			env := map[string]string{"SPDC_DATA_DIR": dataDir, "DATABASE_URL": b.URL, "SPDC_DATA_KEY": keyText}
			run := func(args ...string) (int, string, string) {
				var out, errb bytes.Buffer
				code := Run(context.Background(), args, func(k string) string { return env[k] }, strings.NewReader(""), &out, &errb)
				return code, out.String(), errb.String()
			}
			st := storetest.OpenURL(t, b.URL)
			ctx := context.Background()
			u := &store.User{FullName: "Lalita Sharma", Email: "lalita@example.org", PasswordHash: "argon2id$x", IsAdmin: true, Language: "hi"}
			if err := st.CreateUser(ctx, u); err != nil {
				t.Fatal(err)
			}
			if err := st.BeginTwoStep(ctx, u.ID, "v1:sealed"); err != nil {
				t.Fatal(err)
			}
			if err := st.ConfirmTwoStep(ctx, u.ID, 1000, []string{"h1", "h2"}, store.Actor{ID: u.ID, Email: u.Email}); err != nil {
				t.Fatal(err)
			}
			if err := st.CreateTwoStepChallenge(ctx, "challenge-hash", u.ID, time.Now().Add(time.Hour)); err != nil {
				t.Fatal(err)
			}
			if err := st.CreateSession(ctx, "session-hash", u.ID, time.Now().Add(time.Hour)); err != nil {
				t.Fatal(err)
			}
			count := func(q string) int {
				var n int
				if err := st.Reader().QueryRowContext(ctx, q, u.ID).Scan(&n); err != nil {
					t.Fatal(err)
				}
				return n
			}

			if code, _, errs := run("admin", "reset-2fa", "nobody@example.org"); code != 1 || !strings.Contains(errs, "no user") {
				t.Fatalf("unknown: %d %q", code, errs)
			}
			if code, _, errs := run("admin", "reset-2fa"); code != 1 || !strings.Contains(errs, "EMAIL") {
				t.Fatalf("no email: %d %q", code, errs)
			}
			code, out, errs := run("admin", "reset-2fa", "Lalita@Example.org")
			if code != 0 || !strings.Contains(out, "cleared") {
				t.Fatalf("reset: %d %q %q", code, out, errs)
			}
			for _, q := range []string{`SELECT COUNT(*) FROM two_step WHERE user_id = ?`, `SELECT COUNT(*) FROM two_step_recovery WHERE user_id = ?`,
				`SELECT COUNT(*) FROM two_step_challenges WHERE user_id = ?`, `SELECT COUNT(*) FROM sessions WHERE user_id = ?`} {
				if n := count(q); n != 0 {
					t.Errorf("%s: %d left", q, n)
				}
			}
			if n := count(`SELECT COUNT(*) FROM audit_log WHERE entity_id = ? AND action = 'two-step-reset' AND actor_id = 'cli'`); n != 1 {
				t.Errorf("audit entries: %d", n)
			}
			var kind, subject string
			if err := st.Reader().QueryRowContext(ctx, `SELECT kind, subject FROM outbox WHERE to_addr = ?`, u.Email).Scan(&kind, &subject); err != nil {
				t.Fatalf("mail: %v", err)
			}
			if kind != "two_step" || !strings.Contains(subject, "दो-चरण साइन इन") {
				t.Errorf("mail: %s %q", kind, subject)
			}
			required, on, err := st.TwoStepGate(ctx, u.ID)
			if err != nil || !required || on {
				t.Errorf("after reset: required %v, on %v, %v", required, on, err)
			}
			// Again: nothing to clear, nothing mailed.
			if code, out, _ := run("admin", "reset-2fa", "lalita@example.org"); code != 0 || !strings.Contains(out, "nothing was changed") {
				t.Errorf("second reset: %d %q", code, out)
			}
			if n := count(`SELECT COUNT(*) FROM outbox WHERE to_addr = (SELECT email FROM users WHERE id = ?)`); n != 1 {
				t.Errorf("mails after two resets: %d", n)
			}
		})
	}
}
