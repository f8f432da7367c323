package care

import (
	"fmt"
	"strconv"
	"time"

	"github.com/go-fonts/dejavu/dejavusans"
	"github.com/go-fonts/dejavu/dejavusansbold"
	"github.com/signintech/gopdf"

	"spdc/internal/india"
)

// The annual report's page: A4 in points, margins wide enough for office
// printers.
const (
	pdfWidth  = 595.28
	pdfHeight = 841.89
	pdfMargin = 48.0
)

// ReportPDF draws a year's report as a printable annual report in English:
// the elders served, needs by service, help by month and the funds' gifts
// against help, counts and sums only. org is the program's name for the
// heading; at is when it was made.
func ReportPDF(r Report, org string, at time.Time) ([]byte, error) {
	pdf := &gopdf.GoPdf{}
	pdf.Start(gopdf.Config{PageSize: *gopdf.PageSizeA4, Unit: gopdf.UnitPT})
	for _, f := range []struct {
		name string
		ttf  []byte
	}{{"sans", dejavusans.TTF}, {"sans-bold", dejavusansbold.TTF}} {
		if err := pdf.AddTTFFontDataWithOption(f.name, f.ttf, gopdf.TtfOption{OnGlyphNotFoundSubstitute: func(rune) rune { return '?' }}); err != nil {
			return nil, fmt.Errorf("care: report font: %w", err)
		}
	}
	pdf.SetInfo(gopdf.PdfInfo{Title: "Annual report " + r.FY, Author: org, Creator: "spdc", CreationDate: at})
	p := &pager{pdf: pdf}
	p.page()
	p.line("sans-bold", 18, org)
	p.line("sans-bold", 14, "Annual report of the care programme, financial year "+r.FY)
	p.line("sans", 10, fmt.Sprintf("%s to %s. Counts and sums only; no person is named. Made %s (India time).",
		day(r.From), day(r.To), at.In(india.IST).Format("2 January 2006, 15:04")))
	if r.Published {
		p.line("sans", 10, "These figures are published on the public accounts page.")
	}
	p.gap()
	p.line("sans-bold", 13, "Elders")
	p.table([]float64{300, 120}, [][]string{
		{"Elders served in the year", strconv.Itoa(r.Elders.Served)},
		{"Elders new to the register", strconv.Itoa(r.Elders.New)},
		overdueLine(r),
	}, false)
	p.gap()
	p.line("sans-bold", 13, "Needs by service")
	rows := [][]string{{"Service", "Open", "Met"}}
	for _, n := range r.Needs {
		rows = append(rows, []string{ServiceWords(n.Service).En(), strconv.Itoa(n.Open), strconv.Itoa(n.Met)})
	}
	p.table([]float64{240, 90, 90}, rows, true)
	p.gap()
	p.line("sans-bold", 13, "Gifts received and help given, by fund")
	rows = [][]string{{"Fund", "Gifts received", "Help paid"}}
	var recv, paid int64
	for _, f := range r.Purposes {
		rows = append(rows, []string{f.Purpose, rupees(f.ReceivedPaise), rupees(f.PaidPaise)})
		recv, paid = recv+f.ReceivedPaise, paid+f.PaidPaise
	}
	rows = append(rows, []string{"Total", rupees(recv), rupees(paid)})
	p.table([]float64{160, 130, 130}, rows, true)
	p.gap()
	p.line("sans-bold", 13, "Help given by month")
	rows = [][]string{{"Month", "Fund", "Money paid", "Help in kind", "Count"}}
	for _, h := range r.HelpByMonth {
		if h.Count == 0 {
			continue
		}
		m, _ := time.Parse("2006-01", h.Month)
		rows = append(rows, []string{m.Format("January 2006"), h.Purpose, rupees(h.PaidPaise), rupees(h.InKindPaise), strconv.Itoa(h.Count)})
	}
	if len(rows) == 1 {
		rows = append(rows, []string{"No help was given in this year.", "", "", "", ""})
	}
	p.table([]float64{110, 80, 100, 100, 50}, rows, true)
	if p.err != nil {
		return nil, fmt.Errorf("care: report pdf: %w", p.err)
	}
	b, err := pdf.GetBytesPdfReturnErr()
	if err != nil {
		return nil, fmt.Errorf("care: report pdf: %w", err)
	}
	return b, nil
}

// pager writes lines and tables from the top of the page down, starting a
// new page when one is full.
type pager struct {
	pdf *gopdf.GoPdf
	y   float64
	err error
}

func (p *pager) fail(err error) {
	if err != nil && p.err == nil {
		p.err = err
	}
}

func (p *pager) page() {
	p.pdf.AddPage()
	p.y = pdfMargin
}

func (p *pager) ensure(h float64) {
	if p.y+h > pdfHeight-pdfMargin {
		p.page()
	}
}

func (p *pager) gap() { p.y += 10 }

// line writes one line of text; a line wider than the page is cut at a
// space onto the next.
func (p *pager) line(face string, size float64, text string) {
	p.fail(p.pdf.SetFont(face, "", size))
	lines, err := p.pdf.SplitTextWithWordWrap(text, pdfWidth-2*pdfMargin)
	p.fail(err)
	for _, l := range lines {
		p.ensure(size * 1.4)
		p.pdf.SetXY(pdfMargin, p.y)
		p.fail(p.pdf.Cell(nil, l))
		p.y += size * 1.4
	}
}

// table writes rows in columns of the given widths; head makes the first
// row bold. Numbers after the first column are set right.
func (p *pager) table(widths []float64, rows [][]string, head bool) {
	const size, h = 10.0, 16.0
	for i, row := range rows {
		p.ensure(h)
		face := "sans"
		if head && i == 0 {
			face = "sans-bold"
		}
		p.fail(p.pdf.SetFont(face, "", size))
		x := pdfMargin
		for j, cell := range row {
			rect := &gopdf.Rect{W: widths[j] - 6, H: h}
			opt := gopdf.CellOption{Align: gopdf.Left | gopdf.Middle}
			if j > 0 {
				opt.Align = gopdf.Right | gopdf.Middle
			}
			p.pdf.SetXY(x, p.y)
			p.fail(p.pdf.CellWithOption(rect, cell, opt))
			x += widths[j]
		}
		p.y += h
		if head && i == 0 {
			p.pdf.SetLineWidth(0.5)
			p.pdf.Line(pdfMargin, p.y, x, p.y)
		}
	}
}

func rupees(paise int64) string { return india.Paise(paise).String() }

func day(date string) string {
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return date
	}
	return d.Format("2 January 2006")
}

// overdueLine is the report's line of elders overdue for a contact: the
// count on the day it was taken, or for a past year why there is none
// (see Report.OverdueAsOf).
func overdueLine(r Report) []string {
	if r.OverdueAsOf == "" {
		return []string{"Elders overdue for a contact: current year only", "-"}
	}
	return []string{"Elders overdue for a contact on " + day(r.OverdueAsOf), strconv.Itoa(r.ContactsOverdue)}
}
