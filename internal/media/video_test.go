package media

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// The location a phone writes, in the ISO 6709 form of ©xyz and loci.
const testLocation = "+48.8577+002.2950/"

// box builds an ISO BMFF box of the given type around its children.
func box(typ string, children ...[]byte) []byte {
	payload := bytes.Join(children, nil)
	b := binary.BigEndian.AppendUint32(nil, uint32(8+len(payload)))
	return append(append(b, typ...), payload...)
}

// largeBox builds a box with a 64-bit size.
func largeBox(typ string, payload []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, 1)
	b = append(b, typ...)
	b = binary.BigEndian.AppendUint64(b, uint64(16+len(payload)))
	return append(b, payload...)
}

// testMP4 builds a small MP4 as a phone writes it: its track's chunk
// offset points into mdat, the movie's user data holds the place it was
// filmed (©xyz) and an iTunes-style list with the device, the track has
// user data of its own, and an XMP uuid box holds the place again.
// bigMdat gives the media data a 64-bit size.
func testMP4(bigMdat bool) []byte {
	ftyp := box("ftyp", []byte("isom\x00\x00\x02\x00isomiso2avc1mp41"))
	frames := bytes.Repeat([]byte("frame-data"), 30)
	xmp := append([]byte("\xbe\x7a\xcf\xcb\x97\xa9\x42\xe8\x9c\x71\x99\x94\x91\xe3\xaf\xac"),
		`<x:xmpmeta><rdf:Description exif:GPSLatitude="48.8577" exif:GPSLongitude="2.2950" tiff:Model="Pixel 7"/></x:xmpmeta>`...)
	build := func(mdatAt uint32) []byte {
		stco := box("stco", []byte{0, 0, 0, 0, 0, 0, 0, 1}, binary.BigEndian.AppendUint32(nil, mdatAt))
		stbl := box("stbl", box("stsd", make([]byte, 8)), box("stts", make([]byte, 8)), stco)
		minf := box("minf", box("vmhd", make([]byte, 12)), box("dinf", box("dref", make([]byte, 8))), stbl)
		mdia := box("mdia", box("mdhd", make([]byte, 24)), box("hdlr", make([]byte, 25)), minf)
		trak := box("trak", box("tkhd", make([]byte, 84)), box("edts", box("elst", make([]byte, 8))), mdia,
			box("udta", box("name", []byte("Grandmother's house"))))
		ilst := box("ilst", box("\xa9too", box("data", []byte("\x00\x00\x00\x01\x00\x00\x00\x00Pixel 7"))))
		meta := box("meta", []byte{0, 0, 0, 0}, box("hdlr", []byte("\x00\x00\x00\x00\x00\x00\x00\x00mdir\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00")), ilst)
		udta := box("udta", box("\xa9xyz", []byte("\x00\x12\x15\xc7"+testLocation)), meta)
		moov := box("moov", box("mvhd", make([]byte, 100)), trak, udta)
		head := bytes.Join([][]byte{ftyp, moov, box("uuid", xmp), box("free", []byte("Pixel 7 at "+testLocation))}, nil)
		if bigMdat {
			return append(head, largeBox("mdat", frames)...)
		}
		return append(head, box("mdat", frames)...)
	}
	// The same file again, its chunk offset now pointing at the frames.
	return build(uint32(len(build(0)) - len(frames)))
}

// mp4Boxes lists the boxes of b that are not free space, as path@offset
// with their size, descending the same containers as a player reading
// the movie; metadata boxes are left out, so an uncleaned and a cleaned
// file list alike when only the metadata changed.
func mp4Boxes(t *testing.T, b []byte, start, end int, path string, out *[]string) {
	t.Helper()
	for pos := start; pos < end; {
		size := int(binary.BigEndian.Uint32(b[pos:]))
		typ := string(b[pos+4 : pos+8])
		header := 8
		if size == 1 {
			size, header = int(binary.BigEndian.Uint64(b[pos+8:])), 16
		}
		if size < header || pos+size > end {
			t.Fatalf("%s: box %q at %d does not parse", path, typ, pos)
		}
		if !mp4Metadata[typ] {
			*out = append(*out, fmt.Sprintf("%s/%s@%d+%d", path, typ, pos, size))
			if mp4Containers[typ] {
				mp4Boxes(t, b, pos+header, pos+size, path+"/"+typ, out)
			}
		}
		pos += size
	}
}

// mdatPayload returns the media data of an MP4 built by testMP4.
func mdatPayload(b []byte) []byte {
	i := bytes.Index(b, []byte("mdat"))
	if binary.BigEndian.Uint32(b[i-4:]) == 1 {
		return b[i+12:]
	}
	return b[i+4:]
}

func TestVideoMP4MetadataRemoved(t *testing.T) {
	for _, big := range []bool{false, true} {
		t.Run(fmt.Sprintf("largesize=%v", big), func(t *testing.T) {
			orig := testMP4(big)
			var before []string
			mp4Boxes(t, orig, 0, len(orig), "", &before)
			frames := append([]byte(nil), mdatPayload(orig)...)

			res, err := Video(append([]byte(nil), orig...), TypeMP4)
			if err != nil {
				t.Fatal(err)
			}
			got := res.Files[0].Body
			if len(got) != len(orig) {
				t.Fatalf("length %d, want %d", len(got), len(orig))
			}
			for _, secret := range []string{testLocation, "48.8577", "Pixel 7", "Grandmother", "xmpmeta", "\xa9xyz", "ilst"} {
				if bytes.Contains(got, []byte(secret)) {
					t.Errorf("%q is still in the video", secret)
				}
			}
			var after []string
			mp4Boxes(t, got, 0, len(got), "", &after)
			if strings.Join(after, " ") != strings.Join(before, " ") {
				t.Errorf("boxes changed:\n%v\n%v", before, after)
			}
			if !bytes.Equal(mdatPayload(got), frames) {
				t.Error("the media data changed")
			}
			// The chunk offset still points at the first frame.
			i := bytes.Index(got, []byte("stco"))
			if off := binary.BigEndian.Uint32(got[i+12:]); !bytes.HasPrefix(got[off:], []byte("frame-data")) {
				t.Errorf("chunk offset %d does not point at the frames", off)
			}
			if res.Files[0].Name != FileName(got, "mp4") {
				t.Error("the name does not follow the cleaned bytes")
			}
		})
	}
}

// ebml builds a Matroska element: its ID bytes, its size and payload.
func ebml(id uint32, children ...[]byte) []byte {
	payload := bytes.Join(children, nil)
	b := binary.BigEndian.AppendUint32(nil, id)
	for len(b) > 1 && b[0] == 0 {
		b = b[1:]
	}
	switch n := len(payload); {
	case n < 127:
		b = append(b, 0x80|byte(n))
	case n < 16383:
		b = append(b, 0x40|byte(n>>8), byte(n))
	default:
		b = append(append(b, 0x01), binary.BigEndian.AppendUint64(nil, uint64(n))[1:]...)
	}
	return append(b, payload...)
}

// ebmlUnknown builds an element of unknown size: its payload runs until
// an element of its parent's level.
func ebmlUnknown(id uint32, children ...[]byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, id)
	b = append(b, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF)
	return append(b, bytes.Join(children, nil)...)
}

// testWebM builds a small WebM as a phone or browser writes it: its Info
// names the program and a title, its Tags hold the place and the date it
// was recorded, and an Attachment holds a cover picture. With live set,
// the Segment and its Clusters have unknown sizes, as a browser's
// recorder writes them.
func testWebM(live bool) []byte {
	header := ebml(ebmlHeaderID, ebml(0x4286, []byte{1}), ebml(0x42F7, []byte{1}), ebml(0x4282, []byte("webm")))
	info := ebml(infoID, ebml(crc32ID, []byte{0xDE, 0xAD, 0xBE, 0xEF}), ebml(0x2AD7B1, []byte{0x0F, 0x42, 0x40}), ebml(muxingAppID, []byte("Lavf60")),
		ebml(writingAppID, []byte("Pixel 7 Camera")), ebml(titleID, []byte("Picnic at 12 Park Road")),
		ebml(dateUTCID, make([]byte, 8)))
	tracks := ebml(0x1654AE6B, ebml(0xAE, ebml(0xD7, []byte{1}), ebml(0x83, []byte{1}), ebml(0x86, []byte("V_VP9"))))
	block := ebml(0xA3, []byte("\x81\x00\x00\x80frame-data"))
	tags := ebml(tagsID, ebml(0x7373, ebml(0x67C8, ebml(0x45A3, []byte("LOCATION")), ebml(0x4487, []byte(testLocation))),
		ebml(0x67C8, ebml(0x45A3, []byte("DATE_RECORDED")), ebml(0x4487, []byte("2026-03-14")))))
	attachments := ebml(attachmentsID, ebml(0x61A7, ebml(0x466E, []byte("cover.jpg")), ebml(0x465C, bytes.Repeat([]byte("Pixel 7 "), 40))))
	if live {
		clusters := append(ebmlUnknown(clusterID, ebml(0xE7, []byte{0}), block), ebmlUnknown(clusterID, ebml(0xE7, []byte{40}), block)...)
		return append(header, ebmlUnknown(segmentID, info, tracks, clusters, tags, attachments)...)
	}
	cluster := ebml(clusterID, ebml(0xE7, []byte{0}), block)
	return append(header, ebml(segmentID, ebml(0xEC, make([]byte, 20)), info, tracks, cluster, tags, attachments)...)
}

// webmElements lists the top-level and Segment-level elements of b as
// id@offset, Tags and Attachments being left out (they become Void), and
// a Void's offset only.
func webmElements(t *testing.T, b []byte) []string {
	t.Helper()
	var out []string
	pos := 0
	for pos < len(b) {
		id, size, header, err := ebmlElement(b, pos, len(b))
		if err != nil {
			t.Fatalf("element at %d: %v", pos, err)
		}
		out = append(out, fmt.Sprintf("%x@%d", id, pos))
		if id != segmentID {
			pos += header + size
			continue
		}
		end := len(b)
		if size >= 0 {
			end = pos + header + size
		}
		for pos += header; pos < end; {
			id, size, header, err := ebmlElement(b, pos, end)
			if err != nil {
				t.Fatalf("segment element at %d: %v", pos, err)
			}
			entry := fmt.Sprintf("%x@%d+%d", id, pos, size)
			if size < 0 {
				// Void is an element of every level, so a Cluster of
				// unknown size now runs on over the Voids that follow
				// it: its frames are what the tests compare.
				entry = fmt.Sprintf("%x@%d+?", id, pos)
				if size, err = unknownCluster(b, pos+header, end); err != nil {
					t.Fatal(err)
				}
			}
			if !webmVoided[id] && id != voidID {
				out = append(out, entry)
			}
			pos += header + size
		}
	}
	return out
}

func TestVideoWebMMetadataRemoved(t *testing.T) {
	for _, live := range []bool{false, true} {
		t.Run(fmt.Sprintf("live=%v", live), func(t *testing.T) {
			orig := testWebM(live)
			before := webmElements(t, orig)
			res, err := Video(append([]byte(nil), orig...), TypeWebM)
			if err != nil {
				t.Fatal(err)
			}
			got := res.Files[0].Body
			if len(got) != len(orig) {
				t.Fatalf("length %d, want %d", len(got), len(orig))
			}
			for _, secret := range []string{testLocation, "LOCATION", "DATE_RECORDED", "2026-03-14", "Pixel 7", "Park Road", "cover.jpg", "Lavf60"} {
				if bytes.Contains(got, []byte(secret)) {
					t.Errorf("%q is still in the video", secret)
				}
			}
			if after := webmElements(t, got); strings.Join(after, " ") != strings.Join(before, " ") {
				t.Errorf("elements changed:\n%v\n%v", before, after)
			}
			if bytes.Contains(got, []byte{crc32ID, 0x84, 0xDE, 0xAD, 0xBE, 0xEF}) {
				t.Error("the Info's checksum no longer matches but is still there")
			}
			if bytes.Count(got, []byte("frame-data")) != bytes.Count(orig, []byte("frame-data")) ||
				!bytes.Contains(got, []byte("V_VP9")) {
				t.Error("the frames or tracks changed")
			}
			// Tags and Attachments are now Void elements where they were.
			for _, id := range []string{"\x12\x54\xc3\x67", "\x19\x41\xa4\x69"} {
				i := bytes.Index(orig, []byte(id))
				if got[i] != voidID {
					t.Errorf("element at %d is %x, not Void", i, got[i])
				}
				if _, _, _, err := ebmlElement(got, i, len(got)); err != nil {
					t.Errorf("Void at %d: %v", i, err)
				}
			}
			if _, err := Video(got, TypeWebM); err != nil {
				t.Errorf("a cleaned video is refused: %v", err)
			}
		})
	}
}

func TestToVoidKeepsLength(t *testing.T) {
	// Elements of every short length, and long ones, become Void elements
	// that cover exactly their bytes.
	for _, n := range []int{0, 1, 2, 3, 4, 5, 10, 126, 127, 300, 20000} {
		for _, id := range []uint32{tagsID, dateUTCID} {
			el := ebml(id, bytes.Repeat([]byte{'x'}, n))
			b := append(append([]byte(nil), el...), ebml(0xE7, []byte{1})...)
			toVoid(b, 0, len(el))
			gotID, size, header, err := ebmlElement(b, 0, len(b))
			if err != nil || gotID != voidID || header+size != len(el) ||
				!bytes.Equal(b[header:len(el)], make([]byte, size)) {
				t.Errorf("id %x payload %d: %x %d %d %v", id, n, gotID, size, header, err)
			}
		}
	}
}

func TestVideoUnreadableRefused(t *testing.T) {
	mp4 := testMP4(false)
	webm := testWebM(false)
	live := testWebM(true)
	nested := box("ftyp", []byte("isom\x00\x00\x02\x00"))
	deep := box("mvhd", make([]byte, 8))
	for i := 0; i < 20; i++ {
		deep = box("moov", deep)
	}
	nested = append(nested, deep...)
	tagsUnknown := append(append([]byte(nil), webm[:bytes.Index(webm, []byte{0x18, 0x53, 0x80, 0x67})]...),
		ebmlUnknown(segmentID, ebmlUnknown(tagsID, ebml(0x7373)))...)
	for _, tc := range []struct {
		name, ct string
		body     []byte
	}{
		{"mp4 cut short", TypeMP4, mp4[:len(mp4)-10]},
		{"mp4 trailing bytes", TypeMP4, append(append([]byte(nil), mp4...), 7, 7, 7)},
		{"mp4 box smaller than its header", TypeMP4, append(append([]byte(nil), mp4...), 0, 0, 0, 4, 'f', 'r', 'e', 'e')},
		{"mp4 largesize cut", TypeMP4, append(append([]byte(nil), mp4...), 0, 0, 0, 1, 'm', 'd', 'a', 't', 0, 0)},
		{"mp4 size past the end", TypeMP4, append(append([]byte(nil), mp4...), box("mdat", make([]byte, 10))[:12]...)},
		{"mp4 garbled", TypeMP4, append(mp4Head("isom"), bytes.Repeat([]byte{7}, 1000)...)},
		{"mp4 nested too deep", TypeMP4, nested},
		{"webm cut short", TypeWebM, webm[:len(webm)-5]},
		{"webm live cut in an element", TypeWebM, live[:len(live)-3]},
		{"webm header only, cut", TypeWebM, webmHead("webm")},
		{"webm garbled", TypeWebM, append(append([]byte(nil), webm...), 0, 0, 1)},
		{"webm unknown-size tags", TypeWebM, tagsUnknown},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Video(tc.body, tc.ct)
			var re *RefusedError
			if !errors.As(err, &re) || re.Message != MsgVideoUnreadable || re.TooLarge {
				t.Fatalf("not refused as unreadable: %v", err)
			}
		})
	}
}
