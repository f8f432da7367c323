package bankimport

import (
	"slices"
	"testing"
	"time"

	"spdc/internal/india"
)

func TestParseMoney(t *testing.T) {
	cases := []struct {
		in    string
		paise int64
		dir   direction
		err   error
	}{
		{"1,05,000.00", 1_05_000_00, unsigned, nil},
		{"105,000.00", 1_05_000_00, unsigned, nil},
		{"105000", 1_05_000_00, unsigned, nil},
		{"1,00,00,000.50", 1_00_00_000_50, unsigned, nil},
		{"5000.5", 5000_50, unsigned, nil},
		{"0.01", 1, unsigned, nil},
		{"  2,000.00  ", 2000_00, unsigned, nil},
		{"₹1,000", 1000_00, unsigned, nil},
		{"Rs. 1,000.00", 1000_00, unsigned, nil},
		{"INR 1000", 1000_00, unsigned, nil},
		{"5,000.00 Cr", 5000_00, credit, nil},
		{"5,000.00Cr.", 5000_00, credit, nil},
		{"5,000.00 DR", 5000_00, debit, nil},
		{"5,000.00 (Cr)", 5000_00, credit, nil},
		{"-750.00", 750_00, debit, nil},
		{"(750.00)", 750_00, debit, nil},
		{"+750", 750_00, credit, nil},
		{"1000.000", 1000_00, unsigned, nil},
		{"", 0, unsigned, nil},
		{"-", 0, unsigned, nil},
		{"0.00", 0, unsigned, nil},
		{"1000.005", 0, unsigned, errAmountDecimals},
		{"1,0,5000", 0, unsigned, errAmountFormat},
		{"1,05,00", 0, unsigned, errAmountFormat},
		{",100", 0, unsigned, errAmountFormat},
		{"1000,", 0, unsigned, errAmountFormat},
		{"1e5", 0, unsigned, errAmountFormat},
		{"1000.", 0, unsigned, errAmountFormat},
		{".50", 0, unsigned, errAmountFormat},
		{"1.000,50", 0, unsigned, errAmountFormat},
		{"१०००", 0, unsigned, errAmountFormat},
		{"12 34", 0, unsigned, errAmountFormat},
		{"Cr", 0, unsigned, errAmountFormat},
		{"-500 Cr", 0, unsigned, errAmountSigns},
		{"9999999999999.00", 0, unsigned, errAmountLarge},
		{"99999999999999999999999", 0, unsigned, errAmountLarge},
	}
	for _, c := range cases {
		p, d, err := parseMoney(c.in)
		if err != c.err || p != c.paise || (err == nil && d != c.dir) {
			t.Errorf("parseMoney(%q) = %d, %v, %v; want %d, %v, %v", c.in, p, d, err, c.paise, c.dir, c.err)
		}
	}
}

func TestParseDate(t *testing.T) {
	want := time.Date(2026, 4, 2, 0, 0, 0, 0, india.IST)
	for _, in := range []string{
		"02/04/2026", "2/4/2026", "02-04-2026", "02.04.2026", "02/04/26", "02-04-26",
		"02 Apr 2026", "2 APR 2026", "02-Apr-2026", "02-APR-26", "02 April 2026", "2026-04-02",
		"02/04/2026 10:15:07", "02-04-2026 09:30 AM", " 02  Apr 2026 ",
	} {
		got, err := parseDate(in, "")
		if err != nil || !got.Equal(want) {
			t.Errorf("parseDate(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "32/04/2026", "02/13/2026", "2026", "Opening Balance", "04/02", "31/02/2026"} {
		if got, err := parseDate(in, ""); err == nil {
			t.Errorf("parseDate(%q) = %v, want an error", in, got)
		}
	}
	if _, err := parseDate("02/04/1999", ""); err != errDateRange {
		t.Errorf("1999: err = %v, want out of range", err)
	}
	// A fixed layout reads month first when told to, and only that way.
	if got, err := parseDate("04/02/2026", "MM/DD/YYYY"); err != nil || !got.Equal(want) {
		t.Errorf("MM/DD/YYYY: %v, %v", got, err)
	}
	if _, err := parseDate("02 Apr 2026", "DD/MM/YYYY"); err == nil {
		t.Error("a fixed layout accepted another")
	}
	for _, l := range DateLayouts {
		if goLayouts[l] == "" {
			t.Errorf("layout %q has no Go layout", l)
		}
	}
}

func TestExtractReferences(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"UPI/412345678901/Donation/ravi@okaxis/HDFC", []string{"412345678901"}},
		{"UPI-RAVI SHANKAR-ravi@okicici-ICIC0001234-412345678901-Gift", []string{"412345678901"}},
		{"IMPS/P2A/512345678901/RAVI", []string{"512345678901"}},
		{"NEFT-SBIN126123456789-RAVI SHANKAR IYER", []string{"SBIN126123456789"}},
		{"NEFT CR-HDFC0000001-N123261234567890-LAKSHMI", []string{"N123261234567890"}},
		{"RTGS/HDFCR52026040212345678/PRIYA", []string{"HDFCR52026040212345678"}},
		{"BY TRANSFER-INB NEFT UTR NO: SBIN426093123456", []string{"SBIN426093123456"}},
		{"0000412345678901", []string{"412345678901", "0000412345678901"}},
		{"CHQ DEP 004512 RAVI", []string{"004512"}},
		{"CASH DEPOSIT 004512", nil},
		{"SALARY FOR APRIL", nil},
		{"VENKATANARASIMHARAJUVARI", nil}, // a long word is not a UTR
		{"12345678901", nil},              // 11 digits
		{"upi/412345678901 UPI/412345678901", []string{"412345678901"}},
	}
	for _, c := range cases {
		if got := ExtractReferences(c.in); !slices.Equal(got, c.want) {
			t.Errorf("ExtractReferences(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestSameReference(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"412345678901", "412345678901", true},
		{"0000412345678901", "412345678901", true},
		{"sbin126123456789", "SBIN126123456789", true},
		{"004512", "4512", true},
		{"412345678901", "412345678902", false},
		{"", "", false},
	} {
		if got := sameReference(c.a, c.b); got != c.want {
			t.Errorf("sameReference(%q, %q) = %v", c.a, c.b, got)
		}
	}
}
