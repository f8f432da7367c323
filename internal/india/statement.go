package india

import (
	"errors"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"spdc/internal/csvout"
	"spdc/internal/i18n/msgs"
)

// IDCode is the statement's code for the kind of the donor's identity
// number.
type IDCode string

// The ID codes of the annual statement, in the order the form lists the
// documents. PAN or Aadhaar come first; the others are used only when the
// donor has neither. The trust's accountant confirms these values against
// the current filing utility.
const (
	IDCodePAN            IDCode = "1"
	IDCodeAadhaar        IDCode = "2"
	IDCodeTaxID          IDCode = "3" // tax identification number, for a donor without PAN or Aadhaar
	IDCodePassport       IDCode = "4"
	IDCodeElectorID      IDCode = "5" // voter ID
	IDCodeDrivingLicence IDCode = "6"
	IDCodeRationCard     IDCode = "7"
)

// DonationType is the nature of a donation as the statement classifies it.
type DonationType string

// The donation types of the statement.
const (
	DonationCorpus        DonationType = "Corpus"
	DonationSpecificGrant DonationType = "Specific grant"
	DonationOthers        DonationType = "Others"
)

// StatementMode is the mode of receipt as the statement classifies it.
type StatementMode string

// The modes of receipt of the statement. Bank transfers, UPI and account
// payee cheques are all electronic modes.
const (
	StatementCash       StatementMode = "Cash"
	StatementKind       StatementMode = "Kind"
	StatementElectronic StatementMode = "Electronic modes including account payee cheque/draft"
	StatementOthers     StatementMode = "Others"
)

// SectionCode80G is the statement's section code for donations under
// section 80G, the only section under which this trust receives them.
const SectionCode80G = "Section 80G"

// StatementDateLayout is how dates are written in the statement (the date of
// issue of the trust's registration number): DD-MM-YYYY.
const StatementDateLayout = "02-01-2006"

// Field limits of the annual statement.
const (
	MaxPreAcknowledgementLength = 21
	MaxUniqueIDLength           = 75
	MaxURNLength                = 100
)

// Reasons a statement cannot be built. Compare with errors.Is.
var (
	ErrStatementURN      = problem("statement_urn", msgs.DonationEnterTrustSUniqueRegistrationNumber)
	ErrStatementURNDate  = problem("statement_urn_date", msgs.DonationEnterDateTrustSRegistrationNumber)
	ErrStatementPreAck   = problem("statement_pre_ack", msgs.DonationPreAcknowledgementNumberHasAtMost)
	ErrStatementYear     = problem("statement_year", msgs.DonationDonationAnotherFinancialYearWasGiven)
	ErrStatementAmount   = problem("statement_amount", msgs.DonationDonationWithAmountZeroOrLess)
	ErrStatementCategory = problem("statement_category", msgs.DonationDonationWithoutKnownDonationTypeOr)
)

// StatementModeOf classifies a payment mode for the statement.
func StatementModeOf(m Mode) StatementMode {
	switch m {
	case ModeCash:
		return StatementCash
	case ModeUPI, ModeIMPS, ModeNEFT, ModeRTGS, ModeCheque:
		return StatementElectronic
	}
	return StatementOthers
}

// StatementDonation is one confirmed donation as the statement needs it.
type StatementDonation struct {
	Ref          string // the caller's id of the donation, returned with problems so the admin can fix it
	IDType       IDType
	IDNumber     string
	OtherIDCode  IDCode // which document an IDOther number is
	Name         string
	Address      string
	DonationType DonationType
	Mode         StatementMode
	Amount       Paise
	FY           FY
}

// StatementOptions are the trust's details that every row carries.
type StatementOptions struct {
	URN                string    // unique registration number of the trust under section 80G
	URNDate            time.Time // date of issue of the URN
	SectionCode        string    // SectionCode80G when empty
	PreAcknowledgement string    // empty for an original statement; set for a revised one
}

// StatementRow is one row of the statement: every donation of one donor of
// one donation type and mode within the year, added together.
type StatementRow struct {
	Serial       int
	IDCode       IDCode
	IDNumber     string
	Name         string
	Address      string
	DonationType DonationType
	Mode         StatementMode
	Amount       Paise
	Refs         []string // the donations added into this row
}

// Unfileable is a donation that cannot go on the statement as it is, with
// the reason in words.
type Unfileable struct {
	Ref    string
	Name   string
	Amount Paise
	Reason string
}

// Statement is the annual statement of donations of one year.
type Statement struct {
	FY         FY
	Form       Form
	Options    StatementOptions
	Rows       []StatementRow
	Unfileable []Unfileable
}

// Reasons a donation cannot be filed.
const (
	reasonNoID      = "No PAN, Aadhaar or other ID number was given."
	reasonOtherKind = "The kind of the other ID (passport, voter ID, driving licence, ration card or tax identification number) is not recorded."
	reasonBadID     = "The ID number is not valid: "
	reasonLongID    = "The ID number is longer than the statement's 75 characters."
	reasonNoName    = "The donor's name is missing."
	reasonNoAddress = "The donor's address is missing."
)

// BuildStatement adds up a year's confirmed donations as the statement
// requires: one row per donor (the same ID code and number) per donation type
// and mode of receipt, in the order their first donation was given, numbered
// from 1. A donation that cannot be filed (no ID, an ID that is not valid or
// too long, no name or address) is listed in Unfileable instead and adds to
// no row; nothing is ever truncated, because a cut ID or name would file a
// wrong statement without anyone noticing. The trust's own details that
// break a field limit, and donations of another year or with a nonsensical
// amount or category, are refused as an error: they are the caller's
// mistakes, not the donors'.
func BuildStatement(y FY, opts StatementOptions, ds []StatementDonation) (Statement, error) {
	opts.URN = strings.TrimSpace(opts.URN)
	opts.PreAcknowledgement = strings.TrimSpace(opts.PreAcknowledgement)
	if opts.SectionCode == "" {
		opts.SectionCode = SectionCode80G
	}
	switch {
	case opts.URN == "" || utf8.RuneCountInString(opts.URN) > MaxURNLength:
		return Statement{}, ErrStatementURN
	case opts.URNDate.IsZero():
		return Statement{}, ErrStatementURNDate
	case utf8.RuneCountInString(opts.PreAcknowledgement) > MaxPreAcknowledgementLength:
		return Statement{}, ErrStatementPreAck
	}
	st := Statement{FY: y, Form: y.Form(), Options: opts}
	type key struct {
		code   IDCode
		number string
		dtype  DonationType
		mode   StatementMode
	}
	index := map[key]int{}
	for _, d := range ds {
		if d.FY != y {
			return Statement{}, ErrStatementYear
		}
		if d.Amount <= 0 {
			return Statement{}, ErrStatementAmount
		}
		if !validDonationType(d.DonationType) || !validStatementMode(d.Mode) {
			return Statement{}, ErrStatementCategory
		}
		name := oneLine(d.Name)
		address := oneLine(d.Address)
		code, number, reason := statementID(d)
		switch {
		case reason != "":
		case name == "":
			reason = reasonNoName
		case address == "":
			reason = reasonNoAddress
		}
		if reason != "" {
			st.Unfileable = append(st.Unfileable, Unfileable{Ref: d.Ref, Name: name, Amount: d.Amount, Reason: reason})
			continue
		}
		k := key{code, number, d.DonationType, d.Mode}
		if i, ok := index[k]; ok {
			st.Rows[i].Amount += d.Amount
			st.Rows[i].Refs = append(st.Rows[i].Refs, d.Ref)
			continue
		}
		index[k] = len(st.Rows)
		st.Rows = append(st.Rows, StatementRow{
			Serial: len(st.Rows) + 1, IDCode: code, IDNumber: number, Name: name, Address: address,
			DonationType: d.DonationType, Mode: d.Mode, Amount: d.Amount, Refs: []string{d.Ref},
		})
	}
	return st, nil
}

// statementID returns the ID code and the normal form of the donor's number,
// or why the donation cannot be filed.
func statementID(d StatementDonation) (IDCode, string, string) {
	if d.IDType == IDNone || strings.TrimSpace(d.IDNumber) == "" {
		return "", "", reasonNoID
	}
	number, err := ParseID(d.IDType, d.IDNumber)
	if err != nil {
		if errors.Is(err, ErrOtherIDLength) {
			return "", "", reasonLongID
		}
		return "", "", reasonBadID + err.Error()
	}
	switch d.IDType {
	case IDPAN:
		return IDCodePAN, number, ""
	case IDAadhaar:
		return IDCodeAadhaar, number, ""
	}
	switch d.OtherIDCode {
	case IDCodeTaxID, IDCodePassport, IDCodeElectorID, IDCodeDrivingLicence, IDCodeRationCard:
		return d.OtherIDCode, number, ""
	}
	return "", "", reasonOtherKind
}

func validDonationType(t DonationType) bool {
	return t == DonationCorpus || t == DonationSpecificGrant || t == DonationOthers
}

func validStatementMode(m StatementMode) bool {
	return m == StatementCash || m == StatementKind || m == StatementElectronic || m == StatementOthers
}

// oneLine joins the lines of a multi-line value (an address) with commas, so
// that every row of the statement is one line of the file.
func oneLine(s string) string {
	lines := strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\r' })
	parts := lines[:0]
	for _, l := range lines {
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			parts = append(parts, strings.TrimRight(l, ","))
		}
	}
	return strings.Join(parts, ", ")
}

// StatementColumns are the statement's columns in the order of the form.
var StatementColumns = []string{
	"Sr. No.",
	"Pre Acknowledgement Number",
	"ID Code",
	"Unique Identification Number",
	"Section Code",
	"Unique Registration Number (URN)",
	"Date of Issuance of Unique Registration Number",
	"Name of donor",
	"Address of donor",
	"Donation Type",
	"Mode of receipt",
	"Amount of donation (Indian rupees)",
}

// WriteCSV writes the statement's rows as CSV: a header of StatementColumns,
// then one line per row, the amount in rupees as a plain decimal, through
// the one CSV writer (csvout), so a donor's name or address cannot run as
// a spreadsheet formula. The rows that cannot be filed are not written.
func (st Statement) WriteCSV(w io.Writer) error {
	cw := csvout.NewWriter(w)
	if err := cw.Write(StatementColumns); err != nil {
		return err
	}
	date := st.Options.URNDate.Format(StatementDateLayout)
	for _, r := range st.Rows {
		rec := []string{
			strconv.Itoa(r.Serial), st.Options.PreAcknowledgement, string(r.IDCode), r.IDNumber,
			st.Options.SectionCode, st.Options.URN, date, r.Name, r.Address,
			string(r.DonationType), string(r.Mode), r.Amount.Decimal(),
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// SplitJoint divides a joint donation with no stated shares equally among n
// donors, as the statement requires. Shares are whole paise; the paise left
// over go one each to the first donors, so the shares always add up to the
// amount. It returns nil when n is less than one.
func SplitJoint(amount Paise, n int) []Paise {
	if n < 1 {
		return nil
	}
	shares := make([]Paise, n)
	each, rest := amount/Paise(n), amount%Paise(n)
	for i := range shares {
		shares[i] = each
		if Paise(i) < rest {
			shares[i]++
		}
	}
	return shares
}
