package httpapi

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// snapshot reads every row of every table (listed from the database's own
// catalogue, so a table added later is compared too) as text, keyed by
// table. The search machinery and the throttle, which change with any
// request, are left out.
func snapshot(t *testing.T, st *store.Store) map[string]map[string]bool {
	t.Helper()
	ctx := context.Background()
	q := st.Reader()
	listSQL := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`
	if st.Dialect() == store.Postgres {
		listSQL = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`
	}
	tables, err := queryStrings(q, listSQL)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]bool{}
	for _, table := range tables {
		if strings.Contains(table, "search") || strings.Contains(table, "throttle") || table == "schema_migrations" {
			continue
		}
		rows, err := q.QueryContext(ctx, `SELECT * FROM "`+table+`"`)
		if err != nil {
			t.Fatalf("read %s: %v", table, err)
		}
		cols, _ := rows.Columns()
		set := map[string]bool{}
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			parts := make([]string, len(vals))
			for i, v := range vals {
				if b, ok := v.([]byte); ok {
					v = string(b)
				}
				parts[i] = fmt.Sprint(v)
			}
			set[strings.Join(parts, "|")] = true
		}
		rows.Close()
		out[table] = set
	}
	if len(out) < 20 {
		t.Fatalf("only %d tables found: the catalogue query is wrong", len(out))
	}
	return out
}

func queryStrings(q store.Querier, query string, args ...any) ([]string, error) {
	rows, err := q.QueryContext(context.Background(), query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// changedRows lists the rows of before that are gone or changed after,
// and the rows new after, outside the tables in skip.
func changedRows(before, after map[string]map[string]bool) (gone, added []string) {
	for table, rows := range before {
		for r := range rows {
			if !after[table][r] {
				gone = append(gone, table+": "+r)
			}
		}
	}
	for table, rows := range after {
		for r := range rows {
			if !before[table][r] {
				added = append(added, table+": "+r)
			}
		}
	}
	sort.Strings(gone)
	sort.Strings(added)
	return gone, added
}

// mentionsAny reports whether row holds one of the identifiers.
func mentionsAny(row string, ids []string) bool {
	for _, id := range ids {
		if id != "" && strings.Contains(row, id) {
			return true
		}
	}
	return false
}

// identityWorld fills the database with other people's data whose text
// holds the words a careless erasure would match: an admin whose address
// ends in e.org, a receipt entry with receivedOn, acknowledgements
// ("received your") still queued because mail is down, audit entries
// with an "email" key.
func identityWorld(t *testing.T, e *env) (adminTok string) {
	t.Helper()
	adminTok, adminID := e.user("admin@spdc.example.org", true)
	for i, who := range []string{"asha@example.net", "bhima@example.net", "chaitanya@example.net"} {
		e.ip = fmt.Sprintf("192.0.2.%d", 40+i)
		vol := validVolunteer()
		vol["email"], vol["fullName"] = who, "Other Person "+who[:4]
		vol["mobile"] = fmt.Sprintf("+91 98200 000%02d", i)
		r := e.call("POST", "/api/volunteers/register", vol, "")
		if r.Status != 201 {
			t.Fatalf("volunteer: %d %s", r.Status, r.Raw)
		}
		v, _ := r.Body["volunteer"].(map[string]any)
		id, _ := v["_id"].(string)
		msg := validContact()
		msg["email"], msg["name"] = who, "Other Person "+who[:4]
		if r := e.call("POST", "/api/contact", msg, ""); r.Status != 201 {
			t.Fatalf("contact: %d %s", r.Status, r.Raw)
		}
		// The admin's edit: an audit entry with the admin's address as actor
		// and the record's fields, "email" among them.
		if r := e.call("PUT", "/api/admin/volunteers/"+id, map[string]any{"skills": "Kirtan and cooking", "__v": 0}, adminTok); r.Status != 200 {
			t.Fatalf("admin edit: %d %s", r.Status, r.Raw)
		}
	}
	// A receipt issued for someone else's gift, as the audit log keeps it.
	if err := e.st.InTx(context.Background(), func(tx *store.Tx) error {
		return store.WriteAudit(context.Background(), tx, store.AuditEntry{Actor: store.Actor{ID: adminID, Email: "admin@spdc.example.org"},
			Action: "issue-receipt", Entity: "donations", EntityID: "0000000000000000000000aa",
			Before: map[string]any{}, After: map[string]any{"receivedOn": "2025-02-21", "email": "donor@example.net"}}, e.clock)
	}); err != nil {
		t.Fatal(err)
	}
	return adminTok
}

// TestErasureActsOnIdentityNeverText: people named e.org, receivedOn,
// "received your" and email delete their accounts, and an admin deletes a
// message from a sender named email; every row of every table that
// changes names the erased person's account, records or address. No one
// else's audit entry, queued mail or record changes.
func TestErasureActsOnIdentityNeverText(t *testing.T) {
	for _, name := range []string{"e.org", "receivedOn", "received your", "email"} {
		t.Run(strings.ReplaceAll(name, " ", "_"), func(t *testing.T) {
			storetest.Run(t, func(t *testing.T, st *store.Store) {
				e := newEnv(t, st, notifying("office@spdc.example.org"))
				adminTok := identityWorld(t, e)
				e.ip = "192.0.2.90"
				email := "the.person@example.com"
				tok := e.registerAndLogin(name, email, erPassword)
				e.verifyAddress(email)
				msg := validContact()
				msg["email"], msg["name"] = email, name
				r := e.call("POST", "/api/contact", msg, tok)
				if r.Status != 201 {
					t.Fatalf("contact: %d %s", r.Status, r.Raw)
				}
				me := e.call("GET", "/api/users/me", nil, tok)
				uid, _ := me.Body["_id"].(string)
				ids := []string{uid, email}
				for _, table := range []string{"messages", "volunteers", "disciples", "hosts", "grievances"} {
					got, err := queryStrings(st.Reader(), `SELECT id FROM `+table+` WHERE user_id = ?`, uid)
					if err != nil {
						t.Fatal(err)
					}
					ids = append(ids, got...)
				}
				refs, _ := queryStrings(st.Reader(), `SELECT ref FROM messages WHERE user_id = ?`, uid)
				ids = append(ids, refs...)
				msgs := e.call("GET", "/api/admin/messages?q="+email, nil, adminTok)
				var msgID string
				if err := jsonArrayFirstID(msgs.Raw, &msgID); err != nil || msgID == "" {
					t.Fatalf("admin messages: %s", msgs.Raw)
				}
				if r := e.call("PUT", "/api/admin/messages/"+msgID, map[string]any{"status": "answered", "__v": 0}, adminTok); r.Status != 200 {
					t.Fatalf("admin edit: %d %s", r.Status, r.Raw)
				}
				mailIDs, _ := queryStrings(st.Reader(), `SELECT id FROM outbox WHERE lower(to_addr) = ? OR about_id IN (?, ?) OR link_ref = ?`, email, msgID, refs[0], uid)
				ids = append(ids, mailIDs...)

				before := snapshot(t, st)
				if r := e.call("DELETE", "/api/users/me", map[string]any{"password": erPassword}, tok); r.Status != 204 {
					t.Fatalf("delete: %d %s", r.Status, r.Raw)
				}
				gone, added := changedRows(before, snapshot(t, st))
				for _, row := range gone {
					if !mentionsAny(row, ids) {
						t.Errorf("the erasure of %q changed another person's row: %s", name, row)
					}
				}
				for _, row := range added {
					if strings.HasPrefix(row, "audit_log: ") && strings.Contains(row, "|erase|") && strings.Contains(row, uid) {
						continue
					}
					if mentionsAny(row, ids) && !strings.Contains(row, email) {
						continue // the person's own rows, their data removed
					}
					t.Errorf("the erasure of %q added or changed: %s", name, row)
				}
				if len(gone) == 0 {
					t.Fatal("the erasure changed nothing")
				}
			})
		})
	}
}

// TestAdminDeleteMessageClearsOnlyItsEntries: an admin deleting a message
// from a sender named "email" clears the audit entries of that message
// id and its mail, and nothing else.
func TestAdminDeleteMessageClearsOnlyItsEntries(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, notifying("office@spdc.example.org"))
		adminTok := identityWorld(t, e)
		e.ip = "192.0.2.91"
		msg := validContact()
		msg["email"], msg["name"] = "spammer@example.com", "email"
		if r := e.call("POST", "/api/contact", msg, ""); r.Status != 201 {
			t.Fatalf("contact: %d %s", r.Status, r.Raw)
		}
		ids, _ := queryStrings(st.Reader(), `SELECT id FROM messages WHERE email = 'spammer@example.com'`)
		refs, _ := queryStrings(st.Reader(), `SELECT ref FROM messages WHERE email = 'spammer@example.com'`)
		if len(ids) != 1 {
			t.Fatalf("message: %v", ids)
		}
		if r := e.call("PUT", "/api/admin/messages/"+ids[0], map[string]any{"status": "closed", "__v": 0}, adminTok); r.Status != 200 {
			t.Fatalf("admin edit: %d %s", r.Status, r.Raw)
		}
		mailIDs, _ := queryStrings(st.Reader(), `SELECT id FROM outbox WHERE about_id IN (?, ?)`, ids[0], refs[0])
		if len(mailIDs) < 2 {
			t.Fatalf("the thank-you and the office's copy should name the message: %v", mailIDs)
		}
		all := append(append(ids, refs...), mailIDs...)
		before := snapshot(t, st)
		if r := e.call("DELETE", "/api/admin/messages/"+ids[0], nil, adminTok); r.Status != 200 {
			t.Fatalf("delete: %d %s", r.Status, r.Raw)
		}
		gone, added := changedRows(before, snapshot(t, st))
		for _, row := range gone {
			if !mentionsAny(row, all) {
				t.Errorf("deleting the message changed another row: %s", row)
			}
		}
		for _, row := range added {
			if !mentionsAny(row, all) || strings.Contains(row, "spammer@example.com") {
				t.Errorf("deleting the message added or left: %s", row)
			}
		}
		if found := scanForPerson(t, st, "spammer@example.com"); len(found) > 0 {
			t.Errorf("left after the delete: %v", found)
		}
	})
}

// TestUnverifiedAccountReachesNothingItDidNotMake: a visitor sends a
// contact message, a volunteer form and a disciple registration signed
// out with victim@example.net, whose address is also a temple president's
// in the referrer directory; someone registers an account with that
// address without proving it. Their submissions, donations and export
// show none of the victim's records, and deleting the account erases
// none of them and leaves the directory as it was. Once the real owner
// proves the address, the records are theirs.
func TestUnverifiedAccountReachesNothingItDidNotMake(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withDonations())
		ctx := context.Background()
		victim := "victim@example.net"
		adminTok, adminID := e.user("admin@spdc.example.org", true)
		_ = adminTok
		if err := st.InTx(ctx, func(tx *store.Tx) error {
			return store.AddReferrer(ctx, tx, &store.Referrer{Name: "Keshava Swami", Position: "Temple president", Temple: "Mayapur",
				Email: victim}, store.Actor{ID: adminID, Email: "admin@spdc.example.org"}, e.clock)
		}); err != nil {
			t.Fatal(err)
		}
		msg := validContact()
		msg["email"], msg["name"] = victim, "Victim Person"
		if r := e.call("POST", "/api/contact", msg, ""); r.Status != 201 {
			t.Fatalf("contact: %d %s", r.Status, r.Raw)
		}
		vol := validVolunteer()
		vol["email"], vol["fullName"] = victim, "Victim Person"
		if r := e.call("POST", "/api/volunteers/register", vol, ""); r.Status != 201 {
			t.Fatalf("volunteer: %d %s", r.Status, r.Raw)
		}
		dis := validDisciple()
		dis["discipleEmail"], dis["fullName"] = victim, "Victim Person"
		if r := e.call("POST", "/api/disciples/register", dis, ""); r.Status != 201 {
			t.Fatalf("disciple: %d %s", r.Status, r.Raw)
		}
		don := validDonation()
		don["email"], don["donorName"] = victim, "Victim Person"
		if r := e.call("POST", "/api/donations", don, ""); r.Status != 201 {
			t.Fatalf("donation: %d %s", r.Status, r.Raw)
		}

		e.ip = "203.0.113.66"
		attacker := e.registerAndLogin("Not The Victim", victim, erPassword)
		if e.emailVerified(attacker) {
			t.Fatal("an unproved address counts as verified")
		}
		if r := e.call("GET", "/api/users/me/submissions", nil, attacker); r.Status != 200 || strings.Contains(r.Raw, "Victim Person") {
			t.Fatalf("the unverified account sees the victim's submissions: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/users/me/donations", nil, attacker); r.Status != 200 || strings.Contains(r.Raw, "Victim Person") {
			t.Fatalf("the unverified account sees the victim's donation: %d %s", r.Status, r.Raw)
		}
		for _, format := range []string{"json", "html"} {
			r := e.call("GET", "/api/users/me/export?format="+format, nil, attacker)
			if r.Status != 200 || strings.Contains(r.Raw, "Victim Person") || strings.Contains(r.Raw, "Keshava") {
				t.Fatalf("the unverified account's %s export holds the victim's data: %d %s", format, r.Status, r.Raw)
			}
		}
		before := snapshot(t, st)
		if r := e.call("DELETE", "/api/users/me", map[string]any{"password": erPassword}, attacker); r.Status != 204 {
			t.Fatalf("delete: %d %s", r.Status, r.Raw)
		}
		after := snapshot(t, st)
		for _, table := range []string{"messages", "volunteers", "disciples", "donations", "referrers", "consents", "disciple_tokens"} {
			if fmt.Sprint(before[table]) != fmt.Sprint(after[table]) {
				t.Errorf("erasing the unverified account changed %s", table)
			}
		}
		if e.count("referrers") != 1 {
			t.Error("the temple president left the directory")
		}

		// The real owner proves the address: now the records are theirs.
		e.ip = "192.0.2.12"
		owner := e.registerAndLogin("Victim Person", victim, "Owner-garden-2025!")
		e.verifyAddress(victim)
		if r := e.call("GET", "/api/users/me/submissions", nil, owner); r.Status != 200 || strings.Count(r.Raw, "Victim Person") < 2 {
			t.Fatalf("the verified owner does not see their submissions: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/users/me/donations", nil, owner); r.Status != 200 || !strings.Contains(r.Raw, "Victim Person") {
			t.Fatalf("the verified owner does not see their donation: %d %s", r.Status, r.Raw)
		}
		r := e.call("GET", "/api/users/me/export", nil, owner)
		if r.Status != 200 || !strings.Contains(r.Raw, "Keshava Swami") || !strings.Contains(r.Raw, "Victim Person") {
			t.Fatalf("the verified owner's export lacks their records: %d %s", r.Status, r.Raw)
		}
		// Their erasure takes their records but leaves the directory to the admins.
		if r := e.call("DELETE", "/api/users/me", map[string]any{"password": "Owner-garden-2025!"}, owner); r.Status != 204 {
			t.Fatalf("owner delete: %d %s", r.Status, r.Raw)
		}
		if e.count("messages") != 0 || e.count("volunteers") != 0 || e.count("disciples") != 0 || e.count("referrers") != 1 {
			t.Errorf("after the owner's erasure: %d messages, %d volunteers, %d disciples, %d referrers",
				e.count("messages"), e.count("volunteers"), e.count("disciples"), e.count("referrers"))
		}
		var after2 string
		if err := st.Reader().QueryRowContext(ctx, `SELECT after_json FROM audit_log WHERE action = 'erase' ORDER BY created_at DESC, id DESC LIMIT 1`).Scan(&after2); err != nil ||
			!strings.Contains(after2, `"referrerEntriesToReview":1`) {
			t.Errorf("the erasure record does not ask for the directory entry's review: %s %v", after2, err)
		}
	})
}
