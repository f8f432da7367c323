package bankimport

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"spdc/internal/india"
)

// Statements written the way Indian banks export them: account details
// above the table, separators and summaries below it. The account numbers,
// names and references are made up.

// hdfcStyle: a byte order mark, DD/MM/YY dates, separate Withdrawal and
// Deposit columns, a row of stars under the header, references padded with
// zeros, and a summary block after a blank line.
const hdfcStyle = "\uFEFF" + `HDFC BANK Ltd.,,,,,,
Account No :,50100123456789,,,,,
Statement From :,01/04/2026,To :,30/04/2026,,,
,,,,,,
Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance
********,********,********,********,********,********,********
01/04/26,OPENING BALANCE,,01/04/26,,,"10,000.00"
02/04/26,UPI-RAVI SHANKAR IYER-ravi@okicici-ICIC0001234-412345678901-Donation,0000412345678901,02/04/26,,"1,05,000.00","1,15,000.00"
03/04/26,NEFT CR-SBIN0001234-LAKSHMI N-SBIN126123456789,SBIN126123456789,03/04/26,,"5,000.50","1,20,000.50"
04/04/26,POS 4321XXXXXXXX1234 STATIONERY,0000000000004321,04/04/26,"1,200.00",,"1,18,800.50"
05/04/26,"CHQ DEP - 004512 - PRIYA
 SEN",004512,05/04/26,,"2,000.00","1,20,800.50"
,,,,,,

STATEMENT SUMMARY :-,,,,,,
Opening Balance,Dr Count,Cr Count,Debits,Credits,Closing Bal,
"10,000.00",1,3,"1,200.00","1,12,000.50","1,20,800.50",
`

// sbiStyle: "2 Apr 2026" dates, Debit and Credit columns, a description
// holding the UPI reference, and totals below the table.
const sbiStyle = `Account Name,: Sri Parvati Disciple Circle Trust
Account Number,: 00000012345678901
Branch,: MALLESWARAM
Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance
2 Apr 2026,2 Apr 2026,BY TRANSFER-UPI/CR/512345678901/RAVI S/SBIN/ravi@oksbi/Gift,TRANSFER FROM 3199,,"50,000.00","60,000.00"
3 Apr 2026,3 Apr 2026,TO TRANSFER-INB IMPS/P2A/612345678901/ELECTRICITY,TRANSFER TO 4897,"2,500.00",,"57,500.00"
07 Apr 2026,07 Apr 2026,BY TRANSFER-NEFT*HDFC0000001*N097261234567890*MEERA K,TRANSFER FROM 4897,,"25,000.00","82,500.00"
Total,,,,"2,500.00","75,000.00",
`

// kotakStyle: one Amount column and a separate Dr / Cr column, DD-MM-YYYY
// dates with times.
const kotakStyle = `Sl. No.,Transaction Date,Value Date,Description,Chq / Ref No.,Amount,Dr / Cr,Balance,Dr / Cr
1,02-04-2026 10:15:07,02-04-2026,UPI/412345678901/Donation/ravi@okaxis,UPI-412345678901,"1,05,000.00",CR,"1,05,000.00",CR
2,02-04-2026 18:01:44,02-04-2026,IMPS-712345678901-Rent,IMPS-712345678901,"20,000.00",DR,"85,000.00",CR
3,03-04-2026 09:00:00,03-04-2026,RTGS/HDFCR52026040312345678/ANAND TRUST,,"3,00,000.00",CR,"3,85,000.00",CR
`

// suffixStyle: one Amount column with the Cr/Dr after the number, ISO dates.
const suffixStyle = `Date,Details,Amount
2026-04-02,UPI/412345678901/Gift,"1,05,000.00 Cr"
2026-04-02,ATM WDL,"500.00 Dr"
2026-04-09,Interest,12.30 Cr
`

func mustParse(t *testing.T, csv string, m Mapping) ([]Row, []Problem) {
	t.Helper()
	rows, problems, err := Parse(strings.NewReader(csv), m)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return rows, problems
}

func day(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, india.IST) }

type wantRow struct {
	line  int
	date  time.Time
	paise int64
	ref   string
}

func checkRows(t *testing.T, got []Row, want []wantRow) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d rows, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if g.Line != w.line || !g.Date.Equal(w.date) || g.AmountPaise != w.paise || g.Reference != w.ref {
			t.Errorf("row %d = line %d, %s, %d, %q; want line %d, %s, %d, %q", i,
				g.Line, g.Date.Format("2006-01-02"), g.AmountPaise, g.Reference,
				w.line, w.date.Format("2006-01-02"), w.paise, w.ref)
		}
	}
}

func TestStatements(t *testing.T) {
	cases := []struct {
		name    string
		csv     string
		headers []string
		guess   Mapping
		rows    []wantRow
	}{
		{
			name:    "HDFC style",
			csv:     hdfcStyle,
			headers: []string{"Date", "Narration", "Chq./Ref.No.", "Value Dt", "Withdrawal Amt.", "Deposit Amt.", "Closing Balance"},
			guess:   Mapping{Date: "Date", Credit: "Deposit Amt.", Debit: "Withdrawal Amt.", Reference: "Chq./Ref.No.", Description: "Narration"},
			rows: []wantRow{
				{8, day(2026, 4, 2), 1_05_000_00, "412345678901"},
				{9, day(2026, 4, 3), 5_000_50, "SBIN126123456789"},
				{11, day(2026, 4, 5), 2_000_00, "004512"},
			},
		},
		{
			name:    "SBI style",
			csv:     sbiStyle,
			headers: []string{"Txn Date", "Value Date", "Description", "Ref No./Cheque No.", "Debit", "Credit", "Balance"},
			guess:   Mapping{Date: "Txn Date", Credit: "Credit", Debit: "Debit", Reference: "Ref No./Cheque No.", Description: "Description"},
			rows: []wantRow{
				{5, day(2026, 4, 2), 50_000_00, "512345678901"},
				{7, day(2026, 4, 7), 25_000_00, "N097261234567890"},
			},
		},
		{
			name:    "Kotak style",
			csv:     kotakStyle,
			headers: []string{"Sl. No.", "Transaction Date", "Value Date", "Description", "Chq / Ref No.", "Amount", "Dr / Cr", "Balance"},
			guess:   Mapping{Date: "Transaction Date", Amount: "Amount", DrCr: "Dr / Cr", Reference: "Chq / Ref No.", Description: "Description"},
			rows: []wantRow{
				{2, day(2026, 4, 2), 1_05_000_00, "412345678901"},
				{4, day(2026, 4, 3), 3_00_000_00, "HDFCR52026040312345678"},
			},
		},
		{
			name:    "Cr and Dr after the amount",
			csv:     suffixStyle,
			headers: []string{"Date", "Details", "Amount"},
			guess:   Mapping{Date: "Date", Amount: "Amount", Description: "Details"},
			rows: []wantRow{
				{2, day(2026, 4, 2), 1_05_000_00, "412345678901"},
				{4, day(2026, 4, 9), 12_30, ""},
			},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			headers, err := Headers(strings.NewReader(c.csv))
			if err != nil {
				t.Fatalf("Headers: %v", err)
			}
			if !slices.Equal(headers, c.headers) {
				t.Errorf("Headers = %q, want %q", headers, c.headers)
			}
			m := Guess(headers)
			if m != c.guess {
				t.Errorf("Guess = %+v, want %+v", m, c.guess)
			}
			rows, problems := mustParse(t, c.csv, m)
			if len(problems) != 0 {
				t.Errorf("problems: %+v", problems)
			}
			checkRows(t, rows, c.rows)
		})
	}
}

func TestStatementDetails(t *testing.T) {
	rows, _ := mustParse(t, hdfcStyle, Guess([]string{"Date", "Narration", "Chq./Ref.No.", "Value Dt", "Withdrawal Amt.", "Deposit Amt."}))
	// A narration wrapped inside quotes keeps its words, on one line.
	if got := rows[2].Description; got != "CHQ DEP - 004512 - PRIYA SEN" {
		t.Errorf("description = %q", got)
	}
	// The padded reference is kept too, and the narration's is listed.
	if got := rows[0].References; !slices.Equal(got, []string{"412345678901", "0000412345678901"}) {
		t.Errorf("references = %q", got)
	}
	if got := rows[1].References; !slices.Equal(got, []string{"SBIN126123456789"}) {
		t.Errorf("references = %q", got)
	}
}

func TestParseProblems(t *testing.T) {
	const csv = `Bank statement for account 1234
Date,Narration,Ref,Withdrawal,Deposit
02/04/2026,UPI/412345678901/ok,,,"1,000.00"
31/04/2026,UPI/412345678902/bad date,,,"2,000.00"
03/04/2026,UPI/412345678903/three decimals,,,"3,000.005"
03/04/2026,both sides,,"10.00","20.00"
04/04/2026,UPI/412345678904/grouping,,,"1,0,000.00"
,UPI/412345678905/no date,,,"5,000.00"
05/04/2026,negative credit,,,-500.00
05/04/2026,no amount at all,,,
06/04/2026,UPI/412345678906/ok,,,500
07/04/2026,UPI/412345678907/unquoted,,,1,05,000.00
08/04/2026,UPI/412345678908/trailing comma,,,700,
`
	m := Mapping{Date: "Date", Description: "Narration", Reference: "Ref", Credit: "Deposit", Debit: "Withdrawal"}
	rows, problems := mustParse(t, csv, m)
	checkRows(t, rows, []wantRow{
		{3, day(2026, 4, 2), 1000_00, "412345678901"},
		{11, day(2026, 4, 6), 500_00, "412345678906"},
		{13, day(2026, 4, 8), 700_00, "412345678908"},
	})
	want := []struct {
		line int
		has  string
	}{
		{4, `The date "31/04/2026" in the "Date" column could not be read`},
		{5, `"3,000.005" in the "Deposit" column has more than two digits of paise`},
		{6, `both the "Deposit" and the "Withdrawal" column`},
		{7, `"1,0,000.00" in the "Deposit" column is not an amount`},
		{8, `The "Date" column is empty on a line with an amount`},
		{9, `"-500.00" in the "Deposit" column is marked as a debit`},
		{10, `This line has a date but no amount`},
		{12, `more values than the header row`},
	}
	if len(problems) != len(want) {
		t.Fatalf("problems = %+v", problems)
	}
	for i, w := range want {
		if problems[i].Line != w.line || !strings.Contains(problems[i].Message, w.has) {
			t.Errorf("problem %d = %+v, want line %d with %q", i, problems[i], w.line, w.has)
		}
	}
}

func TestParseDrCrProblems(t *testing.T) {
	const csv = `Date,Description,Amount,Type
02/04/2026,a,100.00,CR
02/04/2026,b,100.00,X
02/04/2026,c,100.00 Dr,CR
02/04/2026,d,-100.00,
02/04/2026,e,100.00,
`
	rows, problems := mustParse(t, csv, Mapping{Date: "Date", Description: "Description", Amount: "Amount", DrCr: "Type"})
	if len(rows) != 1 || rows[0].Line != 2 {
		t.Errorf("rows = %+v", rows)
	}
	if len(problems) != 4 || problems[0].Line != 3 || problems[1].Line != 4 || problems[2].Line != 5 || problems[3].Line != 6 {
		t.Errorf("problems = %+v", problems)
	}
	if !strings.Contains(problems[1].Message, "disagree") {
		t.Errorf("problem = %+v", problems[1])
	}
}

// A fixed month-first layout reads a file that the day-first reading would
// get wrong.
func TestParseFixedLayout(t *testing.T) {
	const csv = "Date,Amount\n04/02/2026,100\n"
	rows, _ := mustParse(t, csv, Mapping{Date: "Date", Amount: "Amount", DateLayout: "MM/DD/YYYY"})
	checkRows(t, rows, []wantRow{{2, day(2026, 4, 2), 100_00, ""}})
	rows, _ = mustParse(t, csv, Mapping{Date: "Date", Amount: "Amount"})
	checkRows(t, rows, []wantRow{{2, day(2026, 2, 4), 100_00, ""}})
}

func TestParseRefusesMapping(t *testing.T) {
	cases := []struct {
		name  string
		m     Mapping
		field string
	}{
		{"no date", Mapping{Credit: "Deposit Amt."}, FieldDate},
		{"no amount", Mapping{Date: "Date"}, FieldCredit},
		{"amount and credit", Mapping{Date: "Date", Amount: "Closing Balance", Credit: "Deposit Amt."}, FieldAmount},
		{"debit without credit", Mapping{Date: "Date", Amount: "Deposit Amt.", Debit: "Withdrawal Amt."}, FieldDebit},
		{"Dr/Cr with credit", Mapping{Date: "Date", Credit: "Deposit Amt.", DrCr: "Narration"}, FieldDrCr},
		{"same column twice", Mapping{Date: "Date", Credit: "Deposit Amt.", Debit: "deposit  amt."}, FieldDebit},
		{"unknown layout", Mapping{Date: "Date", Credit: "Deposit Amt.", DateLayout: "YYYY/DD/MM"}, FieldDateLayout},
		{"column not in file", Mapping{Date: "Date", Credit: "Credit"}, FieldCredit},
		{"description not in file", Mapping{Date: "Date", Credit: "Deposit Amt.", Description: "Remarks"}, FieldDescription},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rows, problems, err := Parse(strings.NewReader(hdfcStyle), c.m)
			var fe india.FieldErrors
			if !errors.As(err, &fe) || fe[c.field].IsZero() {
				t.Fatalf("err = %v, want an error for %q", err, c.field)
			}
			if rows != nil || problems != nil {
				t.Errorf("rows or problems returned with an error")
			}
		})
	}
}

func TestFileErrors(t *testing.T) {
	for _, c := range []struct {
		name, csv string
		err       error
	}{
		{"empty", "", ErrEmpty},
		{"only a byte order mark and blank lines", "\uFEFF\n,,\n\n", ErrEmpty},
		{"no header", "hello\nworld\n", ErrNoHeader},
	} {
		if _, err := Headers(strings.NewReader(c.csv)); !errors.Is(err, c.err) {
			t.Errorf("%s: Headers err = %v, want %v", c.name, err, c.err)
		}
	}
	if _, _, err := Parse(strings.NewReader(""), Mapping{Date: "Date", Amount: "Amount"}); !errors.Is(err, ErrEmpty) {
		t.Errorf("Parse of an empty file: %v", err)
	}
	big := "Date,Amount\n" + strings.Repeat("02/04/2026,1\n", maxRecords+1)
	if _, _, err := Parse(strings.NewReader(big), Mapping{Date: "Date", Amount: "Amount"}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Parse of a huge file: %v", err)
	}
}

// A header row with names Guess does not know is still found: it is the row
// above the first one that looks like a transaction.
func TestHeadersByShape(t *testing.T) {
	const csv = `Trust account
Posted,Memo,In,Out,Left
02/04/2026,UPI/412345678901,100,,100
`
	got, err := Headers(strings.NewReader(csv))
	if err != nil || !slices.Equal(got, []string{"Posted", "Memo", "In", "Out", "Left"}) {
		t.Fatalf("Headers = %q, %v", got, err)
	}
	rows, problems := mustParse(t, csv, Mapping{Date: "Posted", Description: "Memo", Credit: "In", Debit: "Out"})
	if len(problems) != 0 {
		t.Errorf("problems: %+v", problems)
	}
	checkRows(t, rows, []wantRow{{3, day(2026, 4, 2), 100_00, "412345678901"}})
}

func TestGuessHeaders(t *testing.T) {
	cases := []struct {
		headers []string
		want    Mapping
	}{
		{[]string{"Transaction Date", "Value Date", "Transaction Remarks", "Withdrawal Amount (INR )", "Deposit Amount (INR )", "Balance (INR )"},
			Mapping{Date: "Transaction Date", Credit: "Deposit Amount (INR )", Debit: "Withdrawal Amount (INR )", Description: "Transaction Remarks"}},
		{[]string{"TRAN DATE", "VALUE DATE", "NARRATION", "CHQ.NO.", "WITHDRAWAL(DR)", "DEPOSIT(CR)", "BALANCE(INR)"},
			Mapping{Date: "TRAN DATE", Credit: "DEPOSIT(CR)", Debit: "WITHDRAWAL(DR)", Reference: "CHQ.NO.", Description: "NARRATION"}},
		{[]string{"Tran Date", "CHQNO", "PARTICULARS", "DR", "CR", "BAL", "SOL"},
			Mapping{Date: "Tran Date", Credit: "CR", Debit: "DR", Reference: "CHQNO", Description: "PARTICULARS"}},
		{[]string{"Value Date", "Remarks", "Amount(INR)", "Cr/Dr"},
			Mapping{Date: "Value Date", Amount: "Amount(INR)", DrCr: "Cr/Dr", Description: "Remarks"}},
		{[]string{"Name", "Email"}, Mapping{}},
	}
	for _, c := range cases {
		if got := Guess(c.headers); got != c.want {
			t.Errorf("Guess(%q) = %+v, want %+v", c.headers, got, c.want)
		}
	}
}

// Line numbers count every line of the file, the preamble and the lines
// inside quoted fields included.
func TestLineNumbersWithQuotedNewlines(t *testing.T) {
	const csv = "Preamble one\nPreamble two\nDate,Narration,Deposit\n" +
		"02/04/2026,\"first\nsecond\nthird\",100\n" +
		"03/04/2026,next,x\n"
	rows, problems := mustParse(t, csv, Mapping{Date: "Date", Description: "Narration", Credit: "Deposit"})
	if len(rows) != 1 || rows[0].Line != 4 {
		t.Errorf("rows = %+v", rows)
	}
	if len(problems) != 1 || problems[0].Line != 7 {
		t.Errorf("problems = %+v", problems)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{hdfcStyle, sbiStyle, kotakStyle, suffixStyle, "", "Date,Amount\n\"", "Date,Amount\n02/04/2026,\"1,0\"\"0\n"} {
		f.Add(s)
	}
	maps := []Mapping{
		{Date: "Date", Credit: "Deposit Amt.", Debit: "Withdrawal Amt.", Reference: "Chq./Ref.No.", Description: "Narration"},
		{Date: "Txn Date", Credit: "Credit", Debit: "Debit", Description: "Description"},
		{Date: "Transaction Date", Amount: "Amount", DrCr: "Dr / Cr", Description: "Description"},
		{Date: "Date", Amount: "Amount", Description: "Details", DateLayout: "YYYY-MM-DD"},
	}
	f.Fuzz(func(t *testing.T, csv string) {
		if h, err := Headers(strings.NewReader(csv)); err == nil {
			_ = Guess(h)
		}
		for _, m := range maps {
			rows, problems, err := Parse(strings.NewReader(csv), m)
			if err != nil {
				if rows != nil || problems != nil {
					t.Fatal("rows or problems with an error")
				}
				continue
			}
			last := 0
			for _, r := range rows {
				if r.AmountPaise <= 0 || r.Line <= last || r.Date.IsZero() {
					t.Fatalf("bad row %+v after line %d", r, last)
				}
				last = r.Line
			}
			for _, p := range problems {
				if p.Line < 1 || p.Message == "" {
					t.Fatalf("bad problem %+v", p)
				}
			}
			_ = Propose(rows, []Candidate{{ID: "a", AmountPaise: 1_05_000_00, PaidOn: day(2026, 4, 2), Reference: "412345678901"}})
		}
	})
}

// A line's problem is said by its key, in the reader's language, with the
// value and the column as they are in the file.
func TestProblemInEveryLanguage(t *testing.T) {
	csv := "Date,Amount,Description\n02/04/2026,12x,UPI gift\n"
	_, problems, err := Parse(strings.NewReader(csv), Mapping{Date: "Date", Amount: "Amount", Description: "Description"})
	if err != nil || len(problems) != 1 {
		t.Fatalf("problems %v, err %v", problems, err)
	}
	p := problems[0]
	if p.Say().ID() != "bank.amountNotAmount" || p.Message != `The amount "12x" in the "Amount" column is not an amount.` {
		t.Fatalf("problem %q (%s)", p.Message, p.Say().ID())
	}
	if got := p.Say().In("hi"); got != `"Amount" कॉलम में "12x" कोई राशि नहीं है।` {
		t.Errorf("hi: %q", got)
	}
	if got := p.Say().In("bn"); got != `"Amount" কলামের "12x" কোনো টাকার অঙ্ক নয়।` {
		t.Errorf("bn: %q", got)
	}
}
