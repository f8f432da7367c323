package india

import (
	"errors"
	"testing"
)

func TestParseAmount(t *testing.T) {
	tests := []struct {
		in   string
		want Paise
		err  error
	}{
		{"5000", 500000, nil},
		{"5000.50", 500050, nil},
		{"5000.5", 500050, nil},
		{"5000.05", 500005, nil},
		{"0.01", 1, nil},
		{" 5000 ", 500000, nil},
		{"05000", 500000, nil},
		{"100000000", MaxAmount, nil},
		{"100000000.00", MaxAmount, nil},
		{"", 0, ErrAmountEmpty},
		{"   ", 0, ErrAmountEmpty},
		{"-5000", 0, ErrAmountNegative},
		{"-0.01", 0, ErrAmountNegative},
		{"-1,000", 0, ErrAmountNegative},
		{"+5000", 0, ErrAmountSign},
		{"0", 0, ErrAmountZero},
		{"0.00", 0, ErrAmountZero},
		{"000", 0, ErrAmountZero},
		{"5000.505", 0, ErrAmountDecimals},
		{"1.000", 0, ErrAmountDecimals},
		{"5e3", 0, ErrAmountExponent},
		{"5E3", 0, ErrAmountExponent},
		{"1.5e2", 0, ErrAmountExponent},
		{"5 000", 0, ErrAmountSpace},
		{"5\u00a0000", 0, ErrAmountSpace},
		{"5\t000", 0, ErrAmountSpace},
		{"5,000", 0, ErrAmountSeparator},
		{"1,00,000", 0, ErrAmountSeparator},
		{"1_000", 0, ErrAmountSeparator},
		{"५०००", 0, ErrAmountDigits},           // Devanagari digits
		{"５０００", 0, ErrAmountDigits},           // full-width digits
		{"৫০০০", 0, ErrAmountDigits},           // Bengali digits
		{"100000000.01", 0, ErrAmountTooLarge}, // one paisa above the bound
		{"100000001", 0, ErrAmountTooLarge},
		{"99999999999999999999999", 0, ErrAmountTooLarge},
		{"₹5000", 0, ErrAmountFormat},
		{"Rs5000", 0, ErrAmountFormat},
		{"abc", 0, ErrAmountFormat},
		{"5000.", 0, ErrAmountFormat},
		{".50", 0, ErrAmountFormat},
		{"5.0.0", 0, ErrAmountFormat},
		{".", 0, ErrAmountFormat},
		{"0x10", 0, ErrAmountFormat},
		{"NaN", 0, ErrAmountFormat},
		{"Inf", 0, ErrAmountFormat},
		{"\xff", 0, ErrAmountFormat},
	}
	for _, tt := range tests {
		got, err := ParseAmount(tt.in)
		if !errors.Is(err, tt.err) {
			t.Errorf("ParseAmount(%q) error = %v, want %v", tt.in, err, tt.err)
			continue
		}
		if got != tt.want {
			t.Errorf("ParseAmount(%q) = %d, want %d", tt.in, got, tt.want)
		}
		if err != nil && err.Error() == "" {
			t.Errorf("ParseAmount(%q): empty message", tt.in)
		}
	}
}

func TestPaiseString(t *testing.T) {
	tests := []struct {
		in   Paise
		want string
	}{
		{1, "₹0.01"},
		{50, "₹0.50"},
		{100, "₹1"},
		{99900, "₹999"},
		{100000, "₹1,000"},
		{500050, "₹5,000.50"},
		{1000000, "₹10,000"},
		{10000000, "₹1,00,000"},
		{10500050, "₹1,05,000.50"},
		{123456789, "₹12,34,567.89"},
		{1000000000, "₹1,00,00,000"},
		{MaxAmount, "₹10,00,00,000"},
		{12345678900000, "₹1,23,45,67,89,000"},
		{-10000000, "-₹1,00,000"},
	}
	for _, tt := range tests {
		if got := tt.in.String(); got != tt.want {
			t.Errorf("Paise(%d).String() = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestPaiseDecimal(t *testing.T) {
	tests := []struct {
		in   Paise
		want string
	}{
		{1, "0.01"}, {100, "1"}, {10500050, "105000.50"}, {10500005, "105000.05"}, {-150, "-1.50"},
	}
	for _, tt := range tests {
		if got := tt.in.Decimal(); got != tt.want {
			t.Errorf("Paise(%d).Decimal() = %q, want %q", tt.in, got, tt.want)
		}
		if tt.in > 0 {
			back, err := ParseAmount(tt.in.Decimal())
			if err != nil || back != tt.in {
				t.Errorf("ParseAmount(Decimal(%d)) = %d, %v", tt.in, back, err)
			}
		}
	}
}

func TestPaiseWords(t *testing.T) {
	tests := []struct {
		in   Paise
		want string
	}{
		{0, "Rupees Zero Only"},
		{1, "One Paise Only"},
		{50, "Fifty Paise Only"},
		{100, "Rupees One Only"},
		{1100, "Rupees Eleven Only"},
		{2000, "Rupees Twenty Only"},
		{2100, "Rupees Twenty One Only"},
		{9900, "Rupees Ninety Nine Only"},
		{10000, "Rupees One Hundred Only"},
		{10500, "Rupees One Hundred Five Only"},
		{99900, "Rupees Nine Hundred Ninety Nine Only"},
		{500000, "Rupees Five Thousand Only"},
		{500050, "Rupees Five Thousand and Fifty Paise Only"},
		{1234500, "Rupees Twelve Thousand Three Hundred Forty Five Only"},
		{10000000, "Rupees One Lakh Only"},
		{10500000, "Rupees One Lakh Five Thousand Only"},
		{10500050, "Rupees One Lakh Five Thousand and Fifty Paise Only"},
		{4999900, "Rupees Forty Nine Thousand Nine Hundred Ninety Nine Only"},
		{99999999, "Rupees Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine and Ninety Nine Paise Only"},
		{1000000000, "Rupees One Crore Only"},
		{1234567800, "Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight Only"},
		{1000010100, "Rupees One Crore One Hundred One Only"},
		{MaxAmount, "Rupees Ten Crore Only"},
		{MaxAmount - 1, "Rupees Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine and Ninety Nine Paise Only"},
		{12345678900000, "Rupees Twelve Thousand Three Hundred Forty Five Crore Sixty Seven Lakh Eighty Nine Thousand Only"},
	}
	for _, tt := range tests {
		if got := tt.in.Words(); got != tt.want {
			t.Errorf("Paise(%d).Words() =\n %q, want\n %q", tt.in, got, tt.want)
		}
	}
}
