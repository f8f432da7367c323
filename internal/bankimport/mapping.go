package bankimport

import (
	"slices"
	"strings"

	"spdc/internal/i18n/msgs"
	"spdc/internal/india"
)

// Mapping names the statement's columns by their headers, as Headers returns
// them. Date is required, and either Credit (with Debit when the file has
// it) or Amount (with DrCr when a separate column says "Cr" or "Dr").
// Reference and Description are optional; references are also looked for in
// the description. DateLayout is "" to read dates day first in any of the
// usual ways, or one of DateLayouts.
type Mapping struct {
	Date        string `json:"date"`
	Amount      string `json:"amount"`
	DrCr        string `json:"drCr"`
	Credit      string `json:"credit"`
	Debit       string `json:"debit"`
	Reference   string `json:"reference"`
	Description string `json:"description"`
	DateLayout  string `json:"dateLayout"`
}

// Keys of the errors Check and Parse return for a mapping: the JSON names
// of its fields.
const (
	FieldDate        = "date"
	FieldAmount      = "amount"
	FieldDrCr        = "drCr"
	FieldCredit      = "credit"
	FieldDebit       = "debit"
	FieldReference   = "reference"
	FieldDescription = "description"
	FieldDateLayout  = "dateLayout"
)

// DateLayouts are the date layouts a Mapping may fix, as an admin reads
// them; the empty layout reads any of the day-first ones.
var DateLayouts = []string{
	"DD/MM/YYYY", "DD-MM-YYYY", "DD.MM.YYYY", "DD/MM/YY", "DD-MM-YY",
	"DD MMM YYYY", "DD-MMM-YYYY", "DD-MMM-YY", "YYYY-MM-DD", "MM/DD/YYYY",
}

// goLayouts turns DateLayouts into Go layouts; days and months may have one
// digit or two.
var goLayouts = map[string]string{
	"DD/MM/YYYY":  "2/1/2006",
	"DD-MM-YYYY":  "2-1-2006",
	"DD.MM.YYYY":  "2.1.2006",
	"DD/MM/YY":    "2/1/06",
	"DD-MM-YY":    "2-1-06",
	"DD MMM YYYY": "2 Jan 2006",
	"DD-MMM-YYYY": "2-Jan-2006",
	"DD-MMM-YY":   "2-Jan-06",
	"YYYY-MM-DD":  "2006-1-2",
	"MM/DD/YYYY":  "1/2/2006",
}

// Check returns what is wrong with the mapping itself, keyed by field, or
// nil. Whether the file has the named columns is Parse's question.
func (m Mapping) Check() india.FieldErrors {
	fe := india.FieldErrors{}
	blank := func(s string) bool { return strings.TrimSpace(s) == "" }
	if blank(m.Date) {
		fe[FieldDate] = msgs.BankChooseDate
	}
	switch {
	case blank(m.Amount) && blank(m.Credit):
		fe[FieldCredit] = msgs.BankChooseCredit
	case !blank(m.Amount) && !blank(m.Credit):
		fe[FieldAmount] = msgs.BankAmountOrCredit
	case !blank(m.Amount) && !blank(m.Debit):
		fe[FieldDebit] = msgs.BankDebitWithCredit
	case !blank(m.Credit) && !blank(m.DrCr):
		fe[FieldDrCr] = msgs.BankDrCrWithAmount
	}
	if m.DateLayout != "" && !slices.Contains(DateLayouts, m.DateLayout) {
		fe[FieldDateLayout] = msgs.BankChooseDateLayout
	}
	// One column cannot hold two of date, amount, credit, debit and Dr/Cr.
	// The reference may be read from the description column.
	seen := map[string]string{}
	for _, c := range []struct{ field, header string }{
		{FieldDate, m.Date}, {FieldAmount, m.Amount}, {FieldDrCr, m.DrCr},
		{FieldCredit, m.Credit}, {FieldDebit, m.Debit}, {FieldReference, m.Reference},
	} {
		if blank(c.header) {
			continue
		}
		key := headerKey(c.header)
		if other, ok := seen[key]; ok {
			if _, done := fe[c.field]; !done {
				fe[c.field] = msgs.BankColumnTaken.With("column", fieldLabel(other))
			}
			continue
		}
		seen[key] = c.field
	}
	if len(fe) == 0 {
		return nil
	}
	return fe
}

func fieldLabel(field string) string {
	switch field {
	case FieldDrCr:
		return "Dr/Cr"
	}
	return field
}

// headerKey is how headers are compared: letter case and runs of spaces do
// not count.
func headerKey(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}

// squeeze reduces a header to its lowercase letters and digits, so that
// "Chq./Ref.No." and "Withdrawal Amount (INR )" compare with plain words.
func squeeze(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Headers banks commonly use, squeezed, best first within each list.
var (
	dateHeaders = []string{"date", "txndate", "transactiondate", "trandate", "txndt", "trandt",
		"transdate", "postdate", "postingdate", "transactionpostingdate", "valuedate", "valuedt"}
	descriptionHeaders = []string{"narration", "description", "particulars", "transactiondetails",
		"transactionparticulars", "transactionremarks", "remarks", "details", "narrative"}
	referenceHeaders = []string{"chqrefno", "refnochequeno", "chequerefno", "refchqno", "chqrefnumber",
		"utr", "utrno", "utrnumber", "referenceno", "referencenumber", "refno", "transactionid",
		"tranid", "txnid", "chqno", "chequeno", "chequenumber", "instrumentno", "instrumentid"}
	creditHeaders = []string{"credit", "credits", "creditamount", "creditamountinr", "creditinr",
		"cr", "cramount", "deposit", "deposits", "depositamt", "depositamount", "depositamountinr",
		"depositcr", "depositsinr", "receipts"}
	debitHeaders = []string{"debit", "debits", "debitamount", "debitamountinr", "debitinr", "dr",
		"dramount", "withdrawal", "withdrawals", "withdrawalamt", "withdrawalamount",
		"withdrawalamountinr", "withdrawaldr", "withdrawalsinr", "payments"}
	amountHeaders = []string{"amount", "amountinr", "amountrs", "transactionamount",
		"transactionamountinr", "txnamount", "tranamount", "amt"}
	drCrHeaders = []string{"drcr", "crdr", "drcrindicator", "crdrindicator", "debitcredit",
		"creditdebit", "dc", "cd", "type", "transactiontype", "txntype", "trantype"}
)

// Guess proposes a mapping from a header row: for each role, the header
// that best matches the names banks use (HDFC's "Deposit Amt.", ICICI's
// "Deposit Amount (INR )", SBI's "Txn Date" and "Credit", Kotak's "Dr / Cr"
// …). A role it cannot place stays empty for the admin to choose.
func Guess(headers []string) Mapping {
	used := map[int]bool{}
	pick := func(names []string, loose func(string) bool) string {
		best, bestRank := -1, len(names)+1
		for i, h := range headers {
			if used[i] {
				continue
			}
			s := squeeze(h)
			if s == "" {
				continue
			}
			rank := slices.Index(names, s)
			if rank < 0 && loose != nil && loose(s) {
				rank = len(names)
			}
			if rank >= 0 && rank < bestRank {
				best, bestRank = i, rank
			}
		}
		if best < 0 {
			return ""
		}
		used[best] = true
		return strings.TrimSpace(headers[best])
	}
	notBalance := func(s string) bool {
		return !strings.Contains(s, "balance") && !strings.Contains(s, "count") && !strings.Contains(s, "date")
	}
	var m Mapping
	m.Date = pick(dateHeaders, func(s string) bool { return strings.HasSuffix(s, "date") && !strings.Contains(s, "value") })
	m.Credit = pick(creditHeaders, func(s string) bool {
		return (strings.Contains(s, "deposit") || strings.HasPrefix(s, "credit")) && notBalance(s)
	})
	if m.Credit != "" {
		m.Debit = pick(debitHeaders, func(s string) bool {
			return (strings.Contains(s, "withdrawal") || strings.HasPrefix(s, "debit")) && notBalance(s)
		})
	} else {
		m.Amount = pick(amountHeaders, func(s string) bool {
			return (strings.HasPrefix(s, "amount") || strings.HasPrefix(s, "transactionamount")) && notBalance(s)
		})
		if m.Amount != "" {
			m.DrCr = pick(drCrHeaders, nil)
		}
	}
	m.Reference = pick(referenceHeaders, nil)
	m.Description = pick(descriptionHeaders, nil)
	return m
}
