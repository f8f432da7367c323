package india

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParseAmount feeds arbitrary text to the amount parser: it never
// panics, an accepted amount lies within (0, MaxAmount] and reads back to
// itself from its plain decimal form, and a refusal is always one of the
// package's problems with a message.
func FuzzParseAmount(f *testing.F) {
	for _, s := range []string{"5000", "5000.50", "5000.5", "0.01", "100000000", "100000000.01", "-5", "+5", "0",
		"5e3", "5,000", "5 000", "५०००", "５０００", ".5", "5.", "1.234", "", "\xff", "99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseAmount(s)
		if err != nil {
			var pr *Problem
			if !errors.As(err, &pr) || pr.Message.IsZero() || p != 0 {
				t.Fatalf("ParseAmount(%q) = %d, %v", s, p, err)
			}
			return
		}
		if p <= 0 || p > MaxAmount {
			t.Fatalf("ParseAmount(%q) = %d, out of bounds", s, p)
		}
		back, err := ParseAmount(p.Decimal())
		if err != nil || back != p {
			t.Fatalf("ParseAmount(%q) = %d, but its decimal %q reads back as %d, %v", s, p, p.Decimal(), back, err)
		}
		if w := p.Words(); !strings.HasSuffix(w, " Only") {
			t.Fatalf("Words(%d) = %q", p, w)
		}
	})
}

// FuzzAadhaar checks that the Aadhaar parser never panics, accepts only
// twelve digits starting 2–9 that pass the Verhoeff check, and that changing
// any one digit of an accepted number makes it fail the check.
func FuzzAadhaar(f *testing.F) {
	for _, s := range []string{"999941057058", "9999 4105 7058", "234567890124", "999941057059", "123456789012",
		"0", "", "९९९९४१०५७०५८", "9999-4105-7058"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAadhaar(s)
		if err != nil {
			if a != "" {
				t.Fatalf("ParseAadhaar(%q) = %q with error %v", s, a, err)
			}
			return
		}
		if len(a) != 12 || a[0] < '2' || !VerhoeffValid(string(a)) {
			t.Fatalf("ParseAadhaar(%q) accepted %q", s, a)
		}
		b := []byte(a)
		for i := range b {
			orig := b[i]
			for d := byte('0'); d <= '9'; d++ {
				if d == orig {
					continue
				}
				b[i] = d
				if VerhoeffValid(string(b)) {
					t.Fatalf("%s passes the check though one digit of %s changed", b, a)
				}
			}
			b[i] = orig
		}
	})
}
