package receipt

import (
	"strings"
	"sync"
	"unicode"

	"github.com/go-fonts/dejavu/dejavusans"
	"github.com/go-fonts/dejavu/dejavusansbold"
	"golang.org/x/image/font/sfnt"
)

// The two faces of the receipt, DejaVu Sans regular and bold (free licence,
// shipped as a Go module). They have the rupee sign, which most PDF base
// fonts lack.
const (
	fontRegular = "sans"
	fontBold    = "sans-bold"
)

var fontFaces = []struct {
	name string
	ttf  []byte
}{
	{fontRegular, dejavusans.TTF},
	{fontBold, dejavusansbold.TTF},
}

// coverage answers whether every face has a glyph for a rune. It is built
// once, from the same font files the PDF embeds.
var coverage = sync.OnceValue(func() func(rune) bool {
	var parsed []*sfnt.Font
	for _, f := range fontFaces {
		p, err := sfnt.Parse(f.ttf)
		if err != nil {
			// The fonts are compiled in; a parse failure is a broken
			// build, not bad input.
			panic("receipt: embedded font: " + err.Error())
		}
		parsed = append(parsed, p)
	}
	var mu sync.Mutex
	var buf sfnt.Buffer
	return func(r rune) bool {
		mu.Lock()
		defer mu.Unlock()
		for _, f := range parsed {
			if g, err := f.GlyphIndex(&buf, r); err != nil || g == 0 {
				return false
			}
		}
		return true
	}
})

// Unprintable returns the distinct characters of s, in order of first
// appearance, that the receipt's font cannot draw (Devanagari or Bengali
// letters, for example). White space, control and invisible formatting
// characters are not listed: the receipt turns the first into spaces and
// leaves the others out. The receipt draws each character listed as "?"; a
// caller can refuse such a name before issuing a receipt instead.
func Unprintable(s string) []rune {
	has := coverage()
	var out []rune
	seen := map[rune]bool{}
	for _, r := range s {
		if unicode.IsSpace(r) || invisible(r) || seen[r] {
			continue
		}
		if !has(r) {
			seen[r] = true
			out = append(out, r)
		}
	}
	return out
}

// printable returns s as it will be drawn on one line: runs of white space
// (line breaks included) become one space, control characters are dropped
// and characters the font lacks become "?".
func printable(s string) string {
	has := coverage()
	var b strings.Builder
	space := false
	for _, r := range strings.TrimSpace(s) {
		switch {
		case unicode.IsSpace(r):
			space = true
			continue
		case invisible(r):
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		if has(r) {
			b.WriteRune(r)
		} else {
			b.WriteByte('?')
		}
	}
	return b.String()
}

// invisible reports control and formatting characters (a byte order mark,
// zero-width joiners), which have no place on a printed line.
func invisible(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r)
}
