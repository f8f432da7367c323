package mail

import "strings"

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

// StaffDigest is an admin's summary of what arrived since since (words
// in the site's time zone, e.g. "22 Nov 2026, 08:00"), and care, the
// elders of the care register the person owns who need them today
// (contacts overdue, reassessments due).
func (r *Renderer) StaffDigest(to, name, since string, lines, care []DigestLine) (Message, error) {
	total := 0
	for _, l := range lines {
		total += l.N
	}
	return r.render(KindStaffDigest, to, "", struct {
		base
		Name, Since, Link, CareLink string
		Total                       int
		Lines, Care                 []DigestLine
	}{r.base(), orDefault(Inert(name), r.word("mail.friend")), OneLine(since), r.url("/admin"), r.url("/admin/care?owner=me"),
		total, lines, care})
}
