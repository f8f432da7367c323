package demo

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/vector"
)

// A small painter for the demo's illustrations: filled shapes with
// smooth (anti-aliased) edges, drawn with x/image/vector onto an RGBA
// canvas. The pictures are drawn at twice the largest size the site shows
// them, so they stay crisp.

// rasterizer is the path a shape traces.
type rasterizer = *path

// path records the outline a shape traces, so that the shape is
// rasterized over the box around its points alone (a curve stays inside
// the box of its control points), not over the whole canvas: most shapes
// are small, and covering the whole canvas for each made drawing a
// picture take seconds.
type path []pathOp

// pathOp is one step of a path: a move, a line, a cubic curve through
// its points, or the closing of the outline.
type pathOp struct {
	kind byte // 'M', 'L', 'C' or 'Z'
	pts  []float32
}

// MoveTo starts an outline at (x, y).
func (p *path) MoveTo(x, y float32) { *p = append(*p, pathOp{'M', []float32{x, y}}) }

// LineTo traces a line to (x, y).
func (p *path) LineTo(x, y float32) { *p = append(*p, pathOp{'L', []float32{x, y}}) }

// CubeTo traces a cubic curve to (x, y) through control points 1 and 2.
func (p *path) CubeTo(x1, y1, x2, y2, x, y float32) {
	*p = append(*p, pathOp{'C', []float32{x1, y1, x2, y2, x, y}})
}

// ClosePath closes the outline.
func (p *path) ClosePath() { *p = append(*p, pathOp{kind: 'Z'}) }

// bounds is the smallest whole-pixel rectangle holding every point of p.
func (p path) bounds() image.Rectangle {
	minX, minY := float32(math.Inf(1)), float32(math.Inf(1))
	maxX, maxY := float32(math.Inf(-1)), float32(math.Inf(-1))
	for _, op := range p {
		for i := 0; i+1 < len(op.pts); i += 2 {
			minX, maxX = min(minX, op.pts[i]), max(maxX, op.pts[i])
			minY, maxY = min(minY, op.pts[i+1]), max(maxY, op.pts[i+1])
		}
	}
	if minX > maxX {
		return image.Rectangle{}
	}
	return image.Rect(int(math.Floor(float64(minX))), int(math.Floor(float64(minY))),
		int(math.Ceil(float64(maxX))), int(math.Ceil(float64(maxY))))
}

type canvas struct {
	img *image.RGBA
	r   *vector.Rasterizer
}

func newCanvas(w, h int, bg color.RGBA) *canvas {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(bg), image.Point{}, draw.Src)
	return &canvas{img: img, r: &vector.Rasterizer{}}
}

// fill paints the path that shape traces in c, rasterizing the box around
// the path (a pixel wider on each side, within the canvas) with the path
// moved to the box's corner. The box's corner is a whole pixel, so the
// shape lands where it did over the whole canvas; its anti-aliased edges
// may differ by a shade, since the rasterizer computes a small box in
// fixed point and a large one in floating point.
func (cv *canvas) fill(c color.RGBA, shape func(r rasterizer)) {
	var p path
	shape(&p)
	box := p.bounds()
	if box.Empty() {
		return
	}
	box = box.Inset(-1).Intersect(cv.img.Bounds())
	if box.Empty() {
		return
	}
	// Past the canvas's left or top edge the path keeps its place, as it
	// did over the whole canvas.
	dx, dy := float32(box.Min.X), float32(box.Min.Y)
	r := cv.r
	r.Reset(box.Dx(), box.Dy())
	r.DrawOp = draw.Over
	for _, op := range p {
		q := op.pts
		switch op.kind {
		case 'M':
			r.MoveTo(q[0]-dx, q[1]-dy)
		case 'L':
			r.LineTo(q[0]-dx, q[1]-dy)
		case 'C':
			r.CubeTo(q[0]-dx, q[1]-dy, q[2]-dx, q[3]-dy, q[4]-dx, q[5]-dy)
		case 'Z':
			r.ClosePath()
		}
	}
	r.Draw(cv.img, box, image.NewUniform(c), image.Point{})
}

// bezierK places the control points of a cubic curve that follows a
// quarter of a circle.
const bezierK = 0.5523

// ellipse traces an ellipse; reverse traces it the other way round, which
// cuts a hole when it lies inside another shape of the same path.
func ellipse(r rasterizer, cx, cy, rx, ry float32, reverse bool) {
	kx, ky := rx*bezierK, ry*bezierK
	r.MoveTo(cx+rx, cy)
	if !reverse {
		r.CubeTo(cx+rx, cy+ky, cx+kx, cy+ry, cx, cy+ry)
		r.CubeTo(cx-kx, cy+ry, cx-rx, cy+ky, cx-rx, cy)
		r.CubeTo(cx-rx, cy-ky, cx-kx, cy-ry, cx, cy-ry)
		r.CubeTo(cx+kx, cy-ry, cx+rx, cy-ky, cx+rx, cy)
	} else {
		r.CubeTo(cx+rx, cy-ky, cx+kx, cy-ry, cx, cy-ry)
		r.CubeTo(cx-kx, cy-ry, cx-rx, cy-ky, cx-rx, cy)
		r.CubeTo(cx-rx, cy+ky, cx-kx, cy+ry, cx, cy+ry)
		r.CubeTo(cx+kx, cy+ry, cx+rx, cy+ky, cx+rx, cy)
	}
	r.ClosePath()
}

func (cv *canvas) ellipse(c color.RGBA, cx, cy, rx, ry float32) {
	cv.fill(c, func(r rasterizer) { ellipse(r, cx, cy, rx, ry, false) })
}

// ring paints the band between two circles of radius rr ± w/2.
func (cv *canvas) ring(c color.RGBA, cx, cy, rr, w float32) {
	cv.fill(c, func(r rasterizer) {
		ellipse(r, cx, cy, rr+w/2, rr+w/2, false)
		ellipse(r, cx, cy, rr-w/2, rr-w/2, true)
	})
}

// roundRect paints a rectangle with corners of radius rad.
func (cv *canvas) roundRect(c color.RGBA, x0, y0, x1, y1, rad float32) {
	k := rad * (1 - bezierK)
	cv.fill(c, func(r rasterizer) {
		r.MoveTo(x0+rad, y0)
		r.LineTo(x1-rad, y0)
		r.CubeTo(x1-k, y0, x1, y0+k, x1, y0+rad)
		r.LineTo(x1, y1-rad)
		r.CubeTo(x1, y1-k, x1-k, y1, x1-rad, y1)
		r.LineTo(x0+rad, y1)
		r.CubeTo(x0+k, y1, x0, y1-k, x0, y1-rad)
		r.LineTo(x0, y0+rad)
		r.CubeTo(x0, y0+k, x0+k, y0, x0+rad, y0)
		r.ClosePath()
	})
}

// arc paints a band of width w along the circle of radius rr around
// (cx, cy) from angle a0 to a1 (radians, clockwise from the right on the
// screen): a smile, an eyebrow, a glasses' bridge.
func (cv *canvas) arc(c color.RGBA, cx, cy, rr, w, a0, a1 float32) {
	const steps = 48
	cv.fill(c, func(r rasterizer) {
		for i := 0; i <= steps; i++ {
			a := float64(a0 + (a1-a0)*float32(i)/steps)
			x, y := cx+(rr+w/2)*float32(math.Cos(a)), cy+(rr+w/2)*float32(math.Sin(a))
			if i == 0 {
				r.MoveTo(x, y)
			} else {
				r.LineTo(x, y)
			}
		}
		for i := steps; i >= 0; i-- {
			a := float64(a0 + (a1-a0)*float32(i)/steps)
			r.LineTo(cx+(rr-w/2)*float32(math.Cos(a)), cy+(rr-w/2)*float32(math.Sin(a)))
		}
		r.ClosePath()
	})
	// Round ends.
	for _, a := range []float32{a0, a1} {
		cv.ellipse(c, cx+rr*float32(math.Cos(float64(a))), cy+rr*float32(math.Sin(float64(a))), w/2, w/2)
	}
}

// polygon paints the shape through the points (x, y pairs).
func (cv *canvas) polygon(c color.RGBA, pts ...float32) {
	cv.fill(c, func(r rasterizer) {
		r.MoveTo(pts[0], pts[1])
		for i := 2; i+1 < len(pts); i += 2 {
			r.LineTo(pts[i], pts[i+1])
		}
		r.ClosePath()
	})
}

// verticalGradient paints the canvas from top to bottom, top to bottom
// colour.
func (cv *canvas) verticalGradient(top, bottom color.RGBA, y0, y1 int) {
	b := cv.img.Bounds()
	for y := max(y0, b.Min.Y); y < min(y1, b.Max.Y); y++ {
		t := float64(y-y0) / float64(max(1, y1-y0))
		c := color.RGBA{mix(top.R, bottom.R, t), mix(top.G, bottom.G, t), mix(top.B, bottom.B, t), 255}
		draw.Draw(cv.img, image.Rect(b.Min.X, y, b.Max.X, y+1), image.NewUniform(c), image.Point{}, draw.Src)
	}
}

func mix(a, b uint8, t float64) uint8 { return uint8(float64(a) + (float64(b)-float64(a))*t + 0.5) }

func rgb(hex uint32) color.RGBA {
	return color.RGBA{uint8(hex >> 16), uint8(hex >> 8), uint8(hex), 255}
}

func withAlpha(c color.RGBA, a uint8) color.RGBA {
	// Premultiplied, as image/color's RGBA is.
	f := float64(a) / 255
	return color.RGBA{uint8(float64(c.R) * f), uint8(float64(c.G) * f), uint8(float64(c.B) * f), a}
}
