package httpapi

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"
	"unicode"

	"spdc/internal/entity"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// siteMedia stores an uploaded picture (one file) through the store and
// returns its id and the file's name.
func (e *env) siteMedia(kind string) (id, file string) {
	e.t.Helper()
	m := &store.Media{Kind: kind, Alt: "Hills at dawn", Width: 960, Height: 540, Files: []store.MediaFile{
		{Name: store.NewID(e.clock) + ".jpg", Width: 960, Height: 540, ContentType: "image/jpeg", Body: []byte("data")}}}
	if err := store.InsertMedia(context.Background(), e.st.Writer(), m, store.Actor{}, e.clock); err != nil {
		e.t.Fatal(err)
	}
	return m.ID, m.Files[0].Name
}

// auditRows counts the audit rows of an entity name.
func (e *env) auditRows(entityName string) int {
	e.t.Helper()
	var n int
	if err := e.st.Reader().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM audit_log WHERE entity = ?`, entityName).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

func TestSitePublicAnswer(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		r := e.call("GET", "/api/site", nil, "")
		if r.Status != 200 || r.Header.Get("Cache-Control") != "no-cache" || r.Header.Get("ETag") == "" || r.Body["etag"] != r.Header.Get("ETag") {
			t.Fatalf("site: %d %v %s", r.Status, r.Header, r.Raw[:min(300, len(r.Raw))])
		}
		settings := r.Body["settings"].(map[string]any)
		cols := r.Body["collections"].(map[string]any)
		if settings["orgName"] != "SPDC" || settings["bannerPoster"] != nil || settings["urn"] != nil || settings["receiptPrefix"] != nil {
			t.Fatalf("settings %v", settings)
		}
		if _, ok := settings["receiptPrefix"]; ok {
			t.Fatal("receiptPrefix is public")
		}
		if len(cols["features"].([]any)) != 8 || len(cols["steps"].([]any)) != 6 || len(cols["team"].([]any)) != 0 || len(cols) != 12 {
			t.Fatalf("collections %v", cols)
		}
		etag := r.Header.Get("ETag")
		req := httptest.NewRequest("GET", "/api/site", nil)
		req.Header.Set("If-None-Match", etag)
		rec := httptest.NewRecorder()
		e.h.ServeHTTP(rec, req)
		if rec.Code != 304 || rec.Body.Len() != 0 {
			t.Fatalf("If-None-Match: %d", rec.Code)
		}
		if r := e.call("GET", "/api/site?lang=EN", nil, ""); r.Status != 400 || r.fieldErrors()["lang"] == nil {
			t.Fatalf("bad lang: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/site?lang=hi", nil, ""); r.Status != 200 || len(r.Body["collections"].(map[string]any)["faq"].([]any)) != 6 {
			t.Fatalf("hindi falls back to English: %d", r.Status)
		}

		// A change through this server shows at once, with a new ETag.
		admin, _ := e.user("admin@example.org", true)
		s := e.call("GET", "/api/admin/site/settings", nil, admin)
		if r := e.call("PUT", "/api/admin/site/settings", map[string]any{"tagline": "New words", "__v": s.Body["__v"]}, admin); r.Status != 200 {
			t.Fatalf("put: %d %s", r.Status, r.Raw)
		}
		r2 := e.call("GET", "/api/site", nil, "")
		if r2.Header.Get("ETag") == etag || r2.Body["settings"].(map[string]any)["tagline"] != "New words" {
			t.Fatalf("change not shown: %s", r2.Header.Get("ETag"))
		}

		// A change made by another instance (straight to the database)
		// shows within a second.
		if _, err := st.Writer().ExecContext(context.Background(), `UPDATE site_settings SET data = REPLACE(data, 'New words', 'Elsewhere'), revision = revision + 1`); err != nil {
			t.Fatal(err)
		}
		if r := e.call("GET", "/api/site", nil, ""); r.Body["settings"].(map[string]any)["tagline"] != "New words" {
			t.Fatal("the cache was not used within the second")
		}
		e.clock = e.clock.Add(1100 * time.Millisecond)
		if r := e.call("GET", "/api/site", nil, ""); r.Body["settings"].(map[string]any)["tagline"] != "Elsewhere" {
			t.Fatal("a change made elsewhere did not show after a second")
		}
	})
}

func TestSiteSettingsEdit(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		admin, _ := e.user("admin@example.org", true)
		user, _ := e.user("user@example.org", false)
		if r := e.call("GET", "/api/admin/site/settings", nil, user); r.Status != 403 {
			t.Fatalf("non-admin: %d", r.Status)
		}
		if r := e.call("PUT", "/api/admin/site/settings", map[string]any{"__v": 0}, ""); r.Status != 401 {
			t.Fatalf("anonymous: %d", r.Status)
		}
		r := e.call("GET", "/api/admin/site/settings", nil, admin)
		if r.Status != 200 || r.Body["__v"] != float64(0) || r.Body["orgName"] != "SPDC" || r.Body["receiptPrefix"] != "" {
			t.Fatalf("get: %d %s", r.Status, r.Raw)
		}
		poster, posterFile := e.siteMedia("image")
		good := map[string]any{"__v": 0, "email": "Care@SPDC.org",
			"phones":       []any{map[string]any{"label": "Office", "display": "+91 98765 43210", "dial": "+91 98765 43210"}},
			"bankAccounts": []any{map[string]any{"accountName": "SPDC Trust", "bank": "A Bank", "accountNumber": "1234567890", "ifsc": "sbin0001234"}},
			"trustPan":     "aaatr1234q", "upiId": "spdc@okaxis", "social": []any{map[string]any{"network": "YouTube", "url": "https://youtube.com/@spdc"}},
			"bannerPoster": poster, "receiptPrefix": "SPDC/"}
		bad := []struct {
			name  string
			edit  func(map[string]any)
			field string
		}{
			{"dial not digits", func(b map[string]any) { b["phones"].([]any)[0].(map[string]any)["dial"] = "ring us" }, "phones.0.dial"},
			{"bad IFSC", func(b map[string]any) { b["bankAccounts"].([]any)[0].(map[string]any)["ifsc"] = "SBIN1234" }, "bankAccounts.0.ifsc"},
			{"bad PAN", func(b map[string]any) { b["trustPan"] = "12345" }, "trustPan"},
			{"bad UPI", func(b map[string]any) { b["upiId"] = "spdc" }, "upiId"},
			{"script URL", func(b map[string]any) { b["social"].([]any)[0].(map[string]any)["url"] = "javascript:alert(1)" }, "social.0.url"},
			{"unknown key", func(b map[string]any) { b["theme"] = "dark" }, "theme"},
			{"missing picture", func(b map[string]any) { b["bannerPoster"] = store.NewID(e.clock) }, "bannerPoster"},
			{"control character", func(b map[string]any) { b["tagline"] = "a\x00b" }, "tagline"},
			{"too long", func(b map[string]any) { b["tagline"] = strings.Repeat("t", 301) }, "tagline"},
			{"no version", func(b map[string]any) { delete(b, "__v") }, "__v"},
		}
		for _, c := range bad {
			b := map[string]any{}
			raw, _ := json.Marshal(good)
			_ = json.Unmarshal(raw, &b)
			c.edit(b)
			r := e.call("PUT", "/api/admin/site/settings", b, admin)
			if r.Status != 400 || r.fieldErrors()[c.field] == nil {
				t.Fatalf("%s: %d %s", c.name, r.Status, r.Raw)
			}
		}
		if n := e.auditRows("site-settings"); n != 0 {
			t.Fatalf("refused edits were audited: %d", n)
		}
		r = e.call("PUT", "/api/admin/site/settings", good, admin)
		if r.Status != 200 || r.Body["__v"] != float64(1) || r.Body["email"] != "care@spdc.org" || r.Body["trustPan"] != "AAATR1234Q" ||
			r.Body["phones"].([]any)[0].(map[string]any)["dial"] != "+919876543210" || r.Body["orgName"] != "SPDC" {
			t.Fatalf("put: %d %s", r.Status, r.Raw)
		}
		if r := e.call("PUT", "/api/admin/site/settings", good, admin); r.Status != 409 {
			t.Fatalf("stale: %d %s", r.Status, r.Raw)
		}
		pub := e.call("GET", "/api/site", nil, "")
		ps := pub.Body["settings"].(map[string]any)
		if ref, _ := ps["bannerPoster"].(map[string]any); ref == nil || ref["src"] != "/uploads/"+posterFile {
			t.Fatalf("poster not expanded: %v", ps["bannerPoster"])
		}
		if _, ok := ps["receiptPrefix"]; ok || strings.Contains(pub.Raw, "SPDC/") {
			t.Fatal("the receipt prefix is public")
		}
		a := e.call("GET", "/api/admin/site", nil, admin)
		done := map[string]bool{}
		for _, c := range a.Body["checklist"].([]any) {
			m := c.(map[string]any)
			done[m["key"].(string)] = m["done"].(bool)
		}
		if !done["bankAccounts"] || !done["phones"] || !done["email"] || done["address"] || done["grievanceOfficer"] || done["team"] {
			t.Fatalf("checklist %v", done)
		}
		if cols := a.Body["collections"].([]any); len(cols) != 12 || cols[0].(map[string]any)["name"] != "team" {
			t.Fatalf("definitions %v", cols)
		}
		if e.auditRows("site-settings") != 1 {
			t.Fatal("the edit was not audited")
		}
	})
}

// The Site content area in the admin's language: every collection's name,
// every field's label (the nested ones too) and the setup checklist come
// in Hindi or Bengali, in its script; the keys stay as they are and the
// English answer is word for word the definitions' labels.
func TestSiteDefinitionsInTheAdminsLanguage(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		admin, _ := e.user("admin@example.org", true)
		type field struct {
			Key   string  `json:"key"`
			Label string  `json:"label"`
			Items []field `json:"fields"`
		}
		type defs struct {
			Settings struct {
				Fields []field `json:"fields"`
			} `json:"settings"`
			Collections []struct {
				Name   string  `json:"name"`
				Title  string  `json:"title"`
				Fields []field `json:"fields"`
			} `json:"collections"`
			Checklist []struct {
				Key   string `json:"key"`
				Label string `json:"label"`
			} `json:"checklist"`
		}
		get := func(lang string) defs {
			t.Helper()
			r := e.callWith("GET", "/api/admin/site", nil, admin, map[string]string{"Accept-Language": lang})
			var d defs
			if r.Status != 200 || json.Unmarshal([]byte(r.Raw), &d) != nil {
				t.Fatalf("%s: %d %s", lang, r.Status, r.Raw)
			}
			return d
		}
		// labels lists "where: label" for every field, nested ones included.
		var labels func(where string, fs []field) []string
		labels = func(where string, fs []field) []string {
			var out []string
			for _, f := range fs {
				out = append(out, where+"."+f.Key+": "+f.Label)
				out = append(out, labels(where+"."+f.Key, f.Items)...)
			}
			return out
		}
		all := func(d defs) []string {
			out := labels("settings", d.Settings.Fields)
			for _, c := range d.Collections {
				out = append(out, c.Name+": "+c.Title)
				out = append(out, labels(c.Name, c.Fields)...)
			}
			for _, c := range d.Checklist {
				out = append(out, "checklist."+c.Key+": "+c.Label)
			}
			return out
		}
		en := all(get(""))
		want := labels("settings", fieldsJSON[field](t, entity.SiteSettings.Fields))
		if got := labels("settings", get("").Settings.Fields); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("the English settings' labels changed:\n%v\nwant\n%v", got, want)
		}
		if !slices.Contains(en, "settings.phones.label: Label") || !slices.Contains(en, "checklist.address: The postal address") {
			t.Fatalf("English: %v", en)
		}
		for _, lang := range []string{"hi", "bn"} {
			got := all(get(lang))
			if len(got) != len(en) {
				t.Fatalf("%s: %d labels, English has %d", lang, len(got), len(en))
			}
			script := unicode.Devanagari
			if lang == "bn" {
				script = unicode.Bengali
			}
			for i, l := range got {
				where, text, _ := strings.Cut(l, ": ")
				if !strings.HasPrefix(en[i], where+": ") {
					t.Fatalf("%s: %q where English has %q", lang, where, en[i])
				}
				if !strings.ContainsFunc(text, func(r rune) bool { return unicode.Is(script, r) }) {
					t.Errorf("%s %s: %q is not in its script", lang, where, text)
				}
			}
		}
	})
}

// fieldsJSON is fields as the API writes them.
func fieldsJSON[F any](t *testing.T, fields []entity.Field) []F {
	t.Helper()
	b, err := json.Marshal(fields)
	var out []F
	if err != nil || json.Unmarshal(b, &out) != nil {
		t.Fatal(err)
	}
	return out
}

func TestSiteCollectionsEdit(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		admin, _ := e.user("admin@example.org", true)
		photo, _ := e.siteMedia("image")
		r := e.call("POST", "/api/admin/site/team", map[string]any{"name": "Asha Devi", "role": "Coordinator", "bio": "**Nurse** <script>x</script>", "photo": photo}, admin)
		if r.Status != 201 || r.Body["_id"] == nil || r.Body["__v"] != float64(0) || r.Body["published"] != true || r.Body["language"] != "en" || r.Body["position"] != float64(0) {
			t.Fatalf("add: %d %s", r.Status, r.Raw)
		}
		id := r.Body["_id"].(string)
		bad := []struct {
			name, path string
			body       map[string]any
			field      string
		}{
			{"missing name", "/api/admin/site/team", map[string]any{"role": "R"}, "name"},
			{"missing photo", "/api/admin/site/team", map[string]any{"name": "N", "role": "R", "photo": store.NewID(e.clock)}, "photo"},
			{"stars out of range", "/api/admin/site/testimonials", map[string]any{"name": "N", "quote": "Q", "stars": 0}, "stars"},
			{"negative amount", "/api/admin/site/donors", map[string]any{"name": "N", "consent": true, "amount": -5}, "amount"},
			{"no consent", "/api/admin/site/donors", map[string]any{"name": "N"}, "consent"},
			{"unknown icon", "/api/admin/site/features", map[string]any{"title": "T", "text": "x", "icon": "rocket"}, "icon"},
			{"second about page", "/api/admin/site/pages", map[string]any{"slug": "about", "title": "T", "body": "x"}, "slug"},
			{"gallery without alt", "/api/admin/site/gallery", map[string]any{"photo": photo}, "alt"},
			{"bad language", "/api/admin/site/faq", map[string]any{"question": "Q", "answer": "A", "language": "English"}, "language"},
			{"control character", "/api/admin/site/faq", map[string]any{"question": "Q\x1b[2J", "answer": "A"}, "question"},
			{"cause without summary", "/api/admin/site/causes", map[string]any{"title": "Cataract operations"}, "text"},
			{"cause title too long", "/api/admin/site/causes", map[string]any{"title": strings.Repeat("x", 201), "text": "T"}, "title"},
		}
		for _, c := range bad {
			if r := e.call("POST", c.path, c.body, admin); r.Status != 400 || r.fieldErrors()[c.field] == nil {
				t.Fatalf("%s: %d %s", c.name, r.Status, r.Raw)
			}
		}
		if e.count("site_items WHERE collection = 'team'") != 1 || e.auditRows("site-team") != 1 || e.count("site_items WHERE collection = 'causes'") != 0 {
			t.Fatal("refused adds changed the content")
		}

		// Causes are a collection like the others: none on a fresh
		// install, then what an admin publishes, in order.
		if r := e.call("GET", "/api/site", nil, ""); len(r.Body["collections"].(map[string]any)["causes"].([]any)) != 0 {
			t.Fatalf("a fresh install has causes: %s", r.Raw)
		}
		for _, title := range []string{"Cataract operations", "Rooms near the temple"} {
			if r := e.call("POST", "/api/admin/site/causes", map[string]any{"title": title, "text": "Why it matters.", "details": "**How** it is spent."}, admin); r.Status != 201 {
				t.Fatalf("add cause: %d %s", r.Status, r.Raw)
			}
		}
		causes := e.call("GET", "/api/site", nil, "").Body["collections"].(map[string]any)["causes"].([]any)
		if len(causes) != 2 || causes[0].(map[string]any)["title"] != "Cataract operations" || causes[1].(map[string]any)["details"] != "**How** it is spent." {
			t.Fatalf("public causes %v", causes)
		}

		r = e.call("PUT", "/api/admin/site/team/"+id, map[string]any{"__v": 0, "role": "Lead coordinator", "published": false}, admin)
		if r.Status != 200 || r.Body["__v"] != float64(1) || r.Body["role"] != "Lead coordinator" || r.Body["name"] != "Asha Devi" || r.Body["published"] != false ||
			r.Body["bio"] != "**Nurse** <script>x</script>" {
			t.Fatalf("update: %d %s", r.Status, r.Raw)
		}
		if r := e.call("PUT", "/api/admin/site/team/"+id, map[string]any{"__v": 0, "role": "Stale"}, admin); r.Status != 409 {
			t.Fatalf("stale: %d", r.Status)
		}
		if r := e.call("PUT", "/api/admin/site/team/"+store.NewID(e.clock), map[string]any{"__v": 0, "role": "x"}, admin); r.Status != 404 {
			t.Fatalf("unknown id: %d", r.Status)
		}
		if r := e.call("PUT", "/api/admin/site/faq/"+id, map[string]any{"__v": 1, "question": "x"}, admin); r.Status != 404 {
			t.Fatalf("an item of another collection: %d", r.Status)
		}
		if r := e.call("GET", "/api/site", nil, ""); len(r.Body["collections"].(map[string]any)["team"].([]any)) != 0 {
			t.Fatal("an unpublished member is public")
		}
		list := e.call("GET", "/api/admin/site/team", nil, admin)
		items := list.Body["items"].([]any)
		if len(items) != 1 || list.Body["media"].(map[string]any)[photo] == nil {
			t.Fatalf("admin list %s", list.Raw)
		}

		faq := e.call("GET", "/api/admin/site/faq", nil, admin).Body["items"].([]any)
		var ids []string
		for i := len(faq) - 1; i >= 0; i-- {
			ids = append(ids, faq[i].(map[string]any)["_id"].(string))
		}
		if r := e.call("POST", "/api/admin/site/faq/order", map[string]any{"ids": ids[1:]}, admin); r.Status != 400 || r.fieldErrors()["ids"] == nil {
			t.Fatalf("partial order: %d %s", r.Status, r.Raw)
		}
		if r := e.call("POST", "/api/admin/site/faq/order", map[string]any{"ids": ids}, admin); r.Status != 200 {
			t.Fatalf("order: %d %s", r.Status, r.Raw)
		}
		pub := e.call("GET", "/api/site", nil, "").Body["collections"].(map[string]any)["faq"].([]any)
		if pub[0].(map[string]any)["_id"] != ids[0] {
			t.Fatal("the public FAQ is not in the new order")
		}

		if r := e.call("DELETE", "/api/admin/site/team/"+id, nil, admin); r.Status != 204 {
			t.Fatalf("delete: %d", r.Status)
		}
		if r := e.call("DELETE", "/api/admin/site/team/"+id, nil, admin); r.Status != 404 {
			t.Fatalf("second delete: %d", r.Status)
		}
		if n := e.auditRows("site-team"); n != 3 {
			t.Fatalf("team audit rows %d", n)
		}
		if n := e.auditRows("site-faq"); n != 1 {
			t.Fatalf("faq audit rows %d", n)
		}
		// The admin tabs' own routes still work next to the site's.
		if r := e.call("GET", "/api/admin/users", nil, admin); r.Status != 200 {
			t.Fatalf("users tab: %d", r.Status)
		}
	})
}

// siteWeb is a built web app whose index.html holds the build's example
// origin and address, as web/index.html does.
var siteWeb = fstest.MapFS{
	"index.html": {Data: []byte(`<!doctype html><head><meta property="og:url" content="https://spdc.example.org/" />` +
		`<meta property="og:image" content="https://spdc.example.org/media/og-image.jpg" /></head><body><div id="root"></div>` +
		`<noscript><p>This website needs JavaScript to show its pages. You can still reach us by e-mail at care@spdc.example.org.</p></noscript></body>`)},
	"route-preloads.json": {Data: []byte(`{"/": [], "/aboutus": [], "/reset-password/:token": [], "/admin": [], "/myaccount": [], "/Reg": [],
		"/Team": [], "/team": [], "/Host": [], "/error": [], "*": []}`)},
}

func TestIndexEmbedsTheSite(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withWeb(siteWeb), withoutMail(), withEnvVars(map[string]string{"SPDC_PUBLIC_URL": "https://care.spdc.org"}))
		admin, _ := e.user("admin@example.org", true)

		page := e.call("GET", "/aboutus", nil, "")
		data := siteDataRE.FindStringSubmatch(page.Raw)
		if page.Status != 200 || data == nil || page.Header.Get("ETag") == "" {
			t.Fatalf("index: %d %s", page.Status, page.Raw[:min(400, len(page.Raw))])
		}
		api := e.call("GET", "/api/site", nil, "")
		if data[1] != api.Raw {
			t.Fatal("the embedded data is not GET /api/site")
		}
		if strings.Contains(page.Raw, "spdc.example.org") || !strings.Contains(page.Raw, `content="https://care.spdc.org/media/og-image.jpg"`) ||
			strings.Contains(page.Raw, "reach us by e-mail") {
			t.Fatalf("origin or address: %s", page.Raw)
		}

		// Hostile text can neither end the script nor hide in it.
		f := e.call("POST", "/api/admin/site/faq", map[string]any{"question": "</script><script>alert(1)</script>", "answer": "<!-- x"}, admin)
		if f.Status != 201 {
			t.Fatalf("faq: %d %s", f.Status, f.Raw)
		}
		s := e.call("GET", "/api/admin/site/settings", nil, admin)
		if r := e.call("PUT", "/api/admin/site/settings", map[string]any{"__v": s.Body["__v"], "email": "seva@spdc.org"}, admin); r.Status != 200 {
			t.Fatalf("settings: %d %s", r.Status, r.Raw)
		}
		page2 := e.call("GET", "/", nil, "")
		if page2.Header.Get("ETag") == page.Header.Get("ETag") || strings.Count(page2.Raw, "</script>") != 1 || strings.Contains(page2.Raw, "<!--") {
			t.Fatalf("after a change: %s", page2.Raw)
		}
		data = siteDataRE.FindStringSubmatch(page2.Raw)
		var site map[string]any
		if err := json.Unmarshal([]byte(data[1]), &site); err != nil {
			t.Fatal(err)
		}
		faq := site["collections"].(map[string]any)["faq"].([]any)
		if faq[len(faq)-1].(map[string]any)["question"] != "</script><script>alert(1)</script>" {
			t.Fatal("the question did not survive the escaping")
		}
		if !strings.Contains(page2.Raw, "You can still reach us by e-mail at seva@spdc.org.") {
			t.Fatalf("address: %s", page2.Raw)
		}

		// Conditional requests: the same page is 304, a changed one is not.
		req := httptest.NewRequest("GET", "/", nil)
		req.Header.Set("If-None-Match", page2.Header.Get("ETag"))
		rec := httptest.NewRecorder()
		e.h.ServeHTTP(rec, req)
		if rec.Code != 304 {
			t.Fatalf("If-None-Match: %d", rec.Code)
		}

		// Routes answer 200, other paths 404 with the app.
		for path, want := range map[string]int{"/": 200, "/team": 200, "/Team": 200, "/reset-password/abc": 200, "/Reg": 200,
			"/TEAM": 404, "/nope": 404, "/reset-password": 404, "/aboutus/x": 404} {
			r := e.call("GET", path, nil, "")
			if r.Status != want || !strings.Contains(r.Raw, `id="site-data"`) {
				t.Errorf("%s: %d, want %d", path, r.Status, want)
			}
		}

		robots := e.call("GET", "/robots.txt", nil, "")
		if robots.Status != 200 || !strings.Contains(robots.Raw, "Sitemap: https://care.spdc.org/sitemap.xml\n") || !strings.Contains(robots.Raw, "Disallow: /admin\n") {
			t.Fatalf("robots: %d %s", robots.Status, robots.Raw)
		}
		sm := e.call("GET", "/sitemap.xml", nil, "")
		want := "<url><loc>https://care.spdc.org/</loc></url>\n  <url><loc>https://care.spdc.org/Host</loc></url>\n  <url><loc>https://care.spdc.org/aboutus</loc></url>\n  <url><loc>https://care.spdc.org/team</loc></url>\n</urlset>"
		if sm.Status != 200 || !strings.HasPrefix(sm.Header.Get("Content-Type"), "application/xml") || !strings.Contains(sm.Raw, want) {
			t.Fatalf("sitemap: %d %s", sm.Status, sm.Raw)
		}
	})
}

var siteDataRE = regexp.MustCompile(`<script type="application/json" id="site-data">(.*?)</script>`)

// TestWebIndexHasTheExamples keeps web/index.html holding the example
// origin and the e-mail sentence the server replaces.
func TestWebIndexHasTheExamples(t *testing.T) {
	b, err := os.ReadFile("../../web/index.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`content="` + exampleOrigin + `/media/og-image.jpg"`, emailSentence + "</p></noscript>"} {
		if !strings.Contains(string(b), s) {
			t.Errorf("web/index.html lacks %q", s)
		}
	}
}
