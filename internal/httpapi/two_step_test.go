package httpapi

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"spdc/internal/auth"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

const twoStepPassword = "a long admin passphrase"

// givePassword sets a real password on a seeded account, so it can sign
// in through the API.
func givePassword(t *testing.T, st *store.Store, id string) {
	t.Helper()
	hash, err := auth.Default().Hash(twoStepPassword)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Writer().ExecContext(context.Background(), `UPDATE users SET password_hash = ? WHERE id = ?`, hash, id); err != nil {
		t.Fatal(err)
	}
}

// codeAt is what an authenticator app holding secret shows at t.
func codeAt(t testing.TB, secret string, at time.Time) string {
	t.Helper()
	c, err := totp.GenerateCodeCustom(secret, at, totp.ValidateOpts{Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// enrol sets up two-step sign-in for the session token's person and
// returns the app's secret and the recovery codes.
func (e *env) enrol(token string) (secret string, recovery []string) {
	e.t.Helper()
	r := e.call("POST", "/api/users/me/two-step/setup", map[string]any{}, token)
	if r.Status != 200 {
		e.t.Fatalf("setup: %d %s", r.Status, r.Raw)
	}
	secret, _ = r.Body["secret"].(string)
	r = e.call("POST", "/api/users/me/two-step/confirm", map[string]any{"code": codeAt(e.t, secret, e.clock)}, token)
	if r.Status != 200 {
		e.t.Fatalf("confirm: %d %s", r.Status, r.Raw)
	}
	for _, c := range r.Body["recoveryCodes"].([]any) {
		recovery = append(recovery, c.(string))
	}
	return secret, recovery
}

// passwordStep signs in with the password and returns the challenge of
// the second step.
func (e *env) passwordStep(email string) string {
	e.t.Helper()
	r := e.call("POST", "/api/users/login", map[string]any{"identifier": email, "password": twoStepPassword}, "")
	if r.Status != 200 || r.Body["twoStep"] != true || r.Body["token"] != nil || r.Body["user"] != nil {
		e.t.Fatalf("password step: %d %s", r.Status, r.Raw)
	}
	c, _ := r.Body["challenge"].(string)
	return c
}

// TestTwoStepEnrolAndSignIn: a member of staff sets up two-step sign-in
// (the secret is kept sealed, a first code proves it, ten recovery codes
// are shown once); signing in then answers a challenge and no session;
// the code finishes it once, a replayed code and a reused challenge are
// refused; a recovery code works once; turning it off needs a current
// code and mails the person.
func TestTwoStepEnrolAndSignIn(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withStaffRoles())
		adminID, adminTok := e.ids["admin"], e.tokens["admin"]
		givePassword(t, st, adminID)

		// The setup's answers to bad input change nothing.
		if r := e.call("POST", "/api/users/me/two-step/confirm", map[string]any{"code": "123456"}, adminTok); r.Status != 409 {
			t.Fatalf("confirm before setup: %d %s", r.Status, r.Raw)
		}
		r := e.call("POST", "/api/users/me/two-step/setup", map[string]any{}, adminTok)
		if r.Status != 200 {
			t.Fatalf("setup: %d %s", r.Status, r.Raw)
		}
		secret, _ := r.Body["secret"].(string)
		if url, _ := r.Body["otpauthUrl"].(string); !strings.HasPrefix(url, "otpauth://totp/SPDC:admin@example.org?") || !strings.Contains(url, "secret="+secret) {
			t.Errorf("otpauth link: %q", url)
		}
		var sealed string
		if err := st.Reader().QueryRowContext(t.Context(), `SELECT secret FROM two_step WHERE user_id = ?`, adminID).Scan(&sealed); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(sealed, "v1:") || strings.Contains(sealed, secret) {
			t.Errorf("secret kept readable: %q", sealed)
		}
		for _, bad := range []any{"12ab", "", "1234567", 123456} {
			r := e.call("POST", "/api/users/me/two-step/confirm", map[string]any{"code": bad}, adminTok)
			if r.Status != 400 || r.fieldErrors()["code"] == nil {
				t.Errorf("confirm %v: %d %s", bad, r.Status, r.Raw)
			}
		}
		wrong := codeAt(t, secret, e.clock.Add(-10*time.Minute))
		if r := e.call("POST", "/api/users/me/two-step/confirm", map[string]any{"code": wrong}, adminTok); r.Status != 400 || r.fieldErrors()["code"] == nil {
			t.Fatalf("wrong first code: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/users/me/two-step", nil, adminTok); r.Status != 200 || r.Body["enabled"] != false {
			t.Fatalf("on after a wrong code: %s", r.Raw)
		}
		first := codeAt(t, secret, e.clock)
		r = e.call("POST", "/api/users/me/two-step/confirm", map[string]any{"code": first[:3] + " " + first[3:]}, adminTok)
		if r.Status != 200 {
			t.Fatalf("confirm: %d %s", r.Status, r.Raw)
		}
		var recovery []string
		for _, c := range r.Body["recoveryCodes"].([]any) {
			recovery = append(recovery, c.(string))
		}
		shape := regexp.MustCompile(`^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$`)
		if len(recovery) != 10 || len(slices.Compact(slices.Sorted(slices.Values(recovery)))) != 10 {
			t.Fatalf("recovery codes: %v", recovery)
		}
		for _, c := range recovery {
			if !shape.MatchString(c) {
				t.Errorf("recovery code %q", c)
			}
			if n := countWhere(t, st, `SELECT COUNT(*) FROM two_step_recovery WHERE code_hash = ?`, strings.ReplaceAll(c, "-", "")); n != 0 {
				t.Errorf("recovery code kept readable")
			}
		}
		if r := e.call("POST", "/api/users/me/two-step/setup", map[string]any{}, adminTok); r.Status != 409 {
			t.Errorf("second setup: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/users/me/two-step", nil, adminTok); r.Body["enabled"] != true || r.Body["recoveryCodesLeft"] != 10.0 || r.Body["required"] != false {
			t.Errorf("status: %s", r.Raw)
		}
		if n := countWhere(t, st, `SELECT COUNT(*) FROM audit_log WHERE action = ? AND entity_id = ?`, store.AuditTwoStepOn, adminID); n != 1 {
			t.Errorf("audit of the setup: %d", n)
		}

		// The password alone opens no session.
		sessions := e.count("sessions")
		challenge := e.passwordStep("admin@example.org")
		if e.count("sessions") != sessions {
			t.Fatal("the password alone made a session")
		}
		// The code that confirmed the setup does not sign in (same step).
		if r := e.call("POST", "/api/users/login/two-step", map[string]any{"challenge": challenge, "code": first}, ""); r.Status != 401 || r.fieldErrors()["code"] == nil {
			t.Fatalf("replayed code: %d %s", r.Status, r.Raw)
		}
		for _, bad := range []map[string]any{{"challenge": challenge}, {"challenge": challenge, "code": "12-34"}, {"code": "123456"}, {"challenge": "x", "code": "123456"}} {
			if r := e.call("POST", "/api/users/login/two-step", bad, ""); r.Status != 400 {
				t.Errorf("second step %v: %d %s", bad, r.Status, r.Raw)
			}
		}
		e.clock = e.clock.Add(30 * time.Second)
		code := codeAt(t, secret, e.clock)
		r = e.call("POST", "/api/users/login/two-step", map[string]any{"challenge": challenge, "code": code}, "")
		tok, _ := r.Body["token"].(string)
		if r.Status != 200 || tok == "" {
			t.Fatalf("second step: %d %s", r.Status, r.Raw)
		}
		if u, _ := r.Body["user"].(map[string]any); u["email"] != "admin@example.org" || u["isAdmin"] != true {
			t.Errorf("user: %v", u)
		}
		if r := e.call("GET", "/api/admin/tabs", nil, tok); r.Status != 200 {
			t.Errorf("dashboard after two steps: %d", r.Status)
		}
		// The challenge works once; the code too, with a fresh challenge.
		if r := e.call("POST", "/api/users/login/two-step", map[string]any{"challenge": challenge, "code": code}, ""); r.Status != 401 || r.fieldErrors()["challenge"] == nil {
			t.Errorf("challenge reused: %d %s", r.Status, r.Raw)
		}
		challenge = e.passwordStep("admin@example.org")
		if r := e.call("POST", "/api/users/login/two-step", map[string]any{"challenge": challenge, "code": code}, ""); r.Status != 401 {
			t.Errorf("code reused: %d %s", r.Status, r.Raw)
		}
		// A recovery code, typed loosely, works once.
		loose := strings.ToLower(strings.ReplaceAll(recovery[3], "-", " "))
		if r := e.call("POST", "/api/users/login/two-step", map[string]any{"challenge": challenge, "code": loose}, ""); r.Status != 200 || r.Body["token"] == nil {
			t.Fatalf("recovery code: %d %s", r.Status, r.Raw)
		}
		challenge = e.passwordStep("admin@example.org")
		if r := e.call("POST", "/api/users/login/two-step", map[string]any{"challenge": challenge, "code": recovery[3]}, ""); r.Status != 401 {
			t.Errorf("recovery code reused: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/users/me/two-step", nil, adminTok); r.Body["recoveryCodesLeft"] != 9.0 {
			t.Errorf("left after one: %s", r.Raw)
		}

		// New recovery codes, with a current code: the old ones end.
		e.clock = e.clock.Add(30 * time.Second)
		r = e.call("POST", "/api/users/me/two-step/recovery-codes", map[string]any{"code": codeAt(t, secret, e.clock)}, adminTok)
		if r.Status != 200 || len(r.Body["recoveryCodes"].([]any)) != 10 {
			t.Fatalf("new recovery codes: %d %s", r.Status, r.Raw)
		}
		fresh := r.Body["recoveryCodes"].([]any)[0].(string)
		if r := e.call("POST", "/api/users/login/two-step", map[string]any{"challenge": challenge, "code": recovery[4]}, ""); r.Status != 401 {
			t.Errorf("old recovery code after new ones: %d %s", r.Status, r.Raw)
		}

		// Turning it off needs a right current code, and is mailed.
		if r := e.call("POST", "/api/users/me/two-step/disable", map[string]any{"code": recovery[5]}, adminTok); r.Status != 400 || r.fieldErrors()["code"] == nil {
			t.Fatalf("off with an old code: %d %s", r.Status, r.Raw)
		}
		if r := e.call("POST", "/api/users/me/two-step/disable", map[string]any{}, adminTok); r.Status != 400 {
			t.Fatalf("off without a code: %d %s", r.Status, r.Raw)
		}
		if r := e.call("POST", "/api/users/me/two-step/disable", map[string]any{"code": fresh}, adminTok); r.Status != 200 {
			t.Fatalf("off: %d %s", r.Status, r.Raw)
		}
		if n := countWhere(t, st, `SELECT COUNT(*) FROM two_step_recovery WHERE user_id = ?`, adminID); n != 0 || e.count("two_step") != 0 {
			t.Errorf("left after off: %d recovery codes", n)
		}
		if m := e.mails("admin@example.org"); len(m) == 0 || m[len(m)-1].Kind != "two_step" {
			t.Errorf("mail of off: %v", m)
		}
		if r := e.call("POST", "/api/users/login", map[string]any{"identifier": "admin@example.org", "password": twoStepPassword}, ""); r.Status != 200 || r.Body["token"] == nil {
			t.Errorf("sign-in after off: %d %s", r.Status, r.Raw)
		}
	})
}

func countWhere(t *testing.T, st *store.Store, q string, args ...any) int {
	t.Helper()
	var n int
	if err := st.Reader().QueryRowContext(context.Background(), q, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestTwoStepRequiredForAdminAndAccountant: once anyone on the staff has
// set up two-step sign-in, an admin or accountant without it reaches no
// /api/admin route (403 with the code the web app turns into a link to
// set it up) but can still set it up; the other roles are not held to
// it; and it stays required when the only one who had it turns it off.
func TestTwoStepRequiredForAdminAndAccountant(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withStaffRoles())
		if r := e.call("GET", "/api/admin/donations", nil, e.tokens["accountant"]); r.Status != 200 {
			t.Fatalf("before anyone set it up: %d %s", r.Status, r.Raw)
		}
		// A coordinator is the first to set it up.
		secret, _ := e.enrol(e.tokens["coordinator"])
		for _, role := range []string{"admin", "accountant"} {
			r := e.call("GET", "/api/admin/tabs", nil, e.tokens[role])
			if r.Status != 403 || r.Body["code"] != "two_step_required" || r.message() != msgTwoStepNeeded.En() {
				t.Errorf("%s without two-step: %d %s", role, r.Status, r.Raw)
			}
			if r := e.call("GET", "/api/users/me/two-step", nil, e.tokens[role]); r.Status != 200 || r.Body["required"] != true {
				t.Errorf("%s status: %s", role, r.Raw)
			}
		}
		if r := e.call("PUT", "/api/admin/staff/"+e.ids["editor"]+"/roles", map[string]any{"roles": []string{"admin"}, "__v": 0}, e.tokens["admin"]); r.Status != 403 {
			t.Errorf("admin write without two-step: %d", r.Status)
		}
		for _, role := range []string{"coordinator", "editor", "trustee"} {
			if r := e.call("GET", "/api/admin/tabs", nil, e.tokens[role]); r.Status != 200 {
				t.Errorf("%s is not held to two-step: %d %s", role, r.Status, r.Raw)
			}
		}
		// The accountant sets it up from My Account and is let through.
		e.enrol(e.tokens["accountant"])
		if r := e.call("GET", "/api/admin/donations", nil, e.tokens["accountant"]); r.Status != 200 {
			t.Errorf("accountant after setting it up: %d %s", r.Status, r.Raw)
		}
		// The coordinator turns theirs off: still required for the admin.
		e.clock = e.clock.Add(30 * time.Second)
		if r := e.call("POST", "/api/users/me/two-step/disable", map[string]any{"code": codeAt(t, secret, e.clock)}, e.tokens["coordinator"]); r.Status != 200 {
			t.Fatalf("off: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/admin/tabs", nil, e.tokens["admin"]); r.Status != 403 || r.Body["code"] != "two_step_required" {
			t.Errorf("admin after the coordinator's off: %d %s", r.Status, r.Raw)
		}
		// A person without a role sets nothing up.
		if r := e.call("POST", "/api/users/me/two-step/setup", map[string]any{}, e.tokens[""]); r.Status != 403 {
			t.Errorf("setup without a role: %d", r.Status)
		}
	})
}

// TestTwoStepThrottledLikePasswords: wrong codes count where wrong
// passwords do; the fifth wrong code ends the challenge, and the same
// client then waits before its next password.
func TestTwoStepThrottledLikePasswords(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withStaffRoles())
		givePassword(t, st, e.ids["accountant"])
		secret, _ := e.enrol(e.tokens["accountant"])
		e.clock = e.clock.Add(time.Minute)
		challenge := e.passwordStep("accountant@example.org")
		wrong := codeAt(t, secret, e.clock.Add(-time.Hour))
		for i := range 5 {
			if r := e.call("POST", "/api/users/login/two-step", map[string]any{"challenge": challenge, "code": wrong}, ""); r.Status != 401 {
				t.Fatalf("wrong code %d: %d %s", i, r.Status, r.Raw)
			}
		}
		// The challenge has ended: even the right code is refused.
		if r := e.call("POST", "/api/users/login/two-step", map[string]any{"challenge": challenge, "code": codeAt(t, secret, e.clock)}, ""); r.Status != 401 || r.fieldErrors()["challenge"] == nil {
			t.Errorf("after five wrong codes: %d %s", r.Status, r.Raw)
		}
		if r := e.call("POST", "/api/users/login", map[string]any{"identifier": "accountant@example.org", "password": twoStepPassword}, ""); r.Status != 429 || r.Header.Get("Retry-After") == "" {
			t.Errorf("password after five wrong codes: %d %s", r.Status, r.Raw)
		}
		// From another connection the owner still signs in.
		e.ip = "198.51.100.7"
		challenge = e.passwordStep("accountant@example.org")
		if r := e.call("POST", "/api/users/login/two-step", map[string]any{"challenge": challenge, "code": codeAt(t, secret, e.clock)}, ""); r.Status != 200 {
			t.Errorf("owner elsewhere: %d %s", r.Status, r.Raw)
		}
	})
}

// TestLoginAnswerWithoutTwoStep: an account without two-step sign-in
// gets the same sign-in answer as before, {token, user} and nothing else.
func TestLoginAnswerWithoutTwoStep(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withStaffRoles())
		e.enrol(e.tokens["coordinator"])
		e.registerAndLogin("Radha Devi", "radha@example.org", "a good long password")
		r := e.call("POST", "/api/users/login", map[string]any{"identifier": "radha@example.org", "password": "a good long password"}, "")
		keys := make([]string, 0, len(r.Body))
		for k := range r.Body {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		if r.Status != 200 || !slices.Equal(keys, []string{"token", "user"}) {
			t.Errorf("sign-in answer: %d %v", r.Status, keys)
		}
	})
}
