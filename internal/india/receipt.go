package india

import (
	"fmt"
	"strconv"
	"strings"

	"spdc/internal/i18n/msgs"
)

// MaxReceiptSeq is the last serial number a year's receipt series can reach
// with its six digits.
const MaxReceiptSeq = 999_999

// MaxPrefixLength is the longest receipt prefix accepted.
const MaxPrefixLength = 12

// Reasons a receipt number or prefix is refused. Compare with errors.Is.
var (
	ErrPrefix        = problem("receipt_prefix", msgs.DonationReceiptPrefixHas112Letters)
	ErrReceiptNumber = problem("receipt_number", msgs.DonationReceiptNumberLooksLikeRcp2026)
	ErrReceiptSeq    = problem("receipt_seq", msgs.DonationReceiptSerialNumberRunsFrom000001)
)

// ReceiptNumber identifies a receipt: the trust's prefix, the financial year
// and the serial number within that year's unbroken series.
type ReceiptNumber struct {
	Prefix string
	FY     FY
	Seq    int
}

// String formats the number as PREFIX/2026-27/000001.
func (n ReceiptNumber) String() string {
	return fmt.Sprintf("%s/%s/%06d", n.Prefix, n.FY, n.Seq)
}

// ParsePrefix checks a receipt prefix (ASCII letters, digits and hyphens,
// 1 to 12 characters, not starting or ending with a hyphen) and returns it in
// uppercase.
func ParsePrefix(s string) (string, error) {
	s = strings.ToUpper(strings.TrimSpace(s))
	if s == "" || len(s) > MaxPrefixLength || s[0] == '-' || s[len(s)-1] == '-' {
		return "", ErrPrefix
	}
	for i := range len(s) {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
			return "", ErrPrefix
		}
	}
	return s, nil
}

// NewReceiptNumber checks its parts and returns the number.
func NewReceiptNumber(prefix string, y FY, seq int) (ReceiptNumber, error) {
	p, err := ParsePrefix(prefix)
	if err != nil {
		return ReceiptNumber{}, err
	}
	if y < minFY || y > maxFY {
		return ReceiptNumber{}, ErrFYLabel
	}
	if seq < 1 || seq > MaxReceiptSeq {
		return ReceiptNumber{}, ErrReceiptSeq
	}
	return ReceiptNumber{Prefix: p, FY: y, Seq: seq}, nil
}

// ParseReceiptNumber reads a number written as PREFIX/2026-27/000001, in
// any letter case, with exactly six digits of serial number.
func ParseReceiptNumber(s string) (ReceiptNumber, error) {
	parts := strings.Split(strings.TrimSpace(s), "/")
	if len(parts) != 3 || len(parts[2]) != 6 {
		return ReceiptNumber{}, ErrReceiptNumber
	}
	y, err := ParseFY(parts[1])
	if err != nil {
		return ReceiptNumber{}, ErrReceiptNumber
	}
	for _, c := range []byte(parts[2]) {
		if c < '0' || c > '9' {
			return ReceiptNumber{}, ErrReceiptNumber
		}
	}
	seq, _ := strconv.Atoi(parts[2])
	if _, err := ParsePrefix(parts[0]); err != nil || strings.TrimSpace(parts[0]) != parts[0] {
		return ReceiptNumber{}, ErrReceiptNumber
	}
	return NewReceiptNumber(parts[0], y, seq)
}
