package httpapi

import (
	"context"
	"errors"
	"net/http"
	"time"

	"spdc/internal/auth"
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/mail"
	"spdc/internal/outbox"
	"spdc/internal/store"
	"spdc/internal/trust"
)

// takeFormLimits counts one form (volunteer, disciple, host, donation,
// grievance) of the request inside tx, so that it counts only if the form
// is saved, under the limits formLimits picks; when they are used up it
// returns the 429 to answer.
func (s *Server) takeFormLimits(ctx context.Context, tx *store.Tx, r *http.Request, now time.Time) error {
	checks, err := formLimits(ctx, tx, r, auth.FormsPerAddress, auth.FormsPerAddressDay)
	if err != nil {
		return err
	}
	wait, err := auth.NewThrottle(s.store).TakeTx(ctx, tx, now, checks...)
	if err != nil {
		return err
	}
	if wait > 0 {
		e := errorf(http.StatusTooManyRequests, msgs.WaitThankWeHaveAlreadyReceivedSeveral.With("wait", waitWords(wait)))
		e.RetryAfter = wait
		return e
	}
	return nil
}

// formLimits is the limits one form of the request counts under. A
// signed-in account that proved its email address, or that holds a staff
// role, is counted per account (auth.FormsPerAccount): a temple office
// sends many forms from one shared address, each under an account that
// answers for them. Anyone else is counted per client address, under
// perClient. Roles are read through q, so inside the form's transaction.
func formLimits(ctx context.Context, q store.Querier, r *http.Request, perClient ...auth.Limit) ([]auth.Keyed, error) {
	if u := currentUser(r); u != nil {
		trusted := u.EmailVerified()
		if !trusted {
			held, err := store.UserRolesIn(ctx, q, u.ID)
			if err != nil && !errors.Is(err, store.ErrNotFound) {
				return nil, err
			}
			trusted = len(held) > 0
		}
		if trusted {
			return []auth.Keyed{{Limit: auth.FormsPerAccount, Key: u.ID}, {Limit: auth.FormsPerAccountDay, Key: u.ID}}, nil
		}
	}
	client := clientIP(r)
	checks := make([]auth.Keyed, len(perClient))
	for i, l := range perClient {
		checks[i] = auth.Keyed{Limit: l, Key: client}
	}
	return checks, nil
}

// takeMailTo counts one message to the address to, asked for by the
// request's client, inside tx; it reports false (counting nothing) when
// that mailbox has had its share of the site's mail for the day.
func (s *Server) takeMailTo(ctx context.Context, tx *store.Tx, r *http.Request, now time.Time, to string) (bool, error) {
	wait, err := auth.NewThrottle(s.store).TakeTx(ctx, tx, now, auth.MailTo(to, clientIP(r))...)
	return err == nil && wait == 0, err
}

// takeReferrerMailTo is takeMailTo for a confirmation request: a temple
// president in the referrer directory has the looser daily share of a
// known referrer, anyone else the share of any mailbox.
func (s *Server) takeReferrerMailTo(ctx context.Context, tx *store.Tx, r *http.Request, now time.Time, to string) (bool, error) {
	dir, err := directory(ctx, tx)
	if err != nil {
		return false, err
	}
	if trust.Find(dir, to) == nil {
		return s.takeMailTo(ctx, tx, r, now, to)
	}
	wait, err := auth.NewThrottle(s.store).TakeTx(ctx, tx, now, auth.MailToReferrer(to, clientIP(r))...)
	return err == nil && wait == 0, err
}

// formAcknowledge enqueues the thank-you of form to the address the
// visitor typed, unless that mailbox has had its share of the site's mail
// today: then the form is still saved and only the thank-you is left out
// (the address may not even be the visitor's). It carries the submission's
// reference and time; no address (a host who gave only a phone) sends none.
func (s *Server) formAcknowledge(ctx context.Context, tx *store.Tx, r *http.Request, now time.Time, to, form, ref string) error {
	return s.formAcknowledgeDraft(ctx, tx, r, now, to, form, ref, nil)
}

// ackDraft is a thank-you rendered before the transaction (draftAcknowledge),
// for the reference drawn then.
type ackDraft struct {
	ref string
	msg mail.Message
	err error
}

// draftAcknowledge renders the thank-you of form to to, quoting ref,
// outside any transaction: the database has one writer, and forms sent
// together wait for each other's work inside it, not for this.
func (s *Server) draftAcknowledge(r *http.Request, now time.Time, to, form, ref string) *ackDraft {
	if to == "" {
		return nil
	}
	m, err := s.requestMail(r).Acknowledgement(to, form, mail.Received{Ref: ref, At: now})
	return &ackDraft{ref: ref, msg: m, err: err}
}

// formAcknowledgeDraft is formAcknowledge sending draft when it quotes
// ref (the drawn reference was free), else rendering the thank-you anew.
func (s *Server) formAcknowledgeDraft(ctx context.Context, tx *store.Tx, r *http.Request, now time.Time, to, form, ref string, draft *ackDraft) error {
	if to == "" {
		return nil
	}
	ok, err := s.takeMailTo(ctx, tx, r, now, to)
	if err != nil || !ok {
		return err
	}
	if draft != nil && draft.ref == ref && draft.err == nil {
		return outbox.Enqueue(ctx, tx, now, draft.msg)
	}
	return formMail(ctx, tx, now, func() (mail.Message, error) {
		return s.requestMail(r).Acknowledgement(to, form, mail.Received{Ref: ref, At: now})
	})
}

// waitWords is a wait in words a reader understands: minutes, or hours
// past two hours.
func waitWords(wait time.Duration) i18n.Msg {
	if wait > 2*time.Hour {
		return pluralize(int((wait+time.Hour-1)/time.Hour), msgs.Label1Hour, msgs.LabelNHours)
	}
	return pluralize(int((wait+time.Minute-1)/time.Minute), msgs.Label1Minute, msgs.LabelNMinutes)
}

// pluralize is one or many of a unit: n fills the many's {n}.
func pluralize(n int, one, many i18n.Msg) i18n.Msg {
	if n == 1 {
		return one
	}
	return many.With("n", n)
}

// mailIn is the renderer in the language of a message's reader: the
// account's when userID names one, else lang (the language the
// submission was sent in). An account that cannot be read leaves lang.
func (s *Server) mailIn(ctx context.Context, userID, lang string) *mail.Renderer {
	if userID != "" {
		if u, err := s.store.UserByID(ctx, userID); err == nil && i18n.Valid(u.Language) {
			lang = u.Language
		}
	}
	return s.mail.In(lang)
}

// requestMail is the renderer for mail a request makes the site send to
// the person who made it: in their account's language when signed in,
// else in the language of the request.
func (s *Server) requestMail(r *http.Request) *mail.Renderer {
	if u := currentUser(r); u != nil && i18n.Valid(u.Language) {
		return s.mail.In(u.Language)
	}
	return s.mail.In(i18n.FromRequest(r))
}
