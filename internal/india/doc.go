// Package india holds the rules for donations to an Indian trust that need
// neither HTTP nor SQL: amounts in rupees and paise (parsing, Indian digit
// grouping, amounts in words as receipts print them), donor identity numbers
// (PAN, and Aadhaar with its Verhoeff check digit), bank transfer references
// per payment mode, financial years from April to March and the statement form
// that applies to each, the checks run on a reported gift, receipt numbers,
// and the rows of the annual statement of donations with its CSV layout.
//
// Handlers and the store call this package; it calls neither. Every refusal
// is an error whose message can be shown as it is to the person who typed the
// value, and the gift check returns them keyed by the API's field names.
//
// The legal points encoded here (thresholds, code values of the statement)
// must be confirmed by the trust's chartered accountant before going live;
// the constants that carry them are named so that a change is one line.
package india
