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

// Field limits of a payment, in characters.
const (
	MaxReference   = 60
	MaxPayee       = 200
	MaxDescription = 1000
	MaxReason      = 1000
)

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
type FieldErrors map[string]string

func (fe FieldErrors) add(field, msg string) {
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
		errs.add("kind", "Please choose money or help in kind.")
	}
	switch {
	case p.AmountPaise == 0:
		errs.add("amountPaise", "The amount must be more than zero.")
	case p.AmountPaise < 0:
		errs.add("amountPaise", "The amount cannot be negative.")
	case p.AmountPaise > MaxPaymentPaise:
		errs.add("amountPaise", "The amount is larger than ₹10,00,00,000; please check it.")
	}
	if !slices.Contains(entity.DonationPurposes, p.Purpose) {
		errs.add("purpose", "Please choose the fund this help is paid from.")
	}
	if !slices.Contains(Services, p.Service) {
		errs.add("service", "Please choose the service this help is for.")
	} else if errs["purpose"] == "" && !FundMayPay(p.Purpose, p.Service) {
		errs.add("purpose", "Gifts for this purpose cannot pay for this service. Choose another fund.")
	}
	if d, err := time.Parse(time.DateOnly, p.PaidOn); err != nil || d.Format(time.DateOnly) != p.PaidOn {
		errs.add("paidOn", "Please enter the date of the payment.")
	} else if p.PaidOn > today {
		errs.add("paidOn", "The date of a payment cannot be in the future.")
	} else if p.PaidOn < "2000-01-01" {
		errs.add("paidOn", "Please check the date of the payment.")
	}
	if p.Kind == KindMoney {
		if !slices.Contains(PaymentModes, p.Mode) {
			errs.add("mode", "Please choose how the money was paid.")
		}
	} else {
		p.Mode, p.Reference = "", ""
		if p.Description == "" {
			errs.add("description", "Please say what was given.")
		}
	}
	if p.Payee == "" {
		errs.add("payee", "Please enter who received the payment.")
	}
	texts := []struct {
		field, value string
		max          int
		msg          string
	}{
		{"reference", p.Reference, MaxReference, "Please keep the reference to 60 characters."},
		{"payee", p.Payee, MaxPayee, "Please keep the payee to 200 characters."},
		{"description", p.Description, MaxDescription, "Please keep the description to 1000 characters."},
		{"overdrawReason", p.OverdrawReason, MaxReason, "Please keep the reason to 1000 characters."},
	}
	for _, t := range texts {
		if utf8.RuneCountInString(t.value) > t.max {
			errs.add(t.field, t.msg)
		} else if hasControl(t.value, t.field == "description" || t.field == "overdrawReason") {
			errs.add(t.field, "Please remove the control characters.")
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
