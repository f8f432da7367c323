package mail

import (
	"strings"
	"time"

	"spdc/internal/i18n"
)

// The staff's own mail: a reply written from the dashboard to the person
// who sent a form, and an admin's daily summary of new submissions.
const (
	KindStaffReply  = "staff_reply"
	KindStaffDigest = "staff_digest"
)

// StaffReply is an admin's reply to the person at to: the subject and
// body the admin wrote (the body as plain text, escaped in the HTML
// part), answered to replyTo (the program's inbox), with the link that
// stops all further mail to this address.
func (r *Renderer) StaffReply(to, replyTo, subject, body, unsubscribeURL string) (Message, error) {
	return r.render(KindStaffReply, to, replyTo, struct {
		base
		Subject, Body, Unsubscribe string
	}{r.base(), OneLine(subject), strings.TrimSpace(normalizeNewlines(body)), unsubscribeURL})
}

// DigestLine is one tab of the digest with its number of new records.
type DigestLine struct {
	Title string
	N     int
}

// DigestElder is an elder overdue for a contact, named in their owner's
// digest: the name and the day the contact was due (YYYY-MM-DD).
type DigestElder struct {
	Name, Due string
}

// DigestOverdue is the digest's list of an owner's elders overdue for a
// contact: the first of them, longest waiting first, and how many more
// there are beyond them (the mail links to the whole list).
type DigestOverdue struct {
	Elders []DigestElder
	More   int
}

// StaffDigest is an admin's summary of what arrived since since (words
// in the site's time zone, e.g. "22 Nov 2026, 08:00"), and care, the
// elders of the care register the person owns who need them today
// (contacts overdue, reassessments due), with overdue naming the elders
// overdue for a contact and the day each was due, in the reader's
// language.
func (r *Renderer) StaffDigest(to, name, since string, lines, care []DigestLine, overdue DigestOverdue) (Message, error) {
	total := 0
	for _, l := range lines {
		total += l.N
	}
	elders := make([]DigestElder, len(overdue.Elders))
	for i, e := range overdue.Elders {
		elders[i] = DigestElder{Name: Inert(OneLine(e.Name)), Due: r.day(e.Due)}
	}
	// The dashboard keeps its list's place in the address: the care tab,
	// the owner's own records, and those overdue for a contact.
	careList := "/admin?tab=care&f.owner=me"
	return r.render(KindStaffDigest, to, "", struct {
		base
		Name, Since, Link, CareLink, OverdueLink string
		Total, More                              int
		Lines, Care                              []DigestLine
		Overdue                                  []DigestElder
	}{r.base(), orDefault(Inert(name), r.word("mail.friend")), OneLine(since), r.url("/admin"), r.url(careList),
		r.url(careList + "&f.due=contact"), total, overdue.More, lines, care, elders})
}

// day writes a calendar day (YYYY-MM-DD) as the reader says it ("2 Apr
// 2026", "2 अप्रैल 2026"); a value that is not a day is shown as it is.
func (r *Renderer) day(s string) string {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return s
	}
	if r.lang() == i18n.En {
		return d.Format("2 Jan 2006")
	}
	return i18n.Date(r.lang(), d)
}
