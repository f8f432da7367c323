package india

import (
	"strconv"
	"strings"
	"unicode"

	"spdc/internal/i18n/msgs"
)

// Paise is an amount of money in paise, one hundredth of a rupee. Money is
// never held in floating point.
type Paise int64

// MaxAmount is the largest single gift accepted: ten crore rupees
// (₹10,00,00,000). Anything larger is certainly a typing mistake for this
// program, and the bound keeps every sum of a year's gifts far from overflow.
const MaxAmount Paise = 10_00_00_000 * 100

// Reasons an amount is refused. Compare with errors.Is.
var (
	ErrAmountEmpty     = problem("amount_empty", msgs.DonationEnterAmountForExample5000Or)
	ErrAmountNegative  = problem("amount_negative", msgs.DonationAmountCannotNegative)
	ErrAmountZero      = problem("amount_zero", msgs.DonationAmountMustMoreThanZero)
	ErrAmountSign      = problem("amount_sign", msgs.DonationWriteAmountWithoutSign)
	ErrAmountDecimals  = problem("amount_decimals", msgs.DonationAmountCanHaveAtMostTwo)
	ErrAmountExponent  = problem("amount_exponent", msgs.DonationWriteAmountInFullForExample)
	ErrAmountSpace     = problem("amount_space", msgs.DonationAmountCannotContainSpaces)
	ErrAmountSeparator = problem("amount_separator", msgs.DonationPutCommasOnlyBetweenGroupsDigits)
	ErrAmountDigits    = problem("amount_digits", msgs.DonationWriteAmountWithDigits09)
	ErrAmountTooLarge  = problem("amount_too_large", msgs.DonationAmountLargerThan100000)
	ErrAmountFormat    = problem("amount_format", msgs.DonationWriteAmountWithDigitsOnlyFor)
)

// ParseAmount reads a decimal amount in rupees ("5000", "5000.5",
// "5000.50"), with or without the commas people write between groups of
// digits, Indian ("1,00,000", "1,25,001.00") or international ("100,000"),
// and returns it in paise. Spaces around the value are ignored; anything
// else that is not a decimal number is refused with a message that names
// the problem.
func ParseAmount(s string) (Paise, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, ErrAmountEmpty
	}
	// The checks on the whole string come first so that "-1,000" is told
	// about its sign, the thing the person most likely got wrong.
	switch s[0] {
	case '-':
		return 0, ErrAmountNegative
	case '+':
		return 0, ErrAmountSign
	}
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9', r == '.', r == ',':
		case r == 'e' || r == 'E':
			return 0, ErrAmountExponent
		case unicode.IsSpace(r):
			return 0, ErrAmountSpace
		case r == '_' || r == '\'':
			return 0, ErrAmountSeparator
		case unicode.IsDigit(r):
			return 0, ErrAmountDigits
		default:
			return 0, ErrAmountFormat
		}
	}
	whole, frac, hasPoint := strings.Cut(s, ".")
	if strings.Contains(frac, ",") {
		return 0, ErrAmountSeparator
	}
	if strings.Contains(whole, ",") {
		if !Grouped(whole) {
			return 0, ErrAmountSeparator
		}
		whole = strings.ReplaceAll(whole, ",", "")
	}
	if whole == "" || strings.Contains(frac, ".") || (hasPoint && frac == "") {
		return 0, ErrAmountFormat
	}
	if len(frac) > 2 {
		return 0, ErrAmountDecimals
	}
	whole = strings.TrimLeft(whole, "0")
	// Ten crore has nine digits; a longer whole part is too large and would
	// not fit the arithmetic below.
	if len(whole) > 9 {
		return 0, ErrAmountTooLarge
	}
	var rupees int64
	if whole != "" {
		n, err := strconv.ParseInt(whole, 10, 64)
		if err != nil {
			return 0, ErrAmountFormat
		}
		rupees = n
	}
	for len(frac) < 2 {
		frac += "0"
	}
	p, err := strconv.ParseInt(frac, 10, 64)
	if err != nil {
		return 0, ErrAmountFormat
	}
	total := Paise(rupees*100 + p)
	switch {
	case total == 0:
		return 0, ErrAmountZero
	case total > MaxAmount:
		return 0, ErrAmountTooLarge
	}
	return total, nil
}

// Grouped reports whether digits (a whole number, digits and commas) has
// its commas where people put them: the last group has three digits, the
// ones before it all three (international: 1,000,000) or all two (Indian:
// 10,00,000), and the first one to three (one or two in Indian grouping).
func Grouped(digits string) bool {
	groups := strings.Split(digits, ",")
	for _, g := range groups {
		if g == "" || strings.Trim(g, "0123456789") != "" {
			return false
		}
	}
	n := len(groups)
	if n == 1 || len(groups[n-1]) != 3 || len(groups[0]) > 3 {
		return n == 1
	}
	middle := groups[1 : n-1]
	same := func(size int) bool {
		for _, g := range middle {
			if len(g) != size {
				return false
			}
		}
		return true
	}
	return same(3) || (same(2) && len(groups[0]) <= 2)
}

// Rupees returns the whole rupees and the remaining paise of a non-negative
// amount.
func (p Paise) Rupees() (rupees int64, paise int64) {
	return int64(p) / 100, int64(p) % 100
}

// Decimal writes the amount as a plain decimal in rupees, without grouping:
// "105000" for whole rupees, "105000.50" otherwise.
func (p Paise) Decimal() string {
	sign := ""
	if p < 0 {
		sign, p = "-", -p
	}
	r, ps := p.Rupees()
	if ps == 0 {
		return sign + strconv.FormatInt(r, 10)
	}
	return sign + strconv.FormatInt(r, 10) + "." + twoDigits(ps)
}

// String formats the amount in Indian grouping with the rupee sign:
// "₹1,00,000" for whole rupees, "₹1,05,000.50" otherwise. The last three
// digits form one group and every group before them has two.
func (p Paise) String() string {
	sign := ""
	if p < 0 {
		sign, p = "-", -p
	}
	r, ps := p.Rupees()
	digits := strconv.FormatInt(r, 10)
	var b strings.Builder
	b.WriteString(sign + "₹")
	if len(digits) > 3 {
		head, tail := digits[:len(digits)-3], digits[len(digits)-3:]
		first := len(head) % 2
		if first > 0 {
			b.WriteString(head[:first])
		}
		for i := first; i < len(head); i += 2 {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(head[i : i+2])
		}
		b.WriteByte(',')
		b.WriteString(tail)
	} else {
		b.WriteString(digits)
	}
	if ps != 0 {
		b.WriteString("." + twoDigits(ps))
	}
	return b.String()
}

func twoDigits(n int64) string {
	if n < 10 {
		return "0" + strconv.FormatInt(n, 10)
	}
	return strconv.FormatInt(n, 10)
}
