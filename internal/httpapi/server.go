// Package httpapi is spdc's HTTP layer: the JSON API under /api, health
// checks, and the embedded web app. NewServer wires it from its
// dependencies; routes.go lists every route.
package httpapi

import (
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"spdc/internal/config"
	"spdc/internal/mail"
	"spdc/internal/secret"
	"spdc/internal/store"
)

// Deps are what the HTTP layer needs from the rest of the program.
type Deps struct {
	Log    *slog.Logger
	Config config.Config
	Store  *store.Store
	// Web is the built web app (index.html and assets); nil serves no SPA.
	Web fs.FS
	// Mail renders every message the site sends.
	Mail *mail.Renderer
	// Notify wakes the outbox worker after a transaction enqueued mail; nil
	// is allowed (the worker also polls).
	Notify func()
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Secret seals the values kept encrypted at rest (donors' PAN and
	// Aadhaar numbers, mailed receipts); nil turns the donation endpoints
	// away with 503.
	Secret *secret.Key
}

// Server holds the handlers' shared state.
type Server struct {
	// staffDecls is every staff route and its permission, as routes
	// declares them.
	staffDecls []routeDecl
	log        *slog.Logger
	cfg        config.Config
	store      *store.Store
	web        fs.FS
	spa        *spaHandler
	now        func() time.Time
	mail       *mail.Renderer

	notify func()
	secret *secret.Key
	// site caches the public site's JSON (GET /api/site, index.html).
	site siteCache
}

// NewServer returns the whole site as one http.Handler.
func NewServer(d Deps) http.Handler { return newServer(d).routes() }

// newServer is NewServer before its routes are made.
func newServer(d Deps) *Server {
	s := &Server{log: d.Log, cfg: d.Config, store: d.Store, web: d.Web, now: d.Now, notify: d.Notify, mail: d.Mail, secret: d.Secret}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = func() time.Time { return time.Now().UTC() }
	}
	if s.notify == nil {
		s.notify = func() {}
	}
	if d.Web != nil {
		s.spa = newSPAHandler(d.Web)
		s.spa.render = s.renderIndex
	}
	return s
}
