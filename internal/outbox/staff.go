package outbox

import (
	"context"
	"fmt"
	"time"

	"spdc/internal/mail"
	"spdc/internal/store"
)

// EnqueueID is Enqueue for a message whose row the caller links to (a
// reply shown in its record's history): it returns the outbox id.
func EnqueueID(ctx context.Context, q store.Querier, now time.Time, m mail.Message) (string, error) {
	if len(m.Attachments) > 0 {
		return "", fmt.Errorf("outbox: a message with attachments is enqueued sealed (EnqueueSealed)")
	}
	return insertMessage(ctx, q, now, m)
}
