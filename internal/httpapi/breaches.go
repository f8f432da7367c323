package httpapi

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"spdc/internal/entity"
	"spdc/internal/i18n/msgs"
	"spdc/internal/mail"
	"spdc/internal/outbox"
	"spdc/internal/store"
)

// Breaches: the admins' record of each personal data breach, its
// checklist (with the 72-hour report to the Data Protection Board), and
// its notice, sent once to the affected people, one email each through
// the outbox. The affected people are chosen by the admin: every account
// (the program can reach each by the address it signed up with), or a
// list of addresses pasted in (for a breach that touched only some, say
// the hosts in one list), since a breach may touch people who have no
// account.

// Limits of a breach's text.
const (
	breachTextMax    = 4000
	breachContactMax = 1000
	// breachMaxAddresses bounds a pasted list; a larger group is better
	// reached as "every account".
	breachMaxAddresses = 5000
)

type breachInput struct {
	OccurredAt     string `json:"occurredAt"`
	FoundAt        string `json:"foundAt"`
	WhatHappened   string `json:"whatHappened"`
	DataAffected   string `json:"dataAffected"`
	PeopleAffected string `json:"peopleAffected"`
	Consequences   string `json:"consequences"`
	Measures       string `json:"measures"`
	Advice         string `json:"advice"`
	Contact        string `json:"contact"`
	Version        *int   `json:"__v"`
}

// breachTime reads a time the browser sent (RFC 3339).
func breachTime(fe FieldErrors, field, v string) time.Time {
	v = strings.TrimSpace(v)
	if v == "" {
		fe.Add(field, msgs.FieldRequired)
		return time.Time{}
	}
	t, err := time.Parse(time.RFC3339, v)
	if err != nil {
		fe.Add(field, msgs.FieldMustDateTime)
		return time.Time{}
	}
	return t.UTC()
}

// breachText checks one written part of a breach; required parts must not
// be empty.
func breachText(fe FieldErrors, field, v string, required bool, max int) string {
	v = strings.TrimSpace(strings.ReplaceAll(v, "\r\n", "\n"))
	switch {
	case v == "" && required:
		fe.Add(field, msgs.FieldRequired)
	case len([]rune(v)) > max:
		fe.Add(field, msgs.FieldMustAtMostNCharacters.With("n", max))
	case hasBadRune(v, true):
		fe.Add(field, msgs.FieldHoldsCharacterThatCannotSaved)
	}
	return v
}

// check validates in; needVersion for an update.
func (in *breachInput) check(now time.Time, needVersion bool) (store.BreachText, error) {
	fe := FieldErrors{}
	t := store.BreachText{
		OccurredAt:     breachTime(fe, "occurredAt", in.OccurredAt),
		FoundAt:        breachTime(fe, "foundAt", in.FoundAt),
		WhatHappened:   breachText(fe, "whatHappened", in.WhatHappened, true, breachTextMax),
		DataAffected:   breachText(fe, "dataAffected", in.DataAffected, true, breachTextMax),
		PeopleAffected: breachText(fe, "peopleAffected", in.PeopleAffected, true, breachTextMax),
		Consequences:   breachText(fe, "consequences", in.Consequences, false, breachTextMax),
		Measures:       breachText(fe, "measures", in.Measures, false, breachTextMax),
		Advice:         breachText(fe, "advice", in.Advice, false, breachTextMax),
		Contact:        breachText(fe, "contact", in.Contact, false, breachContactMax),
	}
	// A few minutes of clock difference between browser and server pass.
	if !t.FoundAt.IsZero() && t.FoundAt.After(now.Add(5*time.Minute)) {
		fe.Add("foundAt", msgs.FieldCannotInFuture)
	}
	if !t.OccurredAt.IsZero() && !t.FoundAt.IsZero() && t.OccurredAt.After(t.FoundAt) {
		fe.Add("occurredAt", msgs.FieldCannotAfterBreachWasFound)
	}
	if needVersion && in.Version == nil {
		fe.Add("__v", msgs.FieldRequired)
	}
	return t, fe.Err()
}

func breachJSON(b *store.Breach) map[string]any {
	var checks []map[string]any
	for _, it := range store.BreachChecklist {
		c := map[string]any{"item": it.Item, "label": it.Label, "done": false, "doneAt": nil, "doneBy": nil, "dueAt": nil}
		if it.Within > 0 {
			c["dueAt"] = rfc3339(b.FoundAt.Add(it.Within))
		}
		if d, ok := b.Checks[it.Item]; ok {
			c["done"], c["doneAt"], c["doneBy"] = true, rfc3339(d.DoneAt), orErased(d.DoneBy)
		}
		checks = append(checks, c)
	}
	var notice any
	if b.NoticeSentAt != nil {
		notice = map[string]any{"sentAt": rfc3339(*b.NoticeSentAt), "sentBy": orErased(b.NoticeSentBy),
			"audience": b.NoticeAudience, "count": b.NoticeCount}
	}
	return map[string]any{
		"_id": b.ID, "occurredAt": rfc3339(b.OccurredAt), "foundAt": rfc3339(b.FoundAt),
		"whatHappened": b.WhatHappened, "dataAffected": b.DataAffected, "peopleAffected": b.PeopleAffected,
		"consequences": b.Consequences, "measures": b.Measures, "advice": b.Advice, "contact": b.Contact,
		"boardReportDueAt": rfc3339(b.FoundAt.Add(store.BoardReportWithin)),
		"recordedBy":       orErased(b.RecordedBy), "notice": notice, "checklist": checks,
		"__v": b.Version, "createdAt": rfc3339(b.CreatedAt), "updatedAt": rfc3339(b.UpdatedAt),
	}
}

// orErased names an admin whose account is gone.
func orErased(email string) string {
	if email == "" {
		return "(an erased account)"
	}
	return email
}

// listBreaches answers GET /api/admin/breaches.
func (s *Server) listBreaches(w http.ResponseWriter, r *http.Request) error {
	bs, err := s.store.Breaches(r.Context())
	if err != nil {
		return err
	}
	out := make([]map[string]any, len(bs))
	for i, b := range bs {
		out[i] = breachJSON(b)
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"breaches": out})
	return nil
}

// recordBreach answers POST /api/admin/breaches.
func (s *Server) recordBreach(w http.ResponseWriter, r *http.Request) error {
	var in breachInput
	if err := decodeJSON(r, &in, true); err != nil {
		return err
	}
	t, err := in.check(s.now(), false)
	if err != nil {
		return err
	}
	b, err := s.store.RecordBreach(r.Context(), t, adminActor(r))
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusCreated, map[string]any{"message": msgs.BreachBreachRecorded, "breach": breachJSON(b)})
	return nil
}

// updateBreach answers PUT /api/admin/breaches/{id} with the whole text
// and __v.
func (s *Server) updateBreach(w http.ResponseWriter, r *http.Request) error {
	var in breachInput
	if err := decodeJSON(r, &in, true); err != nil {
		return err
	}
	t, err := in.check(s.now(), true)
	if err != nil {
		return err
	}
	id, err := adminID(r)
	if err != nil {
		return err
	}
	b, err := s.store.UpdateBreach(r.Context(), id, *in.Version, t, adminActor(r))
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"message": msgs.BreachBreachSaved, "breach": breachJSON(b)})
	return nil
}

// checkBreach answers PUT /api/admin/breaches/{id}/checklist/{item} with
// {done}.
func (s *Server) checkBreach(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Done *bool `json:"done"`
	}
	if err := decodeJSON(r, &in, true); err != nil {
		return err
	}
	if in.Done == nil {
		return FieldErrors{"done": msgs.FieldRequiredTrueFalse}
	}
	id, err := adminID(r)
	if err != nil {
		return err
	}
	if store.BreachCheckByItem(r.PathValue("item")) == nil {
		return errorf(http.StatusNotFound, msgs.BreachThereNoSuchChecklistItem)
	}
	b, err := s.store.CheckBreach(r.Context(), id, r.PathValue("item"), *in.Done, adminActor(r))
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"breach": breachJSON(b)})
	return nil
}

// splitAddresses reads a pasted list of addresses: separated by line
// breaks, commas, semicolons or spaces, each normalised, duplicates
// dropped. bad lists what is not an address.
func splitAddresses(s string) (good, bad []string) {
	seen := map[string]bool{}
	for _, f := range strings.FieldsFunc(s, func(r rune) bool {
		return r == ',' || r == ';' || r == '\n' || r == '\r' || r == ' ' || r == '\t'
	}) {
		addr, err := entity.NormalizeEmail(strings.Trim(f, "<>\"'"))
		if err != nil {
			bad = append(bad, f)
			continue
		}
		if !seen[addr] {
			seen[addr] = true
			good = append(good, addr)
		}
	}
	return good, bad
}

// sendBreachNotice answers POST /api/admin/breaches/{id}/notice with
// {audience: "accounts"|"addresses", addresses}: the notice goes once,
// one email per person, and only when every part of it is written.
func (s *Server) sendBreachNotice(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Audience  string `json:"audience"`
		Addresses string `json:"addresses"`
	}
	if err := decodeJSON(r, &in, true); err != nil {
		return err
	}
	fe := FieldErrors{}
	var addrs []string
	switch in.Audience {
	case store.AudienceAccounts:
	case store.AudienceAddresses:
		good, bad := splitAddresses(in.Addresses)
		switch {
		case len(bad) > 0:
			if len(bad) > 5 {
				bad = append(bad[:5], "…")
			}
			fe.Add("addresses", msgs.FieldTheseAreNotEmailAddressesList.With("list", strings.Join(bad, ", ")))
		case len(good) == 0:
			fe.Add("addresses", msgs.FieldRequiredPasteAddressesAffectedPeople)
		case len(good) > breachMaxAddresses:
			fe.Add("addresses", msgs.FieldMayHoldAtMostNAddressesForMore.With("n", breachMaxAddresses))
		}
		addrs = good
	case "":
		fe.Add("audience", msgs.FieldRequiredEveryAccountOrListAddresses)
	default:
		fe.Add("audience", msgs.FieldMustAccountsOrAddresses)
	}
	if err := fe.Err(); err != nil {
		return err
	}
	id, err := adminID(r)
	if err != nil {
		return err
	}
	ready := func(b *store.Breach) error {
		fe := FieldErrors{}
		for _, p := range []struct{ field, v string }{
			{"whatHappened", b.WhatHappened}, {"dataAffected", b.DataAffected}, {"consequences", b.Consequences},
			{"measures", b.Measures}, {"advice", b.Advice}, {"contact", b.Contact},
		} {
			if p.v == "" {
				fe.Add(p.field, msgs.FieldMustWrittenBeforeNoticeSent)
			}
		}
		return fe.Err()
	}
	queue := func(q store.Querier, b *store.Breach, to, lang string) error {
		m, err := s.mail.In(lang).BreachNotice(to, mail.Breach{Occurred: b.OccurredAt, Found: b.FoundAt, WhatHappened: b.WhatHappened,
			DataAffected: b.DataAffected, Consequences: b.Consequences, Measures: b.Measures, Advice: b.Advice, Contact: b.Contact})
		if err != nil {
			return err
		}
		return outbox.Enqueue(r.Context(), q, s.now(), m)
	}
	b, err := s.store.SendBreachNotice(r.Context(), id, in.Audience, addrs, adminActor(r), ready, queue)
	if errors.Is(err, store.ErrNoticeSent) {
		return errorf(http.StatusConflict, msgs.BreachNoticeBreachHasAlreadyBeenSent)
	}
	if err != nil {
		return err
	}
	s.notify()
	writeJSON(w, r, http.StatusOK, map[string]any{
		"message": fmt.Sprintf("The notice is on its way to %d %s.", b.NoticeCount, plural(b.NoticeCount, "person", "people")),
		"breach":  breachJSON(b),
	})
	return nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
