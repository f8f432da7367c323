package media

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"runtime"
	"strings"
	"testing"
)

func refused(t *testing.T, err error, want string) *RefusedError {
	t.Helper()
	var re *RefusedError
	if !errors.As(err, &re) {
		t.Fatalf("want a refusal containing %q, got %v", want, err)
	}
	if !strings.Contains(re.Message, want) {
		t.Fatalf("refusal %q does not say %q", re.Message, want)
	}
	return re
}

func TestSniffRecognisesBytesNotNames(t *testing.T) {
	jpg := encodeJPEG(t, photo(8, 8, 0), 80)
	pngb := encodePNG(t, photo(8, 8, 0))
	cases := []struct {
		name     string
		head     []byte
		kind, ct string
		refusal  string
	}{
		{"jpeg", jpg, KindImage, TypeJPEG, ""},
		{"png", pngb, KindImage, TypePNG, ""},
		{"webp", webpSolid(4, 4, color.NRGBA{1, 2, 3, 255}), KindImage, TypeWebP, ""},
		{"mp4", mp4Head("isom"), KindVideo, TypeMP4, ""},
		{"mp4 mp42", mp4Head("mp42"), KindVideo, TypeMP4, ""},
		{"webm", webmHead("webm"), KindVideo, TypeWebM, ""},
		{"matroska", webmHead("matroska"), "", "", "Matroska"},
		{"quicktime", mp4Head("qt  "), "", "", "QuickTime"},
		{"heic", mp4Head("heic"), "", "", "HEIC"},
		{"avif", mp4Head("avif"), "", "", "AVIF"},
		{"empty", nil, "", "", "empty"},
		{"gif", []byte("GIF89a\x01\x00\x01\x00"), "", "", "GIF"},
		{"svg", []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>`), "", "", "SVG"},
		{"bare svg", []byte(`<svg onload="alert(1)"></svg>`), "", "", "SVG"},
		{"html", []byte("<!DOCTYPE html><html><script>alert(1)</script>"), "", "", "HTML"},
		{"html with bom", []byte("\xef\xbb\xbf  <html>"), "", "", "HTML"},
		{"pdf", []byte("%PDF-1.7"), "", "", "PDF"},
		{"text", []byte("hello"), "", "", "not a picture"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			head := c.head[:min(len(c.head), sniffLen)]
			kind, ct, err := Sniff(head)
			if c.refusal != "" {
				re := refused(t, err, c.refusal)
				if !strings.Contains(re.Message, "JPEG, PNG or WebP") {
					t.Errorf("refusal does not name what is accepted: %q", re.Message)
				}
				return
			}
			if err != nil || kind != c.kind || ct != c.ct {
				t.Fatalf("got %q %q %v, want %q %q", kind, ct, err, c.kind, c.ct)
			}
		})
	}
}

func TestReadLimits(t *testing.T) {
	// A picture one byte over 10 MB is refused as too large; reading
	// stops right after the limit.
	big := make([]byte, MaxImageBytes+1)
	copy(big, encodeJPEG(t, photo(8, 8, 0), 80))
	r := &countingReader{r: bytes.NewReader(append(big, make([]byte, 1<<20)...))}
	_, _, _, err := Read(r)
	if re := refused(t, err, "at most 10 MB"); !re.TooLarge {
		t.Fatal("not marked too large")
	}
	if r.n > MaxImageBytes+1+sniffLen {
		t.Fatalf("read %d bytes past a %d limit", r.n, MaxImageBytes)
	}
	// A video may be larger than a picture, up to 50 MB.
	video := make([]byte, MaxImageBytes+10)
	copy(video, mp4Head("isom"))
	kind, ct, body, err := Read(bytes.NewReader(video))
	if err != nil || kind != KindVideo || ct != TypeMP4 || len(body) != len(video) {
		t.Fatalf("video: %q %q %d %v", kind, ct, len(body), err)
	}
	tooLong := make([]byte, MaxVideoBytes+1)
	copy(tooLong, webmHead("webm"))
	if _, _, _, err := Read(bytes.NewReader(tooLong)); !refused(t, err, "at most 50 MB").TooLarge {
		t.Fatal("video over 50 MB not marked too large")
	}
	// An empty upload.
	_, _, _, err = Read(bytes.NewReader(nil))
	refused(t, err, "empty")
}

type countingReader struct {
	r interface{ Read([]byte) (int, error) }
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

func TestVideoWithoutMetadataKeptAsIs(t *testing.T) {
	// A video with nothing to remove keeps every byte, and is named by
	// them.
	mp4 := append(mp4Head("isom"), box("moov", box("mvhd", make([]byte, 100)))...)
	mp4 = append(mp4, box("mdat", bytes.Repeat([]byte{7}, 1000))...)
	webm := append(ebml(ebmlHeaderID, ebml(0x4282, []byte("webm"))),
		ebml(segmentID, ebml(clusterID, ebml(0xE7, []byte{0}), ebml(0xA3, []byte("\x81\x00\x00\x80frame"))))...)
	for _, tc := range []struct {
		body    []byte
		ct, ext string
	}{{mp4, TypeMP4, "mp4"}, {webm, TypeWebM, "webm"}} {
		orig := append([]byte(nil), tc.body...)
		res, err := Process(t.Context(), bytes.NewReader(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		if res.Kind != KindVideo || len(res.Files) != 1 || !bytes.Equal(res.Files[0].Body, orig) ||
			res.Files[0].ContentType != tc.ct || res.Files[0].Name != FileName(orig, tc.ext) {
			t.Fatalf("%s: %+v", tc.ext, res.Files[0].Name)
		}
	}
}

func TestImageWidthsAndNames(t *testing.T) {
	src := encodeJPEG(t, photo(2000, 1000, 4), 90)
	res, err := Process(t.Context(), bytes.NewReader(withExif(src, 1)))
	if err != nil {
		t.Fatal(err)
	}
	if res.Kind != KindImage || res.Width != 1600 || res.Height != 800 || len(res.Files) != 3 {
		t.Fatalf("result: %s %dx%d %d files", res.Kind, res.Width, res.Height, len(res.Files))
	}
	for i, want := range [][2]int{{480, 240}, {960, 480}, {1600, 800}} {
		f := res.Files[i]
		if f.Width != want[0] || f.Height != want[1] || f.ContentType != TypeJPEG {
			t.Errorf("file %d: %dx%d %s", i, f.Width, f.Height, f.ContentType)
		}
		if f.Name != FileName(f.Body, "jpg") || len(f.Name) != 36 {
			t.Errorf("file %d name %q", i, f.Name)
		}
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(f.Body))
		if err != nil || cfg.Width != want[0] || cfg.Height != want[1] {
			t.Errorf("file %d decodes as %+v %v", i, cfg, err)
		}
		// Nothing of the upload's metadata is left.
		if bytes.Contains(f.Body, []byte("Exif")) || bytes.Contains(f.Body, []byte("SECRET-GPS")) {
			t.Errorf("file %d keeps metadata", i)
		}
		// The colours survive: the left edge is dark red-free, the right
		// edge red.
		img, _ := jpeg.Decode(bytes.NewReader(f.Body))
		r0, _, _, _ := img.At(0, f.Height/2).RGBA()
		r1, _, _, _ := img.At(f.Width-1, f.Height/2).RGBA()
		if r0>>8 > 30 || r1>>8 < 220 {
			t.Errorf("file %d colours: left red %d, right red %d", i, r0>>8, r1>>8)
		}
	}
}

func TestImageNeverEnlarged(t *testing.T) {
	res, err := Image(t.Context(), encodeJPEG(t, photo(300, 200, 0), 90))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Files) != 1 || res.Files[0].Width != 300 || res.Files[0].Height != 200 {
		t.Fatalf("small picture: %+v", res.Files[0])
	}
	res, err = Image(t.Context(), encodeJPEG(t, photo(1200, 600, 0), 90))
	if err != nil {
		t.Fatal(err)
	}
	if got := []int{res.Files[0].Width, res.Files[1].Width, res.Files[2].Width}; len(res.Files) != 3 || got[2] != 1200 || got[1] != 960 || got[0] != 480 {
		t.Fatalf("1200-wide picture: %v", got)
	}
}

func TestExifOrientationApplied(t *testing.T) {
	// A 400 × 200 picture, left half red, right half blue, that its
	// camera says to turn a quarter clockwise (orientation 6): shown
	// 200 × 400, red on top.
	img := image.NewRGBA(image.Rect(0, 0, 400, 200))
	for y := 0; y < 200; y++ {
		for x := 0; x < 400; x++ {
			c := color.RGBA{255, 0, 0, 255}
			if x >= 200 {
				c = color.RGBA{0, 0, 255, 255}
			}
			img.Set(x, y, c)
		}
	}
	res, err := Image(t.Context(), withExif(encodeJPEG(t, img, 95), 6))
	if err != nil {
		t.Fatal(err)
	}
	f := res.Files[0]
	if f.Width != 200 || f.Height != 400 || res.Width != 200 || res.Height != 400 {
		t.Fatalf("turned size %dx%d", f.Width, f.Height)
	}
	out, _ := jpeg.Decode(bytes.NewReader(f.Body))
	top, _, _, _ := out.At(100, 50).RGBA()
	_, _, bottom, _ := out.At(100, 350).RGBA()
	if top>>8 < 200 || bottom>>8 < 200 {
		t.Fatalf("turned picture: top red %d, bottom blue %d", top>>8, bottom>>8)
	}
	for o := 1; o <= 8; o++ {
		if got := jpegOrientation(withExif(encodeJPEG(t, photo(4, 4, 0), 80), uint16(o))); got != o {
			t.Errorf("orientation %d read as %d", o, got)
		}
	}
	if got := jpegOrientation(encodeJPEG(t, photo(4, 4, 0), 80)); got != 1 {
		t.Errorf("no Exif: %d", got)
	}
}

func TestTransparencyKeepsPNG(t *testing.T) {
	clear := image.NewNRGBA(image.Rect(0, 0, 600, 300))
	for i := 3; i < len(clear.Pix); i += 4 {
		clear.Pix[i-3], clear.Pix[i] = 200, uint8(i%256)
	}
	res, err := Image(t.Context(), encodePNG(t, clear))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Files {
		if f.ContentType != TypePNG || !strings.HasSuffix(f.Name, ".png") {
			t.Fatalf("transparent picture became %s %s", f.ContentType, f.Name)
		}
		if _, err := png.Decode(bytes.NewReader(f.Body)); err != nil {
			t.Fatal(err)
		}
	}
	// An opaque PNG becomes a JPEG.
	res, err = Image(t.Context(), encodePNG(t, photo(600, 300, 0)))
	if err != nil || res.Files[0].ContentType != TypeJPEG {
		t.Fatalf("opaque png: %v %+v", err, res.Files[0].ContentType)
	}
}

func TestWebP(t *testing.T) {
	res, err := Image(t.Context(), webpSolid(1000, 500, color.NRGBA{10, 200, 30, 255}))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Files) != 3 || res.Files[2].Width != 1000 || res.Files[2].ContentType != TypeJPEG {
		t.Fatalf("webp: %+v", res.Files[2])
	}
	out, _ := jpeg.Decode(bytes.NewReader(res.Files[0].Body))
	if _, g, _, _ := out.At(5, 5).RGBA(); g>>8 < 180 {
		t.Fatalf("webp colour lost: green %d", g>>8)
	}
	res, err = Image(t.Context(), webpSolid(40, 40, color.NRGBA{10, 200, 30, 100}))
	if err != nil || res.Files[0].ContentType != TypePNG {
		t.Fatalf("transparent webp: %v", err)
	}
}

// TestBombsRefusedBeforeDecoding checks that a small file declaring a
// huge picture is refused from its header, with almost no memory spent.
func TestBombsRefusedBeforeDecoding(t *testing.T) {
	small := encodeJPEG(t, photo(16, 16, 0), 80)
	cases := []struct {
		name string
		body []byte
		want string
	}{
		{"png 12000x12000", pngHeaderOnly(12000, 12000, 8, 6), "megapixels"},
		{"jpeg 12000x12000", jpegWithSize(small, 12000, 12000), "megapixels"},
		{"webp 12000x12000", webpSolid(12000, 12000, color.NRGBA{1, 2, 3, 255}), "megapixels"},
		{"png side", pngHeaderOnly(30000, 10, 8, 2), "a side may be at most"},
		{"png 16-bit", pngHeaderOnly(6000, 6000, 16, 6), "16 bits"},
		{"png no pixels", pngHeaderOnly(0, 10, 8, 2), "damaged"},
		{"progressive jpeg 35 MP", progressive(jpegWithSize(small, 7000, 5000)), "progressive JPEGs are accepted up to 32 megapixels"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			_, err := Process(t.Context(), bytes.NewReader(c.body))
			runtime.ReadMemStats(&after)
			refused(t, err, c.want)
			if grew := after.TotalAlloc - before.TotalAlloc; grew > 4<<20 {
				t.Fatalf("refusing the bomb allocated %d bytes", grew)
			}
		})
	}
}

func TestDamagedPicturesRefused(t *testing.T) {
	good := encodeJPEG(t, photo(300, 300, 8), 90)
	pngb := encodePNG(t, photo(300, 300, 8))
	cases := map[string][]byte{
		"truncated jpeg":      good[:len(good)/2],
		"jpeg header only":    good[:20],
		"truncated png":       pngb[:len(pngb)/2],
		"png signature only":  pngb[:8],
		"jpeg garbage":        append([]byte{0xFF, 0xD8, 0xFF, 0xE0}, bytes.Repeat([]byte{0x42}, 500)...),
		"webp garbage":        append([]byte("RIFF\x10\x00\x00\x00WEBPVP8 "), bytes.Repeat([]byte{1}, 40)...),
		"webp header no data": webpSolid(10, 10, color.NRGBA{1, 2, 3, 255})[:22],
	}
	for name, body := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := Process(t.Context(), bytes.NewReader(body))
			refused(t, err, "damaged or incomplete")
		})
	}
	// A video is not a picture where a picture is needed.
	_, err := Image(t.Context(), mp4Head("isom"))
	refused(t, err, "video, not a picture")
}

// progressive marks a baseline JPEG's frame header as progressive (only
// its header is read before the refusal).
func progressive(jpg []byte) []byte {
	out := append([]byte{}, jpg...)
	for i := 2; i+4 < len(out) && out[i] == 0xFF; i += 2 + int(out[i+2])<<8 + int(out[i+3]) {
		if out[i+1] == 0xC0 {
			out[i+1] = 0xC2
			return out
		}
	}
	panic("no frame header")
}

func TestProgressiveDetected(t *testing.T) {
	small := encodeJPEG(t, photo(16, 16, 0), 80)
	if jpegProgressive(small) || !jpegProgressive(progressive(small)) {
		t.Fatal("progressive frame not told apart")
	}
}

// A refusal is said in the reader's language by its key, with what the
// file is and what is accepted in that language too.
func TestRefusalInEveryLanguage(t *testing.T) {
	_, _, err := Sniff([]byte("%PDF-1.7\n"))
	re := refused(t, err, "a PDF document")
	for lang, want := range map[string]string{
		"en": "This file is a PDF document. Please upload a JPEG, PNG or WebP picture, or an MP4 or WebM video.",
		"hi": "यह फ़ाइल PDF दस्तावेज़ है। कृपया JPEG, PNG या WebP चित्र, या MP4 या WebM वीडियो अपलोड करें।",
		"bn": "এই ফাইলটি PDF নথি। অনুগ্রহ করে JPEG, PNG বা WebP ছবি, অথবা MP4 বা WebM ভিডিও আপলোড করুন।",
	} {
		if got := re.Say().In(lang); got != want {
			t.Errorf("%s: %q", lang, got)
		}
	}
	if re.Say().ID() != "media.fileIs" {
		t.Errorf("key %q", re.Say().ID())
	}
}
