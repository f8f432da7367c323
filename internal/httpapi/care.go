package httpapi

// The care register's API: an elder's whole care record (opening it is
// written to the access log), its owner, status and next contact; needs
// assessments; the care plan with suggested volunteers; the contact log;
// the partners directory; and the elder's own view of who looks after
// them. Each form is checked field by field against the entity
// definitions, dates against the program's own day; two edits of one
// record or action from the same version meet a 409 that carries the
// version now stored.

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"spdc/internal/entity"
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/roles"
	"spdc/internal/store"
)

// today is the program's current day, YYYY-MM-DD, in its time zone.
func (s *Server) today() string {
	return s.cfg.Zone.In(s.now()).Format(time.DateOnly)
}

// careRecordID resolves {id} to an existing care record.
func (s *Server) careRecordID(r *http.Request) (*store.CareRecord, error) {
	id := r.PathValue("id")
	if !store.ValidID(id) {
		return nil, errorf(http.StatusNotFound, msgs.CareNoSuchRecord)
	}
	rec, err := store.CareRecordByID(r.Context(), s.store.Reader(), id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, errorf(http.StatusNotFound, msgs.CareNoSuchRecord)
	}
	return rec, err
}

// careRecordJSON is the whole care record as GET /api/admin/care/{id}
// answers it.
type careRecordJSON struct {
	*store.CareRecord
	Assessments []store.CareAssessment `json:"assessments"`
	Needs       []store.CareNeed       `json:"needs"`
	Actions     []store.CareAction     `json:"actions"`
	Contacts    []store.CareContact    `json:"contacts"`
	Payments    any                    `json:"payments"`
}

// careWhole reads everything the record's page shows.
func (s *Server) careWhole(r *http.Request, rec *store.CareRecord) (*careRecordJSON, error) {
	ctx, q := r.Context(), s.store.Reader()
	out := &careRecordJSON{CareRecord: rec}
	var err error
	if out.Assessments, err = store.CareAssessments(ctx, q, rec.ID); err != nil {
		return nil, err
	}
	if out.Actions, err = store.CareActions(ctx, q, rec.ID); err != nil {
		return nil, err
	}
	out.Needs = store.CareNeedsOf(out.Assessments, out.Actions)
	if out.Contacts, err = store.CareContacts(ctx, q, rec.ID, "", store.CareContactsPage); err != nil {
		return nil, err
	}
	if out.Payments, err = store.CarePaymentsOf(ctx, q, rec.ID); err != nil {
		return nil, err
	}
	return out, nil
}

// careGet answers GET /api/admin/care/{id}: the whole record, once the
// look is in the access log. The list's CSV (care/export.csv) shares the
// pattern and goes to the lists' file handler.
func (s *Server) careGet(w http.ResponseWriter, r *http.Request) error {
	if id := r.PathValue("id"); !store.ValidID(id) && strings.Contains(id, ".") {
		r.SetPathValue("tab", entity.Care.Name)
		r.SetPathValue("file", id)
		return s.adminFile(w, r)
	}
	rec, err := s.careRecordID(r)
	if err != nil {
		return err
	}
	if err := s.logLook(r, store.AccessOpen, entity.Care.Name, rec.ID); err != nil {
		return err
	}
	out, err := s.careWhole(r, rec)
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, out)
	return nil
}

// careConflict is the 409 of an edit made from a version no longer
// stored: the message, and the record or action as it is now (its __v the
// current version) beside the version the edit was made from.
func careConflict(current any, sent int) error {
	return &Error{Status: http.StatusConflict, Msg: msgs.ApiRecordWasChangedBySomeoneElse,
		Current: current, SentVersion: &sent}
}

// checkCareStaff refuses, under key, an id that is not a member of
// staff who may work in the register ("" passes unless required).
func (s *Server) checkCareStaff(r *http.Request, key, id string, fe FieldErrors) error {
	if _, bad := fe[key]; id == "" || bad {
		return nil
	}
	if !store.ValidID(id) {
		fe.Add(key, msgs.FieldMustCareStaffId)
		return nil
	}
	held, err := s.store.UserRoles(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		held, err = nil, nil
	}
	if err != nil {
		return err
	}
	if !roles.Has(held, roles.CareWrite) {
		fe.Add(key, msgs.FieldMustCareStaffId)
	}
	return nil
}

// careUpdate answers PUT /api/admin/care/{id} {ownerId, status,
// nextContactDue, __v}: the whole record as saved.
func (s *Server) careUpdate(w http.ResponseWriter, r *http.Request) error {
	rec, err := s.careRecordID(r)
	if err != nil {
		return err
	}
	t := store.AdminTabByName(entity.Care.Name)
	body, err := readForm(r)
	if err != nil {
		return err
	}
	fe := FieldErrors{}
	for k := range body {
		if k != "__v" && k != entity.CareOwnerKey && k != "status" && k != "nextContactDue" {
			fe.Add(k, msgs.FieldNotFieldThatCanSetHere)
		}
	}
	version, _, err := adminParseEdit(t, body)
	var bad *Error
	if errors.As(err, &bad) {
		for k, v := range bad.Fields {
			fe.Add(k, v)
		}
	} else if err != nil {
		return err
	}
	if raw, ok := body[entity.CareOwnerKey]; ok {
		var owner string
		if json.Unmarshal(raw, &owner) != nil && string(raw) != "null" {
			fe.Add(entity.CareOwnerKey, msgs.FieldMustText)
		} else if err := s.checkCareStaff(r, entity.CareOwnerKey, strings.TrimSpace(owner), fe); err != nil {
			return err
		}
	}
	if err := fe.Err(); err != nil {
		return err
	}
	_, err = s.store.AdminUpdate(r.Context(), t, rec.ID, version, adminActor(r), func(before *store.Record) (map[string]any, error) {
		set, errs := t.Def.CheckEdit(body, before.Get, s.now())
		return set, FieldErrors(errs).Err()
	})
	if errors.Is(err, store.ErrConflict) {
		cur, cerr := store.CareRecordByID(r.Context(), s.store.Reader(), rec.ID)
		if cerr != nil {
			return cerr
		}
		return careConflict(cur, version)
	}
	if err != nil {
		return err
	}
	if rec, err = store.CareRecordByID(r.Context(), s.store.Reader(), rec.ID); err != nil {
		return err
	}
	out, err := s.careWhole(r, rec)
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, out)
	return nil
}

// careBody reads a form of the register: a JSON object whose keys are
// the entity's form fields and extra; any other key is refused.
func careBody(r *http.Request, e *entity.Entity, extra ...string) (map[string]json.RawMessage, FieldErrors, error) {
	body, err := readForm(r)
	if err != nil {
		return nil, nil, err
	}
	fe := FieldErrors{}
	for k := range body {
		if f := e.Field(k); (f == nil || !f.Form) && !slices.Contains(extra, k) {
			fe.Add(k, msgs.FieldNotFieldThatCanSetHere)
		}
	}
	return body, fe, nil
}

// answerAdded ends a handler that adds one row: the form's problems in fe
// (if any) are the answer and nothing is saved; else add saves the row as
// the signed-in staff member and the answer is 201 with what it returns.
func answerAdded[T any](w http.ResponseWriter, r *http.Request, fe FieldErrors, add func(store.Actor) (T, error)) error {
	if err := fe.Err(); err != nil {
		return err
	}
	out, err := add(adminActor(r))
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusCreated, out)
	return nil
}

// checkForm runs the entity's field rules over body into fe (under
// prefix) and returns the clean values as text.
func (s *Server) checkForm(e *entity.Entity, body map[string]json.RawMessage, prefix string, fe FieldErrors) map[string]string {
	values, errs := e.CheckForm(body, s.now())
	for k, msg := range errs {
		fe.Add(prefix+k, msg)
	}
	out := map[string]string{}
	for k, v := range values {
		if str, ok := v.(string); ok {
			out[k] = str
		}
	}
	return out
}

// notAfterToday refuses, under key, a day after the program's today (an
// assessment or a contact that has not happened yet).
func (s *Server) notAfterToday(key, day string, fe FieldErrors) {
	if _, bad := fe[key]; day != "" && !bad && day > s.today() {
		fe.Add(key, entity.MsgCareFuture)
	}
}

// careAssess answers POST /api/admin/care/{id}/assessments: 201 with the
// assessment saved; the record's reassessment falls due a year after its
// latest assessment.
func (s *Server) careAssess(w http.ResponseWriter, r *http.Request) error {
	rec, err := s.careRecordID(r)
	if err != nil {
		return err
	}
	body, fe, err := careBody(r, entity.CareAssessments, "needs")
	if err != nil {
		return err
	}
	v := s.checkForm(entity.CareAssessments, body, "", fe)
	s.notAfterToday("assessedOn", v["assessedOn"], fe)
	a := &store.CareAssessment{RecordID: rec.ID, AssessedOn: v["assessedOn"], Health: v["health"], Mobility: v["mobility"],
		Living: v["living"], Income: v["income"], Family: v["family"], Spiritual: v["spiritual"], Risks: v["risks"],
		Needs: []store.CareNeed{}}
	var needs []map[string]json.RawMessage
	if raw, ok := body["needs"]; ok && string(raw) != "null" {
		if err := json.Unmarshal(raw, &needs); err != nil {
			fe.Add("needs", msgs.FieldMustListServicePriority)
		}
	}
	if len(needs) > len(entity.CareServices) {
		fe.Add("needs", msgs.FieldMayListAtMostServices.With("n", len(entity.CareServices)))
	}
	seen := map[string]bool{}
	for i, n := range needs {
		prefix := fmt.Sprintf("needs.%d.", i)
		for k := range n {
			if entity.CareNeeds.Field(k) == nil {
				fe.Add(prefix+k, msgs.FieldNotFieldThatCanSetHere)
			}
		}
		nv := s.checkForm(entity.CareNeeds, n, prefix, fe)
		if seen[nv["service"]] && nv["service"] != "" {
			fe.Add(prefix+"service", msgs.CareServiceAlreadyListed)
		}
		seen[nv["service"]] = true
		a.Needs = append(a.Needs, store.CareNeed{Service: nv["service"], Priority: nv["priority"]})
	}
	return answerAdded(w, r, fe, func(actor store.Actor) (*store.CareAssessment, error) {
		return a, s.store.AddCareAssessment(r.Context(), a, actor)
	})
}

// careActionInput checks an action's form into a (and the version, for
// an edit).
func (s *Server) careActionInput(r *http.Request, a *store.CareAction, edit bool) (int, error) {
	var extra []string
	if edit {
		extra = []string{"__v", "_id"}
	}
	body, fe, err := careBody(r, entity.CareActions, extra...)
	if err != nil {
		return 0, err
	}
	version := 0
	if edit {
		if raw, ok := body["__v"]; !ok || string(raw) == "null" {
			fe.Add("__v", msgs.FieldRequiredSendVersionActionEdited)
		} else if err := json.Unmarshal(raw, &version); err != nil || version < 0 {
			fe.Add("__v", msgs.FieldMustWholeNumber)
		}
	}
	v := s.checkForm(entity.CareActions, body, "", fe)
	a.Service, a.Action, a.ResponsibleID, a.TargetDate, a.Status = v["service"], v["action"], v["responsibleId"], v["targetDate"], v["status"]
	a.VolunteerID, a.HostID, a.PartnerID = v["volunteerId"], v["hostId"], v["partnerId"]
	a.StayFrom, a.StayTo, a.StayPlace = v["stayFrom"], v["stayTo"], v["stayPlace"]
	if err := s.checkCareStaff(r, "responsibleId", a.ResponsibleID, fe); err != nil {
		return 0, err
	}
	if a.StayFrom != "" && a.StayTo != "" && a.StayTo < a.StayFrom {
		fe.Add("stayTo", msgs.CareStayEndsBeforeBegins)
	}
	if (a.StayFrom != "" || a.StayTo != "" || a.StayPlace != "") && a.HostID == "" {
		fe.Add("hostId", msgs.CareChooseStayHost)
	}
	links := map[string]i18n.Msg{"volunteerId": msgs.CareNoSuchVolunteer, "hostId": msgs.CareNoSuchHostOffer, "partnerId": msgs.CareNoSuchPartner}
	for key, id := range map[string]string{"volunteerId": a.VolunteerID, "hostId": a.HostID, "partnerId": a.PartnerID} {
		if id != "" && !store.ValidID(id) {
			fe.Add(key, links[key])
		}
	}
	if len(fe) == 0 {
		exist, err := s.store.CareLinksExist(r.Context(), a)
		if err != nil {
			return 0, err
		}
		for key, ok := range exist {
			if !ok {
				fe.Add(key, links[key])
			}
		}
	}
	return version, fe.Err()
}

// careAddAction answers POST /api/admin/care/{id}/actions: 201 with the
// action, the names it links to filled in.
func (s *Server) careAddAction(w http.ResponseWriter, r *http.Request) error {
	rec, err := s.careRecordID(r)
	if err != nil {
		return err
	}
	a := &store.CareAction{RecordID: rec.ID}
	if _, err := s.careActionInput(r, a, false); err != nil {
		return err
	}
	return answerAdded(w, r, nil, func(actor store.Actor) (*store.CareAction, error) {
		return a, stayFull(s.store.AddCareAction(r.Context(), a, actor))
	})
}

// careUpdateAction answers PUT /api/admin/care/{id}/actions/{actionId}:
// the action as saved, or 409 with the action as it is now.
func (s *Server) careUpdateAction(w http.ResponseWriter, r *http.Request) error {
	rec, err := s.careRecordID(r)
	if err != nil {
		return err
	}
	id := r.PathValue("actionId")
	if !store.ValidID(id) {
		return errorf(http.StatusNotFound, msgs.CareNoSuchAction)
	}
	a := &store.CareAction{ID: id, RecordID: rec.ID}
	if _, err := store.CareActionByID(r.Context(), s.store.Reader(), rec.ID, id); errors.Is(err, store.ErrNotFound) {
		return errorf(http.StatusNotFound, msgs.CareNoSuchAction)
	} else if err != nil {
		return err
	}
	version, err := s.careActionInput(r, a, true)
	if err != nil {
		return err
	}
	cur, err := s.store.UpdateCareAction(r.Context(), a, version, adminActor(r))
	switch {
	case errors.Is(err, store.ErrConflict):
		return careConflict(cur, version)
	case errors.Is(err, store.ErrNotFound):
		return errorf(http.StatusNotFound, msgs.CareNoSuchAction)
	case err != nil:
		return stayFull(err)
	}
	writeJSON(w, r, http.StatusOK, a)
	return nil
}

// setHostCapacity answers PUT /api/admin/hosts/{id}/capacity {capacity}:
// how many elders the host offer takes at once (a whole number the
// offer's definition bounds), 200 with it.
func (s *Server) setHostCapacity(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	if !store.ValidID(id) {
		return errorf(http.StatusNotFound, msgs.CareNoSuchHostOffer)
	}
	body, fe, err := careBody(r, &entity.Entity{}, entity.HostCapacityKey)
	if err != nil {
		return err
	}
	f := entity.Hosts.Field(entity.HostCapacityKey)
	raw, ok := body[entity.HostCapacityKey]
	if !ok {
		raw = json.RawMessage("null")
	}
	v, msg := f.CheckJSON(raw, s.now())
	n, _ := v.(int64)
	if string(raw) == "null" {
		msg = f.Range.Message() // a capacity must be given
	}
	if !msg.IsZero() {
		fe.Add(entity.HostCapacityKey, msg)
	}
	if err := fe.Err(); err != nil {
		return err
	}
	err = s.store.SetHostCapacity(r.Context(), id, n, adminActor(r))
	if errors.Is(err, store.ErrNotFound) {
		return errorf(http.StatusNotFound, msgs.CareNoSuchHostOffer)
	}
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, map[string]any{entity.HostCapacityKey: n})
	return nil
}

// stayFull refuses, as a 400 naming the host and the stay's days, a stay
// that would take more elders than its host can have at once; any other
// error is returned as it is.
func stayFull(err error) error {
	var full *store.StayFullError
	if !errors.As(err, &full) {
		return err
	}
	msg := msgs.CareStayOverCapacity.With("n", full.Capacity).With("day", full.Day)
	return &Error{Status: http.StatusBadRequest, Msg: msg, Fields: map[string]i18n.Msg{"hostId": msg, "stayFrom": msg, "stayTo": msg}, cause: err}
}

// careMatches answers GET /api/admin/care/{id}/matches?service=S: the
// volunteers suggested for the service, best first.
func (s *Server) careMatches(w http.ResponseWriter, r *http.Request) error {
	rec, err := s.careRecordID(r)
	if err != nil {
		return err
	}
	service := r.URL.Query().Get("service")
	if !slices.Contains(entity.CareServices, service) {
		return FieldErrors{"service": msgs.FieldMustOneOptions.With("options", strings.Join(entity.CareServices, ", "))}.Err()
	}
	list, err := s.store.MatchVolunteers(r.Context(), rec, service)
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"volunteers": list})
	return nil
}

// careAddContact answers POST /api/admin/care/{id}/contacts: 201 with the
// contact; the record's last contact and next contact's day follow it.
func (s *Server) careAddContact(w http.ResponseWriter, r *http.Request) error {
	rec, err := s.careRecordID(r)
	if err != nil {
		return err
	}
	body, fe, err := careBody(r, entity.CareContacts)
	if err != nil {
		return err
	}
	v := s.checkForm(entity.CareContacts, body, "", fe)
	s.notAfterToday("contactOn", v["contactOn"], fe)
	if v["nextDue"] != "" && v["contactOn"] != "" && v["nextDue"] < v["contactOn"] {
		fe.Add("nextDue", msgs.CareNextContactBeforeThis)
	}
	c := &store.CareContact{RecordID: rec.ID, ContactOn: v["contactOn"], Kind: v["kind"], Summary: v["summary"], NextDue: v["nextDue"]}
	return answerAdded(w, r, fe, func(actor store.Actor) (*store.CareContact, error) {
		return c, s.store.AddCareContact(r.Context(), c, actor)
	})
}

// careContacts answers GET /api/admin/care/{id}/contacts?cursor=: a page
// of the contact log, newest first, and the cursor of the next page
// (nextCursor, "" after the last).
func (s *Server) careContacts(w http.ResponseWriter, r *http.Request) error {
	rec, err := s.careRecordID(r)
	if err != nil {
		return err
	}
	list, err := store.CareContacts(r.Context(), s.store.Reader(), rec.ID, r.URL.Query().Get("cursor"), store.CareContactsPage)
	if errors.Is(err, store.ErrBadCursor) {
		return FieldErrors{"cursor": msgs.FieldNotPlaceInContactLog}.Err()
	}
	if err != nil {
		return err
	}
	next := ""
	if len(list) == store.CareContactsPage {
		next = list[len(list)-1].Cursor()
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"contacts": list, "nextCursor": next})
	return nil
}

// addPartner answers POST /api/admin/partners {kind, name, city, phone,
// email, notes}: 201 with the partner as the partners list shows it.
func (s *Server) addPartner(w http.ResponseWriter, r *http.Request) error {
	body, fe, err := careBody(r, entity.Partners)
	if err != nil {
		return err
	}
	v := s.checkForm(entity.Partners, body, "", fe)
	p := &store.Partner{Kind: v["kind"], Name: v["name"], City: v["city"], Phone: v["phone"], Email: v["email"], Notes: v["notes"]}
	return answerAdded(w, r, fe, func(actor store.Actor) (*store.Record, error) {
		return s.store.AddPartner(r.Context(), p, actor)
	})
}

// careRules read the care list's own filters.
var careRules = adminRules{query: (*Server).careListFilters}

// careListFilters reads the care list's own filters: ?owner= (a staff
// id, "me" or "none") and ?due=contact|assessment.
func (s *Server) careListFilters(r *http.Request, q *store.AdminQuery, fe FieldErrors) {
	v := r.URL.Query()
	if owner := v.Get("owner"); owner != "" {
		switch {
		case owner == "me":
			q.Filters = addFilter(q.Filters, store.CareFilterOwner, currentUser(r).ID)
		case owner == "none":
			q.Filters = addFilter(q.Filters, store.CareFilterOwner, "")
		case store.ValidID(owner):
			q.Filters = addFilter(q.Filters, store.CareFilterOwner, owner)
		default:
			fe.Add("owner", msgs.FieldMustMeNoneOrStaffId)
		}
	}
	// The elders due for a contact or a reassessment are listed, unless
	// another order is asked for, by the day it fell due, the longest
	// waiting first: who to call first. That order is also the due
	// filter's own index, so the page is read from it without sorting
	// every due record (10,000 of 100,000 elders newest first: 200 ms).
	due, sortBy := v.Get("due"), ""
	switch due {
	case "":
	case "contact":
		q.Filters = addFilter(q.Filters, store.CareFilterDueContact, s.today())
		sortBy = "nextContactDue"
	case "assessment":
		q.Filters = addFilter(q.Filters, store.CareFilterDueAssessment, s.today())
		sortBy = "reassessmentDue"
	default:
		fe.Add("due", msgs.FieldMustContactOrAssessment)
	}
	if q.Sort == "" {
		q.Sort = sortBy
	}
}

// myCareJSON is what elders see of their own care record.
type myCareJSON struct {
	Coordinator    *coordinatorJSON `json:"coordinator"`
	NextContactDue string           `json:"nextContactDue"`
}

type coordinatorJSON struct {
	FullName string `json:"fullName"`
	Email    string `json:"email"`
	Phone    string `json:"phone"`
}

// myCare answers GET /api/users/me/care: the elder's coordinator (null
// until one is chosen) and the day of the next contact; 404 for a person
// without a care record.
func (s *Server) myCare(w http.ResponseWriter, r *http.Request) error {
	rec, err := s.store.CareRecordOfUser(r.Context(), currentUser(r).ID)
	if errors.Is(err, store.ErrNotFound) {
		return errorf(http.StatusNotFound, msgs.CareNoCareRecord)
	}
	if err != nil {
		return err
	}
	out := myCareJSON{NextContactDue: rec.NextContactDue}
	if rec.OwnerID != "" {
		u, err := s.store.UserByID(r.Context(), rec.OwnerID)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return err
		}
		if u != nil {
			out.Coordinator = &coordinatorJSON{FullName: u.FullName, Email: u.Email, Phone: u.Mobile}
		}
	}
	writeJSON(w, r, http.StatusOK, out)
	return nil
}
