package receipt

import (
	"fmt"

	"github.com/boombuler/barcode/qr"
	"github.com/signintech/gopdf"
)

// qrModules encodes text as a QR code with medium error correction (a
// printed receipt may be creased) and returns its modules, true for dark,
// row by row, without the quiet zone.
func qrModules(text string) ([][]bool, error) {
	code, err := qr.Encode(text, qr.M, qr.Auto)
	if err != nil {
		return nil, fmt.Errorf("receipt: QR code: %w", err)
	}
	b := code.Bounds()
	rows := make([][]bool, b.Dy())
	for y := range rows {
		rows[y] = make([]bool, b.Dx())
		for x := range rows[y] {
			r, _, _, _ := code.At(b.Min.X+x, b.Min.Y+y).RGBA()
			rows[y][x] = r < 0x8000
		}
	}
	return rows, nil
}

// drawQR draws the QR code of text as filled squares, size points wide, with
// its top left corner at x, y. Drawn as vectors it stays sharp at any print
// size; runs of dark modules in a row are drawn as one rectangle. The page
// around it is white, which gives the quiet zone scanners need.
func drawQR(pdf *gopdf.GoPdf, text string, x, y, size float64) error {
	rows, err := qrModules(text)
	if err != nil {
		return err
	}
	n := float64(len(rows))
	cell := size / n
	pdf.SetFillColor(0, 0, 0)
	for r, row := range rows {
		for c := 0; c < len(row); {
			if !row[c] {
				c++
				continue
			}
			start := c
			for c < len(row) && row[c] {
				c++
			}
			pdf.RectFromUpperLeftWithStyle(x+float64(start)*cell, y+float64(r)*cell, float64(c-start)*cell, cell, "F")
		}
	}
	return nil
}
