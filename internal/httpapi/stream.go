package httpapi

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"net/http"
	"strconv"
	"time"

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
// line, then one line per row filled in by cells (one cell per field),
// flushed every 1,000 rows so memory stays flat whatever the number of
// rows. The caller checks the query before, since
// the status is sent first; a later error is logged under what.
func streamCSV[T any](s *Server, w http.ResponseWriter, r *http.Request, t *store.AdminTab, what string,
	rows rowSource[T], cells func(row T, out []string)) {
	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Now().Add(10 * time.Minute))
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="`+t.Name+`-data.csv"`)
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	bw := bufio.NewWriterSize(w, 64<<10)
	_, _ = bw.WriteString("\uFEFF")
	cw := csv.NewWriter(bw)
	line := make([]string, len(t.Fields))
	for i, f := range t.Fields {
		line[i] = f.Label
	}
	_ = cw.Write(line)
	n := 0
	err := rows(func(row T) error {
		cells(row, line)
		if err := cw.Write(line); err != nil {
			return err
		}
		n++
		if n%1000 == 0 {
			cw.Flush()
			if err := bw.Flush(); err != nil {
				return err
			}
			_ = rc.Flush()
		}
		return cw.Error()
	})
	cw.Flush()
	_ = bw.Flush()
	if err != nil {
		s.log.ErrorContext(r.Context(), what+" interrupted", "err", err, "request_id", requestID(r.Context()))
	}
}
