package india

import "strings"

var (
	ones = [...]string{"Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine",
		"Ten", "Eleven", "Twelve", "Thirteen", "Fourteen", "Fifteen", "Sixteen", "Seventeen", "Eighteen", "Nineteen"}
	tens = [...]string{"", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"}
)

// Words writes a non-negative amount in words in the Indian system, as
// receipts print it: "Rupees One Lakh Five Thousand Only", "Rupees Five
// Thousand and Fifty Paise Only", "Fifty Paise Only" when there are no
// rupees. It covers every amount up to MaxAmount and beyond, to ninety-nine
// thousand crore; "and" appears only before the paise so that the words read
// back to one amount.
func (p Paise) Words() string {
	if p < 0 {
		p = -p
	}
	r, ps := p.Rupees()
	switch {
	case r == 0 && ps == 0:
		return "Rupees Zero Only"
	case r == 0:
		return below100(ps) + " Paise Only"
	case ps == 0:
		return "Rupees " + integerWords(r) + " Only"
	}
	return "Rupees " + integerWords(r) + " and " + below100(ps) + " Paise Only"
}

// integerWords spells a positive whole number with crore (10^7), lakh
// (10^5), thousand and hundred. A count of crores above ninety-nine is itself
// spelt in the same system ("One Thousand Crore").
func integerWords(n int64) string {
	var parts []string
	if c := n / 1_00_00_000; c > 0 {
		parts = append(parts, integerWords(c), "Crore")
		n %= 1_00_00_000
	}
	if l := n / 1_00_000; l > 0 {
		parts = append(parts, below100(l), "Lakh")
		n %= 1_00_000
	}
	if t := n / 1000; t > 0 {
		parts = append(parts, below100(t), "Thousand")
		n %= 1000
	}
	if h := n / 100; h > 0 {
		parts = append(parts, ones[h], "Hundred")
		n %= 100
	}
	if n > 0 {
		parts = append(parts, below100(n))
	}
	return strings.Join(parts, " ")
}

func below100(n int64) string {
	if n < 20 {
		return ones[n]
	}
	if n%10 == 0 {
		return tens[n/10]
	}
	return tens[n/10] + " " + ones[n%10]
}
