package media

import (
	"encoding/binary"
	"errors"

	"spdc/internal/i18n/msgs"
)

// MsgVideoUnreadable is the refusal, in English, of a video whose
// structure cannot be read to its end: its metadata (where and on which
// phone it was filmed) could not be found, so it is not kept.
var MsgVideoUnreadable = msgs.AdminVideoSStructureCouldNotRead.En()

// maxDepth bounds how deeply boxes or elements may nest; real files use
// fewer than ten levels.
const maxDepth = 16

// errUnreadable marks a container that does not parse.
var errUnreadable = errors.New("media: video structure does not parse")

// CleanVideo removes the metadata of an MP4 or WebM video in place and
// returns body, the same slice. Every metadata box or element keeps its
// length and position, so the offsets that point into the media data stay
// valid and the video plays exactly as before; only the bytes that could
// say where, when or on what it was filmed become zeros. A video whose
// structure does not parse is refused rather than kept uncleaned.
func CleanVideo(body []byte, contentType string) error {
	var err error
	switch contentType {
	case TypeMP4:
		err = cleanMP4(body, 0, len(body), 0)
	case TypeWebM:
		err = cleanWebM(body)
	default:
		return refuse(msgs.MediaAccepted)
	}
	if err != nil {
		return refuse(msgs.AdminVideoSStructureCouldNotRead)
	}
	return nil
}

// mp4Containers are the boxes whose payload is a list of boxes that may
// hold metadata further down; every other kept box is skipped whole.
var mp4Containers = map[string]bool{
	"moov": true, "trak": true, "mdia": true, "minf": true, "stbl": true, "edts": true,
	"dinf": true, "mvex": true, "moof": true, "traf": true, "mfra": true,
}

// mp4Metadata are the boxes neutralised wherever they are found: user data
// (udta), metadata (meta, ilst, XMP_), vendor and XMP data (uuid), the
// location (©xyz, loci), and the padding boxes, whose unused bytes may
// still hold what an editor left there.
var mp4Metadata = map[string]bool{
	"udta": true, "meta": true, "uuid": true, "ilst": true, "\xa9xyz": true, "loci": true,
	"XMP_": true, "free": true, "skip": true,
}

// cleanMP4 walks the ISO BMFF boxes of b[start:end] at the given depth.
// A metadata box becomes a free box of the same size whose payload is all
// zeros. A box whose size runs past its parent, is smaller than its
// header, or nests too deeply makes the whole file unreadable.
func cleanMP4(b []byte, start, end, depth int) error {
	if depth > maxDepth {
		return errUnreadable
	}
	for pos := start; pos < end; {
		rest := end - pos
		if rest < 8 {
			// A QuickTime-style container may end with a 32-bit zero.
			if depth > 0 && rest == 4 && binary.BigEndian.Uint32(b[pos:]) == 0 {
				return nil
			}
			return errUnreadable
		}
		size := uint64(binary.BigEndian.Uint32(b[pos:]))
		typ := b[pos+4 : pos+8]
		header := 8
		switch size {
		case 1:
			if rest < 16 {
				return errUnreadable
			}
			size = binary.BigEndian.Uint64(b[pos+8:])
			header = 16
		case 0:
			size = uint64(rest) // the box runs to the end of its parent
		}
		if size < uint64(header) || size > uint64(rest) {
			return errUnreadable
		}
		boxEnd := pos + int(size)
		switch {
		case mp4Metadata[string(typ)]:
			copy(typ, "free")
			clear(b[pos+header : boxEnd])
		case mp4Containers[string(typ)]:
			if err := cleanMP4(b, pos+header, boxEnd, depth+1); err != nil {
				return err
			}
		}
		pos = boxEnd
	}
	return nil
}

// Matroska element IDs (with their length marker bits, as written).
const (
	ebmlHeaderID  = 0x1A45DFA3
	segmentID     = 0x18538067
	clusterID     = 0x1F43B675
	infoID        = 0x1549A966
	tagsID        = 0x1254C367
	attachmentsID = 0x1941A469
	titleID       = 0x7BA9
	muxingAppID   = 0x4D80
	writingAppID  = 0x5741
	dateUTCID     = 0x4461
	crc32ID       = 0xBF
	voidID        = 0xEC
)

// webmSegmentChildren are the elements that may follow one another in a
// Segment; one of them ends a Cluster of unknown size (as a browser's
// recorder writes them).
var webmSegmentChildren = map[uint32]bool{
	0x114D9B74: true, infoID: true, 0x1654AE6B: true, clusterID: true, 0x1C53BB6B: true,
	0x1043A770: true, attachmentsID: true, tagsID: true, ebmlHeaderID: true, segmentID: true,
}

// webmVoided are the Segment's elements that become Void: Tags (where a
// phone or editor writes DATE_RECORDED, LOCATION, names and devices) and
// Attachments (cover pictures and any file someone put in). Chapters are
// kept: their titles are what an editor chose to show viewers, not data a
// device records.
var webmVoided = map[uint32]bool{tagsID: true, attachmentsID: true}

// cleanWebM walks a WebM file: its EBML header, then its Segments.
func cleanWebM(b []byte) error {
	for pos := 0; pos < len(b); {
		id, size, header, err := ebmlElement(b, pos, len(b))
		if err != nil {
			return err
		}
		if size < 0 {
			if id != segmentID {
				return errUnreadable
			}
			size = len(b) - pos - header // an unknown size runs to the end
		}
		end := pos + header + size
		if id == segmentID {
			if err := cleanSegment(b, pos+header, end); err != nil {
				return err
			}
		} else if id != ebmlHeaderID && id != voidID {
			return errUnreadable
		}
		pos = end
	}
	return nil
}

// cleanSegment walks the elements of a Segment, voiding Tags and
// Attachments and clearing the Info's personal values.
func cleanSegment(b []byte, start, end int) error {
	for pos := start; pos < end; {
		id, size, header, err := ebmlElement(b, pos, end)
		if err != nil {
			return err
		}
		if size < 0 {
			if id != clusterID {
				return errUnreadable
			}
			if size, err = unknownCluster(b, pos+header, end); err != nil {
				return err
			}
		}
		elemEnd := pos + header + size
		switch {
		case webmVoided[id]:
			toVoid(b, pos, elemEnd)
		case id == infoID:
			if err := cleanInfo(b, pos+header, elemEnd); err != nil {
				return err
			}
		}
		pos = elemEnd
	}
	return nil
}

// unknownCluster returns the length of a Cluster of unknown size whose
// payload starts at start: its children run until an element that
// belongs to the Segment, or the end.
func unknownCluster(b []byte, start, end int) (int, error) {
	pos := start
	for pos < end {
		id, size, header, err := ebmlElement(b, pos, end)
		if err != nil {
			return 0, err
		}
		if webmSegmentChildren[id] {
			break
		}
		if size < 0 {
			return 0, errUnreadable
		}
		pos += header + size
	}
	return pos - start, nil
}

// cleanInfo clears the Info values that can carry personal data: the
// Title (often the file's name, such as a person or a place) and the
// names of the programs that wrote the file (a phone writes its model
// there) become empty strings (strings may be padded with zeros, and
// both program names stay present as the format requires them), and the
// date the file was made becomes Void, as does the Info's checksum, which
// no longer matches (it is optional; readers that check it would
// otherwise reject the Info).
func cleanInfo(b []byte, start, end int) error {
	for pos := start; pos < end; {
		id, size, header, err := ebmlElement(b, pos, end)
		if err != nil {
			return err
		}
		if size < 0 {
			return errUnreadable
		}
		elemEnd := pos + header + size
		switch id {
		case titleID, muxingAppID, writingAppID:
			clear(b[pos+header : elemEnd])
		case dateUTCID, crc32ID:
			toVoid(b, pos, elemEnd)
		}
		pos = elemEnd
	}
	return nil
}

// toVoid turns the element in b[start:end] (at least 3 bytes: an ID of two
// or more bytes and a size) into a Void element of the same total length:
// the ID 0xEC, a size field as long as fits (at most 8 bytes, a longer
// encoding than needed being allowed) and zeros.
func toVoid(b []byte, start, end int) {
	total := end - start
	sizeLen := min(8, total-1)
	payload := uint64(total - 1 - sizeLen)
	b[start] = voidID
	// The size field: its length marker bit, then the payload length.
	for i := sizeLen - 1; i >= 0; i-- {
		b[start+1+i] = byte(payload)
		payload >>= 8
	}
	b[start+1] |= 0x80 >> (sizeLen - 1)
	clear(b[start+1+sizeLen : end])
}

// ebmlElement reads the header of the element at b[pos:end]: its ID (with
// its marker bits), its payload size (-1 when unknown) and the header's
// length. A header that does not fit, or a known size running past end,
// is an error.
func ebmlElement(b []byte, pos, end int) (id uint32, size, header int, err error) {
	idLen, _, ok := vint(b, pos, end, 4)
	if !ok {
		return 0, 0, 0, errUnreadable
	}
	for i := 0; i < idLen; i++ {
		id = id<<8 | uint32(b[pos+i])
	}
	sizeLen, sizeVal, ok := vint(b, pos+idLen, end, 8)
	if !ok {
		return 0, 0, 0, errUnreadable
	}
	header = idLen + sizeLen
	if sizeVal == 1<<(7*sizeLen)-1 {
		return id, -1, header, nil // all ones: unknown size
	}
	if sizeVal > uint64(end-pos-header) {
		return 0, 0, 0, errUnreadable
	}
	return id, int(sizeVal), header, nil
}

// vint reads a variable-length integer of at most maxLen bytes at b[pos:end]
// and returns its length and value without the length marker.
func vint(b []byte, pos, end, maxLen int) (n int, val uint64, ok bool) {
	if pos >= end || b[pos] == 0 {
		return 0, 0, false
	}
	first := b[pos]
	n = 1
	for mask := byte(0x80); first&mask == 0; mask >>= 1 {
		n++
	}
	if n > maxLen || pos+n > end {
		return 0, 0, false
	}
	val = uint64(first & (0xFF >> n))
	for i := 1; i < n; i++ {
		val = val<<8 | uint64(b[pos+i])
	}
	return n, val, true
}
