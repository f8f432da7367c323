package outbox

import (
	"context"
	"time"

	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/mail"
	"spdc/internal/store"
)

// One-time links and the outbox
//
// A reset or confirmation link must never be readable from the database
// (or a backup of it): whoever read it could act as the person it was
// sent to. So no stored message ever holds a token:
//
//   - The renderer writes a link-bearing message with a slot where the
//     token goes, and a mail.Link saying which link it is (kind), whom it
//     acts for (ref: a user or a registration) and until when it may be
//     sent (until). Enqueue stores that, never a token, and refuses a
//     link-bearing message without its slot.
//   - The worker makes the token only when it sends: in one transaction
//     that checks the claim's lease, it issues a fresh token through the
//     link kind's issue function (which stores only its hash, and refuses
//     when the link may no longer be given: the account is gone, the
//     registration was answered or given a newer link), records the
//     hash in link_hash, and then hands the sender a copy of the message
//     with the token written in (mail.Message.WithLink). If the send
//     fails the token is deleted at once, so a link that never arrived
//     never works; the next attempt makes another.
//   - A message whose link runs out before it could be sent (or before
//     its next try) is not sent: it ends as failed, saying why, in the
//     admin mail tab.
//   - An admin retry of a failed link-bearing message asks the link kind
//     for a new deadline (a reset gets a fresh hour; a confirmation keeps
//     its registration's 30 days and is refused once those are over or
//     the registration has moved on), and the send makes a new token. An
//     admin resend of a confirmation revokes every earlier link and queues
//     a new message, which makes its own token the same way.
//
// Delivered and failed messages therefore keep only the slot, and the
// hashes in link_hash and in the token tables cannot be turned back into a
// link. Migration 0090 removed the bodies of messages stored before this
// design and gave them link_kind 'removed', which is no kind here: the
// worker ends such a message and Retry refuses it.

// linkKind is how the worker and Retry handle one kind of link.
type linkKind struct {
	// issue stores tokenHash as a working token for ref until until; false
	// when the link may no longer be given.
	issue func(ctx context.Context, q store.Querier, ref, tokenHash string, now, until time.Time) (bool, error)
	// drop deletes a token issued for an attempt that failed.
	drop func(ctx context.Context, q store.Querier, tokenHash string) error
	// renew is the deadline of a retried message written until until;
	// false when the link may no longer be given.
	renew func(ctx context.Context, q store.Querier, ref string, until, now time.Time) (time.Time, bool, error)
	// expired and gone explain, in the mail tab, why a message was not
	// sent; retryGone why a retry is refused.
	expired, gone string
	retryGone     i18n.Msg
}

// renewFor is the renew of a link that every retry gives anew, valid for
// ttl from then.
func renewFor(ttl time.Duration) func(context.Context, store.Querier, string, time.Time, time.Time) (time.Time, bool, error) {
	return func(_ context.Context, _ store.Querier, _ string, _, now time.Time) (time.Time, bool, error) {
		return now.Add(ttl), true, nil
	}
}

var linkKinds = map[string]linkKind{
	mail.LinkPasswordReset: {
		issue:     store.IssueReset,
		drop:      store.DeleteReset,
		renew:     renewFor(store.ResetTokenTTL),
		expired:   "Not sent: the reset link ran out before the message could be sent. Retry sends a new link valid for an hour.",
		gone:      "Not sent: the account no longer exists.",
		retryGone: msgs.OutboxResetGone,
	},
	mail.LinkVerifyEmail: {
		issue:     store.IssueVerification,
		drop:      store.DeleteVerification,
		renew:     renewFor(store.VerifyTokenTTL),
		expired:   "Not sent: the verification link ran out before the message could be sent. Retry sends a new link valid for 48 hours.",
		gone:      "Not sent: the account no longer exists.",
		retryGone: msgs.OutboxVerifyGone,
	},
	mail.LinkDiscipleConfirm: {
		issue: store.IssueDiscipleToken,
		drop:  store.DeleteDiscipleToken,
		renew: func(ctx context.Context, q store.Querier, ref string, until, now time.Time) (time.Time, bool, error) {
			cur, ok, err := store.DiscipleLinkUntil(ctx, q, ref, now)
			if err != nil || !ok || !cur.Equal(until) {
				return time.Time{}, false, err
			}
			return cur, true, nil
		},
		expired:   "Not sent: the registration's confirmation link ran out before the message could be sent. Use Resend on the Disciples tab.",
		gone:      "Not sent: the registration was answered, expired or sent a newer link since this message was written. Use Resend on the Disciples tab if it is still waiting.",
		retryGone: msgs.OutboxConfirmGone,
	},
}

// LinkGoneError is returned by Retry for a link-bearing message whose link
// can no longer be given; Reason says why, in words for the admin.
type LinkGoneError struct {
	Reason i18n.Msg
}

func (e *LinkGoneError) Error() string { return "outbox: " + e.Reason.En() }
