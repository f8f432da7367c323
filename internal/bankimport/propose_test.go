package bankimport

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

func row(line int, date time.Time, paise int64, refs ...string) Row {
	r := Row{Line: line, Date: date, AmountPaise: paise, References: refs}
	if len(refs) > 0 {
		r.Reference = refs[0]
	}
	return r
}

// summary writes matches as "line→candidate [reasons]" for comparison.
func summary(ms []Match) []string {
	var out []string
	for _, m := range ms {
		out = append(out, fmt.Sprintf("%d→%s [%s]", m.Row.Line, m.CandidateID, strings.Join(m.Reasons, ", ")))
	}
	return out
}

func TestPropose(t *testing.T) {
	apr := func(d int) time.Time { return day(2026, 4, d) }
	cases := []struct {
		name  string
		rows  []Row
		cands []Candidate
		want  []string
	}{
		{
			name:  "reference, amount and date",
			rows:  []Row{row(5, apr(2), 5000_00, "412345678901")},
			cands: []Candidate{{ID: "d1", AmountPaise: 5000_00, PaidOn: apr(2), Mode: "UPI", Reference: "412345678901"}},
			want:  []string{"5→d1 [reference, amount, date ±3 days]"},
		},
		{
			name:  "reference alone is strong, even with another amount and a late date",
			rows:  []Row{row(5, apr(20), 4500_00, "0000412345678901", "412345678901")},
			cands: []Candidate{{ID: "d1", AmountPaise: 5000_00, PaidOn: apr(2), Mode: "UPI", Reference: "412345678901"}},
			want:  []string{"5→d1 [reference]"},
		},
		{
			name:  "reference in another letter case",
			rows:  []Row{row(5, apr(3), 25000_00, "SBIN126123456789")},
			cands: []Candidate{{ID: "d1", AmountPaise: 25000_00, PaidOn: apr(2), Mode: "NEFT", Reference: "sbin126123456789"}},
			want:  []string{"5→d1 [reference, amount, date ±3 days]"},
		},
		{
			name: "amount and date within three days, either way",
			rows: []Row{row(5, apr(5), 1000_00), row(6, apr(5), 2000_00)},
			cands: []Candidate{
				{ID: "d1", AmountPaise: 1000_00, PaidOn: apr(2)},
				{ID: "d2", AmountPaise: 2000_00, PaidOn: apr(8)},
			},
			want: []string{"5→d1 [amount, date ±3 days]", "6→d2 [amount, date ±3 days]"},
		},
		{
			name: "four days apart, or another amount, is no match",
			rows: []Row{row(5, apr(6), 1000_00), row(6, apr(2), 1000_01)},
			cands: []Candidate{
				{ID: "d1", AmountPaise: 1000_00, PaidOn: apr(2)},
			},
			want: nil,
		},
		{
			name: "one candidate is never given to two rows; the closer date wins",
			rows: []Row{row(5, apr(4), 1000_00), row(6, apr(2), 1000_00)},
			cands: []Candidate{
				{ID: "d1", AmountPaise: 1000_00, PaidOn: apr(2)},
			},
			want: []string{"6→d1 [amount, date ±3 days]"},
		},
		{
			name: "one row is never given two candidates",
			rows: []Row{row(5, apr(2), 1000_00)},
			cands: []Candidate{
				{ID: "d2", AmountPaise: 1000_00, PaidOn: apr(3)},
				{ID: "d1", AmountPaise: 1000_00, PaidOn: apr(2)},
			},
			want: []string{"5→d1 [amount, date ±3 days]"},
		},
		{
			name: "a reference match takes the candidate before an amount match",
			rows: []Row{row(5, apr(2), 1000_00), row(9, apr(3), 1000_00, "612345678901")},
			cands: []Candidate{
				{ID: "d1", AmountPaise: 1000_00, PaidOn: apr(2), Mode: "UPI", Reference: "612345678901"},
				{ID: "d2", AmountPaise: 1000_00, PaidOn: apr(4), Mode: "UPI", Reference: "712345678901"},
			},
			want: []string{"9→d1 [reference, amount, date ±3 days]", "5→d2 [amount, date ±3 days]"},
		},
		{
			name: "dates are compared as days in India",
			rows: []Row{row(5, apr(5), 1000_00)},
			cands: []Candidate{
				// 1 April 20:00 UTC is 2 April in India: three days before.
				{ID: "d1", AmountPaise: 1000_00, PaidOn: time.Date(2026, 4, 1, 20, 0, 0, 0, time.UTC)},
			},
			want: []string{"5→d1 [amount, date ±3 days]"},
		},
		{
			name:  "a short reported reference does not match",
			rows:  []Row{row(5, apr(20), 1000_00, "4512")},
			cands: []Candidate{{ID: "d1", AmountPaise: 5_00, PaidOn: apr(2), Mode: "CHEQUE", Reference: "4512"}},
			want:  nil,
		},
		{
			name:  "a cheque number with its zeros",
			rows:  []Row{row(5, apr(20), 1000_00, "004512")},
			cands: []Candidate{{ID: "d1", AmountPaise: 1000_00, PaidOn: apr(2), Mode: "CHEQUE", Reference: "004512"}},
			want:  []string{"5→d1 [reference, amount]"},
		},
		{
			name:  "cash without a reference matches by amount and date",
			rows:  []Row{row(5, apr(3), 1500_00)},
			cands: []Candidate{{ID: "d1", AmountPaise: 1500_00, PaidOn: apr(3), Mode: "CASH"}},
			want:  []string{"5→d1 [amount, date ±3 days]"},
		},
		{name: "nothing to match", want: nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := summary(Propose(c.rows, c.cands))
			if !slices.Equal(got, c.want) {
				t.Errorf("Propose = %q, want %q", got, c.want)
			}
		})
	}
}

// The answer is sorted best first, and the scores say so.
func TestProposeOrder(t *testing.T) {
	apr := func(d int) time.Time { return day(2026, 4, d) }
	rows := []Row{row(2, apr(5), 300_00), row(3, apr(2), 200_00), row(4, apr(2), 100_00, "412345678901")}
	cands := []Candidate{
		{ID: "a", AmountPaise: 300_00, PaidOn: apr(2)},
		{ID: "b", AmountPaise: 200_00, PaidOn: apr(2)},
		{ID: "c", AmountPaise: 999_00, PaidOn: apr(30), Reference: "412345678901"},
	}
	ms := Propose(rows, cands)
	if got := summary(ms); !slices.Equal(got, []string{"4→c [reference]", "3→b [amount, date ±3 days]", "2→a [amount, date ±3 days]"}) {
		t.Fatalf("Propose = %q", got)
	}
	for i := 1; i < len(ms); i++ {
		if ms[i].Score > ms[i-1].Score {
			t.Errorf("match %d scores %d after %d", i, ms[i].Score, ms[i-1].Score)
		}
	}
}

// Parse and Propose together: a statement reconciled against reported gifts.
func TestReconcileStatement(t *testing.T) {
	rows, problems := mustParse(t, hdfcStyle, Mapping{Date: "Date", Description: "Narration", Reference: "Chq./Ref.No.", Credit: "Deposit Amt.", Debit: "Withdrawal Amt."})
	if len(problems) != 0 {
		t.Fatalf("problems: %+v", problems)
	}
	cands := []Candidate{
		{ID: "ravi", AmountPaise: 1_05_000_00, PaidOn: day(2026, 4, 1), Mode: "UPI", Reference: "412345678901"},
		{ID: "lakshmi", AmountPaise: 5_000_50, PaidOn: day(2026, 4, 3), Mode: "NEFT", Reference: "SBIN126123456789"},
		{ID: "priya", AmountPaise: 2_000_00, PaidOn: day(2026, 4, 4), Mode: "CHEQUE", Reference: "004512"},
		{ID: "unpaid", AmountPaise: 9_999_00, PaidOn: day(2026, 4, 4), Mode: "UPI", Reference: "999999999999"},
	}
	want := []string{
		"9→lakshmi [reference, amount, date ±3 days]",
		"8→ravi [reference, amount, date ±3 days]",
		"11→priya [reference, amount, date ±3 days]",
	}
	if got := summary(Propose(rows, cands)); !slices.Equal(got, want) {
		t.Errorf("Propose = %q, want %q", got, want)
	}
}
