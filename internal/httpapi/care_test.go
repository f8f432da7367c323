package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode"

	"spdc/internal/roles"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// careSeedElder registers a disciple for an account and approves it as the
// temple president's answer does; it returns the account's token and the
// care record's id.
func careSeedElder(t *testing.T, e *env, name, email, address string) (token, id string) {
	t.Helper()
	ctx := context.Background()
	var uid string
	uid, token = staffSeed(t, e.st, name, email)
	d := &store.Disciple{UserID: uid, FullName: name, InitiationName: "Dasi " + name, TemplePresidentEmail: "tp@example.org",
		ContactNumber: "+919812345678", Address: address, Language: "hi"}
	if err := e.st.InTx(ctx, func(tx *store.Tx) error {
		if _, err := store.InsertPendingDisciple(ctx, tx, d, e.clock); err != nil {
			return err
		}
		return store.ApproveDisciple(ctx, tx, d, store.Approval{ReferrerName: "Ref"}, e.clock)
	}); err != nil {
		t.Fatal(err)
	}
	return token, d.ID
}

// careListNames is the full names of the care list that q selects, as
// the staff member signed in with token reads it.
func careListNames(t *testing.T, e *env, token, q string) []string {
	t.Helper()
	r := e.call("GET", "/api/admin/care?"+q, nil, token)
	if r.Status != 200 {
		t.Fatalf("list %s: %d %s", q, r.Status, r.Raw)
	}
	var names []string
	for _, m := range jsonArray(t, r.Raw) {
		names = append(names, m["fullName"].(string))
	}
	return names
}

func num(v any) int { f, _ := v.(float64); return int(f) }

// TestCareRecordJourney runs a coordinator's week on one elder: take the
// record, assess, plan with a volunteer and a host's stay, log a visit,
// and see each step on the record, the list's due filters with the clock
// moved, the 409s of two editors, and the elder's own view.
func TestCareRecordJourney(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withStaffRoles())
		coord, admin := e.tokens[roles.Coordinator], e.tokens[roles.Admin]
		elderTok, id := careSeedElder(t, e, "Radha Devi", "radha.elder@example.org", "12 Gopal Lane, Mayapur, West Bengal")
		base := "/api/admin/care/" + id

		// A new record: active, no owner, nothing planned; opening it is logged.
		r := e.call("GET", base, nil, coord)
		if r.Status != 200 || r.Body["status"] != "active" || r.Body["ownerId"] != "" || r.Body["fullName"] != "Radha Devi" ||
			r.Body["language"] != "hi" || r.Raw == "" || !strings.Contains(r.Raw, `"payments":[]`) {
			t.Fatalf("new record: %d %s", r.Status, r.Raw)
		}
		var looks int
		if err := st.Reader().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM access_log WHERE entity = 'care' AND entity_id = ? AND action = 'open'`, id).Scan(&looks); err != nil || looks != 1 {
			t.Fatalf("access log: %d %v", looks, err)
		}
		if r := e.call("GET", "/api/users/me/care", nil, elderTok); r.Status != 200 || r.Body["coordinator"] != nil {
			t.Fatalf("my care without a coordinator: %d %s", r.Status, r.Raw)
		}

		// The coordinator takes the record; an owner who is not care staff is refused.
		r = e.call("PUT", base, map[string]any{"ownerId": e.ids[roles.Trustee], "__v": 0}, coord)
		if r.Status != 400 || r.fieldErrors()["ownerId"] == nil {
			t.Fatalf("trustee as owner: %d %s", r.Status, r.Raw)
		}
		r = e.call("PUT", base, map[string]any{"ownerId": e.ids[roles.Coordinator], "nextContactDue": "2025-03-05", "status": "asleep", "__v": 0}, coord)
		if r.Status != 400 || r.fieldErrors()["status"] == nil {
			t.Fatalf("bad status: %d %s", r.Status, r.Raw)
		}
		r = e.call("PUT", base, map[string]any{"ownerId": e.ids[roles.Coordinator], "nextContactDue": "2025-03-05", "__v": 0}, coord)
		if r.Status != 200 || r.Body["ownerName"] != "Staff coordinator" || r.Body["nextContactDue"] != "2025-03-05" || num(r.Body["__v"]) != 1 {
			t.Fatalf("take the record: %d %s", r.Status, r.Raw)
		}
		// A second editor from version 0: 409 with the record as it is now.
		r = e.call("PUT", base, map[string]any{"status": "paused", "__v": 0}, admin)
		cur, _ := r.Body["current"].(map[string]any)
		if r.Status != 409 || cur == nil || num(cur["__v"]) != 1 || cur["ownerId"] != e.ids[roles.Coordinator] || num(r.Body["sentVersion"]) != 0 {
			t.Fatalf("stale edit: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/users/me/care", nil, elderTok); r.Status != 200 || r.Body["nextContactDue"] != "2025-03-05" ||
			r.Body["coordinator"].(map[string]any)["email"] != "coordinator@example.org" {
			t.Fatalf("my care: %d %s", r.Status, r.Raw)
		}

		// An assessment: bad input is refused field by field and saves nothing.
		bad := map[string]any{"assessedOn": "2025-03-02", "health": strings.Repeat("x", 2001),
			"needs": []map[string]any{{"service": "healthcare", "priority": "urgent"}, {"service": "healthcare", "priority": "low"}, {"service": "flying", "priority": "high"}}}
		r = e.call("POST", base+"/assessments", bad, coord)
		fe := r.fieldErrors()
		if r.Status != 400 || fe["assessedOn"] == nil || fe["health"] == nil || fe["needs.1.service"] == nil || fe["needs.2.service"] == nil {
			t.Fatalf("bad assessment: %d %s", r.Status, r.Raw)
		}
		good := map[string]any{"assessedOn": "2025-03-01", "health": "Knee pain; diabetic", "mobility": "Walks with a stick",
			"living": "Alone, second floor", "income": "No pension", "family": "Son abroad", "spiritual": "Chants daily", "risks": "Falls",
			"needs": []map[string]any{{"service": "healthcare", "priority": "urgent"}, {"service": "financial", "priority": "high"}}}
		r = e.call("POST", base+"/assessments", good, coord)
		if r.Status != 201 || r.Body["assessedByName"] != "Staff coordinator" {
			t.Fatalf("assessment: %d %s", r.Status, r.Raw)
		}

		// The plan: a volunteer from the suggestions, a host's stay.
		volID := adminSeedVol(t, st.Writer(), "Gita Nurse", "gita@example.org", 5)
		if _, err := st.Writer().ExecContext(context.Background(), `UPDATE volunteers SET nearest_center = 'Mayapur', skills = 'Nurse, diabetic care', language = 'hi' WHERE id = ?`, volID); err != nil {
			t.Fatal(err)
		}
		r = e.call("GET", base+"/matches?service=healthcare", nil, coord)
		vols, _ := r.Body["volunteers"].([]any)
		if r.Status != 200 || len(vols) == 0 || vols[0].(map[string]any)["_id"] != volID {
			t.Fatalf("matches: %d %s", r.Status, r.Raw)
		}
		if !strings.Contains(fmt.Sprint(vols[0].(map[string]any)["reasons"]), "same_centre") {
			t.Fatalf("reasons: %v", vols[0])
		}
		if r := e.call("GET", base+"/matches?service=cooking", nil, coord); r.Status != 400 {
			t.Fatalf("unknown service: %d", r.Status)
		}
		r = e.call("POST", base+"/actions", map[string]any{"service": "healthcare", "action": "Weekly visit by a nurse",
			"responsibleId": e.ids[roles.Editor], "targetDate": "2025-02-01x", "status": "planned", "volunteerId": store.NewID(time.Now())}, coord)
		fe = r.fieldErrors()
		if r.Status != 400 || fe["responsibleId"] == nil || fe["targetDate"] == nil {
			t.Fatalf("bad action: %d %s", r.Status, r.Raw)
		}
		r = e.call("POST", base+"/actions", map[string]any{"service": "healthcare", "action": "Weekly visit by a nurse",
			"responsibleId": e.ids[roles.Coordinator], "targetDate": "2025-04-01", "status": "planned", "volunteerId": store.NewID(time.Now())}, coord)
		if r.Status != 400 || r.fieldErrors()["volunteerId"] == nil {
			t.Fatalf("unknown volunteer: %d %s", r.Status, r.Raw)
		}
		r = e.call("POST", base+"/actions", map[string]any{"service": "healthcare", "action": "Weekly visit by a nurse",
			"responsibleId": e.ids[roles.Coordinator], "targetDate": "2025-04-01", "status": "planned", "volunteerId": volID}, coord)
		if r.Status != 201 || r.Body["volunteerName"] != "Gita Nurse" || num(r.Body["__v"]) != 0 {
			t.Fatalf("action: %d %s", r.Status, r.Raw)
		}
		actionID := r.Body["_id"].(string)
		done := map[string]any{"service": "healthcare", "action": "Weekly visit by a nurse", "responsibleId": e.ids[roles.Coordinator],
			"targetDate": "2025-04-01", "status": "done", "volunteerId": volID, "__v": 0}
		if r := e.call("PUT", base+"/actions/"+actionID, done, coord); r.Status != 200 || r.Body["status"] != "done" || num(r.Body["__v"]) != 1 {
			t.Fatalf("action done: %d %s", r.Status, r.Raw)
		}
		done["status"] = "cancelled"
		r = e.call("PUT", base+"/actions/"+actionID, done, admin)
		cur, _ = r.Body["current"].(map[string]any)
		if r.Status != 409 || cur == nil || cur["status"] != "done" || num(cur["__v"]) != 1 {
			t.Fatalf("stale action: %d %s", r.Status, r.Raw)
		}

		// A visit, and one in the future (refused).
		if r := e.call("POST", base+"/contacts", map[string]any{"contactOn": "2025-03-02", "kind": "visit", "summary": "x"}, coord); r.Status != 400 || r.fieldErrors()["contactOn"] != "This date cannot be in the future." {
			t.Fatalf("future contact: %d %s", r.Status, r.Raw)
		}
		badContact := map[string]any{"contactOn": "2025-03-01", "kind": "walk", "summary": "", "nextDue": "2025-02-01"}
		if r := e.call("POST", base+"/contacts", badContact, coord); r.Status != 400 || len(r.fieldErrors()) != 3 ||
			r.fieldErrors()["nextDue"] != "The next contact cannot be due before this one." {
			t.Fatalf("bad contact: %d %s", r.Status, r.Raw)
		}
		// In Bengali, the same refusals are Bengali sentences.
		bn := e.callWith("POST", base+"/contacts", badContact, coord, map[string]string{"Accept-Language": "bn"})
		if bn.Status != 400 || len(bn.fieldErrors()) != 3 {
			t.Fatalf("bad contact in Bengali: %d %s", bn.Status, bn.Raw)
		}
		for k, v := range bn.fieldErrors() {
			if s, _ := v.(string); !strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Bengali, r) }) {
				t.Errorf("%s in Bengali: %q", k, s)
			}
		}
		r = e.call("POST", base+"/contacts", map[string]any{"contactOn": "2025-03-01", "kind": "visit", "summary": "Knee better; brought prasadam", "nextDue": "2025-03-08"}, coord)
		if r.Status != 201 || r.Body["byName"] != "Staff coordinator" {
			t.Fatalf("contact: %d %s", r.Status, r.Raw)
		}

		r = e.call("GET", base, nil, coord)
		needs := fmt.Sprint(r.Body["needs"])
		if r.Body["lastContactOn"] != "2025-03-01" || r.Body["nextContactDue"] != "2025-03-08" || r.Body["reassessmentDue"] != "2026-03-01" ||
			!strings.Contains(needs, "healthcare") || !strings.Contains(needs, "met") || !strings.Contains(needs, "open") ||
			len(r.Body["assessments"].([]any)) != 1 || len(r.Body["actions"].([]any)) != 1 || len(r.Body["contacts"].([]any)) != 1 {
			t.Fatalf("record after the week: %s", r.Raw)
		}

		// The list and its due filters, with the clock moved on.
		list := func(q string) []string {
			t.Helper()
			return careListNames(t, e, coord, q)
		}
		careSeedElder(t, e, "Gopal Das", "gopal.elder@example.org", "Puri")
		if got := list("owner=me"); strings.Join(got, ",") != "Radha Devi" {
			t.Fatalf("owner=me: %v", got)
		}
		if got := list("due=contact"); len(got) != 0 {
			t.Fatalf("nothing overdue yet: %v", got)
		}
		// moveClock moves the server's day on, the staff still signed in.
		moveClock := func(d time.Duration) {
			e.clock = e.clock.Add(d)
			if _, err := st.Writer().ExecContext(context.Background(), `UPDATE sessions SET last_seen_at = ?, expires_at = ?`,
				store.Millis(e.clock), store.Millis(e.clock.Add(time.Hour))); err != nil {
				t.Fatal(err)
			}
		}
		moveClock(8 * 24 * time.Hour) // 9 March
		if got := list("due=contact&owner=me"); strings.Join(got, ",") != "Radha Devi" {
			t.Fatalf("overdue on 9 March: %v", got)
		}
		if got := list("due=assessment"); len(got) != 0 {
			t.Fatalf("reassessment not due yet: %v", got)
		}
		moveClock(365 * 24 * time.Hour)
		if got := list("due=assessment"); strings.Join(got, ",") != "Radha Devi" {
			t.Fatalf("reassessment due a year on: %v", got)
		}
		if got := list("q=gopal"); strings.Join(got, ",") != "Gopal Das" {
			t.Fatalf("search: %v", got)
		}
		if r := e.call("GET", "/api/admin/care?due=soon&owner=x", nil, coord); r.Status != 400 || r.fieldErrors()["due"] == nil || r.fieldErrors()["owner"] == nil {
			t.Fatalf("bad filters: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/admin/care/export.csv", nil, coord); r.Status != 200 || !strings.Contains(r.Raw, "Radha Devi") {
			t.Fatalf("care CSV: %d %s", r.Status, r.Raw)
		}
	})
}

// TestCareTrusteeRefused: a trustee (and an editor, and an accountant)
// gets 403 on every route of the register and never a name.
func TestCareTrusteeRefused(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withStaffRoles())
		_, id := careSeedElder(t, e, "Radha Devi", "radha.elder@example.org", "Mayapur")
		base := "/api/admin/care/" + id
		calls := [][2]string{{"GET", "/api/admin/care"}, {"GET", "/api/admin/care/export.csv"}, {"GET", base}, {"PUT", base},
			{"POST", base + "/assessments"}, {"POST", base + "/actions"}, {"PUT", base + "/actions/" + store.NewID(time.Now())},
			{"GET", base + "/matches?service=healthcare"}, {"POST", base + "/contacts"}, {"GET", base + "/contacts"},
			{"GET", "/api/admin/partners"}, {"POST", "/api/admin/partners"}}
		for _, role := range []string{roles.Trustee, roles.Editor, roles.Accountant} {
			for _, c := range calls {
				var body any
				if c[0] != "GET" {
					body = map[string]any{}
				}
				r := e.call(c[0], c[1], body, e.tokens[role])
				if r.Status != 403 || strings.Contains(r.Raw, "Radha") {
					t.Errorf("%s %s as %s: %d %s", c[0], c[1], role, r.Status, r.Raw)
				}
			}
		}
	})
}

// TestCarePartnersDirectory: a partner is added with per-field checks,
// listed, edited through the list's edit and linked from a plan.
func TestCarePartnersDirectory(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withStaffRoles())
		coord := e.tokens[roles.Coordinator]
		r := e.call("POST", "/api/admin/partners", map[string]any{"kind": "spa", "name": "", "email": "not-mail", "colour": "red"}, coord)
		fe := r.fieldErrors()
		if r.Status != 400 || fe["kind"] == nil || fe["name"] == nil || fe["email"] == nil || fe["colour"] == nil {
			t.Fatalf("bad partner: %d %s", r.Status, r.Raw)
		}
		r = e.call("POST", "/api/admin/partners", map[string]any{"kind": "hospital", "name": "Bhaktivedanta Hospital", "city": "Mira Road",
			"phone": "022 2811 1111", "email": "Care@Bhaktivedanta.example.org", "notes": "Free OPD on Tuesdays"}, coord)
		if r.Status != 201 || r.Body["email"] != "care@bhaktivedanta.example.org" || r.Body["phone"] != "+912228111111" {
			t.Fatalf("partner: %d %s", r.Status, r.Raw)
		}
		pid := r.Body["_id"].(string)
		if r := e.call("GET", "/api/admin/partners?q=bhaktivedanta", nil, coord); r.Status != 200 || len(jsonArray(t, r.Raw)) != 1 {
			t.Fatalf("partners list: %d %s", r.Status, r.Raw)
		}
		if r := e.call("PUT", "/api/admin/partners/"+pid, map[string]any{"city": "Mumbai", "__v": 0}, coord); r.Status != 200 || r.Body["city"] != "Mumbai" {
			t.Fatalf("partner edit: %d %s", r.Status, r.Raw)
		}
		_, id := careSeedElder(t, e, "Radha Devi", "radha.elder@example.org", "Mayapur")
		r = e.call("POST", "/api/admin/care/"+id+"/actions", map[string]any{"service": "healthcare", "action": "Cataract operation",
			"responsibleId": e.ids[roles.Coordinator], "targetDate": "2025-05-01", "status": "planned", "partnerId": pid}, coord)
		if r.Status != 201 || r.Body["partnerName"] != "Bhaktivedanta Hospital" {
			t.Fatalf("action with partner: %d %s", r.Status, r.Raw)
		}
		// Deleting the partner keeps the action, without the link.
		if r := e.call("DELETE", "/api/admin/partners/"+pid, nil, coord); r.Status != 200 {
			t.Fatalf("delete partner: %d %s", r.Status, r.Raw)
		}
		r = e.call("GET", "/api/admin/care/"+id, nil, coord)
		acts := r.Body["actions"].([]any)
		if len(acts) != 1 || acts[0].(map[string]any)["partnerId"] != "" {
			t.Fatalf("action after the partner went: %s", r.Raw)
		}
	})
}

// jsonArray reads a list answer's rows.
func jsonArray(t *testing.T, raw string) []map[string]any {
	t.Helper()
	var out []map[string]any
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		t.Fatalf("not a JSON array: %v %s", err, raw)
	}
	return out
}

// TestCareErasedWithTheElder: when the elder's account is erased, their
// care record goes with their registration (assessments, needs, plan,
// contacts), the list's search no longer finds them, and the audit
// entries about the record keep only that something was done.
func TestCareErasedWithTheElder(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withStaffRoles())
		coord := e.tokens[roles.Coordinator]
		ctx := context.Background()
		_, id := careSeedElder(t, e, "Radha Devi", "radha.elder@example.org", "Mayapur")
		_, otherID := careSeedElder(t, e, "Gopal Das", "gopal.elder@example.org", "Puri")
		for _, rid := range []string{id, otherID} {
			base := "/api/admin/care/" + rid
			for path, body := range map[string]map[string]any{
				base + "/assessments": {"assessedOn": "2025-03-01", "health": "Knees", "needs": []map[string]any{{"service": "healthcare", "priority": "high"}}},
				base + "/actions": {"service": "healthcare", "action": "Physiotherapy", "responsibleId": e.ids[roles.Coordinator],
					"targetDate": "2025-04-01", "status": "planned"},
				base + "/contacts": {"contactOn": "2025-03-01", "kind": "call", "summary": "Spoke about the knees"},
			} {
				if r := e.call("POST", path, body, coord); r.Status != 201 {
					t.Fatalf("%s: %d %s", path, r.Status, r.Raw)
				}
			}
		}
		var uid string
		if err := st.Reader().QueryRowContext(ctx, `SELECT user_id FROM disciples WHERE id = ?`, id).Scan(&uid); err != nil {
			t.Fatal(err)
		}
		if _, err := st.EraseUser(ctx, uid, store.ErasedBySelf); err != nil {
			t.Fatal(err)
		}
		for _, table := range []string{"care_records", "care_assessments", "care_needs", "care_actions", "care_contacts"} {
			col := "record_id"
			if table == "care_records" {
				col = "id"
			}
			var gone, kept int
			if err := st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM `+table+` WHERE `+col+` = ?`, id).Scan(&gone); err != nil {
				t.Fatal(err)
			}
			if err := st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM `+table+` WHERE `+col+` = ?`, otherID).Scan(&kept); err != nil {
				t.Fatal(err)
			}
			if gone != 0 || kept != 1 {
				t.Errorf("%s after the erasure: %d of the erased elder, %d of the other", table, gone, kept)
			}
		}
		if r := e.call("GET", "/api/admin/care?q=radha", nil, coord); r.Status != 200 || len(jsonArray(t, r.Raw)) != 0 {
			t.Fatalf("search after the erasure: %d %s", r.Status, r.Raw)
		}
		var leaked int
		if err := st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM audit_log WHERE entity_id = ? AND (after_json LIKE '%healthcare%' OR after_json LIKE '%2025-03-01%')`, id).Scan(&leaked); err != nil || leaked != 0 {
			t.Fatalf("audit entries kept the care details: %d %v", leaked, err)
		}
		if r := e.call("GET", "/api/admin/care/"+otherID, nil, coord); r.Status != 200 || len(r.Body["contacts"].([]any)) != 1 {
			t.Fatalf("the other elder's record: %d %s", r.Status, r.Raw)
		}
	})
}

// TestCareDueListsLongestWaitingFirst: the elders due for a contact are
// listed by the day it fell due, the longest waiting first, unless the
// coordinator sorts by another column.
func TestCareDueListsLongestWaitingFirst(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withStaffRoles())
		coord := e.tokens[roles.Coordinator]
		today := e.clock.Format("2006-01-02")
		for i, c := range []struct{ name, due string }{
			{"Asha Devi", e.clock.AddDate(0, 0, -3).Format("2006-01-02")},
			{"Bhakti Devi", e.clock.AddDate(0, 0, -30).Format("2006-01-02")},
			{"Chandra Das", e.clock.AddDate(0, 0, -10).Format("2006-01-02")},
			{"Damodar Das", e.clock.AddDate(0, 0, 5).Format("2006-01-02")},
		} {
			_, id := careSeedElder(t, e, c.name, fmt.Sprintf("due%d@example.org", i), "Mayapur")
			if _, err := st.Writer().ExecContext(context.Background(), `UPDATE care_records SET next_contact_due = ? WHERE id = ?`, c.due, id); err != nil {
				t.Fatal(err)
			}
		}
		names := func(q string) string {
			t.Helper()
			return strings.Join(careListNames(t, e, coord, q), ",")
		}
		if got := names("due=contact&page=1&pageSize=20"); got != "Bhakti Devi,Chandra Das,Asha Devi" {
			t.Fatalf("due for a contact on %s, longest waiting first: %s", today, got)
		}
		if got := names("due=contact&sort=fullName"); got != "Asha Devi,Bhakti Devi,Chandra Das" {
			t.Fatalf("due for a contact, sorted by name: %s", got)
		}
	})
}
