package bankimport

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/india"
)

// Row is one credit of the statement.
type Row struct {
	Line        int       // line of the file where the row starts, from 1
	Date        time.Time // the transaction date, midnight India time
	AmountPaise int64     // always more than zero
	Reference   string    // the most likely transfer reference, "" when none was found
	References  []string  // every reference-like value in the row, Reference first
	Description string    // the narration as the bank wrote it
}

// Problem is a line that could not be read exactly. The message names the
// column and the value and can be shown as it is.
type Problem struct {
	Line    int    `json:"line"`
	Message string `json:"message"` // in English; Say in every language
	said    i18n.Msg
}

// Say is the problem by its catalogue key.
func (p Problem) Say() i18n.Msg { return p.said }

// summaryWords start the first cell of summary and footer lines that some
// banks put inside or below the table.
var summaryWords = []string{"opening balance", "closing balance", "total", "grand total",
	"statement summary", "balance b/f", "balance c/f", "brought forward", "carried forward",
	"end of statement", "page ", "*", "dr count", "cr count", "generated on", "this is a computer"}

// columns holds the index of each mapped column in the header row, -1 when
// unmapped.
type columns struct {
	date, amount, drCr, credit, debit, reference, description int
	width                                                     int // values in the header row
}

// Parse reads a statement with a mapping and returns its credits in file
// order and the lines it could not read exactly. It returns an error, and
// no rows, when the mapping is incomplete (india.FieldErrors), when no row
// of the file names the mapped columns (india.FieldErrors for the columns
// not found), or when the file as a whole cannot be read (*FileError).
func Parse(r io.Reader, m Mapping) (rows []Row, problems []Problem, err error) {
	if fe := m.Check(); fe != nil {
		return nil, nil, fe
	}
	rd := newReader(r)
	cols, err := findHeader(rd, m)
	if err != nil {
		return nil, nil, err
	}
	p := parser{m: m, cols: cols}
	for {
		rec, err := rd.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, err
		}
		p.record(rec)
	}
	problems = append(rd.problems, p.problems...)
	sortProblems(problems)
	return p.rows, problems, nil
}

// findHeader reads up to the header row: the first row, near the top, that
// names every mapped column. When none does, the errors name the mapped
// columns missing from the row that came closest.
func findHeader(rd *reader, m Mapping) (columns, error) {
	wanted := []struct {
		field, header string
		index         *int
	}{}
	var cols columns
	add := func(field, header string, index *int) {
		*index = -1
		if strings.TrimSpace(header) != "" {
			wanted = append(wanted, struct {
				field, header string
				index         *int
			}{field, header, index})
		}
	}
	add(FieldDate, m.Date, &cols.date)
	add(FieldAmount, m.Amount, &cols.amount)
	add(FieldDrCr, m.DrCr, &cols.drCr)
	add(FieldCredit, m.Credit, &cols.credit)
	add(FieldDebit, m.Debit, &cols.debit)
	add(FieldReference, m.Reference, &cols.reference)
	add(FieldDescription, m.Description, &cols.description)

	var best []string
	bestFound, seenAny := -1, false
	for i := 0; i < headerWindow; i++ {
		rec, err := rd.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return cols, err
		}
		if blankRecord(rec.fields) {
			continue
		}
		seenAny = true
		index := map[string]int{}
		for j, f := range rec.fields {
			if _, ok := index[headerKey(f)]; !ok && f != "" {
				index[headerKey(f)] = j
			}
		}
		found := 0
		for _, w := range wanted {
			if _, ok := index[headerKey(w.header)]; ok {
				found++
			}
		}
		if found == len(wanted) {
			for _, w := range wanted {
				*w.index = index[headerKey(w.header)]
			}
			cols.width = len(rec.fields)
			for cols.width > 0 && rec.fields[cols.width-1] == "" {
				cols.width--
			}
			return cols, nil
		}
		if found > bestFound {
			best, bestFound = rec.fields, found
		}
	}
	if !seenAny {
		return cols, ErrEmpty
	}
	have := map[string]bool{}
	for _, f := range best {
		have[headerKey(f)] = true
	}
	fe := india.FieldErrors{}
	for _, w := range wanted {
		if !have[headerKey(w.header)] {
			fe[w.field] = msgs.BankNoColumn.With("header", strconv.Quote(w.header))
		}
	}
	return cols, fe
}

// parser turns the records after the header into rows and problems.
type parser struct {
	m        Mapping
	cols     columns
	rows     []Row
	problems []Problem
	started  bool // a transaction has been read
	ended    bool // a blank line followed the transactions: the table is over
}

func (p *parser) problem(line int, m i18n.Msg) {
	p.problems = append(p.problems, Problem{Line: line, Message: m.En(), said: m})
}

// amountProblems say why an amount is not read, by the reason parseMoney
// gives.
var amountProblems = map[error]i18n.Msg{
	errAmountFormat: msgs.BankAmountNotAmount, errAmountDecimals: msgs.BankAmountPaise,
	errAmountLarge: msgs.BankAmountTooLarge, errAmountSigns: msgs.BankAmountTwoSigns,
}

// badAmount is the problem of an amount that is not read.
func badAmount(cell, column string, err error) i18n.Msg {
	m, ok := amountProblems[err]
	if !ok {
		m = msgs.BankAmountNotAmount
	}
	return m.With("value", strconv.Quote(cell)).With("column", quoted(column))
}

func get(fields []string, i int) string {
	if i < 0 || i >= len(fields) {
		return ""
	}
	return fields[i]
}

func (p *parser) record(rec record) {
	f := rec.fields
	if blankRecord(f) {
		if p.started {
			p.ended = true
		}
		return
	}
	c := p.cols
	dateCell := get(f, c.date)
	amountCells := []string{get(f, c.amount), get(f, c.credit), get(f, c.debit)}
	hasAmount := false
	for _, a := range amountCells {
		if v, _, err := parseMoney(a); err != nil || v != 0 {
			hasAmount = true
		}
	}
	date, dateErr := parseDate(dateCell, p.m.DateLayout)
	if dateErr != nil {
		// Not a transaction unless it carries an amount inside the table;
		// such a line is reported, because it may be a gift.
		if !hasAmount || p.ended || summaryLine(f) {
			return
		}
		switch dateErr {
		case errNoDate:
			p.problem(rec.line, msgs.BankDateEmpty.With("column", quoted(p.m.Date)))
		case errDateRange:
			p.problem(rec.line, msgs.BankDateRange.With("value", strconv.Quote(dateCell)).With("column", quoted(p.m.Date)))
		default:
			p.problem(rec.line, dateUnread(dateCell, p.m.Date, p.m.DateLayout))
		}
		return
	}
	p.started = true
	// A value beyond the header's columns means the line is shifted, most
	// often by an amount such as 1,05,000.00 written without quotes; its
	// columns cannot be trusted.
	for _, extra := range f[min(len(f), c.width):] {
		if extra != "" {
			p.problem(rec.line, msgs.BankTooManyValues)
			return
		}
	}

	amount, isCredit, ok := p.amount(rec.line, f)
	if !ok || !isCredit {
		return
	}
	if amount == 0 {
		if !strings.Contains(strings.ToLower(strings.Join(f, " ")), "balance") {
			p.problem(rec.line, msgs.BankDateNoAmount)
		}
		return
	}
	desc := strings.Join(strings.Fields(get(f, c.description)), " ")
	refs := rowReferences(get(f, c.reference), desc)
	row := Row{Line: rec.line, Date: date, AmountPaise: amount, References: refs, Description: desc}
	if len(refs) > 0 {
		row.Reference = refs[0]
	}
	p.rows = append(p.rows, row)
}

// amount reads the line's amount and whether it is a credit. ok is false
// when a problem was reported. A line with no amount at all is a credit of
// zero, for the caller to judge.
func (p *parser) amount(line int, f []string) (paise int64, isCredit bool, ok bool) {
	c := p.cols
	if c.credit >= 0 {
		cr, crDir, err := parseMoney(get(f, c.credit))
		if err != nil {
			p.problem(line, badAmount(get(f, c.credit), p.m.Credit, err))
			return 0, false, false
		}
		dr, _, err := parseMoney(get(f, c.debit))
		if err != nil {
			p.problem(line, badAmount(get(f, c.debit), p.m.Debit, err))
			return 0, false, false
		}
		switch {
		case cr != 0 && dr != 0:
			p.problem(line, msgs.BankBothColumns.With("credit", quoted(p.m.Credit)).With("debit", quoted(p.m.Debit)))
			return 0, false, false
		case cr != 0 && crDir == debit:
			p.problem(line, msgs.BankCreditMarkedDebit.With("value", strconv.Quote(get(f, c.credit))).With("column", quoted(p.m.Credit)))
			return 0, false, false
		case dr != 0:
			return dr, false, true
		}
		return cr, true, true
	}

	cell := get(f, c.amount)
	v, dir, err := parseMoney(cell)
	if err != nil {
		p.problem(line, badAmount(cell, p.m.Amount, err))
		return 0, false, false
	}
	if v == 0 {
		return 0, true, true
	}
	if c.drCr >= 0 {
		kind := strings.ToUpper(strings.Trim(get(f, c.drCr), " ."))
		var colDir direction
		switch kind {
		case "CR", "C", "CREDIT", "DEPOSIT":
			colDir = credit
		case "DR", "D", "DEBIT", "WITHDRAWAL":
			colDir = debit
		default:
			p.problem(line, msgs.BankDrCrWord.With("column", quoted(p.m.DrCr)).With("value", strconv.Quote(get(f, c.drCr))))
			return 0, false, false
		}
		if dir != unsigned && dir != colDir {
			p.problem(line, msgs.BankDrCrDisagree.With("value", strconv.Quote(cell)).With("column", quoted(p.m.DrCr)))
			return 0, false, false
		}
		dir = colDir
	}
	// Without a Dr/Cr column or suffix, a negative amount is a debit and
	// any other a credit.
	return v, dir != debit, true
}

func quoted(header string) string { return fmt.Sprintf("%q", header) }

// dateUnread is the problem of a date that could not be read: as the
// layout chosen, or day first when none was.
func dateUnread(cell, column, layout string) i18n.Msg {
	if layout == "" {
		return msgs.BankDateDayFirst.With("value", strconv.Quote(cell)).With("column", quoted(column))
	}
	return msgs.BankDateLayout.With("value", strconv.Quote(cell)).With("column", quoted(column)).With("layout", layout)
}

func summaryLine(f []string) bool {
	for _, v := range f {
		if v == "" {
			continue
		}
		low := strings.ToLower(v)
		for _, w := range summaryWords {
			if strings.HasPrefix(low, w) {
				return true
			}
		}
		return false
	}
	return false
}

// sortProblems orders problems by line; CSV problems and value problems are
// gathered apart.
func sortProblems(ps []Problem) {
	slices.SortStableFunc(ps, func(a, b Problem) int { return cmp.Compare(a.Line, b.Line) })
}
