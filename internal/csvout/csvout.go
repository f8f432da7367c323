// Package csvout is the one CSV writer of the server: every CSV file the
// server writes (the dashboard's exports, the annual statement of
// donations) goes through it, so no cell a donor or visitor typed can run
// as a formula when the file is opened in a spreadsheet program.
//
// A cell that starts with = + - @, a tab or a carriage return is written
// with a leading apostrophe, which spreadsheet programs show as text and
// do not evaluate. That includes signed numbers (-500, +919876543210): in
// this program a signed number only comes from what someone typed, mostly
// a phone number, whose + a spreadsheet would drop (showing 9.19877E+11),
// so it is kept as text, as typed. Every number the server writes itself
// (amounts in rupees, counts, serial numbers, versions) is unsigned and
// stays a number a spreadsheet can sum.
package csvout

import (
	"encoding/csv"
	"io"
	"strings"
)

// Writer writes CSV records with every cell made safe by Cell.
type Writer struct {
	w    *csv.Writer
	line []string
}

// NewWriter returns a Writer that writes to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: csv.NewWriter(w)}
}

// Write writes one record; the cells are made safe on a copy, so record
// itself is left as it was.
func (w *Writer) Write(record []string) error {
	w.line = w.line[:0]
	for _, c := range record {
		w.line = append(w.line, Cell(c))
	}
	return w.w.Write(w.line)
}

// Flush writes any buffered data to the underlying writer.
func (w *Writer) Flush() { w.w.Flush() }

// Error reports any error of an earlier Write or Flush.
func (w *Writer) Error() error { return w.w.Error() }

// Cell returns s as a cell a spreadsheet shows and never evaluates: s with
// a leading apostrophe when it starts with = + - @, a tab or a carriage
// return; s itself otherwise.
func Cell(s string) string {
	if s == "" || !strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return s
	}
	return "'" + s
}
