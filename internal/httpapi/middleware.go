package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"spdc/internal/auth"
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/observe"
	"spdc/internal/store"
)

// maxBodyBytes is the largest request body accepted; anything larger is refused before it is read.
const maxBodyBytes = 1 << 20

// apiTimeout bounds the work of one API request (database included).
const apiTimeout = 15 * time.Second

type ctxKey int

const (
	ctxRequestID ctxKey = iota
	ctxUser
	ctxSessionHash
	ctxSessionIdle
)

// msgAdminIdle is the 401 answer to a request on an admin session that
// ended for inactivity; the web app shows it on the sign-in page.
var msgAdminIdle = msgs.AccountWereSignedOutAfter30Minutes

func requestID(ctx context.Context) string {
	id, _ := ctx.Value(ctxRequestID).(string)
	return id
}

// currentUser returns the signed-in user, or nil for a visitor.
func currentUser(r *http.Request) *store.User {
	u, _ := r.Context().Value(ctxUser).(*store.User)
	return u
}

// sessionHash returns the stored hash of the request's session token.
func sessionHash(r *http.Request) string {
	h, _ := r.Context().Value(ctxSessionHash).(string)
	return h
}

// middleware wraps the routes with the layers every request goes through,
// outermost first.
func (s *Server) middleware(api, root http.Handler) http.Handler {
	api, root = recordRoute(api), recordRoute(root)
	var h http.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") || r.URL.Path == "/api" {
			// API answers are personal: never cached by browsers or proxies.
			w.Header().Set("Cache-Control", "no-store")
			// A database that stops answering must not hold requests until
			// the write timeout: API work gets a deadline and then a 503.
			// The CSV export streams for longer and keeps the write timeout;
			// a media upload's body may take minutes to arrive, and its
			// handler sets a deadline for the work once it is read.
			if !strings.HasSuffix(r.URL.Path, "/export.csv") && !isMediaUpload(r) {
				ctx, cancel := context.WithTimeout(r.Context(), apiTimeout)
				defer cancel()
				r = r.WithContext(ctx)
			}
			s.cors(s.authenticate(apiErrors(api))).ServeHTTP(w, r)
			return
		}
		root.ServeHTTP(w, r)
	})
	h = limitBody(h)
	h = securityHeaders(h)
	h = s.recoverPanics(h)
	h = s.accessLog(h)
	h = withRequestID(h)
	h = s.withClientAddr(h)
	return h
}

// recordRoute tells the request's observer (the metrics) which pattern of
// the ServeMux next served it: the mux sets r.Pattern on the request it
// is given, which is this one.
func recordRoute(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r)
		observe.SetRoute(r.Context(), r.Pattern)
	})
}

func withRequestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b [8]byte
		_, _ = rand.Read(b[:])
		id := hex.EncodeToString(b[:])
		w.Header().Set("X-Request-Id", id)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), ctxRequestID, id)))
	})
}

// statusRecorder remembers the status and size of a response.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (r *statusRecorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	n, err := r.ResponseWriter.Write(b)
	r.bytes += n
	return n, err
}

func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

func (s *Server) accessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		path := loggedPath(r)
		level := slog.LevelInfo
		if rec.status >= 500 {
			level = slog.LevelError
		}
		s.log.LogAttrs(r.Context(), level, "request",
			slog.String("method", r.Method), slog.String("path", path),
			slog.Int("status", rec.status), slog.Int("bytes", rec.bytes),
			slog.Duration("duration", time.Since(start)),
			slog.String("request_id", requestID(r.Context())))
	})
}

// secretRoutes are the paths whose segments carry a secret: one-time
// links (reset, setup, approval, address verification, unsubscribe) and
// receipt verification codes, both the web app's pages and the API calls
// those pages make. A request on one of them is logged with its pattern,
// so the log never holds the secret. A new route that carries a secret in
// its path is declared here.
var secretRoutes = []string{
	"/reset-password/{token...}",
	"/api/users/reset-password/{token...}",
	"/setup/{token...}",
	"/api/setup/{token...}",
	"/api/approval/{token...}",
	"/verify-email/{token...}",
	"/api/users/verify-email/{token...}",
	"/unsubscribe/{token...}",
	"/receipts/verify/{code...}",
	"/api/receipts/verify/{code...}",
}

// secretPaths matches a request against secretRoutes, whatever its method.
var secretPaths = func() *http.ServeMux {
	m := http.NewServeMux()
	for _, p := range secretRoutes {
		m.HandleFunc(p, func(http.ResponseWriter, *http.Request) {})
	}
	return m
}()

// loggedPath is the path a log line names for r: the matched pattern of a
// secret-carrying route, else the path itself. The query is never logged:
// it can carry a token (the confirmation page's ?token=) or a search for
// a person's name. Every log line that names a request's path uses it.
func loggedPath(r *http.Request) string {
	// ServeMux answers a path that is not clean with a redirect and the
	// pattern of the clean path, so /reset-password//x is redacted too.
	if _, pattern := secretPaths.Handler(&http.Request{Method: http.MethodGet, URL: &url.URL{Path: r.URL.Path}, Host: r.Host}); pattern != "" {
		return pattern
	}
	return r.URL.Path
}

func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.ErrorContext(r.Context(), "panic", "value", fmt.Sprint(v), "stack", string(debug.Stack()), "request_id", requestID(r.Context()))
				s.writeError(w, r, errors.New("panic"))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// contentSecurityPolicy allows only our own origin: no inline script, no
// inline style, no third-party requests, no framing of our pages. The map
// on the contact page is an OpenStreetMap frame loaded only when the
// visitor asks.
//
// Styles: React's style props are set through the CSS object model, which
// a policy does not restrict, and the app has no style attributes in its
// markup. The one inline stylesheet is the toast library's (sonner), which
// adds a <style> element with fixed text when it loads; that exact text is
// allowed by its hash, sonnerStyleHash. A new sonner version changes the
// text: web/src/components/csp.test.ts recomputes the hash and fails until
// this constant is updated.
// sonner inserts the element empty and then fills it, and the browser
// checks it both times, so the hash of the empty text is allowed too (an
// empty stylesheet styles nothing).
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' '" + emptyStyleHash + "' '" + sonnerStyleHash + "'; " +
	"img-src 'self' data: blob:; media-src 'self'; font-src 'self'; connect-src 'self'; " +
	"frame-src https://www.openstreetmap.org; object-src 'none'; base-uri 'self'; form-action 'self'; " +
	"frame-ancestors 'none'; manifest-src 'self'"

// sonnerStyleHash is the CSP hash of the stylesheet sonner 2.0.8 inserts.
const sonnerStyleHash = "sha256-StEaX+se6YS7pqjzrzMIA0KaX9zF/8zAhvQXZAe5epY="

// emptyStyleHash is the CSP hash of an empty stylesheet.
const emptyStyleHash = "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="

func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		if r.TLS != nil || strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https") {
			h.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
		}
		next.ServeHTTP(w, r)
	})
}

// limitBody refuses a body over its route's limit (bodyLimit): a declared
// length at once, a longer body when the handler reads past the limit.
func limitBody(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		limit := bodyLimit(r)
		if r.ContentLength > limit {
			w.Header().Set("Connection", "close")
			writeMessage(w, r, http.StatusRequestEntityTooLarge, msgs.ApiRequestTooLarge)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		next.ServeHTTP(w, r)
	})
}

// cors answers cross-origin calls only for the origins of SPDC_CORS_ORIGINS.
// Other origins get no CORS headers, so browsers refuse them; a preflight
// from them is answered 403.
func (s *Server) cors(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := r.Header.Get("Origin")
		if origin == "" {
			next.ServeHTTP(w, r)
			return
		}
		w.Header().Add("Vary", "Origin")
		allowed := slices.Contains(s.cfg.CORSOrigins, origin)
		if allowed {
			w.Header().Set("Access-Control-Allow-Origin", origin)
			w.Header().Set("Access-Control-Expose-Headers", "X-Total-Count, X-Total-Capped, X-Next-Cursor, X-Request-Id, Retry-After, X-Session-Ended")
		}
		if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
			if !allowed {
				writeMessage(w, r, http.StatusForbidden, msgs.ApiOriginMayNotCallApi)
				return
			}
			w.Header().Set("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE")
			w.Header().Set("Access-Control-Allow-Headers", "Authorization, Content-Type")
			w.Header().Set("Access-Control-Max-Age", "600")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// authenticate resolves a bearer token to a user. A missing, unknown or
// expired token leaves the request anonymous; requireUser turns that into a
// 401 where a session is needed, so public forms keep working for a visitor
// whose old token has expired.
func (s *Server) authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		token = strings.TrimSpace(token)
		if !ok || token == "" || len(token) > 256 {
			next.ServeHTTP(w, r)
			return
		}
		hash := auth.HashToken(token)
		u, err := s.store.UserBySession(r.Context(), hash)
		switch {
		case errors.Is(err, store.ErrNotFound):
			next.ServeHTTP(w, r)
			return
		case errors.Is(err, store.ErrSessionIdle):
			// Anonymous from here on, like any ended session, but a page
			// that needs the session says why it ended.
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), ctxSessionIdle, true)))
			return
		case err != nil:
			s.writeError(w, r, err)
			return
		}
		ctx := context.WithValue(r.Context(), ctxUser, u)
		ctx = context.WithValue(ctx, ctxSessionHash, hash)
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// requireUser answers 401 unless the request carries a valid session.
func (s *Server) requireUser(h handlerFunc) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if currentUser(r) == nil {
			if idle, _ := r.Context().Value(ctxSessionIdle).(bool); idle {
				w.Header().Set("X-Session-Ended", "idle")
				return errorf(http.StatusUnauthorized, msgAdminIdle)
			}
			return errorf(http.StatusUnauthorized, msgs.AccountSignInAgainSessionHasEnded)
		}
		return h(w, r)
	}
}

// apiErrors turns the mux's own plain-text 404 and 405 answers under /api
// into the JSON error contract.
func apiErrors(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(&jsonErrorWriter{ResponseWriter: w, lang: i18n.FromRequest(r)}, r)
	})
}

type jsonErrorWriter struct {
	http.ResponseWriter
	swallow bool
	lang    string // the request's language
}

func (j *jsonErrorWriter) WriteHeader(code int) {
	h := j.Header()
	if (code == http.StatusNotFound || code == http.StatusMethodNotAllowed) && strings.HasPrefix(h.Get("Content-Type"), "text/plain") {
		j.swallow = true
		h.Del("X-Content-Type-Options")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Content-Type", "application/json; charset=utf-8")
		h.Set("Content-Language", j.lang)
		j.ResponseWriter.WriteHeader(code)
		msg := msgs.ApiNoSuchApiEndpoint
		if code == http.StatusMethodNotAllowed {
			msg = msgs.ApiMethodNotAllowedHere
		}
		body, _ := json.Marshal(map[string]string{"message": msg.In(j.lang), "messageKey": msg.ID()})
		_, _ = j.ResponseWriter.Write(append(body, '\n'))
		return
	}
	j.ResponseWriter.WriteHeader(code)
}

func (j *jsonErrorWriter) Write(b []byte) (int, error) {
	if j.swallow {
		return len(b), nil
	}
	return j.ResponseWriter.Write(b)
}

func (j *jsonErrorWriter) Unwrap() http.ResponseWriter { return j.ResponseWriter }
