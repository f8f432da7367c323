package india

import (
	"fmt"
	"strconv"
	"time"

	"spdc/internal/i18n/msgs"
)

// IST is India Standard Time, UTC+05:30. India has kept it without daylight
// saving since 1945, so a fixed zone gives the same instants as the
// Asia/Kolkata entry of the time zone database without needing that database
// on the server.
var IST = time.FixedZone("IST", 5*60*60+30*60)

// FY is an Indian financial year, from 1 April to 31 March, named by the
// calendar year in which it starts: FY(2026) is "2026-27". From 1 April 2026
// the Income-tax Act 2025 calls the same period a tax year.
type FY int

// Form is the annual statement of donations that applies to a year.
type Form string

// The statement forms: Form 10BD under the Income-tax Act 1961 for years up
// to 2025-26, Form 113 under the Income-tax Act 2025 from tax year 2026-27.
const (
	Form10BD Form = "10BD"
	Form113  Form = "113"
)

// firstForm113Year is the first year whose donations go on Form 113.
const firstForm113Year FY = 2026

// Bounds of the years accepted from labels: earlier than this program and far
// later are typing mistakes.
const (
	minFY FY = 2000
	maxFY FY = 2098
)

// ErrFYLabel is the refusal of a financial year label.
var ErrFYLabel = problem("fy_label", msgs.DonationWriteFinancialYearAs202627)

// FYOf returns the financial year that contains the instant t, read as a
// date in loc (IST for this program).
func FYOf(t time.Time, loc *time.Location) FY {
	d := t.In(loc)
	if d.Month() < time.April {
		return FY(d.Year() - 1)
	}
	return FY(d.Year())
}

// String returns the year's label, "2026-27".
func (y FY) String() string {
	return fmt.Sprintf("%d-%02d", int(y), (int(y)+1)%100)
}

// ParseFY reads a label such as "2026-27"; the second part must be the year
// after the first.
func ParseFY(s string) (FY, error) {
	if len(s) != 7 || s[4] != '-' {
		return 0, ErrFYLabel
	}
	for i, c := range []byte(s) {
		if i != 4 && (c < '0' || c > '9') {
			return 0, ErrFYLabel
		}
	}
	start, _ := strconv.Atoi(s[:4])
	end, _ := strconv.Atoi(s[5:])
	y := FY(start)
	if y < minFY || y > maxFY || (start+1)%100 != end {
		return 0, ErrFYLabel
	}
	return y, nil
}

// Start returns the first instant of the year: 1 April, midnight in loc.
func (y FY) Start(loc *time.Location) time.Time {
	return time.Date(int(y), time.April, 1, 0, 0, 0, 0, loc)
}

// End returns the first instant after the year: 1 April of the next year,
// midnight in loc. The year is the half-open interval [Start, End).
func (y FY) End(loc *time.Location) time.Time {
	return time.Date(int(y)+1, time.April, 1, 0, 0, 0, 0, loc)
}

// Ended reports whether the year is over at the instant now.
func (y FY) Ended(now time.Time, loc *time.Location) bool {
	return !now.Before(y.End(loc))
}

// Contains reports whether the instant t falls within the year.
func (y FY) Contains(t time.Time, loc *time.Location) bool {
	return !t.Before(y.Start(loc)) && t.Before(y.End(loc))
}

// StatementDue returns the last day on which the year's statement of
// donations may be filed without penalty: 31 May after the year.
func (y FY) StatementDue(loc *time.Location) time.Time {
	return time.Date(int(y)+1, time.May, 31, 0, 0, 0, 0, loc)
}

// Form returns the statement form that applies to the year's donations.
func (y FY) Form() Form {
	if y < firstForm113Year {
		return Form10BD
	}
	return Form113
}
