package httpapi

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"spdc/internal/outbox"
	"spdc/internal/store"
)

// mailListDefaultLimit bounds GET /api/admin/mail without paging: the
// newest messages (X-Total-Count still tells how many there are).
const mailListDefaultLimit = 1000

// adminMail answers GET /api/admin/mail[?status=&page=&pageSize=]: the
// outbox newest first, as a bare JSON array, with X-Total-Count.
func (s *Server) adminMail(w http.ResponseWriter, r *http.Request) {
	v := r.URL.Query()
	f := outbox.Filter{Status: v.Get("status"), Page: 1, PageSize: mailListDefaultLimit}
	fe := FieldErrors{}
	switch f.Status {
	case "", outbox.StatusPending, outbox.StatusSent, outbox.StatusFailed:
	default:
		fe.Add("status", "must be pending, sent or failed")
	}
	if p := v.Get("page"); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 10_000_000 {
			fe.Add("page", "must be a whole number from 1")
		}
		f.Page = n
		f.PageSize = 50
	}
	if p := v.Get("pageSize"); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > mailListDefaultLimit {
			fe.Add("pageSize", "must be a whole number from 1 to 1000")
		}
		f.PageSize = n
	}
	if err := fe.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	rows, total, err := outbox.List(r.Context(), s.store.Reader(), f)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("X-Total-Count", strconv.Itoa(total))
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, rows)
}

// adminMailRetry answers POST /api/admin/mail/{id}/retry: a failed message
// becomes pending and due now; the retry is audited and wakes the worker.
func (s *Server) adminMailRetry(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !store.ValidID(id) {
		s.writeError(w, r, store.ErrNotFound)
		return
	}
	u := currentUser(r)
	now := s.now()
	var after outbox.Row
	err := s.store.InTx(r.Context(), func(tx *store.Tx) error {
		before, a, err := outbox.Retry(r.Context(), tx, id, now)
		if err != nil {
			return err
		}
		after = a
		return store.WriteAudit(r.Context(), tx, store.AuditEntry{
			Actor:    store.Actor{ID: u.ID, Email: u.Email},
			Action:   "retry",
			Entity:   "mail",
			EntityID: id,
			Before:   mailAudit(before),
			After:    mailAudit(after),
		}, now)
	})
	switch {
	case err == nil:
	case errors.Is(err, outbox.ErrNotFailed):
		s.writeError(w, r, errorf(http.StatusConflict, "Only a failed message can be retried."))
		return
	default:
		s.writeError(w, r, err)
		return
	}
	s.notify()
	writeJSON(w, http.StatusOK, map[string]any{"message": "The message will be sent again now.", "mail": after})
}

// mailAudit is what the audit log keeps of a message (never its body).
func mailAudit(m outbox.Row) map[string]any {
	out := map[string]any{"kind": m.Kind, "to": m.To, "subject": m.Subject, "status": m.Status, "attempts": m.Attempts, "lastError": m.LastError}
	if m.NextAttemptAt != nil {
		out["nextAttemptAt"] = m.NextAttemptAt.Format(time.RFC3339Nano)
	}
	return out
}
