package receipt

import (
	"fmt"
	"strings"
	"time"

	"github.com/signintech/gopdf"

	"spdc/internal/india"
)

// The page: A4 in points, with margins wide enough for office printers.
const (
	pageWidth    = 595.28
	pageHeight   = 841.89
	margin       = 48.0
	contentWidth = pageWidth - 2*margin
	bottomLimit  = pageHeight - margin
	labelWidth   = 150.0
	qrSize       = 96.0
)

type rgb struct{ r, g, b uint8 }

var (
	black     = rgb{0, 0, 0}
	grey      = rgb{80, 80, 80}
	red       = rgb{180, 20, 20}
	paleRed   = rgb{245, 200, 200}
	ruleColor = rgb{170, 170, 170}
)

// PDF draws the receipt and returns the PDF file. When d is incomplete or
// wrong it draws nothing and returns the errors of Check (an
// india.FieldErrors keyed by field).
func PDF(d Data) ([]byte, error) {
	if fe := Check(d); fe != nil {
		return nil, fe
	}
	w, err := newWriter(d)
	if err != nil {
		return nil, err
	}
	if err := w.receipt(); err != nil {
		return nil, fmt.Errorf("receipt: draw: %w", err)
	}
	b, err := w.pdf.GetBytesPdfReturnErr()
	if err != nil {
		return nil, fmt.Errorf("receipt: write: %w", err)
	}
	return b, nil
}

// writer lays the receipt out from top to bottom; y is the top of the next
// line. A field too long for the page continues on a new page, which is
// marked like the first.
type writer struct {
	pdf   *gopdf.GoPdf
	d     Data
	fy    india.FY
	y     float64
	pages int
	err   error // the first drawing error; later calls do nothing
}

func newWriter(d Data) (*writer, error) {
	pdf := &gopdf.GoPdf{}
	pdf.Start(gopdf.Config{PageSize: *gopdf.PageSizeA4, Unit: gopdf.UnitPT})
	for _, f := range fontFaces {
		if err := pdf.AddTTFFontDataWithOption(f.name, f.ttf, gopdf.TtfOption{
			OnGlyphNotFoundSubstitute: func(rune) rune { return '?' },
		}); err != nil {
			return nil, fmt.Errorf("receipt: font: %w", err)
		}
	}
	fy, _ := india.ParseFY(d.FinancialYear) // Check has read it
	pdf.SetInfo(gopdf.PdfInfo{
		Title:        "Donation receipt " + printable(d.Number),
		Author:       printable(d.Trust.Name),
		Creator:      "spdc",
		CreationDate: d.IssuedOn,
	})
	w := &writer{pdf: pdf, d: d, fy: fy}
	w.newPage()
	return w, nil
}

func (w *writer) fail(err error) {
	if err != nil && w.err == nil {
		w.err = err
	}
}

// newPage starts a page with the marks every page of this receipt carries.
func (w *writer) newPage() {
	w.pdf.AddPage()
	w.y = margin
	if w.d.Cancelled {
		// A large pale word across the page, drawn first so that the
		// text stays readable over it.
		w.font(fontBold, 72, paleRed)
		w.pdf.Rotate(50, pageWidth/2, pageHeight/2)
		width, err := w.pdf.MeasureTextWidth("CANCELLED")
		w.fail(err)
		w.pdf.SetXY(pageWidth/2-width/2, pageHeight/2+26) // the baseline, so that the word's middle is the page's
		w.fail(w.pdf.Text("CANCELLED"))
		w.pdf.RotateReset()
	}
	w.pages++
	if w.pages > 1 {
		w.font(fontRegular, 8.5, grey)
		w.pdf.SetXY(margin, w.y)
		w.fail(w.pdf.Cell(nil, fmt.Sprintf("Receipt %s, page %d (continued)", w.d.Number, w.pages)))
		w.y += 20
	}
}

// ensure moves to a new page unless h more points fit on this one.
func (w *writer) ensure(h float64) {
	if w.y+h > bottomLimit {
		w.newPage()
	}
}

func (w *writer) font(name string, size float64, c rgb) {
	w.fail(w.pdf.SetFont(name, "", size))
	w.pdf.SetTextColor(c.r, c.g, c.b)
}

func lineHeight(size float64) float64 { return size * 1.35 }

// wrap breaks text into lines no wider than width in the current font:
// at spaces where it can, inside a word when the word alone is too wide.
func (w *writer) wrap(text string, width float64) []string {
	measure := func(s string) float64 {
		v, err := w.pdf.MeasureTextWidth(s)
		w.fail(err)
		return v
	}
	var lines []string
	for _, para := range strings.Split(text, "\n") {
		para = printable(para)
		if para == "" {
			continue
		}
		line := ""
		for _, word := range strings.Fields(para) {
			try := word
			if line != "" {
				try = line + " " + word
			}
			if measure(try) <= width {
				line = try
				continue
			}
			if line != "" {
				lines = append(lines, line)
				line = ""
			}
			// The word starts a line; cut it where it overflows.
			for measure(word) > width {
				runes := []rune(word)
				n := len(runes) - 1
				for n > 1 && measure(string(runes[:n])) > width {
					n--
				}
				lines = append(lines, string(runes[:n]))
				word = string(runes[n:])
			}
			line = word
		}
		if line != "" {
			lines = append(lines, line)
		}
	}
	return lines
}

// paragraph writes text wrapped to width at x, moving down the page.
func (w *writer) paragraph(x, width float64, text, face string, size float64, c rgb) {
	w.font(face, size, c)
	for _, l := range w.wrap(text, width) {
		w.ensure(lineHeight(size))
		w.pdf.SetXY(x, w.y)
		w.fail(w.pdf.Cell(nil, l))
		w.y += lineHeight(size)
	}
}

// centred writes one short line centred on the page.
func (w *writer) centred(text, face string, size float64, c rgb) {
	w.font(face, size, c)
	for _, l := range w.wrap(text, contentWidth) {
		w.ensure(lineHeight(size))
		width, err := w.pdf.MeasureTextWidth(l)
		w.fail(err)
		w.pdf.SetXY((pageWidth-width)/2, w.y)
		w.fail(w.pdf.Cell(nil, l))
		w.y += lineHeight(size)
	}
}

func (w *writer) rule() {
	w.ensure(12)
	w.y += 4
	w.pdf.SetStrokeColor(ruleColor.r, ruleColor.g, ruleColor.b)
	w.pdf.SetLineWidth(0.6)
	w.pdf.Line(margin, w.y, pageWidth-margin, w.y)
	w.y += 8
}

// field writes one labelled row: the label on the left, the value wrapped
// in the column beside it.
func (w *writer) field(label, value string) {
	const size = 10.5
	w.font(fontRegular, size, black)
	lines := w.wrap(value, contentWidth-labelWidth)
	if len(lines) == 0 {
		lines = []string{"—"}
	}
	w.font(fontBold, 9.5, grey)
	labels := w.wrap(label, labelWidth-10)
	w.ensure(float64(len(labels)) * lineHeight(size))
	top := w.y
	for _, l := range labels {
		w.pdf.SetXY(margin, w.y+1)
		w.fail(w.pdf.Cell(nil, l))
		w.y += lineHeight(size)
	}
	below := w.y
	w.y = top
	w.font(fontRegular, size, black)
	for _, l := range lines {
		w.ensure(lineHeight(size))
		w.pdf.SetXY(margin+labelWidth, w.y)
		w.fail(w.pdf.Cell(nil, l))
		w.y += lineHeight(size)
	}
	if w.y >= top {
		// Still on the label's page.
		w.y = max(w.y, below)
	}
	w.y += 3
}

// receipt draws the whole document.
func (w *writer) receipt() error {
	d, t := w.d, w.d.Trust
	is80G := d.ReceiptType == string(india.Receipt80G)

	// The trust, as registered.
	w.paragraph(margin, contentWidth, t.Name, fontBold, 17, black)
	for _, l := range t.AddressLines {
		w.paragraph(margin, contentWidth, l, fontRegular, 9.5, grey)
	}
	if t.PAN != "" {
		w.paragraph(margin, contentWidth, "PAN: "+strings.ToUpper(strings.TrimSpace(t.PAN)), fontRegular, 9.5, grey)
	}
	if reg := approval(t); reg != "" {
		w.paragraph(margin, contentWidth, reg, fontRegular, 9.5, grey)
	}
	w.rule()

	// Title and marks.
	w.y += 2
	w.centred("Donation Receipt", fontBold, 16, black)
	if is80G {
		w.centred(w.sectionLine(), fontRegular, 10, grey)
	}
	if d.Duplicate {
		w.y += 4
		w.mark("DUPLICATE", "Duplicate copy of receipt "+d.Number+", first issued on "+day(d.IssuedOn)+".", grey)
	}
	if d.Cancelled {
		w.y += 4
		w.mark("CANCELLED", "This receipt is cancelled and is not valid for any claim. Reason: "+d.CancelReason, red)
	}
	w.y += 8

	w.field("Receipt number", d.Number)
	w.field("Date of receipt", day(d.IssuedOn))
	w.field("Financial year", d.FinancialYear)
	w.rule()

	w.field("Received from", d.DonorName)
	w.field("Address", d.DonorAddress)
	if d.DonorID != "" {
		w.field(idLabel(d.DonorIDType), idValue(d.DonorIDType, d.DonorID))
	}
	w.field("Amount", india.Paise(d.AmountPaise).String())
	w.field("Amount in words", india.Paise(d.AmountPaise).Words())
	w.field("Date of payment", day(d.PaidOn))
	w.field("Mode of payment", upperFirst(modeText(d.Mode)))
	if d.Mode != string(india.ModeCash) {
		w.field(referenceLabel(d.Mode), d.Reference)
	}
	w.field("Nature of donation", "In money, not in kind")
	w.field("Purpose", india.PurposeWords(d.Purpose))
	w.field("Receipt type", receiptTypeText(d.ReceiptType))
	w.rule()

	// What the receipt declares.
	for _, p := range w.declarations() {
		w.paragraph(margin, contentWidth, p, fontRegular, 9.5, black)
		w.y += 4
	}

	w.signatureAndQR()
	return w.err
}

// mark writes a boxed word (DUPLICATE, CANCELLED) and a sentence beside it.
func (w *writer) mark(word, sentence string, c rgb) {
	const size = 10.0
	w.font(fontBold, 12, c)
	wordWidth, err := w.pdf.MeasureTextWidth(word)
	w.fail(err)
	boxWidth := wordWidth + 16
	w.font(fontRegular, size, c)
	lines := w.wrap(sentence, contentWidth-boxWidth-10)
	h := max(22, float64(len(lines))*lineHeight(size)+8)
	if h > bottomLimit-margin {
		h = bottomLimit - margin
	}
	w.ensure(h)
	top := w.y
	w.pdf.SetStrokeColor(c.r, c.g, c.b)
	w.pdf.SetLineWidth(1.4)
	w.pdf.RectFromUpperLeftWithStyle(margin, top, boxWidth, 22, "D")
	w.font(fontBold, 12, c)
	w.pdf.SetXY(margin+8, top+4)
	w.fail(w.pdf.Cell(nil, word))
	w.font(fontRegular, size, c)
	w.y = top + 4
	for _, l := range lines {
		w.ensure(lineHeight(size))
		w.pdf.SetXY(margin+boxWidth+10, w.y)
		w.fail(w.pdf.Cell(nil, l))
		w.y += lineHeight(size)
	}
	w.y = max(w.y, top+22) + 4
}

// sectionLine names the law under which the gift qualifies, by the
// financial year of the gift: the Income-tax Act 2025 applies from tax year
// 2026-27.
func (w *writer) sectionLine() string {
	if w.fy.Form() == india.Form113 {
		return "Receipt for a donation eligible for deduction under section 354 of the Income-tax Act, 2025"
	}
	return "Receipt for a donation eligible for deduction under section 80G of the Income-tax Act, 1961"
}

// declarations returns the paragraphs of the receipt's declaration: the
// approval and its law, the certificate to follow, and how the receipt was
// made.
func (w *writer) declarations() []string {
	d, t := w.d, w.d.Trust
	var out []string
	if d.ReceiptType == string(india.Receipt80G) {
		if w.fy.Form() == india.Form113 {
			out = append(out, fmt.Sprintf("%s is approved under section 80G(5) of the Income-tax Act, 1961, "+
				"approval number %s, valid %s; from tax year 2026-27 the approval has effect under section 354 "+
				"of the Income-tax Act, 2025, and this donation qualifies for deduction under that section.",
				t.Name, t.Reg80GNumber, validity(t)))
			out = append(out, fmt.Sprintf("The certificate of donation in Form 114 will be issued to the donor after the "+
				"trust files its statement of donations in Form 113 for tax year %s. This receipt acknowledges the "+
				"donation; the donor's claim for deduction rests on that certificate.", d.FinancialYear))
		} else {
			out = append(out, fmt.Sprintf("%s is approved under section 80G(5) of the Income-tax Act, 1961, "+
				"approval number %s, valid %s, and this donation qualifies for deduction under section 80G of that Act.",
				t.Name, t.Reg80GNumber, validity(t)))
			out = append(out, fmt.Sprintf("The certificate of donation in Form 10BE will be issued to the donor after the "+
				"trust files its statement of donations in Form 10BD for the financial year %s. This receipt acknowledges "+
				"the donation; the donor's claim for deduction rests on that certificate.", d.FinancialYear))
		}
	} else {
		out = append(out, "This receipt acknowledges the donation. It is not a receipt for a deduction "+
			"under section 80G of the Income-tax Act, 1961 or section 354 of the Income-tax Act, 2025.")
	}
	if d.Mode == string(india.ModeCash) {
		out = append(out, "The donation was received in cash.")
	} else {
		out = append(out, "The donation was received by "+modeText(d.Mode)+", not in cash and not in kind.")
	}
	return out
}

// signatureAndQR draws the QR code that opens the verification page on the
// left and the authorised signatory on the right, kept together on one page.
func (w *writer) signatureAndQR() {
	d, t := w.d, w.d.Trust
	w.font(fontRegular, 7.5, grey)
	urlLines := w.wrap(d.VerifyURL, contentWidth)
	w.font(fontRegular, 10, black)
	signLines := w.wrap("For "+t.Name, contentWidth/2)
	h := max(qrSize+20, 60+float64(len(signLines))*lineHeight(10)) + float64(len(urlLines))*lineHeight(7.5)
	w.ensure(min(h+10, bottomLimit-margin))
	w.y += 10
	top := w.y

	// Signatory, right column.
	right := margin + contentWidth/2
	y := top
	for _, l := range signLines {
		w.font(fontRegular, 10, black)
		w.pdf.SetXY(right, y)
		w.fail(w.pdf.Cell(nil, l))
		y += lineHeight(10)
	}
	y += 26 // room for a signature or seal on a printed copy
	w.pdf.SetStrokeColor(ruleColor.r, ruleColor.g, ruleColor.b)
	w.pdf.SetLineWidth(0.6)
	w.pdf.Line(right, y, pageWidth-margin, y)
	y += 4
	w.font(fontBold, 10, black)
	for _, l := range w.wrap(t.SignatoryName, contentWidth/2) {
		w.pdf.SetXY(right, y)
		w.fail(w.pdf.Cell(nil, l))
		y += lineHeight(10)
	}
	title := "Authorised signatory"
	if strings.TrimSpace(t.SignatoryTitle) != "" {
		title = t.SignatoryTitle + ", authorised signatory"
	}
	w.font(fontRegular, 9.5, grey)
	for _, l := range w.wrap(title, contentWidth/2) {
		w.pdf.SetXY(right, y)
		w.fail(w.pdf.Cell(nil, l))
		y += lineHeight(9.5)
	}

	// QR code, left column.
	w.font(fontRegular, 8.5, grey)
	w.pdf.SetXY(margin, top)
	w.fail(w.pdf.Cell(nil, "Scan to verify this receipt:"))
	w.fail(drawQR(w.pdf, d.VerifyURL, margin, top+14, qrSize))
	// The address beneath the code, across the page so that it stays on
	// one line where it can.
	w.y = max(y, top+14+qrSize) + 4
	w.font(fontRegular, 7.5, grey)
	for _, l := range urlLines {
		w.ensure(lineHeight(7.5))
		w.pdf.SetXY(margin, w.y)
		w.fail(w.pdf.Cell(nil, l))
		w.y += lineHeight(7.5)
	}
	w.y += 8

	w.paragraph(margin, contentWidth, "This receipt was issued electronically by "+t.Name+
		". Its number, date, amount and status can be checked at the address above.", fontRegular, 8, grey)
}

// approval describes the trust's 80G approval with its validity period.
func approval(t Trust) string {
	if strings.TrimSpace(t.Reg80GNumber) == "" {
		return ""
	}
	s := "80G approval: " + t.Reg80GNumber
	if v := validity(t); v != "" {
		s += ", valid " + v
	}
	return s
}

// validity writes the 80G validity period, "from 1 April 2022 to 31 March
// 2027", from whichever ends are known.
func validity(t Trust) string {
	from, to := settingDay(t.Reg80GDate), settingDay(t.Reg80GValidUntil)
	switch {
	case from != "" && to != "":
		return "from " + from + " to " + to
	case to != "":
		return "until " + to
	case from != "":
		return "from " + from
	}
	return ""
}

func settingDay(s string) string {
	t, err := time.ParseInLocation("2006-01-02", strings.TrimSpace(s), india.IST)
	if err != nil {
		return ""
	}
	return t.Format("2 January 2006")
}

// day writes a date as the receipt shows it, in India time: "2 April 2026".
func day(t time.Time) string { return t.In(india.IST).Format("2 January 2006") }

func idLabel(idType string) string {
	switch idType {
	case string(india.IDPAN):
		return "Donor's PAN"
	case string(india.IDAadhaar):
		return "Donor's Aadhaar"
	}
	return "Donor's ID number"
}

// idValue writes an Aadhaar number in its usual groups of four digits; other
// numbers as given.
func idValue(idType, id string) string {
	id = strings.TrimSpace(id)
	if idType == string(india.IDAadhaar) {
		if a, err := india.ParseAadhaar(id); err == nil {
			s := string(a)
			return s[:4] + " " + s[4:8] + " " + s[8:]
		}
	}
	if idType == string(india.IDPAN) {
		return strings.ToUpper(id)
	}
	return id
}

func modeText(mode string) string {
	switch india.Mode(mode) {
	case india.ModeUPI:
		return "bank transfer (UPI)"
	case india.ModeIMPS:
		return "bank transfer (IMPS)"
	case india.ModeNEFT:
		return "bank transfer (NEFT)"
	case india.ModeRTGS:
		return "bank transfer (RTGS)"
	case india.ModeCheque:
		return "cheque"
	case india.ModeCash:
		return "cash"
	}
	return mode
}

func referenceLabel(mode string) string {
	switch india.Mode(mode) {
	case india.ModeCheque:
		return "Cheque number"
	case india.ModeUPI, india.ModeIMPS:
		return "Reference (RRN)"
	}
	return "Reference (UTR)"
}

func receiptTypeText(t string) string {
	if t == string(india.Receipt80G) {
		return "80G (eligible for deduction)"
	}
	return "General (not for a tax deduction)"
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
