package media

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"strconv"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/webp"

	"spdc/internal/i18n/msgs"
)

// Widths are the widths a picture is served at; a picture narrower than
// the widest is also kept at its own width, and none is ever enlarged.
var Widths = []int{480, 960, 1600}

// jpegQuality balances size and look for photos on the web.
const jpegQuality = 82

// maxDecodedBytes bounds the memory of one decoded picture: 40
// megapixels at four bytes each. A 16-bit PNG takes eight bytes a pixel,
// so it may have half the pixels.
const maxDecodedBytes = MaxPixels * 4

// decodeSlots lets one picture be decoded at a time, so admins uploading
// together cannot multiply the server's memory, and the other core stays
// free for visitors.
var decodeSlots = make(chan struct{}, 1)

// progressiveBytesPerPixel is the memory a progressive JPEG needs per
// pixel while it decodes: the picture (up to 4 bytes) and the decoder's
// coefficients, kept until the last scan (6 bytes for the usual halved
// colour resolution).
const progressiveBytesPerPixel = 10

// maxProgressiveBytes bounds the decoding memory of a progressive JPEG.
const maxProgressiveBytes = 2 * maxDecodedBytes

// Image checks, decodes and re-encodes a picture. Its header is read
// first: a picture declaring more than MaxPixels (or a side over MaxSide)
// is refused before any pixel is decoded, so a small file claiming a huge
// size cannot exhaust memory.
func Image(ctx context.Context, body []byte) (*Result, error) {
	if len(body) == 0 {
		return nil, refuse(msgs.MediaFileEmpty.With("accepted", msgs.MediaAccepted))
	}
	if len(body) > MaxImageBytes {
		return nil, tooLarge(msgs.MediaPictureTooLarge.With("mb", MaxImageBytes>>20))
	}
	kind, contentType, err := Sniff(body[:min(len(body), sniffLen)])
	if err != nil {
		return nil, err
	}
	if kind != KindImage {
		return nil, refuse(msgs.MediaVideoNotPicture.With("accepted", msgs.MediaAccepted))
	}
	var (
		decodeConfig func(io.Reader) (image.Config, error)
		decode       func(io.Reader) (image.Image, error)
	)
	switch contentType {
	case TypeJPEG:
		decodeConfig, decode = jpeg.DecodeConfig, jpeg.Decode
	case TypePNG:
		decodeConfig, decode = png.DecodeConfig, png.Decode
	default:
		decodeConfig, decode = webp.DecodeConfig, webp.Decode
	}
	cfg, err := decodeConfig(bytes.NewReader(body))
	if err != nil {
		return nil, refuse(msgs.MediaPictureDamaged.With("accepted", msgs.MediaAccepted))
	}
	if err := checkSize(cfg); err != nil {
		return nil, err
	}
	if contentType == TypeJPEG && jpegProgressive(body) {
		if px := int64(cfg.Width) * int64(cfg.Height); px*progressiveBytesPerPixel > maxProgressiveBytes {
			return nil, refuse(msgs.MediaProgressiveTooLarge.With("w", cfg.Width).With("h", cfg.Height).
				With("max", int(maxProgressiveBytes/progressiveBytesPerPixel/1_000_000)))
		}
	}

	select {
	case decodeSlots <- struct{}{}:
		defer func() { <-decodeSlots }()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	src, err := decode(bytes.NewReader(body))
	if err != nil {
		return nil, refuse(msgs.MediaPictureDamaged.With("accepted", msgs.MediaAccepted))
	}
	if b := src.Bounds(); b.Dx() != cfg.Width || b.Dy() != cfg.Height {
		return nil, refuse(msgs.MediaPictureDamaged.With("accepted", msgs.MediaAccepted))
	}
	orientation := 1
	if contentType == TypeJPEG {
		orientation = jpegOrientation(body)
	}
	return encodeWidths(ctx, src, orientation)
}

// checkSize refuses a picture whose header declares a size the site will
// not decode.
func checkSize(cfg image.Config) error {
	w, h := cfg.Width, cfg.Height
	if w < 1 || h < 1 {
		return refuse(msgs.MediaNoPixels.With("accepted", msgs.MediaAccepted))
	}
	if w > MaxSide || h > MaxSide {
		return refuse(msgs.MediaSideTooLong.With("w", w).With("h", h).With("max", MaxSide))
	}
	pixels := int64(w) * int64(h)
	if pixels > MaxPixels {
		return refuse(msgs.MediaTooManyPixels.With("w", w).With("h", h).
			With("mp", strconv.FormatFloat(float64(pixels)/1e6, 'f', 1, 64)).With("max", MaxPixels/1_000_000))
	}
	if pixels*int64(bytesPerPixel(cfg.ColorModel)) > maxDecodedBytes {
		return refuse(msgs.MediaSixteenBits.With("w", w).With("h", h))
	}
	return nil
}

// bytesPerPixel is the memory a decoded pixel of the model takes.
func bytesPerPixel(m color.Model) int {
	switch m {
	case color.GrayModel, color.AlphaModel:
		return 1
	case color.Gray16Model, color.Alpha16Model:
		return 2
	case color.RGBA64Model, color.NRGBA64Model:
		return 8
	}
	if _, ok := m.(color.Palette); ok {
		return 1
	}
	return 4
}

// opaque reports whether every pixel of img is fully opaque, so the
// picture can be a JPEG.
func opaque(img image.Image) bool {
	if o, ok := img.(interface{ Opaque() bool }); ok {
		return o.Opaque()
	}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if _, _, _, a := img.At(x, y).RGBA(); a != 0xffff {
				return false
			}
		}
	}
	return true
}

// targetWidths are the widths of the files made from a picture shown w
// pixels wide: each of Widths narrower than it, and its own width when it
// is narrower than the widest of Widths.
func targetWidths(w int) []int {
	top := Widths[len(Widths)-1]
	out := []int{}
	for _, tw := range Widths {
		if tw < w && tw < top {
			out = append(out, tw)
		}
	}
	return append(out, min(w, top))
}

// encodeWidths scales src to every target width, widest first, each from
// the one before, turns each upright and encodes it: JPEG for an opaque
// picture, PNG for one with transparency.
func encodeWidths(ctx context.Context, src image.Image, orientation int) (*Result, error) {
	isOpaque := opaque(src)
	sb := src.Bounds()
	// The picture as shown: orientations 5 to 8 swap its sides.
	showW, showH := sb.Dx(), sb.Dy()
	if orientation >= 5 {
		showW, showH = showH, showW
	}
	widths := targetWidths(showW)
	files := make([]File, len(widths))
	level := src
	for i := len(widths) - 1; i >= 0; i-- {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		tw := widths[i]
		th := max(1, (showH*tw+showW/2)/showW)
		// Sizes before turning upright.
		sw, sh := tw, th
		if orientation >= 5 {
			sw, sh = th, tw
		}
		level = scale(level, sw, sh)
		shown := orient(level, orientation)
		var buf bytes.Buffer
		f := File{Width: tw, Height: th}
		if isOpaque {
			if err := jpeg.Encode(&buf, shown, &jpeg.Options{Quality: jpegQuality}); err != nil {
				return nil, fmt.Errorf("media: encode jpeg: %w", err)
			}
			f.ContentType, f.Name = TypeJPEG, FileName(buf.Bytes(), "jpg")
		} else {
			enc := png.Encoder{CompressionLevel: png.BestCompression}
			if err := enc.Encode(&buf, shown); err != nil {
				return nil, fmt.Errorf("media: encode png: %w", err)
			}
			f.ContentType, f.Name = TypePNG, FileName(buf.Bytes(), "png")
		}
		f.Body = buf.Bytes()
		files[i] = f
	}
	last := files[len(files)-1]
	return &Result{Kind: KindImage, Width: last.Width, Height: last.Height, Files: files}, nil
}

// scale returns src scaled to w × h as a new RGBA image. Large reductions
// go by halves (each one averages 2 × 2 pixels, so nothing is skipped and
// no fine pattern turns into moiré), then one bilinear step to the exact
// size. x/image/draw's kernel scalers (Catmull-Rom) would need a buffer
// of 32 bytes per pixel of width × source height (hundreds of megabytes
// for a large photo); halving needs no buffer beyond its result.
func scale(src image.Image, w, h int) image.Image {
	b := src.Bounds()
	if b.Dx() == w && b.Dy() == h {
		if _, ok := src.(*image.RGBA); ok {
			return src
		}
		dst := image.NewRGBA(image.Rect(0, 0, w, h))
		xdraw.Copy(dst, image.Point{}, src, b, xdraw.Src, nil)
		return dst
	}
	for b.Dx()/2 >= w && b.Dy()/2 >= h {
		half := image.NewRGBA(image.Rect(0, 0, (b.Dx()+1)/2, (b.Dy()+1)/2))
		xdraw.ApproxBiLinear.Scale(half, half.Bounds(), src, b, xdraw.Src, nil)
		src, b = half, half.Bounds()
	}
	if b.Dx() == w && b.Dy() == h {
		return src
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	xdraw.ApproxBiLinear.Scale(dst, dst.Bounds(), src, b, xdraw.Src, nil)
	return dst
}
