// Package receipt draws the PDF receipt a trust gives for a donation: an A4
// page in English that carries the trust's name, address, PAN and 80G
// approval (number, date and validity), the receipt number and date, the
// donor's name, address and identity number, the amount in figures (Indian
// grouping, with the rupee sign) and in words (lakh and crore), the mode of
// payment (and whether the gift was in cash; never in kind), the reference,
// purpose and financial year, the declaration of approval under section 80G
// of the Income-tax Act 1961 (section 354 of the Income-tax Act 2025 from tax
// year 2026-27), the note that the certificate in Form 10BE (Form 114 from
// 2026-27) follows the annual statement, the authorised signatory, and a QR
// code that opens the site's page confirming the receipt.
//
// The API:
//
//	type Trust struct { Name, PAN string; AddressLines []string;
//	    Reg80GNumber, Reg80GDate, Reg80GValidUntil string; SignatoryName, SignatoryTitle string }
//	type Data struct { Trust Trust; Number string; IssuedOn time.Time; FinancialYear string;
//	    DonorName, DonorAddress, DonorIDType, DonorID string; AmountPaise int64;
//	    PaidOn time.Time; Mode, Reference, Purpose, ReceiptType string;
//	    Duplicate, Cancelled bool; CancelReason, VerifyURL string }
//	func PDF(d Data) ([]byte, error)      // the receipt, or Check's errors
//	func Check(d Data) india.FieldErrors  // what is missing or wrong, keyed by the Field… constants; nil when fine
//	func Unprintable(s string) []rune     // letters of s the receipt's font cannot draw
//
// Text is set in DejaVu Sans (embedded, subset into each PDF), which has the
// rupee sign and Latin, Greek and Cyrillic letters but neither Devanagari
// nor Bengali: those scripts also need glyph shaping, which no well-kept Go
// PDF library does, and drawing them unshaped would print a name wrongly.
// A character the font lacks is drawn as "?" so that the PDF is always
// whole; callers that want to refuse such a name first (an 80G receipt
// carries the name as on the PAN card, which is in English letters) use
// Unprintable.
//
// A receipt is never edited once issued, so the caller keeps the Data it was
// issued with and draws it again from that. A reissue sets Duplicate; a cancelled receipt keeps its number and
// sets Cancelled with a reason, and every page is marked across. Text too
// long for one page (a very long address) continues on a second page headed
// with the receipt number; nothing is cut off.
package receipt
