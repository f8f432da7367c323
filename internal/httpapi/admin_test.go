package httpapi

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"spdc/internal/auth"
	"strings"
	"testing"
	"time"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// adminSeedUser creates a user through the store, with a one-hour session.
func adminSeedUser(t testing.TB, st *store.Store, name, email string, admin bool) (id, token string) {
	t.Helper()
	ctx := context.Background()
	u := &store.User{FullName: name, Email: email, PasswordHash: "argon2id$secret-hash", IsAdmin: admin}
	if err := st.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	token = "tok-" + u.ID
	if err := st.CreateSession(ctx, auth.HashToken(token), u.ID, time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	return u.ID, token
}

// adminSeedVol inserts a volunteer through the store, created at the
// given unix millisecond.
func adminSeedVol(t testing.TB, q store.Querier, name, email string, created int64) string {
	t.Helper()
	v := &store.Volunteer{FullName: name, Email: email, Mobile: "+919876543210", Address: "Vrindavan", Country: "India",
		Experience: "Cooking", Motivation: "Seva", Skills: "Care", Consent: true, AreasOfInterest: []string{"Other"}}
	if err := store.InsertVolunteer(context.Background(), q, v, time.UnixMilli(created)); err != nil {
		t.Fatal(err)
	}
	return v.ID
}

// adminSeedDisciple inserts a pending registration through the store and,
// for status "approved", approves it as a temple president's answer does.
func adminSeedDisciple(t testing.TB, st *store.Store, name, status string) string {
	t.Helper()
	ctx := context.Background()
	d := &store.Disciple{FullName: name, TemplePresidentEmail: "tp@example.org"}
	err := st.InTx(ctx, func(tx *store.Tx) error {
		if _, err := store.InsertPendingDisciple(ctx, tx, d, time.UnixMilli(2)); err != nil {
			return err
		}
		if status != "approved" {
			return nil
		}
		return store.ApproveDisciple(ctx, tx, d, store.Approval{ReferrerName: "Ref Name", ReferrerPosition: "Temple President",
			ReferrerContact: "+91 1", ReferrerEmail: "ref@example.org"}, time.UnixMilli(2))
	})
	if err != nil {
		t.Fatal(err)
	}
	return d.ID
}

func (e *env) version(t *testing.T, table, id string) int {
	t.Helper()
	var v int
	if err := e.st.Reader().QueryRowContext(context.Background(), "SELECT version FROM "+table+" WHERE id = ?", id).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func (e *env) auditCount(t *testing.T) int {
	t.Helper()
	var n int
	_ = e.st.Reader().QueryRowContext(context.Background(), "SELECT COUNT(*) FROM audit_log").Scan(&n)
	return n
}

// TestAdminAccessScenarios runs every admin endpoint as a visitor, a user
// and an admin.
func TestAdminAccessScenarios(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		// The audit list is checked newest first below: each reading of
		// the store's clock is a new millisecond, so the edits and deletes
		// never share one (where the partly random id would decide).
		st.SetClock(storetest.NewClock(time.Now(), time.Millisecond).Now)
		e := newEnv(t, st, withAdminWorld(), withoutMail())
		missing := store.NewID(time.Now())
		type sc struct {
			name, method, path string
			body               any
			status             int
			msg                string
		}
		var cases []sc
		// Every route: visitor 401, user 403.
		for _, tab := range []string{"users", "disciples", "pending-disciples", "volunteers", "hosts", "messages", "audit"} {
			for _, p := range []struct{ m, path string }{
				{"GET", "/api/admin/" + tab}, {"GET", "/api/admin/" + tab + "/export.csv"},
				{"PUT", "/api/admin/" + tab + "/" + missing}, {"DELETE", "/api/admin/" + tab + "/" + missing},
			} {
				cases = append(cases,
					sc{"visitor " + p.m + " " + p.path, p.m, p.path, map[string]any{"__v": 0}, 401, ""},
					sc{"user " + p.m + " " + p.path, p.m, p.path, map[string]any{"__v": 0}, 403, "You are not authorized to view this page."})
			}
		}
		// as makes the rows scenarios signed in with tok, or with the
		// user's session for the rows named "user …".
		as := func(tok string, rows []sc) []scenario {
			out := make([]scenario, 0, len(rows))
			for _, c := range rows {
				session := tok
				if strings.HasPrefix(c.name, "user") {
					session = e.userTok
				}
				out = append(out, scenario{name: c.name, method: c.method, path: c.path, body: c.body, session: session, status: c.status, message: c.msg})
			}
			return out
		}
		runScenarios(t, e, as("", cases))

		// Admin rules.
		v := func(table, id string) int { return e.version(t, table, id) }
		admin := []sc{
			{"list users", "GET", "/api/admin/users", nil, 200, ""},
			{"unknown tab", "GET", "/api/admin/nope", nil, 404, "There is no such list."},
			{"unknown tab export", "GET", "/api/admin/nope/export.csv", nil, 404, ""},
			{"bad sort", "GET", "/api/admin/users?sort=password_hash", nil, 400, ""},
			{"bad page", "GET", "/api/admin/users?page=0", nil, 400, ""},
			{"page size too big", "GET", "/api/admin/users?pageSize=5000", nil, 400, ""},
			{"page size not a number", "GET", "/api/admin/users?pageSize=ten", nil, 400, ""},
			{"edit admin user", "PUT", "/api/admin/users/" + e.admin2ID, map[string]any{"fullName": "X", "__v": 0}, 403, msgEditAdmin.En()},
			{"delete admin user", "DELETE", "/api/admin/users/" + e.admin2ID, nil, 403, msgDeleteAdmin.En()},
			{"delete self", "DELETE", "/api/admin/users/" + e.adminID, nil, 403, msgDeleteAdmin.En()},
			{"promote user", "PUT", "/api/admin/users/" + e.userID, map[string]any{"isAdmin": true, "__v": 0}, 403, msgPromote.En()},
			{"approve disciple", "PUT", "/api/admin/disciples/" + e.discID, map[string]any{"isApproved": false, "__v": 1}, 403, msgApprove.En()},
			{"edit pending", "PUT", "/api/admin/pending-disciples/" + e.pendID, map[string]any{"fullName": "X", "__v": 0}, 403, msgEditNotAllowed.En()},
			{"edit subscriber", "PUT", "/api/admin/subscribers/" + e.msgID, map[string]any{"email": "x@example.org", "__v": 0}, 403, msgEditNotAllowed.En()},
			{"edit audit", "PUT", "/api/admin/audit/" + missing, map[string]any{}, 403, msgEditNotAllowed.En()},
			{"delete audit", "DELETE", "/api/admin/audit/" + missing, nil, 403, msgDelNotAllowed.En()},
			{"pending through disciples tab", "PUT", "/api/admin/disciples/" + e.pendID, map[string]any{"fullName": "X", "__v": 0}, 404, ""},
			{"missing id", "PUT", "/api/admin/volunteers/" + missing, map[string]any{"fullName": "X", "__v": 0}, 404, ""},
			{"missing id delete", "DELETE", "/api/admin/volunteers/" + missing, nil, 404, ""},
			{"malformed id", "PUT", "/api/admin/volunteers/xyz'--", map[string]any{"__v": 0}, 400, "The record id is not valid."},
			{"malformed id delete", "DELETE", "/api/admin/volunteers/ABC", nil, 400, ""},
			{"no version", "PUT", "/api/admin/volunteers/" + e.volID, map[string]any{"fullName": "X"}, 400, ""},
			{"stale version", "PUT", "/api/admin/volunteers/" + e.volID, map[string]any{"fullName": "X", "__v": 7}, 409, ""},
			{"wrong type", "PUT", "/api/admin/volunteers/" + e.volID, map[string]any{"fullName": 12, "__v": 0}, 400, ""},
			{"wrong list type", "PUT", "/api/admin/volunteers/" + e.volID, map[string]any{"areasOfInterest": "Other", "__v": 0}, 400, ""},
			{"not an object", "PUT", "/api/admin/volunteers/" + e.volID, "[1,2]", 400, ""},
			{"not JSON", "PUT", "/api/admin/volunteers/" + e.volID, "{", 400, ""},
			{"unknown field", "PUT", "/api/admin/volunteers/" + e.volID, map[string]any{"isAdmin": true, "__v": 0}, 400, ""},
			{"smuggled column", "PUT", "/api/admin/users/" + e.userID, map[string]any{"password_hash": "x", "is_admin": true, "__v": 0}, 400, ""},
			{"required emptied", "PUT", "/api/admin/volunteers/" + e.volID, map[string]any{"fullName": " ", "__v": 0}, 400, ""},
			{"bad email", "PUT", "/api/admin/volunteers/" + e.volID, map[string]any{"email": "not-an-email", "__v": 0}, 400, ""},
			{"bad date", "PUT", "/api/admin/disciples/" + e.discID, map[string]any{"dateOfBirth": "31/12/1940", "__v": 1}, 400, ""},
			{"duplicate email", "PUT", "/api/admin/users/" + e.userID, map[string]any{"email": "admin2@example.org", "__v": 0}, 409, "Email or mobile already registered"},
		}
		before := e.auditCount(t)
		discV := v("disciples", e.discID) // approved: one change after its insert
		runScenarios(t, e, as(e.adminTok, admin))
		if n := e.auditCount(t); n != before {
			t.Fatalf("refused requests wrote %d audit rows", n-before)
		}
		if v("volunteers", e.volID) != 0 || v("users", e.userID) != 0 || v("users", e.admin2ID) != 0 || v("disciples", e.discID) != discV {
			t.Fatal("a refused request changed a record")
		}

		// Allowed edits: read-only fields are ignored, whatever they say.
		rec := e.call("PUT", "/api/admin/users/"+e.userID, map[string]any{
			"_id": "aaaaaaaaaaaaaaaaaaaaaaaa", "fullName": "Renamed User", "email": "USER2@Example.org", "mobile": "098765 43210",
			"isAdmin": false, "password": "hunter2hunter2", "createdAt": "2001-01-01T00:00:00Z", "updatedAt": "x", "__v": 0,
		}, e.adminTok)
		if rec.Status != 200 {
			t.Fatalf("edit user: %d %s", rec.Status, rec.Raw)
		}
		var u map[string]any
		_ = json.Unmarshal([]byte(rec.Raw), &u)
		if u["_id"] != e.userID || u["fullName"] != "Renamed User" || u["email"] != "user2@example.org" || u["mobile"] != "+919876543210" ||
			u["isAdmin"] != false || u["__v"] != float64(1) || strings.HasPrefix(u["createdAt"].(string), "2001") {
			t.Fatalf("edited user: %v", u)
		}
		if strings.Contains(rec.Raw, "password") || strings.Contains(rec.Raw, "secret-hash") {
			t.Fatalf("user answer leaks a password field: %s", rec.Raw)
		}
		var hash string
		_ = st.Reader().QueryRowContext(context.Background(), "SELECT password_hash FROM users WHERE id = ?", e.userID).Scan(&hash)
		if hash != "argon2id$secret-hash" {
			t.Fatal("password changed through an admin edit")
		}
		rec = e.call("PUT", "/api/admin/disciples/"+e.discID, map[string]any{
			"fullName": "Renamed Disciple", "isApproved": true, "status": "declined", "referrer": map[string]any{"name": "Forged"}, "__v": discV}, e.adminTok)
		if rec.Status != 200 || !strings.Contains(rec.Raw, `"referrer":{"name":"Ref Name"`) || !strings.Contains(rec.Raw, `"status":"approved"`) {
			t.Fatalf("edit disciple: %d %s", rec.Status, rec.Raw)
		}
		rec = e.call("PUT", "/api/admin/hosts/"+e.hostID, map[string]any{"facilities": []string{"Wifi/Communication"}, "consentTerms": false, "__v": 0}, e.adminTok)
		if rec.Status != 200 || !strings.Contains(rec.Raw, `"facilities":["Wifi/Communication"]`) || !strings.Contains(rec.Raw, `"consentTerms":true`) {
			t.Fatalf("edit host: %d %s", rec.Status, rec.Raw)
		}
		for _, p := range []string{"/api/admin/pending-disciples/" + e.pendID, "/api/admin/messages/" + e.msgID, "/api/admin/volunteers/" + e.volID} {
			if rec := e.call("DELETE", p, nil, e.adminTok); rec.Status != 200 || rec.message() != msgEntryDeleted.En() {
				t.Fatalf("delete %s: %d %s", p, rec.Status, rec.Raw)
			}
		}
		if n := e.auditCount(t); n != before+6 {
			t.Fatalf("audit rows: %d, want %d", n-before, 6)
		}
		rec = e.call("GET", "/api/admin/audit?page=1&pageSize=2", nil, e.adminTok)
		var audit []map[string]any
		_ = json.Unmarshal([]byte(rec.Raw), &audit)
		if rec.Status != 200 || rec.Header.Get("X-Total-Count") != "6" || len(audit) != 2 || audit[0]["action"] != "erase" || audit[0]["actorEmail"] != "admin@example.org" {
			t.Fatalf("audit list: %d %s", rec.Status, rec.Raw)
		}
		if strings.Contains(e.call("GET", "/api/admin/audit", nil, e.adminTok).Raw, "hunter2") {
			t.Fatal("audit log holds a password")
		}
	})
}

func TestAdminListShapes(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withAdminWorld(), withoutMail())
		for i := 0; i < 12; i++ {
			adminSeedVol(t, st.Writer(), fmt.Sprintf("Bulk %02d", i), fmt.Sprintf("bulk%d@example.org", i), int64(100+i))
		}
		rec := e.call("GET", "/api/admin/volunteers", nil, e.adminTok)
		var all []map[string]any
		if err := json.Unmarshal([]byte(rec.Raw), &all); err != nil || len(all) != 13 || rec.Header.Get("X-Total-Count") != "13" {
			t.Fatalf("whole list: %v %d %s", err, len(all), rec.Header.Get("X-Total-Count"))
		}
		keys := []string{}
		for k := range all[0] {
			keys = append(keys, k)
		}
		for _, k := range []string{"_id", "fullName", "areasOfInterest", "consent", "createdAt", "updatedAt", "__v"} {
			if _, ok := all[0][k]; !ok {
				t.Errorf("volunteer lacks %s: %v", k, keys)
			}
		}
		if !strings.HasSuffix(strings.TrimSpace(rec.Raw), `"}]`) || !strings.Contains(rec.Raw, `"__v":0,"_id":"`) {
			t.Errorf("id is not the last column: %s", rec.Raw[:300])
		}
		rec = e.call("GET", "/api/admin/volunteers?q=bulk&page=3&pageSize=5&sort=fullName", nil, e.adminTok)
		var page []map[string]any
		_ = json.Unmarshal([]byte(rec.Raw), &page)
		if rec.Header.Get("X-Total-Count") != "12" || len(page) != 2 || page[0]["fullName"] != "Bulk 10" {
			t.Fatalf("page: %s %v", rec.Header.Get("X-Total-Count"), page)
		}
		rec = e.call("GET", "/api/admin/volunteers?q=%25&page=1&pageSize=5", nil, e.adminTok)
		if rec.Raw != "[]\n" || rec.Header.Get("X-Total-Count") != "0" {
			t.Fatalf("%% must match literally: %s", rec.Raw)
		}
		rec = e.call("GET", "/api/admin/users", nil, e.adminTok)
		if strings.Contains(rec.Raw, "password") || strings.Contains(rec.Raw, "secret-hash") {
			t.Fatalf("users list leaks: %s", rec.Raw)
		}
		rec = e.call("GET", "/api/admin/pending-disciples", nil, e.adminTok)
		if !strings.Contains(rec.Raw, `"status":"awaiting"`) || strings.Contains(rec.Raw, "hash-") {
			t.Fatalf("pending list: %s", rec.Raw)
		}
		rec = e.call("GET", "/api/admin/disciples", nil, e.adminTok)
		if !strings.Contains(rec.Raw, `"referrer":{"name":"Ref Name","position":"Temple President","contact":"+91 1","email":"ref@example.org"}`) {
			t.Fatalf("referrer object: %s", rec.Raw)
		}
	})
}

func TestAdminExportCSV(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withAdminWorld(), withoutMail())
		adminSeedVol(t, st.Writer(), "@SUM(A1)", "x@example.org", 10)
		adminSeedVol(t, st.Writer(), "-2+3", "y@example.org", 11)
		adminSeedVol(t, st.Writer(), "\tTabbed, \"quoted\"\nline", "z@example.org", 12)
		adminSeedVol(t, st.Writer(), "राधा", "radha@example.org", 13)

		rec := e.call("GET", "/api/admin/volunteers/export.csv?q=example.org", nil, e.adminTok)
		if rec.Status != 200 || rec.Header.Get("Content-Disposition") != `attachment; filename="volunteers-data.csv"` ||
			!strings.HasPrefix(rec.Header.Get("Content-Type"), "text/csv") {
			t.Fatalf("export headers: %d %v", rec.Status, rec.Header)
		}
		body := []byte(rec.Raw)
		if !bytes.HasPrefix(body, []byte("\xEF\xBB\xBF")) {
			t.Fatal("no byte-order mark")
		}
		rows, err := csv.NewReader(bytes.NewReader(body[3:])).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(rows[0][:2], ",") != "Full name,Email" || rows[0][len(rows[0])-1] != "ID" {
			t.Fatalf("header: %v", rows[0])
		}
		names := map[string]bool{}
		for _, r := range rows[1:] {
			names[r[0]] = true
		}
		want := []string{"'@SUM(A1)", "'-2+3", "'\tTabbed, \"quoted\"\nline", "राधा", "Vol One"}
		if len(rows) != 6 {
			t.Fatalf("rows: %d %v", len(rows)-1, rows)
		}
		for _, w := range want {
			if !names[w] {
				t.Errorf("missing cell %q in %v", w, names)
			}
		}
		if !strings.Contains(string(body), ",'+919876543210,") || !strings.Contains(string(body), ",Yes,") {
			t.Errorf("phone or boolean cell: %s", body)
		}
		// Exactly the filtered set.
		rec = e.call("GET", "/api/admin/volunteers/export.csv?q=radha", nil, e.adminTok)
		rows, _ = csv.NewReader(bytes.NewReader([]byte(rec.Raw)[3:])).ReadAll()
		if len(rows) != 2 || rows[1][0] != "राधा" {
			t.Fatalf("filtered export: %v", rows)
		}
		rec = e.call("GET", "/api/admin/messages/export.csv", nil, e.adminTok)
		if !strings.Contains(rec.Raw, `"'=HYPERLINK(""http://evil"")"`) {
			t.Fatalf("formula not neutralised: %s", rec.Raw)
		}
		rec = e.call("GET", "/api/admin/users/export.csv", nil, e.adminTok)
		if strings.Contains(rec.Raw, "secret-hash") {
			t.Fatal("export leaks password hashes")
		}
	})
}

// flushCounter is a ResponseWriter that counts flushes and the bytes
// written before each, to see that an export is streamed.
type flushCounter struct {
	*httptest.ResponseRecorder
	flushes int
}

func (f *flushCounter) Flush() { f.flushes++; f.ResponseRecorder.Flush() }

func TestAdminExportStreams(t *testing.T) {
	st := storetest.OpenURL(t, "sqlite://"+filepath.Join(t.TempDir(), "spdc.db"))
	e := newEnv(t, st, withAdminWorld(), withoutMail())
	if err := st.InTx(context.Background(), func(tx *store.Tx) error {
		for i := 0; i < 5000; i++ {
			adminSeedVol(t, tx, fmt.Sprintf("Person %d", i), fmt.Sprintf("p%d@example.org", i), int64(i))
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest("GET", "/api/admin/volunteers/export.csv", nil)
	req.Header.Set("Authorization", "Bearer "+e.adminTok)
	w := &flushCounter{ResponseRecorder: httptest.NewRecorder()}
	e.h.ServeHTTP(w, req)
	if w.Code != 200 || w.flushes < 4 {
		t.Fatalf("export of 5,000 rows flushed %d times (status %d)", w.flushes, w.Code)
	}
	if n := bytes.Count(w.Body.Bytes(), []byte("\n")); n != 5002 {
		t.Fatalf("lines: %d", n)
	}
}

// adminSeed100k fills the volunteers table with n rows in one
// transaction, through the store's insert.
func adminSeed100k(b testing.TB, st *store.Store, n int) {
	words := []string{"krishna", "radha", "govinda", "mumbai", "london", "temple", "seva", "prasadam", "kirtan", "service", "elderly", "garden"}
	err := st.InTx(context.Background(), func(tx *store.Tx) error {
		for i := 0; i < n; i++ {
			extra := words[i%len(words)] + " " + words[(i/7)%len(words)] + " " + words[(i/13)%len(words)]
			v := &store.Volunteer{FullName: fmt.Sprintf("Person %d", i), Email: fmt.Sprintf("person%d@example.org", i), Mobile: "+919876543210",
				Address: fmt.Sprintf("%d Temple Road, Vrindavan", i), Country: "India", Experience: extra,
				Motivation: "To serve the elderly devotees", Skills: "Cooking, driving", Consent: true,
				AreasOfInterest: []string{"Financial Assistance", "Other"}}
			if err := store.InsertVolunteer(context.Background(), tx, v, time.UnixMilli(int64(i))); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
}

// BenchmarkAdminList100k measures a page of the volunteers list with a
// search term over 100,000 records on SQLite (budget: 50 ms).
func BenchmarkAdminList100k(b *testing.B) {
	st := storetest.OpenURL(b, "sqlite://"+filepath.Join(b.TempDir(), "spdc.db"))
	e := newEnv(b, st, withAdminWorld(), withoutMail())
	adminSeed100k(b, st, 100_000)
	for _, c := range []struct{ name, q string }{
		{"search-name", "q=person%2042&page=1&pageSize=5"},
		{"search-email", "q=person4242%40&page=1&pageSize=5"},
		{"search-broad", "q=krishna&page=1&pageSize=50"},
		{"search-broad-page1", "q=krishna&page=1&pageSize=5"},
		{"search-short", "q=zq&page=1&pageSize=5"},
		{"no-search", "page=20&pageSize=50"},
		{"sort-name", "q=person%2042&page=1&pageSize=5&sort=fullName"},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				rec := e.call("GET", "/api/admin/volunteers?"+c.q, nil, e.adminTok)
				if rec.Status != 200 {
					b.Fatal(rec.Status, rec.Raw)
				}
			}
		})
	}
}

// BenchmarkAdminExport100k measures the CSV export of 100,000 records
// (budget: 3 s) and reports the peak heap while it streams.
func BenchmarkAdminExport100k(b *testing.B) {
	st := storetest.OpenURL(b, "sqlite://"+filepath.Join(b.TempDir(), "spdc.db"))
	e := newEnv(b, st, withAdminWorld(), withoutMail())
	adminSeed100k(b, st, 100_000)
	srv := httptest.NewServer(e.h)
	defer srv.Close()
	for b.Loop() {
		runtime.GC()
		var peak uint64
		done := make(chan struct{})
		go func() {
			var ms runtime.MemStats
			for {
				select {
				case <-done:
					return
				case <-time.After(20 * time.Millisecond):
					runtime.ReadMemStats(&ms)
					if ms.HeapInuse > peak {
						peak = ms.HeapInuse
					}
				}
			}
		}()
		req, _ := http.NewRequest("GET", srv.URL+"/api/admin/volunteers/export.csv", nil)
		req.Header.Set("Authorization", "Bearer "+e.adminTok)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		n, _ := io.Copy(io.Discard, res.Body)
		res.Body.Close()
		close(done)
		b.ReportMetric(float64(n)/1e6, "MB-csv")
		b.ReportMetric(float64(peak)/1e6, "MB-peak-heap")
	}
}

// adminMsg is the message of an answer read straight from a recorder.
func adminMsg(rec *httptest.ResponseRecorder) string {
	var b struct{ Message string }
	_ = json.Unmarshal(rec.Body.Bytes(), &b)
	return b.Message
}
