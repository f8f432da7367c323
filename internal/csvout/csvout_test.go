package csvout

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCell(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"plain", "plain"},
		{"=HYPERLINK(\"http://evil.example\",\"x\")", "'=HYPERLINK(\"http://evil.example\",\"x\")"},
		{"@SUM(A1:A9)", "'@SUM(A1:A9)"},
		{"+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"},
		{"-2+3", "'-2+3"},
		{"\t=1", "'\t=1"},
		{"\r=1", "'\r=1"},
		{"-500", "'-500"},
		{"+919876543210", "'+919876543210"},
		{"+91 98765 43210", "'+91 98765 43210"},
		{"1250.50", "1250.50"},
		{"300", "300"},
		{" =1", " =1"},
	} {
		if got := Cell(c.in); got != c.want {
			t.Errorf("Cell(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestWriterNeutralisesEveryCell(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	rec := []string{"=1+1", "@x", "300"}
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); got != "'=1+1,'@x,300\n" {
		t.Errorf("written %q", got)
	}
	if rec[0] != "=1+1" {
		t.Errorf("the caller's record was changed: %q", rec)
	}
}

// FuzzCell checks the neutraliser: no cell starts a formula, only a leading apostrophe is ever added, and the CSV
// writer and reader round-trip every cell.
func FuzzCell(f *testing.F) {
	for _, s := range []string{"", "=1+1", "+1", "-1", "@SUM(A1)", "\t=1", "\r=1", "'=1", "plain", "a,b\"c\nd", "=HYPERLINK(\"http://x\")", "\uFEFF=1", " =1", "\x00", "+"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Cell(s)
		if out != "" && strings.ContainsRune("=+-@\t\r", rune(out[0])) {
			t.Fatalf("Cell(%q) = %q starts a formula", s, out)
		}
		if out != s && out != "'"+s {
			t.Fatalf("Cell(%q) = %q changed more than a prefix", s, out)
		}
		if !utf8.ValidString(s) {
			return
		}
		var buf bytes.Buffer
		w := NewWriter(&buf)
		_ = w.Write([]string{s, "x"})
		w.Flush()
		rec, err := csv.NewReader(&buf).Read()
		if err != nil {
			t.Fatalf("csv round trip of %q: %v", out, err)
		}
		// encoding/csv turns \r\n inside a quoted field into \n.
		if want := strings.ReplaceAll(out, "\r\n", "\n"); len(rec) != 2 || (rec[0] != want && !strings.Contains(out, "\r")) {
			t.Fatalf("csv round trip of %q gave %q", out, rec)
		}
	})
}
