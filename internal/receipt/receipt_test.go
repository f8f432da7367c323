package receipt

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ledongthuc/pdf"
	"github.com/makiuchi-d/gozxing"
	gzqr "github.com/makiuchi-d/gozxing/qrcode"

	"spdc/internal/entity"
	"spdc/internal/india"
)

func sample() Data {
	return Data{
		Trust: Trust{
			Name:             "Sri Parvati Disciple Circle Trust",
			PAN:              "AAATS1234F",
			AddressLines:     []string{"12 Temple Road, Malleswaram", "Bengaluru 560003, Karnataka"},
			Reg80GNumber:     "AAATS1234FF20221",
			Reg80GDate:       "2022-04-01",
			Reg80GValidUntil: "2027-03-31",
			SignatoryName:    "Lakshmi Narayanan",
			SignatoryTitle:   "Treasurer",
		},
		Number:        "RCP/2026-27/000042",
		IssuedOn:      time.Date(2026, 4, 5, 11, 0, 0, 0, india.IST),
		FinancialYear: "2026-27",
		DonorName:     "Ravi Shankar Iyer",
		DonorAddress:  "Flat 4B, Lotus Apartments\n22 MG Road, Pune 411001",
		DonorIDType:   "PAN",
		DonorID:       "ABCPI1234K",
		AmountPaise:   1_05_000_00,
		PaidOn:        time.Date(2026, 4, 2, 0, 0, 0, 0, india.IST),
		Mode:          "UPI",
		Reference:     "412345678901",
		Purpose:       "Health",
		ReceiptType:   "80G",
		VerifyURL:     "https://spdc.example.org/receipts/verify/Zq3kP9vL2mX8nR4tY6wA",
	}
}

// text extracts the text of every page of a PDF with a real PDF reader, the
// way a search tool or a screen reader would see it.
func text(t *testing.T, b []byte) string {
	t.Helper()
	if !bytes.HasPrefix(b, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %q", b[:min(len(b), 20)])
	}
	r, err := pdf.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("read PDF: %v", err)
	}
	plain, err := r.GetPlainText()
	if err != nil {
		t.Fatalf("extract text: %v", err)
	}
	s, err := io.ReadAll(plain)
	if err != nil {
		t.Fatal(err)
	}
	return string(s)
}

// squash removes line breaks and runs of spaces, so that a check does not
// depend on where the extractor breaks lines.
func squash(s string) string { return strings.Join(strings.Fields(s), " ") }

func mustPDF(t *testing.T, d Data) []byte {
	t.Helper()
	b, err := PDF(d)
	if err != nil {
		t.Fatalf("PDF: %v", err)
	}
	if dir := os.Getenv("RECEIPT_PDF_DIR"); dir != "" {
		// Kept for looking at by eye.
		name := strings.NewReplacer("/", "_", " ", "_").Replace(t.Name()) + ".pdf"
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

func TestReceiptText(t *testing.T) {
	got := squash(text(t, mustPDF(t, sample())))
	for _, want := range []string{
		"Sri Parvati Disciple Circle Trust",
		"12 Temple Road, Malleswaram",
		"PAN: AAATS1234F",
		"80G approval: AAATS1234FF20221, valid from 1 April 2022 to 31 March 2027",
		"RCP/2026-27/000042",
		"Date of receipt 5 April 2026",
		"Financial year 2026-27",
		"Ravi Shankar Iyer",
		"Lotus Apartments",
		"ABCPI1234K",
		"₹1,05,000",
		"Rupees One Lakh Five Thousand Only",
		"2 April 2026",
		"Bank transfer (UPI)",
		"412345678901",
		"In money, not in kind",
		"Purpose Health care of elderly disciples",
		"section 354 of the Income-tax Act, 2025",
		"Form 114",
		"not in cash",
		"Lakshmi Narayanan",
		"Treasurer, authorised signatory",
		"https://spdc.example.org/receipts/verify/Zq3kP9vL2mX8nR4tY6wA",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("receipt text lacks %q\ntext: %s", want, got)
		}
	}
	for _, unwanted := range []string{"DUPLICATE", "CANCELLED", "Form 10BE", "received in cash"} {
		if strings.Contains(got, unwanted) {
			t.Errorf("receipt text has %q", unwanted)
		}
	}
}

// The law named on the receipt follows the financial year: the 1961 Act and
// Form 10BE up to 2025-26, the 2025 Act and Form 114 from 2026-27.
func TestReceiptLawByYear(t *testing.T) {
	d := sample()
	d.Number, d.FinancialYear = "RCP/2025-26/000917", "2025-26"
	d.IssuedOn = time.Date(2026, 3, 30, 10, 0, 0, 0, india.IST)
	d.PaidOn = time.Date(2026, 3, 28, 0, 0, 0, 0, india.IST)
	got := squash(text(t, mustPDF(t, d)))
	for _, want := range []string{"section 80G of the Income-tax Act, 1961", "Form 10BE", "Form 10BD", "2025-26", "RCP/2025-26/000917"} {
		if !strings.Contains(got, want) {
			t.Errorf("2025-26 receipt lacks %q\ntext: %s", want, got)
		}
	}
	for _, unwanted := range []string{"Form 114", "section 354"} {
		if strings.Contains(got, unwanted) {
			t.Errorf("2025-26 receipt has %q", unwanted)
		}
	}
}

func TestReceiptMarks(t *testing.T) {
	d := sample()
	d.Duplicate = true
	got := squash(text(t, mustPDF(t, d)))
	if !strings.Contains(got, "DUPLICATE") || !strings.Contains(got, "Duplicate copy of receipt RCP/2026-27/000042, first issued on 5 April 2026") {
		t.Errorf("duplicate lacks its mark: %s", got)
	}
	if strings.Contains(got, "CANCELLED") {
		t.Errorf("duplicate marked cancelled: %s", got)
	}

	d = sample()
	d.Cancelled, d.CancelReason = true, "Entered twice; the gift is on receipt RCP/2026-27/000043."
	got = squash(text(t, mustPDF(t, d)))
	if !strings.Contains(got, "CANCELLED") || !strings.Contains(got, "Reason: Entered twice; the gift is on receipt RCP/2026-27/000043.") {
		t.Errorf("cancelled receipt lacks its mark or reason: %s", got)
	}
	if !strings.Contains(got, "RCP/2026-27/000042") {
		t.Errorf("cancelled receipt lost its number: %s", got)
	}
}

func TestReceiptCashAndGeneral(t *testing.T) {
	d := sample()
	d.Mode, d.Reference, d.AmountPaise = "CASH", "", 2_000_00
	got := squash(text(t, mustPDF(t, d)))
	for _, want := range []string{"Mode of payment Cash", "The donation was received in cash.", "₹2,000", "Rupees Two Thousand Only"} {
		if !strings.Contains(got, want) {
			t.Errorf("cash receipt lacks %q: %s", want, got)
		}
	}

	d = sample()
	d.ReceiptType, d.DonorIDType, d.DonorID = "General", "", ""
	d.Mode, d.Reference, d.AmountPaise = "CHEQUE", "004512", 5_000_50
	got = squash(text(t, mustPDF(t, d)))
	for _, want := range []string{"not a receipt for a deduction", "Cheque number 004512", "₹5,000.50", "Rupees Five Thousand and Fifty Paise Only", "General (not for a tax deduction)"} {
		if !strings.Contains(got, want) {
			t.Errorf("general receipt lacks %q: %s", want, got)
		}
	}
	if strings.Contains(got, "Form 114") || strings.Contains(got, "Donor's PAN") {
		t.Errorf("general receipt without ID speaks of the certificate or a PAN: %s", got)
	}
}

func TestReceiptAadhaarGrouped(t *testing.T) {
	d := sample()
	d.DonorIDType, d.DonorID = "AADHAAR", "234123412346"
	if _, err := india.ParseAadhaar(d.DonorID); err != nil {
		t.Fatalf("test number is not a valid Aadhaar: %v", err)
	}
	got := squash(text(t, mustPDF(t, d)))
	if !strings.Contains(got, "Donor's Aadhaar 2341 2341 2346") {
		t.Errorf("Aadhaar not shown whole in groups: %s", got)
	}
}

func TestCheckRefuses(t *testing.T) {
	cases := []struct {
		name  string
		edit  func(*Data)
		field string
	}{
		{"no trust name", func(d *Data) { d.Trust.Name = " " }, FieldTrustName},
		{"bad trust PAN", func(d *Data) { d.Trust.PAN = "AAATS1234" }, FieldTrustPAN},
		{"80G without trust PAN", func(d *Data) { d.Trust.PAN = "" }, FieldTrustPAN},
		{"80G without registration", func(d *Data) { d.Trust.Reg80GNumber = "" }, FieldReg80GNumber},
		{"80G without validity", func(d *Data) { d.Trust.Reg80GValidUntil = "" }, FieldReg80GValidUntil},
		{"validity not a date", func(d *Data) { d.Trust.Reg80GDate = "01/04/2022" }, FieldReg80GDate},
		{"validity ends before it starts", func(d *Data) { d.Trust.Reg80GValidUntil = "2021-03-31" }, FieldReg80GValidUntil},
		{"no signatory", func(d *Data) { d.Trust.SignatoryName = "" }, FieldSignatoryName},
		{"80G without designation", func(d *Data) { d.Trust.SignatoryTitle = "" }, FieldSignatoryTitle},
		{"no number", func(d *Data) { d.Number = "" }, FieldNumber},
		{"malformed number", func(d *Data) { d.Number = "RCP-2026-27-42" }, FieldNumber},
		{"year differs from number", func(d *Data) { d.FinancialYear = "2025-26" }, FieldFinancialYear},
		{"bad year", func(d *Data) { d.FinancialYear = "2026" }, FieldFinancialYear},
		{"no issue date", func(d *Data) { d.IssuedOn = time.Time{} }, FieldIssuedOn},
		{"no payment date", func(d *Data) { d.PaidOn = time.Time{} }, FieldPaidOn},
		{"no donor", func(d *Data) { d.DonorName = "" }, FieldDonorName},
		{"80G with other ID", func(d *Data) { d.DonorIDType, d.DonorID = "OTHER", "P1234567" }, FieldDonorIDType},
		{"80G without ID", func(d *Data) { d.DonorIDType, d.DonorID = "", "" }, FieldDonorIDType},
		{"unknown ID type", func(d *Data) { d.DonorIDType = "VOTER" }, FieldDonorIDType},
		{"ID type without number", func(d *Data) { d.DonorID = "" }, FieldDonorID},
		{"malformed PAN", func(d *Data) { d.DonorID = "ABCP1234K" }, FieldDonorID},
		{"Aadhaar failing its check digit", func(d *Data) { d.DonorIDType, d.DonorID = "AADHAAR", "234123412345" }, FieldDonorID},
		{"zero amount", func(d *Data) { d.AmountPaise = 0 }, FieldAmount},
		{"negative amount", func(d *Data) { d.AmountPaise = -100 }, FieldAmount},
		{"unknown mode", func(d *Data) { d.Mode = "Paypal" }, FieldMode},
		{"lower-case mode", func(d *Data) { d.Mode = "upi" }, FieldMode},
		{"transfer without reference", func(d *Data) { d.Reference = "" }, FieldReference},
		{"80G cash above the limit", func(d *Data) { d.Mode, d.Reference, d.AmountPaise = "CASH", "", 2_000_01 }, FieldReceiptType},
		{"80G received before the approval", func(d *Data) { d.Trust.Reg80GDate = "2026-04-03" }, FieldReceiptType},
		{"80G received after the validity", func(d *Data) { d.Trust.Reg80GValidUntil = "2026-04-01" }, FieldReceiptType},
		{"no purpose", func(d *Data) { d.Purpose = "" }, FieldPurpose},
		{"unknown receipt type", func(d *Data) { d.ReceiptType = "10BE" }, FieldReceiptType},
		{"cancelled without reason", func(d *Data) { d.Cancelled = true }, FieldCancelReason},
		{"no verify URL", func(d *Data) { d.VerifyURL = "" }, FieldVerifyURL},
		{"relative verify URL", func(d *Data) { d.VerifyURL = "/receipts/verify/abc" }, FieldVerifyURL},
		{"verify URL too long", func(d *Data) { d.VerifyURL = "https://a.example/" + strings.Repeat("x", 600) }, FieldVerifyURL},
		{"name too long", func(d *Data) { d.DonorName = strings.Repeat("a", 301) }, FieldDonorName},
		{"invalid UTF-8", func(d *Data) { d.DonorName = "Ravi \xff" }, FieldDonorName},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := sample()
			c.edit(&d)
			b, err := PDF(d)
			var fe india.FieldErrors
			if !errors.As(err, &fe) {
				t.Fatalf("PDF error = %v, want field errors", err)
			}
			if b != nil {
				t.Errorf("PDF returned %d bytes with an error", len(b))
			}
			if fe[c.field].IsZero() {
				t.Errorf("errors %v lack field %q", fe, c.field)
			}
			if len(fe) != 1 {
				t.Errorf("one mistake gave %d errors: %v", len(fe), fe)
			}
		})
	}
	if fe := Check(sample()); fe != nil {
		t.Errorf("sample refused: %v", fe)
	}
}

// Long names, addresses and reasons wrap inside the page and continue on a
// second page instead of running off it; names in scripts the font lacks
// still give a whole PDF.
func TestReceiptLongAndUnicode(t *testing.T) {
	cases := []struct {
		name  string
		edit  func(*Data)
		wants []string
	}{
		{"long name and address", func(d *Data) {
			d.DonorName = strings.Repeat("Venkatanarasimharajuvaripeta ", 10)
			d.DonorAddress = strings.Repeat("House 1-2-345/A, Third Cross, Behind the Old Water Tank, ", 17)
			d.Trust.Name = strings.Repeat("Sri Parvati Disciple Circle Charitable and Educational Trust ", 4)
		}, []string{"Venkatanarasimharajuvaripeta", "Rupees One Lakh Five Thousand Only", "RCP/2026-27/000042", "Receipt RCP/2026-27/000042, page 2 (continued)"}},
		{"one unbroken word", func(d *Data) {
			d.DonorName = strings.Repeat("X", 300)
			d.DonorAddress = strings.Repeat("Y", 1000)
		}, []string{"XXXXXXXXXX", "YYYYYYYYYY"}},
		{"many address lines", func(d *Data) {
			d.DonorAddress = strings.Repeat("Line\n", 199)
			d.Cancelled, d.CancelReason = true, strings.Repeat("Reason ", 140)
		}, []string{"CANCELLED", "Lakshmi Narayanan"}},
		{"Hindi name", func(d *Data) { d.DonorName = "रवि शंकर अय्यर" }, []string{"? ???"}},
		{"Bengali name and address", func(d *Data) {
			d.DonorName = "রবীন্দ্রনাথ ঠাকুর"
			d.DonorAddress = "জোড়াসাঁকো, কলকাতা ৭০০০০৭"
		}, []string{"RCP/2026-27/000042"}},
		{"Latin with accents and Cyrillic", func(d *Data) { d.DonorName = "Zoë Ångström-Čapek Дмитрий" }, []string{"Zoë Ångström-Čapek Дмитрий"}},
		{"controls and emoji", func(d *Data) { d.DonorName = "Ravi\tShankar\u200d\x00 🙏" }, []string{"Ravi Shankar ?"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := sample()
			c.edit(&d)
			got := squash(text(t, mustPDF(t, d)))
			for _, want := range c.wants {
				if !strings.Contains(got, want) {
					t.Errorf("text lacks %q: %.600s", want, got)
				}
			}
		})
	}
}

func TestUnprintable(t *testing.T) {
	cases := []struct {
		in   string
		want string
	}{
		{"Ravi Shankar Iyer", ""},
		{"Zoë Ångström ₹ – Дмитрий", ""},
		{"रवि", "रवि"},
		{"রবি রবি", "রবি"},
		{"Ravi\u200d\x00\tIyer\n", ""},
		{"Ravi 🙏", "🙏"},
	}
	for _, c := range cases {
		if got := string(Unprintable(c.in)); got != c.want {
			t.Errorf("Unprintable(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// The QR code's modules decode back to the verification address.
func TestQRDecodes(t *testing.T) {
	want := sample().VerifyURL
	rows, err := qrModules(want)
	if err != nil {
		t.Fatal(err)
	}
	const scale, quiet = 4, 4
	n := len(rows)
	img := image.NewGray(image.Rect(0, 0, (n+2*quiet)*scale, (n+2*quiet)*scale))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	for y, row := range rows {
		for x, dark := range row {
			if !dark {
				continue
			}
			for dy := range scale {
				for dx := range scale {
					img.SetGray((x+quiet)*scale+dx, (y+quiet)*scale+dy, color.Gray{})
				}
			}
		}
	}
	if got := decodeQR(t, img); got != want {
		t.Errorf("QR decodes to %q, want %q", got, want)
	}
}

// The QR code as printed: the PDF page rendered by pdftoppm (poppler), when
// the machine has it, decodes to the verification address.
func TestQRInRenderedPDF(t *testing.T) {
	bin, err := exec.LookPath("pdftoppm")
	if err != nil {
		t.Skip("pdftoppm is not installed")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "r.pdf")
	if err := os.WriteFile(in, mustPDF(t, sample()), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(bin, "-png", "-r", "150", "-singlefile", in, filepath.Join(dir, "r")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v: %s", err, out)
	}
	f, err := os.Open(filepath.Join(dir, "r.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if got := decodeQR(t, img); got != sample().VerifyURL {
		t.Errorf("printed QR decodes to %q", got)
	}
}

func decodeQR(t *testing.T, img image.Image) string {
	t.Helper()
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	res, err := gzqr.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		t.Fatalf("decode QR: %v", err)
	}
	return res.GetText()
}

func FuzzPDF(f *testing.F) {
	f.Add("Ravi Shankar", "Pune", "Health", int64(500000), false, false)
	f.Add("रवि शंकर", "জোড়াসাঁকো", "General", int64(1), true, true)
	f.Add(strings.Repeat("W", 300), strings.Repeat("a b\n", 250), "SPDC", int64(india.MaxAmount), false, true)
	f.Fuzz(func(t *testing.T, name, address, purpose string, amount int64, dup, cancelled bool) {
		d := sample()
		d.DonorName, d.DonorAddress, d.Purpose, d.AmountPaise = name, address, purpose, amount
		d.Duplicate, d.Cancelled, d.CancelReason = dup, cancelled, address
		b, err := PDF(d)
		if err != nil {
			var fe india.FieldErrors
			if !errors.As(err, &fe) {
				t.Fatalf("PDF failed without field errors: %v", err)
			}
			return
		}
		r, err := pdf.NewReader(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			t.Fatalf("PDF does not read back: %v", err)
		}
		if r.NumPage() < 1 {
			t.Fatal("PDF has no page")
		}
	})
}

// Every purpose the donation form offers prints in words on a receipt.
func TestEveryPurposeInWords(t *testing.T) {
	for _, code := range entity.DonationPurposes {
		if w := india.PurposeWords(code); w == code || w == "" {
			t.Errorf("purpose %q has no words for a receipt", code)
		}
	}
}
