package bankimport

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"time"

	"spdc/internal/india"
)

// autoLayouts are the day-first layouts Indian banks write dates in, tried
// in turn when a Mapping fixes none. A day or month of one digit is
// accepted; a year of two digits means 20YY. Month names match in any case.
var autoLayouts = []string{
	"2/1/2006", "2-1-2006", "2.1.2006",
	"2/1/06", "2-1-06", "2.1.06",
	"2 Jan 2006", "2-Jan-2006", "2/Jan/2006", "2 Jan 06", "2-Jan-06", "2/Jan/06",
	"2 January 2006", "2-January-2006", "2 January, 2006",
	"2006-1-2", "2006/1/2",
}

// timeOfDay matches a time after the date: " 10:15", " 10:15:07", " 10:15 AM".
var timeOfDay = regexp.MustCompile(`(?i)[ T]+\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?( ?[AP]M)?$`)

// parseDate reads a statement date as a day in India time. layout is one of
// DateLayouts, or "" for any day-first one.
func parseDate(s, layout string) (time.Time, error) {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return time.Time{}, errNoDate
	}
	s = timeOfDay.ReplaceAllString(s, "")
	layouts := autoLayouts
	if layout != "" {
		layouts = []string{goLayouts[layout]}
	}
	for _, l := range layouts {
		t, err := time.ParseInLocation(l, s, india.IST)
		if err != nil {
			continue
		}
		if t.Year() < 2000 || t.Year() > 2099 {
			return time.Time{}, errDateRange
		}
		return t, nil
	}
	return time.Time{}, errDate
}

var (
	errNoDate    = errors.New("no date")
	errDate      = errors.New("not a date")
	errDateRange = errors.New("date out of range")
)

// Reasons an amount is not read.
var (
	errAmountFormat   = errors.New("is not an amount")
	errAmountDecimals = errors.New("has more than two digits of paise")
	errAmountLarge    = errors.New("is too large")
	errAmountSigns    = errors.New("has two signs")
)

// direction is what an amount's own text says about it.
type direction int

const (
	unsigned direction = iota
	credit
	debit
)

// maxWholeDigits bounds the rupees of one line (under a lakh crore) so
// that paise fit in an int64 with room to spare.
const maxWholeDigits = 12

// parseMoney reads an amount as a bank writes it into paise: grouped in the
// Indian ("1,05,000.00") or Western ("105,000.00") way or not at all, with
// an optional rupee sign, "Rs." or "INR" before it, and an optional sign: a
// leading minus or parentheses (debit), a leading plus (credit), or a
// trailing "Cr" or "Dr". An empty cell, "-" and zero are no amount (0).
// Paise beyond two digits are refused unless they are zeros; nothing is
// rounded.
func parseMoney(s string) (int64, direction, error) {
	s = strings.TrimSpace(s)
	dir := unsigned
	setDir := func(d direction) error {
		if dir != unsigned && dir != d {
			return errAmountSigns
		}
		dir = d
		return nil
	}
	// A trailing Cr or Dr, possibly in parentheses or with a dot.
	for _, suf := range []struct {
		text string
		d    direction
	}{{"(CR)", credit}, {"(DR)", debit}, {"CR.", credit}, {"DR.", debit}, {"CR", credit}, {"DR", debit}} {
		if hasSuffixFold(s, suf.text) {
			s = strings.TrimSpace(s[:len(s)-len(suf.text)])
			dir = suf.d
			break
		}
	}
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		if err := setDir(debit); err != nil {
			return 0, unsigned, err
		}
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	switch {
	case strings.HasPrefix(s, "-"):
		if s == "-" {
			return 0, dir, nil
		}
		if err := setDir(debit); err != nil {
			return 0, unsigned, err
		}
		s = strings.TrimSpace(s[1:])
	case strings.HasPrefix(s, "+"):
		if err := setDir(credit); err != nil {
			return 0, unsigned, err
		}
		s = strings.TrimSpace(s[1:])
	}
	for _, cur := range []string{"₹", "INR", "RS.", "RS"} {
		if hasPrefixFold(s, cur) {
			s = strings.TrimSpace(s[len(cur):])
			break
		}
	}
	if s == "" {
		if dir != unsigned {
			return 0, unsigned, errAmountFormat
		}
		return 0, unsigned, nil
	}
	whole, frac, hasPoint := strings.Cut(s, ".")
	if whole == "" || (hasPoint && frac == "") {
		return 0, unsigned, errAmountFormat
	}
	if !groupedDigits(whole) || !allDigits(frac) {
		return 0, unsigned, errAmountFormat
	}
	whole = strings.ReplaceAll(whole, ",", "")
	if len(frac) > 2 {
		if strings.Trim(frac[2:], "0") != "" {
			return 0, unsigned, errAmountDecimals
		}
		frac = frac[:2]
	}
	for len(frac) < 2 {
		frac += "0"
	}
	whole = strings.TrimLeft(whole, "0")
	if len(whole) > maxWholeDigits {
		return 0, unsigned, errAmountLarge
	}
	var rupees int64
	if whole != "" {
		n, err := strconv.ParseInt(whole, 10, 64)
		if err != nil {
			return 0, unsigned, errAmountFormat
		}
		rupees = n
	}
	p, err := strconv.ParseInt(frac, 10, 64)
	if err != nil {
		return 0, unsigned, errAmountFormat
	}
	return rupees*100 + p, dir, nil
}

func allDigits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// groupedDigits accepts digits with or without commas between groups; with
// commas, the last group has three digits and the others two (Indian) or
// three (Western), the first one to three.
func groupedDigits(s string) bool {
	if !strings.Contains(s, ",") {
		return allDigits(s)
	}
	groups := strings.Split(s, ",")
	for i, g := range groups {
		switch {
		case !allDigits(g) || g == "":
			return false
		case i == 0:
			if len(g) > 3 {
				return false
			}
		case i == len(groups)-1:
			if len(g) != 3 {
				return false
			}
		default:
			if len(g) != 2 && len(g) != 3 {
				return false
			}
		}
	}
	return true
}

// hasSuffixFold and hasPrefixFold compare an ASCII affix in any letter case
// without changing s, so that the lengths used to cut s stay its own.
func hasSuffixFold(s, suffix string) bool {
	return len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix)
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}
