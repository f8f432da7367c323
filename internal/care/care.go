// Package care holds the rules of the care register's money: which fund
// may pay for which service, when a payment needs a second person's
// approval, when it would overdraw its fund, how a payment is checked
// before it is stored, and how a financial year's report is put together
// from the counts and sums the store reads. It needs neither HTTP nor SQL:
// handlers and the store call it.
package care

import (
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"spdc/internal/entity"
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/india"
)

// Services are the program's eight services, as the API names them.
var Services = entity.CareServices

// Payment kinds, modes and statuses, as stored and as the API takes them.
var (
	PaymentKinds    = entity.PaymentKinds
	PaymentModes    = entity.PaymentModes
	PaymentStatuses = entity.PaymentStatuses
)

// The kinds of help: money paid to or for an elder, or help given in kind
// (medicines, a wheelchair, food), recorded at its value.
const (
	KindMoney  = "money"
	KindInKind = "in_kind"
)

// The states of a payment. A payment is never deleted: a mistaken one is
// cancelled with a reason and stays in the books.
const (
	StatusAwaiting  = "awaiting_approval"
	StatusApproved  = "approved"
	StatusCancelled = "cancelled"
)

// DefaultThresholdPaise is the amount above which a payment needs a second
// person's approval when Settings name none: ₹5,000.
const DefaultThresholdPaise int64 = 5_000_00

// MaxPaymentPaise is the largest single payment accepted, the same bound
// as a gift's: anything larger is a typing mistake.
const MaxPaymentPaise = int64(india.MaxAmount)

// fundServices says which services each fund may pay for. The general
// fund and the program's own fund pay wherever help is most needed; a gift
// for health pays for health care and health assessments; a gift for
// travel pays for moving house, pilgrimages and visits to the temple, and
// journeys to the program's gatherings.
var fundServices = map[string][]string{
	"General": Services,
	"SPDC":    Services,
	"Health":  {"healthcare", "health_assessment"},
	"Travel":  {"relocation", "spiritual", "community"},
}

// Funds are the funds help is paid from: the donation purposes, in the
// order the donation form offers them.
func Funds() []string { return slices.Clone(entity.DonationPurposes) }

// FundMayPay reports whether gifts for purpose may pay for service.
func FundMayPay(purpose, service string) bool {
	return slices.Contains(fundServices[purpose], service)
}

// ServicesOf lists the services the fund of purpose may pay for.
func ServicesOf(purpose string) []string { return slices.Clone(fundServices[purpose]) }

// NeedsApproval reports whether a payment of amount needs a second
// person's approval: only an amount above the threshold does.
func NeedsApproval(amount, threshold int64) bool { return amount > threshold }

// Fund is one fund's money: the confirmed gifts for its purpose, the
// approved help paid from it and the help still awaiting approval.
type Fund struct {
	Purpose  string `json:"purpose"`
	Received int64  `json:"receivedPaise"`
	Paid     int64  `json:"paidPaise"`
	Awaiting int64  `json:"awaitingPaise"`
	Balance  int64  `json:"balancePaise"`
}

// NewFund is the fund of purpose with its balance worked out: what was
// received less what was paid. Help awaiting approval is shown apart and
// does not lower the balance until it is approved.
func NewFund(purpose string, received, paid, awaiting int64) Fund {
	return Fund{Purpose: purpose, Received: received, Paid: paid, Awaiting: awaiting, Balance: received - paid}
}

// Overdraws reports whether paying amount more from the fund would leave
// it below zero, counting the help already awaiting approval as promised:
// two payments waiting for approval cannot together spend the same money.
func (f Fund) Overdraws(amount int64) bool { return f.Balance-f.Awaiting-amount < 0 }

// Payment is help given as it is recorded, before the store adds its id
// and status: the body of the call that records it.
type Payment struct {
	Kind           string `json:"kind"`
	AmountPaise    int64  `json:"amountPaise"`
	Purpose        string `json:"purpose"`
	Service        string `json:"service"`
	PaidOn         string `json:"paidOn"` // YYYY-MM-DD
	Mode           string `json:"mode"`
	Reference      string `json:"reference"`
	Payee          string `json:"payee"`
	Description    string `json:"description"`
	OverdrawReason string `json:"overdrawReason"`
}

// FieldErrors maps a field of the payment to what is wrong with it.
type FieldErrors map[string]i18n.Msg

func (fe FieldErrors) add(field string, msg i18n.Msg) {
	if _, ok := fe[field]; !ok {
		fe[field] = msg
	}
}

// Check cleans p (trimmed texts; help in kind has no mode or reference)
// and lists what is wrong with it; today is the date in India, and a
// payment made later than today cannot have been made yet.
func Check(p *Payment, today string) FieldErrors {
	errs := FieldErrors{}
	p.Kind, p.Purpose, p.Service = strings.TrimSpace(p.Kind), strings.TrimSpace(p.Purpose), strings.TrimSpace(p.Service)
	p.Mode, p.Reference, p.Payee = strings.TrimSpace(p.Mode), strings.TrimSpace(p.Reference), strings.TrimSpace(p.Payee)
	p.Description, p.OverdrawReason = strings.TrimSpace(p.Description), strings.TrimSpace(p.OverdrawReason)
	if !slices.Contains(PaymentKinds, p.Kind) {
		errs.add("kind", msgs.PaymentChooseKind)
	}
	switch {
	case p.AmountPaise == 0:
		errs.add("amountPaise", msgs.DonationAmountMustMoreThanZero)
	case p.AmountPaise < 0:
		errs.add("amountPaise", msgs.DonationAmountCannotNegative)
	case p.AmountPaise > MaxPaymentPaise:
		errs.add("amountPaise", msgs.DonationAmountLargerThan100000)
	}
	if !slices.Contains(entity.DonationPurposes, p.Purpose) {
		errs.add("purpose", msgs.PaymentChooseFund)
	}
	if !slices.Contains(Services, p.Service) {
		errs.add("service", msgs.PaymentChooseService)
	} else if _, bad := errs["purpose"]; !bad && !FundMayPay(p.Purpose, p.Service) {
		errs.add("purpose", msgs.PaymentFundMayNotPay)
	}
	if d, err := time.Parse(time.DateOnly, p.PaidOn); err != nil || d.Format(time.DateOnly) != p.PaidOn {
		errs.add("paidOn", msgs.PaymentEnterDate)
	} else if p.PaidOn > today {
		errs.add("paidOn", msgs.PaymentDateFuture)
	} else if p.PaidOn < "2000-01-01" {
		errs.add("paidOn", msgs.PaymentCheckDate)
	}
	if p.Kind == KindMoney {
		if !slices.Contains(PaymentModes, p.Mode) {
			errs.add("mode", msgs.PaymentChooseMode)
		}
	} else {
		p.Mode, p.Reference = "", ""
		if p.Description == "" {
			errs.add("description", msgs.PaymentSayWhatGiven)
		}
	}
	if p.Payee == "" {
		errs.add("payee", msgs.PaymentEnterPayee)
	}
	texts := []struct {
		field, value string
		msg          i18n.Msg
	}{
		{"reference", p.Reference, msgs.PaymentReferenceTooLong},
		{"payee", p.Payee, msgs.PaymentPayeeTooLong},
		{"description", p.Description, msgs.PaymentDescriptionTooLong},
		{"overdrawReason", p.OverdrawReason, msgs.PaymentReasonTooLong},
	}
	for _, t := range texts {
		// The limits are the payment form's definition, which the web
		// app's form checks too.
		if max := entity.CarePayments.Field(t.field).Max; utf8.RuneCountInString(t.value) > max {
			errs.add(t.field, t.msg.With("n", max))
		} else if hasControl(t.value, t.field == "description" || t.field == "overdrawReason") {
			errs.add(t.field, msgs.PaymentRemoveControlCharacters)
		}
	}
	return errs
}

// hasControl reports whether s holds a control character (line breaks
// are allowed in long texts).
func hasControl(s string, long bool) bool {
	for _, r := range s {
		if r == '\n' && long {
			continue
		}
		if r < 0x20 || r == 0x7f {
			return true
		}
	}
	return false
}
