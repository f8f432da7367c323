package auth

import (
	"errors"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestHashAndVerify(t *testing.T) {
	h := NewHasher(Cheap)
	enc, err := h.Hash("correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(enc, "$argon2id$v=19$m=64,t=1,p=1$") {
		t.Errorf("encoding %q", enc)
	}
	if err := h.Verify(enc, "correct horse battery"); err != nil {
		t.Errorf("right password: %v", err)
	}
	for _, wrong := range []string{"", "correct horse battery ", "Correct horse battery"} {
		if err := h.Verify(enc, wrong); !errors.Is(err, ErrMismatch) {
			t.Errorf("%q: %v", wrong, err)
		}
	}
	again, _ := h.Hash("correct horse battery")
	if again == enc {
		t.Error("two hashes of one password are equal (no salt)")
	}
	// A hash made with other parameters still verifies: Verify reads them
	// from the encoding.
	if err := NewHasher(OWASP).Verify(enc, "correct horse battery"); err != nil {
		t.Errorf("cross-parameter verify: %v", err)
	}
	for _, bad := range []string{"", "plain", "$argon2i$v=19$m=64,t=1,p=1$AAAA$AAAA", "$argon2id$v=19$m=64,t=0,p=1$AAAA$AAAAAAAAAAAAAAAAAAAAAA", "$argon2id$v=19$m=64,t=1,p=1$!!$AAAA"} {
		if err := h.Verify(bad, "x"); err == nil || errors.Is(err, ErrMismatch) {
			t.Errorf("unreadable hash %q: %v", bad, err)
		}
	}
	if err := h.VerifyDummy("anything"); !errors.Is(err, ErrMismatch) {
		t.Errorf("dummy: %v", err)
	}
	// The dummy costs what a real hash costs: it is made with the same
	// parameters.
	if p, _, _, err := decode(h.dummy); err != nil || p != h.params {
		t.Errorf("dummy hash parameters %+v, want %+v (%v)", p, h.params, err)
	}
}

func TestDefaultIsCheapOnlyInTests(t *testing.T) {
	if Default().Params() != Cheap {
		t.Errorf("test binary uses %+v", Default().Params())
	}
	if OWASP.Memory != 19*1024 || OWASP.Time != 2 || OWASP.Threads != 1 {
		t.Errorf("OWASP parameters changed: %+v", OWASP)
	}
}

// TestUnknownAccountCostsTheSame compares a wrong password against a real
// OWASP hash with the dummy path: they must cost about the same.
func TestUnknownAccountCostsTheSame(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	h := NewHasher(OWASP)
	enc, _ := h.Hash("the real password")
	_ = h.VerifyDummy("warm up the dummy")
	// The cost is the CPU time the process spends (argon2 runs on its own
	// goroutines, so the whole process is counted; nothing else runs in
	// it meanwhile). Wall time would also count the time other processes
	// hold the CPU: on a shared, loaded machine (CI runs the packages in
	// parallel) it swung the ratio between 0.4 and 2.9 with no change in
	// the code. Interleaved, best of 5, to damp what noise is left.
	wrong, unknown := time.Duration(1<<62), time.Duration(1<<62)
	var wrongWall, unknownWall time.Duration
	for range 5 {
		start, wall := processCPUTime(t), time.Now()
		_ = h.Verify(enc, "a wrong password")
		if d := processCPUTime(t) - start; d < wrong {
			wrong, wrongWall = d, time.Since(wall)
		}
		start, wall = processCPUTime(t), time.Now()
		_ = h.VerifyDummy("a wrong password")
		if d := processCPUTime(t) - start; d < unknown {
			unknown, unknownWall = d, time.Since(wall)
		}
	}
	ratio := float64(unknown) / float64(wrong)
	t.Logf("CPU time: wrong password %v, unknown account %v (wall %v, %v)", wrong, unknown, wrongWall, unknownWall)
	if ratio < 0.33 || ratio > 3 {
		t.Errorf("unknown account costs %.2fx a wrong password", ratio)
	}
}

// processCPUTime is the CPU time (user and system) this process has used.
func processCPUTime(t *testing.T) time.Duration {
	t.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatalf("getrusage: %v", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func BenchmarkHashOWASP(b *testing.B) {
	h := NewHasher(OWASP)
	enc, _ := h.Hash("correct horse battery")
	b.ResetTimer()
	for b.Loop() {
		_ = h.Verify(enc, "correct horse battery")
	}
}

func TestNormalizeMobile(t *testing.T) {
	for _, in := range []string{"+91 98765 43210", "09876543210", "9876543210", "+91-98765-43210", " (+91) 9876543210 "} {
		got, err := NormalizeMobile(in)
		if err != nil || got != "+919876543210" {
			t.Errorf("%q -> %q, %v", in, got, err)
		}
	}
	if got, err := NormalizeMobile("+44 20 7946 0958"); err != nil || got != "+442079460958" {
		t.Errorf("UK number -> %q, %v", got, err)
	}
	for _, bad := range []string{"", "123", "abc", "98765x43210", "+91 98765 43210 ext 5", strings.Repeat("9", 40)} {
		if got, err := NormalizeMobile(bad); err == nil {
			t.Errorf("%q accepted as %q", bad, got)
		}
	}
}

func TestNormalizeEmail(t *testing.T) {
	if got, err := NormalizeEmail("  Alice@Example.ORG "); err != nil || got != "alice@example.org" {
		t.Errorf("-> %q, %v", got, err)
	}
	for _, bad := range []string{"", "alice", "alice@", "a b@example.org", "Alice <a@example.org>", "a@localhost", strings.Repeat("a", 250) + "@example.org"} {
		if got, err := NormalizeEmail(bad); err == nil {
			t.Errorf("%q accepted as %q", bad, got)
		}
	}
}

func TestTokens(t *testing.T) {
	a, b := NewToken(), NewToken()
	if a == b || !LooksLikeToken(a) || !LooksLikeToken(b) {
		t.Errorf("tokens %q %q", a, b)
	}
	for _, bad := range []string{"", "short", a + "x", strings.Repeat("+", 43), strings.Repeat("A", 42) + "="} {
		if LooksLikeToken(bad) {
			t.Errorf("%q looks like a token", bad)
		}
	}
	if HashToken(a) == a || len(HashToken(a)) != 64 {
		t.Error("hash")
	}
}

func TestLimitBucketHidesKey(t *testing.T) {
	b := LoginPerAccount.Bucket("alice@example.org")
	if strings.Contains(b, "alice") || !strings.HasPrefix(b, "login-account:") {
		t.Errorf("bucket %q", b)
	}
}

func TestMailboxKey(t *testing.T) {
	for in, want := range map[string]string{
		"Victim@Example.net":          "victim@example.net",
		"victim+1@example.net":        "victim@example.net",
		"victim+a+b@example.net":      "victim@example.net",
		"v.i.c.t.i.m@example.net":     "v.i.c.t.i.m@example.net",
		"V.ictim+x@GoogleMail.com":    "victim@gmail.com",
		"vic.tim@gmail.com":           "victim@gmail.com",
		"+only@example.net":           "+only@example.net",
		" spaced@example.net ":        "spaced@example.net",
		"no-at-sign":                  "no-at-sign",
		"a@b@example.net":             "a@b@example.net",
		"first.last+news@example.org": "first.last@example.org",
	} {
		if got := MailboxKey(in); got != want {
			t.Errorf("MailboxKey(%q) = %q, want %q", in, got, want)
		}
	}
}
