package india

import (
	"errors"
	"testing"
)

func TestParseMode(t *testing.T) {
	for in, want := range map[string]Mode{"upi": ModeUPI, " IMPS ": ModeIMPS, "Neft": ModeNEFT, "RTGS": ModeRTGS, "cheque": ModeCheque, "CASH": ModeCash} {
		if got, err := ParseMode(in); err != nil || got != want {
			t.Errorf("ParseMode(%q) = %q, %v", in, got, err)
		}
	}
	for _, in := range []string{"", "CARD", "check", "DD"} {
		if _, err := ParseMode(in); !errors.Is(err, ErrMode) {
			t.Errorf("ParseMode(%q) error = %v, want ErrMode", in, err)
		}
	}
}

func TestParseReference(t *testing.T) {
	tests := []struct {
		mode Mode
		in   string
		want string
		err  error
	}{
		{ModeUPI, "412345678901", "412345678901", nil},
		{ModeUPI, " 412345678901 ", "412345678901", nil},
		{ModeUPI, "", "", ErrReferenceEmpty},
		{ModeUPI, "41234567890", "", ErrReferenceUPI},
		{ModeUPI, "4123456789012", "", ErrReferenceUPI},
		{ModeUPI, "41234567890A", "", ErrReferenceUPI},
		{ModeUPI, "4123 4567 8901", "", ErrReferenceUPI},
		{ModeUPI, "४१२३४५६७८९०१", "", ErrReferenceUPI},
		{ModeIMPS, "512345678901", "512345678901", nil},
		{ModeIMPS, "51234567890", "", ErrReferenceIMPS},
		{ModeNEFT, "sbin426012345678", "SBIN426012345678", nil},
		{ModeNEFT, "N123456789012345", "N123456789012345", nil},
		{ModeNEFT, "SBINR52026010112345678", "SBINR52026010112345678", nil},
		{ModeNEFT, "SBIN42601234567", "", ErrReferenceNEFT},
		{ModeNEFT, "SBINR520260101123456789", "", ErrReferenceNEFT},
		{ModeNEFT, "SBIN-426012345678", "", ErrReferenceInvalid},
		{ModeNEFT, "SBIN 426012345678", "", ErrReferenceInvalid},
		{ModeRTGS, "HDFCR52026010112345678", "HDFCR52026010112345678", nil},
		{ModeRTGS, "", "", ErrReferenceEmpty},
		{ModeRTGS, "HDFC12345", "", ErrReferenceNEFT},
		{ModeCheque, "004512", "004512", nil},
		{ModeCheque, "04512", "", ErrReferenceCheque},
		{ModeCheque, "0045123", "", ErrReferenceCheque},
		{ModeCheque, "00451A", "", ErrReferenceCheque},
		{ModeCash, "", "", nil},
		{ModeCash, "receipt 12", "", nil},
		{Mode("CARD"), "123", "", ErrMode},
		{Mode(""), "", "", ErrMode},
	}
	for _, tt := range tests {
		got, err := ParseReference(tt.mode, tt.in)
		if !errors.Is(err, tt.err) || got != tt.want {
			t.Errorf("ParseReference(%q, %q) = %q, %v; want %q, %v", tt.mode, tt.in, got, err, tt.want, tt.err)
		}
	}
}
