package mail

import (
	"bytes"
	"embed"
	"fmt"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
	"time"
	"unicode"

	"spdc/internal/i18n"
)

//go:embed templates/*.tmpl templates/*/*.tmpl
var templateFS embed.FS

// Template names; each is also the Message.Kind of what it renders.
const (
	KindPasswordReset          = "password_reset"
	KindDiscipleConfirmRequest = "disciple_confirm_request"
	KindDiscipleReminder       = "disciple_reminder"
	KindDiscipleConfirmed      = "disciple_confirmed"
	KindDiscipleDeclined       = "disciple_declined"
	KindDiscipleExpired        = "disciple_expired"
	KindAcknowledgement        = "acknowledgement"
	KindAdminCopy              = "admin_copy"
	KindSignInAttempts         = "sign_in_attempts"
	KindMailCapAlert           = "mail_cap_alert"
	KindReceipt                = "receipt"
	KindAccountInactive        = "account_inactive"
	KindOpsAlert               = "ops_alert"
	KindVerifyEmail            = "verify_email"
	KindDiscipleRejected       = "disciple_rejected"
	KindPasswordChanged        = "password_changed"
)

// kinds lists every template, for parsing at start and for tests.
var kinds = []string{
	KindPasswordReset, KindDiscipleConfirmRequest, KindDiscipleReminder,
	KindDiscipleConfirmed, KindDiscipleDeclined, KindDiscipleExpired, KindAcknowledgement, KindAdminCopy,
	KindSignInAttempts, KindMailCapAlert, KindReceipt, KindStaffReply, KindStaffDigest, KindAccountInactive, KindBreachNotice,
	KindGrievanceAnswer, KindGrievanceReminder, KindOpsAlert, KindStaffRoles, KindVerifyEmail, KindDiscipleRejected, KindPasswordChanged, KindTwoStep,
}

// bilingual are the kinds that go to a temple president: written in the
// applicant's language with the English text below it, as a temple
// president may read only one of them.
var bilingual = map[string]bool{KindDiscipleConfirmRequest: true, KindDiscipleReminder: true}

// pair is one message's plain-text and HTML templates in one language,
// each defining "subject" and "body".
type pair struct {
	text *texttemplate.Template
	html *htmltemplate.Template
}

// layouts put a rendered body between the site's header and footer.
var layouts = pair{
	text: texttemplate.Must(texttemplate.New("layout").ParseFS(templateFS, "templates/layout.txt.tmpl")),
	html: htmltemplate.Must(htmltemplate.New("layout").ParseFS(templateFS, "templates/layout.html.tmpl")),
}

// templateDir is where a language's templates are: English at the top,
// the others in a folder of their code.
func templateDir(lang string) string {
	if lang == i18n.En {
		return "templates/"
	}
	return "templates/" + lang + "/"
}

// templates holds every kind in every language, parsed once at package
// start: a broken or missing template fails every test and the program's
// start instead of a send at run time.
var templates = func() map[string]map[string]pair {
	m := make(map[string]map[string]pair, len(i18n.Languages))
	for _, lang := range i18n.Languages {
		m[lang] = make(map[string]pair, len(kinds))
		for _, k := range kinds {
			m[lang][k] = pair{
				text: texttemplate.Must(texttemplate.New(k).Option("missingkey=error").ParseFS(templateFS, templateDir(lang)+k+".txt.tmpl")),
				html: htmltemplate.Must(htmltemplate.New(k).Option("missingkey=error").ParseFS(templateFS, templateDir(lang)+k+".html.tmpl")),
			}
		}
	}
	return m
}()

// Renderer builds every message the site sends from the embedded templates.
// Every user-supplied value is escaped in the HTML part; no subject holds
// anything a visitor typed; and in mail that can reach someone other than
// the visitor, what they typed goes through Inert, only into labelled
// places, never into a link or the site's own sentences.
type Renderer struct {
	Site Site
	// Lang is the language the messages are written in (en, hi, bn);
	// "" is English. In gives a Renderer of another language.
	Lang string
}

// In returns a copy of r that writes in lang (English for a language
// the site does not have).
func (r *Renderer) In(lang string) *Renderer {
	c := *r
	c.Lang = i18n.Default
	if i18n.Valid(lang) {
		c.Lang = lang
	}
	return &c
}

// lang is the language r writes in.
func (r *Renderer) lang() string {
	if i18n.Valid(r.Lang) {
		return r.Lang
	}
	return i18n.Default
}

// word is a fixed word of the mail (a greeting's stand-in for a name) in
// r's language.
func (r *Renderer) word(id string) string { return i18n.T(r.lang(), id) }

// NewRenderer returns a Renderer for site.
func NewRenderer(site Site) *Renderer {
	site.PublicURL = strings.TrimRight(site.PublicURL, "/")
	return &Renderer{Site: site}
}

// PasswordReset asks userID to choose a new password through
// {PublicURL}/reset-password/{token}, valid until expires. The message
// carries a Link: its token is made when it is sent.
func (r *Renderer) PasswordReset(to, name, userID string, expires time.Time) (Message, error) {
	if userID == "" {
		return Message{}, fmt.Errorf("mail: password reset: no user")
	}
	m, err := r.render(KindPasswordReset, to, "", struct {
		base
		Name, Link, Expires string
	}{r.base(), orDefault(Inert(name), r.word("mail.friend")), r.url("/reset-password/" + tokenSlot), untilSlot(r.lang(), false)})
	if err != nil {
		return Message{}, err
	}
	m.Link = Link{Kind: LinkPasswordReset, Ref: userID, Until: expires}
	return m, nil
}

// VerifyEmail asks the owner of to to confirm that the address of the
// account userID is theirs through {PublicURL}/verify-email/{token}, valid
// until expires. Like every link-bearing message it carries a Link and no
// token.
func (r *Renderer) VerifyEmail(to, name, userID string, expires time.Time) (Message, error) {
	if userID == "" {
		return Message{}, fmt.Errorf("mail: verify email: no user")
	}
	m, err := r.render(KindVerifyEmail, to, "", struct {
		base
		Name, Link, Expires string
	}{r.base(), orDefault(Inert(name), r.word("mail.friend")), r.url("/verify-email/" + tokenSlot), untilSlot(r.lang(), false)})
	if err != nil {
		return Message{}, err
	}
	m.Link = Link{Kind: LinkVerifyEmail, Ref: userID, Until: expires}
	return m, nil
}

// DiscipleConfirmRequest asks a temple president to confirm an applicant
// through {PublicURL}/Reg?token=…; like every link-bearing message it
// carries a Link and no token.
func (r *Renderer) DiscipleConfirmRequest(to string, d DiscipleRequest) (Message, error) {
	return r.discipleRequest(KindDiscipleConfirmRequest, to, d)
}

// DiscipleReminder repeats an unanswered confirmation request.
func (r *Renderer) DiscipleReminder(to string, d DiscipleRequest) (Message, error) {
	return r.discipleRequest(KindDiscipleReminder, to, d)
}

func (r *Renderer) discipleRequest(kind, to string, d DiscipleRequest) (Message, error) {
	if d.DiscipleID == "" || d.ExpiresAt.IsZero() {
		return Message{}, fmt.Errorf("mail: %s: no registration or expiry", kind)
	}
	m, err := r.render(kind, to, "", struct {
		base
		ApplicantName, InitiatedName, InitiationDate, Link, Expires string
	}{
		r.base(),
		orDefault(Inert(d.ApplicantName), r.word("mail.notGiven")),
		Inert(d.InitiatedName),
		Inert(d.InitiationDate),
		r.url("/Reg?token=" + tokenSlot),
		untilSlot(r.lang(), true),
	})
	if err != nil {
		return Message{}, err
	}
	m.Link = Link{Kind: LinkDiscipleConfirm, Ref: d.DiscipleID, Until: d.ExpiresAt}
	return m, nil
}

// DiscipleConfirmed tells the applicant that the referrer confirmed them.
func (r *Renderer) DiscipleConfirmed(to, applicantName string) (Message, error) {
	return r.render(KindDiscipleConfirmed, to, "", struct {
		base
		Name string
	}{r.base(), orDefault(Inert(applicantName), r.word("mail.friend"))})
}

// DiscipleDeclined tells the applicant that the referrer declined, with the reason.
func (r *Renderer) DiscipleDeclined(to, applicantName, reason string) (Message, error) {
	return r.render(KindDiscipleDeclined, to, "", struct {
		base
		Name, Reason string
	}{r.base(), orDefault(Inert(applicantName), r.word("mail.friend")), strings.TrimSpace(normalizeNewlines(reason))})
}

// DiscipleRejected tells the applicant that the program did not accept
// the confirmation their temple president gave (an admin rejected it on
// review), so the registration is closed, and where to write if they
// think it a mistake. The admin's reason is for the staff and is not sent.
func (r *Renderer) DiscipleRejected(to, applicantName string) (Message, error) {
	return r.render(KindDiscipleRejected, to, "", struct {
		base
		Name, ContactLink string
	}{r.base(), orDefault(Inert(applicantName), r.word("mail.friend")), r.url("/contactus")})
}

// PasswordChanged tells an account's owner that its password was changed
// (by them in My Account, or through a reset link), and what to do if it
// was not them: ask for a reset link at once, and write to the program.
func (r *Renderer) PasswordChanged(to, name string) (Message, error) {
	return r.render(KindPasswordChanged, to, "", struct {
		base
		Name, ResetLink, ContactLink string
	}{r.base(), orDefault(Inert(name), r.word("mail.friend")), r.url("/recoverpassword"), r.url("/contactus")})
}

// DiscipleExpired tells the applicant that their temple president did not
// answer within 30 days, so the request has expired, and how to go on: ask
// for a fresh link through the contact page (or, when replyTo is set, by
// replying) or register again. templePresidentEmail is where the request went.
func (r *Renderer) DiscipleExpired(to, replyTo, applicantName, templePresidentEmail string) (Message, error) {
	return r.render(KindDiscipleExpired, to, replyTo, struct {
		base
		Name, TemplePresidentEmail, ContactLink, RegisterLink string
		CanReply                                              bool
	}{
		r.base(),
		orDefault(Inert(applicantName), r.word("mail.friend")),
		orDefault(Inert(templePresidentEmail), r.word("mail.addressYouGave")),
		r.url("/contactus"),
		r.url("/discipleRegistration"),
		strings.TrimSpace(replyTo) != "",
	})
}

// acknowledgements are the forms that are thanked by email; the wording
// of each (its title, lead and next step) is in the catalogue as
// ack.<form>.title, .lead and .next.
var acknowledgements = map[string]bool{"volunteer": true, "host": true, "donation": true, "disciple": true, "grievance": true, "contact": true}

// Receipt of a submission: the reference the site gave it (the sender
// quotes it on the phone) and when it arrived.
type Received struct {
	Ref string
	At  time.Time
}

// Acknowledgement thanks the person who sent a form; form is "volunteer",
// "host", "donation", "disciple" or "contact". It holds nothing the visitor
// typed (not even their name): it goes to an address they typed, which may
// be anyone's. Its reference and time are the site's own, the time written
// in the site's zone.
func (r *Renderer) Acknowledgement(to, form string, got Received) (Message, error) {
	if !acknowledgements[form] {
		return Message{}, fmt.Errorf("mail: acknowledgement: unknown form %q", form)
	}
	// Every submission but a grievance has a reference to quote.
	if (got.Ref == "" && form != "grievance") || got.At.IsZero() {
		return Message{}, fmt.Errorf("mail: acknowledgement: no reference or time")
	}
	m, err := r.render(KindAcknowledgement, to, "", struct {
		base
		Title, Lead, Next, Ref, At, ContactLink string
	}{r.base(), r.word("ack." + form + ".title"), r.word("ack." + form + ".lead"), r.word("ack." + form + ".next"),
		OneLine(got.Ref), DateTimeIn(r.Site.Zone, r.lang(), got.At), r.url("/contactus")})
	// The thank-you is about the record its reference names.
	m.About = got.Ref
	return m, err
}

// AdminCopy sends a new submission's fields to SPDC_ADMIN_NOTIFY; form as
// in Acknowledgement, or "disciple".
func (r *Renderer) AdminCopy(to, form string, fields []Field) (Message, error) {
	if !acknowledgements[form] && form != "disciple" {
		return Message{}, fmt.Errorf("mail: admin copy: unknown form %q", form)
	}
	clean := make([]Field, len(fields))
	for i, f := range fields {
		clean[i] = Field{Label: OneLine(f.Label), Value: strings.TrimSpace(normalizeNewlines(f.Value))}
	}
	return r.render(KindAdminCopy, to, "", struct {
		base
		Form   string
		Fields []Field
		Link   string
	}{r.base(), form, clean, r.url("/admin")})
}

// Receipt is the donation receipt r sent to the donor with its PDF
// attached: the donor's name (as Inert text), the amount in Indian
// grouping and the receipt number, which the site made; duplicate says it
// is a reissued copy. The caller attaches the file.
func (r *Renderer) Receipt(to, donorName, number, amount string, is80G, duplicate bool, pdf Attachment) (Message, error) {
	m, err := r.render(KindReceipt, to, "", struct {
		base
		Name, Number, Amount string
		Is80G, Duplicate     bool
	}{r.base(), orDefault(Inert(donorName), r.word("mail.friend")), OneLine(number), OneLine(amount), is80G, duplicate})
	if err != nil {
		return Message{}, err
	}
	m.Attachments = []Attachment{pdf}
	return m, m.Validate()
}

// SignInAttempts tells an account's owner that someone keeps guessing its
// password, that the account is not locked, and how to choose a new one.
func (r *Renderer) SignInAttempts(to, name string) (Message, error) {
	return r.render(KindSignInAttempts, to, "", struct {
		base
		Name, Link string
	}{r.base(), orDefault(Inert(name), r.word("mail.friend")), r.url("/recoverpassword")})
}

// MailCapAlert tells the program's admin that the site has sent perHour
// emails in the last hour and holds the rest back.
func (r *Renderer) MailCapAlert(to string, perHour int) (Message, error) {
	return r.render(KindMailCapAlert, to, "", struct {
		base
		PerHour int
		Link    string
	}{r.base(), perHour, r.url("/admin")})
}

// AccountInactive warns the owner of an account nobody has signed in to
// since lastSignIn that it is erased on eraseOn (after months without a
// sign-in) unless they sign in before then. Dates are written in the
// site's zone, with the month's name in r's language.
func (r *Renderer) AccountInactive(to, name string, lastSignIn, eraseOn time.Time, months int) (Message, error) {
	return r.render(KindAccountInactive, to, "", struct {
		base
		Name, LastSignIn, EraseOn, Link string
		Months                          int
	}{r.base(), orDefault(Inert(name), r.word("mail.friend")), DateIn(r.Site.Zone, r.lang(), lastSignIn), DateIn(r.Site.Zone, r.lang(), eraseOn), r.url("/login"), months})
}

// base is embedded in every template's data.
type base struct {
	Site Site
}

func (r *Renderer) base() base { return base{Site: r.Site} }

func (r *Renderer) url(path string) string {
	return strings.TrimRight(r.Site.PublicURL, "/") + path
}

// render executes kind's templates in r's language with data and returns
// a validated message. A bilingual kind in another language than English
// has the English text below its own, and both subjects.
func (r *Renderer) render(kind, to, replyTo string, data any) (Message, error) {
	lang := r.lang()
	subj, text, html, err := renderParts(lang, kind, data)
	if err != nil {
		return Message{}, err
	}
	if bilingual[kind] && lang != i18n.En {
		enSubj, enText, enHTML, err := renderParts(i18n.En, kind, data)
		if err != nil {
			return Message{}, err
		}
		// The English part writes the link's expiry in English.
		enText, enHTML = untilInEnglish(lang, enText), untilInEnglish(lang, enHTML)
		subj += " / " + enSubj
		text += "\n----- English -----\n\n" + enText
		html += "<hr style=\"border:none;border-top:1px solid #e6e0d6;margin:24px 0;\">\n<div lang=\"en\">\n" + enHTML + "</div>\n"
	}
	var textOut, htmlOut bytes.Buffer
	if err := layouts.text.ExecuteTemplate(&textOut, "layout", layoutData{Site: r.Site, Lang: lang, Body: text}); err != nil {
		return Message{}, fmt.Errorf("mail: render %s text: %w", kind, err)
	}
	if err := layouts.html.ExecuteTemplate(&htmlOut, "layout", layoutData{Site: r.Site, Lang: lang,
		Subject: htmltemplate.HTML(subjectHTML(kind, lang, data, subj)), Body: htmltemplate.HTML(html)}); err != nil {
		return Message{}, fmt.Errorf("mail: render %s html: %w", kind, err)
	}
	m := Message{
		Kind:    kind,
		To:      strings.TrimSpace(to),
		ReplyTo: strings.TrimSpace(replyTo),
		Subject: truncate(OneLine(subj), 200),
		Text:    textOut.String(),
		HTML:    htmlOut.String(),
	}
	if err := m.Validate(); err != nil {
		return Message{}, err
	}
	return m, nil
}

// layoutData is what the layout shows around a message's body.
type layoutData struct {
	Site    Site
	Lang    string
	Subject htmltemplate.HTML
	Body    any // string in the text part, htmltemplate.HTML in the HTML part
}

// renderParts executes kind's subject (from the text template) and its
// text and HTML bodies in lang.
func renderParts(lang, kind string, data any) (subj, text, html string, err error) {
	t, ok := templates[lang][kind]
	if !ok {
		return "", "", "", fmt.Errorf("mail: no template %q in %q", kind, lang)
	}
	var sb, tb, hb bytes.Buffer
	if err := t.text.ExecuteTemplate(&sb, "subject", data); err != nil {
		return "", "", "", fmt.Errorf("mail: render %s subject: %w", kind, err)
	}
	if err := t.text.ExecuteTemplate(&tb, "body", data); err != nil {
		return "", "", "", fmt.Errorf("mail: render %s text: %w", kind, err)
	}
	if err := t.html.ExecuteTemplate(&hb, "body", data); err != nil {
		return "", "", "", fmt.Errorf("mail: render %s html: %w", kind, err)
	}
	return sb.String(), tb.String(), hb.String(), nil
}

// subjectHTML is the subject as the HTML part's title writes it: the HTML
// template's own subject (escaped as HTML), both subjects for a bilingual
// message.
func subjectHTML(kind, lang string, data any, fallback string) string {
	one := func(l string) string {
		var b bytes.Buffer
		if err := templates[l][kind].html.ExecuteTemplate(&b, "subject", data); err != nil {
			return htmltemplate.HTMLEscapeString(fallback)
		}
		return b.String()
	}
	if bilingual[kind] && lang != i18n.En {
		return one(lang) + " / " + one(i18n.En)
	}
	return one(lang)
}

// OneLine reduces s to a single line: line breaks, tabs and other control
// characters become spaces, runs of spaces collapse and the ends are
// trimmed. Subjects and names go through it so no value can add a header.
func OneLine(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, c := range s {
		if unicode.IsControl(c) || unicode.IsSpace(c) || c == '\u2028' || c == '\u2029' {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(c)
	}
	return b.String()
}

func normalizeNewlines(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

func truncate(s string, n int) string {
	rs := []rune(s)
	if len(rs) <= n {
		return s
	}
	return string(rs[:n-1]) + "…"
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}
