package httpapi

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"spdc/internal/media"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// mediaPicture draws a w × h test picture; transparent pictures fade out
// to the right.
func mediaPicture(t *testing.T, w, h int, transparent bool) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			a := uint8(255)
			if transparent {
				a = uint8(255 - x*200/w)
			}
			img.SetNRGBA(x, y, color.NRGBA{uint8(x * 255 / w), uint8(y * 255 / h), 120, a})
		}
	}
	var b bytes.Buffer
	var err error
	if transparent {
		err = png.Encode(&b, img)
	} else {
		err = jpeg.Encode(&b, img, &jpeg.Options{Quality: 90})
	}
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// uploadPart is one part of an upload form.
type uploadPart struct {
	field, filename, contentType string
	body                         []byte
}

func uploadForm(t *testing.T, parts ...uploadPart) (body []byte, contentType string) {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for _, p := range parts {
		h := make(map[string][]string)
		disp := fmt.Sprintf(`form-data; name=%q`, p.field)
		if p.filename != "" {
			disp += fmt.Sprintf(`; filename=%q`, p.filename)
		}
		h["Content-Disposition"] = []string{disp}
		if p.contentType != "" {
			h["Content-Type"] = []string{p.contentType}
		}
		w, err := mw.CreatePart(h)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = w.Write(p.body)
	}
	_ = mw.Close()
	return b.Bytes(), mw.FormDataContentType()
}

func filePart(name, ctype string, body []byte) uploadPart {
	return uploadPart{field: "file", filename: name, contentType: ctype, body: body}
}

func altPart(alt string) uploadPart { return uploadPart{field: "alt", body: []byte(alt)} }

// mediaLocation is where a phone says a video was filmed.
const mediaLocation = "+48.8577+002.2950/"

// testVideoMP4 builds an MP4 of about n bytes of frames whose movie
// carries the location where it was filmed in a ©xyz box of its user
// data; cleaned, the user data is the free box of zeros it becomes.
func testVideoMP4(n int, cleaned bool) []byte {
	box := func(typ string, payload []byte) []byte {
		b := binary.BigEndian.AppendUint32(nil, uint32(8+len(payload)))
		return append(append(b, typ...), payload...)
	}
	ftyp := box("ftyp", []byte("isom\x00\x00\x02\x00isommp41"))
	udta := box("udta", box("\xa9xyz", []byte("\x00\x12\x15\xc7"+mediaLocation)))
	if cleaned {
		udta = box("free", make([]byte, len(udta)-8))
	}
	moov := box("moov", append(box("mvhd", make([]byte, 100)), udta...))
	return bytes.Join([][]byte{ftyp, moov, box("mdat", bytes.Repeat([]byte("frames"), n/6))}, nil)
}

// uploadMedia posts body to the media library as contentType.
func (e *env) uploadMedia(token, contentType string, body []byte) resp {
	e.t.Helper()
	return e.upload("/api/admin/media", token, string(body), contentType)
}

// mediaRows counts what an upload can change: media, their files and
// audit entries.
func (e *env) mediaRows(t *testing.T) string {
	t.Helper()
	var m, f, a int
	ctx := t.Context()
	_ = e.st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM media`).Scan(&m)
	_ = e.st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM media_files`).Scan(&f)
	_ = e.st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM audit_log`).Scan(&a)
	return fmt.Sprintf("media=%d files=%d audit=%d", m, f, a)
}

func decodeRef(t *testing.T, rec resp) store.MediaRef {
	t.Helper()
	var ref store.MediaRef
	if err := json.Unmarshal([]byte(rec.Raw), &ref); err != nil {
		t.Fatalf("%s: %v", rec.Raw, err)
	}
	return ref
}

func TestMediaUploadServeAndManage(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withAdminWorld(), withoutMail())

		// A photo: three widths, each served from the database.
		body, ct := uploadForm(t, altPart("  Children reading under a tree  "), filePart("photo.jpg", "image/jpeg", mediaPicture(t, 2000, 1200, false)))
		rec := e.uploadMedia(e.adminTok, ct, body)
		if rec.Status != http.StatusCreated {
			t.Fatalf("upload: %d %s", rec.Status, rec.Raw)
		}
		ref := decodeRef(t, rec)
		if ref.Kind != "image" || ref.Alt != "Children reading under a tree" || ref.Width != 1600 || ref.Height != 960 ||
			ref.Type != "image/jpeg" || strings.Count(ref.Srcset, "/uploads/") != 3 || !strings.HasSuffix(ref.Srcset, ref.Src+" 1600w") {
			t.Fatalf("ref: %+v", ref)
		}
		served := do(e.h, http.MethodGet, ref.Src, nil, nil)
		if served.Code != http.StatusOK || served.Header().Get("Content-Type") != "image/jpeg" ||
			served.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" ||
			served.Header().Get("X-Content-Type-Options") != "nosniff" || served.Header().Get("ETag") == "" {
			t.Fatalf("serve: %d %v", served.Code, served.Header())
		}
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(served.Body.Bytes()))
		if err != nil || cfg.Width != 1600 {
			t.Fatalf("served picture: %+v %v", cfg, err)
		}
		// The site's security headers do not stop a page of the site from
		// showing it: the policy allows pictures and videos of the site.
		csp := served.Header().Get("Content-Security-Policy")
		if !strings.Contains(csp, "img-src 'self'") || !strings.Contains(csp, "media-src 'self'") {
			t.Fatalf("policy: %s", csp)
		}
		if rec := do(e.h, http.MethodGet, ref.Src, nil, map[string]string{"If-None-Match": served.Header().Get("ETag")}); rec.Code != http.StatusNotModified {
			t.Fatalf("If-None-Match: %d", rec.Code)
		}
		part := do(e.h, http.MethodGet, ref.Src, nil, map[string]string{"Range": "bytes=0-9"})
		if part.Code != http.StatusPartialContent || part.Body.Len() != 10 || !bytes.Equal(part.Body.Bytes(), served.Body.Bytes()[:10]) {
			t.Fatalf("range: %d %d", part.Code, part.Body.Len())
		}
		for _, path := range []string{"/uploads/0123456789abcdef0123456789abcdef.jpg", "/uploads/a/b.jpg", "/uploads/x.jpg",
			"/uploads/" + strings.TrimPrefix(ref.Src, "/uploads/") + "x", "/uploads/" + strings.ToUpper(strings.TrimPrefix(ref.Src, "/uploads/"))} {
			if rec := do(e.h, http.MethodGet, path, nil, nil); rec.Code != http.StatusNotFound {
				t.Errorf("%s: %d", path, rec.Code)
			}
		}

		// A PNG named .jpg is judged by its bytes: accepted, and kept a
		// PNG because it has transparency.
		body, ct = uploadForm(t, filePart("logo.jpg", "image/jpeg", mediaPicture(t, 300, 200, true)), altPart("The charity's logo"))
		rec = e.uploadMedia(e.adminTok, ct, body)
		if rec.Status != http.StatusCreated {
			t.Fatalf("png named jpg: %d %s", rec.Status, rec.Raw)
		}
		logo := decodeRef(t, rec)
		if logo.Type != "image/png" || !strings.HasSuffix(logo.Src, ".png") || logo.Width != 300 {
			t.Fatalf("png ref: %+v", logo)
		}
		if rec := do(e.h, http.MethodGet, logo.Src, nil, nil); rec.Header().Get("Content-Type") != "image/png" {
			t.Fatalf("png served as %q", rec.Header().Get("Content-Type"))
		}

		// A video needs no description and loses its metadata: the place
		// it was filmed becomes zeros, every other byte stays where it
		// was, and the stored file is named by the cleaned bytes. Players
		// get ranges.
		uploaded := testVideoMP4(30000, false)
		video := testVideoMP4(30000, true)
		body, ct = uploadForm(t, filePart("banner.mp4", "application/octet-stream", uploaded))
		rec = e.uploadMedia(e.adminTok, ct, body)
		if rec.Status != http.StatusCreated {
			t.Fatalf("video: %d %s", rec.Status, rec.Raw)
		}
		vref := decodeRef(t, rec)
		if vref.Kind != "video" || vref.Type != "video/mp4" || vref.Srcset != "" || !strings.HasSuffix(vref.Src, ".mp4") {
			t.Fatalf("video ref: %+v", vref)
		}
		if want := "/uploads/" + media.FileName(video, "mp4"); vref.Src != want {
			t.Fatalf("video stored as %s, want %s", vref.Src, want)
		}
		if whole := do(e.h, http.MethodGet, vref.Src, nil, nil); !bytes.Equal(whole.Body.Bytes(), video) || bytes.Contains(whole.Body.Bytes(), []byte(mediaLocation)) {
			t.Fatalf("the served video is not the cleaned one (%d bytes)", whole.Body.Len())
		}
		vpart := do(e.h, http.MethodGet, vref.Src, nil, map[string]string{"Range": "bytes=100-"})
		if vpart.Code != http.StatusPartialContent || !bytes.Equal(vpart.Body.Bytes(), video[100:]) || vpart.Header().Get("Content-Type") != "video/mp4" {
			t.Fatalf("video range: %d %d", vpart.Code, vpart.Body.Len())
		}
		if head := do(e.h, http.MethodHead, vref.Src, nil, nil); head.Code != http.StatusOK || head.Header().Get("Content-Length") != fmt.Sprint(len(video)) {
			t.Fatalf("HEAD: %d %v", head.Code, head.Header())
		}

		// The same picture again is refused.
		before := e.mediaRows(t)
		body, ct = uploadForm(t, altPart("Again"), filePart("photo.jpg", "image/jpeg", mediaPicture(t, 2000, 1200, false)))
		if rec := e.uploadMedia(e.adminTok, ct, body); rec.Status != http.StatusConflict || !strings.Contains(rec.message(), "Children reading") {
			t.Fatalf("same upload: %d %s", rec.Status, rec.Raw)
		}
		if after := e.mediaRows(t); after != before {
			t.Fatalf("refused upload changed %s to %s", before, after)
		}

		// The list: newest first, with versions and uses.
		item := &store.SiteItem{Collection: "team", Language: "en", Published: true,
			Fields: map[string]any{"name": "Asha Devi", "role": "Coordinator", "photo": ref.ID}}
		if err := st.AddSiteItem(t.Context(), item, store.Actor{ID: "test", Email: "test@spdc.example"}); err != nil {
			t.Fatal(err)
		}
		rec = e.call(http.MethodGet, "/api/admin/media", nil, e.adminTok)
		var list struct{ Items []store.MediaItem }
		if rec.Status != http.StatusOK || json.Unmarshal([]byte(rec.Raw), &list) != nil || len(list.Items) != 3 {
			t.Fatalf("list: %d %s", rec.Status, rec.Raw)
		}
		if list.Items[0].ID != vref.ID || list.Items[2].ID != ref.ID || list.Items[2].UsedBy[0] != "Team — Asha Devi" ||
			list.Items[2].CreatedAt.IsZero() || list.Items[2].Srcset != ref.Srcset || len(list.Items[0].UsedBy) != 0 {
			t.Fatalf("list items: %+v", list.Items)
		}
		if !strings.Contains(rec.Raw, `"usedBy":[]`) || !strings.Contains(rec.Raw, `"__v":0`) {
			t.Fatalf("list JSON: %s", rec.Raw)
		}

		// New description, from the version seen.
		rec = e.call(http.MethodPut, "/api/admin/media/"+ref.ID, map[string]any{"alt": "Children reading in the shade", "__v": 0}, e.adminTok)
		if rec.Status != http.StatusOK || !strings.Contains(rec.Raw, `"alt":"Children reading in the shade"`) || !strings.Contains(rec.Raw, `"__v":1`) {
			t.Fatalf("alt: %d %s", rec.Status, rec.Raw)
		}
		before = e.mediaRows(t)
		for _, c := range []struct {
			body any
			code int
			want string
		}{
			{map[string]any{"alt": "Stale", "__v": 0}, http.StatusConflict, "changed by someone else"},
			{map[string]any{"alt": "  ", "__v": 1}, http.StatusBadRequest, msgAltRequired.En()},
			{map[string]any{"alt": "No version"}, http.StatusBadRequest, "Version is required"},
			{map[string]any{"alt": "x", "__v": 1, "width": 5}, http.StatusBadRequest, "Width is not a field that can be set."},
			{map[string]any{"alt": strings.Repeat("a", 501), "__v": 1}, http.StatusBadRequest, "Description must be at most 500 characters."},
			{"not json", http.StatusBadRequest, "not valid JSON"},
		} {
			if rec := e.call(http.MethodPut, "/api/admin/media/"+ref.ID, c.body, e.adminTok); rec.Status != c.code || !strings.Contains(rec.message(), c.want) {
				t.Errorf("PUT %v: %d %s", c.body, rec.Status, rec.Raw)
			}
		}
		if rec := e.call(http.MethodPut, "/api/admin/media/"+store.NewID(st.Now()), map[string]any{"alt": "x", "__v": 0}, e.adminTok); rec.Status != http.StatusNotFound {
			t.Errorf("PUT unknown: %d", rec.Status)
		}
		if rec := e.call(http.MethodPut, "/api/admin/media/nope", map[string]any{"alt": "x", "__v": 0}, e.adminTok); rec.Status != http.StatusBadRequest {
			t.Errorf("PUT bad id: %d", rec.Status)
		}
		if after := e.mediaRows(t); after != before {
			t.Fatalf("refused changes of the description changed %s to %s", before, after)
		}
		// A video's description may be empty.
		if rec := e.call(http.MethodPut, "/api/admin/media/"+vref.ID, map[string]any{"alt": "", "__v": 0}, e.adminTok); rec.Status != http.StatusOK {
			t.Errorf("video alt: %d %s", rec.Status, rec.Raw)
		}
		before = e.mediaRows(t)

		// Deleting a picture the site shows is refused, naming where.
		rec = e.call(http.MethodDelete, "/api/admin/media/"+ref.ID, nil, e.adminTok)
		if rec.Status != http.StatusConflict || rec.message() != "This picture is used by: Team — Asha Devi. Remove it there first." {
			t.Fatalf("delete in use: %d %s", rec.Status, rec.Raw)
		}
		if after := e.mediaRows(t); after != before {
			t.Fatalf("refused delete changed %s to %s", before, after)
		}
		if rec := do(e.h, http.MethodGet, ref.Src, nil, nil); rec.Code != http.StatusOK {
			t.Fatal("refused delete removed the file")
		}
		if err := st.DeleteSiteItem(t.Context(), "team", item.ID, store.Actor{ID: "test", Email: "test@spdc.example"}); err != nil {
			t.Fatal(err)
		}
		if rec := e.call(http.MethodDelete, "/api/admin/media/"+ref.ID, nil, e.adminTok); rec.Status != http.StatusNoContent || len(rec.Raw) != 0 {
			t.Fatalf("delete: %d %s", rec.Status, rec.Raw)
		}
		for _, src := range strings.Split(ref.Srcset, ", ") {
			if rec := do(e.h, http.MethodGet, strings.Fields(src)[0], nil, nil); rec.Code != http.StatusNotFound {
				t.Fatalf("deleted file still served: %s %d", src, rec.Code)
			}
		}
		if rec := e.call(http.MethodDelete, "/api/admin/media/"+ref.ID, nil, e.adminTok); rec.Status != http.StatusNotFound {
			t.Fatalf("delete again: %d", rec.Status)
		}
		var audited int
		_ = st.Reader().QueryRowContext(t.Context(), `SELECT COUNT(*) FROM audit_log WHERE entity = 'media' AND actor_id = ?`, e.adminID).Scan(&audited)
		if audited != 6 { // three uploads, two alt changes, one delete
			t.Fatalf("audit entries: %d", audited)
		}

		// Only admins.
		for _, tok := range []string{"", e.userTok} {
			want := http.StatusUnauthorized
			if tok != "" {
				want = http.StatusForbidden
			}
			body, ct := uploadForm(t, altPart("x"), filePart("a.jpg", "", mediaPicture(t, 50, 50, false)))
			if rec := e.uploadMedia(tok, ct, body); rec.Status != want {
				t.Errorf("upload as %q: %d", tok, rec.Status)
			}
			for _, m := range []string{http.MethodGet} {
				if rec := e.call(m, "/api/admin/media", nil, tok); rec.Status != want {
					t.Errorf("%s as %q: %d", m, tok, rec.Status)
				}
			}
			if rec := e.call(http.MethodPut, "/api/admin/media/"+vref.ID, map[string]any{"alt": "x", "__v": 1}, tok); rec.Status != want {
				t.Errorf("PUT as %q: %d", tok, rec.Status)
			}
			if rec := e.call(http.MethodDelete, "/api/admin/media/"+vref.ID, nil, tok); rec.Status != want {
				t.Errorf("DELETE as %q: %d", tok, rec.Status)
			}
		}
	})
}

// TestMediaUploadRefusals sends every kind of bad upload: each gets a
// clear 4xx and changes nothing.
func TestMediaUploadRefusals(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withAdminWorld(), withoutMail())
		good := mediaPicture(t, 400, 300, false)
		bomb := bombPNG(12000, 12000)
		truncated := good[:len(good)/2]
		oversize := append(append([]byte{}, good...), make([]byte, 10<<20)...)
		form := func(parts ...uploadPart) func() (int, []byte, string) {
			return func() (int, []byte, string) {
				b, ct := uploadForm(t, parts...)
				return 0, b, ct
			}
		}
		raw := func(ct string, body string) func() (int, []byte, string) {
			return func() (int, []byte, string) { return 0, []byte(body), ct }
		}
		cases := []struct {
			name string
			make func() (int, []byte, string)
			code int
			want string
		}{
			{"html named jpg", form(altPart("x"), filePart("cat.jpg", "image/jpeg", []byte("<!DOCTYPE html><html><script>alert(1)</script></html>"))), 400, "web page (HTML)"},
			{"svg", form(altPart("x"), filePart("logo.svg", "image/svg+xml", []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`))), 400, "SVG"},
			{"gif", form(altPart("x"), filePart("a.gif", "image/gif", []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"))), 400, "GIF"},
			{"decompression bomb", form(altPart("x"), filePart("bomb.png", "image/png", bomb)), 400, "megapixels"},
			{"empty file", form(altPart("x"), filePart("e.jpg", "image/jpeg", nil)), 400, "empty"},
			{"truncated", form(altPart("x"), filePart("t.jpg", "image/jpeg", truncated)), 400, "damaged or incomplete"},
			{"over 10 MB", form(altPart("x"), filePart("big.jpg", "image/jpeg", oversize)), 413, "at most 10 MB"},
			{"missing alt", form(filePart("p.jpg", "image/jpeg", good)), 400, msgAltRequired.En()},
			{"blank alt", form(altPart(" \t "), filePart("p.jpg", "image/jpeg", good)), 400, msgAltRequired.En()},
			{"alt too long", form(altPart(strings.Repeat("é", 501)), filePart("p.jpg", "image/jpeg", good)), 400, "Description must be at most 500 characters."},
			{"alt far too long", form(altPart(strings.Repeat("a", 5000)), filePart("p.jpg", "image/jpeg", good)), 400, "Description must be at most 500 characters."},
			{"alt with control", form(altPart("a\x00b"), filePart("p.jpg", "image/jpeg", good)), 400, "Description must be one line of text."},
			{"no file", form(altPart("x")), 400, msgUploadNoFile.En()},
			{"two files", form(altPart("x"), filePart("a.jpg", "", good), filePart("b.jpg", "", good)), 400, msgUploadOneFile.En()},
			{"two alts", form(altPart("x"), altPart("y"), filePart("a.jpg", "", good)), 400, msgUploadForm.En()},
			{"other field", form(altPart("x"), uploadPart{field: "kind", body: []byte("video")}, filePart("a.jpg", "", good)), 400, msgUploadForm.En()},
			{"many parts", form(uploadPart{field: "alt"}, uploadPart{field: "alt"}, uploadPart{field: "alt"}, uploadPart{field: "alt"}, uploadPart{field: "alt"}), 400, msgUploadForm.En()},
			{"json", raw("application/json", `{"file":"x"}`), 415, msgUploadForm.En()},
			{"no boundary", raw("multipart/form-data", "--x\r\n"), 415, msgUploadForm.En()},
			{"no content type", raw("", "--x\r\n"), 415, msgUploadForm.En()},
			{"cut off", raw("multipart/form-data; boundary=XYZ", "--XYZ\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\n\xff\xd8\xff\xe0partial"), 400, msgUploadBroken.En()},
			{"garbage", raw("multipart/form-data; boundary=XYZ", "this is not a form at all"), 400, msgUploadNoFile.En()},
			{"video cut short", form(filePart("v.mp4", "video/mp4", testVideoMP4(3000, false)[:2000])), 400, media.MsgVideoUnreadable},
			{"video with trailing bytes", form(filePart("v.mp4", "video/mp4", append(testVideoMP4(3000, false), 1, 2, 3))), 400, media.MsgVideoUnreadable},
			{"webm cut short", form(filePart("v.webm", "video/webm", []byte("\x1a\x45\xdf\xa3\x87\x42\x82\x84webm\x18\x53\x80\x67\x88\x15"))), 400, media.MsgVideoUnreadable},
			{"bad header", raw("multipart/form-data; boundary=XYZ", "--XYZ\r\nno colon here\r\n\r\nx\r\n--XYZ--\r\n"), 400, msgUploadBroken.En()},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				before := e.mediaRows(t)
				_, body, ct := c.make()
				rec := e.uploadMedia(e.adminTok, ct, body)
				if rec.Status != c.code || !strings.Contains(rec.message(), c.want) {
					t.Fatalf("%d %s", rec.Status, rec.Raw)
				}
				if after := e.mediaRows(t); after != before {
					t.Fatalf("changed %s to %s", before, after)
				}
			})
		}

		// The refusal of a video that cannot be cleaned is in the admin's
		// language.
		for lang, want := range map[string]string{"hi": "वीडियो की बनावट", "bn": "ভিডিওর গঠন"} {
			b, ct := uploadForm(t, filePart("v.mp4", "video/mp4", testVideoMP4(3000, false)[:2000]))
			rec := do(e.h, http.MethodPost, "/api/admin/media", bytes.NewReader(b),
				map[string]string{"Content-Type": ct, "Authorization": "Bearer " + e.adminTok, "Accept-Language": lang})
			if rec.Code != http.StatusBadRequest || !strings.Contains(adminMsg(rec), want) {
				t.Errorf("%s: %d %s", lang, rec.Code, rec.Body)
			}
		}

		// A declared length over the upload's limit is refused before
		// anything is read; every other route keeps its 1 MiB limit.
		req := httptest.NewRequest(http.MethodPost, "/api/admin/media", strings.NewReader("x"))
		req.ContentLength = 52 << 20
		req.Header.Set("Authorization", "Bearer "+e.adminTok)
		rec := httptest.NewRecorder()
		e.h.ServeHTTP(rec, req)
		if rec.Code != http.StatusRequestEntityTooLarge {
			t.Fatalf("declared 52 MB: %d", rec.Code)
		}
		big := bytes.Repeat([]byte("a"), 2<<20)
		for _, path := range []string{"/api/contact", "/api/admin/referrers", "/api/admin/media/" + store.NewID(st.Now())} {
			method := http.MethodPost
			if strings.HasPrefix(path, "/api/admin/media/") {
				method = http.MethodPut
			}
			if rec := do(e.h, method, path, bytes.NewReader(big), map[string]string{"Authorization": "Bearer " + e.adminTok, "Content-Type": "application/json"}); rec.Code != http.StatusRequestEntityTooLarge {
				t.Errorf("%s with 2 MB: %d", path, rec.Code)
			}
		}
		// A body longer than the upload's limit without a declared length
		// is cut at the limit.
		huge := io.MultiReader(strings.NewReader("--XYZ\r\nContent-Disposition: form-data; name=\"alt\"\r\n\r\n"), &zeroReader{n: 60 << 20})
		req = httptest.NewRequest(http.MethodPost, "/api/admin/media", huge)
		req.ContentLength = -1
		req.Header.Set("Content-Type", "multipart/form-data; boundary=XYZ")
		req.Header.Set("Authorization", "Bearer "+e.adminTok)
		rec = httptest.NewRecorder()
		e.h.ServeHTTP(rec, req)
		if rec.Code != http.StatusBadRequest && rec.Code != http.StatusRequestEntityTooLarge {
			t.Fatalf("endless alt: %d %s", rec.Code, rec.Body)
		}
		if n := e.mediaRows(t); !strings.HasPrefix(n, "media=0 files=0") {
			t.Fatalf("refusals stored something: %s", n)
		}
	})
}

type zeroReader struct{ n int }

func (z *zeroReader) Read(p []byte) (int, error) {
	if z.n <= 0 {
		return 0, io.EOF
	}
	k := min(len(p), z.n)
	clear(p[:k])
	z.n -= k
	return k, nil
}

// bombPNG is a PNG of a few bytes whose header declares w × h pixels.
func bombPNG(w, h int) []byte {
	img := image.NewGray(image.Rect(0, 0, 1, 1))
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	out := b.Bytes()
	// IHDR starts at byte 16: width, height (big-endian); its CRC follows
	// the 13 bytes of data and must be recomputed.
	put := func(at int, v uint32) {
		out[at], out[at+1], out[at+2], out[at+3] = byte(v>>24), byte(v>>16), byte(v>>8), byte(v)
	}
	put(16, uint32(w))
	put(20, uint32(h))
	put(29, crc32.ChecksumIEEE(out[12:29]))
	return out
}
