// Package media turns an admin's upload into the files the site serves.
// Pictures (JPEG, PNG or WebP, recognised by their bytes, never by their
// name) are checked from their header before any decoding, decoded,
// turned upright, stripped of every byte of metadata by re-encoding, and
// scaled to a few widths for the browser to choose from. Videos (MP4 or
// WebM, also recognised by their bytes) keep their frames byte for byte
// and lose their metadata: every box or element that could say where,
// when or on what they were filmed is overwritten in place.
package media

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"

	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
)

// Limits of an upload.
const (
	MaxImageBytes = 10 << 20 // a picture file
	MaxVideoBytes = 50 << 20 // a video file
	MaxPixels     = 40_000_000
	// MaxSide bounds each side, so a 40-megapixel strip one pixel high
	// (which no page can show) is refused too.
	MaxSide = 20_000
)

// Kinds of media.
const (
	KindImage = "image"
	KindVideo = "video"
)

// Content types of the accepted uploads and of the files made from them.
const (
	TypeJPEG = "image/jpeg"
	TypePNG  = "image/png"
	TypeWebP = "image/webp"
	TypeMP4  = "video/mp4"
	TypeWebM = "video/webm"
)

// RefusedError is an upload refused for what it is. Message tells the
// admin what is wrong and what is accepted, in English (Say in every
// language); TooLarge marks a file over its
// size limit (answered 413).
type RefusedError struct {
	Message  string
	TooLarge bool
	// said is Message by its catalogue key.
	said i18n.Msg
}

// Say is the refusal by its catalogue key (its English alone when it was
// made without one).
func (e *RefusedError) Say() i18n.Msg {
	if !e.said.IsZero() {
		return e.said
	}
	return i18n.Verbatim(e.Message)
}

func (e *RefusedError) Error() string { return "media: " + e.Message }

// refuse is the refusal m, its English kept as Message.
func refuse(m i18n.Msg) error {
	return &RefusedError{Message: m.En(), said: m}
}

// tooLarge is the refusal m of a file over its size limit.
func tooLarge(m i18n.Msg) error {
	return &RefusedError{Message: m.En(), TooLarge: true, said: m}
}

// File is one file to store and serve.
type File struct {
	Name        string // <first 32 hex digits of the SHA-256 of Body>.<ext>
	Width       int    // 0 for a video
	Height      int
	ContentType string
	Body        []byte
}

// Result is a processed upload: its kind, the size of its largest file,
// and its files, narrowest first.
type Result struct {
	Kind   string
	Width  int
	Height int
	Files  []File
}

// FileName names bytes by their content: the first 32 hex digits of
// their SHA-256 and the extension. Equal bytes get equal names, so a name
// can be cached forever.
func FileName(body []byte, ext string) string {
	sum := sha256.Sum256(body)
	return hex.EncodeToString(sum[:])[:32] + "." + ext
}

// sniffLen is how many leading bytes Sniff needs at most.
const sniffLen = 64

// Sniff tells from the first bytes of a file whether it is an accepted
// picture or video, and its content type. A refusal names what the file
// looks like when it is a well-known other type.
func Sniff(head []byte) (kind, contentType string, err error) {
	switch {
	case len(head) == 0:
		return "", "", refuse(msgs.MediaFileEmpty.With("accepted", msgs.MediaAccepted))
	case bytes.HasPrefix(head, []byte{0xFF, 0xD8, 0xFF}):
		return KindImage, TypeJPEG, nil
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return KindImage, TypePNG, nil
	case len(head) >= 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WEBP":
		return KindImage, TypeWebP, nil
	case bytes.HasPrefix(head, []byte{0x1A, 0x45, 0xDF, 0xA3}):
		if isWebM(head) {
			return KindVideo, TypeWebM, nil
		}
		return "", "", refuse(msgs.MediaMatroska.With("accepted", msgs.MediaAccepted))
	case len(head) >= 12 && string(head[4:8]) == "ftyp":
		switch brand := string(head[8:12]); brand {
		case "isom", "iso2", "iso3", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "dash", "M4V ", "MSNV", "mmp4":
			return KindVideo, TypeMP4, nil
		case "qt  ":
			return "", "", refuse(msgs.MediaQuickTime.With("accepted", msgs.MediaAccepted))
		case "heic", "heix", "heim", "heis", "hevc", "mif1", "msf1":
			return "", "", refuse(msgs.MediaHeic.With("accepted", msgs.MediaAccepted))
		case "avif", "avis":
			return "", "", refuse(msgs.MediaAvif.With("accepted", msgs.MediaAccepted))
		default:
			return "", "", refuse(msgs.MediaFormatNotAccepted.With("accepted", msgs.MediaAccepted))
		}
	}
	if what, ok := otherType(head); ok {
		return "", "", refuse(msgs.MediaFileIs.With("what", what).With("accepted", msgs.MediaAccepted))
	}
	return "", "", refuse(msgs.MediaNotAccepted.With("accepted", msgs.MediaAccepted))
}

// isWebM reports whether an EBML header declares the document type webm
// (Matroska files share the header with the type "matroska").
func isWebM(head []byte) bool {
	i := bytes.Index(head, []byte{0x42, 0x82}) // the DocType element
	if i < 0 {
		return false
	}
	rest := head[i+2:]
	if len(rest) > 12 {
		rest = rest[:12]
	}
	return bytes.Contains(rest, []byte("webm"))
}

// otherType names a few formats admins are likely to try, so the refusal
// says what the file is.
func otherType(head []byte) (i18n.Msg, bool) {
	trimmed := bytes.TrimLeft(head, "\xef\xbb\xbf \t\r\n")
	lower := bytes.ToLower(trimmed)
	switch {
	case bytes.HasPrefix(head, []byte("GIF87a")), bytes.HasPrefix(head, []byte("GIF89a")):
		return msgs.MediaGif, true
	case bytes.HasPrefix(head, []byte("BM")):
		return msgs.MediaBmp, true
	case bytes.HasPrefix(head, []byte("II*\x00")), bytes.HasPrefix(head, []byte("MM\x00*")):
		return msgs.MediaTiff, true
	case bytes.HasPrefix(head, []byte("%PDF")):
		return msgs.MediaPdf, true
	case bytes.HasPrefix(lower, []byte("<svg")), bytes.Contains(lower, []byte("<svg")):
		return msgs.MediaSvg, true
	case bytes.HasPrefix(lower, []byte("<!doctype html")), bytes.HasPrefix(lower, []byte("<html")),
		bytes.HasPrefix(lower, []byte("<head")), bytes.HasPrefix(lower, []byte("<script")), bytes.HasPrefix(lower, []byte("<body")):
		return msgs.MediaHtml, true
	case bytes.HasPrefix(lower, []byte("<?xml")):
		return msgs.MediaXml, true
	case bytes.HasPrefix(head, []byte("PK\x03\x04")):
		return msgs.MediaZip, true
	}
	return i18n.Msg{}, false
}

// Read reads an upload from r: it looks at the first bytes to tell what
// the file is, then reads the rest up to the limit of its kind, refusing
// a larger file without reading more than one byte past the limit.
func Read(r io.Reader) (kind, contentType string, body []byte, err error) {
	head := make([]byte, sniffLen)
	n, err := io.ReadFull(r, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return "", "", nil, err
	}
	head = head[:n]
	kind, contentType, err = Sniff(head)
	if err != nil {
		return "", "", nil, err
	}
	limit := int64(MaxImageBytes)
	if kind == KindVideo {
		limit = MaxVideoBytes
	}
	var buf bytes.Buffer
	buf.Write(head)
	if _, err := buf.ReadFrom(io.LimitReader(r, limit-int64(n)+1)); err != nil {
		return "", "", nil, err
	}
	if int64(buf.Len()) > limit {
		m := msgs.MediaPictureTooLarge
		if kind == KindVideo {
			m = msgs.MediaVideoTooLarge
		}
		return "", "", nil, tooLarge(m.With("mb", int(limit>>20)))
	}
	return kind, contentType, buf.Bytes(), nil
}

// Process reads an upload from r and returns the files to store: the
// re-encoded widths of a picture, or the video without its metadata.
func Process(ctx context.Context, r io.Reader) (*Result, error) {
	kind, contentType, body, err := Read(r)
	if err != nil {
		return nil, err
	}
	if kind == KindVideo {
		return Video(body, contentType)
	}
	return Image(ctx, body)
}

// Video returns a video's one file: body with its metadata overwritten in
// place (CleanVideo), named by the cleaned bytes. A video whose structure
// does not parse is refused.
func Video(body []byte, contentType string) (*Result, error) {
	if len(body) == 0 {
		return nil, refuse(msgs.MediaFileEmpty.With("accepted", msgs.MediaAccepted))
	}
	if len(body) > MaxVideoBytes {
		return nil, tooLarge(msgs.MediaVideoTooLarge.With("mb", MaxVideoBytes>>20))
	}
	if err := CleanVideo(body, contentType); err != nil {
		return nil, err
	}
	ext := "mp4"
	if contentType == TypeWebM {
		ext = "webm"
	}
	return &Result{Kind: KindVideo, Files: []File{{Name: FileName(body, ext), ContentType: contentType, Body: body}}}, nil
}
