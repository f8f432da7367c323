package httpapi

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

var verifyLinkRE = regexp.MustCompile(`http://test\.local/verify-email/([A-Za-z0-9_-]{43})`)

// verifyTokens delivers the outbox and returns the verification tokens
// sent to address so far, oldest first (the stored mail holds none).
func (e *env) verifyTokens(address string) []string {
	e.t.Helper()
	var out []string
	for _, m := range e.mb.To(address) {
		if l := verifyLinkRE.FindStringSubmatch(m.Text); l != nil {
			if !strings.Contains(m.HTML, "/verify-email/"+l[1]) {
				e.t.Fatalf("the HTML part lacks the link of the text part")
			}
			out = append(out, l[1])
		}
	}
	return out
}

// verifyAddress opens the newest verification link mailed to address, as
// its owner does, and fails the test unless it proves the address.
func (e *env) verifyAddress(address string) {
	e.t.Helper()
	toks := e.verifyTokens(address)
	if len(toks) == 0 {
		e.t.Fatalf("no verification mail to %s", address)
	}
	if r := e.call("POST", "/api/users/verify-email", map[string]any{"token": toks[len(toks)-1]}, ""); r.Status != 200 {
		e.t.Fatalf("verify %s: %d %s", address, r.Status, r.Raw)
	}
}

func (e *env) emailVerified(tok string) bool {
	e.t.Helper()
	r := e.call("GET", "/api/users/me", nil, tok)
	v, ok := r.Body["emailVerified"].(bool)
	if r.Status != 200 || !ok {
		e.t.Fatalf("me: %d %s", r.Status, r.Raw)
	}
	return v
}

// registerAndLogin makes an account through the API and signs in.
func (e *env) registerAndLogin(name, email, password string) string {
	e.t.Helper()
	e.registered++
	mobile := fmt.Sprintf("+91 97%03d 11%03d", e.registered, e.registered)
	if r := e.call("POST", "/api/users/register", map[string]any{"fullName": name, "email": email, "mobile": mobile, "password": password}, ""); r.Status != 201 {
		e.t.Fatalf("register %s: %d %s", email, r.Status, r.Raw)
	}
	return e.registerLoginOnly(email, password)
}

// TestVerifyEmailThroughOutbox: registration mails a one-time link through
// the real outbox (the stored mail holds no token, the database only its
// hash); the link proves the address once (200, then 410), an unknown one
// is 400, one past its 48 hours 410; resending is limited like other mail;
// a change of address makes the account unverified again, mails the new
// address, and voids the link written for the old one.
func TestVerifyEmailThroughOutbox(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		ctx := context.Background()
		tok := e.registerAndLogin("Radha Verifier", "radha.verify@example.org", "Tulasi-garden-2025!")
		if e.emailVerified(tok) {
			t.Fatal("a new account is verified before opening its link")
		}
		for _, m := range e.mails("radha.verify@example.org") {
			if m.Kind == "verify_email" && (!strings.Contains(m.Text, "SPDC-ONE-TIME-TOKEN") || verifyLinkRE.MatchString(m.Text)) {
				t.Fatalf("the stored verification mail holds a token: %q", m.Text)
			}
		}
		toks := e.verifyTokens("radha.verify@example.org")
		if len(toks) != 1 {
			t.Fatalf("verification mails: %d", len(toks))
		}
		var stored int
		if err := st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM email_verifications WHERE token_hash = ?`, toks[0]).Scan(&stored); err != nil || stored != 0 {
			t.Fatalf("the token is stored as it is: %d %v", stored, err)
		}
		// Unknown and malformed links change nothing.
		for _, bad := range []string{"not-a-token", strings.Repeat("A", 43)} {
			if r := e.call("POST", "/api/users/verify-email", map[string]any{"token": bad}, ""); r.Status != 400 || r.message() != msgVerifyUnknown.En() {
				t.Fatalf("unknown link %q: %d %s", bad, r.Status, r.Raw)
			}
		}
		if r := e.call("POST", "/api/users/verify-email", map[string]any{}, ""); r.Status != 400 || r.fieldErrors()["token"] == nil {
			t.Fatalf("no token: %d %s", r.Status, r.Raw)
		}
		if e.emailVerified(tok) {
			t.Fatal("a refused link verified the address")
		}
		if r := e.call("POST", "/api/users/verify-email", map[string]any{"token": toks[0]}, ""); r.Status != 200 || r.message() != msgVerifyDone.En() {
			t.Fatalf("verify: %d %s", r.Status, r.Raw)
		}
		if !e.emailVerified(tok) {
			t.Fatal("the link did not verify the address")
		}
		if r := e.call("POST", "/api/users/verify-email", map[string]any{"token": toks[0]}, ""); r.Status != 410 || r.message() != msgVerifyUsed.En() {
			t.Fatalf("second use: %d %s", r.Status, r.Raw)
		}
		if r := e.call("POST", "/api/users/me/verify-email", nil, tok); r.Status != 200 || r.message() != msgVerifyAlready.En() {
			t.Fatalf("resend when verified: %d %s", r.Status, r.Raw)
		}

		// A change of address: unverified again, a link to the new one.
		r := e.call("PUT", "/api/users/me", map[string]any{"email": "radha.new@example.org", "__v": 0}, tok)
		if r.Status != 200 || r.Body["emailVerified"] != false || r.Body["email"] != "radha.new@example.org" {
			t.Fatalf("change of address: %d %s", r.Status, r.Raw)
		}
		newToks := e.verifyTokens("radha.new@example.org")
		if len(newToks) != 1 {
			t.Fatalf("mails to the new address: %d", len(newToks))
		}
		// Another account's address is refused and changes nothing.
		_, _ = e.user("taken@example.org", false)
		if r := e.call("PUT", "/api/users/me", map[string]any{"email": "taken@example.org", "__v": 1}, tok); r.Status != 409 {
			t.Fatalf("taken address: %d %s", r.Status, r.Raw)
		}
		if r := e.call("PUT", "/api/users/me", map[string]any{"email": "not an address", "__v": 1}, tok); r.Status != 400 || r.fieldErrors()["email"] == nil {
			t.Fatalf("bad address: %d %s", r.Status, r.Raw)
		}
		// A resend voids the link before it; the newest works.
		if r := e.call("POST", "/api/users/me/verify-email", nil, tok); r.Status != 200 || r.message() != msgVerifySent.En() {
			t.Fatalf("resend: %d %s", r.Status, r.Raw)
		}
		newToks = e.verifyTokens("radha.new@example.org")
		if len(newToks) != 2 {
			t.Fatalf("mails after resend: %d", len(newToks))
		}
		if r := e.call("POST", "/api/users/verify-email", map[string]any{"token": newToks[0]}, ""); r.Status != 400 {
			t.Fatalf("replaced link: %d %s", r.Status, r.Raw)
		}
		// Resending is limited per mailbox and client.
		limited := false
		for i := 0; i < 6 && !limited; i++ {
			r := e.call("POST", "/api/users/me/verify-email", nil, tok)
			limited = r.Status == 429
			if r.Status != 200 && r.Status != 429 {
				t.Fatalf("resend %d: %d %s", i, r.Status, r.Raw)
			}
		}
		if !limited {
			t.Fatal("resending is not limited")
		}
		// A link past its 48 hours is 410 and proves nothing.
		last := e.verifyTokens("radha.new@example.org")
		e.clock = e.clock.Add(store.VerifyTokenTTL + time.Minute)
		if r := e.call("POST", "/api/users/verify-email", map[string]any{"token": last[len(last)-1]}, ""); r.Status != 410 || r.message() != msgVerifyExpired.En() {
			t.Fatalf("expired: %d %s", r.Status, r.Raw)
		}
		if e.emailVerified(e.registerLoginOnly("radha.new@example.org", "Tulasi-garden-2025!")) {
			t.Fatal("an expired link verified the address")
		}
		// A link written for the old address cannot prove the new one.
		e.clock = e.clock.Add(-store.VerifyTokenTTL)
		tok2 := e.registerAndLogin("Gauri Mover", "gauri.old@example.org", "Tulasi-garden-2025!")
		old := e.verifyTokens("gauri.old@example.org")
		if r := e.call("PUT", "/api/users/me", map[string]any{"email": "gauri.new@example.org", "__v": 0}, tok2); r.Status != 200 {
			t.Fatalf("change: %d %s", r.Status, r.Raw)
		}
		if r := e.call("POST", "/api/users/verify-email", map[string]any{"token": old[0]}, ""); r.Status == 200 {
			t.Fatalf("the old address's link verified the new one: %s", r.Raw)
		}
		if e.emailVerified(tok2) {
			t.Fatal("the new address is verified by the old link")
		}
	})
}

// TestPasswordResetProvesAddress: setting a password through the emailed
// reset link verifies the address it was sent to.
func TestPasswordResetProvesAddress(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		tok := e.registerAndLogin("Madhavi Reset", "madhavi@example.org", "Tulasi-garden-2025!")
		if r := e.call("POST", "/api/users/forgot-password", map[string]any{"email": "madhavi@example.org"}, ""); r.Status != 200 {
			t.Fatalf("forgot: %d %s", r.Status, r.Raw)
		}
		var reset string
		for _, m := range e.mb.To("madhavi@example.org") {
			if l := resetLinkRE.FindStringSubmatch(m.Text); l != nil {
				reset = l[1]
			}
		}
		if reset == "" {
			t.Fatal("no reset mail")
		}
		if e.emailVerified(tok) {
			t.Fatal("verified before the reset")
		}
		if r := e.call("POST", "/api/users/reset-password", map[string]any{"token": reset, "password": "Another-garden-2026!"}, ""); r.Status != 200 {
			t.Fatalf("reset: %d %s", r.Status, r.Raw)
		}
		tok = e.registerLoginOnly("madhavi@example.org", "Another-garden-2026!")
		if !e.emailVerified(tok) {
			t.Fatal("a reset through the emailed link did not prove the address")
		}
	})
}

func (e *env) registerLoginOnly(email, password string) string {
	e.t.Helper()
	login := e.call("POST", "/api/users/login", map[string]any{"identifier": email, "password": password}, "")
	tok, _ := login.Body["token"].(string)
	if tok == "" {
		e.t.Fatalf("login %s: %s", email, login.Raw)
	}
	return tok
}
