package httpapi

import (
	"errors"
	"net/http"
	"strings"

	"spdc/internal/i18n/msgs"
	"spdc/internal/store"
)

// Assisted submissions: the helper's list of what they sent for others
// (My Account), the admins' list, and the guardian's order an admin
// records for a consent a lawful guardian gave.

func assistedJSON(e store.AssistedEntry) map[string]any {
	var guardian any
	if g := e.Guardian; g != nil {
		guardian = map[string]any{"name": g.Name, "authority": g.Authority, "orderRef": g.OrderRef, "orderDate": g.OrderDate,
			"recordedBy": orErased(g.RecordedBy), "recordedAt": rfc3339(g.RecordedAt)}
	}
	var withdrawn any
	if e.WithdrawnAt != nil {
		withdrawn = rfc3339(*e.WithdrawnAt)
	}
	return map[string]any{
		"_id": e.ConsentID, "form": e.Notice, "recordTable": e.RecordTable, "recordId": e.RecordID, "ref": e.Ref,
		"consentMethod": e.Method, "noticeLanguage": e.Language, "noticeVersion": e.NoticeVersion,
		"witnessName": e.WitnessName, "witnessContact": e.WitnessContact, "helper": orErased(e.HelperEmail),
		"givenAt": rfc3339(e.GivenAt), "withdrawnAt": withdrawn, "guardian": guardian,
		// A guardian's consent stands only once an admin has recorded the order.
		"guardianOrderNeeded": e.Method == store.MethodGuardian && e.Guardian == nil,
	}
}

func writeAssisted(w http.ResponseWriter, r *http.Request, list []store.AssistedEntry) {
	out := make([]map[string]any, len(list))
	for i, e := range list {
		out[i] = assistedJSON(e)
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"assisted": out})
}

// myAssisted answers GET /api/users/me/assisted: what the signed-in
// person sent on behalf of others.
func (s *Server) myAssisted(w http.ResponseWriter, r *http.Request) error {
	list, err := s.store.AssistedBy(r.Context(), currentUser(r).ID)
	if err != nil {
		return err
	}
	writeAssisted(w, r, list)
	return nil
}

// adminAssisted answers GET /api/admin/assisted.
func (s *Server) adminAssisted(w http.ResponseWriter, r *http.Request) error {
	list, err := s.store.AssistedAll(r.Context())
	if err != nil {
		return err
	}
	writeAssisted(w, r, list)
	return nil
}

// recordGuardianOrder answers PUT /api/admin/assisted/{id}/guardian with
// the order appointing the guardian who consented: {name, authority,
// orderRef, orderDate}.
func (s *Server) recordGuardianOrder(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Name      string `json:"name"`
		Authority string `json:"authority"`
		OrderRef  string `json:"orderRef"`
		OrderDate string `json:"orderDate"`
	}
	if err := decodeJSON(r, &in, true); err != nil {
		return err
	}
	f := newFormInput()
	g := store.Guardian{
		Name:      f.name("name", in.Name, msgs.FieldRequiredGuardianName),
		Authority: f.text("authority", in.Authority, msgs.FieldRequiredAuthority, 200, false),
		OrderRef:  f.text("orderRef", in.OrderRef, msgs.FieldRequiredOrderRef, 100, false),
	}
	date, at, ok := f.date("orderDate", in.OrderDate, msgs.FieldRequiredOrderDate)
	if ok && at.After(s.now()) {
		f.errs.Add("orderDate", msgs.FieldCannotInFuture)
	}
	g.OrderDate = strings.TrimSpace(date)
	if err := f.err(); err != nil {
		return err
	}
	id, err := adminID(r)
	if err != nil {
		return err
	}
	e, err := s.store.RecordGuardianOrder(r.Context(), id, g, adminActor(r))
	if errors.Is(err, store.ErrNotGuardian) {
		return errorf(http.StatusConflict, msgs.BreachConsentWasGivenByElderNot)
	}
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"message": msgs.BreachGuardianSOrderRecorded, "assisted": assistedJSON(e)})
	return nil
}
