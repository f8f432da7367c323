// Package report holds the benchmark's results: rows of measurements and
// the budget checks (see ../cmd/bench/budgets.go), printed as one Markdown table and
// written as JSON.
package report

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"spdc/bench/load"
)

// Row is one line of the table.
type Row struct {
	Name        string         `json:"name"`
	Backend     string         `json:"backend,omitempty"` // sqlite, postgres, or "" when no database is involved
	Status      string         `json:"status"`            // ok, n/a, error
	Concurrency int            `json:"concurrency,omitempty"`
	Seconds     float64        `json:"seconds,omitempty"` // measured time
	Requests    int            `json:"requests,omitempty"`
	RPS         float64        `json:"rps,omitempty"`
	P50Ms       float64        `json:"p50Ms,omitempty"`
	P99Ms       float64        `json:"p99Ms,omitempty"`
	MaxMs       float64        `json:"maxMs,omitempty"`
	Errors      int            `json:"errors"`
	Ratio       float64        `json:"ratioToHello,omitempty"`
	Statuses    map[int]int    `json:"statuses,omitempty"`
	Result      string         `json:"result,omitempty"` // the figure of a row that is not a load test
	Note        string         `json:"note,omitempty"`
	Data        map[string]any `json:"data,omitempty"` // numbers the budgets read
}

// FromLoad fills a row from a load-generator result.
func FromLoad(name, backend string, concurrency int, r load.Result) Row {
	row := Row{
		Name: name, Backend: backend, Status: "ok", Concurrency: concurrency,
		Seconds: r.Elapsed.Seconds(), Requests: r.Requests, RPS: r.RPS,
		P50Ms: ms(r.P50), P99Ms: ms(r.P99), MaxMs: ms(r.Max), Errors: r.Errors, Statuses: r.Statuses,
	}
	if r.Errors > 0 {
		row.Note = fmt.Sprintf("first error: %s", r.FirstError)
	}
	return row
}

// NA is a row that could not be measured yet, with the reason.
func NA(name, backend, why string) Row {
	return Row{Name: name, Backend: backend, Status: "n/a", Note: why}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// Budget is one PASS/FAIL line.
type Budget struct {
	Name   string `json:"name"`
	Pass   bool   `json:"pass"`
	Known  bool   `json:"measured"` // false when the row it needs is n/a
	Detail string `json:"detail"`
}

// Results is everything one run measured.
type Results struct {
	Started     time.Time `json:"started"`
	Seconds     float64   `json:"seconds"`
	Host        string    `json:"host"`
	CPUs        int       `json:"cpus"`
	Concurrency int       `json:"concurrency"`
	RowSeconds  float64   `json:"rowSeconds"`
	Volunteers  int       `json:"volunteers"`
	Rows        []Row     `json:"rows"`
	Budgets     []Budget  `json:"budgets"`
	Web         any       `json:"web,omitempty"`
	Lighthouse  any       `json:"lighthouse,omitempty"`
	Notes       []string  `json:"notes,omitempty"`
}

// Find returns the first row with name and backend.
func (r *Results) Find(name, backend string) *Row {
	for i := range r.Rows {
		if r.Rows[i].Name == name && r.Rows[i].Backend == backend {
			return &r.Rows[i]
		}
	}
	return nil
}

// Add appends a row and prints a progress line to w.
func (r *Results) Add(w io.Writer, row Row) {
	r.Rows = append(r.Rows, row)
	fmt.Fprintf(w, "  %-44s %s\n", label(row), summary(row))
}

func label(row Row) string {
	if row.Backend != "" {
		return row.Name + " [" + row.Backend + "]"
	}
	return row.Name
}

func summary(row Row) string {
	switch {
	case row.Status != "ok":
		return row.Status + ": " + row.Note
	case row.Requests > 0:
		s := fmt.Sprintf("%.0f req/s, p50 %.2f ms, p99 %.2f ms, %d errors", row.RPS, row.P50Ms, row.P99Ms, row.Errors)
		if row.Result != "" {
			s += "; " + row.Result
		}
		return s
	default:
		return row.Result
	}
}

// Markdown writes the table.
func (r *Results) Markdown(w io.Writer) {
	fmt.Fprintf(w, "| row | db | conc | req/s | p50 ms | p99 ms | errors | × hello | result / note |\n")
	fmt.Fprintf(w, "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n")
	for _, row := range r.Rows {
		rps, p50, p99, errs, ratio, conc := "", "", "", "", "", ""
		if row.Requests > 0 {
			rps = fmt.Sprintf("%.0f", row.RPS)
			p50 = fmt.Sprintf("%.2f", row.P50Ms)
			p99 = fmt.Sprintf("%.2f", row.P99Ms)
			errs = fmt.Sprint(row.Errors)
			conc = fmt.Sprint(row.Concurrency)
		}
		if row.Ratio > 0 {
			ratio = fmt.Sprintf("%.2f", row.Ratio)
		}
		text := row.Result
		if row.Status != "ok" {
			text = row.Status + " (" + row.Note + ")"
		} else if row.Note != "" {
			if text != "" {
				text += "; "
			}
			text += row.Note
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
			row.Name, row.Backend, conc, rps, p50, p99, errs, ratio, strings.ReplaceAll(text, "|", "/"))
	}
}

// PrintBudgets writes one PASS/FAIL/N-A line per budget.
func (r *Results) PrintBudgets(w io.Writer) {
	for _, b := range r.Budgets {
		verdict := "FAIL"
		switch {
		case !b.Known:
			verdict = "N/A "
		case b.Pass:
			verdict = "PASS"
		}
		fmt.Fprintf(w, "%s  %s — %s\n", verdict, b.Name, b.Detail)
	}
}

// WriteJSON writes the results to path.
func (r *Results) WriteJSON(path string) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// KB formats a byte count in kilobytes (1000 bytes), as budgets are written.
func KB(n int64) string { return fmt.Sprintf("%.1f KB", float64(n)/1000) }

// MB formats a byte count in megabytes (10^6 bytes).
func MB(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }
