package httpapi

import "net/http"

// listAlerts answers GET /api/admin/alerts: the conditions an admin must
// act on that hold now (mail failing for an hour, a failed scheduled
// backup, a full disk, a certificate not renewed), oldest first, for the
// dashboard's banner. The banner words each kind in the admin's language;
// detail is the technical line found (an error, a percentage).
func (s *Server) listAlerts(w http.ResponseWriter, r *http.Request) error {
	list, err := s.store.OpsAlerts(r.Context())
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"alerts": list})
	return nil
}
