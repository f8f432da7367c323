package httpapi

// The first paint of the content pages below their title band: what each
// route's component renders first, with the same elements, classes, ids
// and heading levels, down to and past the page's first long text (the
// largest thing a phone shows before scrolling), so that the text is
// painted with the stylesheet alone and the app's render replaces it
// without moving it. The published lists' cards are painted too (see
// shell_lists.go). What the app alone draws further down (the contact
// form, the about page's sections after its text) is left to it; nothing
// painted here sits below it, so nothing moves when it arrives.

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

	// The published lists (shell_lists.go): the causes, the stories and
	// the events' links, the team, donors or volunteers, the
	// testimonials. Cut says the paint stopped inside the first list.
	Causes        []shellCause
	Stories       []shellStory
	EventsHeading string
	Events        []shellEvent
	People        []shellPerson
	Quotes        []shellQuote
	Cut           bool

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
{{- define "photo"}}<img{{if .Class}} class="{{.Class}}"{{end}} src="{{.Src}}"{{if .Srcset}} srcset="{{.Srcset}}" sizes="{{.Sizes}}"{{end}}{{if .Width}} width="{{.Width}}"{{end}}{{if .Height}} height="{{.Height}}"{{end}} alt="{{.Alt}}" loading="lazy" decoding="async">{{end -}}
{{- define "portrait"}}{{if .Photo}}{{template "photo" .Photo}}{{else}}<svg class="avatar" width="120" height="120" viewBox="0 0 120 120" aria-hidden="true" focusable="false"><circle cx="60" cy="60" r="60" fill="hsl({{.Hue}} 55% 86%)"></circle>
<circle cx="60" cy="47" r="21" fill="hsl({{.Hue}} 35% 42%)"></circle><path d="M22 104c4-22 20-33 38-33s34 11 38 33a60 60 0 0 1-76 0z" fill="hsl({{.Hue}} 40% 34%)"></path>
<path d="M53 32c4-6 10-6 14 0" stroke="#fff" stroke-opacity=".55" stroke-width="3" fill="none" stroke-linecap="round"></path></svg>{{end}}{{end -}}
{{- define "/events"}}{{if .Stories}}<section class="section" aria-labelledby="stories-title"><div class="container narrow"><h2 id="stories-title" class="visually-hidden">{{.Heading}}</h2><ol class="story-list">
{{- range .Stories}}<li class="card story-card" id="item-{{.ID}}">{{with .Photo}}{{template "photo" .}}{{end}}<h3>{{.Title}}</h3>{{if not .Cut}}
{{- if or .Date .Place}}<p class="story-period">{{if .Date}}<time datetime="{{.Date}}">{{.Shown}}</time>{{end}}{{if and .Date .Place}} · {{end}}{{.Place}}</p>{{end}}{{.Body}}{{end}}</li>{{end}}</ol></div></section>{{end}}
{{- if and .Events (not .Cut)}}<section class="section section-tint" aria-labelledby="events-title"><div class="container narrow"><h2 id="events-title">{{.EventsHeading}}</h2><ul class="plain-list">
{{- range .Events}}<li><a href="/eventdetails?id={{.ID}}">{{.Title}}</a></li>{{end}}</ul></div></section>{{end}}
{{- if .Empty}}<div class="section"><p class="container narrow">{{.None}}</p></div>{{end}}{{end -}}
{{- define "/donor"}}<section class="section" aria-labelledby="donors-title"><div class="container"><h2 id="donors-title">{{.Heading}}</h2><p class="section-lead">{{.Intro}}</p>
{{- if .Empty}}<p>{{.None}}</p>{{else}}<ul class="card-grid grid-3 people">{{range .People}}<li class="card person-card">{{template "portrait" .}}<h3>{{.Name}}</h3>
{{- if .Amount}}<p class="donor-amount">Donated <strong>{{.Amount}}</strong></p>{{end}}</li>{{end}}</ul>{{end}}<p class="button-row"><a class="btn btn-primary" href="/donation">{{.Button}}</a></p></div></section>{{end -}}
{{- define "/causes"}}<section class="section" aria-labelledby="causes-title"><div class="container"><h2 id="causes-title" class="visually-hidden">{{.Heading}}</h2>
{{- if .Empty}}<p>{{.NoneHTML}}</p>{{else}}<ul class="card-grid grid-3">{{range .Causes}}<li class="card cause-card">{{with .Photo}}{{template "photo" .}}{{end}}<h3>{{.Title}}</h3><p>{{.Text}}</p>
<a href="/causesdetails?id={{.ID}}">{{.ReadMore}}</a><a class="btn btn-primary" href="/donation">{{.Donate}}</a></li>{{end}}</ul>{{end}}</div></section>{{end -}}
{{- define "links"}}<p class="button-row">{{range .}}<a class="btn {{if .Primary}}btn-primary{{else}}btn-outline{{end}}" href="{{.Href}}">{{.Label}}</a>{{end}}</p>{{end -}}
{{- define "/team"}}<section class="section" aria-labelledby="team-title"><div class="container"><h2 id="team-title">{{.Heading}}</h2>{{if .Empty}}<p>{{.None}}</p>{{else}}<ul class="card-grid grid-4 people">
{{- range .People}}<li class="card person-card">{{template "portrait" .}}<h3>{{.Name}}</h3><p class="person-role">{{.Role}}</p>{{.Bio}}</li>{{end}}</ul>{{end}}</div></section>{{end -}}
{{- define "/testimonial"}}<section class="section" aria-label="{{.Label}}"><div class="container">{{if .Empty}}<p>{{.NoneHTML}}</p>{{else}}<ul class="card-grid grid-3">
{{- range .Quotes}}<li class="card testimonial-card"><span class="stars" role="img" aria-label="{{.StarsLabel}}">{{range .Stars}}<svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
<path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" fill="{{.}}" stroke="currentColor" stroke-width="1.5"></path></svg>{{end}}</span>
<blockquote><p>{{.Quote}}</p></blockquote><p class="testimonial-by"><strong>{{.Name}}</strong>{{if .Place}}, {{.Place}}{{end}}</p></li>{{end}}</ul>{{end}}</div></section>{{end -}}
{{- define "/volunteer"}}<section class="section" aria-label="{{.Label}}"><div class="container">{{if not .Empty}}<h2 id="vol-title">{{.Heading}}</h2><ul class="card-grid grid-3 people">
{{- range .People}}<li class="card person-card">{{template "portrait" .}}<h3>{{.Name}}</h3>{{if .Role}}<p class="person-role">{{.Role}}</p>{{end}}</li>{{end}}</ul>{{end}}{{template "links" .Links}}</div></section>{{end -}}
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
func shellPageBody(pattern, lang string, m shellMessages, site *shellSite) template.HTML {
	if shellBodyTemplates.Lookup(pattern) == nil {
		return ""
	}
	c := &site.Collections
	var d shellBody
	switch {
	case shellLists(pattern, lang, m, &site.Collections, &d):
		// A published list's page, filled by shellLists.
	case pattern == "/aboutus":
		if title, body, ok := site.page("about"); ok {
			d.Heading, d.Text, d.PictureAlt = title, shellMarkdown(body), m.t("home.aboutPicture")
		}
	case pattern == "/privacypolicy" || pattern == "/teamcondition":
		slug := "privacy"
		if pattern == "/teamcondition" {
			slug = "terms"
		}
		if _, body, ok := site.page(slug); ok {
			d.Text = shellMarkdown(body)
		}
		d.NotYet, d.Questions = m.t("pages.text.notYet"), m.withLink("pages.text.questions", "/contactus")
	case pattern == "/faq":
		for _, f := range c.FAQ {
			d.FAQ = append(d.FAQ, shellAnswer{Question: f.Question, Answer: shellMarkdown(f.Answer)})
		}
		d.Another = m.withLink("pages.faq.another", "/contactus")
	case pattern == "/implementationProcess":
		d.StepsHeading, d.ReadMore = m.t("pages.implementation.steps"), m.t("common.readMore")
		for i, s := range c.Steps {
			st := shellStep{N: i + 1, Title: s.Title, Text: s.Text, ID: "step-more-" + strconv.Itoa(i+1)}
			if strings.TrimSpace(s.Details) != "" {
				st.Details = shellMarkdown(s.Details)
			}
			d.Steps = append(d.Steps, st)
		}
	case pattern == "/contactus":
		d.Heading = m.t("contact.sendUs")
	case pattern == "/services":
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
	case pattern == "/servicesdetails":
		d.Paragraphs = []string{m.t("pages.serviceDetails.p1"), m.t("pages.serviceDetails.p2"), m.t("pages.serviceDetails.p3")}
		for n := 1; n <= 4; n++ {
			d.Numbers = append(d.Numbers, m.t("pages.serviceDetails.step"+strconv.Itoa(n)))
		}
		d.HowTitle = m.t("pages.serviceDetails.howTitle")
		d.Links = []shellLink{{Href: "/contactus", Label: m.t("meta.contact.title"), Primary: true}, {Href: "/services", Label: m.t("pages.serviceDetails.all")}}
	case pattern == "/eventdetails":
		d.None = m.t("pages.event.none")
		d.Links = []shellLink{{Href: "/contactus", Label: m.t("pages.event.ask"), Primary: true}, {Href: "/events", Label: m.t("meta.events.title")}}
	case pattern == "/causesdetails":
		d.NoneHTML = m.withLink("pages.causes.none", "/donation")
	}
	var b bytes.Buffer
	if shellBodyTemplates.ExecuteTemplate(&b, pattern, d) != nil {
		return ""
	}
	return template.HTML(b.String())
}
