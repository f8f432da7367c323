package bankimport

import "strings"

// Lengths of transfer references: the RRN of UPI and IMPS has 12 digits, a
// NEFT or RTGS UTR 16 to 22 letters and digits, a cheque number 6 digits.
const (
	rrnLength    = 12
	utrMin       = 16
	utrMax       = 22
	utrMinDigits = 6 // a UTR is mostly digits; a long word is not one
	chequeLength = 6
)

// chequeWords are words after which a narration gives a cheque number.
var chequeWords = map[string]bool{"CHQ": true, "CHEQUE": true, "CHQNO": true, "CLG": true, "CLEARING": true, "INST": true}

// ExtractReferences returns the transfer references in a narration, in the
// order they appear, in uppercase and without repeats: every run of exactly
// 12 digits (a UPI or IMPS RRN, also when a bank pads it with zeros), every
// run of 16 to 22 letters and digits with at least six digits (a NEFT or
// RTGS UTR), and 6-digit numbers after the word CHQ, CHEQUE or CLG (a
// cheque number).
// "UPI/412345678901/Donation/ravi@okaxis" gives 412345678901;
// "NEFT-SBIN126123456789-RAVI SHANKAR" gives SBIN126123456789.
func ExtractReferences(text string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	cheque := false // a cheque word came earlier
	for _, tok := range tokens(text) {
		digits := countDigits(tok)
		switch {
		case digits == len(tok) && len(tok) == rrnLength:
			add(tok)
		case digits == len(tok) && len(tok) > rrnLength && len(strings.TrimLeft(tok, "0")) == rrnLength:
			add(strings.TrimLeft(tok, "0"))
			add(tok)
		case len(tok) >= utrMin && len(tok) <= utrMax && digits >= utrMinDigits:
			add(tok)
		case digits == len(tok) && len(tok) == chequeLength && cheque:
			add(tok)
		}
		cheque = cheque || chequeWords[tok]
	}
	return out
}

// tokens splits text at everything that is not an ASCII letter or digit and
// returns the pieces in uppercase.
func tokens(text string) []string {
	return strings.FieldsFunc(strings.ToUpper(text), func(r rune) bool {
		return !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	})
}

func countDigits(s string) int {
	n := 0
	for i := range len(s) {
		if s[i] >= '0' && s[i] <= '9' {
			n++
		}
	}
	return n
}

// rowReferences gathers a row's references: those in the reference column
// first, then those in the narration. The first is the one shown.
func rowReferences(refCell, description string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(s string) {
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, r := range ExtractReferences(refCell) {
		add(r)
	}
	// A value of one piece is kept as it is: a cheque number, or a
	// reference of a length this package does not know.
	if t := tokens(refCell); len(t) == 1 {
		add(t[0])
	}
	for _, r := range ExtractReferences(description) {
		add(r)
	}
	return out
}

// sameReference compares a reported reference with one found in a
// statement: letters in any case, and leading zeros of an all-digit value
// ignored, since banks pad RRNs and cheque numbers.
func sameReference(a, b string) bool {
	a, b = normalRef(a), normalRef(b)
	return a != "" && a == b
}

func normalRef(s string) string {
	s = strings.Join(tokens(s), "")
	if s != "" && countDigits(s) == len(s) {
		s = strings.TrimLeft(s, "0")
	}
	return s
}
