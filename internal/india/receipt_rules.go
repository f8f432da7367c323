package india

import (
	"time"

	"spdc/internal/i18n/msgs"
)

// The rules a receipt must respect on the date the money was received.
//
// The date is the day the gift reached the trust's account (receivedOn),
// which the admin confirms from the bank statement, not the day the donor
// says they paid (paidOn): a donation counts as received by the trust on
// that day, it is the day the annual statement (Form 10BD or 113) files it
// under and the receipt prints, and it is a date the trust can prove.
//
// An 80G receipt is allowed only when, on that day, the trust's approval
// was in force (from its date to the end of its validity, both included)
// and the gift was not cash above CashLimit80G. Which law it is under
// follows the same day: the Income-tax Act 1961 (section 80G) up to 31
// March 2026, the Income-tax Act 2025 (section 354) from 1 April 2026.

// Approval is the trust's 80G approval: the day it was granted and the last
// day of its validity.
type Approval struct {
	Date       time.Time
	ValidUntil time.Time
}

// The reasons an 80G receipt is refused for its date.
var (
	ErrBeforeApproval = problem("80g_before_approval", msgs.ReceiptGiftWasReceivedBeforeTrustS)
	ErrAfterApproval  = problem("80g_after_approval", msgs.ReceiptGiftWasReceivedAfterTrustS)
	ErrCashOver80G    = problem("80g_cash_over_limit", msgs.ReceiptCashGiftsAbove2000Cannot)
)

// Allow80G reports whether a gift of amount by mode, received on the day
// received (in India's time), may get an 80G receipt under approval a, or
// the reason it may not.
func Allow80G(received time.Time, a Approval, mode Mode, amount Paise) error {
	day := dayOf(received)
	switch {
	case mode == ModeCash && amount > CashLimit80G:
		return ErrCashOver80G
	case !a.Date.IsZero() && day.Before(dayOf(a.Date)):
		return ErrBeforeApproval
	case !a.ValidUntil.IsZero() && day.After(dayOf(a.ValidUntil)):
		return ErrAfterApproval
	}
	return nil
}

// Section names the provision an 80G receipt for a gift received on that
// day is under: section 80G of the Income-tax Act 1961 up to 31 March 2026,
// section 354 of the Income-tax Act 2025 from 1 April 2026.
func Section(received time.Time) string {
	if FYOf(received, IST).Form() == Form113 {
		return "section 354 of the Income-tax Act, 2025"
	}
	return "section 80G of the Income-tax Act, 1961"
}

// dayOf is the calendar day of t in India, at midnight.
func dayOf(t time.Time) time.Time {
	y, m, d := t.In(IST).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, IST)
}
