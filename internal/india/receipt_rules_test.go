package india

import (
	"errors"
	"testing"
	"time"
)

func day(s string) time.Time {
	t, err := time.ParseInLocation(time.DateOnly, s, IST)
	if err != nil {
		panic(err)
	}
	return t
}

// TestAllow80GByDate walks the dates around the approval's start and end,
// the change of law on 1 April 2026 and the cash limit.
func TestAllow80GByDate(t *testing.T) {
	a := Approval{Date: day("2021-05-28"), ValidUntil: day("2026-03-31")}
	late := Approval{Date: day("2021-05-28"), ValidUntil: day("2031-03-31")}
	for _, c := range []struct {
		name     string
		received time.Time
		a        Approval
		mode     Mode
		amount   Paise
		want     error
		section  string
	}{
		{"the day before the approval", day("2021-05-27"), a, ModeUPI, 100_000, ErrBeforeApproval, "section 80G of the Income-tax Act, 1961"},
		{"the day of the approval", day("2021-05-28"), a, ModeUPI, 100_000, nil, "section 80G of the Income-tax Act, 1961"},
		{"late on the approval's last day", day("2026-03-31").Add(23*time.Hour + 59*time.Minute), a, ModeNEFT, 100_000, nil, "section 80G of the Income-tax Act, 1961"},
		{"the day after the validity", day("2026-04-01"), a, ModeUPI, 100_000, ErrAfterApproval, "section 354 of the Income-tax Act, 2025"},
		{"under the 2025 Act with a renewed approval", day("2026-04-01"), late, ModeUPI, 100_000, nil, "section 354 of the Income-tax Act, 2025"},
		{"31 March 2026 at 23:30 IST is still the 1961 Act (18:00 UTC)", time.Date(2026, 3, 31, 18, 0, 0, 0, time.UTC), late, ModeUPI, 100_000, nil, "section 80G of the Income-tax Act, 1961"},
		{"cash of ₹2,000", day("2025-02-20"), a, ModeCash, CashLimit80G, nil, "section 80G of the Income-tax Act, 1961"},
		{"cash of ₹2,000.01", day("2025-02-20"), a, ModeCash, CashLimit80G + 1, ErrCashOver80G, "section 80G of the Income-tax Act, 1961"},
		{"cash above the limit under the 2025 Act", day("2026-06-01"), late, ModeCash, 500_000, ErrCashOver80G, "section 354 of the Income-tax Act, 2025"},
		{"no dates in the approval are not refused here", day("2025-02-20"), Approval{}, ModeUPI, 100_000, nil, "section 80G of the Income-tax Act, 1961"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := Allow80G(c.received, c.a, c.mode, c.amount); !errors.Is(err, c.want) {
				t.Errorf("Allow80G = %v, want %v", err, c.want)
			}
			if got := Section(c.received); got != c.section {
				t.Errorf("Section = %q, want %q", got, c.section)
			}
		})
	}
}
