package httpapi

import (
	"context"
	"sort"
	"strings"
	"testing"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// exportedTables are the tables that hold data about a person, each with
// the query (its one argument the account's id) that finds that person's
// rows by a value the export must carry. My Data's export must hold every
// one of them.
var exportedTables = map[string]string{
	"users":            `SELECT id FROM users WHERE id = ?`,
	"volunteers":       `SELECT id FROM volunteers WHERE user_id = ?`,
	"disciples":        `SELECT id FROM disciples WHERE user_id = ?`,
	"hosts":            `SELECT id FROM hosts WHERE user_id = ?`,
	"messages":         `SELECT id FROM messages WHERE user_id = ?`,
	"donations":        `SELECT id FROM donations WHERE user_id = ?`,
	"grievances":       `SELECT id FROM grievances WHERE user_id = ?`,
	"consents":         `SELECT id FROM consents WHERE user_id = ?`,
	"nominees":         `SELECT name FROM nominees WHERE user_id = ?`,
	"staff_notes":      `SELECT body FROM staff_notes WHERE record_id IN (SELECT id FROM messages WHERE user_id = ?)`,
	"outbox":           `SELECT id FROM outbox WHERE lower(to_addr) = (SELECT lower(email) FROM users WHERE id = ?)`,
	"audit_log":        `SELECT id FROM audit_log WHERE entity_id IN (SELECT id FROM messages WHERE user_id = ?)`,
	"subscribers":      `SELECT id FROM subscribers WHERE lower(email) = (SELECT lower(email) FROM users WHERE id = ?)`,
	"referrers":        `SELECT id FROM referrers WHERE lower(email) = (SELECT lower(email) FROM users WHERE id = ?)`,
	"care_records":     `SELECT id FROM care_records WHERE disciple_id IN (SELECT id FROM disciples WHERE user_id = ?)`,
	"care_assessments": `SELECT id FROM care_assessments WHERE record_id IN (SELECT id FROM disciples WHERE user_id = ?)`,
	"care_needs":       `SELECT service FROM care_needs WHERE record_id IN (SELECT id FROM disciples WHERE user_id = ?)`,
	"care_actions":     `SELECT id FROM care_actions WHERE record_id IN (SELECT id FROM disciples WHERE user_id = ?)`,
	"care_contacts":    `SELECT summary FROM care_contacts WHERE record_id IN (SELECT id FROM disciples WHERE user_id = ?)`,
	"care_payments":    `SELECT description FROM care_payments WHERE record_id IN (SELECT id FROM disciples WHERE user_id = ?)`,
}

// notExported are the other tables, each with why the export leaves it
// out. A table added later fails the test until it is put in one list.
var notExported = map[string]string{
	"sessions":                "sign-in tokens, stored only as hashes: nothing readable about the person",
	"password_resets":         "one-time links, stored only as hashes",
	"email_verifications":     "one-time links, stored only as hashes, and the address, which is the account's",
	"disciple_tokens":         "one-time confirmation links, stored only as hashes",
	"setup_links":             "the first admin's one-time link, stored only as a hash",
	"outbox_attachments":      "receipt PDFs, sealed; the person downloads their receipts from My donations",
	"staff_replies":           "the staff's replies are mail to the person, listed under mail",
	"unsubscribes":            "an opt-out: the address alone, which the export names as the account's",
	"assisted_consents":       "the consent of an elder helped by the person: data about the elder, listed in Sent for others",
	"staff_prefs":             "an admin's notification choices: the staff's working state",
	"staff_seen":              "when an admin last opened a tab: the staff's working state",
	"breaches":                "the program's record of a breach; the notice to each person is mail",
	"breach_checks":           "the breach checklist of the program",
	"throttle_events":         "hashed keys of rate limits, never an address",
	"throttle_log":            "hashed keys of rate limits, never an address",
	"media":                   "the site's pictures and videos",
	"media_files":             "the site's pictures and videos",
	"site_items":              "the site's own content",
	"site_settings":           "the site's settings",
	"site_settings_languages": "the site's settings",
	"receipt_counters":        "receipt numbers of each year",
	"bank_import_mapping":     "the bank statement columns an admin chose",
	"signing_keys":            "the receipts' signing keys",
	"search_changes":          "the search indexer's queue of row ids",
	"search_file":             "which search index file belongs to the database",
	"schema_migrations":       "the schema's version",
	"unsubscribe_links":       "unsubscribe links, stored only as hashes, and the address, which is the account's",
	"access_log":              "the staff's looks at records: the export lists the roles and times of looks at the person's records (staffLooks), never who looked",
	"user_roles":              "a member of staff's roles: their permissions at work, shown in My Account and the Staff view",
	"ops_alerts":              "the site's operating alerts (mail failing, backups, disk, certificate)",
	"two_step":                "a member of staff's two-step sign-in: the authenticator's secret, sealed; a key to the account, never handed out",
	"two_step_recovery":       "hashes of one-time recovery codes: keys to the account, never handed out",
	"two_step_challenges":     "sign-ins waiting for their code for a few minutes, kept only as hashes",
	"two_step_required":       "the day two-step sign-in came into use on the site; about no one",
	"care_partners":           "the program's directory of hospitals, doctors, guest houses and temples: organisations, not the person",
	"care_fund_locks":         "a counter per fund that serialises payments: no person",
	"care_host_locks":         "a counter per host offer that serialises the stays planned with it: no person",
	"care_published_years":    "a year's published figures: counts and sums, no person",
	"care_served":             "the years in which a care record was served, kept for the report's count: drawn from the contacts, assessments and payments the export holds, and gone with the record",
}

// TestExportHoldsEveryPersonalTable walks every table of the schema: each
// is either one that holds data about a person, whose rows for a person
// with a record in every one of them must all be in their export (JSON,
// and the readable page), or one the export leaves out for a stated
// reason. A new table fails until it is put in one list.
func TestExportHoldsEveryPersonalTable(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withDonations())
		ctx := context.Background()
		listSQL := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%search%'`
		if st.Dialect() == store.Postgres {
			listSQL = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name NOT LIKE '%search%'`
		}
		tables, err := queryStrings(st.Reader(), listSQL)
		if err != nil {
			t.Fatal(err)
		}
		var unknown []string
		for _, table := range tables {
			if _, ok := exportedTables[table]; ok {
				continue
			}
			if _, ok := notExported[table]; !ok {
				unknown = append(unknown, table)
			}
		}
		sort.Strings(unknown)
		if len(unknown) > 0 {
			t.Fatalf("tables neither exported nor explained: %v (add each to exportedTables or notExported)", unknown)
		}

		adminTok, adminID := e.user("admin@spdc.example.org", true)
		email := "walker@example.org"
		tok := e.registerAndLogin("Walker Person", email, erPassword)
		e.verifyAddress(email)
		me := e.call("GET", "/api/users/me", nil, tok)
		uid, _ := me.Body["_id"].(string)
		forms := []struct {
			path string
			body map[string]any
		}{
			{"/api/volunteers/register", validVolunteer()},
			{"/api/disciples/register", validDisciple()},
			{"/api/hosts/register", validHost()},
			{"/api/contact", validContact()},
			{"/api/donations", validDonation()},
			{"/api/grievances", validGrievance()},
		}
		for _, f := range forms {
			if r := e.call("POST", f.path, f.body, tok); r.Status != 201 {
				t.Fatalf("%s: %d %s", f.path, r.Status, r.Raw)
			}
		}
		if r := e.call("POST", "/api/subscribers", map[string]any{"email": email}, ""); r.Status != 200 && r.Status != 201 {
			t.Fatalf("subscribe: %d %s", r.Status, r.Raw)
		}
		if r := e.call("PUT", "/api/users/me/nominee", map[string]any{"name": "Nominee Walker", "email": "nominee@example.org"}, tok); r.Status != 200 {
			t.Fatalf("nominee: %d %s", r.Status, r.Raw)
		}
		if err := st.InTx(ctx, func(tx *store.Tx) error {
			return store.AddReferrer(ctx, tx, &store.Referrer{Name: "Walker Person", Position: "Temple president", Temple: "Puri", Email: email},
				store.Actor{ID: adminID, Email: "admin@spdc.example.org"}, e.clock)
		}); err != nil {
			t.Fatal(err)
		}
		msgIDs, _ := queryStrings(st.Reader(), `SELECT id FROM messages WHERE user_id = ?`, uid)
		if len(msgIDs) != 1 {
			t.Fatalf("messages: %v", msgIDs)
		}
		if r := e.call("POST", "/api/admin/messages/"+msgIDs[0]+"/notes", map[string]any{"body": "Walker asked twice about prasadam"}, adminTok); r.Status != 201 && r.Status != 200 {
			t.Fatalf("note: %d %s", r.Status, r.Raw)
		}
		if r := e.call("PUT", "/api/admin/messages/"+msgIDs[0], map[string]any{"status": "answered", "__v": 0}, adminTok); r.Status != 200 {
			t.Fatalf("admin edit: %d %s", r.Status, r.Raw)
		}

		// The person's registration is approved, and the staff keep a care
		// record for them: an assessment, a plan and a contact.
		discIDs, _ := queryStrings(st.Reader(), `SELECT id FROM disciples WHERE user_id = ?`, uid)
		if len(discIDs) != 1 {
			t.Fatalf("disciples: %v", discIDs)
		}
		if err := st.InTx(ctx, func(tx *store.Tx) error {
			d, err := store.DiscipleByID(ctx, tx, discIDs[0])
			if err != nil {
				return err
			}
			return store.ApproveDisciple(ctx, tx, d, store.Approval{ReferrerName: "Ref"}, e.clock)
		}); err != nil {
			t.Fatal(err)
		}
		care := "/api/admin/care/" + discIDs[0]
		for _, c := range []struct {
			path string
			body map[string]any
		}{
			{care + "/assessments", map[string]any{"assessedOn": e.clock.Format("2006-01-02"), "health": "Walker's knees ache",
				"needs": []map[string]any{{"service": "healthcare", "priority": "high"}}}},
			{care + "/actions", map[string]any{"service": "healthcare", "action": "Walker's physiotherapy", "responsibleId": adminID,
				"targetDate": "2030-01-01", "status": "planned"}},
			{care + "/contacts", map[string]any{"contactOn": e.clock.Format("2006-01-02"), "kind": "call", "summary": "Walker called about his knees"}},
			{care + "/payments", map[string]any{"kind": "in_kind", "amountPaise": 1_200_00, "purpose": "General", "service": "healthcare",
				"paidOn": e.clock.Format("2006-01-02"), "payee": "Walker Person", "description": "Walker's knee brace"}},
		} {
			if r := e.call("POST", c.path, c.body, adminTok); r.Status != 201 {
				t.Fatalf("%s: %d %s", c.path, r.Status, r.Raw)
			}
		}

		jsonOut := e.call("GET", "/api/users/me/export", nil, tok)
		htmlOut := e.call("GET", "/api/users/me/export?format=html", nil, tok)
		if jsonOut.Status != 200 || htmlOut.Status != 200 {
			t.Fatalf("export: %d %d", jsonOut.Status, htmlOut.Status)
		}
		for table, query := range exportedTables {
			vals, err := queryStrings(st.Reader(), query, uid)
			if err != nil {
				t.Fatalf("%s: %v", table, err)
			}
			if len(vals) == 0 {
				t.Errorf("the scenario made no row of %s for the person", table)
			}
			for _, v := range vals {
				if !strings.Contains(jsonOut.Raw, v) {
					t.Errorf("the JSON export lacks %s row %q", table, v)
				}
			}
		}
		// The readable page gives the same records, notes among them.
		for _, want := range []string{"Walker asked twice about prasadam", "Walker called about his knees", "physiotherapy", "Walker&#39;s knee brace", "Please tell me what you hold about me.", "Nominee Walker", "Puri"} {
			if !strings.Contains(htmlOut.Raw, want) {
				t.Errorf("the readable export lacks %q", want)
			}
		}
	})
}
