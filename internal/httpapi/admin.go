package httpapi

// The admin dashboard's API: lists with server-side search,
// paging and sorting, the streamed CSV export, edits and deletes. The rules
// on what an admin may edit or delete are enforced here, whatever the
// client does; those of one entity are declared beside it (adminRules).
// Every write is audited by the store in the same transaction.

import (
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"spdc/internal/entity"
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/store"
)

// The admin messages, shared by the dashboard's toasts and the API.
var (
	msgEditNotAllowed = msgs.AdminEditingNotAllowedForType
	msgDelNotAllowed  = msgs.AdminDeleteNotAllowedForType
	msgEntryDeleted   = msgs.AdminEntryDeletedSuccessfully
)

// Paging limits of the admin lists: the page offers 5 to 200 rows; Full
// List asks without paging parameters.
const (
	adminMaxPageSize = 1000
	adminMaxSearch   = 200
)

// adminTab resolves {tab}.
func adminTab(r *http.Request) (*store.AdminTab, error) {
	t := store.AdminTabByName(r.PathValue("tab"))
	if t == nil {
		return nil, errorf(http.StatusNotFound, msgs.ApiThereNoSuchList)
	}
	return t, nil
}

func adminID(r *http.Request) (string, error) {
	id := r.PathValue("id")
	if !store.ValidID(id) {
		return "", errorf(http.StatusBadRequest, msgs.ApiRecordIdNotValid)
	}
	return id, nil
}

func adminActor(r *http.Request) store.Actor {
	u := currentUser(r)
	return store.Actor{ID: u.ID, Email: u.Email}
}

// adminQuery reads ?q=&page=&pageSize=&sort=, and ?<key>= for each of
// the tab's filter fields (the mail tab's ?status=). Without page and
// pageSize the whole list is answered, as a client that does not page
// expects.
func (s *Server) adminQuery(r *http.Request, t *store.AdminTab) (store.AdminQuery, error) {
	v := r.URL.Query()
	q := store.AdminQuery{Search: strings.TrimSpace(v.Get("q")), Sort: strings.TrimSpace(v.Get("sort"))}
	fe := FieldErrors{}
	if utf8.RuneCountInString(q.Search) > adminMaxSearch {
		fe.Add("q", msgs.FieldMustAtMostNCharacters.With("n", adminMaxSearch))
	}
	if !utf8.ValidString(q.Search) {
		fe.Add("q", msgs.FieldNotValidText)
	}
	if q.Sort != "" {
		f := t.Field(strings.TrimPrefix(q.Sort, "-"))
		if f == nil || !f.Sortable {
			fe.Add("sort", msgs.FieldCannotSortByValue.With("value", strconv.Quote(q.Sort)))
		}
	}
	for _, key := range t.FilterKeys {
		val := v.Get(key)
		if val == "" {
			continue
		}
		if key == entity.AssigneeKey {
			if id, ok := assigneeFilter(r, val, fe); ok {
				q.Filters = addFilter(q.Filters, key, id)
			}
			continue
		}
		opts := t.Field(key).Def.Options
		if !slices.Contains(opts, val) {
			fe.Add(key, msgs.FieldMustOptions.With("options", i18n.Choices(opts)))
			continue
		}
		if q.Filters == nil {
			q.Filters = map[string]string{}
		}
		q.Filters[key] = val
	}
	if own := tabRules[t.Name].query; own != nil {
		own(s, r, &q, fe)
	}
	if ids := v.Get("ids"); ids != "" {
		// Just the rows picked on the page (export of a selection).
		list := strings.Split(ids, ",")
		if len(list) > bulkMax || slices.ContainsFunc(list, func(id string) bool { return !store.ValidID(id) }) {
			fe.Add("ids", msgs.FieldMustUpNRecordIdsSeparatedByCommas.With("n", bulkMax))
		} else {
			q.Filters = addFilter(q.Filters, store.FilterIDs, ids)
		}
	}
	q.After = v.Get("after")
	page, size := v.Get("page"), v.Get("pageSize")
	if page != "" || size != "" {
		q.Page, q.PageSize = 1, 5
		if page != "" {
			n, err := strconv.Atoi(page)
			if err != nil || n < 1 || n > 10_000_000 {
				fe.Add("page", msgs.FieldMustWholeNumberFrom1)
			}
			q.Page = n
		}
		if size != "" {
			n, err := strconv.Atoi(size)
			if err != nil || n < 1 || n > adminMaxPageSize {
				fe.Add("pageSize", msgs.FieldMustWholeNumberFrom11000)
			}
			q.PageSize = n
		}
	}
	if q.After != "" && q.Page == 0 {
		fe.Add("after", msgs.FieldNeedsPageAndPageSize)
	}
	if err := fe.Err(); err != nil {
		return q, err
	}
	return q, nil
}

// adminList answers GET /api/admin/{tab}: a bare JSON array with the
// number of matching records in X-Total-Count. A count stops at
// list.TotalCap: X-Total-Capped: true says there are more. A page also
// names in X-Next-Cursor where the next one starts (?after=, with the
// same sort and search), which stays fast however deep the page; the
// whole list (no paging) is streamed.
func (s *Server) adminList(w http.ResponseWriter, r *http.Request) error {
	t, err := adminTab(r)
	if err != nil {
		return err
	}
	q, err := s.adminQuery(r, t)
	if err != nil {
		return err
	}
	if q.Page == 0 {
		total, err := s.store.AdminTotal(r.Context(), t, q)
		if err != nil {
			return err
		}
		if total.Capped {
			w.Header().Set("X-Total-Capped", "true")
		}
		return streamJSONArray(s, w, r, total.N, "admin list", func(yield func(*store.Record) error) error {
			return s.store.AdminList(r.Context(), t, q, yield)
		})
	}
	total, page, err := s.store.AdminPage(r.Context(), t, q)
	if errors.Is(err, store.ErrBadCursor) {
		return FieldErrors{"after": msgs.FieldNotPlaceInList}.Err()
	}
	if errors.Is(err, store.ErrSearchPageNumber) {
		return FieldErrors{"page": msgs.FieldPastFirstPage}.Err()
	}
	if err != nil {
		return err
	}
	if total.Capped {
		w.Header().Set("X-Total-Capped", "true")
	}
	if len(page) == q.PageSize {
		w.Header().Set("X-Next-Cursor", page[len(page)-1].Cursor())
	}
	return streamJSONArray(s, w, r, total.N, "admin list", func(yield func(*store.Record) error) error {
		for _, rec := range page {
			if err := yield(rec); err != nil {
				return err
			}
		}
		return nil
	})
}

// adminExport answers GET /api/admin/{tab}/export.csv: the whole filtered
// list, written row by row and flushed as it goes, so memory stays flat
// whatever the number of rows.
func (s *Server) adminExport(w http.ResponseWriter, r *http.Request) error {
	t, err := adminTab(r)
	if err != nil {
		return err
	}
	q, err := s.adminQuery(r, t)
	if err != nil {
		return err
	}
	q.Page, q.PageSize = 0, 0
	// Fail before the first byte when the query itself is wrong.
	if _, err := s.store.AdminCount(r.Context(), t, q); err != nil {
		return err
	}
	if err := s.logLook(r, store.AccessExport, t.Name, ""); err != nil {
		return err
	}
	streamCSV(s, w, r, t, "admin export", func(yield func([]any) error) error {
		return s.store.AdminExport(r.Context(), t, q, yield)
	}, func(vals []any, row []string) {
		for i := range t.Fields {
			row[i] = csvCell(s.localTime(&t.Fields[i], vals[i]))
		}
	})
	return nil
}

// csvCell turns a value into a cell's text; the CSV writer (csvout) makes
// it safe from spreadsheet formulas.
func csvCell(v any) string {
	var s string
	switch x := v.(type) {
	case nil:
		s = ""
	case string:
		s = x
	case bool:
		if x {
			s = "Yes"
		} else {
			s = "No"
		}
	case int:
		s = strconv.Itoa(x)
	case []string:
		s = strings.Join(x, "; ")
	case json.RawMessage:
		s = string(x)
	default:
		b, _ := json.Marshal(x)
		s = string(b)
	}
	return s
}

// adminUpdate answers PUT /api/admin/{tab}/{id} with the saved record. The
// body is the edited record as the page holds it: editable fields are
// applied, read-only ones ignored, unknown ones refused; __v must be the
// version the admin saw.
func (s *Server) adminUpdate(w http.ResponseWriter, r *http.Request) error {
	t, err := adminTab(r)
	if err != nil {
		return err
	}
	if !t.Editable {
		return errorf(http.StatusForbidden, msgEditNotAllowed)
	}
	id, err := adminID(r)
	if err != nil {
		return err
	}
	body, err := readForm(r)
	if err != nil {
		return err
	}
	version, flags, err := adminParseEdit(t, body)
	if err != nil {
		return err
	}
	if err := s.adminEditAssignee(r, t, body); err != nil {
		return err
	}
	rules := tabRules[t.Name]
	rec, err := s.store.AdminUpdate(r.Context(), t, id, version, adminActor(r), func(before *store.Record) (map[string]any, error) {
		if rules.edit != nil {
			if err := rules.edit(before, flags); err != nil {
				return nil, err
			}
		}
		// The public form's rules, for the fields this edit changes.
		set, errs := t.Def.CheckEdit(adminBody(body), before.Get, s.now())
		return set, FieldErrors(errs).Err()
	})
	switch {
	case errors.Is(err, store.ErrDuplicate):
		return takenError(err)
	case err != nil:
		return err
	}
	writeJSON(w, r, http.StatusOK, rec)
	return nil
}

// adminRules are one tab's own rules on what an admin may see and
// change, beyond what its definition says: each is declared in the
// entity's file (users.go, disciples.go, donations.go, care.go) and found
// here by tab, so the generic list, edit and delete handlers name no
// entity. A nil rule lets the request through.
type adminRules struct {
	// flags are read-only yes/no fields whose value in an edit matters:
	// the edit's body is checked to hold a yes/no for each, and edit is
	// given the ones it sets, so that changing one is refused rather than
	// ignored.
	flags []string
	// edit refuses an edit of the record as stored (before), given the
	// flags the edit's body sets, with the error to answer.
	edit func(before *store.Record, flags map[string]bool) error
	// delete refuses the deletion of the record as stored.
	delete func(before *store.Record) error
	// query reads the tab's own list filters into q, and what is wrong
	// with them into fe.
	query func(s *Server, r *http.Request, q *store.AdminQuery, fe FieldErrors)
}

// tabRules are the tabs that have rules of their own, by tab name.
var tabRules = map[string]adminRules{
	entity.Users.Name:     userRules,
	entity.Disciples.Name: discipleRules,
	entity.Donations.Name: donationRules,
	entity.Care.Name:      careRules,
}

// adminBody is an edit's body with the nested objects (the referrer)
// spread into "group.key" entries, as the entity's keys name them.
func adminBody(body map[string]json.RawMessage) map[string]json.RawMessage {
	out := make(map[string]json.RawMessage, len(body))
	for k, v := range body {
		out[k] = v
		var sub map[string]json.RawMessage
		if len(v) > 0 && v[0] == '{' && json.Unmarshal(v, &sub) == nil {
			for sk, sv := range sub {
				out[k+"."+sk] = sv
			}
		}
	}
	return out
}

// adminParseEdit checks an edit body's shape against the tab: no unknown
// fields, the version the admin saw, and the read-only flags whose change
// is refused rather than ignored. The values themselves are checked
// against the record as stored, inside the update.
func adminParseEdit(t *store.AdminTab, body map[string]json.RawMessage) (int, map[string]bool, error) {
	fe := FieldErrors{}
	flags := map[string]bool{}
	known := map[string]bool{"id": true}
	for _, k := range t.ReadOnlyKeys {
		known[k] = true
	}
	for _, f := range t.Fields {
		if f.Group != "" {
			known[f.Group] = true
		} else {
			known[f.Key] = true
		}
	}
	for k := range body {
		if !known[k] {
			fe.Add(k, msgs.FieldNotFieldThatCanSet)
		}
	}
	version := 0
	if raw, ok := body["__v"]; !ok || string(raw) == "null" {
		fe.Add("__v", msgs.FieldRequiredSendVersionRecordEdited)
	} else if err := json.Unmarshal(raw, &version); err != nil || version < 0 {
		fe.Add("__v", msgs.FieldMustWholeNumber)
	}
	for _, name := range tabRules[t.Name].flags {
		raw, ok := body[name]
		if !ok || !known[name] || string(raw) == "null" {
			continue
		}
		var b bool
		if err := json.Unmarshal(raw, &b); err != nil {
			fe.Add(name, msgs.FieldHasWrongType)
			continue
		}
		flags[name] = b
	}
	return version, flags, fe.Err()
}

// adminDelete answers DELETE /api/admin/{tab}/{id}.
func (s *Server) adminDelete(w http.ResponseWriter, r *http.Request) error {
	t, err := adminTab(r)
	if err != nil {
		return err
	}
	if !t.Deletable {
		return errorf(http.StatusForbidden, msgDelNotAllowed)
	}
	id, err := adminID(r)
	if err != nil {
		return err
	}
	err = s.store.AdminDelete(r.Context(), t, id, adminActor(r), func(before *store.Record) error {
		if own := tabRules[t.Name].delete; own != nil {
			return own(before)
		}
		return nil
	})
	if err != nil {
		return donationStateError(err)
	}
	writeMessage(w, r, http.StatusOK, msgEntryDeleted)
	return nil
}

// adminTabJSON is one tab of the dashboard as GET /api/admin/tabs
// describes it.
type adminTabJSON struct {
	Name      string `json:"name"`
	Title     string `json:"title"`
	Editable  bool   `json:"editable"`
	Deletable bool   `json:"deletable"`
	// KeyFields are the keys of the columns the tab's work needs, in the
	// order the page puts them first.
	KeyFields []string         `json:"keyFields"`
	Fields    []adminFieldJSON `json:"fields"`
}

// adminFieldJSON is one field of a tab in the admin's language: its label
// translated, and each of its choices (the values stored, which stay as
// they are) with the words to show for it.
type adminFieldJSON struct {
	entity.Field
	OptionLabels map[string]string `json:"optionLabels,omitempty"`
}

// adminFields are fields in lang, their labels and choices from the
// catalogue by their keys.
func adminFields(lang string, fields []entity.Field) []adminFieldJSON {
	out := make([]adminFieldJSON, len(fields))
	for i, f := range fields {
		f.Label = f.LabelIn(lang)
		out[i].Field = f
		if len(f.Options) > 0 {
			out[i].OptionLabels = make(map[string]string, len(f.Options))
			for _, o := range f.Options {
				out[i].OptionLabels[o] = entity.OptionMsg(o).In(lang)
			}
		}
	}
	return out
}

// adminTabs answers GET /api/admin/tabs: every tab of the dashboard the
// person's roles let them read, in page order, in the request's language,
// with its fields' labels (the CSV header's too), kinds,
// limits, formats, options and flags, so the page keeps no list of its
// own.
func (s *Server) adminTabs(w http.ResponseWriter, r *http.Request) error {
	lang := i18n.FromRequest(r)
	out := make([]adminTabJSON, 0, len(entity.Tabs))
	for _, e := range entity.Tabs {
		out = append(out, adminTabJSON{Name: e.Name, Title: e.TitleIn(lang), Editable: e.Editable, Deletable: e.Deletable,
			KeyFields: e.Key, Fields: adminFields(lang, e.Fields)})
	}
	writeJSON(w, r, http.StatusOK, adminTabsFor(r, out))
	return nil
}
