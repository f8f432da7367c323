// Package bankimport reads a bank statement exported as CSV by an Indian
// bank, keeps its credits, and proposes which reported donation each credit
// pays, for an admin to accept or not. Nothing here confirms a donation.
//
// The API:
//
//	type Mapping struct { Date, Amount, DrCr, Credit, Debit, Reference, Description, DateLayout string } // JSON: date, amount, drCr …
//	func (m Mapping) Check() india.FieldErrors
//	var DateLayouts []string
//	func Headers(csv io.Reader) ([]string, error)
//	func Guess(headers []string) Mapping
//	type Row struct { Line int; Date time.Time; AmountPaise int64; Reference string; References []string; Description string }
//	type Problem struct { Line int; Message string }
//	func Parse(csv io.Reader, m Mapping) (rows []Row, problems []Problem, err error)
//	    // err: india.FieldErrors (mapping, keyed by the Field… constants) or *FileError
//	type FileError struct{ Message string }; var ErrEmpty, ErrNoHeader, ErrTooLarge
//	func ExtractReferences(text string) []string
//	type Candidate struct { ID string; AmountPaise int64; PaidOn time.Time; Mode, Reference string }
//	type Match struct { Row Row; CandidateID string; Score int; Reasons []string }
//	func Propose(rows []Row, cands []Candidate) []Match
//
// The file. Statements from Indian banks start with lines about the account
// (holder, number, period) before the row that names the columns, and end
// with summary lines (totals, opening and closing balance). Headers finds the
// header row; a Mapping names, by their headers, the columns that hold the
// date, the amount and, optionally, the reference and the narration. The
// amount is either two columns, Credit (or Deposit) and Debit (or
// Withdrawal), or one Amount column whose sign, "Cr"/"Dr" suffix or a
// separate Dr/Cr column tells credits from debits. Guess proposes a mapping
// from the headers banks commonly use; the admin corrects it once and the
// caller remembers it.
//
// Parse keeps credits only. Amounts are read into integer paise, never
// floating point, with Indian ("1,05,000.00") or Western ("105,000.00")
// grouping. Dates are read day first: 02/04/2026, 2-4-26, 02 Apr 2026,
// 02-APR-2026, or ISO 2026-04-02, each with an optional time of day; a
// Mapping may fix one layout instead (for a file written month first). A
// UTF-8 byte order mark is skipped. Lines without a date and without an
// amount (separators, wrapped narrations, summaries) are passed over, as are
// debits and the lines after the table has ended with a blank line; any line
// with a credit that cannot be read exactly is returned as a Problem with its
// line number, never guessed.
//
// References. UPI and IMPS transfers carry a 12-digit retrieval reference
// number (RRN), NEFT and RTGS a UTR of 16 to 22 letters and digits. Banks put
// them in a reference column, in the narration ("UPI/412345678901/…",
// "NEFT-SBIN126123456789-NAME"), or both, sometimes padded with zeros. Each
// Row lists every reference-like value found in References; Reference is the
// most likely one, for display.
//
// Matching. Propose pairs rows with candidates (reported donations): the
// same reference is a strong match whatever the amount; otherwise the same
// amount paid within three days of the bank's date is proposed. Each
// candidate and each row is used at most once, the best-scoring pairs
// first; the answer is sorted best first, each match with its reasons.
package bankimport
