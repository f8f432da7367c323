package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"spdc/internal/entity"
	"spdc/internal/store"
)

// Notices and consent records: each form shows its notice (GET
// /api/notices/{form}), and each submission stores a record of the
// consent given with it, in the submission's own transaction.

// notice answers GET /api/notices/{form}.
func (s *Server) notice(w http.ResponseWriter, r *http.Request) error {
	n := entity.NoticeOf(r.PathValue("form"))
	if n == nil {
		return errorf(http.StatusNotFound, "There is no privacy notice for this form.")
	}
	w.Header().Set("Cache-Control", "public, max-age=300")
	writeJSON(w, r, http.StatusOK, n)
	return nil
}

// recordConsent stores the consent given with the submission id of table,
// from the form's body: noticeVersion is the notice the page showed (our
// pages send it; a client that does not is recorded as having seen the
// current one, which the page has shown since it existed). A version the
// site never showed is refused, and the caller's transaction with it.
func recordConsent(ctx context.Context, q store.Querier, body map[string]json.RawMessage, table, id, userID string, now time.Time) error {
	n := entity.NoticeOfTable(table)
	if n == nil {
		return nil
	}
	version := n.Version
	if raw, ok := body["noticeVersion"]; ok && string(raw) != "null" {
		var v string
		if json.Unmarshal(raw, &v) != nil || v != n.Version {
			return FieldErrors{"noticeVersion": "is not the version of the notice this form shows: reload the page"}.Err()
		}
	}
	return store.RecordConsent(ctx, q, &store.Consent{UserID: userID, RecordTable: table, RecordID: id, Notice: n.Form,
		NoticeVersion: version, Language: n.Language, Method: "online", GivenAt: now})
}
