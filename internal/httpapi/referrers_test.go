package httpapi

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"spdc/internal/auth"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// referrer puts a temple president into the directory and returns the id.
func (e *env) referrer(email, phone string) string {
	e.t.Helper()
	ref := &store.Referrer{Name: "Bhakti Prabhu", Position: "Temple President", Temple: "Vrindavan", Email: email, Phone: phone}
	err := e.st.InTx(e.t.Context(), func(tx *store.Tx) error {
		return store.AddReferrer(e.t.Context(), tx, ref, store.Actor{ID: "test", Email: "test@spdc.example"}, e.clock)
	})
	if err != nil {
		e.t.Fatal(err)
	}
	return ref.ID
}

// disciple reads the state of the registration of fullName.
func (e *env) disciple(fullName string) (status string, approved bool, reason string, version int, id string) {
	e.t.Helper()
	err := e.st.Reader().QueryRowContext(e.t.Context(), `SELECT status, is_approved, review_reason, version, id FROM disciples
		WHERE full_name = ? ORDER BY created_at DESC LIMIT 1`, fullName).Scan(&status, &approved, &reason, &version, &id)
	if err != nil {
		e.t.Fatalf("disciple %s: %v", fullName, err)
	}
	return
}

// TestConfirmationTrust runs a confirmation through the trust rules: a
// referrer in the directory approves; an unknown one, or one whose email
// or phone is the applicant's own however it is spelled, leaves the
// registration "confirmed — needs review" with isApproved false.
func TestConfirmationTrust(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		const tp = "president@temple.example"
		dirID := e.referrer(tp, "+919876540000")
		carol, _ := e.user("carol.devi@gmail.com", false)

		cases := []struct {
			name     string
			form     func(p map[string]any)
			approval func(b map[string]any)
			token    string // the signed-in applicant
			linkTo   string // where the confirmation link must go
			approved bool
			reason   string
		}{
			{"directory referrer", nil, nil, "", tp, true, ""},
			{"picked from the directory", func(p map[string]any) { p["templePresidentEmail"], p["referrerId"] = "", dirID }, nil, "", tp, true, ""},
			{"picked, a typed email is ignored", func(p map[string]any) { p["templePresidentEmail"], p["referrerId"] = "friend@example.net", dirID }, nil, "", tp, true, ""},
			{"unknown referrer", func(p map[string]any) { p["templePresidentEmail"] = "friend@example.net" },
				func(b map[string]any) { b["referrerEmail"] = "friend@example.net" }, "", "friend@example.net", false, "not in the referrer directory"},
			{"applicant's +tag", func(p map[string]any) {
				p["discipleEmail"], p["templePresidentEmail"] = "bob@example.org", "bob+tp@example.org"
			},
				func(b map[string]any) { b["referrerEmail"] = "bob+tp@example.org" }, "", "bob+tp@example.org", false, "applicant's own mailbox"},
			{"applicant's dotted gmail", func(p map[string]any) {
				p["discipleEmail"], p["templePresidentEmail"] = "bobself@gmail.com", "b.o.b.self@googlemail.com"
			},
				func(b map[string]any) { b["referrerEmail"] = "b.o.b.self@googlemail.com" }, "", "b.o.b.self@googlemail.com", false, "applicant's own mailbox"},
			{"signed-in applicant's account gmail", func(p map[string]any) { p["discipleEmail"], p["templePresidentEmail"] = "", "caroldevi+tp@gmail.com" },
				func(b map[string]any) { b["referrerEmail"] = "caroldevi+tp@gmail.com" }, carol, "caroldevi+tp@gmail.com", false, "applicant's own mailbox"},
			{"same phone", func(p map[string]any) { p["contactNumber"] = "098765 43210" },
				func(b map[string]any) { b["referrerContact"] = "+91 98765 43210" }, "", tp, false, "applicant's own phone"},
			{"directory mailbox answered with another email", nil,
				func(b map[string]any) { b["referrerEmail"] = "helper@example.net" }, "", tp, false, "another email"},
		}
		for i, c := range cases {
			e.clock = e.clock.Add(time.Minute) // one link per minute: linkToken takes the newest
			name := "Applicant " + string(rune('A'+i))
			p := validDisciple()
			p["fullName"] = name
			if c.form != nil {
				c.form(p)
			}
			if r := e.call("POST", "/api/disciples/register", p, c.token); r.Status != 201 {
				t.Fatalf("%s: register: %d %s", c.name, r.Status, r.Raw)
			}
			token := e.linkToken(c.linkTo)
			b := validApproval(token)
			b["applicantSignature"] = name
			if c.approval != nil {
				c.approval(b)
			}
			applicantMails := len(e.mails("madhava@example.org"))
			r := e.call("POST", "/api/approval/approve", b, "")
			if r.Status != 200 {
				t.Fatalf("%s: approve: %d %s", c.name, r.Status, r.Raw)
			}
			status, approved, reason, _, _ := e.disciple(name)
			if c.approved {
				if status != "approved" || !approved || reason != "" || r.message() != "User approved and saved successfully!" {
					t.Fatalf("%s: want approved, got %s %v %q %s", c.name, status, approved, reason, r.Raw)
				}
				continue
			}
			if status != "review" || approved || !strings.Contains(reason, c.reason) || r.message() != msgHeldForReview.En() {
				t.Fatalf("%s: want review (%s), got %s %v %q %s", c.name, c.reason, status, approved, reason, r.Raw)
			}
			if n := len(e.mails("madhava@example.org")); n != applicantMails {
				t.Fatalf("%s: the applicant was told of an approval", c.name)
			}
			// The link is used up and says so.
			if r := e.call("GET", "/api/approval/"+token, nil, ""); r.Status != 410 {
				t.Fatalf("%s: link after review: %d", c.name, r.Status)
			}
			if r := e.call("POST", "/api/approval/approve", b, ""); r.Status != 410 {
				t.Fatalf("%s: second approve: %d", c.name, r.Status)
			}
		}

		// A picked referrer that is not (or no longer) in the directory.
		for _, id := range []string{store.NewID(e.clock), "not-an-id"} {
			p := validDisciple()
			p["referrerId"] = id
			if r := e.call("POST", "/api/disciples/register", p, ""); r.Status != 400 || r.fieldErrors()["referrerId"] == nil {
				t.Fatalf("unknown referrer id %q: %d %s", id, r.Status, r.Raw)
			}
		}

		// The signed-in applicant sees the status in My Account.
		var subs []map[string]any
		_ = json.Unmarshal([]byte(e.call("GET", "/api/users/me/submissions", nil, carol).Raw), &subs)
		if len(subs) != 1 || subs[0]["status"] != "confirmed — needs review" {
			t.Fatalf("My Account: %v", subs)
		}

		// The Pending tab shows the held confirmations with their reasons;
		// the Disciples tab only the approved ones.
		admin, _ := e.user("admin@example.org", true)
		r := e.call("GET", "/api/admin/pending-disciples?q=needs+review", nil, admin)
		var rows []map[string]any
		_ = json.Unmarshal([]byte(r.Raw), &rows)
		if r.Status != 200 || len(rows) != 6 || r.Header.Get("X-Total-Count") != "6" {
			t.Fatalf("pending needing review: %d %d %s", r.Status, len(rows), r.Raw)
		}
		for _, row := range rows {
			if row["status"] != "confirmed — needs review" || row["reviewReason"] == "" || row["isApproved"] != false {
				t.Fatalf("pending row: %v", row)
			}
		}
		if r := e.call("GET", "/api/admin/disciples", nil, admin); r.Header.Get("X-Total-Count") != "3" {
			t.Fatalf("approved disciples: %s", r.Header.Get("X-Total-Count"))
		}
	})
}

// held registers the disciple name naming tp as referrer, and has tp
// confirm it under referrerName; the registration must be held for
// review, and held returns its version and id.
func (e *env) held(name, tp, referrerName string) (int, string) {
	e.t.Helper()
	p := validDisciple()
	p["fullName"], p["templePresidentEmail"] = name, tp
	e.clock = e.clock.Add(time.Minute)
	if r := e.call("POST", "/api/disciples/register", p, ""); r.Status != 201 {
		e.t.Fatalf("register %s: %s", name, r.Raw)
	}
	b := validApproval(e.linkToken(tp))
	b["referrerEmail"], b["referrerName"] = tp, referrerName
	if r := e.call("POST", "/api/approval/approve", b, ""); r.Status != 200 {
		e.t.Fatalf("confirm %s: %s", name, r.Raw)
	}
	status, _, _, v, id := e.disciple(name)
	if status != "review" {
		e.t.Fatalf("%s: %s", name, status)
	}
	return v, id
}

// TestReviewAcceptAndReject covers the admin's two answers to a
// confirmation held for review.
func TestReviewAcceptAndReject(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		admin, _ := e.user("admin@example.org", true)
		user, _ := e.user("user@example.org", false)
		v, id := e.held("Accepted Applicant", "new.president@temple.example", "Bhakti Prabhu")
		accept := "/api/admin/pending-disciples/" + id + "/accept"

		refused := []struct {
			name, path string
			body       any
			token      string
			status     int
		}{
			{"anonymous", accept, map[string]any{"__v": v}, "", 401},
			{"not an admin", accept, map[string]any{"__v": v}, user, 403},
			{"not an admin, reject", "/api/admin/pending-disciples/" + id + "/reject", map[string]any{"__v": v, "reason": "x"}, user, 403},
			{"no version", accept, map[string]any{}, admin, 400},
			{"stale version", accept, map[string]any{"__v": v - 1}, admin, 409},
			{"unknown field", accept, map[string]any{"__v": v, "isApproved": true}, admin, 400},
			{"bad id", "/api/admin/pending-disciples/x/accept", map[string]any{"__v": v}, admin, 400},
			{"unknown id", "/api/admin/pending-disciples/" + store.NewID(e.clock) + "/accept", map[string]any{"__v": v}, admin, 404},
			{"reject without a reason", "/api/admin/pending-disciples/" + id + "/reject", map[string]any{"__v": v, "reason": " "}, admin, 400},
		}
		for _, c := range refused {
			if r := e.call("POST", c.path, c.body, c.token); r.Status != c.status {
				t.Fatalf("%s: %d %s", c.name, r.Status, r.Raw)
			}
		}
		if status, _, _, _, _ := e.disciple("Accepted Applicant"); status != "review" || e.count("referrers") != 0 {
			t.Fatalf("a refused call changed something: %s, %d referrers", status, e.count("referrers"))
		}

		// Accept: approved, the referrer in the directory, the applicant
		// told, both writes audited.
		r := e.call("POST", accept, map[string]any{"__v": v, "temple": "New Temple", "trustReferrer": true}, admin)
		if r.Status != 200 || !strings.Contains(r.message(), "added to the directory") {
			t.Fatalf("accept: %d %s", r.Status, r.Raw)
		}
		if status, approved, _, _, _ := e.disciple("Accepted Applicant"); status != "approved" || !approved {
			t.Fatalf("accepted: %s %v", status, approved)
		}
		var name, temple, phone string
		_ = st.Reader().QueryRowContext(t.Context(), `SELECT name, temple, phone FROM referrers WHERE email = 'new.president@temple.example'`).Scan(&name, &temple, &phone)
		if name != "Bhakti Prabhu" || temple != "New Temple" || phone != "+919876540000" {
			t.Fatalf("directory entry: %q %q %q", name, temple, phone)
		}
		if len(e.mailsBesidesAck("madhava@example.org")) != 1 {
			t.Fatal("the applicant was not told")
		}
		var audits int
		_ = st.Reader().QueryRowContext(t.Context(), `SELECT COUNT(*) FROM audit_log WHERE actor_email = 'admin@example.org'
			AND ((action = 'accept' AND entity_id = ?) OR (action = 'create' AND entity = 'referrers'))`, id).Scan(&audits)
		if audits != 2 {
			t.Fatalf("audit rows: %d", audits)
		}
		if r := e.call("POST", accept, map[string]any{"__v": v + 1}, admin); r.Status != 409 {
			t.Fatalf("second accept: %d", r.Status)
		}
		// That referrer's next confirmation approves outright.
		p := validDisciple()
		p["fullName"], p["templePresidentEmail"] = "Next Applicant", "new.president@temple.example"
		e.clock = e.clock.Add(time.Minute)
		e.call("POST", "/api/disciples/register", p, "")
		b := validApproval(e.linkToken("new.president@temple.example"))
		b["referrerEmail"] = "new.president@temple.example"
		if r := e.call("POST", "/api/approval/approve", b, ""); r.message() != "User approved and saved successfully!" {
			t.Fatalf("after accept: %s", r.Raw)
		}

		// Accepting a confirmation from the applicant's own mailbox approves
		// but never makes that mailbox a trusted referrer.
		v2, id2 := e.held("Self Applicant", "madhava+tp@example.org", "Bhakti Prabhu")
		r = e.call("POST", "/api/admin/pending-disciples/"+id2+"/accept", map[string]any{"__v": v2, "trustReferrer": true}, admin)
		if r.Status != 200 || !strings.Contains(r.message(), "not added") || e.count("referrers") != 1 {
			t.Fatalf("accept own mailbox: %d %s, %d referrers", r.Status, r.Raw, e.count("referrers"))
		}

		// Reject: closed with the reason, audited, and final.
		v3, id3 := e.held("Rejected Applicant", "stranger@example.net", "Bhakti Prabhu")
		reject := "/api/admin/pending-disciples/" + id3 + "/reject"
		if r := e.call("POST", reject, map[string]any{"__v": v3, "reason": "We could not reach this referrer."}, admin); r.Status != 200 {
			t.Fatalf("reject: %d %s", r.Status, r.Raw)
		}
		var status, why string
		var approved bool
		_ = st.Reader().QueryRowContext(t.Context(), `SELECT status, is_approved, decline_reason FROM disciples WHERE id = ?`, id3).Scan(&status, &approved, &why)
		if status != "rejected" || approved || why != "We could not reach this referrer." {
			t.Fatalf("rejected: %s %v %q", status, approved, why)
		}
		_ = st.Reader().QueryRowContext(t.Context(), `SELECT COUNT(*) FROM audit_log WHERE action = 'reject' AND entity_id = ?`, id3).Scan(&audits)
		if audits != 1 {
			t.Fatalf("reject audit rows: %d", audits)
		}
		for _, path := range []string{reject, "/api/admin/pending-disciples/" + id3 + "/accept"} {
			if r := e.call("POST", path, map[string]any{"__v": v3 + 1, "reason": "again"}, admin); r.Status != 409 {
				t.Fatalf("after reject %s: %d", path, r.Status)
			}
		}
		if r := e.call("POST", "/api/admin/pending-disciples/"+id3+"/resend", nil, admin); r.Status != 409 {
			t.Fatalf("resend after reject: %d", r.Status)
		}
		if n := e.count("referrers"); n != 1 {
			t.Fatalf("a rejected referrer entered the directory: %d", n)
		}
	})
}

// TestReferrerDirectory covers the Referrers tab (add, edit, delete, list,
// search, sort, CSV) and the public list, which holds no contact details.
func TestReferrerDirectory(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		admin, _ := e.user("admin@example.org", true)
		user, _ := e.user("user@example.org", false)
		valid := func() map[string]any {
			return map[string]any{"name": "Gopal Das", "position": "Temple President", "temple": "ISKCON Mayapur",
				"email": "Gopal.Das@Gmail.com", "phone": "098765 40001"}
		}
		r := e.call("POST", "/api/admin/referrers", valid(), admin)
		if r.Status != 201 || r.Body["email"] != "gopal.das@gmail.com" || r.Body["phone"] != "+919876540001" || r.Body["__v"] != float64(0) {
			t.Fatalf("add: %d %s", r.Status, r.Raw)
		}
		id, _ := r.Body["_id"].(string)

		bad := []struct {
			name   string
			edit   func(map[string]any)
			token  string
			status int
			field  string
		}{
			{"anonymous", nil, "", 401, ""},
			{"not an admin", nil, user, 403, ""},
			{"no name", func(b map[string]any) { b["name"] = " " }, admin, 400, "name"},
			{"no email", func(b map[string]any) { delete(b, "email") }, admin, 400, "email"},
			{"bad email", func(b map[string]any) { b["email"] = "gopal" }, admin, 400, "email"},
			{"bad phone", func(b map[string]any) { b["phone"] = "12" }, admin, 400, "phone"},
			{"name with markup", func(b map[string]any) { b["name"] = "<b>Gopal</b>" }, admin, 400, "name"},
			{"too long temple", func(b map[string]any) { b["temple"] = strings.Repeat("t", 201) }, admin, 400, "temple"},
			{"unknown field", func(b map[string]any) { b["isAdmin"] = true }, admin, 400, "isAdmin"},
			{"same mailbox, other spelling", func(b map[string]any) { b["email"] = "gopaldas+x@googlemail.com" }, admin, 409, "email"},
		}
		for _, c := range bad {
			b := valid()
			if c.edit != nil {
				c.edit(b)
			}
			r := e.call("POST", "/api/admin/referrers", b, c.token)
			if r.Status != c.status || (c.field != "" && r.fieldErrors()[c.field] == nil) {
				t.Fatalf("%s: %d %s", c.name, r.Status, r.Raw)
			}
		}
		if n := e.count("referrers"); n != 1 {
			t.Fatalf("refused adds changed the directory: %d", n)
		}
		b := valid()
		b["name"], b["email"], b["phone"], b["temple"] = "Ananta Prabhu", "ananta@temple.example", "", "Bhaktivedanta Manor"
		if r := e.call("POST", "/api/admin/referrers", b, admin); r.Status != 201 {
			t.Fatalf("second add: %d %s", r.Status, r.Raw)
		}

		// The list engine: search, sort, CSV.
		if r := e.call("GET", "/api/admin/referrers?q=mayapur", nil, admin); r.Header.Get("X-Total-Count") != "1" || !strings.Contains(r.Raw, "Gopal Das") {
			t.Fatalf("search: %s", r.Raw)
		}
		var rows []map[string]any
		_ = json.Unmarshal([]byte(e.call("GET", "/api/admin/referrers?sort=name", nil, admin).Raw), &rows)
		if len(rows) != 2 || rows[0]["name"] != "Ananta Prabhu" {
			t.Fatalf("sort: %v", rows)
		}
		if r := e.call("GET", "/api/admin/referrers/export.csv", nil, admin); r.Status != 200 ||
			!strings.Contains(r.Raw, "Name,Position,Temple,Email,Phone,Created") || !strings.Contains(r.Raw, "gopal.das@gmail.com") {
			t.Fatalf("csv: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/admin/referrers", nil, user); r.Status != 403 {
			t.Fatalf("non-admin list: %d", r.Status)
		}

		// Edit with the version seen; a stale version is refused.
		edit := map[string]any{"_id": id, "__v": 0, "name": "Gopal Das", "position": "GBC", "temple": "ISKCON Mayapur",
			"email": "gopal.das@gmail.com", "phone": "+44 20 7946 0958", "createdAt": "x", "updatedAt": "x"}
		r = e.call("PUT", "/api/admin/referrers/"+id, edit, admin)
		if r.Status != 200 || r.Body["position"] != "GBC" || r.Body["phone"] != "+442079460958" || r.Body["__v"] != float64(1) {
			t.Fatalf("edit: %d %s", r.Status, r.Raw)
		}
		if r := e.call("PUT", "/api/admin/referrers/"+id, edit, admin); r.Status != 409 {
			t.Fatalf("stale edit: %d", r.Status)
		}
		edit["__v"], edit["phone"] = 1, "not a phone"
		if r := e.call("PUT", "/api/admin/referrers/"+id, edit, admin); r.Status != 400 {
			t.Fatalf("bad phone edit: %d", r.Status)
		}
		if r := e.call("PUT", "/api/admin/referrers/"+id, edit, user); r.Status != 403 {
			t.Fatalf("non-admin edit: %d", r.Status)
		}

		// The public list: names, positions and temples only.
		r = e.call("GET", "/api/referrers", nil, "")
		var pub []map[string]any
		if err := json.Unmarshal([]byte(r.Raw), &pub); err != nil || r.Status != 200 || len(pub) != 2 {
			t.Fatalf("public list: %d %s", r.Status, r.Raw)
		}
		if pub[0]["temple"] != "Bhaktivedanta Manor" || pub[1]["position"] != "GBC" {
			t.Fatalf("public order: %v", pub)
		}
		for _, p := range pub {
			if len(p) != 4 || p["_id"] == "" || p["name"] == "" {
				t.Fatalf("public entry: %v", p)
			}
		}
		for _, secret := range []string{"@", "gmail", "ananta@", "+44", "2079460958", "9876540001"} {
			if strings.Contains(r.Raw, secret) {
				t.Fatalf("the public list leaks %q: %s", secret, r.Raw)
			}
		}

		// Delete, audited: every write to the directory is in the log.
		if r := e.call("DELETE", "/api/admin/referrers/"+id, nil, admin); r.Status != 200 {
			t.Fatalf("delete: %d %s", r.Status, r.Raw)
		}
		var actions []string
		rs, err := st.Reader().QueryContext(t.Context(), `SELECT action FROM audit_log WHERE entity = 'referrers' ORDER BY created_at, id`)
		if err != nil {
			t.Fatal(err)
		}
		for rs.Next() {
			var a string
			_ = rs.Scan(&a)
			actions = append(actions, a)
		}
		rs.Close()
		slices.Sort(actions) // all in one millisecond of the test clock
		if strings.Join(actions, ",") != "create,create,delete,update" {
			t.Fatalf("audit: %v", actions)
		}
		if e.count("referrers") != 1 {
			t.Fatalf("after delete: %d", e.count("referrers"))
		}
	})
}

// TestKnownReferrerMailShare: a temple president in the directory may be
// named by more elders in a day than any other mailbox receives from the
// site, so the elders of one temple are not turned away; an address
// outside the directory keeps the ordinary share.
func TestKnownReferrerMailShare(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		const known, stranger = "president@temple.example", "someone@example.net"
		e.referrer(known, "")
		register := func(i int, to string) int {
			e.ip = "198.51.100." + strconv.Itoa(i+1)
			p := validDisciple()
			p["fullName"] = "Elder " + to + " " + strconv.Itoa(i)
			p["discipleEmail"] = "elder" + strconv.Itoa(i) + "@example.org"
			p["templePresidentEmail"] = to
			return e.call("POST", "/api/disciples/register", p, "").Status
		}
		n := auth.MailPerRecipient.Max + 3
		for i := range n {
			if st := register(i, known); st != http.StatusCreated {
				t.Fatalf("registration %d naming the directory's temple president: %d", i+1, st)
			}
		}
		for i := range n {
			want := http.StatusCreated
			if i >= auth.MailPerRecipient.Max {
				want = http.StatusTooManyRequests
			}
			if st := register(i, stranger); st != want {
				t.Fatalf("registration %d naming an unknown address: %d, want %d", i+1, st, want)
			}
		}
	})
}

// TestAcceptWithoutTrustAndLookalikes separates accepting a held
// confirmation from trusting its referrer: accepted without trust, the
// disciple is approved and the address stays out of the directory (its
// next confirmation is held again); a referrer confirmed under the name of
// a directory entry ("keshava  SWAMI" for "Keshava Swami") from another
// address is refused with a 409, changing nothing, until the admin
// confirms it; the admin's own "add referrer" warns the same way.
func TestAcceptWithoutTrustAndLookalikes(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		admin, _ := e.user("admin@example.org", true)
		ref := &store.Referrer{Name: "Keshava Swami", Position: "Temple President", Temple: "Mayapur", Email: "keshava@temple.example"}
		if err := st.InTx(t.Context(), func(tx *store.Tx) error {
			return store.AddReferrer(t.Context(), tx, ref, store.Actor{ID: "test", Email: "test@spdc.example"}, e.clock)
		}); err != nil {
			t.Fatal(err)
		}
		// Accepted without trust: approved, the directory unchanged.
		v, id := e.held("First Applicant", "someone.else@example.net", "Gopal Das")
		r := e.call("POST", "/api/admin/pending-disciples/"+id+"/accept", map[string]any{"__v": v, "trustReferrer": false}, admin)
		if r.Status != 200 || r.message() != "The registration is approved. The referrer was not added to the directory." {
			t.Fatalf("accept without trust: %d %s", r.Status, r.Raw)
		}
		if status, approved, _, _, _ := e.disciple("First Applicant"); status != "approved" || !approved || e.count("referrers") != 1 {
			t.Fatalf("after accept without trust: %s %v, %d referrers", status, approved, e.count("referrers"))
		}
		// So that address's next confirmation is held for review again.
		e.held("Second Applicant", "someone.else@example.net", "Gopal Das")

		// A lookalike of Keshava Swami from another address: refused while
		// unconfirmed, in Hindi too, and nothing changes.
		v, id = e.held("Third Applicant", "keshava.swami@example.net", "  keshava  SWAMI ")
		accept := "/api/admin/pending-disciples/" + id + "/accept"
		r = e.call("POST", accept, map[string]any{"__v": v, "trustReferrer": true, "temple": "Mayapur"}, admin)
		if r.Status != 409 || !strings.Contains(r.message(), "Keshava Swami") || r.fieldErrors()["name"] == nil {
			t.Fatalf("lookalike accepted: %d %s", r.Status, r.Raw)
		}
		if r := e.callWith("POST", accept, map[string]any{"__v": v, "trustReferrer": true}, admin, map[string]string{"Accept-Language": "hi"}); r.Status != 409 || !strings.Contains(r.message(), "पुष्टिकर्ता") {
			t.Fatalf("lookalike in Hindi: %d %s", r.Status, r.Raw)
		}
		if status, _, _, _, _ := e.disciple("Third Applicant"); status != "review" || e.count("referrers") != 1 {
			t.Fatalf("a refused accept changed something: %s, %d referrers", status, e.count("referrers"))
		}
		r = e.call("POST", accept, map[string]any{"__v": v, "trustReferrer": true, "temple": "Mayapur", "confirmSimilar": true}, admin)
		if r.Status != 200 || e.count("referrers") != 2 {
			t.Fatalf("confirmed lookalike: %d %s, %d referrers", r.Status, r.Raw, e.count("referrers"))
		}

		// The admin's own "add referrer" warns the same way.
		add := map[string]any{"name": "KESHAVA swami", "position": "Temple President", "temple": "Kolkata", "email": "k.swami@temple.example", "phone": ""}
		if r := e.call("POST", "/api/admin/referrers", add, admin); r.Status != 409 || r.fieldErrors()["name"] == nil || e.count("referrers") != 2 {
			t.Fatalf("add lookalike: %d %s", r.Status, r.Raw)
		}
		add["confirmSimilar"] = "yes"
		if r := e.call("POST", "/api/admin/referrers", add, admin); r.Status != 400 {
			t.Fatalf("confirmSimilar not a boolean: %d %s", r.Status, r.Raw)
		}
		add["confirmSimilar"] = true
		if r := e.call("POST", "/api/admin/referrers", add, admin); r.Status != 201 || e.count("referrers") != 3 {
			t.Fatalf("add confirmed lookalike: %d %s", r.Status, r.Raw)
		}
		add["name"], add["email"], add["confirmSimilar"] = "Radha Mohan", "radha.mohan@temple.example", false
		if r := e.call("POST", "/api/admin/referrers", add, admin); r.Status != 201 {
			t.Fatalf("add another name: %d %s", r.Status, r.Raw)
		}
	})
}
