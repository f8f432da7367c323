package mail

import (
	"strings"
	"time"
)

// Mail of the privacy features: the answer to a grievance (in the
// language the person wrote in; the answer itself is the admin's own
// words, sent as written), the admins' reminder of a grievance's deadline
// (in each admin's language) and the notice of a breach.

// Kinds of the privacy mail, for the admin mail tab.
const (
	KindGrievanceAnswer   = "grievance_answer"
	KindGrievanceReminder = "grievance_reminder"
	KindBreachNotice      = "breach_notice"
)

// Breach is what a breach notice tells the people it affects, in the
// admins' words.
type Breach struct {
	Occurred, Found time.Time
	WhatHappened    string
	DataAffected    string
	Consequences    string
	Measures        string
	Advice          string
	Contact         string
}

// Section is a headed part of a message.
type Section struct{ Heading, Body string }

// BreachNotice tells one affected person of a personal data breach: what
// happened and when, which data, what it may mean for them, what the
// program did, what they can do and whom to contact. The headings and
// dates are in r's language (the dates in the site's zone); the admins'
// own words are sent as they wrote them.
func (r *Renderer) BreachNotice(to string, b Breach) (Message, error) {
	text := func(s string) string { return strings.TrimSpace(normalizeNewlines(s)) }
	return r.render(KindBreachNotice, to, "", struct {
		base
		Occurred, Found string
		Sections        []Section
	}{r.base(), DateIn(r.Site.Zone, r.lang(), b.Occurred), DateIn(r.Site.Zone, r.lang(), b.Found), []Section{
		{r.word("mail.breach.happened"), text(b.WhatHappened)},
		{r.word("mail.breach.data"), text(b.DataAffected)},
		{r.word("mail.breach.consequences"), text(b.Consequences)},
		{r.word("mail.breach.measures"), text(b.Measures)},
		{r.word("mail.breach.advice"), text(b.Advice)},
		{r.word("mail.breach.contact"), text(b.Contact)},
	}})
}

// GrievanceAnswer sends an admin's answer to the person who wrote.
func (r *Renderer) GrievanceAnswer(to, answer string) (Message, error) {
	return r.render(KindGrievanceAnswer, to, "", struct {
		base
		Answer string
	}{r.base(), strings.TrimSpace(normalizeNewlines(answer))})
}

// GrievanceReminder tells an admin that a grievance is still unanswered
// and when its deadline passes (in the site's zone). It holds nothing the
// person typed.
func (r *Renderer) GrievanceReminder(to string, due time.Time) (Message, error) {
	return r.render(KindGrievanceReminder, to, "", struct {
		base
		Due, Link string
	}{r.base(), DateTimeIn(r.Site.Zone, r.lang(), due), r.url("/admin")})
}
