package httpapi

import (
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
	"spdc/internal/store"
)

// Error is an error with a public message and status code. Handlers return
// it through writeError; everything else becomes a 500 without details.
type Error struct {
	Status     int
	Message    string
	Fields     map[string]string // for 400: field -> what is wrong
	RetryAfter time.Duration     // for 429
	// Current is, for a 409 of an edit made from an old version, the
	// record as it is now stored (its __v the version now), and
	// SentVersion the version the edit was made from.
	Current     any
	SentVersion *int
	// Code, when set, names the case for the web app (answered as
	// "code"), which shows its own help for it.
	Code  string
	cause error
}

func (e *Error) Error() string {
	if e.cause != nil {
		return fmt.Sprintf("%d %s: %v", e.Status, e.Message, e.cause)
	}
	return fmt.Sprintf("%d %s", e.Status, e.Message)
}

func (e *Error) Unwrap() error { return e.cause }

// errorf builds an *Error with a public message.
func errorf(status int, format string, args ...any) *Error {
	return &Error{Status: status, Message: fmt.Sprintf(format, args...)}
}

// FieldErrors collects validation problems, field name -> message. A
// non-empty FieldErrors is an error answered with 400.
type FieldErrors map[string]string

// Add records the first problem of a field.
func (f FieldErrors) Add(field, msg string) {
	if _, ok := f[field]; !ok {
		f[field] = msg
	}
}

// Err returns nil when there are no problems, else a 400 *Error.
func (f FieldErrors) Err() error {
	if len(f) == 0 {
		return nil
	}
	return &Error{Status: http.StatusBadRequest, Message: fieldsMessage(i18n.En, f), Fields: f}
}

func (f FieldErrors) Error() string { return fmt.Sprintf("invalid fields: %v", map[string]string(f)) }

// writeJSON writes v as JSON with status, in the request's language: a
// "message" member of an object answer is put into the language of
// Accept-Language (English when absent or unknown), which
// Content-Language names.
func writeJSON(w http.ResponseWriter, r *http.Request, status int, v any) {
	lang := i18n.FromRequest(r)
	switch m := v.(type) {
	case map[string]any:
		if msg, ok := m["message"].(string); ok {
			m["message"] = i18n.Translate(lang, msg)
		}
	case map[string]string:
		if msg, ok := m["message"]; ok {
			m["message"] = i18n.Translate(lang, msg)
		}
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Content-Language", lang)
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// writeMessage writes {"message": msg}.
func writeMessage(w http.ResponseWriter, r *http.Request, status int, msg string) {
	writeJSON(w, r, status, map[string]string{"message": msg})
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
		apiErr = errorf(http.StatusRequestEntityTooLarge, "The request is too large.")
	case errors.Is(err, store.ErrNotFound):
		apiErr = errorf(http.StatusNotFound, "Not found.")
	case errors.Is(err, store.ErrConflict):
		apiErr = errorf(http.StatusConflict, "This record was changed by someone else. Reload it and try again.")
	case errors.Is(err, context.DeadlineExceeded) || isUnavailable(err):
		s.log.ErrorContext(r.Context(), "database unavailable", "err", err, "request_id", requestID(r.Context()))
		w.Header().Set("Retry-After", "5")
		apiErr = errorf(http.StatusServiceUnavailable, "The service is briefly unavailable. Please try again in a moment.")
	default:
		s.log.ErrorContext(r.Context(), "internal error", "err", err, "method", r.Method, "path", loggedPath(r), "request_id", requestID(r.Context()))
		apiErr = errorf(http.StatusInternalServerError, "Something went wrong on our side. Please try again later.")
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
	body := map[string]any{"message": apiErr.Message}
	if apiErr.Code != "" {
		body["code"] = apiErr.Code
	}
	if len(apiErr.Fields) > 0 {
		body["errors"] = localFields(lang, apiErr.Fields)
		// A generic message becomes one that names what to fix (in the
		// request's language, as is the one FieldErrors made in English).
		if apiErr.Message == "" || apiErr.Message == msgFixFields || apiErr.Message == fieldsMessage(i18n.En, apiErr.Fields) {
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
		return errorf(http.StatusUnsupportedMediaType, "Send the request as JSON (Content-Type: application/json).")
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
			return errorf(http.StatusRequestEntityTooLarge, "The request is too large.")
		case errors.Is(err, io.EOF):
			return errorf(http.StatusBadRequest, "The request body is empty.")
		case errors.As(err, &typeErr):
			field := typeErr.Field
			if field == "" {
				return errorf(http.StatusBadRequest, "The request body must be a JSON object.")
			}
			return &Error{Status: http.StatusBadRequest, Message: msgFixFields,
				Fields: map[string]string{field: "has the wrong type"}}
		case errors.As(err, &syntaxErr), errors.Is(err, io.ErrUnexpectedEOF):
			return errorf(http.StatusBadRequest, "The request body is not valid JSON.")
		case strings.HasPrefix(err.Error(), "json: unknown field "):
			name := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
			return &Error{Status: http.StatusBadRequest, Message: msgFixFields,
				Fields: map[string]string{name: "is not a field that can be set"}}
		default:
			return errorf(http.StatusBadRequest, "The request body is not valid JSON.")
		}
	}
	if dec.More() {
		return errorf(http.StatusBadRequest, "The request body must hold one JSON object.")
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
