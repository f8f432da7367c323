package india

import (
	"strings"

	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
)

// ReceiptType is the kind of receipt a donor asks for.
type ReceiptType string

// The receipt types: an 80G receipt lets the donor claim the deduction; a
// General receipt only acknowledges the gift.
const (
	Receipt80G     ReceiptType = "80G"
	ReceiptGeneral ReceiptType = "General"
)

// PANThreshold is the largest amount a donor may give without a PAN: above
// INR 49,999 the PAN is mandatory.
const PANThreshold Paise = 49_999 * 100

// CashLimit80G is the largest cash gift that can get an 80G receipt; the
// deduction is not allowed for cash above INR 2,000.
const CashLimit80G Paise = 2_000 * 100

// Field names used as keys of the errors a gift check returns; they are the
// API's field names.
const (
	FieldAmount          = "amount"
	FieldIDType          = "idType"
	FieldIDNumber        = "idNumber"
	FieldReceiptType     = "receiptType"
	FieldMode            = "mode"
	FieldReference       = "reference"
	FieldResidentOfIndia = "residentOfIndia"
)

// Messages for the rules that join several fields.
var (
	msgPANRequired  = msgs.DonationPanRequiredForGiftsAbove49
	msg80GNeedsID   = msgs.Donation80gReceiptNeedsPanOrAadhaar2
	msgCash80G      = msgs.DonationCashGiftsAbove2000Cannot
	msgNonResident  = msgs.DonationWeCanAcceptGiftsOnlyFrom
	msgReceiptType  = msgs.DonationChoose80gReceiptOrGeneralReceipt
	msgResidentNeed = msgs.DonationTellUsWhetherAreResidentIn
)

// GiftReport is a gift as a donor reports it, with the values as typed.
// ResidentOfIndia is nil when the question was not answered.
type GiftReport struct {
	Amount          string
	IDType          string
	IDNumber        string
	ReceiptType     string
	Mode            string
	Reference       string
	ResidentOfIndia *bool
}

// Gift is a reported gift that passed every rule, in normal form.
type Gift struct {
	Amount      Paise
	IDType      IDType
	IDNumber    string // uppercase PAN, 12-digit Aadhaar, other ID, or empty
	ReceiptType ReceiptType
	Mode        Mode
	Reference   string // uppercase; empty for cash
}

// ParseReceiptType reads a receipt type in any letter case.
func ParseReceiptType(s string) (ReceiptType, bool) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "80G":
		return Receipt80G, true
	case "GENERAL":
		return ReceiptGeneral, true
	}
	return "", false
}

// CheckGift applies every rule to a reported gift: the amount, the ID and
// its format, the reference for the mode, a PAN above INR 49,999, PAN or
// Aadhaar for an 80G receipt, no 80G receipt for cash above INR 2,000, and
// residence in India. It returns the gift in normal form, or every problem
// found keyed by field so that the form can show them all at once.
func CheckGift(r GiftReport) (Gift, error) {
	errs := FieldErrors{}
	var g Gift

	amount, err := ParseAmount(r.Amount)
	if err != nil {
		errs.add(FieldAmount, i18n.FromError(err))
	}
	g.Amount = amount

	idType, err := ParseIDType(r.IDType)
	if err != nil {
		errs.add(FieldIDType, i18n.FromError(err))
	} else {
		g.IDType = idType
		if idType == IDNone {
			if strings.TrimSpace(r.IDNumber) != "" {
				errs.add(FieldIDType, msgs.DonationChooseWhichIdNumberPanAadhaar)
			}
		} else if n, err := ParseID(idType, r.IDNumber); err != nil {
			errs.add(FieldIDNumber, i18n.FromError(err))
		} else {
			g.IDNumber = n
		}
	}

	rt, ok := ParseReceiptType(r.ReceiptType)
	if !ok {
		errs.add(FieldReceiptType, msgReceiptType)
	}
	g.ReceiptType = rt

	mode, err := ParseMode(r.Mode)
	if err != nil {
		errs.add(FieldMode, i18n.FromError(err))
	} else {
		g.Mode = mode
		if ref, err := ParseReference(mode, r.Reference); err != nil {
			errs.add(FieldReference, i18n.FromError(err))
		} else {
			g.Reference = ref
		}
	}

	switch {
	case r.ResidentOfIndia == nil:
		errs.add(FieldResidentOfIndia, msgResidentNeed)
	case !*r.ResidentOfIndia:
		errs.add(FieldResidentOfIndia, msgNonResident)
	}

	// The rules that join fields run on whatever could be read; a field that
	// is already wrong keeps its own message.
	if g.Amount > PANThreshold && g.IDType != IDPAN && errs[FieldIDType].IsZero() {
		errs.add(FieldIDType, msgPANRequired)
	}
	if rt == Receipt80G && g.IDType != IDPAN && g.IDType != IDAadhaar && errs[FieldIDType].IsZero() {
		errs.add(FieldIDType, msg80GNeedsID)
	}
	if rt == Receipt80G && g.Mode == ModeCash && g.Amount > CashLimit80G {
		errs.add(FieldReceiptType, msgCash80G)
	}

	if len(errs) > 0 {
		return Gift{}, errs
	}
	return g, nil
}
