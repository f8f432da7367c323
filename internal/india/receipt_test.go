package india

import (
	"errors"
	"testing"
)

func TestParsePrefix(t *testing.T) {
	tests := []struct {
		in   string
		want string
		err  error
	}{
		{"RCP", "RCP", nil},
		{"spdc-80g", "SPDC-80G", nil},
		{"A", "A", nil},
		{"ABCDEFGHIJKL", "ABCDEFGHIJKL", nil},
		{"ABCDEFGHIJKLM", "", ErrPrefix},
		{"", "", ErrPrefix},
		{"-RCP", "", ErrPrefix},
		{"RCP-", "", ErrPrefix},
		{"RC P", "", ErrPrefix},
		{"RCP/1", "", ErrPrefix},
		{"RCP_1", "", ErrPrefix},
		{"रसीद", "", ErrPrefix},
	}
	for _, tt := range tests {
		got, err := ParsePrefix(tt.in)
		if !errors.Is(err, tt.err) || got != tt.want {
			t.Errorf("ParsePrefix(%q) = %q, %v; want %q, %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}

func TestReceiptNumber(t *testing.T) {
	n, err := NewReceiptNumber("rcp", 2026, 1)
	if err != nil || n.String() != "RCP/2026-27/000001" {
		t.Fatalf("NewReceiptNumber = %v, %v", n, err)
	}
	last, err := NewReceiptNumber("SPDC-80G", 2025, MaxReceiptSeq)
	if err != nil || last.String() != "SPDC-80G/2025-26/999999" {
		t.Fatalf("NewReceiptNumber = %v, %v", last, err)
	}
	for _, seq := range []int{0, -1, MaxReceiptSeq + 1} {
		if _, err := NewReceiptNumber("RCP", 2026, seq); !errors.Is(err, ErrReceiptSeq) {
			t.Errorf("NewReceiptNumber(seq %d) error = %v", seq, err)
		}
	}
	if _, err := NewReceiptNumber("R/P", 2026, 1); !errors.Is(err, ErrPrefix) {
		t.Errorf("bad prefix error = %v", err)
	}
	if _, err := NewReceiptNumber("RCP", 1500, 1); !errors.Is(err, ErrFYLabel) {
		t.Errorf("bad year error = %v", err)
	}

	tests := []struct {
		in   string
		want ReceiptNumber
		err  error
	}{
		{"RCP/2026-27/000001", ReceiptNumber{"RCP", 2026, 1}, nil},
		{"rcp/2026-27/000042", ReceiptNumber{"RCP", 2026, 42}, nil},
		{" SPDC-80G/2025-26/999999 ", ReceiptNumber{"SPDC-80G", 2025, 999999}, nil},
		{"RCP/2026-27/000000", ReceiptNumber{}, ErrReceiptSeq},
		{"RCP/2026-27/1", ReceiptNumber{}, ErrReceiptNumber},
		{"RCP/2026-27/0000001", ReceiptNumber{}, ErrReceiptNumber},
		{"RCP/2026-28/000001", ReceiptNumber{}, ErrReceiptNumber},
		{"RCP/2026-27/00000A", ReceiptNumber{}, ErrReceiptNumber},
		{"RCP/2026-27/-00001", ReceiptNumber{}, ErrReceiptNumber},
		{"RCP 2026-27 000001", ReceiptNumber{}, ErrReceiptNumber},
		{"RCP /2026-27/000001", ReceiptNumber{}, ErrReceiptNumber},
		{"/2026-27/000001", ReceiptNumber{}, ErrReceiptNumber},
		{"A/B/2026-27/000001", ReceiptNumber{}, ErrReceiptNumber},
		{"", ReceiptNumber{}, ErrReceiptNumber},
	}
	for _, tt := range tests {
		got, err := ParseReceiptNumber(tt.in)
		if !errors.Is(err, tt.err) || got != tt.want {
			t.Errorf("ParseReceiptNumber(%q) = %v, %v; want %v, %v", tt.in, got, err, tt.want, tt.err)
		}
		if err == nil {
			back, err := ParseReceiptNumber(got.String())
			if err != nil || back != got {
				t.Errorf("round trip of %v = %v, %v", got, back, err)
			}
		}
	}
}
