package httpapi

import (
	"errors"
	"net/http"
	"time"

	"spdc/internal/i18n/msgs"
	"spdc/internal/outbox"
	"spdc/internal/store"
)

// The mail tab is listed, searched, sorted and exported by the admin
// lists' handlers like every other tab; only its Retry is its own.

// adminMailRetry answers POST /api/admin/mail/{id}/retry: a failed message
// becomes pending and due now (one carrying a one-time link is sent with a
// fresh link, or refused with 409 when its link can no longer be given);
// the retry is audited and wakes the worker.
func (s *Server) adminMailRetry(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	if !store.ValidID(id) {
		return store.ErrNotFound
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
	var gone *outbox.LinkGoneError
	switch {
	case err == nil:
	case errors.As(err, &gone):
		return errorf(http.StatusConflict, gone.Reason)
	case errors.Is(err, outbox.ErrNotFailed):
		return errorf(http.StatusConflict, msgs.AdminOnlyFailedMessageCanRetried)
	default:
		return err
	}
	s.notify()
	rec, err := s.store.AdminGet(r.Context(), store.AdminTabByName("mail"), id)
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"message": msgs.AdminMessageWillSentAgainNow, "mail": rec})
	return nil
}

// mailAudit is what the audit log keeps of a message (never its body).
func mailAudit(m outbox.Row) map[string]any {
	out := map[string]any{"kind": m.Kind, "to": m.To, "subject": m.Subject, "status": m.Status, "attempts": m.Attempts, "lastError": m.LastError}
	if m.NextAttemptAt != nil {
		out["nextAttemptAt"] = m.NextAttemptAt.Format(time.RFC3339Nano)
	}
	return out
}
