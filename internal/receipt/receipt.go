package receipt

import (
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"spdc/internal/i18n"
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
	// The receipt is English in every language, and so are the
	// problems that keep it from being drawn.
	set := func(field, msg string) {
		if _, ok := fe[field]; !ok {
			fe[field] = i18n.Verbatim(msg)
		}
	}
	text := func(field, label, v string, required bool, limit int) {
		switch {
		case strings.TrimSpace(v) == "" && required:
			set(field, label+" is missing.")
		case !utf8.ValidString(v):
			set(field, label+" is not valid text.")
		case utf8.RuneCountInString(v) > limit:
			set(field, label+" is too long for a receipt.")
		}
	}
	is80G := d.ReceiptType == string(india.Receipt80G)
	switch d.ReceiptType {
	case string(india.Receipt80G), string(india.ReceiptGeneral):
	default:
		set(FieldReceiptType, "The receipt type must be 80G or General.")
	}

	t := d.Trust
	text(FieldTrustName, "The trust's name", t.Name, true, maxShort)
	text(FieldTrustPAN, "The trust's PAN", t.PAN, is80G, maxShort)
	if strings.TrimSpace(t.PAN) != "" {
		if _, err := india.ParsePAN(t.PAN); err != nil {
			set(FieldTrustPAN, "The trust's PAN is not valid: "+err.Error())
		}
	}
	if len(t.AddressLines) > maxAddress {
		set(FieldTrustAddress, "The trust's address has too many lines for a receipt.")
	}
	for _, l := range t.AddressLines {
		text(FieldTrustAddress, "The trust's address", l, false, maxShort)
	}
	text(FieldReg80GNumber, "The trust's 80G registration number", t.Reg80GNumber, is80G, maxShort)
	regDate := checkDate(set, FieldReg80GDate, "The date of the trust's 80G approval", t.Reg80GDate, is80G)
	validUntil := checkDate(set, FieldReg80GValidUntil, "The end of the trust's 80G validity period", t.Reg80GValidUntil, is80G)
	if !regDate.IsZero() && !validUntil.IsZero() && validUntil.Before(regDate) {
		set(FieldReg80GValidUntil, "The end of the trust's 80G validity period is before the date of approval.")
	}
	text(FieldSignatoryName, "The authorised signatory's name", t.SignatoryName, true, maxShort)
	text(FieldSignatoryTitle, "The authorised signatory's designation", t.SignatoryTitle, is80G, maxShort)

	var numberFY india.FY
	if strings.TrimSpace(d.Number) == "" {
		set(FieldNumber, "The receipt number is missing.")
	} else if n, err := india.ParseReceiptNumber(d.Number); err != nil {
		set(FieldNumber, err.Error())
	} else {
		numberFY = n.FY
	}
	if fy, err := india.ParseFY(d.FinancialYear); err != nil {
		set(FieldFinancialYear, err.Error())
	} else if numberFY != 0 && fy != numberFY {
		set(FieldFinancialYear, "The financial year differs from the year in the receipt number.")
	}
	if d.IssuedOn.IsZero() {
		set(FieldIssuedOn, "The date of issue is missing.")
	}
	if d.PaidOn.IsZero() {
		set(FieldPaidOn, "The date of payment is missing.")
	}

	text(FieldDonorName, "The donor's name", d.DonorName, true, maxShort)
	text(FieldDonorAddress, "The donor's address", d.DonorAddress, false, maxLong)
	switch d.DonorIDType {
	case string(india.IDPAN), string(india.IDAadhaar):
	case string(india.IDOther), string(india.IDNone):
		if is80G {
			set(FieldDonorIDType, "An 80G receipt needs the donor's PAN or Aadhaar number.")
		}
	default:
		set(FieldDonorIDType, "The donor's ID type must be PAN, AADHAAR or OTHER.")
	}
	text(FieldDonorID, "The donor's ID number", d.DonorID, d.DonorIDType != "", maxShort)
	if t, err := india.ParseIDType(d.DonorIDType); err == nil && t != india.IDNone && strings.TrimSpace(d.DonorID) != "" {
		if _, err := india.ParseID(t, d.DonorID); err != nil {
			set(FieldDonorID, "The donor's ID number is not valid: "+err.Error())
		}
	}
	if d.DonorIDType == "" && strings.TrimSpace(d.DonorID) != "" {
		set(FieldDonorIDType, "The donor's ID type is missing.")
	}

	if d.AmountPaise <= 0 {
		set(FieldAmount, "The amount must be more than zero.")
	} else if india.Paise(d.AmountPaise) > india.MaxAmount {
		set(FieldAmount, "The amount is larger than any single gift accepted.")
	}
	mode, err := india.ParseMode(d.Mode)
	if err != nil || string(mode) != d.Mode {
		set(FieldMode, "The mode must be UPI, IMPS, NEFT, RTGS, CHEQUE or CASH.")
	} else if mode != india.ModeCash {
		text(FieldReference, "The reference", d.Reference, true, maxShort)
	}
	// What the law allows on the day the gift was received: the approval
	// in force that day, and no 80G receipt for cash above the limit.
	// An approval whose dates are wrong is reported above, not here.
	if is80G && !d.PaidOn.IsZero() && (regDate.IsZero() || validUntil.IsZero() || !validUntil.Before(regDate)) {
		if err := india.Allow80G(d.PaidOn, india.Approval{Date: regDate, ValidUntil: validUntil}, mode, india.Paise(d.AmountPaise)); err != nil {
			set(FieldReceiptType, err.Error())
		}
	}
	text(FieldPurpose, "The purpose", d.Purpose, true, maxShort)
	text(FieldCancelReason, "The reason for cancelling", d.CancelReason, d.Cancelled, maxLong)

	if u, err := url.Parse(d.VerifyURL); strings.TrimSpace(d.VerifyURL) == "" {
		set(FieldVerifyURL, "The address of the receipt's verification page is missing.")
	} else if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		set(FieldVerifyURL, "The address of the receipt's verification page must be a full http or https address.")
	} else if len(d.VerifyURL) > maxURL {
		set(FieldVerifyURL, "The address of the receipt's verification page is too long for its QR code.")
	}
	if len(fe) == 0 {
		return nil
	}
	return fe
}

// checkDate reads a YYYY-MM-DD setting; an empty one is refused only when
// required.
func checkDate(set func(field, msg string), field, label, v string, required bool) time.Time {
	if strings.TrimSpace(v) == "" {
		if required {
			set(field, label+" is missing.")
		}
		return time.Time{}
	}
	t, err := time.ParseInLocation("2006-01-02", strings.TrimSpace(v), india.IST)
	if err != nil {
		set(field, label+" must be a date written as YYYY-MM-DD.")
		return time.Time{}
	}
	return t
}
