package httpapi

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// The API answers each message and field error in the language of
// Accept-Language, English when it is absent or names another language,
// and says which in Content-Language. English answers keep their words.
func TestAPIAnswersInTheRequestsLanguage(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		bad := validVolunteer()
		bad["email"], bad["skills"] = "asha@", ""
		one := validVolunteer()
		one["fullName"] = ""

		type want struct{ several, one, emailErr, unauthorized, noEndpoint, notJSON string }
		for accept, w := range map[string]want{
			"": {"Please correct these two fields: Email and Skills.", "Please enter your full name.",
				"Please enter a valid email address, like name@example.org.", "Please sign in again: your session has ended.",
				"No such API endpoint.", "The request body is not valid JSON."},
			"fr-FR, de;q=0.8": {"Please correct these two fields: Email and Skills.", "Please enter your full name.",
				"Please enter a valid email address, like name@example.org.", "Please sign in again: your session has ended.",
				"No such API endpoint.", "The request body is not valid JSON."},
			"hi-IN,hi;q=0.9,en;q=0.8": {"कृपया ये 2 जानकारियाँ ठीक करें: ईमेल और कौशल।", "कृपया अपना पूरा नाम लिखें।",
				"कृपया सही ईमेल पता लिखें, जैसे name@example.org।", "आपका सत्र समाप्त हो गया है। कृपया फिर से साइन इन करें।",
				"ऐसा कोई API पता नहीं है।", "अनुरोध की सामग्री सही JSON नहीं है।"},
			"bn": {"অনুগ্রহ করে এই 2টি তথ্য ঠিক করুন: ইমেল ও দক্ষতা।", "অনুগ্রহ করে আপনার পুরো নাম লিখুন।",
				"অনুগ্রহ করে সঠিক ইমেল ঠিকানা লিখুন, যেমন name@example.org।", "আপনার সেশন শেষ হয়ে গেছে। অনুগ্রহ করে আবার সাইন ইন করুন।",
				"এমন কোনো API ঠিকানা নেই।", "অনুরোধের তথ্য সঠিক JSON নয়।"},
		} {
			hdr := map[string]string{}
			if accept != "" {
				hdr["Accept-Language"] = accept
			}
			lang := map[string]string{"": "en", "fr-FR, de;q=0.8": "en", "hi-IN,hi;q=0.9,en;q=0.8": "hi", "bn": "bn"}[accept]

			r := e.callWith("POST", "/api/volunteers/register", bad, "", hdr)
			errs := r.fieldErrors()
			if r.Status != 400 || r.message() != w.several || errs["email"] != w.emailErr || r.Header.Get("Content-Language") != lang {
				t.Errorf("%q: two fields: %d %s %q", accept, r.Status, r.Raw, r.Header.Get("Content-Language"))
			}
			r = e.callWith("POST", "/api/volunteers/register", one, "", hdr)
			if r.Status != 400 || r.message() != w.one || r.fieldErrors()["fullName"] != w.one {
				t.Errorf("%q: one field: %d %s", accept, r.Status, r.Raw)
			}
			if r := e.callWith("GET", "/api/users/me", nil, "", hdr); r.Status != 401 || r.message() != w.unauthorized {
				t.Errorf("%q: 401: %d %s", accept, r.Status, r.Raw)
			}
			if r := e.callWith("GET", "/api/no-such-thing", nil, "", hdr); r.Status != 404 || r.message() != w.noEndpoint || r.Header.Get("Content-Language") != lang {
				t.Errorf("%q: 404: %d %s", accept, r.Status, r.Raw)
			}
			if r := e.callWith("POST", "/api/contact", "{nope", "", hdr); r.Status != 400 || r.message() != w.notJSON {
				t.Errorf("%q: bad JSON: %d %s", accept, r.Status, r.Raw)
			}
		}

		// A phrase of a field ("is required") is a whole sentence with the
		// field's label in Hindi and Bengali.
		r := e.callWith("POST", "/api/users/login", map[string]any{"identifier": "", "password": ""}, "", map[string]string{"Accept-Language": "hi"})
		if r.Status != 400 || r.fieldErrors()["identifier"] != "ईमेल या फ़ोन नंबर भरना आवश्यक है।" || r.message() != "कृपया ये 2 जानकारियाँ ठीक करें: ईमेल या फ़ोन नंबर और पासवर्ड।" {
			t.Errorf("hi login: %d %s", r.Status, r.Raw)
		}
		r = e.callWith("POST", "/api/users/login", map[string]any{"identifier": "nobody@example.org", "password": "wrong password 1"}, "", map[string]string{"Accept-Language": "bn"})
		if r.Status != 401 || r.message() != "ইমেল/ফোন নম্বর বা পাসওয়ার্ড সঠিক নয়।" {
			t.Errorf("bn login: %d %s", r.Status, r.Raw)
		}
		// A success message too.
		r = e.callWith("POST", "/api/volunteers/register", validVolunteer(), "", map[string]string{"Accept-Language": "bn"})
		if r.Status != 201 || r.message() != "স্বেচ্ছাসেবকের ফর্ম পাঠানো হয়েছে! ধন্যবাদ।" {
			t.Errorf("bn volunteer: %d %s", r.Status, r.Raw)
		}
	})
}

// An account keeps its language: given at registration, else the
// request's; read by GET /api/users/me and sign-in; changed by PUT
// /api/users/me/language, which refuses a language the site lacks.
func TestAccountLanguage(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		reg := func(email string, lang any, accept string) resp {
			mobile := map[string]string{"radha@example.org": "+919876500001", "gopi@example.org": "+919876500002", "lila@example.org": "+919876500003"}[email]
			if mobile == "" {
				mobile = "+919876500009"
			}
			body := map[string]any{"fullName": "राधा देवी", "email": email, "mobile": mobile, "password": "a quiet river stone"}
			if lang != nil {
				body["language"] = lang
			}
			return e.callWith("POST", "/api/users/register", body, "", map[string]string{"Accept-Language": accept})
		}
		r := reg("radha@example.org", "bn", "hi")
		if r.Status != 201 || r.Body["user"].(map[string]any)["language"] != "bn" || r.message() != "आपका खाता बन गया है! कृपया साइन इन करें।" {
			t.Fatalf("register bn: %d %s", r.Status, r.Raw)
		}
		if r := reg("gopi@example.org", nil, "hi-IN"); r.Status != 201 || r.Body["user"].(map[string]any)["language"] != "hi" {
			t.Fatalf("register from Accept-Language: %d %s", r.Status, r.Raw)
		}
		if r := reg("lila@example.org", nil, ""); r.Status != 201 || r.Body["user"].(map[string]any)["language"] != "en" {
			t.Fatalf("register in English: %d %s", r.Status, r.Raw)
		}
		for _, bad := range []any{"fr", "HI", "", 7} {
			r := reg("bad@example.org", bad, "hi")
			if r.Status != 400 || r.fieldErrors()["language"] == nil {
				t.Errorf("register with language %v: %d %s", bad, r.Status, r.Raw)
			}
		}
		if _, err := st.UserByEmail(t.Context(), "bad@example.org"); err == nil {
			t.Fatal("a refused registration made an account")
		}

		login := e.call("POST", "/api/users/login", map[string]any{"identifier": "radha@example.org", "password": "a quiet river stone"}, "")
		token, _ := login.Body["token"].(string)
		if login.Status != 200 || token == "" || login.Body["user"].(map[string]any)["language"] != "bn" {
			t.Fatalf("login: %d %s", login.Status, login.Raw)
		}
		if r := e.call("PUT", "/api/users/me/language", map[string]any{"language": "hi"}, ""); r.Status != 401 {
			t.Fatalf("without a session: %d", r.Status)
		}
		if r := e.callWith("PUT", "/api/users/me/language", map[string]any{"language": "de"}, token, map[string]string{"Accept-Language": "hi"}); r.Status != 400 ||
			r.fieldErrors()["language"] != "कृपया अंग्रेज़ी (en), हिंदी (hi) या बांग्ला (bn) में से एक भाषा चुनें।" {
			t.Fatalf("unknown language: %d %s", r.Status, r.Raw)
		}
		if r := e.call("PUT", "/api/users/me/language", map[string]any{}, token); r.Status != 400 || r.fieldErrors()["language"] == nil {
			t.Fatalf("no language: %d %s", r.Status, r.Raw)
		}
		me := e.call("GET", "/api/users/me", nil, token)
		if me.Body["language"] != "bn" {
			t.Fatalf("a refused change changed it: %s", me.Raw)
		}
		if r := e.call("PUT", "/api/users/me/language", map[string]any{"language": "hi"}, token); r.Status != 200 || r.Body["language"] != "hi" {
			t.Fatalf("set: %d %s", r.Status, r.Raw)
		}
		me2 := e.call("GET", "/api/users/me", nil, token)
		if me2.Body["language"] != "hi" || me2.Body["__v"] != me.Body["__v"] {
			t.Fatalf("after set: %s", me2.Raw)
		}
	})
}

// Each submission keeps the language it was sent in.
func TestSubmissionsKeepTheirLanguage(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		for _, c := range []struct {
			path, table string
			body        map[string]any
			accept      string
			want        string
		}{
			{"/api/volunteers/register", "volunteers", validVolunteer(), "bn-IN", "bn"},
			{"/api/hosts/register", "hosts", validHost(), "hi", "hi"},
			{"/api/contact", "messages", validContact(), "ta", "en"},
			{"/api/disciples/register", "disciples", validDisciple(), "hi", "hi"},
			{"/api/grievances", "grievances", validGrievance(), "bn", "bn"},
		} {
			r := e.callWith("POST", c.path, c.body, "", map[string]string{"Accept-Language": c.accept})
			if r.Status != 201 {
				t.Fatalf("%s: %d %s", c.path, r.Status, r.Raw)
			}
			var id string
			if err := st.Reader().QueryRowContext(t.Context(), `SELECT id FROM `+c.table+` ORDER BY created_at DESC, id DESC LIMIT 1`).Scan(&id); err != nil {
				t.Fatal(err)
			}
			if got, err := st.SubmissionLanguage(t.Context(), c.table, id); err != nil || got != c.want {
				t.Errorf("%s: language %q %v, want %q", c.table, got, err, c.want)
			}
		}
		if _, err := st.SubmissionLanguage(t.Context(), "users", "x"); err == nil {
			t.Error("a table without languages answered")
		}
	})
}

// Mail goes in its reader's language: a form's thank-you in the language
// it was sent in, the temple president's request in the applicant's with
// the English below, a reset link in the account's language.
func TestMailInTheReadersLanguage(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		if r := e.callWith("POST", "/api/disciples/register", validDisciple(), "", map[string]string{"Accept-Language": "hi-IN"}); r.Status != 201 {
			t.Fatalf("disciple: %d %s", r.Status, r.Raw)
		}
		tp := e.mails("president@temple.example")
		if len(tp) != 1 || !strings.HasPrefix(tp[0].Subject, "कृपया SPDC के एक आवेदक की पुष्टि करें / Please confirm an applicant for SPDC") ||
			!strings.Contains(tp[0].Text, "मैं इस आवेदक को नहीं जानता") || !strings.Contains(tp[0].Text, "----- English -----") ||
			!strings.Contains(tp[0].Text, "I do not know this applicant") {
			t.Fatalf("temple president's mail: %+v", tp)
		}
		ack := e.mails("madhava@example.org")
		if len(ack) != 1 || !strings.HasPrefix(ack[0].Subject, "आपका शिष्य पंजीकरण हमें मिल गया है") || !strings.Contains(ack[0].HTML, `<html lang="hi">`) {
			t.Fatalf("applicant's acknowledgement: %+v", ack)
		}

		if r := e.callWith("POST", "/api/volunteers/register", validVolunteer(), "", map[string]string{"Accept-Language": "bn"}); r.Status != 201 {
			t.Fatalf("volunteer: %d %s", r.Status, r.Raw)
		}
		if m := e.mails("asha@example.org"); len(m) != 1 || !strings.HasPrefix(m[0].Subject, "স্বেচ্ছাসেবক হওয়ার প্রস্তাবের জন্য ধন্যবাদ") {
			t.Fatalf("volunteer's acknowledgement: %+v", m)
		}

		// A reset link follows the account's language, not the request's.
		_, id := e.user("gopi@example.org", false)
		if err := st.SetUserLanguage(t.Context(), id, "bn"); err != nil {
			t.Fatal(err)
		}
		if r := e.callWith("POST", "/api/users/forgot-password", map[string]any{"email": "gopi@example.org"}, "", map[string]string{"Accept-Language": "hi"}); r.Status != 200 {
			t.Fatalf("forgot: %d %s", r.Status, r.Raw)
		}
		if m := e.mails("gopi@example.org"); len(m) != 1 || m[0].Subject != "আপনার SPDC পাসওয়ার্ড বদলান" {
			t.Fatalf("reset mail: %+v", m)
		}
	})
}

// Names typed in Devanagari and Bengali are stored, shown and found by
// the dashboard's search as typed, in any part of the name.
func TestDashboardSearchFindsIndianScripts(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		admin, _ := e.user("admin@example.org", true)
		for i, name := range []string{"श्रीमती राधा रानी", "শ্রীমতী রাধা দাসী", "Radha Devi", "गोपाल दास"} {
			v := validVolunteer()
			v["fullName"], v["email"] = name, fmt.Sprintf("v%d@example.org", i)
			if r := e.callWith("POST", "/api/volunteers/register", v, "", map[string]string{"Accept-Language": "hi"}); r.Status != 201 {
				t.Fatalf("%s: %d %s", name, r.Status, r.Raw)
			}
		}
		names := func(q string) []string {
			r := e.call("GET", "/api/admin/volunteers?q="+url.QueryEscape(q), nil, admin)
			if r.Status != 200 {
				t.Fatalf("search %q: %d %s", q, r.Status, r.Raw)
			}
			var items []map[string]any
			if err := json.Unmarshal([]byte(r.Raw), &items); err != nil {
				t.Fatalf("search %q: %v", q, err)
			}
			var out []string
			for _, it := range items {
				out = append(out, it["fullName"].(string))
			}
			slices.Sort(out)
			return out
		}
		for q, want := range map[string][]string{
			"राधा":      {"श्रीमती राधा रानी"},
			"রাধা":      {"শ্রীমতী রাধা দাসী"},
			"रानी":      {"श्रीमती राधा रानी"},
			"দাসী":      {"শ্রীমতী রাধা দাসী"},
			"radha":     {"Radha Devi"},
			"गोपाल दास": {"गोपाल दास"},
		} {
			if got := names(q); !slices.Equal(got, want) {
				t.Errorf("search %q: %q, want %q", q, got, want)
			}
		}
	})
}

// The dashboard learns which content items lack a translation, or have
// one older than the English text.
func TestAdminTranslations(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		// The site's first content was saved when the store was made, on
		// the real clock.
		e.clock = time.Now().Add(5 * time.Minute)
		admin, _ := e.user("admin@example.org", true)
		user, _ := e.user("user@example.org", false)
		if r := e.call("GET", "/api/admin/site/translations", nil, user); r.Status != 403 {
			t.Fatalf("a visitor's account: %d", r.Status)
		}
		// A fresh install's content is seeded in every language: nothing
		// to translate.
		before := e.call("GET", "/api/admin/site/translations", nil, admin)
		total, _ := before.Body["englishItems"].(float64)
		if before.Status != 200 || total == 0 || len(before.Body["items"].([]any)) != 0 {
			t.Fatalf("fresh site: %d %s", before.Status, before.Raw[:min(400, len(before.Raw))])
		}
		added := e.call("POST", "/api/admin/site/faq", map[string]any{"question": "Can I visit?", "answer": "Yes.", "language": "en"}, admin)
		if added.Status != 201 {
			t.Fatalf("English item: %d %s", added.Status, added.Raw)
		}
		faq := added.Body
		e.clock = e.clock.Add(time.Minute)
		if r := e.call("POST", "/api/admin/site/faq", map[string]any{"question": "प्रश्न", "answer": "उत्तर", "language": "hi", "translationOf": faq["_id"]}, admin); r.Status != 201 {
			t.Fatalf("translation: %d %s", r.Status, r.Raw)
		}
		find := func(r resp) map[string]any {
			for _, it := range r.Body["items"].([]any) {
				if m := it.(map[string]any); m["_id"] == faq["_id"] {
					return m
				}
			}
			return nil
		}
		after := e.call("GET", "/api/admin/site/translations", nil, admin)
		it := find(after)
		if it == nil || it["collection"] != "faq" || it["label"] != faq["question"] || fmt.Sprint(it["missing"]) != "[bn]" || fmt.Sprint(it["outdated"]) != "[]" {
			t.Fatalf("after a Hindi translation: %v", it)
		}
		counts := after.Body["counts"].(map[string]any)
		if counts["hi"].(map[string]any)["missing"].(float64) != 0 || counts["bn"].(map[string]any)["missing"].(float64) != 1 {
			t.Fatalf("counts %v of %v", counts, total)
		}
		// A later change of the English text makes the translation outdated.
		e.clock = e.clock.Add(time.Minute)
		if r := e.call("PUT", "/api/admin/site/faq/"+faq["_id"].(string), map[string]any{"answer": "New English answer", "__v": faq["__v"]}, admin); r.Status != 200 {
			t.Fatalf("edit: %d %s", r.Status, r.Raw)
		}
		if it := find(e.call("GET", "/api/admin/site/translations", nil, admin)); it == nil || fmt.Sprint(it["outdated"]) != "[hi]" {
			t.Fatalf("after the English changed: %v", it)
		}
	})
}
