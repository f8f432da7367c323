package india

import (
	"strings"
	"unicode/utf8"

	"spdc/internal/i18n/msgs"
)

// IDType is the kind of identity number a donor gives.
type IDType string

// The identity numbers a donor may give. IDNone means none was given, which
// is allowed only for a General receipt up to the PAN threshold.
const (
	IDNone    IDType = ""
	IDPAN     IDType = "PAN"
	IDAadhaar IDType = "AADHAAR"
	IDOther   IDType = "OTHER"
)

// MaxOtherIDLength is the longest identity number of another kind (passport,
// voter ID …) accepted: the annual statement's field for the donor's unique
// identification number holds 75 characters.
const MaxOtherIDLength = 75

// Reasons an identity number is refused. Compare with errors.Is.
var (
	ErrIDType        = problem("id_type", msgs.DonationChoosePanAadhaarOrAnotherId)
	ErrIDEmpty       = problem("id_empty", msgs.DonationEnterIdNumber)
	ErrPANFormat     = problem("pan_format", msgs.DonationPanHasFiveLettersFourDigits)
	ErrPANHolder     = problem("pan_holder", msgs.DonationFourthLetterPanNotHolderType)
	ErrAadhaarFormat = problem("aadhaar_format", msgs.DonationAadhaarNumberHas12DigitsWritten)
	ErrAadhaarFirst  = problem("aadhaar_first", msgs.DonationAadhaarNumberNeverStartsWith0)
	ErrAadhaarCheck  = problem("aadhaar_check", msgs.DonationAadhaarNumberNotValidItsLast)
	ErrOtherIDLength = problem("other_id_length", msgs.DonationIdNumberCanHaveAtMost)
)

// ParseIDType reads an ID type as the API sends it, in any letter case.
func ParseIDType(s string) (IDType, error) {
	switch t := IDType(strings.ToUpper(strings.TrimSpace(s))); t {
	case IDNone, IDPAN, IDAadhaar, IDOther:
		return t, nil
	}
	return IDNone, ErrIDType
}

// PAN is a Permanent Account Number in its normal form: ten characters, five
// uppercase letters, four digits, one uppercase letter.
type PAN string

// PANHolder is the kind of holder the fourth letter of a PAN names.
type PANHolder byte

// The holder types of a PAN's fourth letter.
const (
	HolderPerson              PANHolder = 'P'
	HolderCompany             PANHolder = 'C'
	HolderHUF                 PANHolder = 'H' // Hindu undivided family
	HolderFirm                PANHolder = 'F'
	HolderAOP                 PANHolder = 'A' // association of persons
	HolderTrust               PANHolder = 'T'
	HolderBOI                 PANHolder = 'B' // body of individuals
	HolderLocalAuthority      PANHolder = 'L'
	HolderArtificialJuridical PANHolder = 'J'
	HolderGovernment          PANHolder = 'G'
	HolderLLP                 PANHolder = 'E' // limited liability partnership
)

var panHolders = map[PANHolder]string{
	HolderPerson: "Individual", HolderCompany: "Company", HolderHUF: "Hindu undivided family",
	HolderFirm: "Firm", HolderAOP: "Association of persons", HolderTrust: "Trust",
	HolderBOI: "Body of individuals", HolderLocalAuthority: "Local authority",
	HolderArtificialJuridical: "Artificial juridical person", HolderGovernment: "Government",
	HolderLLP: "Limited liability partnership",
}

// String names the holder type in words.
func (h PANHolder) String() string { return panHolders[h] }

// ParsePAN reads a PAN, ignoring surrounding spaces and letter case, and
// returns it in uppercase.
func ParsePAN(s string) (PAN, error) {
	s = strings.ToUpper(strings.TrimSpace(s))
	if s == "" {
		return "", ErrIDEmpty
	}
	if len(s) != 10 {
		return "", ErrPANFormat
	}
	for i := range 10 {
		c := s[i]
		letter := c >= 'A' && c <= 'Z'
		digit := c >= '0' && c <= '9'
		if (i < 5 || i == 9) && !letter || (i >= 5 && i < 9) && !digit {
			return "", ErrPANFormat
		}
	}
	if _, ok := panHolders[PANHolder(s[3])]; !ok {
		return "", ErrPANHolder
	}
	return PAN(s), nil
}

// Holder returns the holder type named by the PAN's fourth letter.
func (p PAN) Holder() PANHolder { return PANHolder(p[3]) }

// Aadhaar is an Aadhaar number in its normal form: twelve ASCII digits.
type Aadhaar string

// ParseAadhaar reads an Aadhaar number written as twelve digits, or as three
// groups of four separated by single spaces ("2345 6789 0124"), and checks
// its first digit and its Verhoeff check digit.
func ParseAadhaar(s string) (Aadhaar, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", ErrIDEmpty
	}
	if len(s) == 14 && s[4] == ' ' && s[9] == ' ' {
		s = s[:4] + s[5:9] + s[10:]
	}
	if len(s) != 12 {
		return "", ErrAadhaarFormat
	}
	for i := range 12 {
		if s[i] < '0' || s[i] > '9' {
			return "", ErrAadhaarFormat
		}
	}
	if s[0] == '0' || s[0] == '1' {
		return "", ErrAadhaarFirst
	}
	if !VerhoeffValid(s) {
		return "", ErrAadhaarCheck
	}
	return Aadhaar(s), nil
}

// ParseOtherID reads an identity number of another kind (passport, voter ID,
// driving licence …): trimmed, uppercase, at most MaxOtherIDLength characters.
func ParseOtherID(s string) (string, error) {
	s = strings.ToUpper(strings.TrimSpace(s))
	if s == "" {
		return "", ErrIDEmpty
	}
	if utf8.RuneCountInString(s) > MaxOtherIDLength {
		return "", ErrOtherIDLength
	}
	return s, nil
}

// ParseID reads an identity number of the given type and returns its normal
// form.
func ParseID(t IDType, s string) (string, error) {
	switch t {
	case IDPAN:
		p, err := ParsePAN(s)
		return string(p), err
	case IDAadhaar:
		a, err := ParseAadhaar(s)
		return string(a), err
	case IDOther:
		return ParseOtherID(s)
	case IDNone:
		return "", nil
	}
	return "", ErrIDType
}

// Mask hides all but the last four characters of an identity number for
// display ("XXXXXXXX0124"); a value of four characters or fewer is hidden
// entirely.
func Mask(s string) string {
	r := []rune(s)
	if len(r) <= 4 {
		return strings.Repeat("X", len(r))
	}
	return strings.Repeat("X", len(r)-4) + string(r[len(r)-4:])
}
