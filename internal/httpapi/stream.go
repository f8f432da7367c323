package httpapi

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"time"

	"spdc/internal/csvout"
	"spdc/internal/i18n"
	"spdc/internal/store"
)

// rowSource calls yield once per row, in order, and stops at its first error.
type rowSource[T any] func(yield func(T) error) error

// streamJSONArray answers 200 with the rows as one JSON array, written as
// they come so memory stays flat, and X-Total-Count set to total. An error
// before the first row is returned, to be answered as usual; after it the
// client sees a truncated array and the error is logged under what.
func streamJSONArray[T any](s *Server, w http.ResponseWriter, r *http.Request, total int, what string, rows rowSource[T]) error {
	h := w.Header()
	h.Set("X-Total-Count", strconv.Itoa(total))
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Type", "application/json; charset=utf-8")
	bw := bufio.NewWriterSize(w, 32<<10)
	n := 0
	err := rows(func(row T) error {
		b, err := json.Marshal(row)
		if err != nil {
			return err
		}
		if n == 0 {
			w.WriteHeader(http.StatusOK)
			bw.WriteByte('[')
		} else {
			bw.WriteByte(',')
		}
		n++
		_, err = bw.Write(b)
		return err
	})
	if err != nil {
		if n == 0 {
			return err
		}
		s.log.ErrorContext(r.Context(), what+" interrupted", "err", err, "request_id", requestID(r.Context()))
		return nil
	}
	if n == 0 {
		w.WriteHeader(http.StatusOK)
		bw.WriteByte('[')
	}
	bw.WriteString("]\n")
	_ = bw.Flush()
	return nil
}

// streamCSV answers 200 with the rows as the attachment {t.Name}-data.csv:
// a byte-order mark (so spreadsheet programs read UTF-8 and names in
// Indian scripts show as written), the labels of t's fields as the header
// line, then one line per row filled in by cells (one cell per field,
// neutralised against formulas by the one CSV writer, csvout),
// flushed every 1,000 rows so memory stays flat whatever the number of
// rows. The caller checks the query before, since the status is sent
// first; a later error is logged under what.
//
// Reading and writing run side by side: one goroutine reads the rows and
// passes their values on in batches (rows must not share a values slice),
// while this one makes the cells (dates in the program's zone, lists
// joined) and writes them as CSV. Reading from the database is most of an
// export's work, so the reader does nothing else. At most a few batches
// wait between them, so memory still does not grow with the rows.
func streamCSV(s *Server, w http.ResponseWriter, r *http.Request, t *store.AdminTab, what string,
	rows rowSource[[]any], cells func(row []any, out []string)) {
	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Now().Add(10 * time.Minute))
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="`+t.Name+`-data.csv"`)
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	bw := bufio.NewWriterSize(w, 64<<10)
	_, _ = bw.WriteString("\uFEFF")
	cw := csvout.NewWriter(bw)
	// The header in the admin's language; the values stay as stored.
	lang := i18n.FromRequest(r)
	header := make([]string, len(t.Fields))
	for i, f := range t.Fields {
		header[i] = f.Label
		if f.Def != nil {
			header[i] = f.Def.LabelIn(lang)
		}
	}
	_ = cw.Write(header)

	const batchRows = 250
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	batches := make(chan [][]any, 4)
	var readErr error
	go func() {
		defer close(batches)
		batch := make([][]any, 0, batchRows)
		readErr = rows(func(row []any) error {
			if batch = append(batch, row); len(batch) < batchRows {
				return nil
			}
			select {
			case batches <- batch:
			case <-ctx.Done():
				return ctx.Err()
			}
			batch = make([][]any, 0, batchRows)
			return nil
		})
		if readErr == nil && len(batch) > 0 {
			select {
			case batches <- batch:
			case <-ctx.Done():
			}
		}
	}()
	var writeErr error
	n := 0
	line := make([]string, len(t.Fields))
	for batch := range batches {
		if writeErr != nil {
			continue // drain, so the reader ends
		}
		for _, row := range batch {
			cells(row, line)
			if writeErr = cw.Write(line); writeErr != nil {
				break
			}
		}
		if n += len(batch); n%1000 < batchRows && writeErr == nil {
			cw.Flush()
			if writeErr = bw.Flush(); writeErr == nil {
				_ = rc.Flush()
			}
		}
		if writeErr != nil {
			cancel()
		}
	}
	cw.Flush()
	_ = bw.Flush()
	if err := errors.Join(readErr, writeErr); err != nil {
		s.log.ErrorContext(r.Context(), what+" interrupted", "err", err, "request_id", requestID(r.Context()))
	}
}
