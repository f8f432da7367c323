package httpapi

import (
	"context"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/media"
	"spdc/internal/store"
)

// Uploads of pictures and videos for the site, and the files served from
// the database at /uploads/<hash>.<ext>.

const (
	// mediaUploadPath is the one route whose body may exceed maxBodyBytes.
	mediaUploadPath = "/api/admin/media"
	// maxMediaUploadBytes is the largest upload body: the largest video
	// plus room for the form's other field and headers. Pictures have
	// their own, smaller limit, checked while the file is read.
	maxMediaUploadBytes = media.MaxVideoBytes + 1<<20
	// mediaUploadReadTime is how long reading an upload may take: 50 MB
	// over a slow line needs more than other requests' read timeout.
	mediaUploadReadTime = 10 * time.Minute
	// mediaWorkTime bounds decoding, re-encoding and storing an upload
	// once it is read.
	mediaWorkTime = time.Minute
	// maxAltRunes bounds a picture's description.
	maxAltRunes = 500
	// maxUploadParts bounds the parts of an upload form (file and alt).
	maxUploadParts = 4
	// uploadChunk is how much of a stored file one database read returns
	// while it is served.
	uploadChunk = 4 << 20
)

var (
	msgAltRequired   = msgs.AdminDescribePictureForPeopleWhoCannot
	msgUploadForm    = msgs.AdminSendUploadAsFormMultipartForm
	msgUploadBroken  = msgs.AdminUploadWasCutOffOrNot
	msgUploadNoFile  = msgs.AdminChoosePictureOrVideoUpload
	msgUploadOneFile = msgs.AdminSendOneFileAtTime
)

// isMediaUpload reports whether r is an upload of media, which gets its
// own body limit and no API deadline while its body is read.
func isMediaUpload(r *http.Request) bool {
	return r.Method == http.MethodPost && r.URL.Path == mediaUploadPath
}

// bodyLimit is the largest body r may carry.
func bodyLimit(r *http.Request) int64 {
	switch {
	case isMediaUpload(r):
		return maxMediaUploadBytes
	case isBankImport(r):
		return maxImportBytes
	}
	return maxBodyBytes
}

// mediaRefusal turns a refused upload into its answer. While the body is
// read (reading), any other failure means a broken or cut-off form.
func mediaRefusal(err error, reading bool) error {
	var re *media.RefusedError
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &re) && re.TooLarge:
		return &Error{Status: http.StatusRequestEntityTooLarge, Msg: re.Say(), Fields: map[string]i18n.Msg{"file": re.Say()}}
	case errors.As(err, &re):
		return &Error{Status: http.StatusBadRequest, Msg: re.Say(), Fields: map[string]i18n.Msg{"file": re.Say()}}
	case errors.As(err, &tooBig):
		return errorf(http.StatusRequestEntityTooLarge, msgs.AdminVideoMayAtMostVideoMb.
			With("video", media.MaxVideoBytes>>20).With("picture", media.MaxImageBytes>>20))
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return err
	case reading:
		return &Error{Status: http.StatusBadRequest, Msg: msgUploadBroken, cause: err}
	}
	return err
}

// checkAlt returns the problem with a description, or a zero Msg.
func checkAlt(alt, kind string) i18n.Msg {
	switch {
	case !utf8.ValidString(alt):
		return msgs.FieldNotValidText
	case alt == "" && kind == media.KindImage:
		return msgAltRequired
	case utf8.RuneCountInString(alt) > maxAltRunes:
		return msgs.FieldMustAtMostNCharacters.With("n", maxAltRunes)
	case strings.IndexFunc(alt, func(r rune) bool { return unicode.IsControl(r) }) >= 0:
		return msgs.FieldMustOneLineText
	}
	return i18n.Msg{}
}

// uploadMedia answers POST /api/admin/media: a form with the file and its
// description (alt, required for a picture). The picture is checked,
// re-encoded and stored with its widths; a video is stored without its metadata.
// Answers 201 with the new media's reference.
func (s *Server) uploadMedia(w http.ResponseWriter, r *http.Request) error {
	// Only an admin gets here; their upload may take longer to arrive than
	// the server's timeouts allow, and the answer comes after the work.
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Now().Add(mediaUploadReadTime))
	_ = rc.SetWriteDeadline(time.Now().Add(mediaUploadReadTime + mediaWorkTime))
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" || params["boundary"] == "" {
		return errorf(http.StatusUnsupportedMediaType, msgUploadForm)
	}
	mr := multipart.NewReader(r.Body, params["boundary"])
	var (
		alt               string
		altSeen, fileSeen bool
		kind, contentType string
		body              []byte
	)
	for parts := 0; ; parts++ {
		p, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return mediaRefusal(err, true)
		}
		if parts >= maxUploadParts {
			return errorf(http.StatusBadRequest, msgUploadForm)
		}
		switch p.FormName() {
		case "alt":
			if altSeen {
				return errorf(http.StatusBadRequest, msgUploadForm)
			}
			altSeen = true
			b, err := io.ReadAll(io.LimitReader(p, maxAltRunes*4+1))
			if err != nil {
				return mediaRefusal(err, true)
			}
			if len(b) > maxAltRunes*4 {
				return &Error{Status: http.StatusBadRequest, Msg: msgs.ApiCorrectHighlightedFields,
					Fields: map[string]i18n.Msg{"alt": msgs.FieldMustAtMostNCharacters.With("n", maxAltRunes)}}
			}
			alt = strings.TrimSpace(string(b))
		case "file":
			if fileSeen {
				return errorf(http.StatusBadRequest, msgUploadOneFile)
			}
			fileSeen = true
			if kind, contentType, body, err = media.Read(p); err != nil {
				return mediaRefusal(err, true)
			}
		default:
			return &Error{Status: http.StatusBadRequest, Msg: msgUploadForm,
				Fields: map[string]i18n.Msg{p.FormName(): msgs.FieldNotFieldUpload}}
		}
	}
	if !fileSeen {
		return &Error{Status: http.StatusBadRequest, Msg: msgUploadNoFile, Fields: map[string]i18n.Msg{"file": msgUploadNoFile}}
	}
	if problem := checkAlt(alt, kind); !problem.IsZero() {
		msg := msgFixFields
		if problem.ID() == msgAltRequired.ID() {
			msg = msgAltRequired
		}
		return &Error{Status: http.StatusBadRequest, Msg: msg, Fields: map[string]i18n.Msg{"alt": problem}}
	}

	// The body is read: the work from here on gets a deadline of its own
	// (the route has none while its body arrives).
	ctx, cancel := context.WithTimeout(r.Context(), mediaWorkTime)
	defer cancel()
	var res *media.Result
	if kind == media.KindVideo {
		res, err = media.Video(body, contentType)
	} else {
		res, err = media.Image(ctx, body)
	}
	if err != nil {
		return mediaRefusal(err, false)
	}
	m := &store.Media{Kind: res.Kind, Alt: alt, Width: res.Width, Height: res.Height}
	for _, f := range res.Files {
		m.Files = append(m.Files, store.MediaFile{Name: f.Name, Width: f.Width, Height: f.Height, ContentType: f.ContentType, Body: f.Body})
	}
	var exists *store.MediaExistsError
	if err := s.store.AddMedia(ctx, m, adminActor(r)); errors.As(err, &exists) {
		what := msgs.LabelPicture
		if kind == media.KindVideo {
			what = msgs.LabelVideo
		}
		msg := msgs.MediaUploadedBefore.With("what", what)
		if exists.Alt != "" {
			msg = msgs.MediaUploadedBeforeAlt.With("what", what).With("alt", strconv.Quote(exists.Alt))
		}
		return errorf(http.StatusConflict, msg)
	} else if err != nil {
		return err
	}
	refs, err := s.store.MediaRefs(ctx, []string{m.ID})
	if err != nil {
		return err
	}
	s.logInfo(r, "media uploaded", "media_id", m.ID, "kind", m.Kind, "files", len(m.Files))
	writeJSON(w, r, http.StatusCreated, refs[m.ID])
	return nil
}

// listMedia answers GET /api/admin/media: every picture and video, newest
// first, with where the site uses each.
func (s *Server) listMedia(w http.ResponseWriter, r *http.Request) error {
	items, err := s.store.ListMedia(r.Context())
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"items": items})
	return nil
}

// updateMedia answers PUT /api/admin/media/{id}: a new description, from
// the version the admin saw.
func (s *Server) updateMedia(w http.ResponseWriter, r *http.Request) error {
	id, err := adminID(r)
	if err != nil {
		return err
	}
	var in struct {
		Alt     *string `json:"alt"`
		Version *int    `json:"__v"`
	}
	if err := decodeJSON(r, &in, true); err != nil {
		return err
	}
	fe := FieldErrors{}
	if in.Version == nil {
		fe.Add("__v", msgs.FieldRequiredSendVersionEdited)
	}
	if in.Alt == nil {
		fe.Add("alt", msgs.FieldRequired)
	}
	if err := fe.Err(); err != nil {
		return err
	}
	cur, err := s.store.MediaItemByID(r.Context(), id)
	if err != nil {
		return err
	}
	alt := strings.TrimSpace(*in.Alt)
	if problem := checkAlt(alt, cur.Kind); !problem.IsZero() {
		msg := msgFixFields
		if problem.ID() == msgAltRequired.ID() {
			msg = msgAltRequired
		}
		return &Error{Status: http.StatusBadRequest, Msg: msg, Fields: map[string]i18n.Msg{"alt": problem}}
	}
	if err := s.store.UpdateMediaAlt(r.Context(), id, alt, *in.Version, adminActor(r)); err != nil {
		return err
	}
	// The public site shows the alt text with the picture.
	s.site.invalidate()
	item, err := s.store.MediaItemByID(r.Context(), id)
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, item)
	return nil
}

// deleteMedia answers DELETE /api/admin/media/{id}: 204, or 409 naming
// where the site still shows it.
func (s *Server) deleteMedia(w http.ResponseWriter, r *http.Request) error {
	id, err := adminID(r)
	if err != nil {
		return err
	}
	var inUse *store.MediaInUseError
	err = s.store.DeleteMedia(r.Context(), id, adminActor(r))
	if errors.As(err, &inUse) {
		what := msgs.LabelPicture
		if item, ierr := s.store.MediaItemByID(r.Context(), id); ierr == nil && item.Kind == media.KindVideo {
			what = msgs.LabelVideo
		}
		return errorf(http.StatusConflict, msgs.AdminWhatUsedByUsersRemoveIt.With("what", what).With("users", strings.Join(inUse.UsedBy, ", ")))
	}
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// validUploadName reports whether name has the shape of a stored file's
// name: 32 lower-case hex digits and a known extension.
func validUploadName(name string) bool {
	hash, ext, ok := strings.Cut(name, ".")
	if !ok || len(hash) != 32 || strings.Trim(hash, "0123456789abcdef") != "" {
		return false
	}
	switch ext {
	case "jpg", "png", "mp4", "webm":
		return true
	}
	return false
}

// serveUpload answers GET /uploads/{name} from the database: the file
// with its type, cached for a year (its name changes with its bytes),
// with Range support for video players.
func (s *Server) serveUpload(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if !validUploadName(name) {
		http.NotFound(w, r)
		return
	}
	f, err := s.store.MediaFileInfo(r.Context(), name)
	if errors.Is(err, store.ErrNotFound) {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", f.ContentType)
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("ETag", `"`+strings.TrimSuffix(name, "."+ext(name))+`"`)
	http.ServeContent(w, r, "", time.Time{}, &storedFile{ctx: r.Context(), s: s.store, name: name, size: f.Size})
}

func ext(name string) string {
	_, e, _ := strings.Cut(name, ".")
	return e
}

// storedFile reads a file from the database a piece at a time, so a video
// is streamed without holding it whole in memory.
type storedFile struct {
	ctx  context.Context
	s    *store.Store
	name string
	size int64
	pos  int64
	buf  []byte // the piece starting at bufAt
	at   int64
}

func (f *storedFile) Read(p []byte) (int, error) {
	if f.pos >= f.size {
		return 0, io.EOF
	}
	if f.pos < f.at || f.pos >= f.at+int64(len(f.buf)) {
		b, err := f.s.MediaFileBytes(f.ctx, f.name, f.pos, uploadChunk)
		if err != nil {
			return 0, err
		}
		if len(b) == 0 {
			return 0, io.ErrUnexpectedEOF
		}
		f.buf, f.at = b, f.pos
	}
	n := copy(p, f.buf[f.pos-f.at:])
	f.pos += int64(n)
	return n, nil
}

func (f *storedFile) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	case io.SeekStart:
	case io.SeekCurrent:
		offset += f.pos
	case io.SeekEnd:
		offset += f.size
	default:
		return 0, errors.New("seek: bad whence")
	}
	if offset < 0 {
		return 0, errors.New("seek: negative position")
	}
	f.pos = offset
	return offset, nil
}
