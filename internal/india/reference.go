package india

import (
	"strings"

	"spdc/internal/i18n/msgs"
)

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
	ErrMode             = problem("mode", msgs.DonationChooseHowPaidUpiImpsNeft)
	ErrReferenceEmpty   = problem("reference_empty", msgs.DonationEnterTransactionReferenceFromBankOr)
	ErrReferenceUPI     = problem("reference_upi", msgs.DonationUpiReferenceUtrHas12Digits)
	ErrReferenceIMPS    = problem("reference_imps", msgs.DonationImpsReferenceHas12Digits)
	ErrReferenceNEFT    = problem("reference_neft", msgs.DonationNeftOrRtgsReferenceUtrHas)
	ErrReferenceCheque  = problem("reference_cheque", msgs.DonationChequeNumberHas6Digits)
	ErrReferenceInvalid = problem("reference_invalid", msgs.DonationReferenceCanOnlyContainLettersAnd)
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
