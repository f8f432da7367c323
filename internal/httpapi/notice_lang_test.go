package httpapi

import (
	"context"
	"testing"

	"spdc/internal/entity"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// Each form's notice is served in the request's language with that
// language's version, and the consent is recorded with the language and
// version of the notice the person read; a language without notices or a
// version the site never showed in it is refused and saves nothing.
func TestNoticeInTheReadersLanguage(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		for _, c := range []struct{ accept, lang, title string }{
			{"hi", "hi", "शिष्य पंजीकरण"}, {"bn-IN,bn;q=0.9", "bn", "শিষ্য নিবন্ধন"}, {"fr", "en", "Disciple registration"}, {"", "en", "Disciple registration"},
		} {
			r := e.callWith("GET", "/api/notices/disciple", nil, "", map[string]string{"Accept-Language": c.accept})
			if r.Status != 200 || r.Body["language"] != c.lang || r.Body["title"] != c.title || r.Body["version"] != entity.NoticeLanguageVersion(c.lang) ||
				r.Header.Get("Vary") == "" {
				t.Fatalf("%q: %d %s", c.accept, r.Status, r.Raw)
			}
			items, _ := r.Body["items"].([]any)
			if len(items) != len(entity.NoticeOf("disciple").Items) {
				t.Fatalf("%q: %d items", c.accept, len(items))
			}
		}

		consent := func(email string) store.Consent {
			t.Helper()
			var c store.Consent
			err := st.Reader().QueryRowContext(context.Background(), `SELECT c.notice_version, c.language FROM consents c
				JOIN volunteers v ON v.id = c.record_id WHERE v.email = ?`, email).Scan(&c.NoticeVersion, &c.Language)
			if err != nil {
				t.Fatalf("consent of %s: %v", email, err)
			}
			return c
		}
		// Without notice fields: the request's language.
		vol := validVolunteer()
		vol["email"] = "hindi@example.org"
		if r := e.callWith("POST", "/api/volunteers/register", vol, "", map[string]string{"Accept-Language": "hi"}); r.Status != 201 {
			t.Fatalf("Hindi form: %d %s", r.Status, r.Raw)
		}
		if c := consent("hindi@example.org"); c.Language != "hi" || c.NoticeVersion != entity.NoticeLanguageVersion("hi") {
			t.Fatalf("Hindi consent %+v", c)
		}
		// The notice the page showed, named by the form.
		vol = validVolunteer()
		vol["email"], vol["noticeLanguage"], vol["noticeVersion"] = "bengali@example.org", "bn", entity.NoticeLanguageVersion("bn")
		if r := e.callWith("POST", "/api/volunteers/register", vol, "", map[string]string{"Accept-Language": "en"}); r.Status != 201 {
			t.Fatalf("Bengali notice: %d %s", r.Status, r.Raw)
		}
		if c := consent("bengali@example.org"); c.Language != "bn" || c.NoticeVersion != entity.NoticeLanguageVersion("bn") {
			t.Fatalf("Bengali consent %+v", c)
		}
		before := e.count("consents")
		for _, bad := range []map[string]any{
			{"noticeLanguage": "fr", "field": "noticeLanguage"},
			{"noticeLanguage": 7, "field": "noticeLanguage"},
			{"noticeLanguage": "hi", "noticeVersion": "1999-01-01", "field": "noticeVersion"},
		} {
			vol = validVolunteer()
			vol["email"] = "bad@example.org"
			for k, v := range bad {
				if k != "field" {
					vol[k] = v
				}
			}
			if r := e.call("POST", "/api/volunteers/register", vol, ""); r.Status != 400 || r.fieldErrors()[bad["field"].(string)] == nil {
				t.Fatalf("%v: %d %s", bad, r.Status, r.Raw)
			}
		}
		if e.count("consents") != before || e.count("volunteers") != 2 {
			t.Fatalf("a refused form saved: %d consents, %d volunteers", e.count("consents"), e.count("volunteers"))
		}
	})
}
