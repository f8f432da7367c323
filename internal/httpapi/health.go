package httpapi

import (
	"context"
	"net/http"
	"time"
)

// healthz answers 200 while the process is up.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) error {
	writeJSON(w, r, http.StatusOK, map[string]string{"status": "ok"})
	return nil
}

// readyz answers 200 only when the database answers within a second.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) error {
	ctx, cancel := context.WithTimeout(r.Context(), time.Second)
	defer cancel()
	if err := s.store.Ping(ctx); err != nil {
		s.log.WarnContext(r.Context(), "not ready", "err", err)
		writeJSON(w, r, http.StatusServiceUnavailable, map[string]string{"status": "database unavailable"})
		return nil
	}
	writeJSON(w, r, http.StatusOK, map[string]string{"status": "ready"})
	return nil
}
