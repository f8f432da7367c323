package bankimport

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"spdc/internal/india"
)

// Candidate is a reported donation waiting to be matched.
type Candidate struct {
	ID          string
	AmountPaise int64
	PaidOn      time.Time // the date the donor gave
	Mode        string
	Reference   string
}

// Match proposes that a statement row pays a candidate. Score orders
// matches, higher is better; Reasons says what agreed, from ReasonReference,
// ReasonAmount and ReasonDate.
type Match struct {
	Row         Row
	CandidateID string
	Score       int
	Reasons     []string
}

// The reasons a match gives.
const (
	ReasonReference = "reference"
	ReasonAmount    = "amount"
	ReasonDate      = "date ±3 days"
)

// dateWindow is how many days the bank's date may differ from the date the
// donor reported: transfers made late in the day, on holidays or by cheque
// reach the account a day or more later, and donors misremember by a day.
const dateWindow = 3

// Scores: a shared reference outweighs everything else; among matches by
// amount and date, the closer date wins.
const (
	scoreReference = 100
	scoreAmount    = 20
	scoreDate      = 10 // minus two for each day apart
)

// Propose pairs statement rows with candidates. A row and a candidate with
// the same reference are a strong match, even when the amounts differ (the
// admin sees both); otherwise a row and a candidate with the same amount
// and dates at most three days apart are proposed. Pairs are taken best
// first, so that each row and each candidate appears in at most one match;
// on equal scores the earlier row and then the smaller candidate ID win.
// The result is sorted best first, then by line.
func Propose(rows []Row, cands []Candidate) []Match {
	type pair struct {
		row, cand int
		score     int
		reasons   []string
	}
	var pairs []pair
	for i, r := range rows {
		for j, c := range cands {
			score := 0
			var reasons []string
			if refMatch(r, c) {
				score += scoreReference
				reasons = append(reasons, ReasonReference)
			}
			if r.AmountPaise == c.AmountPaise {
				score += scoreAmount
				reasons = append(reasons, ReasonAmount)
			}
			days := daysApart(r.Date, c.PaidOn)
			if days <= dateWindow {
				score += scoreDate - 2*days
				reasons = append(reasons, ReasonDate)
			}
			if score >= scoreReference || (r.AmountPaise == c.AmountPaise && days <= dateWindow) {
				pairs = append(pairs, pair{i, j, score, reasons})
			}
		}
	}
	slices.SortStableFunc(pairs, func(a, b pair) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		if c := cmp.Compare(rows[a.row].Line, rows[b.row].Line); c != 0 {
			return c
		}
		return cmp.Compare(cands[a.cand].ID, cands[b.cand].ID)
	})
	rowUsed := make([]bool, len(rows))
	candUsed := make([]bool, len(cands))
	var out []Match
	for _, p := range pairs {
		if rowUsed[p.row] || candUsed[p.cand] {
			continue
		}
		rowUsed[p.row], candUsed[p.cand] = true, true
		out = append(out, Match{Row: rows[p.row], CandidateID: cands[p.cand].ID, Score: p.score, Reasons: p.reasons})
	}
	// Taken in score order, so already best first.
	return out
}

// refMatch reports whether the candidate's reference is among the row's.
// A reference shorter than a cheque number is too weak to match on.
func refMatch(r Row, c Candidate) bool {
	if len(strings.Join(tokens(c.Reference), "")) < chequeLength {
		return false
	}
	for _, ref := range r.References {
		if sameReference(ref, c.Reference) {
			return true
		}
	}
	return false
}

// daysApart counts the calendar days between two instants read as dates in
// India time.
func daysApart(a, b time.Time) int {
	day := func(t time.Time) int64 {
		y, m, d := t.In(india.IST).Date()
		return time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix() / 86400
	}
	n := day(a) - day(b)
	if n < 0 {
		n = -n
	}
	if n > 1<<20 {
		return 1 << 20
	}
	return int(n)
}
