package httpapi

// The first paint of the content pages below their title band: what each
// route's component renders first, with the same elements, classes, ids
// and heading levels, down to and past the page's first long text (the
// largest thing a phone shows before scrolling), so that the text is
// painted with the stylesheet alone and the app's render replaces it
// without moving it. What the app draws further down (cards with
// pictures, the contact form) is left to the app; nothing painted here
// sits below it, so nothing moves when it arrives.

import (
	"bytes"
	"html/template"
	"strconv"
	"strings"
)

// shellBody is what a content page's template reads.
type shellBody struct {
	// About: the about page's heading, text and picture.
	Heading, PictureAlt string
	Text                template.HTML

	// Privacy, terms: the page's text or the note that it has none, and
	// the line pointing to the contact page.
	NotYet    string
	Questions template.HTML

	// FAQ: the questions and answers, and the line after them.
	FAQ     []shellAnswer
	Another template.HTML

	// The process: its steps.
	StepsHeading, ReadMore string
	Steps                  []shellStep

	// Stories, donors, causes, contact: a heading, an introduction and
	// the note shown while the list is empty.
	Intro, None string
	NoneHTML    template.HTML
	Empty       bool
	Button      string

	// Services: the cards and the two links under them; the service's
	// own page: its paragraphs and the steps to ask for it.
	Cards               []shellCard
	Paragraphs, Numbers []string
	HowTitle, Label     string
	Links               []shellLink
}

// shellCard is one card of a list: a heading and its text.
type shellCard struct{ Title, Text string }

// shellLink is one button link of a button row; Primary is the filled one.
type shellLink struct {
	Href, Label string
	Primary     bool
}

// shellAnswer is one question of the FAQ.
type shellAnswer struct {
	Question string
	Answer   template.HTML
}

// shellStep is one step of the process.
type shellStep struct {
	N               int
	Title, Text, ID string
	Details         template.HTML
}

// shellBodyTemplates are the content pages' markup after the band, one
// template per route, as the app's route components draw it.
var shellBodyTemplates = template.Must(template.New("pages").Parse(strings.ReplaceAll(`
{{- define "/aboutus"}}{{if .Heading}}<section class="section" aria-labelledby="intro-title"><div class="container split"><div><h2 id="intro-title">{{.Heading}}</h2>{{.Text}}</div>
<picture class="split-picture"><source type="image/avif" srcset="/media/about-scene.avif"><img src="/media/about-scene.webp" alt="{{.PictureAlt}}" width="800" height="600" loading="eager" decoding="async"></picture></div></section>{{end}}{{end -}}
{{- define "legal"}}<div class="section"><div class="container narrow legal">{{if .Text}}{{.Text}}{{else}}<p>{{.NotYet}}</p>{{end}}<p>{{.Questions}}</p></div></div>{{end -}}
{{- define "/privacypolicy"}}{{template "legal" .}}{{end -}}
{{- define "/teamcondition"}}{{template "legal" .}}{{end -}}
{{- define "/faq"}}<div class="section"><div class="container narrow">{{if .FAQ}}<div class="accordion">
{{- range .FAQ}}<details class="accordion-item"><summary>{{.Question}}</summary>{{.Answer}}</details>{{end -}}
</div>{{end}}<p>{{.Another}}</p></div></div>{{end -}}
{{- define "/implementationProcess"}}<section class="section" aria-labelledby="steps-title"><div class="container"><h2 id="steps-title" class="visually-hidden">{{.StepsHeading}}</h2>
{{- if .Steps}}<ol class="card-grid grid-3 steps">{{range .Steps}}<li class="card step-card"><span class="step-number" aria-hidden="true">{{.N}}</span><h3><span class="visually-hidden">Step {{.N}}: </span>{{.Title}}</h3><p>{{.Text}}</p>
{{- if .Details}}<div id="{{.ID}}" hidden class="read-more-text">{{.Details}}</div><button type="button" class="link-button" aria-expanded="false" aria-controls="{{.ID}}">{{$.ReadMore}}</button>{{end}}</li>{{end}}</ol>{{end -}}
</div></section>{{end -}}
{{- define "/events"}}{{if .Empty}}<div class="section"><p class="container narrow">{{.None}}</p></div>{{end}}{{end -}}
{{- define "/donor"}}<section class="section" aria-labelledby="donors-title"><div class="container"><h2 id="donors-title">{{.Heading}}</h2><p class="section-lead">{{.Intro}}</p>
{{- if .Empty}}<p>{{.None}}</p><p class="button-row"><a class="btn btn-primary" href="/donation">{{.Button}}</a></p>{{end}}</div></section>{{end -}}
{{- define "/causes"}}<section class="section" aria-labelledby="causes-title"><div class="container"><h2 id="causes-title" class="visually-hidden">{{.Heading}}</h2>
{{- if .Empty}}<p>{{.NoneHTML}}</p>{{end}}</div></section>{{end -}}
{{- define "links"}}<p class="button-row">{{range .}}<a class="btn {{if .Primary}}btn-primary{{else}}btn-outline{{end}}" href="{{.Href}}">{{.Label}}</a>{{end}}</p>{{end -}}
{{- define "/team"}}<section class="section" aria-labelledby="team-title"><div class="container"><h2 id="team-title">{{.Heading}}</h2>{{if .Empty}}<p>{{.None}}</p>{{end}}</div></section>{{end -}}
{{- define "/testimonial"}}<section class="section" aria-label="{{.Label}}"><div class="container">{{if .Empty}}<p>{{.NoneHTML}}</p>{{end}}</div></section>{{end -}}
{{- define "/volunteer"}}<section class="section" aria-label="{{.Label}}"><div class="container">{{if .Empty}}{{template "links" .Links}}{{else}}<h2 id="vol-title">{{.Heading}}</h2>{{end}}</div></section>{{end -}}
{{- define "/services"}}<section class="section" aria-labelledby="services-title"><div class="container"><h2 id="services-title" class="visually-hidden">{{.Heading}}</h2><ul class="card-grid grid-3">
{{- range .Cards}}<li class="card"><h3>{{.Title}}</h3><p>{{.Text}}</p></li>{{end}}</ul>{{template "links" .Links}}</div></section>{{end -}}
{{- define "/servicesdetails"}}<div class="section"><article class="container narrow">{{range .Paragraphs}}<p>{{.}}</p>{{end}}<h2>{{.HowTitle}}</h2><ol class="numbered">{{range .Numbers}}<li>{{.}}</li>{{end}}</ol>{{template "links" .Links}}</article></div>{{end -}}
{{- define "/eventdetails"}}<div class="section"><article class="container narrow"><p>{{.None}}</p>{{template "links" .Links}}</article></div>{{end -}}
{{- define "/causesdetails"}}<div class="section"><p class="container narrow">{{.NoneHTML}}</p></div>{{end -}}
{{- define "/contactus"}}<div class="section"><div class="container contact-grid"><section aria-labelledby="msg-title" class="contact-form-area"><h2 id="msg-title">{{.Heading}}</h2></section></div></div>{{end -}}
`, "\n", "")))

// shellServices are the services' message keys, in the app's order.
var shellServices = []string{"health", "money", "home", "company", "travel", "papers"}

// shellPageBody is the markup of pattern's page below its band, or ""
// for a page that has none painted.
func shellPageBody(pattern string, m shellMessages, site *shellSite) template.HTML {
	if shellBodyTemplates.Lookup(pattern) == nil {
		return ""
	}
	c := &site.Collections
	var d shellBody
	switch pattern {
	case "/aboutus":
		if title, body, ok := site.page("about"); ok {
			d.Heading, d.Text, d.PictureAlt = title, shellMarkdown(body), m.t("home.aboutPicture")
		}
	case "/privacypolicy", "/teamcondition":
		slug := "privacy"
		if pattern == "/teamcondition" {
			slug = "terms"
		}
		if _, body, ok := site.page(slug); ok {
			d.Text = shellMarkdown(body)
		}
		d.NotYet, d.Questions = m.t("pages.text.notYet"), m.withLink("pages.text.questions", "/contactus")
	case "/faq":
		for _, f := range c.FAQ {
			d.FAQ = append(d.FAQ, shellAnswer{Question: f.Question, Answer: shellMarkdown(f.Answer)})
		}
		d.Another = m.withLink("pages.faq.another", "/contactus")
	case "/implementationProcess":
		d.StepsHeading, d.ReadMore = m.t("pages.implementation.steps"), m.t("common.readMore")
		for i, s := range c.Steps {
			st := shellStep{N: i + 1, Title: s.Title, Text: s.Text, ID: "step-more-" + strconv.Itoa(i+1)}
			if strings.TrimSpace(s.Details) != "" {
				st.Details = shellMarkdown(s.Details)
			}
			d.Steps = append(d.Steps, st)
		}
	case "/events":
		d.Empty, d.None = len(c.Stories) == 0 && len(c.Events) == 0, m.t("pages.events.none")
	case "/donor":
		// The original site's heading, kept word for word in every
		// language, as the app has it.
		d.Heading, d.Intro = "Behind The Donor's Of", m.t("pages.donors.intro")
		d.Empty, d.None, d.Button = true, m.t("pages.donors.none"), m.t("home.becomeDonor")
		for _, donor := range c.Donors {
			if donor.Consent {
				d.Empty = false
			}
		}
	case "/causes":
		d.Heading, d.Empty = m.t("pages.causes.heading"), len(c.Causes) == 0
		d.NoneHTML = m.withLink("pages.causes.none", "/donation")
	case "/contactus":
		d.Heading = m.t("contact.sendUs")
	case "/team":
		d.Heading, d.None, d.Empty = m.t("pages.team.sevakas"), m.t("pages.team.none"), len(c.Team) == 0
	case "/testimonial":
		d.Label, d.Empty = m.t("meta.testimonial.title"), len(c.Testimonials) == 0
		d.NoneHTML = m.withLink("pages.testimonials.none", "/contactus")
	case "/volunteer":
		d.Label, d.Heading, d.Empty = m.t("meta.volunteer.title"), m.t("pages.volunteers.today"), len(c.Volunteers) == 0
		d.Links = []shellLink{{Href: "/becomevolunteer", Label: m.t("header.volunteer"), Primary: true}}
	case "/services":
		d.Heading = m.t("pages.services.heading")
		for _, k := range shellServices {
			title := m.t("pages.services." + k + ".title")
			if k == "health" {
				// The first service has a page of its own, whose title it shares.
				title = m.t("meta.servicesDetails.title")
			}
			d.Cards = append(d.Cards, shellCard{Title: title, Text: m.t("pages.services." + k + ".text")})
		}
		d.Links = []shellLink{{Href: "/servicesdetails", Label: m.t("pages.services.how"), Primary: true}, {Href: "/contactus", Label: m.t("pages.services.ask")}}
	case "/servicesdetails":
		d.Paragraphs = []string{m.t("pages.serviceDetails.p1"), m.t("pages.serviceDetails.p2"), m.t("pages.serviceDetails.p3")}
		for n := 1; n <= 4; n++ {
			d.Numbers = append(d.Numbers, m.t("pages.serviceDetails.step"+strconv.Itoa(n)))
		}
		d.HowTitle = m.t("pages.serviceDetails.howTitle")
		d.Links = []shellLink{{Href: "/contactus", Label: m.t("meta.contact.title"), Primary: true}, {Href: "/services", Label: m.t("pages.serviceDetails.all")}}
	case "/eventdetails":
		d.None = m.t("pages.event.none")
		d.Links = []shellLink{{Href: "/contactus", Label: m.t("pages.event.ask"), Primary: true}, {Href: "/events", Label: m.t("meta.events.title")}}
	case "/causesdetails":
		d.NoneHTML = m.withLink("pages.causes.none", "/donation")
	}
	var b bytes.Buffer
	if shellBodyTemplates.ExecuteTemplate(&b, pattern, d) != nil {
		return ""
	}
	return template.HTML(b.String())
}
