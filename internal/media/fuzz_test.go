package media

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	_ "image/jpeg" // image.DecodeConfig reads the files made
	_ "image/png"
	"testing"
)

// FuzzProcess feeds arbitrary bytes to an upload's processing: each input
// is either refused with a message or becomes files that decode to the
// size they claim, no wider than the widest width.
func FuzzProcess(f *testing.F) {
	f.Add(encodeJPEG(f, photo(40, 30, 3), 80))
	f.Add(withExif(encodeJPEG(f, photo(30, 40, 0), 80), 6))
	f.Add(encodePNG(f, photo(20, 10, 0)))
	f.Add(webpSolid(12, 7, color.NRGBA{1, 2, 3, 128}))
	f.Add(pngHeaderOnly(12000, 12000, 8, 6))
	f.Add(mp4Head("isom"))
	f.Add(webmHead("webm"))
	f.Add(testMP4(true))
	f.Add(testWebM(true))
	f.Add(testWebM(false))
	f.Add([]byte("<svg/>"))
	f.Fuzz(func(t *testing.T, b []byte) {
		res, err := Process(t.Context(), bytes.NewReader(b))
		if err != nil {
			var re *RefusedError
			if !errors.As(err, &re) || re.Message == "" {
				t.Fatalf("not a refusal: %v", err)
			}
			return
		}
		if len(res.Files) == 0 {
			t.Fatal("no file")
		}
		for _, file := range res.Files {
			if file.Name != FileName(file.Body, file.Name[len(file.Name)-3:]) && file.Name != FileName(file.Body, "webm") {
				t.Fatalf("name %q does not match the bytes", file.Name)
			}
			if res.Kind == KindVideo {
				continue
			}
			cfg, _, err := image.DecodeConfig(bytes.NewReader(file.Body))
			if err != nil || cfg.Width != file.Width || cfg.Height != file.Height || file.Width > Widths[len(Widths)-1] {
				t.Fatalf("file %s: %+v %v", file.Name, cfg, err)
			}
		}
	})
}

// FuzzCleanVideo checks that cleaning any bytes either refuses them or
// keeps their length, and that a cleaned video is accepted again and left
// as it is: nothing is found to remove twice.
func FuzzCleanVideo(f *testing.F) {
	f.Add(testMP4(false), true)
	f.Add(testMP4(true), true)
	f.Add(testWebM(false), false)
	f.Add(testWebM(true), false)
	f.Fuzz(func(t *testing.T, b []byte, mp4 bool) {
		ct := TypeWebM
		if mp4 {
			ct = TypeMP4
		}
		n := len(b)
		if err := CleanVideo(b, ct); err != nil {
			var re *RefusedError
			if !errors.As(err, &re) || re.Message != MsgVideoUnreadable {
				t.Fatalf("not a refusal: %v", err)
			}
			return
		}
		if len(b) != n {
			t.Fatal("the length changed")
		}
		again := append([]byte(nil), b...)
		if err := CleanVideo(again, ct); err != nil || !bytes.Equal(again, b) {
			t.Fatalf("a cleaned video changed when cleaned again: %v", err)
		}
	})
}
