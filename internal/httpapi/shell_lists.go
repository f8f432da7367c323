package httpapi

// The first paint of the pages of the lists the program publishes
// (causes, stories and events, the team, testimonials, donors,
// volunteers): each card as the app's list components draw it, with its
// picture at its responsive sizes, its drawn portrait or its stars, its
// heading, its text and its links, so that a card's paragraph, often the
// largest thing a phone shows, is painted before any script. The one
// thing the app writes that the server cannot write the same is a
// story's date in Hindi or Bengali (the browser's own calendar names
// it): there the paint stops after that story's heading, and nothing
// painted sits below what only the app draws.

import (
	"html/template"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// shellItem is one published item of a list as the site's data gives it
// (each list uses some of the fields).
type shellItem struct {
	ID      string      `json:"_id"`
	Photo   *shellMedia `json:"photo"`
	Title   string      `json:"title"`
	Text    string      `json:"text"`
	Date    string      `json:"date"`
	Place   string      `json:"place"`
	Body    string      `json:"body"`
	Name    string      `json:"name"`
	Role    string      `json:"role"`
	Bio     string      `json:"bio"`
	Quote   string      `json:"quote"`
	Amount  *float64    `json:"amount"`
	Stars   *float64    `json:"stars"`
	Consent *bool       `json:"consent"`
}

// shellMedia is an uploaded picture as the site's data gives it.
type shellMedia struct {
	Alt    string `json:"alt"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Src    string `json:"src"`
	Srcset string `json:"srcset"`
}

// shellPhoto is an uploaded picture as the app's SiteImage draws it.
type shellPhoto struct {
	Class, Src, Srcset, Sizes, Alt string
	Width, Height                  int
}

// photoOf is the picture m with the app's class and sizes, or nil when
// there is none: the app shows only a picture of this site (its address
// starts with /), and names its sizes only when it has several.
func photoOf(m *shellMedia, class, sizes string) *shellPhoto {
	if m == nil || !strings.HasPrefix(m.Src, "/") {
		return nil
	}
	p := &shellPhoto{Class: class, Src: m.Src, Srcset: m.Srcset, Alt: m.Alt, Width: m.Width, Height: m.Height}
	if m.Srcset != "" {
		p.Sizes = sizes
	}
	return p
}

// shellCause is one card of the causes page.
type shellCause struct {
	ID, Title, Text  string
	Photo            *shellPhoto
	ReadMore, Donate template.HTML
}

// shellStory is one story of the stories page. Cut is set on the story
// whose date only the browser can write: it is painted down to its
// heading, and nothing after it.
type shellStory struct {
	ID, Title, Date, Shown, Place string
	Photo                         *shellPhoto
	Body                          template.HTML
	Cut                           bool
}

// shellPerson is one card of the team, the donors or the volunteers: a
// photo or, without one, a drawn portrait in the name's own hue.
type shellPerson struct {
	Name, Role, Amount string
	Photo              *shellPhoto
	Hue                int
	Bio                template.HTML
}

// shellQuote is one testimonial: its stars (each "currentColor" when
// filled, "none" when not) and the phrase that reads them out.
type shellQuote struct {
	Name, Place, Quote, StarsLabel string
	Stars                          []string
}

// shellEvent is one link of the events list.
type shellEvent struct{ ID, Title string }

// shellLists fills d with pattern's published list in lang, as the app
// draws it; it says false for a page that shows no list.
func shellLists(pattern, lang string, m shellMessages, c *shellCollections, d *shellBody) bool {
	hidden := func(key, title string) template.HTML {
		return m.tagged(key, map[string][2]string{"hidden": {`<span class="visually-hidden">`, `</span>`}}, "title", title)
	}
	switch pattern {
	case "/causes":
		d.Heading, d.Empty = m.t("pages.causes.heading"), len(c.Causes) == 0
		d.NoneHTML = m.withLink("pages.causes.none", "/donation")
		for _, it := range c.Causes {
			d.Causes = append(d.Causes, shellCause{ID: it.ID, Title: it.Title, Text: it.Text,
				Photo:    photoOf(it.Photo, "", "(max-width: 800px) 100vw, 400px"),
				ReadMore: hidden("pages.causes.readMore", it.Title), Donate: hidden("pages.causes.donate", it.Title)})
		}
	case "/events":
		d.Empty, d.None = len(c.Stories) == 0 && len(c.Events) == 0, m.t("pages.events.none")
		d.Heading, d.EventsHeading = m.t("pages.events.stories"), m.t("pages.events.events")
		for _, it := range c.Stories {
			s := shellStory{ID: it.ID, Title: it.Title, Date: it.Date, Place: it.Place,
				Photo: photoOf(it.Photo, "story-photo", "(max-width: 800px) 100vw, 800px")}
			if it.Date != "" {
				s.Shown, s.Cut = shellDate(it.Date, lang)
			}
			if strings.TrimSpace(it.Body) != "" {
				s.Body = shellMarkdown(it.Body)
			}
			d.Stories = append(d.Stories, s)
			if s.Cut {
				d.Cut = true
				break
			}
		}
		for _, it := range c.Events {
			d.Events = append(d.Events, shellEvent{ID: it.ID, Title: it.Title})
		}
	case "/team":
		d.Heading, d.None, d.Empty = m.t("pages.team.sevakas"), m.t("pages.team.none"), len(c.Team) == 0
		for _, it := range c.Team {
			p := person(it)
			if strings.TrimSpace(it.Bio) != "" {
				p.Bio = shellMarkdown(it.Bio)
			}
			d.People = append(d.People, p)
		}
	case "/testimonial":
		d.Label, d.Empty = m.t("meta.testimonial.title"), len(c.Testimonials) == 0
		d.NoneHTML = m.withLink("pages.testimonials.none", "/contactus")
		for _, it := range c.Testimonials {
			n := shellStars(it.Stars)
			q := shellQuote{Name: it.Name, Place: it.Place, Quote: it.Quote, StarsLabel: m.t("common.stars", "count", strconv.Itoa(n))}
			for i := range 5 {
				fill := "none"
				if i < n {
					fill = "currentColor"
				}
				q.Stars = append(q.Stars, fill)
			}
			d.Quotes = append(d.Quotes, q)
		}
	case "/donor":
		// The original site's heading, kept word for word in every
		// language, as the app has it.
		d.Heading, d.Intro = "Behind The Donor's Of", m.t("pages.donors.intro")
		d.None, d.Button = m.t("pages.donors.none"), m.t("home.becomeDonor")
		for _, it := range c.Donors {
			// Listed unless the donor said no, as the app reads it.
			if it.Consent != nil && !*it.Consent {
				continue
			}
			p := person(it)
			if it.Amount != nil && *it.Amount > 0 {
				p.Amount = shellRupees(*it.Amount)
			}
			d.People = append(d.People, p)
		}
		d.Empty = len(d.People) == 0
	case "/volunteer":
		d.Label, d.Heading, d.Empty = m.t("meta.volunteer.title"), m.t("pages.volunteers.today"), len(c.Volunteers) == 0
		d.Links = []shellLink{{Href: "/becomevolunteer", Label: m.t("header.volunteer"), Primary: true}}
		for _, it := range c.Volunteers {
			d.People = append(d.People, person(it))
		}
	default:
		return false
	}
	return true
}

// person is the card of a member of the team, a donor or a volunteer.
func person(it shellItem) shellPerson {
	return shellPerson{Name: it.Name, Role: it.Role, Photo: photoOf(it.Photo, "avatar photo", "7rem"), Hue: hueOf(it.Name)}
}

// hueOf is the hue of a name's drawn portrait, computed as the app does
// over the name's UTF-16 code units (the first of each character).
func hueOf(name string) int {
	h := 0
	for _, r := range name {
		c := int(r)
		if r >= 0x10000 {
			c = 0xD800 + int(r-0x10000)>>10
		}
		h = (h*31 + c) % 360
	}
	return h
}

// shellStars is a testimonial's number of stars as the app shows it:
// rounded, from 1 to 5, 5 when it has none.
func shellStars(v *float64) int {
	if v == nil || math.IsNaN(*v) || math.IsInf(*v, 0) {
		return 5
	}
	return int(min(5, max(1, math.Floor(*v+0.5))))
}

// shellRupees writes an amount as the app's rupee format does (Indian
// grouping, no paise): ₹1,00,000.
func shellRupees(v float64) string {
	digits := strconv.FormatFloat(math.Round(v), 'f', 0, 64)
	if len(digits) <= 3 {
		return "₹" + digits
	}
	head, tail := digits[:len(digits)-3], digits[len(digits)-3:]
	var groups []string
	for len(head) > 2 {
		groups = append([]string{head[len(head)-2:]}, groups...)
		head = head[:len(head)-2]
	}
	groups = append([]string{head}, groups...)
	return "₹" + strings.Join(groups, ",") + "," + tail
}

// shellDayRE is a date as the site stores it.
var shellDayRE = regexp.MustCompile(`^(\d{4})-(\d{2})-(\d{2})$`)

// shellDate is a story's date as the app writes it ("Nov 22, 2026" in
// English), or cut when only the browser can write it: in Hindi and
// Bengali the month's name comes from the browser's own calendar data,
// and so does a year before 1000. A text that is no such date is shown
// as written, in any language.
func shellDate(date, lang string) (shown string, cut bool) {
	p := shellDayRE.FindStringSubmatch(date)
	if p == nil {
		return date, false
	}
	y, _ := strconv.Atoi(p[1])
	mo, _ := strconv.Atoi(p[2])
	day, _ := strconv.Atoi(p[3])
	if lang != "en" || y < 1000 {
		return "", true
	}
	// Month 13 or day 32 roll over into the next as in the browser.
	return time.Date(y, time.Month(mo), day, 0, 0, 0, 0, time.UTC).Format("Jan 2, 2006"), false
}
