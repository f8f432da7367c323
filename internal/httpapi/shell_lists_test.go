package httpapi

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// listsWeb is a build with the list pages and their messages in English
// and Hindi, compiled as the web app's build writes them.
var listsWeb = fstest.MapFS{
	"index.html":          shellWeb["index.html"],
	"route-preloads.json": {Data: []byte(`{"/causes": [], "/events": [], "/team": [], "/testimonial": [], "/donor": [], "/volunteer": [], "*": []}`)},
	"i18n/en.json": {Data: []byte(`{"header.home":"Home","pages.causes.heading":"Causes now","pages.causes.readMore":["Read more",["hidden","t",[" about ",["title"]]]],` +
		`"pages.causes.donate":["Donate",["hidden","t",[" to ",["title"]]]],"pages.causes.none":["No cause yet: ",["link","t",["see how to donate"]],"."],` +
		`"pages.events.stories":"Stories","pages.events.events":"Events","pages.events.none":"Stories soon.","pages.team.sevakas":"Our sevakas",` +
		`"pages.team.none":"Team soon.","common.stars":[["count"]," out of 5 stars"],"meta.testimonial.title":"Testimonials",` +
		`"pages.testimonials.none":["No story yet. ",["link","t",["Write to us"]],"."],"pages.donors.intro":"Donors give.","pages.donors.none":"No donor yet.",` +
		`"home.becomeDonor":"Become a Donor","meta.volunteer.title":"Volunteer","pages.volunteers.today":"Volunteers serving today","header.volunteer":"Become a Volunteer"}`)},
	"i18n/hi.json": {Data: []byte(`{"header.home":"मुखपृष्ठ","pages.causes.readMore":["और पढ़ें",["hidden","t",[": ",["title"]]]],` +
		`"pages.causes.donate":["दान करें",["hidden","t",[": ",["title"]]]],"pages.events.events":"कार्यक्रम","pages.team.sevakas":"हमारे सेवक",` +
		`"pages.team.none":"टीम का परिचय जल्द ही।","common.stars":["5 में से ",["count"]," तारे"],"meta.testimonial.title":"लोगों के अनुभव",` +
		`"pages.testimonials.none":["अभी कोई अनुभव नहीं। ",["link","t",["हमें लिखें"]],"।"],"pages.donors.none":"अभी किसी दानदाता का नाम नहीं।",` +
		`"home.becomeDonor":"दानदाता बनें","pages.volunteers.today":"आज सेवा कर रहे स्वयंसेवक","header.volunteer":"स्वयंसेवक बनें"}`)},
}

// listsEnv is a server with listsWeb and an admin.
func listsEnv(t *testing.T, st *store.Store) (e *env, admin string) {
	e = newEnv(t, st, withWeb(listsWeb), withoutMail())
	admin, _ = e.user("admin@example.org", true)
	return e, admin
}

// painted is what the server paints into #root at path.
func (e *env) painted(path string) string {
	e.t.Helper()
	r := e.callWith("GET", path, nil, "", nil)
	m := rootRE.FindStringSubmatch(r.Raw)
	if r.Status != 200 || m == nil {
		e.t.Fatalf("%s: %d %s", path, r.Status, r.Raw[:min(300, len(r.Raw))])
	}
	return m[1]
}

// publish adds a published item to a collection and returns its id.
func publish(t *testing.T, e *env, admin, collection string, item map[string]any) string {
	t.Helper()
	r := e.call("POST", "/api/admin/site/"+collection, item, admin)
	if r.Status != http.StatusCreated {
		t.Fatalf("%s: %d %s", collection, r.Status, r.Raw)
	}
	id, _ := r.Body["_id"].(string)
	return id
}

// refusedDonor stores a published donor who did not agree to be named:
// the dashboard no longer saves one, but the site's data may still hold
// one saved before, and the app leaves it out.
func refusedDonor(t *testing.T, st *store.Store, name string) {
	t.Helper()
	it := &store.SiteItem{Collection: "donors", Language: store.DefaultLanguage, Published: true,
		Fields: map[string]any{"name": name, "amount": 5000, "consent": false}}
	if err := st.AddSiteItem(t.Context(), it, store.Actor{ID: "test", Email: "test@spdc.example"}); err != nil {
		t.Fatal(err)
	}
}

// expectAll fails for each of wants that got lacks, and each of bad it has.
func expectAll(t *testing.T, name, got string, wants []string, bad ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(got, w) {
			t.Errorf("%s lacks %s\n%s", name, w, got)
		}
	}
	for _, b := range bad {
		if strings.Contains(got, b) {
			t.Errorf("%s has %s\n%s", name, b, got)
		}
	}
}

// Once the program publishes a list, its page is painted card by card as
// the app draws it: pictures at their sizes, names and texts escaped,
// links with their hidden words, in the page's language; only donors who
// agreed are listed; a Hindi story date, which only the browser writes,
// ends the paint after that story's heading.
func TestShellPaintsPublishedLists(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e, admin := listsEnv(t, st)
		root := e.painted
		body, ct := uploadForm(t, altPart(`Elders "reading" <together>`), filePart("photo.jpg", "image/jpeg", mediaPicture(t, 900, 600, false)))
		up := e.uploadMedia(admin, ct, body)
		if up.Status != http.StatusCreated {
			t.Fatalf("upload: %d %s", up.Status, up.Raw)
		}
		ref := decodeRef(t, up)
		img := func(class, sizes string) string {
			c := ""
			if class != "" {
				c = ` class="` + class + `"`
			}
			return fmt.Sprintf(`<img%s src="%s" srcset="%s" sizes="%s" width="%d" height="%d" alt="Elders &#34;reading&#34; &lt;together&gt;" loading="lazy" decoding="async">`,
				c, ref.Src, ref.Srcset, sizes, ref.Width, ref.Height)
		}

		cause := publish(t, e, admin, "causes", map[string]any{"title": `Eyes & <ears>`, "text": "Sight <b>restored</b>.", "photo": ref.ID})
		first := publish(t, e, admin, "stories", map[string]any{"title": "A home again", "body": "She **smiled**.\n\n<script>alert(1)</script>", "photo": ref.ID})
		second := publish(t, e, admin, "stories", map[string]any{"title": "Dated story", "date": "2026-11-22", "body": "Later."})
		event := publish(t, e, admin, "events", map[string]any{"title": "Kirtan & prasadam", "date": "2026-12-01", "place": "Vrindavan"})
		publish(t, e, admin, "team", map[string]any{"name": "Radha Devi", "role": "Coordinator", "bio": "Serves with [care](javascript:x).", "photo": ref.ID})
		publish(t, e, admin, "team", map[string]any{"name": "Gopal Das", "role": "Cook", "bio": "  "})
		publish(t, e, admin, "testimonials", map[string]any{"name": "Madhavi", "place": "Mayapur", "quote": `"Cared <for>"`, "stars": 4})
		publish(t, e, admin, "donors", map[string]any{"name": "Gopal Das", "amount": 100000, "consent": true})
		refusedDonor(t, st, "Secret Giver")
		publish(t, e, admin, "donors", map[string]any{"name": "Quiet Giver", "consent": true})
		publish(t, e, admin, "volunteers", map[string]any{"name": "Radha Devi", "photo": ref.ID})
		publish(t, e, admin, "volunteers", map[string]any{"name": "Gopal Das", "role": "Driver"})

		// The drawn portrait of a name without a photo, in its hue (the
		// app's, for "Gopal Das": 241).
		avatar := `<svg class="avatar" width="120" height="120" viewBox="0 0 120 120" aria-hidden="true" focusable="false"><circle cx="60" cy="60" r="60" fill="hsl(241 55% 86%)"></circle>`

		expectAll(t, "causes", root("/causes"), []string{
			`<ul class="card-grid grid-3"><li class="card cause-card">` + img("", "(max-width: 800px) 100vw, 400px") + `<h3>Eyes &amp; &lt;ears&gt;</h3><p>Sight &lt;b&gt;restored&lt;/b&gt;.</p>` +
				`<a href="/causesdetails?id=` + cause + `">Read more<span class="visually-hidden"> about Eyes &amp; &lt;ears&gt;</span></a>` +
				`<a class="btn btn-primary" href="/donation">Donate<span class="visually-hidden"> to Eyes &amp; &lt;ears&gt;</span></a></li></ul></div></section></main>`,
		}, "No cause yet", "<b>")
		expectAll(t, "Hindi causes", root("/causes?lang=hi"), []string{
			`और पढ़ें<span class="visually-hidden">: Eyes &amp; &lt;ears&gt;</span></a><a class="btn btn-primary" href="/donation">दान करें<span class="visually-hidden">: Eyes`,
		})

		events := root("/events")
		expectAll(t, "events", events, []string{
			`<section class="section" aria-labelledby="stories-title"><div class="container narrow"><h2 id="stories-title" class="visually-hidden">Stories</h2><ol class="story-list">` +
				`<li class="card story-card" id="item-` + first + `">` + img("story-photo", "(max-width: 800px) 100vw, 800px") + `<h3>A home again</h3><div class="markdown"><p>She <strong>smiled</strong>.</p></div></li>`,
			`<li class="card story-card" id="item-` + second + `"><h3>Dated story</h3><p class="story-period"><time datetime="2026-11-22">Nov 22, 2026</time></p><div class="markdown"><p>Later.</p></div></li></ol></div></section>`,
			`<section class="section section-tint" aria-labelledby="events-title"><div class="container narrow"><h2 id="events-title">Events</h2><ul class="plain-list">` +
				`<li><a href="/eventdetails?id=` + event + `">Kirtan &amp; prasadam</a></li></ul></div></section></main>`,
		}, "alert(1)", "Stories soon.")
		// In Hindi the dated story's date is the browser's to write: the
		// paint ends after its heading, before the events.
		expectAll(t, "Hindi events", root("/events?lang=hi"), []string{
			`<h3>A home again</h3><div class="markdown"><p>She <strong>smiled</strong>.</p></div></li>`,
			`<li class="card story-card" id="item-` + second + `"><h3>Dated story</h3></li></ol></div></section></main>`,
		}, "<time", "कार्यक्रम", "Later.")

		expectAll(t, "team", root("/team?lang=hi"), []string{
			`<h2 id="team-title">हमारे सेवक</h2><ul class="card-grid grid-4 people"><li class="card person-card">` + img("avatar photo", "7rem") +
				`<h3>Radha Devi</h3><p class="person-role">Coordinator</p><div class="markdown"><p>Serves with care.</p></div></li>`,
			`<li class="card person-card">` + avatar + `<circle cx="60" cy="47" r="21" fill="hsl(241 35% 42%)"></circle>`,
			`<h3>Gopal Das</h3><p class="person-role">Cook</p></li></ul></div></section></main>`,
		}, "javascript:", "टीम का परिचय")

		expectAll(t, "Hindi testimonials", root("/testimonial?lang=hi"), []string{
			`<section class="section" aria-label="लोगों के अनुभव"><div class="container"><ul class="card-grid grid-3"><li class="card testimonial-card"><span class="stars" role="img" aria-label="5 में से 4 तारे">`,
			`</svg></span><blockquote><p>&#34;Cared &lt;for&gt;&#34;</p></blockquote><p class="testimonial-by"><strong>Madhavi</strong>, Mayapur</p></li></ul>`,
		}, "अभी कोई अनुभव")
		_, quotes, _ := strings.Cut(root("/testimonial"), `class="stars"`)
		if strings.Count(quotes, `fill="currentColor"`) != 4 || strings.Count(quotes, `fill="none" stroke="currentColor"`) != 1 {
			t.Errorf("four of five stars filled:\n%s", quotes)
		}

		for _, lang := range []string{"en", "hi"} {
			expectAll(t, lang+" donors", root("/donor?lang="+lang), []string{
				`<ul class="card-grid grid-3 people"><li class="card person-card">` + avatar,
				`<h3>Gopal Das</h3><p class="donor-amount">Donated <strong>₹1,00,000</strong></p></li>`,
				`<h3>Quiet Giver</h3></li></ul><p class="button-row"><a class="btn btn-primary" href="/donation">`,
			}, "Secret Giver", "₹5,000", "No donor yet", "अभी किसी दानदाता")
		}

		expectAll(t, "Hindi volunteers", root("/volunteer?lang=hi"), []string{
			`<h2 id="vol-title">आज सेवा कर रहे स्वयंसेवक</h2><ul class="card-grid grid-3 people"><li class="card person-card">` + img("avatar photo", "7rem") + `<h3>Radha Devi</h3></li>`,
			`<h3>Gopal Das</h3><p class="person-role">Driver</p></li></ul><p class="button-row"><a class="btn btn-primary" href="/becomevolunteer">स्वयंसेवक बनें</a></p></div></section></main>`,
		})

		// A story written in Hindi alone reaches Hindi visitors only.
		publish(t, e, admin, "stories", map[string]any{"language": "hi", "title": "फिर से घर", "body": "वे मुस्कुराईं।"})
		expectAll(t, "Hindi story", root("/events?lang=hi"), nil, "फिर से घर") // after the cut
		expectAll(t, "English story", root("/events"), nil, "फिर से घर")
	})
}

// With nothing published each list page paints its note, in the page's
// language; a list of donors none of whom agreed to be named is empty.
func TestShellPaintsEmptyLists(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e, _ := listsEnv(t, st)
		root := e.painted
		refusedDonor(t, st, "Secret Giver")
		for path, want := range map[string]string{
			"/causes?lang=hi":      `<p>No cause yet: <a href="/donation">see how to donate</a>.</p></div></section></main>`,
			"/events?lang=hi":      `<div class="section"><p class="container narrow">Stories soon.</p></div></main>`,
			"/team?lang=hi":        `<h2 id="team-title">हमारे सेवक</h2><p>टीम का परिचय जल्द ही।</p></div></section></main>`,
			"/testimonial?lang=hi": `<div class="container"><p>अभी कोई अनुभव नहीं। <a href="/contactus">हमें लिखें</a>।</p></div></section></main>`,
			"/donor?lang=hi":       `<p>अभी किसी दानदाता का नाम नहीं।</p><p class="button-row"><a class="btn btn-primary" href="/donation">दानदाता बनें</a></p></div></section></main>`,
			"/volunteer?lang=hi":   `<section class="section" aria-label="Volunteer"><div class="container"><p class="button-row"><a class="btn btn-primary" href="/becomevolunteer">स्वयंसेवक बनें</a></p></div></section></main>`,
			"/donor":               `<p>No donor yet.</p>`,
		} {
			expectAll(t, path, root(path), []string{want}, "Secret Giver", "card-grid")
		}
	})
}

// The app's ways of writing a list's values, which the paint repeats.
func TestShellListFormats(t *testing.T) {
	// Intl.NumberFormat('en-IN', {style: 'currency', currency: 'INR',
	// maximumFractionDigits: 0}) in the browser.
	for v, want := range map[float64]string{5: "₹5", 999: "₹999", 1000: "₹1,000", 100000: "₹1,00,000", 123456789: "₹12,34,56,789", 1e12: "₹10,00,00,00,00,000", 2.5: "₹3"} {
		if got := shellRupees(v); got != want {
			t.Errorf("rupees %v: %s, want %s", v, got, want)
		}
	}
	// The app's hueOf, over UTF-16 code units.
	for name, want := range map[string]int{"Gopal Das": 241, "राधा देवी": 151, "Ma 😀 Devi": 67, "": 0} {
		if got := hueOf(name); got != want {
			t.Errorf("hue %q: %d, want %d", name, got, want)
		}
	}
	for _, c := range []struct {
		date, lang, shown string
		cut               bool
	}{
		{"2026-11-22", "en", "Nov 22, 2026", false},
		{"2026-13-32", "en", "Feb 1, 2027", false}, // rolled over as Date.UTC does
		{"0999-01-05", "en", "", true},
		{"2026-11-22", "hi", "", true},
		{"2026-11-22", "bn", "", true},
		{"soon", "hi", "soon", false},
	} {
		if shown, cut := shellDate(c.date, c.lang); shown != c.shown || cut != c.cut {
			t.Errorf("date %s %s: %q %v", c.date, c.lang, shown, cut)
		}
	}
	five, low, high, half := 5.0, -3.0, 9.0, 3.5
	for _, c := range []struct {
		v    *float64
		want int
	}{{nil, 5}, {&five, 5}, {&low, 1}, {&high, 5}, {&half, 4}} {
		if got := shellStars(c.v); got != c.want {
			t.Errorf("stars %v: %d", c.v, got)
		}
	}
}
