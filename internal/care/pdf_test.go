package care

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/ledongthuc/pdf"

	"spdc/internal/india"
)

// The annual report PDF reads back with the year, the counts, the funds'
// sums in Indian grouping and the months that had help, and nothing else.
func TestReportPDF(t *testing.T) {
	r := NewReport(india.FY(2026), Figures{Served: 41, New: 7, ContactsOverdue: 3, OverdueAsOf: "2026-11-27",
		Needs: map[string][2]int{"healthcare": {5, 9}},
		Help: []HelpSum{
			{Month: "2026-05", Purpose: "Health", Kind: KindMoney, Paise: 1_25_000_00, Count: 2},
			{Month: "2026-12", Purpose: "General", Kind: KindInKind, Paise: 300_00, Count: 1},
		},
		Received: map[string]int64{"Health": 2_50_000_00}})
	b, err := ReportPDF(r, "SPDC Trust", time.Date(2026, 11, 27, 6, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, b)
	for _, want := range []string{"SPDC Trust", "financial year 2026-27", "1 April 2026 to 31 March 2027", "Elders served in the year", "41",
		"Health care", "₹2,50,000", "₹1,25,000", "May 2026", "December 2026", "₹300", "Total",
		"Elders overdue for a contact on 27 November 2026 3"} {
		if !strings.Contains(text, want) {
			t.Errorf("PDF lacks %q: %s", want, text)
		}
	}
	if strings.Contains(text, "June 2026") {
		t.Errorf("a month without help is listed: %s", text)
	}
	// A past year's report says the contacts overdue are counted only for
	// the current year, instead of a count.
	r.OverdueAsOf = ""
	if b, err = ReportPDF(r, "SPDC Trust", time.Date(2026, 11, 27, 6, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	if text := pdfText(t, b); !strings.Contains(text, "Elders overdue for a contact: current year only") {
		t.Errorf("past year's PDF: %s", text)
	}
}

// pdfText is the text a PDF reads back as, its white space folded.
func pdfText(t *testing.T, b []byte) string {
	t.Helper()
	rd, err := pdf.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("read PDF: %v", err)
	}
	plain, err := rd.GetPlainText()
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(plain)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(strings.Fields(string(raw)), " ")
}
