package entity

// Privacy notices: each form shows a short itemised notice of the data it
// asks for and why, how to withdraw consent and how to complain. A
// notice's version changes whenever its wording or its items change; each
// submission's consent record keeps the version its sender saw. Each
// item is a field the form asks for, with the purpose its definition
// gives (Field.Purpose), so a field a form gains is in its notice; a test
// checks that every such field has one.

// NoticeItem is one piece of data a form asks for and why. Its label and
// its purpose are the field's own, from the form's definition, in the
// notice's language: the notice names each piece of data as the form and
// the dashboard do.
type NoticeItem struct {
	Field   string `json:"field"`
	Label   string `json:"label"`
	Purpose string `json:"purpose"`
}

// noticeItems are the items of e's notice in lang: each field its form
// asks for that says why, in the form's order.
func noticeItems(e *Entity, lang string) []NoticeItem {
	var out []NoticeItem
	for i := range e.Fields {
		f := &e.Fields[i]
		if f.Form && !f.Purpose.IsZero() {
			out = append(out, NoticeItem{Field: f.Key, Label: f.LabelIn(lang), Purpose: f.Purpose.In(lang)})
		}
	}
	return out
}

// Notice is the privacy notice of one form.
type Notice struct {
	Form     string       `json:"form"` // volunteer, disciple, host, contact, donation
	Version  string       `json:"version"`
	Language string       `json:"language"`
	Title    string       `json:"title"`
	Items    []NoticeItem `json:"items"`
	Keep     string       `json:"keep"`
	Withdraw string       `json:"withdraw"`
	Complain string       `json:"complain"`
	// Entity is the definition whose form fields the items cover.
	Entity *Entity `json:"-"`
	// Table is where the submission is stored.
	Table string `json:"-"`
}

// NoticeVersion is the version of every notice's current wording in
// English.
const NoticeVersion = "2026-11-27"

const (
	noticeWithdraw = "You can withdraw your consent at any time, as easily as you gave it: in My Account, under My data, choose Withdraw next to the form (the form is then erased), or write to the grievance officer named on the Privacy page. Withdrawing does not undo what was lawfully done before."
	noticeComplain = "If you are not satisfied with how we handle your data, write to our grievance officer (see the Privacy page); we answer within 90 days. You may also complain to the Data Protection Board of India."
)

// Notices lists every form's notice.
var Notices = []*Notice{
	{Form: "volunteer", Title: "Volunteer form", Entity: Volunteers, Table: "volunteers",
		Keep: "We keep your form while you volunteer with us, and erase it when you ask or when you delete your account."},
	{Form: "disciple", Title: "Disciple registration", Entity: PendingDisciples, Table: "disciples",
		Keep: "An approved registration is kept while you take part in the program. A declined or expired request is erased 12 months after it ended."},
	{Form: "host", Title: "Host offer", Entity: Hosts, Table: "hosts",
		Keep: "We keep your offer while you host with us, and erase it when you ask or when you delete your account."},
	{Form: "contact", Title: "Contact form", Entity: Messages, Table: "messages",
		Keep: "We keep your message until it is answered, then 12 months more, and then erase it."},
	{Form: "donation", Title: "Donation report", Entity: Donations, Table: "donations",
		Keep: "The law requires us to keep donation and receipt records for ten years. They are kept even if you delete your account, unlinked from it, and used for nothing else."},
}

func init() {
	for _, n := range Notices {
		n.Version, n.Language, n.Withdraw, n.Complain = NoticeVersion, "en", noticeWithdraw, noticeComplain
		n.Items = noticeItems(n.Entity, "en")
	}
}

// NoticeOf returns the notice of a form, or nil.
func NoticeOf(form string) *Notice {
	for _, n := range Notices {
		if n.Form == form {
			return n
		}
	}
	return nil
}

// NoticeOfTable returns the notice of the form stored in table, or nil.
func NoticeOfTable(table string) *Notice {
	for _, n := range Notices {
		if n.Table == table {
			return n
		}
	}
	return nil
}
