package india

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// The published Verhoeff tables, kept here to check the ones the package
// derives from the group's definition.
var (
	publishedD = [10][10]uint8{
		{0, 1, 2, 3, 4, 5, 6, 7, 8, 9},
		{1, 2, 3, 4, 0, 6, 7, 8, 9, 5},
		{2, 3, 4, 0, 1, 7, 8, 9, 5, 6},
		{3, 4, 0, 1, 2, 8, 9, 5, 6, 7},
		{4, 0, 1, 2, 3, 9, 5, 6, 7, 8},
		{5, 9, 8, 7, 6, 0, 4, 3, 2, 1},
		{6, 5, 9, 8, 7, 1, 0, 4, 3, 2},
		{7, 6, 5, 9, 8, 2, 1, 0, 4, 3},
		{8, 7, 6, 5, 9, 3, 2, 1, 0, 4},
		{9, 8, 7, 6, 5, 4, 3, 2, 1, 0},
	}
	publishedP = [8][10]uint8{
		{0, 1, 2, 3, 4, 5, 6, 7, 8, 9},
		{1, 5, 7, 6, 2, 8, 3, 0, 9, 4},
		{5, 8, 0, 3, 7, 9, 6, 1, 4, 2},
		{8, 9, 1, 6, 0, 4, 3, 5, 2, 7},
		{9, 4, 5, 3, 1, 2, 6, 8, 7, 0},
		{4, 2, 8, 6, 5, 7, 3, 9, 0, 1},
		{2, 7, 9, 3, 8, 0, 6, 4, 1, 5},
		{7, 0, 4, 6, 9, 1, 3, 2, 5, 8},
	}
	publishedInv = [10]uint8{0, 4, 3, 2, 1, 5, 6, 7, 8, 9}
)

func TestVerhoeffTables(t *testing.T) {
	if verhoeffD != publishedD {
		t.Errorf("multiplication table differs from the published one:\n%v", verhoeffD)
	}
	if verhoeffP != publishedP {
		t.Errorf("permutation table differs from the published one:\n%v", verhoeffP)
	}
	if verhoeffInv != publishedInv {
		t.Errorf("inverse table = %v, want %v", verhoeffInv, publishedInv)
	}
}

func TestVerhoeff(t *testing.T) {
	digits := []struct {
		in   string
		want byte
	}{
		{"236", '3'}, {"12345", '1'}, {"142857", '0'}, {"99994105705", '8'}, {"", '0'},
	}
	for _, tt := range digits {
		got, ok := VerhoeffDigit(tt.in)
		if !ok || got != tt.want {
			t.Errorf("VerhoeffDigit(%q) = %c, %v; want %c", tt.in, got, ok, tt.want)
		}
	}
	if _, ok := VerhoeffDigit("12a"); ok {
		t.Error("VerhoeffDigit accepted a letter")
	}
	valid := []struct {
		in   string
		want bool
	}{
		{"2363", true}, {"123451", true}, {"1428570", true}, {"999941057058", true},
		{"2364", false}, {"2336", false}, {"", false}, {"236a", false}, {"999941057085", false},
	}
	for _, tt := range valid {
		if got := VerhoeffValid(tt.in); got != tt.want {
			t.Errorf("VerhoeffValid(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestVerhoeffCatchesTypingMistakes checks the two properties the scheme is
// chosen for on many random numbers: every single wrong digit and every swap
// of two adjacent different digits is detected.
func TestVerhoeffCatchesTypingMistakes(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		b := make([]byte, 11)
		for i := range b {
			b[i] = byte('0' + r.IntN(10))
		}
		d, _ := VerhoeffDigit(string(b))
		s := []byte(string(b) + string(d))
		if !VerhoeffValid(string(s)) {
			t.Fatalf("%s with its own check digit is not valid", s)
		}
		i := r.IntN(len(s))
		orig := s[i]
		s[i] = byte('0' + (int(orig-'0')+1+r.IntN(9))%10)
		if VerhoeffValid(string(s)) {
			t.Fatalf("single wrong digit at %d not detected: %s", i, s)
		}
		s[i] = orig
		j := r.IntN(len(s) - 1)
		if s[j] != s[j+1] {
			s[j], s[j+1] = s[j+1], s[j]
			if VerhoeffValid(string(s)) {
				t.Fatalf("swap at %d not detected: %s", j, s)
			}
		}
	}
}

func TestParsePAN(t *testing.T) {
	tests := []struct {
		in     string
		want   PAN
		holder PANHolder
		err    error
	}{
		{"ABCPE1234F", "ABCPE1234F", HolderPerson, nil},
		{"abcpe1234f", "ABCPE1234F", HolderPerson, nil},
		{"  AAATC1234Z ", "AAATC1234Z", HolderTrust, nil},
		{"AAACC1234Z", "AAACC1234Z", HolderCompany, nil},
		{"AAAHH1234Z", "AAAHH1234Z", HolderHUF, nil},
		{"", "", 0, ErrIDEmpty},
		{"ABCPE1234", "", 0, ErrPANFormat},
		{"ABCPE12345F", "", 0, ErrPANFormat},
		{"ABCPE12F4F", "", 0, ErrPANFormat},
		{"1BCPE1234F", "", 0, ErrPANFormat},
		{"ABCPE12341", "", 0, ErrPANFormat},
		{"ABC PE1234", "", 0, ErrPANFormat},
		{"ABCPE-1234F", "", 0, ErrPANFormat},
		{"ABCPE१२३४F", "", 0, ErrPANFormat},
		{"ÄBCPE1234F", "", 0, ErrPANFormat},
		{"ABCXE1234F", "", 0, ErrPANHolder},
		{"ABCZE1234F", "", 0, ErrPANHolder},
	}
	for _, tt := range tests {
		got, err := ParsePAN(tt.in)
		if !errors.Is(err, tt.err) || got != tt.want {
			t.Errorf("ParsePAN(%q) = %q, %v; want %q, %v", tt.in, got, err, tt.want, tt.err)
			continue
		}
		if err == nil && got.Holder() != tt.holder {
			t.Errorf("ParsePAN(%q).Holder() = %c, want %c", tt.in, got.Holder(), tt.holder)
		}
	}
	if HolderPerson.String() != "Individual" || HolderTrust.String() != "Trust" {
		t.Error("holder names wrong")
	}
}

func TestParseAadhaar(t *testing.T) {
	tests := []struct {
		in   string
		want Aadhaar
		err  error
	}{
		{"999941057058", "999941057058", nil},
		{"9999 4105 7058", "999941057058", nil},
		{" 234567890124 ", "234567890124", nil},
		{"", "", ErrIDEmpty},
		{"99994105705", "", ErrAadhaarFormat},
		{"9999410570588", "", ErrAadhaarFormat},
		{"9999-4105-7058", "", ErrAadhaarFormat},
		{"9999  4105 7058", "", ErrAadhaarFormat},
		{"99 9941 057058", "", ErrAadhaarFormat},
		{"9999 41057058", "", ErrAadhaarFormat},
		{"99994105705A", "", ErrAadhaarFormat},
		{"९९९९४१०५७०५८", "", ErrAadhaarFormat},
		{"012345678901", "", ErrAadhaarFirst},
		{"123456789012", "", ErrAadhaarFirst},
		{"999941057059", "", ErrAadhaarCheck},
		{"999914057058", "", ErrAadhaarCheck},
	}
	for _, tt := range tests {
		got, err := ParseAadhaar(tt.in)
		if !errors.Is(err, tt.err) || got != tt.want {
			t.Errorf("ParseAadhaar(%q) = %q, %v; want %q, %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}

func TestParseID(t *testing.T) {
	tests := []struct {
		typ  IDType
		in   string
		want string
		err  error
	}{
		{IDPAN, "abcpe1234f", "ABCPE1234F", nil},
		{IDAadhaar, "9999 4105 7058", "999941057058", nil},
		{IDOther, " z1234567 ", "Z1234567", nil},
		{IDOther, strings.Repeat("A", 75), strings.Repeat("A", 75), nil},
		{IDOther, strings.Repeat("A", 76), "", ErrOtherIDLength},
		{IDOther, "  ", "", ErrIDEmpty},
		{IDNone, "", "", nil},
		{IDType("VOTER"), "X", "", ErrIDType},
	}
	for _, tt := range tests {
		got, err := ParseID(tt.typ, tt.in)
		if !errors.Is(err, tt.err) || got != tt.want {
			t.Errorf("ParseID(%q, %q) = %q, %v; want %q, %v", tt.typ, tt.in, got, err, tt.want, tt.err)
		}
	}
	for in, want := range map[string]IDType{"pan": IDPAN, " Aadhaar ": IDAadhaar, "OTHER": IDOther, "": IDNone} {
		if got, err := ParseIDType(in); err != nil || got != want {
			t.Errorf("ParseIDType(%q) = %q, %v", in, got, err)
		}
	}
	if _, err := ParseIDType("passport"); !errors.Is(err, ErrIDType) {
		t.Errorf("ParseIDType(passport) error = %v", err)
	}
}

func TestMask(t *testing.T) {
	tests := map[string]string{
		"999941057058": "XXXXXXXX7058",
		"ABCPE1234F":   "XXXXXX234F",
		"ABCD":         "XXXX",
		"AB":           "XX",
		"":             "",
		"पासपोर्ट1234": "XXXXXXXX1234",
	}
	for in, want := range tests {
		if got := Mask(in); got != want {
			t.Errorf("Mask(%q) = %q, want %q", in, got, want)
		}
	}
}
