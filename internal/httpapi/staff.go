package httpapi

// The staff's daily work on submissions: notes, replies, bulk changes,
// the admins offered as owners, the count of what is new on each tab, and
// each admin's way of hearing of new submissions. A status or an owner is
// changed by the shared admin edit (PUT /api/admin/{tab}/{id}) like any
// field, with its version check and audit entry.

import (
	"context"
	"encoding/json"
	"errors"
	"html/template"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"spdc/internal/auth"
	"spdc/internal/entity"
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/outbox"
	"spdc/internal/store"
)

var (
	msgNotStaffed   = msgs.AdminListHasNoNotesOwnersOr
	msgNoteEmpty    = msgs.AdminWriteNote
	msgReplyEmpty   = msgs.AdminWriteReply
	msgNoAddress    = msgs.AdminPersonHasNoEmailAddressOn
	msgUnsubscribed = msgs.AdminAddressHasAskedReceiveNoMore
	msgNotAdminID   = msgs.FieldMustIdAdmin
	replyMaxLen     = 10000
	replySubjectMax = 200
	bulkMax         = 500
)

// staffTab resolves {tab} to a tab whose records have notes and owners.
func staffTab(r *http.Request) (*store.AdminTab, error) {
	t, err := adminTab(r)
	if err != nil {
		return nil, err
	}
	if !t.Staffed() {
		return nil, errorf(http.StatusNotFound, msgNotStaffed)
	}
	return t, nil
}

// staffTabID resolves {tab} to a staffed tab and reads {id}.
func staffTabID(r *http.Request) (*store.AdminTab, string, error) {
	t, err := staffTab(r)
	if err != nil {
		return nil, "", err
	}
	id, err := adminID(r)
	if err != nil {
		return nil, "", err
	}
	return t, id, nil
}

// staffHistory answers with what read lists for the record {id} of {tab}
// (its notes, its replies), once the record is found to exist and the
// admin's look at it is logged.
func staffHistory[T any](s *Server, w http.ResponseWriter, r *http.Request, read func(context.Context, *store.AdminTab, string) ([]T, error)) error {
	t, id, err := staffTabID(r)
	if err != nil {
		return err
	}
	rec, err := s.store.AdminGet(r.Context(), t, id)
	if err != nil {
		return err
	}
	if err := s.logLook(r, store.AccessOpen, t.Name, rec.ID()); err != nil {
		return err
	}
	items, err := read(r.Context(), t, rec.ID())
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, items)
	return nil
}

// checkStaffBody adds to fe what is wrong with the body of a note or a
// reply: nothing written (empty says so), not plain text, or longer than
// limit characters.
func checkStaffBody(fe FieldErrors, body string, empty i18n.Msg, limit int) {
	switch {
	case body == "":
		fe.Add("body", empty)
	case !utf8.ValidString(body) || hasControl(body):
		fe.Add("body", msgs.FieldMustPlainText)
	case utf8.RuneCountInString(body) > limit:
		fe.Add("body", msgs.FieldMustAtMostNCharacters.With("n", limit))
	}
}

// staffNotes answers GET /api/admin/{tab}/{id}/notes: newest first.
func (s *Server) staffNotes(w http.ResponseWriter, r *http.Request) error {
	return staffHistory(s, w, r, s.store.Notes)
}

// staffAddNote answers POST /api/admin/{tab}/{id}/notes {body}.
func (s *Server) staffAddNote(w http.ResponseWriter, r *http.Request) error {
	t, id, err := staffTabID(r)
	if err != nil {
		return err
	}
	var in struct {
		Body string `json:"body"`
	}
	if err := decodeJSON(r, &in, true); err != nil {
		return err
	}
	body := strings.TrimSpace(normalizeText(in.Body))
	fe := FieldErrors{}
	checkStaffBody(fe, body, msgNoteEmpty, store.NoteMaxLen)
	if err := fe.Err(); err != nil {
		return err
	}
	n, err := s.store.AddNote(r.Context(), t, id, adminActor(r), body)
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusCreated, n)
	return nil
}

// staffReplies answers GET /api/admin/{tab}/{id}/replies: the mails
// written to the person from the dashboard, newest first, each with
// whether it went.
func (s *Server) staffReplies(w http.ResponseWriter, r *http.Request) error {
	return staffHistory(s, w, r, s.store.Replies)
}

// recipientKeys name the field holding the address a reply goes to.
var recipientKeys = map[string]string{"volunteers": "email", "hosts": "email", "messages": "email",
	"disciples": "discipleEmail", "pending-disciples": "discipleEmail"}

// staffReply answers POST /api/admin/{tab}/{id}/replies {subject, body}:
// the mail is queued in the outbox with the program's Reply-To and an
// unsubscribe link, listed in the record's history, and a new record moves
// to its next status (a message becomes answered). The answer is the
// reply and the record as saved.
func (s *Server) staffReply(w http.ResponseWriter, r *http.Request) error {
	t, id, err := staffTabID(r)
	if err != nil {
		return err
	}
	var in struct {
		Subject string `json:"subject"`
		Body    string `json:"body"`
	}
	if err := decodeJSON(r, &in, true); err != nil {
		return err
	}
	subject := strings.TrimSpace(in.Subject)
	body := strings.TrimSpace(normalizeText(in.Body))
	fe := FieldErrors{}
	checkStaffBody(fe, body, msgReplyEmpty, replyMaxLen)
	if strings.ContainsAny(subject, "\r\n") || !utf8.ValidString(subject) || hasControl(subject) {
		fe.Add("subject", msgs.FieldMustOneLinePlainText)
	} else if utf8.RuneCountInString(subject) > replySubjectMax {
		fe.Add("subject", msgs.FieldMustAtMostNCharacters.With("n", replySubjectMax))
	}
	if err := fe.Err(); err != nil {
		return err
	}
	if subject == "" {
		subject = "A reply from " + s.mail.Site.Name
	}
	actor := adminActor(r)
	now := s.now()
	// The reply's own words are the admin's; what the site adds around
	// them is in the language the submission was sent in.
	table := strings.TrimPrefix(t.Name, "pending-")
	lang, err := s.store.SubmissionLanguage(r.Context(), table, id)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	reply, rec, err := s.store.StaffReply(r.Context(), t, id, actor, func(tx *store.Tx, rec *store.Record) (store.Reply, error) {
		to, _ := rec.Get(recipientKeys[t.Name]).(string)
		to = strings.TrimSpace(to)
		if to == "" {
			return store.Reply{}, errorf(http.StatusConflict, msgNoAddress)
		}
		if gone, err := store.Unsubscribed(r.Context(), tx, to); err != nil || gone {
			if err == nil {
				err = errorf(http.StatusConflict, msgUnsubscribed)
			}
			return store.Reply{}, err
		}
		link, err := s.unsubscribeURL(r.Context(), tx, to)
		if err != nil {
			return store.Reply{}, err
		}
		replyTo := s.cfg.AdminNotify
		if replyTo == "" {
			replyTo = actor.Email
		}
		m, err := s.mail.In(lang).StaffReply(to, replyTo, subject, body, link)
		if err != nil {
			return store.Reply{}, err
		}
		m.About = id
		mailID, err := outbox.EnqueueID(r.Context(), tx, now, m)
		if err != nil {
			return store.Reply{}, err
		}
		return store.Reply{OutboxID: mailID, To: to, Subject: m.Subject, Body: body}, nil
	})
	if err != nil {
		return err
	}
	s.notify()
	writeJSON(w, r, http.StatusCreated, map[string]any{"reply": reply, "record": rec})
	return nil
}

// checkAssignee refuses an owner id that is not a member of staff's ("" is
// nobody).
func (s *Server) checkAssignee(r *http.Request, id string, fe FieldErrors) error {
	if id == "" {
		return nil
	}
	ok := false
	if store.ValidID(id) {
		var err error
		if ok, err = s.store.IsAdminID(r.Context(), id); err != nil {
			return err
		}
	}
	if !ok {
		fe.Add(entity.AssigneeKey, msgNotAdminID)
	}
	return nil
}

// adminEditAssignee checks the owner an edit body gives, before the edit.
func (s *Server) adminEditAssignee(r *http.Request, t *store.AdminTab, body map[string]json.RawMessage) error {
	raw, ok := body[entity.AssigneeKey]
	if !ok || !t.Staffed() {
		return nil
	}
	var id string
	if err := json.Unmarshal(raw, &id); err != nil {
		return FieldErrors{entity.AssigneeKey: msgs.FieldMustText}.Err()
	}
	fe := FieldErrors{}
	if err := s.checkAssignee(r, strings.TrimSpace(id), fe); err != nil {
		return err
	}
	return fe.Err()
}

// assigneeFilter reads ?assigneeId=: "me" is the admin asking, "none"
// nobody, or an id.
func assigneeFilter(r *http.Request, v string, fe FieldErrors) (string, bool) {
	switch v {
	case "me":
		return currentUser(r).ID, true
	case "none":
		return "", true
	}
	if !store.ValidID(v) {
		fe.Add(entity.AssigneeKey, msgs.FieldMustMeNoneOrAdminSId)
		return "", false
	}
	return v, true
}

// staffBulk answers POST /api/admin/{tab}/bulk {ids, status?, assigneeId?}:
// the same change to several records, each through the admin edit (its
// own audit entry), all in one transaction: every record changes or none.
func (s *Server) staffBulk(w http.ResponseWriter, r *http.Request) error {
	t, err := staffTab(r)
	if err != nil {
		return err
	}
	if !t.Editable {
		return errorf(http.StatusForbidden, msgEditNotAllowed)
	}
	var in struct {
		IDs      []string `json:"ids"`
		Status   *string  `json:"status"`
		Assignee *string  `json:"assigneeId"`
	}
	if err := decodeJSON(r, &in, true); err != nil {
		return err
	}
	fe := FieldErrors{}
	if len(in.IDs) == 0 || len(in.IDs) > bulkMax {
		fe.Add("ids", msgs.FieldMustListFrom1NRecords.With("n", bulkMax))
	}
	for _, id := range in.IDs {
		if !store.ValidID(id) {
			fe.Add("ids", msgs.FieldHoldsIdThatNotValid)
		}
	}
	set := map[string]json.RawMessage{}
	sf := t.Def.StatusField()
	if in.Status != nil {
		if sf == nil || !slices.Contains(sf.Options, *in.Status) {
			opts := []string{}
			if sf != nil {
				opts = sf.Options
			}
			fe.Add("status", msgs.FieldMustOneOptions.With("options", strings.Join(opts, ", ")))
		} else {
			set[sf.Key], _ = json.Marshal(*in.Status)
		}
	}
	if in.Assignee != nil {
		a := strings.TrimSpace(*in.Assignee)
		if err := s.checkAssignee(r, a, fe); err != nil {
			return err
		}
		set[entity.AssigneeKey], _ = json.Marshal(a)
	}
	if in.Status == nil && in.Assignee == nil {
		fe.Add("status", msgs.FieldGiveStatusOrOwnerAssigneeIdSet)
	}
	if err := fe.Err(); err != nil {
		return err
	}
	// Every record must exist before any changes.
	versions := make([]int, len(in.IDs))
	for i, id := range in.IDs {
		rec, err := s.store.AdminGet(r.Context(), t, id)
		if err != nil {
			return err
		}
		versions[i] = rec.Version()
	}
	// One transaction for every record: all are changed or none.
	check := func(before *store.Record) (map[string]any, error) {
		v, errs := t.Def.CheckEdit(set, before.Get, s.now())
		return v, FieldErrors(errs).Err()
	}
	edits := make([]store.AdminEdit, len(in.IDs))
	for i, id := range in.IDs {
		edits[i] = store.AdminEdit{ID: id, Version: versions[i], Edit: check}
	}
	out, err := s.store.AdminUpdateAll(r.Context(), t, edits, adminActor(r))
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"updated": len(out), "records": out})
	return nil
}

// staffNewCounts answers GET /api/admin/new-counts: for each staffed tab
// (and the subscribers), how many records arrived since this admin last
// looked at it.
func (s *Server) staffNewCounts(w http.ResponseWriter, r *http.Request) error {
	counts, err := s.store.NewCounts(r.Context(), currentUser(r).ID)
	if err != nil {
		return err
	}
	for tab := range counts {
		if !mayTab(r, tab, false) {
			delete(counts, tab)
		}
	}
	writeJSON(w, r, http.StatusOK, counts)
	return nil
}

// staffSeen answers POST /api/admin/{tab}/seen: the admin has looked at
// the tab now.
func (s *Server) staffSeen(w http.ResponseWriter, r *http.Request) error {
	t, err := adminTab(r)
	if err != nil {
		return err
	}
	if err := s.store.MarkSeen(r.Context(), currentUser(r).ID, t.Name); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

var hhmm = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]$`)

// staffPrefs answers GET /api/users/me/notifications: how this admin
// hears of new submissions, and the zone the digest time is in.
func (s *Server) staffPrefs(w http.ResponseWriter, r *http.Request) error {
	p, err := s.store.GetStaffPrefs(r.Context(), currentUser(r).ID)
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"notify": p.Notify, "digestAt": p.DigestAt, "timeZone": s.zoneName()})
	return nil
}

// staffSetPrefs answers PUT /api/users/me/notifications {notify, digestAt}.
func (s *Server) staffSetPrefs(w http.ResponseWriter, r *http.Request) error {
	var in store.StaffPrefs
	if err := decodeJSON(r, &in, true); err != nil {
		return err
	}
	fe := FieldErrors{}
	if in.Notify != store.NotifyImmediate && in.Notify != store.NotifyDigest {
		fe.Add("notify", msgs.FieldMustImmediateOrDigest)
	}
	if in.DigestAt == "" {
		in.DigestAt = store.DefaultStaffPrefs.DigestAt
	}
	if !hhmm.MatchString(in.DigestAt) {
		fe.Add("digestAt", msgs.FieldMustTimeDayAsHhMmEG)
	}
	if err := fe.Err(); err != nil {
		return err
	}
	if err := s.store.SetStaffPrefs(r.Context(), currentUser(r).ID, in); err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"notify": in.Notify, "digestAt": in.DigestAt, "timeZone": s.zoneName()})
	return nil
}

func (s *Server) zoneName() string { return s.cfg.Zone.Name() }

// unsubscribeURL makes the link that stops mail to email, recorded in tx
// with the reply it goes in: /unsubscribe/{token}, an opaque random token
// stored only as its hash, so the link (and any log of it) says nothing of
// the address.
func (s *Server) unsubscribeURL(ctx context.Context, tx *store.Tx, email string) (string, error) {
	token := auth.NewToken()
	if err := store.AddUnsubscribeLink(ctx, tx, auth.HashToken(token), email, s.now()); err != nil {
		return "", err
	}
	return strings.TrimRight(s.mail.Site.PublicURL, "/") + "/unsubscribe/" + token, nil
}

var unsubscribePage = template.Must(template.New("u").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title></head>
<body style="font-family:Georgia,serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#2b2b2b">
<main><h1>{{.Title}}</h1><p>{{.Text}}</p><p><a href="/" style="color:#7a3e10">Go to the home page</a></p></main>
</body></html>`))

// unsubscribe answers GET /unsubscribe/{token}: the address in a valid
// link gets no more mail from the site (and leaves the coming-soon list);
// the page says so. Opening it twice changes nothing.
func (s *Server) unsubscribe(w http.ResponseWriter, r *http.Request) {
	page := struct{ Title, Text string }{"You are unsubscribed", "We will send no more emails to this address."}
	status := http.StatusOK
	token := r.PathValue("token")
	if !auth.LooksLikeToken(token) {
		status = http.StatusBadRequest
	} else if err := s.store.UnsubscribeByLink(r.Context(), auth.HashToken(token)); errors.Is(err, store.ErrNotFound) {
		status = http.StatusBadRequest
	} else if err != nil {
		status = http.StatusServiceUnavailable
	}
	switch status {
	case http.StatusBadRequest:
		page = struct{ Title, Text string }{"This link is not valid", "Please open the link exactly as it appears in the email, or write to us from the contact page."}
	case http.StatusServiceUnavailable:
		page = struct{ Title, Text string }{"Please try again", "We could not record your choice just now. Please open the link again in a few minutes."}
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = unsubscribePage.Execute(w, page)
}

// normalizeText makes every line break a "\n".
func normalizeText(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

// hasControl reports control characters other than line breaks and tabs.
func hasControl(s string) bool {
	for _, c := range s {
		if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f {
			return true
		}
	}
	return false
}

// staffImmediate are the addresses a new submission is mailed to at once:
// notify (SPDC_ADMIN_NOTIFY, when set) and every admin who chose
// immediate mail, each once.
func staffImmediate(ctx context.Context, q store.Querier, notify string) ([]string, error) {
	admins, err := store.ImmediateAdmins(ctx, q)
	if err != nil {
		return nil, err
	}
	var out []string
	if notify != "" {
		out = append(out, notify)
	}
	for _, a := range admins {
		if !slices.ContainsFunc(out, func(x string) bool { return strings.EqualFold(x, a) }) {
			out = append(out, a)
		}
	}
	return out, nil
}

// addFilter sets one filter of a list query, making the map when needed.
func addFilter(f map[string]string, key, v string) map[string]string {
	if f == nil {
		f = map[string]string{}
	}
	f[key] = v
	return f
}
