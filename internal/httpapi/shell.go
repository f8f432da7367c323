package httpapi

// The first paint of a public page, before any script: the server writes
// the page's header and what a visitor came for (the home page's heading
// and about text, the donation page's bank details and UPI ID, a form's
// heading and introduction, a content page's title band and first
// screen, a published list's cards, see shell_pages.go and
// shell_lists.go) into the app's #root, from the site's data and the web app's messages in the page's
// language, with the classes the app uses, so the browser paints it with
// the stylesheet alone. The app's first render replaces it with the same
// markup, live; without JavaScript it stays, above the no-script note.

import (
	"bytes"
	"encoding/json"
	"html/template"
	"regexp"
	"strconv"
	"strings"
)

// shellNav is one link of the site header.
type shellNav struct {
	Href, Label string
	Current     bool
}

// shellLang is one button of the language switcher. Painted, the
// switcher is a form that asks for the page again with ?lang=, so a
// language can be chosen before the app has taken over.
type shellLang struct {
	Code, Name string
	Pressed    bool
}

// shellField is one line of a details list (bank account, UPI).
type shellField struct {
	Label, Value, CopyLabel string
}

// shellData is what the shell template reads.
type shellData struct {
	Skip, LangGroup, Menu, Nav, Involved, TextSize string
	TextSizes                                      []string
	// Size is the index in TextSizes of the reader's text size.
	Size                 int
	SignIn, SignUp       string
	Org, Tagline         string
	Langs                []shellLang
	Links, InvolvedLinks []shellNav

	// Kind picks the page's block: home, auth, form, donation, band or
	// soon (the page of what is coming).
	Kind, Title, Lead, Breadcrumb, Home, TitleID, Eyebrow string
	// Body is a content page's markup below its band; Intro the donation
	// page's introduction, from Markdown.
	Body, Intro template.HTML

	// A sign-in page's form.
	Auth *shellAuth

	// Home page.
	HeroLead, VideoLabel, Poster, Register, Donate string
	AboutTitle, MoreAbout                          string
	About                                          []string

	// Donation page.
	BankTitle, BankSoon, BankLabel, Copy string
	OnlyIndia, After                     template.HTML
	Accounts                             []shellAccount
	UPI                                  []shellField
	QRWait, QRScan                       string
}

// shellAuth is the form of a sign-in page (log in, register, forgotten
// password) as the app first draws it, empty. Its boxes and ticks can be
// used at once, on a slow phone before the app has arrived: the app
// carries what was typed into its own form when it takes over. Its
// buttons are painted disabled, so nothing is sent before then.
type shellAuth struct {
	// Intro is the paragraph above the form.
	Intro  string
	Fields []shellInput
	Checks []shellCheck
	// CheckRow sets the ticks side by side (the log-in form's two).
	CheckRow bool
	// Hint is the line under the ticks; Clear the button that empties a
	// kept draft.
	Hint, Submit, Clear string
	// Links are the lines under the form.
	Links []template.HTML
}

// shellInput is one labelled, required text box of a sign-in form.
type shellInput struct {
	ID, Label, Name, Type, AutoComplete, InputMode, Hint string
	MaxLength                                            int
}

// shellCheck is one tick box with its label.
type shellCheck struct{ Name, Label string }

// shellAccount is one bank account of the donation page.
type shellAccount struct {
	Heading, Label string
	Fields         []shellField
}

// shellPage says how the shell paints one route: its kind and the
// message keys of its heading and lead.
type shellPage struct {
	kind, title, titleID string
	// lead is the message keys of the page's opening paragraph, separated
	// by spaces: the paragraph is their texts joined by a space, one text
	// as the app writes it.
	lead string
}

// shellPages are the public routes painted before the script; a route
// not listed keeps an empty #root (accounts, the dashboard, one-time
// links: what they show depends on who asks).
var shellPages = map[string]shellPage{
	"/":                      {kind: "home"},
	"/login":                 {kind: "auth", title: "login.title", titleID: "login-title"},
	"/register":              {kind: "auth", title: "register.title", titleID: "register-title"},
	"/recoverpassword":       {kind: "auth", title: "forgot.title", titleID: "forgot-title"},
	"/becomevolunteer":       {kind: "form", title: "volunteer.title", lead: "volunteer.intro form.requiredNote", titleID: "volunteer-title"},
	"/discipleRegistration":  {kind: "form", title: "disciple.title", lead: "disciple.intro", titleID: "disciple-title"},
	"/Host":                  {kind: "form", title: "host.title", lead: "host.intro", titleID: "host-title"},
	"/donation":              {kind: "donation", title: "donation.title"},
	"/aboutus":               {kind: "band", title: "meta.about.title"},
	"/contactus":             {kind: "band", title: "meta.contact.title", lead: "contact.intro"},
	"/implementationProcess": {kind: "band", title: "meta.implementation.title", lead: "home.processIntro"},
	"/events":                {kind: "band", title: "meta.events.title", lead: "home.storiesIntro"},
	"/donor":                 {kind: "band", title: "meta.donor.title"},
	"/privacypolicy":         {kind: "band", title: "meta.privacy.title"},
	"/teamcondition":         {kind: "band", title: "meta.terms.title"},
	"/faq":                   {kind: "band", title: "meta.faq.title"},
	"/causes":                {kind: "band", title: "meta.causes.title", lead: "pages.causes.lead"},
	"/team":                  {kind: "band", title: "meta.team.title", lead: "pages.team.intro"},
	"/testimonial":           {kind: "band", title: "meta.testimonial.title", lead: "pages.testimonials.intro"},
	"/volunteer":             {kind: "band", title: "pages.volunteers.title", lead: "pages.volunteers.intro"},
	"/services":              {kind: "band", title: "meta.services.title", lead: "pages.services.intro"},
	"/servicesdetails":       {kind: "band", title: "meta.servicesDetails.title"},
	// One event or cause by its ?id=: painted only while there is none
	// published, when every address shows the same note.
	"/eventdetails":  {kind: "band", title: "meta.eventDetails.title"},
	"/causesdetails": {kind: "band", title: "meta.causesDetails.title"},
	"/comingsoon":    {kind: "soon", title: "pages.comingSoon.title", lead: "pages.comingSoon.text"},
}

// The header's links, as the app's header lists them (label keys are
// header.<label>).
var (
	shellInvolved = [][2]string{{"/discipleRegistration", "disciple"}, {"/becomevolunteer", "volunteer"}, {"/donation", "donation"}, {"/Host", "host"}}
	shellLinks    = append(append([][2]string{{"/", "home"}, {"/aboutus", "about"}, {"/implementationProcess", "implementation"}}, shellInvolved...),
		[2]string{"/events", "stories"}, [2]string{"/contactus", "contact"})
	// shellLangNames names each language in its own script, as the
	// switcher does.
	shellLangNames = [][2]string{{"en", "English"}, {"hi", "हिन्दी"}, {"bn", "বাংলা"}}
	// shellBankRows are a bank account's fields in the app's order, with
	// their label keys and whether the app offers to copy them.
	shellBankRows = []struct {
		field, label string
		copy         bool
	}{
		{"accountName", "donation.field.accountName", true},
		{"bank", "donation.field.bank", false},
		{"branch", "donation.field.branch", false},
		{"accountNumber", "donation.field.accountNumber", true},
		{"accountType", "donation.field.accountType", false},
		{"ifsc", "donation.field.ifsc", true},
	}
)

// shellMessages are the web app's texts of one language (the build's
// i18n/<lang>.json, compiled: a message is a string, or a list of parts
// where a string is text, [name] a value and [name, "t", parts] the
// words of a tag), with English for a key the language lacks.
type shellMessages struct{ own, en map[string]any }

func (m shellMessages) message(key string) any {
	if v, ok := m.own[key]; ok {
		return v
	}
	if v, ok := m.en[key]; ok {
		return v
	}
	return key
}

// t is a message as text, with vars (name, value, name, value…) in
// place of its values; a tag's words are kept, without the tag.
func (m shellMessages) t(key string, vars ...string) string {
	var b strings.Builder
	writeShellMessage(&b, m.message(key), vars, nil)
	return b.String()
}

// withLink is a message as HTML, escaped, the words of its <link> tag an
// anchor to href.
func (m shellMessages) withLink(key, href string) template.HTML {
	return m.tagged(key, map[string][2]string{"link": {`<a href="` + template.HTMLEscapeString(href) + `">`, `</a>`}})
}

// tagged is a message as HTML, escaped, with vars in place of its values
// and the words of each of its tags between the markup tags gives it (a
// tag not named keeps its words alone).
func (m shellMessages) tagged(key string, tags map[string][2]string, vars ...string) template.HTML {
	var b strings.Builder
	writeShellMessage(&b, m.message(key), vars, func(tag string) (string, string) {
		return tags[tag][0], tags[tag][1]
	})
	return template.HTML(b.String())
}

// writeShellMessage writes a compiled message's parts. With tag set the text
// is escaped as HTML and tag gives the markup around a tag's words;
// without it the text is written as it is.
func writeShellMessage(b *strings.Builder, msg any, vars []string, tag func(name string) (open, close string)) {
	text := func(s string) {
		if tag != nil {
			s = template.HTMLEscapeString(s)
		}
		b.WriteString(s)
	}
	switch v := msg.(type) {
	case string:
		text(v)
	case []any:
		for _, part := range v {
			switch p := part.(type) {
			case string:
				text(p)
			case []any:
				name, _ := p[0].(string)
				if len(p) == 3 && p[1] == "t" {
					open, close := "", ""
					if tag != nil {
						open, close = tag(name)
					}
					b.WriteString(open)
					writeShellMessage(b, p[2], vars, tag)
					b.WriteString(close)
					continue
				}
				for i := 0; i+1 < len(vars); i += 2 {
					if vars[i] == name {
						text(vars[i+1])
					}
				}
			}
		}
	}
}

// parseMessages reads a build's i18n/<lang>.json.
func parseMessages(b []byte) map[string]any {
	var m map[string]any
	if json.Unmarshal(b, &m) != nil {
		return nil
	}
	return m
}

// shellSite is the part of the site's public data the shell shows.
type shellSite struct {
	Settings struct {
		OrgName      string              `json:"orgName"`
		Tagline      string              `json:"tagline"`
		UPIID        string              `json:"upiId"`
		UPIPayeeName string              `json:"upiPayeeName"`
		BankAccounts []map[string]string `json:"bankAccounts"`
		BannerPoster *struct {
			Src string `json:"src"`
		} `json:"bannerPoster"`
	} `json:"settings"`
	Collections shellCollections `json:"collections"`
}

// shellCollections are the site's published lists the shell shows.
type shellCollections struct {
	Pages []struct {
		Slug  string `json:"slug"`
		Title string `json:"title"`
		Body  string `json:"body"`
	} `json:"pages"`
	FAQ []struct {
		Question string `json:"question"`
		Answer   string `json:"answer"`
	} `json:"faq"`
	Steps []struct {
		Title   string `json:"title"`
		Text    string `json:"text"`
		Details string `json:"details"`
	} `json:"steps"`
	// The lists the program publishes, painted card by card (see
	// shell_lists.go).
	Donors  []shellItem `json:"donors"`
	Stories []shellItem `json:"stories"`
	Events  []shellItem `json:"events"`
	Causes  []shellItem `json:"causes"`
	Team    []shellItem `json:"team"`
	// The collection the volunteers page shows (people, not the
	// registrations).
	Volunteers   []shellItem `json:"volunteers"`
	Testimonials []shellItem `json:"testimonials"`
}

func (s *shellSite) page(slug string) (title, body string, ok bool) {
	for _, p := range s.Collections.Pages {
		if p.Slug == slug {
			return p.Title, p.Body, true
		}
	}
	return "", "", false
}

// Markdown reduced to its words, as the app's plainParagraphs does for the
// home page's long texts.
var (
	plainLineRE  = regexp.MustCompile(`^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)`)
	plainLinkRE  = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
	plainTagRE   = regexp.MustCompile(`<[^>]*>`)
	plainEmphRE  = regexp.MustCompile("(\\*\\*|__|\\*|_|`)(\\S(?:.*?\\S)?)(\\*\\*|__|\\*|_|`)")
	plainSpaceRE = regexp.MustCompile(`\s+`)
	plainParaRE  = regexp.MustCompile(`\n\s*\n`)
)

// plainParagraphs is md as plain paragraphs: no markup, links as their
// words.
func plainParagraphs(md string) []string {
	md = strings.ReplaceAll(strings.ReplaceAll(md, "\r\n", "\n"), "\r", "\n")
	var out []string
	for _, p := range plainParaRE.Split(md, -1) {
		lines := strings.Split(p, "\n")
		for i, l := range lines {
			lines[i] = plainLineRE.ReplaceAllString(l, "")
		}
		t := plainLinkRE.ReplaceAllString(strings.Join(lines, " "), "$1")
		t = plainTagRE.ReplaceAllString(t, "")
		t = plainEmphRE.ReplaceAllStringFunc(t, func(m string) string {
			sub := plainEmphRE.FindStringSubmatch(m)
			if sub[1] != sub[3] {
				return m
			}
			return sub[2]
		})
		if t = strings.TrimSpace(plainSpaceRE.ReplaceAllString(t, " ")); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// shellFor is the data of the shell of pattern in lang, or false when the
// route has none.
func shellFor(pattern, lang string, m shellMessages, site *shellSite) (*shellData, bool) {
	sp, ok := shellPages[pattern]
	if !ok {
		return nil, false
	}
	set := &site.Settings
	d := &shellData{
		Skip: m.t("layout.skip"), LangGroup: m.t("header.language"), Menu: m.t("header.menu"), Nav: m.t("header.nav"),
		Involved: "How to get involved", TextSize: m.t("textSize.group"),
		TextSizes: []string{m.t("textSize.normal"), m.t("textSize.large"), m.t("textSize.largest")},
		SignIn:    m.t("header.signIn"), SignUp: m.t("header.signUp"),
		Org: set.OrgName, Tagline: set.Tagline,
		Kind: sp.kind, TitleID: sp.titleID, Breadcrumb: m.t("common.breadcrumb"), Home: m.t("header.home"),
	}
	if d.Org == "" {
		d.Org = "SPDC"
	}
	for _, l := range shellLangNames {
		d.Langs = append(d.Langs, shellLang{Code: l[0], Name: l[1], Pressed: l[0] == lang})
	}
	for _, l := range shellLinks {
		d.Links = append(d.Links, shellNav{Href: l[0], Label: m.t("header." + l[1]), Current: l[0] == pattern})
	}
	for _, l := range shellInvolved {
		d.InvolvedLinks = append(d.InvolvedLinks, shellNav{Href: l[0], Label: m.t("header." + l[1]), Current: l[0] == pattern})
	}
	if sp.title != "" {
		d.Title = m.t(sp.title)
	}
	if sp.lead != "" {
		var texts []string
		for _, key := range strings.Fields(sp.lead) {
			texts = append(texts, m.t(key))
		}
		d.Lead = strings.Join(texts, " ")
	}
	c := &site.Collections
	if (pattern == "/eventdetails" && len(c.Events) > 0) || (pattern == "/causesdetails" && len(c.Causes) > 0) {
		return nil, false
	}
	switch sp.kind {
	case "band":
		d.Body = shellPageBody(pattern, lang, m, site)
	case "soon":
		d.Eyebrow = m.t("meta.comingSoon.title")
	case "home":
		d.Title, d.HeroLead, d.VideoLabel = m.t("home.heroTitle"), m.t("home.heroLead"), m.t("home.videoLabel")
		d.Register, d.Donate, d.MoreAbout = m.t("home.registerDisciple"), m.t("home.donate"), m.t("home.moreAbout")
		d.Poster = "/media/banner-poster.webp"
		if set.BannerPoster != nil && strings.HasPrefix(set.BannerPoster.Src, "/") {
			d.Poster = set.BannerPoster.Src
		}
		if title, body, ok := site.page("about"); ok {
			d.AboutTitle, d.About = title, plainParagraphs(body)
		}
	case "auth":
		d.Auth = shellAuthForm(pattern, m)
	case "donation":
		if _, body, ok := site.page("donation"); ok {
			d.Intro = shellMarkdown(body)
		}
		d.BankTitle, d.BankSoon, d.Copy = m.t("donation.bank.title"), m.t("donation.bank.soon"), m.t("copy.copy")
		d.OnlyIndia, d.After = m.withLink("donation.bank.onlyIndia", "#abroad-title"), m.withLink("donation.bank.after", "#report-title")
		for i, b := range set.BankAccounts {
			a := shellAccount{Label: m.t("donation.bank.accountLabel")}
			if len(set.BankAccounts) > 1 {
				a.Heading = m.t("donation.bank.account", "n", strconv.Itoa(i+1))
				a.Label = a.Heading
			}
			for _, r := range shellBankRows {
				if v := b[r.field]; v != "" {
					label := m.t(r.label)
					f := shellField{Label: label, Value: v}
					if r.copy {
						f.CopyLabel = m.t("copy.label", "what", inSentence(label))
					}
					a.Fields = append(a.Fields, f)
				}
			}
			d.Accounts = append(d.Accounts, a)
		}
		if set.UPIID != "" {
			d.UPI = []shellField{{Label: "UPI ID", Value: set.UPIID, CopyLabel: m.t("copy.label", "what", "UPI ID")}}
			payee := set.UPIPayeeName
			if payee == "" {
				payee = set.OrgName
			}
			if payee != "" {
				d.UPI = append(d.UPI, shellField{Label: m.t("donation.field.payee"), Value: payee})
			}
			d.QRWait, d.QRScan = m.t("donation.upi.loading"), m.t("donation.upi.scan")
		}
	}
	return d, true
}

// shellAuthForm is the form of the sign-in page pattern, field for field
// as the app draws it.
func shellAuthForm(pattern string, m shellMessages) *shellAuth {
	link := func(href, key string) template.HTML {
		return template.HTML(`<a href="` + href + `">` + template.HTMLEscapeString(m.t(key)) + `</a>`)
	}
	switch pattern {
	case "/login":
		return &shellAuth{
			Fields: []shellInput{
				{ID: "login-identifier", Label: m.t("login.identifier"), Name: "identifier", Type: "text", AutoComplete: "username", InputMode: "email"},
				{ID: "login-password", Label: m.t("login.password"), Name: "password", Type: "password", AutoComplete: "current-password"},
			},
			Checks:   []shellCheck{{Label: m.t("form.showPassword")}, {Name: "remember", Label: m.t("login.remember")}},
			CheckRow: true, Hint: m.t("login.rememberHint"), Submit: m.t("login.title"),
			Links: []template.HTML{link("/recoverpassword", "login.forgot"), m.withLink("login.noAccount", "/register")},
		}
	case "/register":
		return &shellAuth{
			Fields: []shellInput{
				{ID: "register-fullName", Label: m.t("register.fullName"), Name: "fullName", AutoComplete: "name", MaxLength: 200},
				{ID: "register-email", Label: m.t("register.email"), Name: "email", Type: "email", AutoComplete: "email"},
				{ID: "register-mobile", Label: m.t("register.mobile"), Name: "mobile", Type: "tel", AutoComplete: "tel", Hint: m.t("form.mobileHint")},
				{ID: "register-password", Label: m.t("register.password"), Name: "password", Type: "password", AutoComplete: "new-password", Hint: m.t("password.rule")},
			},
			Checks: []shellCheck{{Label: m.t("form.showPassword")}},
			Submit: m.t("register.title"), Clear: m.t("form.clear"),
			Links: []template.HTML{m.withLink("register.haveAccount", "/login")},
		}
	case "/recoverpassword":
		return &shellAuth{
			Intro:  m.t("forgot.intro"),
			Fields: []shellInput{{ID: "forgot-email", Label: m.t("register.email"), Name: "email", Type: "email", AutoComplete: "email"}},
			Submit: m.t("forgot.submit"),
			Links:  []template.HTML{link("/login", "auth.backToLogin")},
		}
	}
	return nil
}

// inSentence writes a label as it reads inside a sentence, as the app
// does: "account number", but "IFSC code" as it is.
func inSentence(label string) string {
	if len(label) >= 2 && label[0] >= 'A' && label[0] <= 'Z' && label[1] >= 'A' && label[1] <= 'Z' {
		return label
	}
	if label != "" && label[0] >= 'A' && label[0] <= 'Z' {
		return string(label[0]+'a'-'A') + label[1:]
	}
	return label
}

// shellTemplate is the markup of the app's layout (skip link, header,
// main) and of each kind of page, with the app's classes; its lines are
// joined, as the app's markup has no white space between its tags.
var shellTemplate = template.Must(template.New("shell").Funcs(template.FuncMap{
	"icon":   func(name string, size int) shellIcon { return shellIcon{D: shellIcons[name], Size: size} },
	"glyphs": func() []string { return []string{"A", "A+", "A++"} },
	"fields": func(fields []shellField, copy string) shellFields { return shellFields{Fields: fields, Copy: copy} },
}).Parse(strings.ReplaceAll(`
{{- define "icon"}}<svg class="icon" width="{{.Size}}" height="{{.Size}}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="{{.D}}"></path></svg>{{end -}}
{{- define "band"}}<div class="page-header"><div class="container"><nav aria-label="{{.Breadcrumb}}" class="breadcrumb"><ol><li><a href="/">{{.Home}}</a></li><li aria-current="page">{{.Title}}</li></ol></nav><h1>{{.Title}}</h1>{{if .Lead}}<p class="page-lead">{{.Lead}}</p>{{end}}</div></div>{{end -}}
{{- define "dl"}}{{range .Fields}}<div><dt>{{.Label}}</dt><dd class="copy-row"><span class="copy-value">{{.Value}}</span>{{if .CopyLabel}}<span class="copy"><button type="button" class="btn btn-outline copy-btn" aria-label="{{.CopyLabel}}">{{$.Copy}}</button><span class="visually-hidden" role="status"></span></span>{{end}}</dd></div>{{end}}{{end -}}
<a class="skip-link" href="#main">{{.Skip}}</a>
<header class="site-header"><div class="lang-bar"><form class="lang-switch" role="group" aria-label="{{.LangGroup}}" method="get">
{{- range .Langs}}<button type="submit" name="lang" value="{{.Code}}" lang="{{.Code}}" aria-pressed="{{.Pressed}}">{{.Name}}</button>{{end -}}
</form></div><div class="header-inner"><a class="brand" href="/"><svg class="logo" width="48" height="48" viewBox="0 0 48 48" aria-hidden="true" focusable="false"><circle cx="24" cy="24" r="23" fill="#7a3b10"></circle><path d="M24 9c4 5 5 8 5 11a5 5 0 0 1-10 0c0-3 1-6 5-11z" fill="#ffd27a"></path><path d="M24 14c2 3 2.5 4.5 2.5 6a2.5 2.5 0 0 1-5 0c0-1.5.5-3 2.5-6z" fill="#fff4d6"></path><path d="M9 26c3 0 6 2 8 5l3 4c1 1.5 2.5 2 4 2s3-.5 4-2l3-4c2-3 5-5 8-5-1 8-7 14-15 14S10 34 9 26z" fill="#ffe8c2"></path></svg><span class="brand-text"><strong>{{.Org}}</strong>{{if .Tagline}}<small>{{.Tagline}}</small>{{end}}</span></a>
<button type="button" class="menu-toggle" aria-expanded="false" aria-controls="site-menu">{{template "icon" (icon "menu" 24)}}<span>{{.Menu}}</span></button>
<div id="site-menu" class="site-menu"><nav class="main-nav" aria-label="{{.Nav}}"><ul class="nav-links">
{{- range .Links}}<li><a href="{{.Href}}" class="nav-link{{if .Current}} active{{end}}"{{if .Current}} aria-current="page"{{end}}>{{.Label}}</a></li>{{end -}}
</ul><div class="disclosure involved"><button type="button" class="disclosure-button" aria-expanded="false" aria-controls="involved-menu">{{.Involved}}{{template "icon" (icon "chevron" 18)}}</button><ul id="involved-menu" class="disclosure-list" hidden>
{{- range .InvolvedLinks}}<li><a href="{{.Href}}" class="nav-link{{if .Current}} active{{end}}"{{if .Current}} aria-current="page"{{end}}>{{.Label}}</a></li>{{end -}}
</ul></div></nav><div class="header-tools"><div class="text-size" role="group" aria-label="{{.TextSize}}">
{{- range $i, $l := .TextSizes}}<button type="button" class="text-size-btn text-size-{{$i}}" aria-pressed="{{eq $i $.Size}}" aria-label="{{$l}}" title="{{$l}}"><span aria-hidden="true">{{index (glyphs) $i}}</span></button>{{end -}}
</div><div class="account-area"><a class="btn btn-outline" href="/login">{{.SignIn}}</a><a class="btn btn-primary" href="/register">{{.SignUp}}</a></div></div></div></div></header>
<main id="main" tabindex="-1">
{{- if eq .Kind "home"}}<section class="hero" aria-labelledby="hero-title"><video class="hero-video" muted loop playsinline preload="none" poster="{{.Poster}}" width="960" height="540" aria-label="{{.VideoLabel}}"></video><div class="hero-content container"><h1 id="hero-title">{{.Title}}</h1><p class="hero-lead">{{.HeroLead}}</p><p class="button-row"><a class="btn btn-primary" href="/discipleRegistration">{{.Register}}</a><a class="btn btn-light" href="/donation">{{.Donate}}</a></p></div></section>
{{- if .AboutTitle}}<section class="section" aria-labelledby="about-title"><div class="container split"><div><h2 id="about-title">{{.AboutTitle}}</h2>{{range .About}}<p>{{.}}</p>{{end}}<p class="button-row"><a class="btn btn-primary" href="/aboutus">{{.MoreAbout}}</a></p></div></div></section>{{end}}
{{- else if eq .Kind "auth"}}<section class="page-section auth-page" aria-labelledby="{{.TitleID}}"><div class="auth-card"><h1 id="{{.TitleID}}">{{.Title}}</h1>{{with .Auth}}{{if .Intro}}<p>{{.Intro}}</p>{{end}}<form novalidate="">
{{- range .Fields}}<div class="form-field"><label for="{{.ID}}">{{.Label}}<span class="form-required" aria-hidden="true"> *</span></label>{{if .Hint}}<p id="{{.ID}}-hint" class="form-hint">{{.Hint}}</p>{{end}}<input id="{{.ID}}" aria-required="true"{{if .Hint}} aria-describedby="{{.ID}}-hint"{{end}} autocomplete="{{.AutoComplete}}"{{if .InputMode}} inputmode="{{.InputMode}}"{{end}}{{if .MaxLength}} maxlength="{{.MaxLength}}"{{end}}{{if .Type}} type="{{.Type}}"{{end}} value="" name="{{.Name}}"></div>{{end}}
{{- if .CheckRow}}<div class="auth-row">{{end}}{{range .Checks}}<label class="auth-check"><input type="checkbox"{{if .Name}} name="{{.Name}}"{{end}}> {{.Label}}</label>{{end}}{{if .CheckRow}}</div>{{end}}
{{- if .Hint}}<p class="auth-hint">{{.Hint}}</p>{{end}}<button type="submit" class="btn btn-primary auth-submit" disabled>{{.Submit}}</button>{{if .Clear}}<button type="button" class="btn form-secondary form-clear" disabled>{{.Clear}}</button>{{end}}</form>
{{- range .Links}}<p class="auth-links">{{.}}</p>{{end}}{{end}}</div></section>
{{- else if eq .Kind "form"}}<section class="form-page" aria-labelledby="{{.TitleID}}"><h1 id="{{.TitleID}}">{{.Title}}</h1><p class="form-intro">{{.Lead}}</p></section>
{{- else if eq .Kind "donation"}}{{template "band" .}}<div class="section"><div class="container narrow stack">{{.Intro}}<section class="card" aria-labelledby="bank-title"><h2 id="bank-title">{{.BankTitle}}</h2>
{{- if or .Accounts .UPI}}<p>{{.OnlyIndia}}</p>{{range .Accounts}}<div class="bank-account">{{if .Heading}}<h3>{{.Heading}}</h3>{{end}}<dl class="details-list" aria-label="{{.Label}}">{{template "dl" (fields .Fields $.Copy)}}</dl></div>{{end}}
{{- if .UPI}}<div class="upi"><h3>UPI</h3><dl class="details-list">{{template "dl" (fields .UPI .Copy)}}</dl><figure class="upi-qr"><div class="upi-qr-wait">{{.QRWait}}</div><figcaption>{{.QRScan}}</figcaption></figure></div>{{end}}<p>{{.After}}</p>
{{- else}}<p>{{.BankSoon}}</p>{{end}}</section></div></div>
{{- else if eq .Kind "soon"}}<section class="section coming-soon" aria-labelledby="cs-title"><div class="container narrow center"><p class="eyebrow">{{.Eyebrow}}</p><h1 id="cs-title">{{.Title}}</h1><p class="section-lead">{{.Lead}}</p></div></section>
{{- else}}{{template "band" .}}{{.Body}}{{end -}}
</main>`, "\n", "")))

// shellIcon is one of the app's line icons.
type shellIcon struct {
	D    string
	Size int
}

// shellIcons are the paths of the icons the header shows.
var shellIcons = map[string]string{"chevron": "M6 9l6 6 6-6", "menu": "M4 6h16M4 12h16M4 18h16"}

// shellFields is a details list and the copy buttons' word.
type shellFields struct {
	Fields []shellField
	Copy   string
}

// rootTag is the app's empty mount point in index.html.
var rootTag = []byte(`<div id="root"></div>`)

// paintShell writes the first paint of pattern's page in lang, its text
// size control at size (an index in textSizes), into the page's empty
// #root, from the site's public data (its JSON) and the messages of the
// language (English where it lacks one), and says whether it did. The page is returned as it was for a route without a shell, or
// when the build has no messages or no #root to fill.
func paintShell(page []byte, pattern, lang string, size int, siteJSON []byte, messages map[string]map[string]any) ([]byte, bool) {
	i := bytes.Index(page, rootTag)
	if i < 0 || messages["en"] == nil {
		return page, false
	}
	var site shellSite
	if json.Unmarshal(siteJSON, &site) != nil {
		return page, false
	}
	d, ok := shellFor(pattern, lang, shellMessages{own: messages[lang], en: messages["en"]}, &site)
	if !ok {
		return page, false
	}
	d.Size = size
	var b bytes.Buffer
	b.Write(page[:i])
	b.WriteString(`<div id="root">`)
	if err := shellTemplate.Execute(&b, d); err != nil {
		return page, false
	}
	b.WriteString(`</div>`)
	b.Write(page[i+len(rootTag):])
	return b.Bytes(), true
}
