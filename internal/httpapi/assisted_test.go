package httpapi

import (
	"context"
	"fmt"
	"testing"
	"time"

	"spdc/internal/auth"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

func onBehalfOf(method string) map[string]any {
	return map[string]any{"consentMethod": method, "witnessName": "Madhava Das", "witnessContact": "+91 98765 43210", "noticeLanguage": "hi"}
}

// TestAssisted: a signed-in helper sends forms for an elder; the consent
// record says how the elder consented, with the witness and the notice's
// language; bad details are refused field by field and save nothing; the
// helper lists what they sent for others; an admin records a guardian's
// order only where a guardian consented.
func TestAssisted(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := newEnv(t, st)
		helper, helperID := e.user("helper@example.org", true)
		admin := helper
		other, _ := e.user("other@example.org", false)

		msg := validContact()
		msg["onBehalf"] = onBehalfOf("thumbprint")
		if r := e.call("POST", "/api/contact", msg, ""); r.Status != 400 || r.Body["errors"].(map[string]any)["onBehalf"] == nil {
			t.Fatalf("signed out: %d %s", r.Status, r.Raw)
		}
		bad := map[string]map[string]any{
			"onBehalf.consentMethod":  {"consentMethod": "nodded", "witnessName": "Madhava Das", "witnessContact": "+91 98765 43210", "noticeLanguage": "hi"},
			"onBehalf.witnessName":    {"consentMethod": "spoken", "witnessName": " ", "witnessContact": "+91 98765 43210", "noticeLanguage": "hi"},
			"onBehalf.witnessContact": {"consentMethod": "spoken", "witnessName": "Madhava Das", "witnessContact": "call me", "noticeLanguage": "hi"},
			"onBehalf.noticeLanguage": {"consentMethod": "spoken", "witnessName": "Madhava Das", "witnessContact": "m@example.org", "noticeLanguage": "fr"},
		}
		n := 0
		for field, ob := range bad {
			n++
			e.ip = fmt.Sprintf("192.0.2.%d", 40+n)
			msg["onBehalf"] = ob
			r := e.call("POST", "/api/contact", msg, helper)
			if errs, _ := r.Body["errors"].(map[string]any); r.Status != 400 || errs[field] == nil {
				t.Errorf("%s: %d %s", field, r.Status, r.Raw)
			}
		}
		e.ip = "192.0.2.50"
		msg["onBehalf"] = "spoken"
		if r := e.call("POST", "/api/contact", msg, helper); r.Status != 400 {
			t.Errorf("not an object: %d %s", r.Status, r.Raw)
		}
		vol := validVolunteer()
		vol["onBehalf"] = onBehalfOf("spoken")
		if r := e.call("POST", "/api/volunteers/register", vol, helper); r.Status != 400 || r.Body["errors"].(map[string]any)["onBehalf"] == nil {
			t.Errorf("volunteer for someone else: %d %s", r.Status, r.Raw)
		}
		if n := e.count("messages") + e.count("volunteers") + e.count("consents"); n != 0 {
			t.Fatalf("refused forms saved %d rows", n)
		}

		e.ip = "192.0.2.51"
		msg["onBehalf"] = onBehalfOf("thumbprint")
		if r := e.call("POST", "/api/contact", msg, helper); r.Status != 201 {
			t.Fatalf("contact for an elder: %d %s", r.Status, r.Raw)
		}
		e.ip = "192.0.2.30"
		host := validHost()
		host["onBehalf"] = onBehalfOf("guardian")
		if r := e.call("POST", "/api/hosts/register", host, helper); r.Status != 201 {
			t.Fatalf("host for an elder: %d %s", r.Status, r.Raw)
		}
		var method, lang string
		if err := st.Reader().QueryRowContext(ctx, `SELECT method, language FROM consents WHERE record_table = 'messages'`).Scan(&method, &lang); err != nil || method != "thumbprint" || lang != "hi" {
			t.Fatalf("consent record: %s %s %v", method, lang, err)
		}

		r := e.call("GET", "/api/users/me/assisted", nil, helper)
		list, _ := r.Body["assisted"].([]any)
		if r.Status != 200 || len(list) != 2 {
			t.Fatalf("helper's list: %d %s", r.Status, r.Raw)
		}
		var guardianID, thumbID string
		for _, x := range list {
			a := x.(map[string]any)
			if a["witnessName"] != "Madhava Das" || a["witnessContact"] != "+919876543210" || a["helper"] != "helper@example.org" || a["ref"] == "" {
				t.Errorf("entry: %v", a)
			}
			switch a["consentMethod"] {
			case "guardian":
				guardianID = a["_id"].(string)
				if a["guardianOrderNeeded"] != true {
					t.Error("a guardian's consent without an order is not flagged")
				}
			case "thumbprint":
				thumbID = a["_id"].(string)
			}
		}
		if r := e.call("GET", "/api/users/me/assisted", nil, other); len(r.Body["assisted"].([]any)) != 0 {
			t.Errorf("another person sees the helper's list: %s", r.Raw)
		}

		order := map[string]any{"name": "Shyam Sundar", "authority": "District Court, Mathura", "orderRef": "GW/112/2025", "orderDate": "2025-01-15"}
		if r := e.call("PUT", "/api/admin/assisted/"+guardianID+"/guardian", order, other); r.Status != 403 {
			t.Errorf("non-admin: %d", r.Status)
		}
		if r := e.call("PUT", "/api/admin/assisted/"+thumbID+"/guardian", order, admin); r.Status != 409 {
			t.Errorf("order on the elder's own consent: %d %s", r.Status, r.Raw)
		}
		for field, v := range map[string]any{"name": "", "authority": " ", "orderRef": "", "orderDate": "2099-01-01"} {
			o := map[string]any{}
			for k, x := range order {
				o[k] = x
			}
			o[field] = v
			r := e.call("PUT", "/api/admin/assisted/"+guardianID+"/guardian", o, admin)
			if errs, _ := r.Body["errors"].(map[string]any); r.Status != 400 || errs[field] == nil {
				t.Errorf("guardian %s: %d %s", field, r.Status, r.Raw)
			}
		}
		r = e.call("PUT", "/api/admin/assisted/"+guardianID+"/guardian", order, admin)
		g, _ := r.Body["assisted"].(map[string]any)
		if r.Status != 200 || g["guardianOrderNeeded"] != false || g["guardian"].(map[string]any)["recordedBy"] != "helper@example.org" {
			t.Fatalf("guardian order: %d %s", r.Status, r.Raw)
		}
		_ = helperID
	})
}

// TestAssistedStandIn: an elder with no phone or email of their own is
// registered through each assisted form by a signed-in helper; the
// helper's mobile and email stand in for the empty contact fields, the
// consent method and witness are recorded, and the acknowledgement goes
// to the helper. Without the "on behalf" part the same empty fields are
// still refused, and nothing is saved.
func TestAssistedStandIn(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := newEnv(t, st, withDonations())
		u := &store.User{FullName: "Gita Helper", Email: "gita@example.org", Mobile: "+919812345678", PasswordHash: "argon2id$secret-hash"}
		if err := st.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		helper := "tok-" + u.ID
		if err := st.CreateSession(ctx, auth.HashToken(helper), u.ID, time.Now().Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		cases := []struct {
			path, table, phoneCol, emailCol string
			body                            map[string]any
		}{
			{"/api/disciples/register", "disciples", "contact_number", "disciple_email", validDisciple()},
			{"/api/hosts/register", "hosts", "contact_number", "email", validHost()},
			{"/api/contact", "messages", "phone", "email", validContact()},
			{"/api/donations", "donations", "phone", "email", validDonation()},
		}
		for i, c := range cases {
			keys := standInFields[c.table]
			c.body[keys[0]], c.body[keys[1]] = "", ""
			e.ip = fmt.Sprintf("192.0.2.%d", 60+i)
			r := e.call("POST", c.path, c.body, helper)
			errs, _ := r.Body["errors"].(map[string]any)
			if r.Status != 400 || (errs[keys[0]] == nil && errs[keys[1]] == nil) {
				t.Errorf("%s without contact and not on behalf: %d %s", c.table, r.Status, r.Raw)
			}
			c.body["onBehalf"] = onBehalfOf("thumbprint")
			if r := e.call("POST", c.path, c.body, helper); r.Status != 201 {
				t.Fatalf("%s on behalf of an elder with no contact: %d %s", c.table, r.Status, r.Raw)
			}
			var phone, email string
			q := "SELECT COALESCE(" + c.phoneCol + ", ''), COALESCE(" + c.emailCol + ", '') FROM " + c.table + " ORDER BY created_at DESC LIMIT 1"
			if err := st.Reader().QueryRowContext(ctx, q).Scan(&phone, &email); err != nil {
				t.Fatal(err)
			}
			if phone != u.Mobile || email != u.Email {
				t.Errorf("%s: the helper's details did not stand in: %q %q", c.table, phone, email)
			}
			var method, witness string
			if err := st.Reader().QueryRowContext(ctx, `SELECT c.method, a.witness_name FROM consents c JOIN assisted_consents a ON a.consent_id = c.id
				WHERE c.record_table = ?`, c.table).Scan(&method, &witness); err != nil || method != "thumbprint" || witness != "Madhava Das" {
				t.Errorf("%s consent: %q %q %v", c.table, method, witness, err)
			}
		}
		acks := 0
		for _, m := range e.mails(u.Email) {
			if m.Kind == "acknowledgement" {
				acks++
			}
		}
		if acks != len(cases) {
			t.Errorf("the helper got %d acknowledgements, want %d", acks, len(cases))
		}
	})
}
