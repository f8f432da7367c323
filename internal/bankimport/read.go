package bankimport

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"strings"
	"unicode/utf8"

	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
)

// Limits of a statement file: a year of a busy account's statement is a few
// thousand lines.
const (
	maxRecords   = 100_000
	headerWindow = 200 // the header row is looked for among the first lines
)

// FileError refuses a file as a whole. Its message can be shown as it is to
// the admin who uploaded the file.
type FileError struct{ Message i18n.Msg }

func (e *FileError) Error() string { return e.Message.En() }

// Refusals of a whole file. Compare with errors.Is.
var (
	ErrEmpty    = &FileError{msgs.BankFileEmpty}
	ErrNoHeader = &FileError{msgs.BankNoHeader}
	ErrTooLarge = &FileError{msgs.BankFileTooLarge}
)

// record is one CSV record with the line on which it starts.
type record struct {
	line   int
	fields []string
}

// reader reads CSV records leniently, the way banks write them: a byte
// order mark, rows of different lengths, stray quotes inside fields, and
// Excel's ="…" cells. A line that is not CSV at all is reported, not fatal.
type reader struct {
	csv      *csv.Reader
	problems []Problem
	n        int
}

func newReader(r io.Reader) *reader {
	br := bufio.NewReader(r)
	if b, err := br.Peek(3); err == nil && bytes.Equal(b, []byte("\xEF\xBB\xBF")) {
		_, _ = br.Discard(3)
	}
	c := csv.NewReader(br)
	c.FieldsPerRecord = -1
	c.LazyQuotes = true
	c.ReuseRecord = false
	return &reader{csv: c}
}

// next returns the next record, or io.EOF, or ErrTooLarge.
func (r *reader) next() (record, error) {
	for {
		fields, err := r.csv.Read()
		if err == io.EOF {
			return record{}, io.EOF
		}
		r.n++
		if r.n > maxRecords {
			return record{}, ErrTooLarge
		}
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			r.problems = append(r.problems, Problem{Line: pe.StartLine, Message: "This line could not be read as CSV: " + pe.Err.Error() + "."})
			continue
		}
		if err != nil {
			return record{}, err
		}
		line, _ := r.csv.FieldPos(0)
		for i, f := range fields {
			fields[i] = cell(f)
		}
		return record{line: line, fields: fields}, nil
	}
}

// cell cleans one field: Excel's ="…" wrapper, non-breaking spaces and
// invalid UTF-8 (a file saved in another encoding) are undone, and the
// value is trimmed.
func cell(s string) string {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, `="`) && strings.HasSuffix(s, `"`) && len(s) >= 3 {
		s = s[2 : len(s)-1]
	}
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	s = strings.ReplaceAll(s, "\u00a0", " ")
	return strings.TrimSpace(s)
}

func blankRecord(fields []string) bool {
	for _, f := range fields {
		if f != "" {
			return false
		}
	}
	return true
}

func nonEmpty(fields []string) int {
	n := 0
	for _, f := range fields {
		if f != "" {
			n++
		}
	}
	return n
}

// Headers returns the names in the statement's header row, trimmed, empty
// and repeated names left out, for the admin to map. The header row is the
// first row, near the top, in which Guess finds a date and an amount or
// credit column; failing that, the row just above the first row that looks
// like a transaction (a date among three or more values).
func Headers(r io.Reader) ([]string, error) {
	rd := newReader(r)
	var prev []string
	seenAny := false
	for i := 0; i < headerWindow; i++ {
		rec, err := rd.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if blankRecord(rec.fields) {
			continue
		}
		seenAny = true
		if g := Guess(rec.fields); g.Date != "" && (g.Credit != "" || g.Amount != "") {
			return names(rec.fields), nil
		}
		if prev != nil && nonEmpty(rec.fields) >= 3 && hasDate(rec.fields) && nonEmpty(prev) >= 3 && !hasDate(prev) {
			return names(prev), nil
		}
		prev = rec.fields
	}
	if !seenAny {
		return nil, ErrEmpty
	}
	return nil, ErrNoHeader
}

func names(fields []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range fields {
		if f == "" || seen[headerKey(f)] {
			continue
		}
		seen[headerKey(f)] = true
		out = append(out, f)
	}
	return out
}

func hasDate(fields []string) bool {
	for _, f := range fields {
		if _, err := parseDate(f, ""); err == nil {
			return true
		}
	}
	return false
}
