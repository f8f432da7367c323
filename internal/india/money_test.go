package india

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// amountCase is one shared amount vector: the text typed, and either the
// paise it is read as or the code of the problem it is refused for. The web
// app's test reads the same file.
type amountCase struct {
	In    string `json:"in"`
	Paise Paise  `json:"paise"`
	Error string `json:"error"`
}

func TestParseAmount(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "amounts.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct{ Cases []amountCase }
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Cases) < 40 {
		t.Fatalf("only %d amount cases read", len(doc.Cases))
	}
	for _, tt := range doc.Cases {
		got, err := ParseAmount(tt.In)
		var p *Problem
		switch {
		case tt.Error == "" && err != nil:
			t.Errorf("ParseAmount(%q) error = %v, want %d paise", tt.In, err, tt.Paise)
		case tt.Error != "" && (!errors.As(err, &p) || p.Code != tt.Error):
			t.Errorf("ParseAmount(%q) = %d, %v; want the problem %s", tt.In, got, err, tt.Error)
		case got != tt.Paise:
			t.Errorf("ParseAmount(%q) = %d, want %d", tt.In, got, tt.Paise)
		case err != nil && err.Error() == "":
			t.Errorf("ParseAmount(%q): empty message", tt.In)
		}
	}
	// The bound's own sentinels still compare with errors.Is.
	if _, err := ParseAmount("1,00,00,00,001"); !errors.Is(err, ErrAmountTooLarge) {
		t.Errorf("above ten crore: %v", err)
	}
	if _, err := ParseAmount("\xff"); !errors.Is(err, ErrAmountFormat) {
		t.Errorf("not UTF-8: %v", err)
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
