package httpapi

import (
	"errors"
	"net/http"
	"time"

	"spdc/internal/outbox"
	"spdc/internal/store"
)

// mailTab describes the mail list to the admin lists' query reader
// (adminQuery): which keys ?sort= accepts, and the CSV headers. It is only
// a description: the outbox is read by package outbox, never through the
// store's tab queries.
var mailTab = &store.AdminTab{Name: "mail", Entity: "mail", Fields: outbox.Columns}

// mailFilter reads ?q=&page=&pageSize=&sort= as every admin list does
// (without page and pageSize, the whole list), and ?status=.
func mailFilter(r *http.Request) (outbox.Filter, error) {
	fe := FieldErrors{}
	q, err := adminQuery(r, mailTab)
	if err != nil {
		var e *Error
		if !errors.As(err, &e) || e.Fields == nil {
			return outbox.Filter{}, err
		}
		for k, v := range e.Fields {
			fe.Add(k, v)
		}
	}
	f := outbox.Filter{Status: r.URL.Query().Get("status"), Search: q.Search, Sort: q.Sort, Page: q.Page, PageSize: q.PageSize}
	switch f.Status {
	case "", outbox.StatusPending, outbox.StatusSent, outbox.StatusFailed:
	default:
		fe.Add("status", "must be pending, sent or failed")
	}
	return f, fe.Err()
}

// adminMail answers GET /api/admin/mail[?q=&page=&pageSize=&sort=&status=]:
// the outbox, newest first unless sorted, as a bare JSON array streamed
// row by row, with the number of matching messages in X-Total-Count. A
// row never carries the message body.
func (s *Server) adminMail(w http.ResponseWriter, r *http.Request) {
	f, err := mailFilter(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	total, err := outbox.Count(r.Context(), s.store.Reader(), f)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	streamJSONArray(s, w, r, total, "admin mail list", func(yield func(outbox.Row) error) error {
		return outbox.Each(r.Context(), s.store.Reader(), f, yield)
	})
}

// adminMailExport answers GET /api/admin/mail/export.csv[?q=&status=]: the
// whole filtered outbox as CSV, the same way as the other lists' exports
// (byte-order mark, plain-word headers, formula-like cells neutralised,
// written and flushed as it goes). Bodies are never exported: reset and
// confirmation links live in them.
func (s *Server) adminMailExport(w http.ResponseWriter, r *http.Request) {
	f, err := mailFilter(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	f.Page, f.PageSize = 0, 0
	// Fail before the first byte when the query itself is wrong.
	if _, err := outbox.Count(r.Context(), s.store.Reader(), f); err != nil {
		s.writeError(w, r, err)
		return
	}
	streamCSV(s, w, r, mailTab, "admin mail export", func(yield func(outbox.Row) error) error {
		return outbox.Each(r.Context(), s.store.Reader(), f, yield)
	}, mailCSVRow)
}

// mailCSVRow fills row with one message's cells, in the order of
// outbox.Columns; times as the other exports write them (RFC 3339 UTC,
// milliseconds).
func mailCSVRow(m outbox.Row, row []string) {
	stamp := func(t *time.Time) string {
		if t == nil {
			return ""
		}
		return t.UTC().Format("2006-01-02T15:04:05.000Z07:00")
	}
	vals := map[string]any{
		"kind": m.Kind, "to": m.To, "subject": m.Subject, "status": m.Status, "attempts": m.Attempts,
		"lastError": m.LastError, "nextAttemptAt": stamp(m.NextAttemptAt), "createdAt": stamp(&m.CreatedAt),
		"sentAt": stamp(m.SentAt), "_id": m.ID,
	}
	for i, c := range mailTab.Fields {
		row[i] = csvCell(vals[c.Key])
	}
}

// adminMailRetry answers POST /api/admin/mail/{id}/retry: a failed message
// becomes pending and due now (one carrying a one-time link is sent with a
// fresh link, or refused with 409 when its link can no longer be given);
// the retry is audited and wakes the worker.
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
	var gone *outbox.LinkGoneError
	switch {
	case err == nil:
	case errors.As(err, &gone):
		s.writeError(w, r, errorf(http.StatusConflict, "%s", gone.Reason))
		return
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
