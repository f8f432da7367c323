package care

import (
	"time"

	"spdc/internal/india"
)

// Report is a financial year of the care register in counts and sums
// only: no name, no id of a person, so every role that reads reports may
// see it whole.
type Report struct {
	FY              string      `json:"fy"`
	From            string      `json:"from"` // first day, YYYY-MM-DD
	To              string      `json:"to"`   // last day, YYYY-MM-DD
	Elders          EldersCount `json:"elders"`
	Needs           []NeedCount `json:"needs"`
	ContactsOverdue int         `json:"contactsOverdue"`
	// OverdueAsOf is the day the contacts overdue were counted on: today,
	// and only in the current year's report. The register keeps each
	// elder's next contact as it is now, not as it stood at a past year's
	// end, so a past year's report leaves the count out ("" here) rather
	// than give today's figure under that year's name.
	OverdueAsOf string        `json:"overdueAsOf"`
	HelpByMonth []MonthHelp   `json:"helpByMonth"`
	Purposes    []PurposeSums `json:"purposes"`
	Published   bool          `json:"published"`
}

// EldersCount is how many elders the program served in the year (a
// contact, an action of their plan or help given in it) and how many of
// them came to the register in it.
type EldersCount struct {
	Served int `json:"served"`
	New    int `json:"new"`
}

// NeedCount is, for one service, how many needs of the elders' latest
// assessments are still open and how many were met (an action of the
// plan for that service is done).
type NeedCount struct {
	Service string `json:"service"`
	Open    int    `json:"open"`
	Met     int    `json:"met"`
}

// MonthHelp is the approved help of one month paid from one fund: money
// paid, the value of help in kind, and how many payments and gifts in
// kind there were.
type MonthHelp struct {
	Month       string `json:"month"` // YYYY-MM
	Purpose     string `json:"purpose"`
	PaidPaise   int64  `json:"paidPaise"`
	InKindPaise int64  `json:"inKindPaise"`
	Count       int    `json:"count"`
}

// PurposeSums are a fund's year: the gifts confirmed for the purpose and
// the money paid from it.
type PurposeSums struct {
	Purpose       string `json:"purpose"`
	ReceivedPaise int64  `json:"receivedPaise"`
	PaidPaise     int64  `json:"paidPaise"`
}

// Figures are the counts and sums the store reads for a year, grouped as
// SQL groups them; NewReport lays them out.
type Figures struct {
	Served, New     int
	ContactsOverdue int
	OverdueAsOf     string // "" when not counted (see Report)
	// Needs: service → [open, met].
	Needs map[string][2]int
	// Help: one entry per month, purpose and kind that had approved help.
	Help []HelpSum
	// Received: purpose → confirmed gifts.
	Received map[string]int64
}

// HelpSum is the approved help of a month, purpose and kind.
type HelpSum struct {
	Month   string
	Purpose string
	Kind    string
	Paise   int64
	Count   int
}

// Bounds are the first and last days of the year, YYYY-MM-DD, in India.
func Bounds(fy india.FY) (from, to string) {
	return fy.Start(india.IST).Format(time.DateOnly), fy.End(india.IST).AddDate(0, 0, -1).Format(time.DateOnly)
}

// Months lists the year's months, April to March, as YYYY-MM.
func Months(fy india.FY) []string {
	out := make([]string, 0, 12)
	start := fy.Start(india.IST)
	for i := range 12 {
		out = append(out, start.AddDate(0, i, 0).Format("2006-01"))
	}
	return out
}

// NewReport lays out the figures of fy: every service, and every month of
// the year for every fund, is present (zero when nothing happened), so a
// chart or a spreadsheet of two years lines up.
func NewReport(fy india.FY, f Figures) Report {
	from, to := Bounds(fy)
	r := Report{FY: fy.String(), From: from, To: to, Elders: EldersCount{Served: f.Served, New: f.New},
		ContactsOverdue: f.ContactsOverdue, OverdueAsOf: f.OverdueAsOf, Needs: []NeedCount{}, HelpByMonth: []MonthHelp{}, Purposes: []PurposeSums{}}
	for _, s := range Services {
		n := f.Needs[s]
		r.Needs = append(r.Needs, NeedCount{Service: s, Open: n[0], Met: n[1]})
	}
	type key struct{ month, purpose string }
	help := map[key]*MonthHelp{}
	paid := map[string]int64{}
	for _, m := range Months(fy) {
		for _, p := range Funds() {
			r.HelpByMonth = append(r.HelpByMonth, MonthHelp{Month: m, Purpose: p})
		}
	}
	for i := range r.HelpByMonth {
		h := &r.HelpByMonth[i]
		help[key{h.Month, h.Purpose}] = h
	}
	for _, h := range f.Help {
		mh := help[key{h.Month, h.Purpose}]
		if mh == nil {
			continue
		}
		if h.Kind == KindMoney {
			mh.PaidPaise += h.Paise
			paid[h.Purpose] += h.Paise
		} else {
			mh.InKindPaise += h.Paise
		}
		mh.Count += h.Count
	}
	for _, p := range Funds() {
		r.Purposes = append(r.Purposes, PurposeSums{Purpose: p, ReceivedPaise: f.Received[p], PaidPaise: paid[p]})
	}
	return r
}

// Accounts are a published year as the public sees it: gifts received and
// money paid per fund and how many elders were served. Numbers only, the
// same in every language.
type Accounts struct {
	FY           string        `json:"fy"`
	From         string        `json:"from"`
	To           string        `json:"to"`
	EldersServed int           `json:"eldersServed"`
	Purposes     []PurposeSums `json:"purposes"`
	PublishedAt  time.Time     `json:"publishedAt"`
}

// AccountsOf is what the public sees of a year's report once published at.
func AccountsOf(r Report, at time.Time) Accounts {
	return Accounts{FY: r.FY, From: r.From, To: r.To, EldersServed: r.Elders.Served, Purposes: r.Purposes, PublishedAt: at.UTC()}
}
