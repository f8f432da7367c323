package entity

// Privacy notices: each form shows a short itemised notice of the data it
// asks for and why, how to withdraw consent and how to complain. A
// notice's version changes whenever its wording or its items change; each
// submission's consent record keeps the version its sender saw. A test
// checks that every field a form asks for has its purpose here, so the
// notice stays true when a form gains a field.

// NoticeItem is one piece of data a form asks for and why. Its label is
// the field's own, from the form's definition, in the notice's language:
// the notice names each piece of data as the form and the dashboard do.
type NoticeItem struct {
	Field   string `json:"field"`
	Label   string `json:"label"`
	Purpose string `json:"purpose"`
}

// item is a notice's item before its label is taken from the definition.
type item struct{ field, purpose string }

// labelled turns items into a notice's items in lang, each labelled by
// its field's definition in e.
func labelled(e *Entity, lang string, items []item) []NoticeItem {
	out := make([]NoticeItem, len(items))
	for i, it := range items {
		out[i] = NoticeItem{Field: it.field, Purpose: it.purpose}
		if f := e.Field(it.field); f != nil {
			out[i].Label = f.LabelIn(lang)
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
	// items are the English items, before their labels.
	items []item
}

// NoticeVersion is the version of every notice's current wording in
// English.
const NoticeVersion = "2026-11-27"

const (
	noticeWithdraw = "You can withdraw your consent at any time, as easily as you gave it: in My Account, under My data, choose Withdraw next to the form (the form is then erased), or write to the grievance officer named on the Privacy page. Withdrawing does not undo what was lawfully done before."
	noticeComplain = "If you are not satisfied with how we handle your data, write to our grievance officer (see the Privacy page); we answer within 90 days. You may also complain to the Data Protection Board of India."
)

var (
	purposeName    = "To know who you are and address you by name."
	purposeEmail   = "To confirm we received your form and to answer you."
	purposePhone   = "To reach you if email does not."
	purposeAddress = "To know where you live, for visits and help near you."
	purposeCountry = "To find the centre nearest to you."
	purposeCenter  = "To pass your form to the right centre."
	purposeConsent = "To record that you agreed."
)

// Notices lists every form's notice.
var Notices = []*Notice{
	{Form: "volunteer", Title: "Volunteer form", Entity: Volunteers, Table: "volunteers",
		Keep: "We keep your form while you volunteer with us, and erase it when you ask or when you delete your account.",
		items: []item{
			{"fullName", purposeName}, {"email", purposeEmail}, {"mobile", purposePhone},
			{"address", purposeAddress}, {"country", purposeCountry}, {"nearestCenter", purposeCenter},
			{"availability", "To plan service that fits your time."},
			{"areasOfInterest", "To offer you the service you chose."}, {"otherInterest", "To offer you the service you chose."},
			{"experience", "To match your service to what you know."}, {"motivation", "To understand why you want to serve."},
			{"skills", "To match your service to what you can do."}, {"consent", purposeConsent},
		}},
	{Form: "disciple", Title: "Disciple registration", Entity: PendingDisciples, Table: "disciples",
		Keep: "An approved registration is kept while you take part in the program. A declined or expired request is erased 12 months after it ended.",
		items: []item{
			{"fullName", purposeName}, {"dateOfBirth", "To know your age, since the program serves elders."},
			{"address", purposeAddress}, {"contactNumber", purposePhone}, {"discipleEmail", purposeEmail},
			{"templePresidentEmail", "To ask your temple president to confirm your initiation."},
			{"initiationDate", "To confirm that you are an initiated disciple."}, {"initiationName", "To confirm that you are an initiated disciple."},
		}},
	{Form: "host", Title: "Host offer", Entity: Hosts, Table: "hosts",
		Keep: "We keep your offer while you host with us, and erase it when you ask or when you delete your account.",
		items: []item{
			{"fullName", purposeName}, {"initiatedName", purposeName}, {"contactNumber", purposePhone},
			{"email", purposeEmail}, {"address", "To know where the elders would stay."}, {"country", purposeCountry},
			{"nearestCenter", purposeCenter}, {"accommodationTypes", "To match elders with the right place."},
			{"accommodationOther", "To match elders with the right place."},
			{"availabilityDurations", "To plan stays that fit your time."}, {"facilities", "To match elders with the right place."},
			{"facilityOther", "To match elders with the right place."}, {"whyHost", "To understand your offer."},
			{"consentTerms", purposeConsent}, {"consentContact", purposeConsent},
		}},
	{Form: "contact", Title: "Contact form", Entity: Messages, Table: "messages",
		Keep: "We keep your message until it is answered, then 12 months more, and then erase it.",
		items: []item{
			{"name", purposeName}, {"email", "To answer you."}, {"subject", "To send your message to the right person."},
			{"phone", purposePhone}, {"message", "To answer you."}, {"acceptTerms", purposeConsent},
		}},
	{Form: "donation", Title: "Donation report", Entity: Donations, Table: "donations",
		Keep: "The law requires us to keep donation and receipt records for ten years. They are kept even if you delete your account, unlinked from it, and used for nothing else.",
		items: []item{
			{"donorName", "To issue your receipt in your name."}, {"email", "To send your receipt."}, {"phone", purposePhone},
			{"address", "The tax statement and your receipt must carry it."},
			{"idType", "The tax statement must say which ID you gave."},
			{"idNumber", "The income-tax law requires it for the tax statement and your receipt. It is stored encrypted and shown masked."},
			{"paidOn", "To match your gift with the bank statement."}, {"purpose", "To use your gift as you wish."},
			{"consent", purposeConsent},
		}},
}

func init() {
	for _, n := range Notices {
		n.Version, n.Language, n.Withdraw, n.Complain = NoticeVersion, "en", noticeWithdraw, noticeComplain
		n.Items = labelled(n.Entity, "en", n.items)
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
