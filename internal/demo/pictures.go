package demo

import (
	"image"
	"image/color"
	"math"
)

// person describes an illustrated demo portrait: a friendly, simple face
// and shoulders, in the site's warm colours. None depicts a real person.
type person struct {
	background, clothes, skin, hair uint32
	hairStyle                       string // short, bun, long, bald
	glasses, bindi, tilak, beard    bool
	grey                            bool // grey hair: an elder
}

// portraitSize is the side of a portrait: twice the widest the site shows
// one (a card of about 600 pixels on a wide screen).
const portraitSize = 1200

// portrait draws p.
func portrait(p person) *image.RGBA {
	const s = float32(portraitSize)
	bg := rgb(p.background)
	cv := newCanvas(portraitSize, portraitSize, bg)
	// A soft lighter disc behind the head.
	cv.ellipse(withAlpha(color.RGBA{255, 255, 255, 255}, 70), s*0.5, s*0.46, s*0.40, s*0.40)

	skin, hair, clothes := rgb(p.skin), rgb(p.hair), rgb(p.clothes)
	if p.grey {
		hair = rgb(0xd9d4cc)
	}
	cx, cy := s*0.5, s*0.43
	hrx, hry := s*0.17, s*0.21

	// Long hair and a bun sit behind the head.
	switch p.hairStyle {
	case "long":
		cv.roundRect(hair, cx-hrx*1.22, cy-hry*0.6, cx+hrx*1.22, cy+hry*1.45, hrx*0.9)
	case "bun":
		cv.ellipse(hair, cx, cy-hry*1.12, hrx*0.5, hry*0.36)
	}

	// Neck, shoulders and clothes, with a round neckline.
	cv.roundRect(skin, cx-s*0.055, cy+hry*0.6, cx+s*0.055, s*0.74, s*0.04)
	cv.fill(clothes, func(r rasterizer) {
		r.MoveTo(s*0.12, s)
		r.CubeTo(s*0.12, s*0.80, s*0.26, s*0.70, s*0.5, s*0.70)
		r.CubeTo(s*0.74, s*0.70, s*0.88, s*0.80, s*0.88, s)
		r.ClosePath()
	})
	cv.fill(skin, func(r rasterizer) {
		r.MoveTo(cx-s*0.055, s*0.69)
		r.CubeTo(cx-s*0.05, s*0.775, cx+s*0.05, s*0.775, cx+s*0.055, s*0.69)
		r.ClosePath()
	})
	// A shawl's border on the shoulders.
	cv.arc(withAlpha(rgb(0xf2c14e), 235), cx, s*1.12, s*0.40, s*0.035, -math.Pi*0.86, -math.Pi*0.14)

	// Ears and head.
	cv.ellipse(skin, cx-hrx*0.98, cy+hry*0.08, hrx*0.16, hry*0.17)
	cv.ellipse(skin, cx+hrx*0.98, cy+hry*0.08, hrx*0.16, hry*0.17)
	cv.ellipse(skin, cx, cy, hrx, hry)

	// Hair over the forehead.
	switch p.hairStyle {
	case "short", "long", "bun":
		cv.fill(hair, func(r rasterizer) {
			r.MoveTo(cx-hrx*1.04, cy-hry*0.05)
			r.CubeTo(cx-hrx*1.12, cy-hry*1.4, cx+hrx*1.12, cy-hry*1.4, cx+hrx*1.04, cy-hry*0.05)
			r.CubeTo(cx+hrx*0.8, cy-hry*0.55, cx+hrx*0.1, cy-hry*0.62, cx-hrx*0.2, cy-hry*0.5)
			r.CubeTo(cx-hrx*0.5, cy-hry*0.55, cx-hrx*0.9, cy-hry*0.4, cx-hrx*1.04, cy-hry*0.05)
			r.ClosePath()
		})
	case "bald":
		// A little grey at the temples.
		cv.ellipse(hair, cx-hrx*0.95, cy-hry*0.25, hrx*0.14, hry*0.22)
		cv.ellipse(hair, cx+hrx*0.95, cy-hry*0.25, hrx*0.14, hry*0.22)
	}
	if p.beard {
		cv.fill(hair, func(r rasterizer) {
			r.MoveTo(cx-hrx*0.92, cy+hry*0.15)
			r.CubeTo(cx-hrx*0.85, cy+hry*1.25, cx+hrx*0.85, cy+hry*1.25, cx+hrx*0.92, cy+hry*0.15)
			r.CubeTo(cx+hrx*0.55, cy+hry*0.6, cx-hrx*0.55, cy+hry*0.6, cx-hrx*0.92, cy+hry*0.15)
			r.ClosePath()
		})
	}

	dark := rgb(0x3b2a20)
	// Eyes, brows, cheeks and a smile.
	ey := cy - hry*0.02
	for _, side := range []float32{-1, 1} {
		ex := cx + side*hrx*0.42
		cv.ellipse(dark, ex, ey, hrx*0.085, hry*0.075)
		cv.ellipse(color.RGBA{255, 255, 255, 255}, ex+hrx*0.03, ey-hry*0.025, hrx*0.025, hrx*0.025)
		cv.arc(withAlpha(hair, 230), ex, ey+hry*0.22, hry*0.40, hry*0.045, -math.Pi*0.68, -math.Pi*0.32)
		cv.ellipse(withAlpha(rgb(0xe8846b), 90), cx+side*hrx*0.55, cy+hry*0.32, hrx*0.17, hry*0.1)
	}
	if p.glasses {
		for _, side := range []float32{-1, 1} {
			cv.ring(withAlpha(dark, 220), cx+side*hrx*0.42, ey, hrx*0.25, hrx*0.05)
		}
		cv.arc(withAlpha(dark, 220), cx, ey+hrx*0.1, hrx*0.18, hrx*0.045, -math.Pi*0.8, -math.Pi*0.2)
	}
	cv.arc(rgb(0x9c3d2e), cx, cy+hry*0.18, hrx*0.42, hry*0.055, math.Pi*0.2, math.Pi*0.8)
	if p.bindi {
		cv.ellipse(rgb(0xc0392b), cx, cy-hry*0.3, hrx*0.06, hrx*0.06)
	}
	if p.tilak {
		cv.roundRect(rgb(0xf4e7d0), cx-hrx*0.05, cy-hry*0.46, cx+hrx*0.05, cy-hry*0.14, hrx*0.04)
		cv.roundRect(rgb(0xe07a1f), cx-hrx*0.02, cy-hry*0.41, cx+hrx*0.02, cy-hry*0.19, hrx*0.02)
	}
	return cv.img
}

// sceneWidth and sceneHeight are the size of a demo scene: twice the
// widest a gallery picture is shown.
const (
	sceneWidth  = 1920
	sceneHeight = 1280
)

// sunriseVillage draws fields and a small house under a rising sun.
func sunriseVillage() *image.RGBA {
	const w, h = float32(sceneWidth), float32(sceneHeight)
	cv := newCanvas(sceneWidth, sceneHeight, rgb(0xfbe3b8))
	cv.verticalGradient(rgb(0xf7c59f), rgb(0xfdf1dc), 0, sceneHeight*6/10)
	cv.ellipse(withAlpha(rgb(0xffffff), 90), w*0.62, h*0.52, h*0.3, h*0.3)
	cv.ellipse(rgb(0xf39c34), w*0.62, h*0.52, h*0.17, h*0.17)
	// Three bands of hills.
	for i, c := range []uint32{0x9cc58a, 0x76ab6b, 0x4f8a55} {
		base := h * (0.55 + 0.12*float32(i))
		cv.fill(rgb(c), func(r rasterizer) {
			r.MoveTo(0, base)
			r.CubeTo(w*0.25, base-h*0.12, w*0.45, base+h*0.06, w*0.7, base-h*0.05)
			r.CubeTo(w*0.85, base-h*0.1, w*0.95, base, w, base-h*0.03)
			r.LineTo(w, h)
			r.LineTo(0, h)
			r.ClosePath()
		})
	}
	// A house with a lamp in the window.
	hx, hy := w*0.22, h*0.62
	cv.roundRect(rgb(0xf4e1c1), hx, hy, hx+w*0.16, hy+h*0.16, 8)
	cv.polygon(rgb(0xb5523b), hx-w*0.02, hy+2, hx+w*0.08, hy-h*0.11, hx+w*0.18, hy+2)
	cv.roundRect(rgb(0x8a5a3c), hx+w*0.065, hy+h*0.07, hx+w*0.095, hy+h*0.16, 6)
	cv.roundRect(rgb(0xffd86b), hx+w*0.02, hy+h*0.04, hx+w*0.05, hy+h*0.08, 4)
	// Trees.
	for _, t := range [][2]float32{{0.08, 0.6}, {0.45, 0.66}, {0.86, 0.6}} {
		tx, ty := w*t[0], h*t[1]
		cv.roundRect(rgb(0x7a5230), tx-10, ty, tx+10, ty+h*0.09, 6)
		cv.ellipse(rgb(0x3f7a47), tx, ty-h*0.02, w*0.035, h*0.06)
	}
	// Birds.
	for _, b := range [][2]float32{{0.4, 0.2}, {0.45, 0.16}, {0.5, 0.22}} {
		cv.arc(rgb(0x5a4636), w*b[0]-14, h*b[1], 14, 5, math.Pi*1.1, math.Pi*1.9)
		cv.arc(rgb(0x5a4636), w*b[0]+14, h*b[1], 14, 5, math.Pi*1.1, math.Pi*1.9)
	}
	return cv.img
}

// lampsEvening draws a row of oil lamps on steps at dusk.
func lampsEvening() *image.RGBA {
	const w, h = float32(sceneWidth), float32(sceneHeight)
	cv := newCanvas(sceneWidth, sceneHeight, rgb(0x2e2a4f))
	cv.verticalGradient(rgb(0x2e2a4f), rgb(0xb0637a), 0, sceneHeight*7/10)
	cv.ellipse(rgb(0xfdf3d7), w*0.8, h*0.18, h*0.07, h*0.07)
	for i := 0; i < 3; i++ {
		y := h * (0.62 + 0.12*float32(i))
		cv.roundRect(rgb([]uint32{0xc79a72, 0xb4865f, 0x9f734e}[i]), -20, y, w+20, h+40, 12)
	}
	for i := 0; i < 7; i++ {
		x := w * (0.1 + 0.133*float32(i))
		y := h*0.62 + float32(i%2)*h*0.12
		for k, a := range []uint8{18, 26, 36} {
			rr := h * (0.14 - 0.035*float32(k))
			cv.ellipse(withAlpha(rgb(0xffc95e), a), x, y-h*0.05, rr, rr)
		}
		cv.fill(rgb(0xa4522f), func(r rasterizer) {
			r.MoveTo(x-w*0.035, y-h*0.015)
			r.CubeTo(x-w*0.03, y+h*0.04, x+w*0.03, y+h*0.04, x+w*0.035, y-h*0.015)
			r.ClosePath()
		})
		cv.fill(rgb(0xffb43b), func(r rasterizer) {
			r.MoveTo(x, y-h*0.11)
			r.CubeTo(x+w*0.016, y-h*0.06, x+w*0.012, y-h*0.02, x, y-h*0.018)
			r.CubeTo(x-w*0.012, y-h*0.02, x-w*0.016, y-h*0.06, x, y-h*0.11)
			r.ClosePath()
		})
		cv.ellipse(rgb(0xfff1b8), x, y-h*0.04, w*0.005, h*0.016)
	}
	return cv.img
}
