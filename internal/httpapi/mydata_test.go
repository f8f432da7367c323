package httpapi

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"spdc/internal/entity"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// TestExportMyData: the export holds the account, its forms, donations,
// consents and mail, never another person's data; the readable page
// escapes what people typed; no session is 401.
func TestExportMyData(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withDonations())
		tok, _ := e.user("me@example.org", false)
		otherTok, _ := e.user("other@example.org", false)
		vol := validVolunteer()
		vol["fullName"], vol["email"], vol["skills"] = "Me Myself", "me@example.org", "<b>cooking</b>"
		if r := e.call("POST", "/api/volunteers/register", vol, tok); r.Status != 201 {
			t.Fatalf("volunteer: %d %s", r.Status, r.Raw)
		}
		don := validDonation()
		don["donorName"], don["email"] = "Me Myself", "me@example.org"
		if r := e.call("POST", "/api/donations", don, tok); r.Status != 201 {
			t.Fatalf("donation: %d %s", r.Status, r.Raw)
		}
		ov := validVolunteer()
		ov["fullName"], ov["email"] = "Someone Else", "other@example.org"
		if r := e.call("POST", "/api/volunteers/register", ov, otherTok); r.Status != 201 {
			t.Fatalf("other volunteer: %d %s", r.Status, r.Raw)
		}
		e.mb.Deliver()

		if r := e.call("GET", "/api/users/me/export", nil, ""); r.Status != 401 {
			t.Fatalf("no session: %d", r.Status)
		}
		r := e.call("GET", "/api/users/me/export", nil, tok)
		if r.Status != 200 || !strings.Contains(r.Header.Get("Content-Disposition"), "my-data.json") {
			t.Fatalf("export: %d %v", r.Status, r.Header)
		}
		var out struct {
			Account  map[string]any              `json:"account"`
			Records  map[string][]map[string]any `json:"records"`
			Consents []map[string]any            `json:"consents"`
			Mail     []map[string]any            `json:"mail"`
		}
		if err := json.Unmarshal([]byte(r.Raw), &out); err != nil {
			t.Fatal(err)
		}
		if out.Account["email"] != "me@example.org" || len(out.Records["volunteers"]) != 1 || len(out.Records["donations"]) != 1 ||
			len(out.Consents) != 2 || len(out.Mail) == 0 {
			t.Fatalf("export content: %s", r.Raw)
		}
		if out.Records["volunteers"][0]["skills"] != "<b>cooking</b>" {
			t.Errorf("volunteer record: %v", out.Records["volunteers"][0])
		}
		if strings.Contains(r.Raw, "other@example.org") || strings.Contains(r.Raw, "Someone Else") || strings.Contains(r.Raw, "passwordHash") ||
			strings.Contains(r.Raw, "secret-hash") || strings.Contains(r.Raw, "ABCPR4321K") {
			t.Errorf("export holds another person's data or a secret: %s", r.Raw)
		}
		h := e.call("GET", "/api/users/me/export?format=html", nil, tok)
		if h.Status != 200 || !strings.HasPrefix(h.Header.Get("Content-Type"), "text/html") ||
			!strings.Contains(h.Raw, "&lt;b&gt;cooking&lt;/b&gt;") || strings.Contains(h.Raw, "<b>cooking") ||
			!strings.Contains(h.Raw, "Me Myself") || strings.Contains(h.Raw, "Someone Else") {
			t.Fatalf("readable page: %d %s", h.Status, h.Raw)
		}
		if r := e.call("GET", "/api/users/me/export?format=pdf", nil, tok); r.Status != 400 || r.fieldErrors()["format"] == nil {
			t.Fatalf("bad format: %d %s", r.Status, r.Raw)
		}
	})
}

// TestConsentRecordsAndWithdrawal: each form stores its consent record;
// withdrawing erases the form (a donation is kept by law); another
// person's consent is 404; a notice version the site never showed is
// refused with nothing saved.
func TestConsentRecordsAndWithdrawal(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withDonations())
		tok, _ := e.user("me@example.org", false)
		otherTok, _ := e.user("other@example.org", false)
		vol := validVolunteer()
		vol["email"], vol["noticeVersion"] = "me@example.org", entity.NoticeVersion
		if r := e.call("POST", "/api/volunteers/register", vol, tok); r.Status != 201 {
			t.Fatalf("volunteer: %d %s", r.Status, r.Raw)
		}
		vol["noticeVersion"] = "1999-01-01"
		if r := e.call("POST", "/api/volunteers/register", vol, tok); r.Status != 400 || r.fieldErrors()["noticeVersion"] == nil {
			t.Fatalf("unknown notice: %d %s", r.Status, r.Raw)
		}
		if e.count("volunteers") != 1 || e.count("consents") != 1 {
			t.Fatalf("a refused form saved: %d volunteers, %d consents", e.count("volunteers"), e.count("consents"))
		}
		if r := e.call("POST", "/api/contact", validContact(), ""); r.Status != 201 {
			t.Fatalf("contact: %d %s", r.Status, r.Raw)
		}
		don := validDonation()
		if r := e.call("POST", "/api/donations", don, tok); r.Status != 201 {
			t.Fatalf("donation: %d %s", r.Status, r.Raw)
		}
		cs, err := st.ConsentsOf(context.Background(), mustUserID(t, st, "me@example.org"))
		if err != nil || len(cs) != 2 {
			t.Fatalf("consents: %v %v", cs, err)
		}
		var volConsent, donConsent store.Consent
		for _, c := range cs {
			if c.NoticeVersion != entity.NoticeVersion || c.Language != "en" || c.Method != "online" || c.GivenAt.IsZero() {
				t.Errorf("consent record: %+v", c)
			}
			switch c.RecordTable {
			case "volunteers":
				volConsent = c
			case "donations":
				donConsent = c
			}
		}
		if e.count("consents") != 3 {
			t.Errorf("the visitor's contact message has no consent record: %d", e.count("consents"))
		}
		if r := e.call("POST", "/api/users/me/consents/"+volConsent.ID+"/withdraw", nil, otherTok); r.Status != 404 {
			t.Fatalf("someone else's consent: %d", r.Status)
		}
		if r := e.call("POST", "/api/users/me/consents/"+volConsent.ID+"/withdraw", nil, ""); r.Status != 401 {
			t.Fatalf("no session: %d", r.Status)
		}
		r := e.call("POST", "/api/users/me/consents/"+volConsent.ID+"/withdraw", nil, tok)
		if r.Status != 200 || e.count("volunteers") != 0 {
			t.Fatalf("withdraw: %d %s, %d volunteers", r.Status, r.Raw, e.count("volunteers"))
		}
		if c, _ := r.Body["consent"].(map[string]any); c["withdrawnAt"] == nil {
			t.Errorf("withdrawn consent: %s", r.Raw)
		}
		if r := e.call("POST", "/api/users/me/consents/"+volConsent.ID+"/withdraw", nil, tok); r.Status != 404 {
			t.Fatalf("second withdrawal: %d", r.Status)
		}
		if r := e.call("POST", "/api/users/me/consents/"+donConsent.ID+"/withdraw", nil, tok); r.Status != 200 || e.count("donations") != 1 ||
			!strings.Contains(r.message(), "ten years") {
			t.Fatalf("donation withdrawal: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/notices/volunteer", nil, ""); r.Status != 200 || r.Body["version"] != entity.NoticeVersion {
			t.Fatalf("notice: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/notices/nothing", nil, ""); r.Status != 404 {
			t.Fatalf("unknown notice: %d", r.Status)
		}
	})
}

// TestNominee: a name and an email or phone, checked; empty removes it;
// it is in the export.
func TestNominee(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		tok, _ := e.user("me@example.org", false)
		for _, c := range []struct {
			body  map[string]any
			field string
		}{
			{map[string]any{"name": "", "email": "son@example.org"}, "name"},
			{map[string]any{"name": "My Son"}, "email"},
			{map[string]any{"name": "My Son", "email": "not-an-email"}, "email"},
			{map[string]any{"name": "My Son", "phone": "12"}, "phone"},
		} {
			if r := e.call("PUT", "/api/users/me/nominee", c.body, tok); r.Status != 400 || r.fieldErrors()[c.field] == nil {
				t.Errorf("%v: %d %s", c.body, r.Status, r.Raw)
			}
		}
		if e.count("nominees") != 0 {
			t.Fatal("a refused nominee was saved")
		}
		if r := e.call("PUT", "/api/users/me/nominee", map[string]any{"name": "My Son"}, ""); r.Status != 401 {
			t.Fatalf("no session: %d", r.Status)
		}
		r := e.call("PUT", "/api/users/me/nominee", map[string]any{"name": "My Son", "email": "Son@Example.org", "phone": "+91 98765 11111"}, tok)
		if r.Status != 200 {
			t.Fatalf("save: %d %s", r.Status, r.Raw)
		}
		if x := e.call("GET", "/api/users/me/export", nil, tok); !strings.Contains(x.Raw, `"name":"My Son"`) {
			t.Fatalf("export: %s", x.Raw)
		}
		if r := e.call("PUT", "/api/users/me/nominee", map[string]any{"name": "", "email": "", "phone": ""}, tok); r.Status != 200 || e.count("nominees") != 0 {
			t.Fatalf("remove: %d %s", r.Status, r.Raw)
		}
	})
}

func mustUserID(t *testing.T, st *store.Store, email string) string {
	t.Helper()
	u, err := st.UserByEmail(context.Background(), email)
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}
