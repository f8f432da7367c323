package httpapi

import (
	"encoding/json"
	"errors"
	"html/template"
	"net/http"
	"strings"
	"time"

	"spdc/internal/india"
	"spdc/internal/store"
)

// The signed-in person's own data: a copy of everything held about them,
// their consent records, and erasing their account.

const (
	msgAdminSelfDelete = "An admin account cannot be deleted from My Account. Ask another admin to remove it, or contact the program."
	msgConsentGone     = "This consent was not found: it may belong to another account or was already withdrawn."
)

type deleteMeInput struct {
	Password string `json:"password"`
}

// deleteMe answers DELETE /api/users/me: with the account's password, the
// account and everything held about its person are erased at once (see
// store.EraseUser); donation records the law requires are kept apart.
// Every session of the account ends with it. A wrong password changes
// nothing.
func (s *Server) deleteMe(w http.ResponseWriter, r *http.Request) error {
	var in deleteMeInput
	if err := decodeJSON(r, &in, false); err != nil {
		return err
	}
	if in.Password == "" {
		return FieldErrors{"password": "is required"}.Err()
	}
	u := currentUser(r)
	if u.IsAdmin {
		return errorf(http.StatusForbidden, msgAdminSelfDelete)
	}
	if err := s.checkOwnPassword(r, u, in.Password, "password"); err != nil {
		return err
	}
	if _, err := s.store.EraseUser(r.Context(), u.ID, store.ErasedBySelf); err != nil {
		return err
	}
	s.logInfo(r, "account erased at its owner's request")
	w.WriteHeader(http.StatusNoContent)
	return nil
}

type consentJSON struct {
	ID            string  `json:"_id"`
	Form          string  `json:"form"`
	RecordID      string  `json:"recordId"`
	NoticeVersion string  `json:"noticeVersion"`
	Language      string  `json:"language"`
	Method        string  `json:"method"`
	GivenAt       string  `json:"givenAt"`
	WithdrawnAt   *string `json:"withdrawnAt"`
}

func rfc3339(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

func toConsentJSON(c store.Consent) consentJSON {
	out := consentJSON{ID: c.ID, Form: c.Notice, RecordID: c.RecordID, NoticeVersion: c.NoticeVersion,
		Language: c.Language, Method: c.Method, GivenAt: rfc3339(c.GivenAt)}
	if c.WithdrawnAt != nil {
		w := rfc3339(*c.WithdrawnAt)
		out.WithdrawnAt = &w
	}
	return out
}

// withdrawConsent answers POST /api/users/me/consents/{id}/withdraw: the
// submission the consent was given with is erased, and the consent record
// stays, marked withdrawn. Another person's consent is 404.
func (s *Server) withdrawConsent(w http.ResponseWriter, r *http.Request) error {
	c, err := s.store.WithdrawConsent(r.Context(), currentUser(r).ID, r.PathValue("id"))
	if errors.Is(err, store.ErrNotFound) {
		return errorf(http.StatusNotFound, msgConsentGone)
	}
	if err != nil {
		return err
	}
	msg := "Consent withdrawn. The form you sent with it has been erased."
	if !store.IsErasable(c.RecordTable) {
		msg = "Consent withdrawn. The law requires donation records to be kept for ten years, so this one is kept, and used for nothing else."
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"message": msg, "consent": toConsentJSON(c)})
	return nil
}

type nomineeJSON struct {
	Name      string `json:"name"`
	Email     string `json:"email"`
	Phone     string `json:"phone"`
	UpdatedAt string `json:"updatedAt,omitempty"`
}

func toNomineeJSON(n *store.Nominee) *nomineeJSON {
	if n == nil {
		return nil
	}
	return &nomineeJSON{Name: n.Name, Email: n.Email, Phone: n.Phone, UpdatedAt: rfc3339(n.UpdatedAt)}
}

// putNominee answers PUT /api/users/me/nominee: the person who may act for
// the signed-in user if they die or cannot act themselves, a name and an
// email or a phone number. All three empty removes the nominee.
func (s *Server) putNominee(w http.ResponseWriter, r *http.Request) error {
	var in nomineeJSON
	if err := decodeJSON(r, &in, false); err != nil {
		return err
	}
	in.Name, in.Email, in.Phone = strings.TrimSpace(in.Name), strings.TrimSpace(in.Email), strings.TrimSpace(in.Phone)
	if in.Name == "" && in.Email == "" && in.Phone == "" {
		if err := s.store.SetNominee(r.Context(), currentUser(r).ID, nil); err != nil {
			return err
		}
		writeJSON(w, r, http.StatusOK, map[string]any{"message": "Nominee removed.", "nominee": nil})
		return nil
	}
	fe := FieldErrors{}
	n := &store.Nominee{Name: in.Name}
	if in.Name == "" {
		fe.Add("name", "is required")
	} else {
		n.Name = checkUserField(fe, "fullName", in.Name)
		if msg, ok := fe["fullName"]; ok {
			delete(fe, "fullName")
			fe.Add("name", msg)
		}
	}
	if in.Email == "" && in.Phone == "" {
		fe.Add("email", "or a phone number is required, so that we can reach your nominee")
	}
	if in.Email != "" {
		n.Email = checkUserField(fe, "email", in.Email)
	}
	if in.Phone != "" {
		n.Phone = checkUserField(fe, "mobile", in.Phone)
		if msg, ok := fe["mobile"]; ok {
			delete(fe, "mobile")
			fe.Add("phone", msg)
		}
	}
	if err := fe.Err(); err != nil {
		return err
	}
	if err := s.store.SetNominee(r.Context(), currentUser(r).ID, n); err != nil {
		return err
	}
	n, err := s.store.NomineeOf(r.Context(), currentUser(r).ID)
	if err != nil {
		return err
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"message": "Nominee saved.", "nominee": toNomineeJSON(n)})
	return nil
}

type mailJSON struct {
	ID        string  `json:"_id"`
	Kind      string  `json:"kind"`
	Subject   string  `json:"subject"`
	Status    string  `json:"status"`
	CreatedAt string  `json:"createdAt"`
	SentAt    *string `json:"sentAt"`
}

// staffNoteJSON is a staff note on one of the person's records.
type staffNoteJSON struct {
	Record    string `json:"record"`
	RecordID  string `json:"recordId"`
	Author    string `json:"author"`
	Body      string `json:"body"`
	CreatedAt string `json:"createdAt"`
}

// exportJSON is the person's copy of their data.
type exportJSON struct {
	ExportedAt string                     `json:"exportedAt"`
	Account    userJSON                   `json:"account"`
	Nominee    *nomineeJSON               `json:"nominee"`
	Records    map[string][]*store.Record `json:"records"`
	Consents   []consentJSON              `json:"consents"`
	StaffNotes []staffNoteJSON            `json:"staffNotes"`
	Mail       []mailJSON                 `json:"mail"`
	AuditLog   []*store.Record            `json:"auditLog"`
	Notes      []string                   `json:"notes"`
	// StaffLooks is when staff looked at the person's records and with
	// which roles (see staffLooks).
	StaffLooks []store.RecordLook `json:"staffLooks"`
	// Care is the person's care record: assessments, plan and contacts.
	Care []store.CareExport `json:"care"`
}

// exportNotes explain the copy to its reader.
var exportNotes = []string{
	"This is everything the program holds about you: your account, the forms you sent while signed in, donations, grievances, your consent records, the notes the staff wrote about your records, the emails sent to you and what admins did with your records.",
	"Passwords are stored only as a one-way hash and are not included. ID numbers (PAN, Aadhaar) are shown masked.",
	"Forms sent while signed out with your email address are included once you have confirmed that address from My Account; until then only what you sent while signed in is here.",
}

// staffAuthor names the author of a staff note in the person's copy: the
// staff member's own address is their personal data, not the reader's.
const staffAuthor = "staff"

// exportMe answers GET /api/users/me/export: everything held about the
// signed-in person, as JSON, or with ?format=html as a readable page.
func (s *Server) exportMe(w http.ResponseWriter, r *http.Request) error {
	u := currentUser(r)
	d, err := s.store.PersonalDataOf(r.Context(), u)
	if err != nil {
		return err
	}
	out := exportJSON{ExportedAt: rfc3339(s.now()), Account: toUserJSON(u), Records: map[string][]*store.Record{},
		Consents: []consentJSON{}, StaffNotes: []staffNoteJSON{}, Mail: []mailJSON{}, AuditLog: d.Audit, Notes: exportNotes, Nominee: toNomineeJSON(d.Nominee),
		Care: d.Care}
	for _, sec := range d.Submissions {
		out.Records[sec.Tab.Name] = sec.Records
	}
	for _, c := range d.Consents {
		out.Consents = append(out.Consents, toConsentJSON(c))
	}
	for _, n := range d.Notes {
		out.StaffNotes = append(out.StaffNotes, staffNoteJSON{Record: n.Table, RecordID: n.RecordID, Author: staffAuthor,
			Body: n.Body, CreatedAt: rfc3339(n.CreatedAt)})
	}
	for _, m := range d.Mail {
		mj := mailJSON{ID: m.ID, Kind: m.Kind, Subject: m.Subject, Status: m.Status, CreatedAt: rfc3339(m.CreatedAt)}
		if m.SentAt != nil {
			t := rfc3339(*m.SentAt)
			mj.SentAt = &t
		}
		out.Mail = append(out.Mail, mj)
	}
	if out.StaffLooks, err = s.staffLooks(r, u, d); err != nil {
		return err
	}
	if r.URL.Query().Get("format") == "html" {
		return writeExportHTML(w, d, out)
	}
	if f := r.URL.Query().Get("format"); f != "" && f != "json" {
		return FieldErrors{"format": "must be json or html"}.Err()
	}
	w.Header().Set("Content-Disposition", `attachment; filename="my-data.json"`)
	writeJSON(w, r, http.StatusOK, out)
	return nil
}

// exportSection is one titled table of the readable page.
type exportSection struct {
	Title string
	Rows  [][2]string // label, value
	Items [][][2]string
}

var exportPage = template.Must(template.New("export").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>My data</title></head>
<body>
<main>
<h1>My data</h1>
<p>Made on {{.When}}.</p>
{{range .Notes}}<p>{{.}}</p>{{end}}
{{range .Sections}}<section>
<h2>{{.Title}}</h2>
{{if .Rows}}<table><tbody>{{range .Rows}}<tr><th scope="row">{{index . 0}}</th><td>{{index . 1}}</td></tr>{{end}}</tbody></table>{{end}}
{{range $i, $item := .Items}}<table><caption>{{$.Count $i}}</caption><tbody>{{range $item}}<tr><th scope="row">{{index . 0}}</th><td>{{index . 1}}</td></tr>{{end}}</tbody></table>{{else}}{{if not .Rows}}<p>None.</p>{{end}}{{end}}
</section>{{end}}
</main>
</body></html>
`))

type exportPageData struct {
	When     string
	Notes    []string
	Sections []exportSection
}

// Count numbers the records of a section for their captions.
func (exportPageData) Count(i int) string { return "Record " + itoa(i+1) }

// recordRows lists a record's fields in the tab's order with their labels.
func recordRows(t *store.AdminTab, rec *store.Record) [][2]string {
	var rows [][2]string
	for _, f := range t.Fields {
		key := f.Key
		if f.Group != "" {
			key = f.Group + "." + f.Key
		}
		rows = append(rows, [2]string{f.Label, plainValue(rec.Get(key))})
	}
	return rows
}

// plainValue writes a field's value as text for the readable page.
func plainValue(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case bool:
		if x {
			return "Yes"
		}
		return "No"
	case []string:
		b, _ := json.Marshal(x)
		return string(b)
	default:
		b, _ := json.Marshal(x)
		return string(b)
	}
}

func writeExportHTML(w http.ResponseWriter, d *store.PersonalData, out exportJSON) error {
	a := out.Account
	page := exportPageData{When: out.ExportedAt, Notes: out.Notes}
	page.Sections = append(page.Sections, exportSection{Title: "Account", Rows: [][2]string{
		{"Full name", a.FullName}, {"Email", a.Email}, {"Mobile", a.Mobile}, {"Address", a.Address},
		{"Registered", a.CreatedAt}, {"Last changed", a.UpdatedAt}, {"User ID", a.ID},
	}})
	if nm := out.Nominee; nm != nil {
		page.Sections = append(page.Sections, exportSection{Title: "Your nominee", Rows: [][2]string{
			{"Name", nm.Name}, {"Email", nm.Email}, {"Phone", nm.Phone}}})
	}
	for _, sec := range d.Submissions {
		es := exportSection{Title: sec.Tab.Def.Title}
		for _, rec := range sec.Records {
			es.Items = append(es.Items, recordRows(sec.Tab, rec))
		}
		page.Sections = append(page.Sections, es)
	}
	cs := exportSection{Title: "Consents"}
	for _, c := range out.Consents {
		withdrawn := ""
		if c.WithdrawnAt != nil {
			withdrawn = *c.WithdrawnAt
		}
		cs.Items = append(cs.Items, [][2]string{{"Form", c.Form}, {"Notice version", c.NoticeVersion}, {"Language", c.Language},
			{"How given", c.Method}, {"Given", c.GivenAt}, {"Withdrawn", withdrawn}})
	}
	ns := exportSection{Title: "Notes the staff wrote about your records"}
	for _, n := range out.StaffNotes {
		ns.Items = append(ns.Items, [][2]string{{"Record", n.Record + " " + n.RecordID}, {"Written by", n.Author},
			{"Written", n.CreatedAt}, {"Note", n.Body}})
	}
	ms := exportSection{Title: "Emails sent to you"}
	for _, m := range out.Mail {
		sent := ""
		if m.SentAt != nil {
			sent = *m.SentAt
		}
		ms.Items = append(ms.Items, [][2]string{{"Subject", m.Subject}, {"Status", m.Status}, {"Written", m.CreatedAt}, {"Sent", sent}})
	}
	as := exportSection{Title: "What admins did with your records"}
	at := store.AdminTabByName("audit")
	for _, rec := range out.AuditLog {
		as.Items = append(as.Items, recordRows(at, rec))
	}
	page.Sections = append(page.Sections, careSections(out.Care)...)
	page.Sections = append(page.Sections, cs, ns, ms, as)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	return exportPage.Execute(w, page)
}

// careSections are the readable page's sections of the person's care
// record: the record, each assessment with its needs, the plan and the
// contacts.
func careSections(care []store.CareExport) []exportSection {
	var out []exportSection
	for _, c := range care {
		rec := c.Record
		out = append(out, exportSection{Title: "Your care record", Rows: [][2]string{
			{"Status", rec.Status}, {"Your coordinator", rec.OwnerName}, {"Next contact due", rec.NextContactDue},
			{"Reassessment due", rec.ReassessmentDue}, {"Last contact", rec.LastContactOn}, {"Care record ID", rec.ID}}})
		as := exportSection{Title: "Your needs assessments"}
		for _, a := range c.Assessments {
			var needs []string
			for _, n := range a.Needs {
				needs = append(needs, n.Service+" ("+n.Priority+")")
			}
			as.Items = append(as.Items, [][2]string{{"Assessed on", a.AssessedOn}, {"Health", a.Health}, {"Mobility", a.Mobility},
				{"Living situation", a.Living}, {"Income and savings", a.Income}, {"Family and support", a.Family},
				{"Spiritual life", a.Spiritual}, {"Urgent risks", a.Risks}, {"Services needed", strings.Join(needs, ", ")}})
		}
		ps := exportSection{Title: "Your care plan"}
		for _, a := range c.Actions {
			ps.Items = append(ps.Items, [][2]string{{"Service", a.Service}, {"Action", a.Action}, {"Target date", a.TargetDate},
				{"Status", a.Status}, {"Stay", strings.TrimSpace(a.StayPlace + " " + a.StayFrom + " " + a.StayTo)}, {"Partner", a.PartnerName}})
		}
		ks := exportSection{Title: "Calls and visits"}
		for _, k := range c.Contacts {
			ks.Items = append(ks.Items, [][2]string{{"Day", k.ContactOn}, {"Kind", k.Kind}, {"Summary", k.Summary}, {"Next contact due", k.NextDue}})
		}
		hs := exportSection{Title: "Help given to you"}
		for _, p := range c.Payments {
			hs.Items = append(hs.Items, [][2]string{{"Paid on", p.PaidOn}, {"Kind", p.Kind}, {"Amount", india.Paise(p.AmountPaise).String()},
				{"Fund", p.Purpose}, {"Service", p.Service}, {"Paid to", p.Payee}, {"Description", p.Description}, {"Status", p.Status}})
		}
		out = append(out, as, ps, ks, hs)
	}
	return out
}
