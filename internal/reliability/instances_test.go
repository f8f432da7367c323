package reliability

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestTwoInstancesOnOnePostgres runs two spdc processes on one PostgreSQL
// database, as behind a load balancer: a session made on one works on the
// other and logging out on either ends it, the login throttle counts
// failures from both, and every outbox message is delivered exactly once
// between them (each instance writes .eml files to its own data dir).
func TestTwoInstancesOnOnePostgres(t *testing.T) {
	base := pgBase(t)
	dbURL := storetestSchema(t, base)
	dirA, dirB := t.TempDir(), t.TempDir()
	a := startSpdc(t, dbURL, dirA, "SPDC_ADMIN_NOTIFY=office@example.org")
	b := startSpdc(t, dbURL, dirB, "SPDC_ADMIN_NOTIFY=office@example.org")
	a.ready(t, 20*time.Second)
	b.ready(t, 20*time.Second)
	c := newClient(10 * time.Second)

	t.Run("session made on one works on the other", func(t *testing.T) {
		tok := registerAndLogin(t, c, a.Base, "two@example.org", "+919876500001", "a long enough passphrase")
		if r := mustCall(t, c, "GET", b.Base+"/api/users/me", nil, tok); r.Status != 200 || r.JSON["email"] != "two@example.org" {
			t.Fatalf("me on B with A's session: %d %s", r.Status, r.Body)
		}
		if r := mustCall(t, c, "POST", b.Base+"/api/users/logout", nil, tok); r.Status != 200 {
			t.Fatalf("logout on B: %d %s", r.Status, r.Body)
		}
		if r := mustCall(t, c, "GET", a.Base+"/api/users/me", nil, tok); r.Status != 401 {
			t.Fatalf("me on A after logout on B: %d %s", r.Status, r.Body)
		}
	})

	t.Run("login throttling is shared", func(t *testing.T) {
		const pw = "another long passphrase"
		r := mustCall(t, c, "POST", a.Base+"/api/users/register", map[string]any{
			"fullName": "Throttle Tester", "email": "throttle@example.org", "mobile": "+919876500002", "password": pw}, "")
		if r.Status != 201 {
			t.Fatalf("register: %d %s", r.Status, r.Body)
		}
		// Five failures, alternating between the instances.
		for i := 0; i < 5; i++ {
			base := []string{a.Base, b.Base}[i%2]
			r := mustCall(t, c, "POST", base+"/api/users/login", map[string]any{"identifier": "throttle@example.org", "password": "wrong password " + fmt.Sprint(i)}, "")
			if r.Status != 401 {
				t.Fatalf("failure %d: %d %s", i+1, r.Status, r.Body)
			}
		}
		// Both instances now refuse, even the right password.
		for _, base := range []string{a.Base, b.Base} {
			r := mustCall(t, c, "POST", base+"/api/users/login", map[string]any{"identifier": "throttle@example.org", "password": pw}, "")
			if r.Status != 429 || r.Header.Get("Retry-After") == "" {
				t.Fatalf("%s after 5 failures across instances: %d %v %s", base, r.Status, r.Header, r.Body)
			}
		}
	})

	t.Run("each outbox message is delivered once", func(t *testing.T) {
		// Submissions on both instances: each enqueues an acknowledgement
		// and an admin copy, and both workers compete for them.
		var wg sync.WaitGroup
		for w := 0; w < 4; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c := newClient(10 * time.Second)
				for i := 0; i < 10; i++ {
					base := []string{a.Base, b.Base}[(w+i)%2]
					r, err := call(c, "POST", base+"/api/volunteers/register", volunteer(fmt.Sprintf("twice-%d-%d", w, i)), "")
					if err != nil || r.Status != 201 {
						t.Errorf("submission: %v %d %s", err, r.Status, r.Body)
					}
				}
			}()
		}
		wg.Wait()
		st := openStore(t, dbURL)
		ctx := context.Background()
		var total, pending int
		if !waitFor(40*time.Second, func() bool {
			_ = st.Reader().QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN status <> 'sent' THEN 1 ELSE 0 END), 0) FROM outbox`).Scan(&total, &pending)
			return total > 0 && pending == 0
		}) {
			t.Fatalf("outbox not drained: %d of %d messages not sent\nA: %s\nB: %s", pending, total, tail(a.logs.String(), 1500), tail(b.logs.String(), 1500))
		}
		ids := map[string]int{}
		perDir := map[string]int{}
		for _, dir := range []string{dirA, dirB} {
			files, _ := filepath.Glob(filepath.Join(dir, "mail", "*.eml"))
			perDir[dir] = len(files)
			for _, f := range files {
				name := strings.TrimSuffix(filepath.Base(f), ".eml")
				id := name[strings.IndexByte(name, '-')+1:]
				ids[id]++
			}
		}
		rows, err := st.Reader().QueryContext(ctx, `SELECT id FROM outbox`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		rowsN := 0
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			rowsN++
			if n := ids[safeID(id)]; n != 1 {
				t.Errorf("outbox message %s delivered %d times", id, n)
			}
		}
		files := 0
		for _, n := range ids {
			files += n
		}
		if files != rowsN {
			t.Errorf("%d .eml files for %d outbox messages", files, rowsN)
		}
		t.Logf("two instances: %d outbox messages, %d .eml files (A wrote %d, B wrote %d)", rowsN, files, perDir[dirA], perDir[dirB])
		if _, err := os.Stat(filepath.Join(dirA, "mail")); err != nil && perDir[dirB] == 0 {
			t.Error("no instance wrote any mail")
		}
	})
}

// safeID is how the file sender spells an id in a file name.
func safeID(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return '_'
	}, s)
}
