package india

import "strings"

// Mode is how a gift was paid.
type Mode string

// The payment modes a donor may report.
const (
	ModeUPI    Mode = "UPI"
	ModeIMPS   Mode = "IMPS"
	ModeNEFT   Mode = "NEFT"
	ModeRTGS   Mode = "RTGS"
	ModeCheque Mode = "CHEQUE"
	ModeCash   Mode = "CASH"
)

// Reasons a mode or transfer reference is refused. Compare with errors.Is.
var (
	ErrMode             = problem("mode", "Choose how you paid: UPI, IMPS, NEFT, RTGS, cheque or cash.")
	ErrReferenceEmpty   = problem("reference_empty", "Enter the transaction reference from your bank or UPI app.")
	ErrReferenceUPI     = problem("reference_upi", "A UPI reference (UTR) has 12 digits.")
	ErrReferenceIMPS    = problem("reference_imps", "An IMPS reference has 12 digits.")
	ErrReferenceNEFT    = problem("reference_neft", "A NEFT or RTGS reference (UTR) has 16 to 22 letters and digits.")
	ErrReferenceCheque  = problem("reference_cheque", "A cheque number has 6 digits.")
	ErrReferenceInvalid = problem("reference_invalid", "The reference can only contain letters and digits.")
)

// ParseMode reads a payment mode as the API sends it, in any letter case.
func ParseMode(s string) (Mode, error) {
	switch m := Mode(strings.ToUpper(strings.TrimSpace(s))); m {
	case ModeUPI, ModeIMPS, ModeNEFT, ModeRTGS, ModeCheque, ModeCash:
		return m, nil
	}
	return "", ErrMode
}

// ParseReference checks a transfer reference against the format of its
// mode and returns it trimmed and in uppercase: UPI and IMPS 12 digits, NEFT
// and RTGS 16 to 22 letters and digits (banks differ in length), a cheque 6
// digits. Cash has no reference, and whatever was typed for it is dropped.
func ParseReference(m Mode, s string) (string, error) {
	s = strings.ToUpper(strings.TrimSpace(s))
	if m == ModeCash {
		return "", nil
	}
	if s == "" {
		switch m {
		case ModeUPI, ModeIMPS, ModeNEFT, ModeRTGS, ModeCheque:
			return "", ErrReferenceEmpty
		}
		return "", ErrMode
	}
	digits, alnum := true, true
	for i := range len(s) {
		c := s[i]
		isDigit := c >= '0' && c <= '9'
		if !isDigit {
			digits = false
		}
		if !isDigit && (c < 'A' || c > 'Z') {
			alnum = false
		}
	}
	switch m {
	case ModeUPI:
		if !digits || len(s) != 12 {
			return "", ErrReferenceUPI
		}
	case ModeIMPS:
		if !digits || len(s) != 12 {
			return "", ErrReferenceIMPS
		}
	case ModeNEFT, ModeRTGS:
		if !alnum {
			return "", ErrReferenceInvalid
		}
		if len(s) < 16 || len(s) > 22 {
			return "", ErrReferenceNEFT
		}
	case ModeCheque:
		if !digits || len(s) != 6 {
			return "", ErrReferenceCheque
		}
	default:
		return "", ErrMode
	}
	return s, nil
}
