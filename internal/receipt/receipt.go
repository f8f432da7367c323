package receipt

import (
	"errors"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/india"
)

// Trust is the issuing trust as its settings describe it. Dates are written
// YYYY-MM-DD, or left empty when unknown.
type Trust struct {
	Name             string
	PAN              string
	AddressLines     []string
	Reg80GNumber     string
	Reg80GDate       string // date of the 80G approval; the validity period starts here
	Reg80GValidUntil string // last day of the approval's validity
	SignatoryName    string
	SignatoryTitle   string
}

// Data is everything one receipt shows.
type Data struct {
	Trust         Trust
	Number        string    // "PREFIX/2026-27/000001"
	IssuedOn      time.Time // date of issue (of the original, for a Duplicate); printed as a date in India time
	FinancialYear string    // "2026-27"; must be the year in Number
	DonorName     string
	DonorAddress  string // may hold several lines
	DonorIDType   string // "PAN" | "AADHAAR" | "OTHER" | ""
	DonorID       string // printed whole: the receipt is the one place it is
	AmountPaise   int64
	PaidOn        time.Time // date the donor paid
	Mode          string    // UPI | IMPS | NEFT | RTGS | CHEQUE | CASH
	Reference     string    // transfer reference or cheque number; empty for cash
	Purpose       string    // General | Health | Travel | SPDC
	ReceiptType   string    // "80G" | "General"
	Duplicate     bool      // a reissue, marked "Duplicate"
	Cancelled     bool      // marked "CANCELLED" across the page
	CancelReason  string
	VerifyURL     string // absolute http(s) URL the QR code opens
}

// Limits on the length of the texts printed, in characters. They are far
// above anything the site's forms accept; they keep a broken caller from
// producing a receipt of hundreds of pages.
const (
	maxShort   = 300  // names, numbers, titles, purpose
	maxLong    = 1000 // addresses and the cancel reason
	maxURL     = 500  // the QR code stays readable when printed small
	maxAddress = 10   // lines of the trust's address
)

// Keys of the errors Check returns, named after the fields of Data.
const (
	FieldTrustName        = "trust.name"
	FieldTrustPAN         = "trust.pan"
	FieldTrustAddress     = "trust.addressLines"
	FieldReg80GNumber     = "trust.reg80GNumber"
	FieldReg80GDate       = "trust.reg80GDate"
	FieldReg80GValidUntil = "trust.reg80GValidUntil"
	FieldSignatoryName    = "trust.signatoryName"
	FieldSignatoryTitle   = "trust.signatoryTitle"
	FieldNumber           = "number"
	FieldIssuedOn         = "issuedOn"
	FieldFinancialYear    = "financialYear"
	FieldDonorName        = "donorName"
	FieldDonorAddress     = "donorAddress"
	FieldDonorIDType      = "donorIdType"
	FieldDonorID          = "donorId"
	FieldAmount           = "amountPaise"
	FieldPaidOn           = "paidOn"
	FieldMode             = "mode"
	FieldReference        = "reference"
	FieldPurpose          = "purpose"
	FieldReceiptType      = "receiptType"
	FieldCancelReason     = "cancelReason"
	FieldVerifyURL        = "verifyURL"
)

// Check returns what is missing or wrong in d, keyed by field, or nil when
// the receipt can be drawn. An 80G receipt needs more than a General one:
// the trust's PAN and whole 80G approval, the signatory's name and
// designation, and the donor's PAN or Aadhaar; and it cannot be given for
// cash above the limit the law allows.
func Check(d Data) india.FieldErrors {
	fe := india.FieldErrors{}
	// The receipt is English in every language; the problems that keep
	// it from being drawn are said in the language of whoever reads them.
	set := func(field string, msg i18n.Msg) {
		if _, ok := fe[field]; !ok {
			fe[field] = msg
		}
	}
	text := func(field string, what i18n.Msg, v string, required bool, limit int) {
		switch {
		case strings.TrimSpace(v) == "" && required:
			set(field, msgs.ReceiptProblemMissing.With("what", what))
		case !utf8.ValidString(v):
			set(field, msgs.ReceiptProblemNotText.With("what", what))
		case utf8.RuneCountInString(v) > limit:
			set(field, msgs.ReceiptProblemTooLong.With("what", what))
		}
	}
	is80G := d.ReceiptType == string(india.Receipt80G)
	switch d.ReceiptType {
	case string(india.Receipt80G), string(india.ReceiptGeneral):
	default:
		set(FieldReceiptType, msgs.ReceiptProblemType)
	}

	t := d.Trust
	text(FieldTrustName, msgs.ReceiptWhatTrustName, t.Name, true, maxShort)
	text(FieldTrustPAN, msgs.ReceiptWhatTrustPan, t.PAN, is80G, maxShort)
	if strings.TrimSpace(t.PAN) != "" {
		if _, err := india.ParsePAN(t.PAN); err != nil {
			set(FieldTrustPAN, msgs.ReceiptProblemNotValid.With("what", msgs.ReceiptWhatTrustPan).With("why", why(err)))
		}
	}
	if len(t.AddressLines) > maxAddress {
		set(FieldTrustAddress, msgs.ReceiptProblemAddressLines)
	}
	for _, l := range t.AddressLines {
		text(FieldTrustAddress, msgs.ReceiptWhatTrustAddress, l, false, maxShort)
	}
	text(FieldReg80GNumber, msgs.ReceiptWhatReg80GNumber, t.Reg80GNumber, is80G, maxShort)
	regDate := checkDate(set, FieldReg80GDate, msgs.ReceiptWhatReg80GDate, t.Reg80GDate, is80G)
	validUntil := checkDate(set, FieldReg80GValidUntil, msgs.ReceiptWhatReg80GValidUntil, t.Reg80GValidUntil, is80G)
	if !regDate.IsZero() && !validUntil.IsZero() && validUntil.Before(regDate) {
		set(FieldReg80GValidUntil, msgs.ReceiptProblemValidityBeforeApproval)
	}
	text(FieldSignatoryName, msgs.ReceiptWhatSignatoryName, t.SignatoryName, true, maxShort)
	text(FieldSignatoryTitle, msgs.ReceiptWhatSignatoryTitle, t.SignatoryTitle, is80G, maxShort)

	var numberFY india.FY
	if strings.TrimSpace(d.Number) == "" {
		set(FieldNumber, msgs.ReceiptProblemMissing.With("what", msgs.ReceiptWhatNumber))
	} else if n, err := india.ParseReceiptNumber(d.Number); err != nil {
		set(FieldNumber, why(err))
	} else {
		numberFY = n.FY
	}
	if fy, err := india.ParseFY(d.FinancialYear); err != nil {
		set(FieldFinancialYear, why(err))
	} else if numberFY != 0 && fy != numberFY {
		set(FieldFinancialYear, msgs.ReceiptProblemYearDiffers)
	}
	if d.IssuedOn.IsZero() {
		set(FieldIssuedOn, msgs.ReceiptProblemMissing.With("what", msgs.ReceiptWhatIssuedOn))
	}
	if d.PaidOn.IsZero() {
		set(FieldPaidOn, msgs.ReceiptProblemMissing.With("what", msgs.ReceiptWhatPaidOn))
	}

	text(FieldDonorName, msgs.ReceiptWhatDonorName, d.DonorName, true, maxShort)
	text(FieldDonorAddress, msgs.ReceiptWhatDonorAddress, d.DonorAddress, false, maxLong)
	switch d.DonorIDType {
	case string(india.IDPAN), string(india.IDAadhaar):
	case string(india.IDOther), string(india.IDNone):
		if is80G {
			set(FieldDonorIDType, msgs.ReceiptProblemNeedsID)
		}
	default:
		set(FieldDonorIDType, msgs.ReceiptProblemIdType)
	}
	text(FieldDonorID, msgs.ReceiptWhatDonorID, d.DonorID, d.DonorIDType != "", maxShort)
	if t, err := india.ParseIDType(d.DonorIDType); err == nil && t != india.IDNone && strings.TrimSpace(d.DonorID) != "" {
		if _, err := india.ParseID(t, d.DonorID); err != nil {
			set(FieldDonorID, msgs.ReceiptProblemNotValid.With("what", msgs.ReceiptWhatDonorID).With("why", why(err)))
		}
	}
	if d.DonorIDType == "" && strings.TrimSpace(d.DonorID) != "" {
		set(FieldDonorIDType, msgs.ReceiptProblemMissing.With("what", msgs.ReceiptWhatDonorIDType))
	}

	if d.AmountPaise <= 0 {
		set(FieldAmount, msgs.ReceiptProblemAmountZero)
	} else if india.Paise(d.AmountPaise) > india.MaxAmount {
		set(FieldAmount, msgs.ReceiptProblemAmountTooLarge)
	}
	mode, err := india.ParseMode(d.Mode)
	if err != nil || string(mode) != d.Mode {
		set(FieldMode, msgs.ReceiptProblemMode)
	} else if mode != india.ModeCash {
		text(FieldReference, msgs.ReceiptWhatReference, d.Reference, true, maxShort)
	}
	// What the law allows on the day the gift was received: the approval
	// in force that day, and no 80G receipt for cash above the limit.
	// An approval whose dates are wrong is reported above, not here.
	if is80G && !d.PaidOn.IsZero() && (regDate.IsZero() || validUntil.IsZero() || !validUntil.Before(regDate)) {
		if err := india.Allow80G(d.PaidOn, india.Approval{Date: regDate, ValidUntil: validUntil}, mode, india.Paise(d.AmountPaise)); err != nil {
			set(FieldReceiptType, why(err))
		}
	}
	text(FieldPurpose, msgs.ReceiptWhatPurpose, d.Purpose, true, maxShort)
	text(FieldCancelReason, msgs.ReceiptWhatCancelReason, d.CancelReason, d.Cancelled, maxLong)

	if u, err := url.Parse(d.VerifyURL); strings.TrimSpace(d.VerifyURL) == "" {
		set(FieldVerifyURL, msgs.ReceiptProblemMissing.With("what", msgs.ReceiptWhatVerifyURL))
	} else if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		set(FieldVerifyURL, msgs.ReceiptProblemVerifyURLNotFull)
	} else if len(d.VerifyURL) > maxURL {
		set(FieldVerifyURL, msgs.ReceiptProblemVerifyURLTooLong)
	}
	if len(fe) == 0 {
		return nil
	}
	return fe
}

// checkDate reads a YYYY-MM-DD setting; an empty one is refused only when
// required.
func checkDate(set func(string, i18n.Msg), field string, what i18n.Msg, v string, required bool) time.Time {
	if strings.TrimSpace(v) == "" {
		if required {
			set(field, msgs.ReceiptProblemMissing.With("what", what))
		}
		return time.Time{}
	}
	t, err := time.ParseInLocation("2006-01-02", strings.TrimSpace(v), india.IST)
	if err != nil {
		set(field, msgs.ReceiptProblemNotDate.With("what", what))
		return time.Time{}
	}
	return t
}

// why is the message of an input india refused, in every language; an
// error of another kind is said as it is.
func why(err error) i18n.Msg {
	var p *india.Problem
	if errors.As(err, &p) {
		return p.Say()
	}
	return i18n.Verbatim(err.Error())
}
