package httpapi

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/store"
)

// Error is an error with a public message and status code. Handlers return
// it through writeError; everything else becomes a 500 without details.
type Error struct {
	Status     int
	Msg        i18n.Msg            // written in the request's language
	Fields     map[string]i18n.Msg // for 400: field -> what is wrong
	RetryAfter time.Duration       // for 429
	// Code, when set, names the case for the web app (answered as
	// "code"), which shows its own help for it.
	Code string
	// Current is, for a 409 of an edit made from an old version, the
	// record as it is now stored (its __v the version now), and
	// SentVersion the version the edit was made from.
	Current     any
	SentVersion *int
	cause       error
}

func (e *Error) Error() string {
	if e.cause != nil {
		return fmt.Sprintf("%d %s: %v", e.Status, e.Msg.En(), e.cause)
	}
	return fmt.Sprintf("%d %s", e.Status, e.Msg.En())
}

func (e *Error) Unwrap() error { return e.cause }

// errorf builds an *Error with a public message.
func errorf(status int, m i18n.Msg) *Error {
	return &Error{Status: status, Msg: m}
}

// FieldErrors collects validation problems, field name -> message. A
// non-empty FieldErrors is an error answered with 400.
type FieldErrors map[string]i18n.Msg

// Add records the first problem of a field.
func (f FieldErrors) Add(field string, msg i18n.Msg) {
	if _, ok := f[field]; !ok {
		f[field] = msg
	}
}

// Err returns nil when there are no problems, else a 400 *Error.
func (f FieldErrors) Err() error {
	if len(f) == 0 {
		return nil
	}
	return &Error{Status: http.StatusBadRequest, Fields: f}
}

func (f FieldErrors) Error() string {
	en := make(map[string]string, len(f))
	for k, m := range f {
		en[k] = m.Phrase()
	}
	return fmt.Sprintf("invalid fields: %v", en)
}

// writeJSON writes v as JSON with status, in the request's language: a
// "message" member of an object answer that is an i18n.Msg is written in
// the language of Accept-Language (English when absent or unknown), which
// Content-Language names; a refusal's key goes beside it as "messageKey",
// so that the web app can tell refusals apart without reading English.
func writeJSON(w http.ResponseWriter, r *http.Request, status int, v any) {
	lang := i18n.FromRequest(r)
	if m, ok := v.(map[string]any); ok {
		if msg, ok := m["message"].(i18n.Msg); ok {
			m["message"] = msg.In(lang)
			if id := msg.ID(); id != "" && status >= 400 {
				m["messageKey"] = id
			}
		}
	}
	var body bytes.Buffer
	_ = json.NewEncoder(&body).Encode(v)
	hdr := w.Header()
	hdr.Set("Content-Type", "application/json; charset=utf-8")
	hdr.Set("Content-Language", lang)
	hdr.Add("Vary", "Accept-Encoding")
	out := body.Bytes()
	if gz, ok := gzipJSON(out, r.Header.Get("Accept-Encoding")); ok {
		hdr.Set("Content-Encoding", "gzip")
		out = gz
	}
	w.WriteHeader(status)
	_, _ = w.Write(out)
}

// jsonGzipAbove is the size from which a JSON answer is sent compressed:
// below it the answer fits in a packet or two anyway. The dashboard's tabs
// (every field's labels and rules) are about 50 KB, about 7 KB compressed,
// and the first screen waits for them on a phone's slow connection.
const jsonGzipAbove = 1400

// gzipJSON is body compressed with gzip when it is big enough to gain and
// the client accepts gzip (accept is its Accept-Encoding). The fastest
// level: JSON shrinks nearly as much with it, and the largest answers (a
// whole list) stay cheap to compress. The API's credentials travel in a
// header the browser never adds by itself, so a page of another site
// cannot have a signed-in answer compressed with words of its own beside
// a secret (BREACH).
func gzipJSON(body []byte, accept string) ([]byte, bool) {
	if len(body) < jsonGzipAbove || !acceptsEncoding(accept, "gzip") {
		return nil, false
	}
	gz, err := gzipBytes(body, gzip.BestSpeed)
	return gz, err == nil
}

// writeMessage writes {"message": msg}.
func writeMessage(w http.ResponseWriter, r *http.Request, status int, msg i18n.Msg) {
	writeJSON(w, r, status, map[string]any{"message": msg})
}

// writeError is the one place that turns an error into a response. Known
// errors keep their public message; anything else is logged with the request
// id and answered as a bare 500.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	var apiErr *Error
	var fe FieldErrors
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &apiErr):
	case errors.As(err, &fe):
		apiErr = fe.Err().(*Error)
	case errors.As(err, &tooBig):
		apiErr = errorf(http.StatusRequestEntityTooLarge, msgs.ApiRequestTooLarge)
	case errors.Is(err, store.ErrNotFound):
		apiErr = errorf(http.StatusNotFound, msgs.ApiNotFound)
	case errors.Is(err, store.ErrConflict):
		apiErr = errorf(http.StatusConflict, msgs.ApiRecordWasChangedBySomeoneElse)
	case errors.Is(err, context.DeadlineExceeded) || isUnavailable(err):
		s.log.ErrorContext(r.Context(), "database unavailable", "err", err, "request_id", requestID(r.Context()))
		w.Header().Set("Retry-After", "5")
		apiErr = errorf(http.StatusServiceUnavailable, msgs.ApiServiceBrieflyUnavailableTryAgainIn)
	default:
		s.log.ErrorContext(r.Context(), "internal error", "err", err, "method", r.Method, "path", loggedPath(r), "request_id", requestID(r.Context()))
		apiErr = errorf(http.StatusInternalServerError, msgs.ApiSomethingWentWrongOnOurSide)
	}
	if apiErr.Status >= 500 && apiErr.Status != http.StatusServiceUnavailable && apiErr.cause != nil {
		s.log.ErrorContext(r.Context(), "server error", "err", apiErr.cause, "request_id", requestID(r.Context()))
	}
	if apiErr.RetryAfter > 0 {
		secs := int(apiErr.RetryAfter.Round(time.Second) / time.Second)
		if secs < 1 {
			secs = 1
		}
		w.Header().Set("Retry-After", strconv.Itoa(secs))
	}
	lang := i18n.FromRequest(r)
	body := map[string]any{"message": apiErr.Msg}
	if apiErr.Code != "" {
		body["code"] = apiErr.Code
	}
	if len(apiErr.Fields) > 0 {
		body["errors"] = localFields(lang, apiErr.Fields)
		// A generic message becomes one that names what to fix.
		if apiErr.Msg.IsZero() || apiErr.Msg.ID() == msgFixFields.ID() {
			body["message"] = fieldsMessage(lang, apiErr.Fields)
		}
	}
	if apiErr.Current != nil {
		body["current"] = apiErr.Current
		body["sentVersion"] = apiErr.SentVersion
	}
	writeJSON(w, r, apiErr.Status, body)
}

// isUnavailable reports whether err means the database cannot be reached,
// so the client gets a quick 503 instead of a 500.
func isUnavailable(err error) bool {
	if err == nil {
		return false
	}
	msg := err.Error()
	for _, s := range []string{"connection refused", "failed to connect", "broken pipe", "connection reset", "sql: database is closed", "the database system is shutting down", "terminating connection", "conn closed", "unexpected EOF"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

// decodeJSON reads one JSON object from the body into dst. strict refuses
// fields dst does not have. Errors are 400/413 *Error values with a plain
// explanation.
func decodeJSON(r *http.Request, dst any, strict bool) error {
	ct := r.Header.Get("Content-Type")
	if ct != "" && !strings.HasPrefix(strings.ToLower(ct), "application/json") {
		return errorf(http.StatusUnsupportedMediaType, msgs.ApiSendRequestAsJsonContentType)
	}
	dec := json.NewDecoder(r.Body)
	if strict {
		dec.DisallowUnknownFields()
	}
	if err := dec.Decode(dst); err != nil {
		var tooBig *http.MaxBytesError
		var typeErr *json.UnmarshalTypeError
		var syntaxErr *json.SyntaxError
		switch {
		case errors.As(err, &tooBig):
			return errorf(http.StatusRequestEntityTooLarge, msgs.ApiRequestTooLarge)
		case errors.Is(err, io.EOF):
			return errorf(http.StatusBadRequest, msgs.ApiRequestBodyEmpty)
		case errors.As(err, &typeErr):
			field := typeErr.Field
			if field == "" {
				return errorf(http.StatusBadRequest, msgs.ApiRequestBodyMustJsonObject)
			}
			return &Error{Status: http.StatusBadRequest, Msg: msgFixFields,
				Fields: map[string]i18n.Msg{field: msgs.FieldHasWrongType}}
		case errors.As(err, &syntaxErr), errors.Is(err, io.ErrUnexpectedEOF):
			return errorf(http.StatusBadRequest, msgs.ApiRequestBodyNotValidJson)
		case strings.HasPrefix(err.Error(), "json: unknown field "):
			name := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
			return &Error{Status: http.StatusBadRequest, Msg: msgFixFields,
				Fields: map[string]i18n.Msg{name: msgs.FieldNotFieldThatCanSet}}
		default:
			return errorf(http.StatusBadRequest, msgs.ApiRequestBodyNotValidJson)
		}
	}
	if dec.More() {
		return errorf(http.StatusBadRequest, msgs.ApiRequestBodyMustHoldOneJson)
	}
	return nil
}

// logAttrs is a helper for handlers that want to log with the request id.
func (s *Server) logInfo(r *http.Request, msg string, args ...any) {
	s.log.InfoContext(r.Context(), msg, append(args, slog.String("request_id", requestID(r.Context())))...)
}

// handlerFunc is a handler that returns its failure instead of answering
// it: handle wraps it, in routes.go, so that every error reaches
// writeError by one path.
type handlerFunc func(w http.ResponseWriter, r *http.Request) error

// handle turns a handlerFunc into an http.HandlerFunc. The request's
// context carries the request's language (i18n.FromContext), for the code
// that has a context and no request.
func (s *Server) handle(h handlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		r = r.WithContext(i18n.WithLang(r.Context(), i18n.FromRequest(r)))
		if err := h(w, r); err != nil {
			s.writeError(w, r, err)
		}
	}
}
