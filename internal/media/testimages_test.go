package media

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"testing"
)

// Pictures made by the tests themselves, so no file is checked in.

// photo draws a w × h picture with smooth colour and some grain, which
// compresses about like a photo.
func photo(w, h int, grain int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	rng := rand.New(rand.NewPCG(1, 2))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			n := 0
			if grain > 0 {
				n = rng.IntN(2*grain+1) - grain
			}
			i := img.PixOffset(x, y)
			img.Pix[i] = clamp(x*255/w + n)
			img.Pix[i+1] = clamp(y*255/h + n)
			img.Pix[i+2] = clamp((x+y)*255/(w+h) + n)
			img.Pix[i+3] = 255
		}
	}
	return img
}

func clamp(v int) uint8 { return uint8(max(0, min(255, v))) }

func encodeJPEG(t testing.TB, img image.Image, quality int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: quality}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func encodePNG(t testing.TB, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// withExif inserts an Exif block after the JPEG's first marker with the
// given orientation and a GPS-like text, so a test can check that the
// block is applied and then dropped.
func withExif(jpg []byte, orientation uint16) []byte {
	var tiff bytes.Buffer
	tiff.WriteString("MM\x00\x2a")
	_ = binary.Write(&tiff, binary.BigEndian, uint32(8))
	_ = binary.Write(&tiff, binary.BigEndian, uint16(1))                                 // one entry
	_ = binary.Write(&tiff, binary.BigEndian, []uint16{0x0112, 3, 0, 1, orientation, 0}) // tag, SHORT, count 1, value
	_ = binary.Write(&tiff, binary.BigEndian, uint32(0))
	tiff.WriteString("SECRET-GPS-12.9716N-77.5946E")
	payload := append([]byte("Exif\x00\x00"), tiff.Bytes()...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(payload)+2))
	seg = append(seg, payload...)
	out := append([]byte{}, jpg[:2]...)
	out = append(out, seg...)
	return append(out, jpg[2:]...)
}

// pngHeaderOnly is a PNG whose header declares w × h pixels followed by a
// tiny compressed block: the shape of a decompression bomb.
func pngHeaderOnly(w, h uint32, bitDepth, colorType byte) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		_ = binary.Write(&b, binary.BigEndian, uint32(len(data)))
		c := append([]byte(typ), data...)
		b.Write(c)
		_ = binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(c))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = bitDepth, colorType
	chunk("IHDR", ihdr)
	chunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})
	chunk("IEND", nil)
	return b.Bytes()
}

// jpegWithSize rewrites the size in a JPEG's frame header, so a small
// file declares a huge picture.
func jpegWithSize(jpg []byte, w, h uint16) []byte {
	out := append([]byte{}, jpg...)
	for i := 2; i+9 < len(out); {
		if out[i] != 0xFF {
			break
		}
		m := out[i+1]
		size := int(binary.BigEndian.Uint16(out[i+2:]))
		if m == 0xC0 || m == 0xC2 {
			binary.BigEndian.PutUint16(out[i+5:], h)
			binary.BigEndian.PutUint16(out[i+7:], w)
			return out
		}
		i += 2 + size
	}
	panic("no frame header")
}

// bitWriter writes the least significant bit first, as lossless WebP
// reads them.
type bitWriter struct {
	buf  []byte
	acc  uint64
	nacc uint
}

func (w *bitWriter) write(v uint64, n uint) {
	w.acc |= v << w.nacc
	w.nacc += n
	for w.nacc >= 8 {
		w.buf = append(w.buf, byte(w.acc))
		w.acc >>= 8
		w.nacc -= 8
	}
}

func (w *bitWriter) bytes() []byte {
	if w.nacc > 0 {
		w.buf = append(w.buf, byte(w.acc))
	}
	return w.buf
}

// webpSolid is a lossless WebP of w × h pixels of one colour: every
// prefix code has a single symbol, so the pixels take no bits at all.
func webpSolid(w, h int, c color.NRGBA) []byte {
	var bw bitWriter
	bw.write(0x2f, 8)
	bw.write(uint64(w-1), 14)
	bw.write(uint64(h-1), 14)
	alpha := uint64(0)
	if c.A != 255 {
		alpha = 1
	}
	bw.write(alpha, 1)
	bw.write(0, 3) // version
	bw.write(0, 1) // no transform
	bw.write(0, 1) // no colour cache
	bw.write(0, 1) // no meta prefix codes
	for _, sym := range []uint8{c.G, c.R, c.B, c.A, 0} {
		bw.write(1, 1) // simple code
		bw.write(0, 1) // one symbol
		bw.write(1, 1) // eight-bit symbol
		bw.write(uint64(sym), 8)
	}
	data := bw.bytes()
	if len(data)%2 == 1 {
		data = append(data, 0)
	}
	var b bytes.Buffer
	b.WriteString("RIFF")
	_ = binary.Write(&b, binary.LittleEndian, uint32(4+8+len(data)))
	b.WriteString("WEBPVP8L")
	_ = binary.Write(&b, binary.LittleEndian, uint32(len(data)))
	b.Write(data)
	return b.Bytes()
}

// mp4Head is the start of an MP4 file: its ftyp box.
func mp4Head(brand string) []byte {
	b := []byte{0, 0, 0, 0x18}
	b = append(b, "ftyp"+brand+"\x00\x00\x02\x00isomiso2"...)
	return append(b, 0, 0, 0, 8, 'f', 'r', 'e', 'e')
}

// webmHead is the start of a WebM file: its EBML header.
func webmHead(docType string) []byte {
	b := []byte{0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81, 0x01, 0x42, 0xF7, 0x81, 0x01, 0x42, 0x82, byte(0x80 | len(docType))}
	return append(b, docType...)
}
