package httpapi

import (
	"net/http"
	"time"

	"spdc/internal/entity"
	"spdc/internal/store"
)

// This file answers GET /api/users/me/submissions.

// submissionJSON is one row of My Account's submissions list.
type submissionJSON struct {
	ID        string      `json:"_id"`
	Type      string      `json:"type"` // volunteer, disciple, host, contact
	Reference string      `json:"reference"`
	Name      string      `json:"name"`
	Status    string      `json:"status"` // received, in touch, interview, active volunteer, visited, approved, not taken forward, withdrawn, awaiting confirmation, confirmed — needs review, confirmed, declined, not accepted, expired
	CreatedAt time.Time   `json:"createdAt"`
	UpdatedAt time.Time   `json:"updatedAt"`
	Replies   []replyJSON `json:"replies"`
}

// replyJSON is a reply the staff sent about a submission.
type replyJSON struct {
	Subject string    `json:"subject"`
	Body    string    `json:"body"`
	SentAt  time.Time `json:"sentAt"`
}

// submissionStatus turns a stored status into the words My Account shows.
func submissionStatus(kind, status string) string {
	if kind != "disciple" {
		// The staff's status as the person may see it.
		if kind == "contact" {
			return entity.PublicStatus("messages", status)
		}
		return entity.PublicStatus(kind+"s", status)
	}
	switch status {
	case store.DiscipleApproved:
		return "confirmed"
	case store.DiscipleDeclined:
		return "declined"
	case store.DiscipleExpired:
		return "expired"
	case store.DiscipleReview:
		return store.DiscipleReviewShown
	case store.DiscipleRejected:
		return "not accepted"
	default:
		return "awaiting confirmation"
	}
}

// mySubmissions answers GET /api/users/me/submissions: the signed-in
// user's volunteer, disciple and host submissions and contact messages,
// each with its reference, newest first.
func (s *Server) mySubmissions(w http.ResponseWriter, r *http.Request) error {
	subs, err := s.store.SubmissionsOf(r.Context(), store.OwnerOf(currentUser(r)))
	if err != nil {
		return err
	}
	out := make([]submissionJSON, 0, len(subs))
	for _, sub := range subs {
		replies := make([]replyJSON, len(sub.Replies))
		for i, rp := range sub.Replies {
			replies[i] = replyJSON{Subject: rp.Subject, Body: rp.Body, SentAt: rp.SentAt}
		}
		out = append(out, submissionJSON{ID: sub.ID, Type: sub.Kind, Reference: sub.Ref, Name: sub.Title, Status: submissionStatus(sub.Kind, sub.Status),
			CreatedAt: sub.CreatedAt, UpdatedAt: sub.UpdatedAt, Replies: replies})
	}
	writeJSON(w, r, http.StatusOK, out)
	return nil
}
