package auth

import (
	"strings"
	"testing"
)

// FuzzNormalizeEmail checks that an accepted address is stored in one
// spelling: trimmed, lower-case, at most 254 bytes, one line, and
// normalising it again changes nothing.
func FuzzNormalizeEmail(f *testing.F) {
	for _, s := range []string{"a@example.org", "  Name@Example.ORG ", "a@b", "x\r\nBcc: y@z.org", "\"a b\"@x.org", "<a@b.c>", "a@b.c, d@e.f",
		"Name <a@b.c>", strings.Repeat("a", 250) + "@x.org", "ä@ü.de", "a@[127.0.0.1]", "\x00@x.org"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, err := NormalizeEmail(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("error without a message")
			}
			return
		}
		if out != strings.ToLower(out) || strings.TrimSpace(out) != out || len(out) > 254 || strings.ContainsAny(out, "\r\n\x00") {
			t.Fatalf("NormalizeEmail(%q) = %q", s, out)
		}
		again, err := NormalizeEmail(out)
		if err != nil || again != out {
			t.Fatalf("not idempotent: %q -> %q -> %q (%v)", s, out, again, err)
		}
	})
}

// FuzzNormalizeMobile checks that an accepted number comes out in E.164
// (a plus and 8 to 15 digits) and is accepted again unchanged.
func FuzzNormalizeMobile(f *testing.F) {
	for _, s := range []string{"+91 98765 43210", "09876543210", "9876543210", "+44 7700 900123", "(+1) 202-555-0143", "+", "++91", "1", "98765-43210 ext 5", "+91\r\n9876543210", "٩٨٧٦٥٤٣٢١٠"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, err := NormalizeMobile(s)
		if err != nil {
			return
		}
		if len(out) < 9 || len(out) > 16 || out[0] != '+' || strings.Trim(out[1:], "0123456789") != "" {
			t.Fatalf("NormalizeMobile(%q) = %q is not E.164", s, out)
		}
		again, err := NormalizeMobile(out)
		if err != nil || again != out {
			t.Fatalf("not idempotent: %q -> %q -> %q (%v)", s, out, again, err)
		}
	})
}
