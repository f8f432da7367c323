package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// The person of the erasure tests: what must be found nowhere afterwards.
const (
	erName     = "Gopinatha Erasmus"
	erEmail    = "gopi.erasmus@example.org"
	erMobile   = "+91 98111 22334"
	erE164     = "+919811122334"
	erPassword = "Tulasi-garden-2025!"
)

// scanForPerson lists every table and text-like column of the database
// (from the database's own catalogue, so a table added later is scanned
// too) and returns "table.column" for each that holds one of needles,
// ignoring case.
func scanForPerson(t *testing.T, st *store.Store, needles ...string) []string {
	t.Helper()
	ctx := context.Background()
	q := st.Reader()
	type col struct{ table, column string }
	var cols []col
	catalogue := `SELECT m.name, p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table'`
	if st.Dialect() != store.SQLite {
		catalogue = `SELECT table_name, column_name FROM information_schema.columns
			WHERE table_schema = current_schema() AND data_type IN ('text', 'character varying', 'json', 'jsonb', 'bytea')`
	}
	rows, err := q.QueryContext(ctx, catalogue)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var c col
		if err := rows.Scan(&c.table, &c.column); err != nil {
			t.Fatal(err)
		}
		cols = append(cols, c)
	}
	rows.Close()
	if len(cols) < 50 {
		t.Fatalf("only %d columns found: the catalogue query is wrong", len(cols))
	}
	cast := "CAST(%s AS TEXT)"
	if st.Dialect() == store.Postgres {
		cast = "%s::text"
	}
	var found []string
	for _, c := range cols {
		for _, n := range needles {
			var k int
			expr := fmt.Sprintf(cast, `"`+c.column+`"`)
			err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM "`+c.table+`" WHERE lower(`+expr+`) LIKE ?`, "%"+strings.ToLower(n)+"%").Scan(&k)
			if err != nil {
				t.Fatalf("scan %s.%s: %v", c.table, c.column, err)
			}
			if k > 0 {
				found = append(found, c.table+"."+c.column+" ("+n+")")
			}
		}
	}
	return found
}

// TestDeleteAccountErasesEverywhere: an account with a volunteer form, a
// disciple registration, a contact message, a host offer, a donation, a
// reset link, sent mail and an admin's edit in the audit log is deleted by
// its owner; then no table or column holds the person's email, phone or
// name, except the donation kept by law, and the same email can register
// again.
func TestDeleteAccountErasesEverywhere(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withDonations())
		ctx := context.Background()
		if r := e.call("POST", "/api/users/register", map[string]any{"fullName": erName, "email": erEmail, "mobile": erMobile,
			"address": "7 Govinda Lane, Mayapur", "password": erPassword}, ""); r.Status != 201 {
			t.Fatalf("register: %d %s", r.Status, r.Raw)
		}
		login := e.call("POST", "/api/users/login", map[string]any{"identifier": erEmail, "password": erPassword}, "")
		tok, _ := login.Body["token"].(string)
		if tok == "" {
			t.Fatalf("login: %s", login.Raw)
		}
		// The owner proves the address, so what was sent signed out from
		// it is theirs too.
		e.verifyAddress(erEmail)
		// A reset link first: the acknowledgements below use up the address's mail for the day.
		if r := e.call("POST", "/api/users/forgot-password", map[string]any{"email": erEmail}, ""); r.Status != 200 {
			t.Fatalf("forgot: %d %s", r.Status, r.Raw)
		}
		// Someone else, whose data must survive.
		otherTok, _ := e.user("other.person@example.org", false)

		vol := validVolunteer()
		vol["fullName"], vol["email"], vol["mobile"] = erName, erEmail, erMobile
		if r := e.call("POST", "/api/volunteers/register", vol, tok); r.Status != 201 {
			t.Fatalf("volunteer: %d %s", r.Status, r.Raw)
		}
		dis := validDisciple()
		dis["fullName"], dis["discipleEmail"], dis["contactNumber"] = erName, erEmail, erMobile
		if r := e.call("POST", "/api/disciples/register", dis, tok); r.Status != 201 {
			t.Fatalf("disciple: %d %s", r.Status, r.Raw)
		}
		msg := validContact()
		msg["name"], msg["email"], msg["phone"] = erName, erEmail, erMobile
		if r := e.call("POST", "/api/contact", msg, tok); r.Status != 201 {
			t.Fatalf("contact: %d %s", r.Status, r.Raw)
		}
		// A form sent signed out from the same address is theirs too.
		e.ip = "192.0.2.11"
		msg["subject"] = "Another question"
		if r := e.call("POST", "/api/contact", msg, ""); r.Status != 201 {
			t.Fatalf("contact signed out: %d %s", r.Status, r.Raw)
		}
		otherVol := validVolunteer()
		otherVol["email"] = "other.person@example.org"
		if r := e.call("POST", "/api/volunteers/register", otherVol, otherTok); r.Status != 201 {
			t.Fatalf("other volunteer: %d %s", r.Status, r.Raw)
		}
		don := validDonation()
		don["donorName"], don["email"], don["phone"] = erName, erEmail, erMobile
		if r := e.call("POST", "/api/donations", don, tok); r.Status != 201 {
			t.Fatalf("donation: %d %s", r.Status, r.Raw)
		}
		// An admin's edit puts the person's data in the audit log.
		adminTok, _ := e.user("admin@spdc.example.org", true)
		users := e.call("GET", "/api/admin/users?q=erasmus", nil, adminTok)
		var uid string
		if err := jsonArrayFirstID(users.Raw, &uid); err != nil || uid == "" {
			t.Fatalf("admin users: %s", users.Raw)
		}
		if r := e.call("PUT", "/api/admin/users/"+uid, map[string]any{"address": "8 Govinda Lane, Mayapur", "__v": 0}, adminTok); r.Status != 200 {
			t.Fatalf("admin edit: %d %s", r.Status, r.Raw)
		}
		// The staff's note on their message and a reply to it hold their name and address.
		msgs := e.call("GET", "/api/admin/messages?q=erasmus", nil, adminTok)
		var msgID string
		if err := jsonArrayFirstID(msgs.Raw, &msgID); err != nil || msgID == "" {
			t.Fatalf("admin messages: %s", msgs.Raw)
		}
		if r := e.call("POST", "/api/admin/messages/"+msgID+"/notes", map[string]any{"body": "Called " + erName + " on " + erMobile}, adminTok); r.Status != 201 && r.Status != 200 {
			t.Fatalf("note: %d %s", r.Status, r.Raw)
		}
		if r := e.call("POST", "/api/admin/messages/"+msgID+"/replies", map[string]any{"body": "Dear " + erName + ", thank you."}, adminTok); r.Status != 201 && r.Status != 200 {
			t.Fatalf("reply: %d %s", r.Status, r.Raw)
		}
		e.mb.Deliver() // the mail is sent, so the outbox holds sent mail about them
		if found := scanForPerson(t, st, erEmail); len(found) < 8 {
			t.Fatalf("setup did not spread the data: %v", found)
		}

		// Refusals change nothing.
		if r := e.call("DELETE", "/api/users/me", map[string]any{"password": erPassword}, ""); r.Status != 401 {
			t.Fatalf("no session: %d", r.Status)
		}
		if r := e.call("DELETE", "/api/users/me", map[string]any{"password": "wrong-password-123"}, tok); r.Status != 400 || r.fieldErrors()["password"] == nil {
			t.Fatalf("wrong password: %d %s", r.Status, r.Raw)
		}
		if r := e.call("DELETE", "/api/users/me", map[string]any{}, tok); r.Status != 400 || r.fieldErrors()["password"] == nil {
			t.Fatalf("no password: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/users/me", nil, tok); r.Status != 200 {
			t.Fatalf("a refused delete ended the account: %d", r.Status)
		}
		if e.count("volunteers") != 2 || e.count("disciples") != 1 || e.count("messages") != 2 {
			t.Fatal("a refused delete erased submissions")
		}
		if r := e.call("DELETE", "/api/users/me", map[string]any{"password": erPassword}, adminTok); r.Status != 403 {
			t.Fatalf("admin self-delete: %d", r.Status)
		}

		if r := e.call("DELETE", "/api/users/me", map[string]any{"password": erPassword}, tok); r.Status != 204 {
			t.Fatalf("delete: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/users/me", nil, tok); r.Status != 401 {
			t.Fatalf("session still works: %d", r.Status)
		}

		var allowed, leaks []string
		for _, f := range scanForPerson(t, st, erEmail, erE164, erMobile, "98111 22334", erName) {
			if strings.HasPrefix(f, "donations.") {
				allowed = append(allowed, f)
			} else {
				leaks = append(leaks, f)
			}
		}
		if len(leaks) > 0 {
			t.Errorf("personal data left after erasure: %v", leaks)
		}
		if len(allowed) == 0 {
			t.Error("the donation kept by law is gone")
		}
		var userID *string
		var retained *int64
		if err := st.Reader().QueryRowContext(ctx, `SELECT user_id, retained_at FROM donations`).Scan(&userID, &retained); err != nil {
			t.Fatal(err)
		}
		if userID != nil || retained == nil {
			t.Errorf("kept donation: user %v, retained %v", userID, retained)
		}
		// The other person's data is untouched.
		if e.count("volunteers") != 1 || len(scanForPerson(t, st, "other.person@example.org")) == 0 {
			t.Error("the erasure touched another person's data")
		}
		// The audit log says an erasure happened, without the data.
		var n int
		if err := st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM audit_log WHERE action = 'erase' AND entity = 'users' AND entity_id = ?`, uid).Scan(&n); err != nil || n != 1 {
			t.Errorf("erasure record: %d %v", n, err)
		}
		if e.count("sessions") != 2 || e.count("password_resets") != 0 || e.count("disciple_tokens") != 0 {
			t.Errorf("sessions %d, resets %d, links %d", e.count("sessions"), e.count("password_resets"), e.count("disciple_tokens"))
		}
		// The same email can register again.
		if r := e.call("POST", "/api/users/register", map[string]any{"fullName": erName, "email": erEmail, "mobile": erMobile,
			"password": erPassword}, ""); r.Status != 201 {
			t.Fatalf("register again: %d %s", r.Status, r.Raw)
		}
	})
}

// TestAdminDeleteErases: an admin deleting a submission or a person erases
// them the same way: no copy in the audit log or the mail.
func TestAdminDeleteErases(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, notifying("office@spdc.example.org"))
		adminTok, _ := e.user("admin@spdc.example.org", true)
		vol := validVolunteer()
		vol["fullName"], vol["email"], vol["mobile"] = erName, erEmail, erMobile
		r := e.call("POST", "/api/volunteers/register", vol, "")
		if r.Status != 201 {
			t.Fatalf("volunteer: %d %s", r.Status, r.Raw)
		}
		v, _ := r.Body["volunteer"].(map[string]any)
		id, _ := v["_id"].(string)
		e.mb.Deliver()
		if r := e.call("PUT", "/api/admin/volunteers/"+id, map[string]any{"skills": "Cooking for " + erName, "__v": 0}, adminTok); r.Status != 200 {
			t.Fatalf("edit: %d %s", r.Status, r.Raw)
		}
		if r := e.call("DELETE", "/api/admin/volunteers/"+id, nil, adminTok); r.Status != 200 {
			t.Fatalf("delete: %d %s", r.Status, r.Raw)
		}
		if found := scanForPerson(t, st, erEmail, erE164, erName); len(found) > 0 {
			t.Errorf("left after an admin's delete: %v", found)
		}
		var actor string
		if err := st.Reader().QueryRowContext(context.Background(), `SELECT actor_email FROM audit_log WHERE action = 'erase' AND entity_id = ?`, id).Scan(&actor); err != nil || actor != "admin@spdc.example.org" {
			t.Errorf("erasure record: %q %v", actor, err)
		}

		// A person, by an admin.
		_, uid := e.user(erEmail, false)
		if r := e.call("DELETE", "/api/admin/users/"+uid, nil, adminTok); r.Status != 200 {
			t.Fatalf("delete user: %d %s", r.Status, r.Raw)
		}
		if found := scanForPerson(t, st, erEmail); len(found) > 0 {
			t.Errorf("left after an admin's delete of the person: %v", found)
		}
	})
}

// jsonArrayFirstID reads the _id of the first record of a JSON array.
func jsonArrayFirstID(raw string, id *string) error {
	var list []map[string]any
	if err := json.Unmarshal([]byte(raw), &list); err != nil {
		return err
	}
	if len(list) > 0 {
		*id, _ = list[0]["_id"].(string)
	}
	return nil
}
