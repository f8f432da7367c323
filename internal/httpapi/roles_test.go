package httpapi

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"spdc/internal/auth"
	"spdc/internal/entity"
	"spdc/internal/roles"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// staffSeed creates a person holding names (none: a plain user) with a
// one-hour session made after the roles were given.
func staffSeed(t testing.TB, st *store.Store, name, email string, names ...string) (id, token string) {
	t.Helper()
	ctx := context.Background()
	u := &store.User{FullName: name, Email: email, PasswordHash: "argon2id$secret-hash", Language: "hi"}
	if err := st.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	if len(names) > 0 {
		if _, err := st.SetStaffRoles(ctx, u.ID, names, u.Version, store.Actor{ID: "test", Email: "test@example.org"}, nil); err != nil {
			t.Fatal(err)
		}
	}
	token = "tok-" + u.ID
	if err := st.CreateSession(ctx, auth.HashToken(token), u.ID, time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	return u.ID, token
}

// expandRoute turns a declared pattern into the concrete paths the table
// calls: {tab} becomes every list (and one that does not exist), the
// other wildcards a record id that exists nowhere.
func expandRoute(pattern string) (method string, paths []string) {
	method, path, _ := strings.Cut(pattern, " ")
	id := store.NewID(time.Now())
	path = strings.NewReplacer("{id}", id, "{file}", "export.csv", "{item}", "reported", "{actionId}", id).Replace(path)
	if !strings.Contains(path, "{tab}") {
		return method, []string{path}
	}
	for _, tab := range roles.Tabs() {
		paths = append(paths, strings.ReplaceAll(path, "{tab}", tab))
	}
	return method, paths
}

// TestRouteRoleTable calls every staff route, as routes declares them,
// as every role and as a signed-in person without one: a role whose
// permissions lack the route's is refused with 403 and the role message,
// a person without a role with 403, and a role that has it is let
// through to the handler (whatever the handler then says of the empty
// request). A route added without a permission is not in the
// declarations, and TestEveryAdminRouteDeclared fails.
func TestRouteRoleTable(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withStaffRoles())
		if len(e.s.staffDecls) < 40 {
			t.Fatalf("only %d staff routes declared", len(e.s.staffDecls))
		}
		calls := 0
		for _, d := range e.s.staffDecls {
			method, paths := expandRoute(d.Pattern)
			for _, path := range paths {
				need := d.Perm
				if need == roles.TabRead || need == roles.TabWrite {
					need, _ = roles.Tab(strings.Split(strings.TrimPrefix(path, "/api/admin/"), "/")[0], d.Perm)
				}
				for _, role := range append([]string{""}, roles.All...) {
					var body any
					if method == "POST" || method == "PUT" {
						body = map[string]any{}
					}
					r := e.call(method, path, body, e.tokens[role])
					calls++
					switch {
					case role == "":
						if r.Status != 403 || r.message() != msgNotStaff.En() {
							t.Errorf("%s %s without a role: %d %s", method, path, r.Status, r.Raw)
						}
					case roles.Has([]string{role}, need):
						if r.Status == 401 || r.message() == msgNoPermission.En() || r.message() == msgNotStaff.En() {
							t.Errorf("%s %s as %s (has %s): refused %d %s", method, path, role, need, r.Status, r.Raw)
						}
					default:
						if r.Status != 403 || r.message() != msgNoPermission.En() {
							t.Errorf("%s %s as %s (lacks %s): %d %s", method, path, role, need, r.Status, r.Raw)
						}
					}
				}
				// Without a session every staff route is 401.
				if r := e.call(method, path, nil, ""); r.Status != 401 {
					t.Errorf("%s %s without a session: %d", method, path, r.Status)
				}
			}
		}
		t.Logf("%d staff routes, %d calls", len(e.s.staffDecls), calls)
	})
}

// TestEveryAdminRouteDeclared reads the package's sources: every route
// under /api/admin is registered through staff, with a permission, and
// every permission named is one the roles table knows.
func TestEveryAdminRouteDeclared(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	undeclared := regexp.MustCompile(`(api|HandleFunc)\("[A-Z]+ /api/admin`)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if undeclared.MatchString(line) {
				t.Errorf("%s:%d registers an admin route without a permission: %s", f, i+1, strings.TrimSpace(line))
			}
		}
	}
	known := append(roles.AllPerms(), roles.TabRead, roles.TabWrite)
	s := newServer(Deps{Store: sqliteStore(t)})
	s.routes()
	for _, d := range s.staffDecls {
		if !slices.Contains(known, d.Perm) {
			t.Errorf("%s needs %q, which no role grants", d.Pattern, d.Perm)
		}
	}
	// Every list of the dashboard has its permissions.
	for _, tab := range entity.Tabs {
		if _, ok := roles.Tab(tab.Name, roles.TabRead); !ok {
			t.Errorf("list %s has no permission", tab.Name)
		}
	}
}

// TestMeCarriesRoles checks GET /api/users/me: roles and permissions, and
// isAdmin true exactly for admin.
func TestMeCarriesRoles(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withStaffRoles())
		for _, role := range append([]string{""}, roles.All...) {
			r := e.call("GET", "/api/users/me", nil, e.tokens[role])
			if r.Status != 200 {
				t.Fatalf("%s: %d %s", role, r.Status, r.Raw)
			}
			var got struct {
				IsAdmin     bool     `json:"isAdmin"`
				Roles       []string `json:"roles"`
				Permissions []string `json:"permissions"`
			}
			if err := json.Unmarshal([]byte(r.Raw), &got); err != nil {
				t.Fatal(err)
			}
			want := []string{}
			if role != "" {
				want = []string{role}
			}
			if got.IsAdmin != (role == roles.Admin) || !slices.Equal(got.Roles, want) || !slices.Equal(got.Permissions, roles.Perms(want)) {
				t.Errorf("%q: %+v", role, got)
			}
		}
	})
}

// TestListsAndExportsPerRole reads the tabs, every list and every export
// as each role: only the lists the role may read are offered and
// answered, column by column the same as an admin's, and no other list's
// personal data (an elder's name, a donor's ID number) appears in any
// answer of a role without that list.
func TestListsAndExportsPerRole(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withStaffRoles())
		donor, _ := e.user("donor@example.org", false)
		refCounter++
		p := validDonation()
		if r := e.call("POST", "/api/donations", p, donor); r.Status != 201 {
			t.Fatalf("report: %s", r.Raw)
		}
		adminSeedDisciple(t, st, "Elder Gopal Das", "approved")
		adminSeedVol(t, st.Writer(), "Vol Sita", "sita@example.org", 3)

		readable := map[string][]string{
			roles.Admin:       {"users", "disciples", "pending-disciples", "volunteers", "hosts", "messages", "subscribers", "donations", "payments", "referrers", "grievances", "care", "partners", "mail", "audit"},
			roles.Coordinator: {"disciples", "pending-disciples", "volunteers", "hosts", "messages", "subscribers", "referrers", "care", "partners"},
			roles.Accountant:  {"donations", "payments"},
			roles.Editor:      {},
			roles.Trustee:     {},
		}
		adminCols := map[string][]string{}
		for _, tab := range entity.Tabs {
			r := e.call("GET", "/api/admin/"+tab.Name+"/export.csv", nil, e.tokens[roles.Admin])
			rows, err := csv.NewReader(strings.NewReader(r.Raw)).ReadAll()
			if r.Status != 200 || err != nil || len(rows) == 0 {
				t.Fatalf("admin export %s: %d %v", tab.Name, r.Status, err)
			}
			adminCols[tab.Name] = rows[0]
		}
		for _, role := range roles.All {
			r := e.call("GET", "/api/admin/tabs", nil, e.tokens[role])
			var tabs []adminTabJSON
			if err := json.Unmarshal([]byte(r.Raw), &tabs); err != nil {
				t.Fatalf("%s tabs: %v %s", role, err, r.Raw)
			}
			var names []string
			for _, tb := range tabs {
				names = append(names, tb.Name)
			}
			if !slices.Equal(names, readable[role]) && !(len(names) == 0 && len(readable[role]) == 0) {
				t.Errorf("%s sees tabs %v, want %v", role, names, readable[role])
			}
			for _, tab := range entity.Tabs {
				may := slices.Contains(readable[role], tab.Name)
				list := e.call("GET", "/api/admin/"+tab.Name, nil, e.tokens[role])
				exp := e.call("GET", "/api/admin/"+tab.Name+"/export.csv", nil, e.tokens[role])
				if !may {
					if list.Status != 403 || exp.Status != 403 {
						t.Errorf("%s reads %s: list %d, export %d", role, tab.Name, list.Status, exp.Status)
					}
					for _, leak := range []string{"Elder Gopal Das", "Radha Devi", "4321", "Vol Sita"} {
						if strings.Contains(list.Raw+exp.Raw, leak) {
							t.Errorf("%s's refused %s answer holds %q", role, tab.Name, leak)
						}
					}
					continue
				}
				rows, err := csv.NewReader(strings.NewReader(exp.Raw)).ReadAll()
				if list.Status != 200 || exp.Status != 200 || err != nil {
					t.Fatalf("%s reads %s: list %d, export %d %v", role, tab.Name, list.Status, exp.Status, err)
				}
				if !slices.Equal(rows[0], adminCols[tab.Name]) {
					t.Errorf("%s's %s columns %v, admin's %v", role, tab.Name, rows[0], adminCols[tab.Name])
				}
			}
			// An accountant's donations export has the donor and no elder;
			// nobody but an admin or coordinator sees the elder.
			if role == roles.Accountant {
				exp := e.call("GET", "/api/admin/donations/export.csv", nil, e.tokens[role])
				if !strings.Contains(exp.Raw, "Radha Devi") || strings.Contains(exp.Raw, "Elder Gopal Das") {
					t.Errorf("accountant's export: %s", exp.Raw)
				}
			}
		}
	})
}

// accessRows reads the access log's lines as (actor, action, entity, id).
func accessRows(t *testing.T, st *store.Store) [][4]string {
	t.Helper()
	rows, err := st.Reader().QueryContext(context.Background(), `SELECT actor_id, action, entity, entity_id FROM access_log ORDER BY created_at, id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out [][4]string
	for rows.Next() {
		var r [4]string
		if err := rows.Scan(&r[0], &r[1], &r[2], &r[3]); err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

// TestAccessLogLooks checks each kind of look leaves a line in the access
// log, a refused one too, that only an admin reads it and can filter it
// by person, and that a person's My Data export lists the roles that
// looked at their records and when, never who.
func TestAccessLogLooks(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withStaffRoles())
		acc, coord, admin := e.tokens[roles.Accountant], e.tokens[roles.Coordinator], e.tokens[roles.Admin]

		// A volunteer with an account: their record is opened by a
		// coordinator.
		volTok, volUser := e.user("seva@example.org", false)
		volID := adminSeedVol(t, st.Writer(), "Seva Volunteer", "seva@example.org", 3)
		if _, err := st.Writer().ExecContext(context.Background(), `UPDATE volunteers SET user_id = ? WHERE id = ?`, volUser, volID); err != nil {
			t.Fatal(err)
		}
		if r := e.call("GET", "/api/admin/volunteers/"+volID+"/notes", nil, coord); r.Status != 200 {
			t.Fatalf("open: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/admin/volunteers/export.csv", nil, coord); r.Status != 200 {
			t.Fatalf("export: %d", r.Status)
		}
		// A gift confirmed and its receipt downloaded by the accountant.
		refCounter++
		p := validDonation()
		r := e.call("POST", "/api/donations", p, volTok)
		if r.Status != 201 {
			t.Fatalf("report: %s", r.Raw)
		}
		gift := r.Body["donation"].(map[string]any)["_id"].(string)
		r = e.call("POST", "/api/admin/donations/"+gift+"/confirm", map[string]any{"receivedOn": "2025-02-21", "amount": "5000.50"}, acc)
		if r.Status != 200 {
			t.Fatalf("confirm: %s", r.Raw)
		}
		receipt := r.Body["donation"].(map[string]any)["receipt"].(map[string]any)["_id"].(string)
		if r := e.call("GET", "/api/admin/receipts/"+receipt+".pdf", nil, acc); r.Status != 200 || !strings.HasPrefix(r.Raw, "%PDF") {
			t.Fatalf("receipt: %d", r.Status)
		}
		if r := e.call("GET", "/api/admin/donations/statement.csv?fy=2024-25", nil, acc); r.Status != 200 {
			t.Fatalf("statement: %d %s", r.Status, r.Raw)
		}
		// A refused look: the accountant tries the volunteers.
		if r := e.call("GET", "/api/admin/volunteers/export.csv", nil, acc); r.Status != 403 {
			t.Fatalf("refused export: %d", r.Status)
		}

		want := [][4]string{
			{e.ids[roles.Coordinator], store.AccessOpen, "volunteers", volID},
			{e.ids[roles.Coordinator], store.AccessExport, "volunteers", ""},
			{e.ids[roles.Accountant], store.AccessReceipt, "donations", gift},
			{e.ids[roles.Accountant], store.AccessExport, "donations", "statement 2024-25"},
			{e.ids[roles.Accountant], store.AccessDenied, "volunteers", ""},
		}
		if got := accessRows(t, st); !slices.Equal(got, want) {
			t.Fatalf("access log:\n got %v\nwant %v", got, want)
		}

		// Only an admin reads it; filtered by a person's record.
		for _, role := range []string{roles.Coordinator, roles.Accountant, roles.Editor, roles.Trustee} {
			if r := e.call("GET", "/api/admin/access-log", nil, e.tokens[role]); r.Status != 403 {
				t.Errorf("%s reads the access log: %d", role, r.Status)
			}
		}
		r = e.call("GET", "/api/admin/access-log?person="+volID, nil, admin)
		var lines []store.AccessEntry
		if err := json.Unmarshal([]byte(r.Raw), &lines); err != nil || r.Status != 200 {
			t.Fatalf("access log: %d %s", r.Status, r.Raw)
		}
		if len(lines) != 1 || lines[0].Action != store.AccessOpen || !slices.Equal(lines[0].Roles, []string{roles.Coordinator}) ||
			r.Header.Get("X-Total-Count") != "1" || lines[0].Route != "GET /api/admin/volunteers/"+volID+"/notes" {
			t.Fatalf("filtered access log: %s", r.Raw)
		}
		if r := e.call("GET", "/api/admin/access-log?person=nope", nil, admin); r.Status != 400 {
			t.Fatalf("bad person id: %d", r.Status)
		}

		// The person's own export: the roles and when, not who.
		r = e.call("GET", "/api/users/me/export", nil, volTok)
		if r.Status != 200 {
			t.Fatalf("my data: %d %s", r.Status, r.Raw)
		}
		looks, _ := r.Body["staffLooks"].([]any)
		if len(looks) != 2 {
			t.Fatalf("my data looks: %s", r.Raw)
		}
		first := looks[0].(map[string]any)
		if first["action"] != store.AccessOpen || first["roles"].([]any)[0] != roles.Coordinator {
			t.Fatalf("first look: %v", first)
		}
		section, _ := json.Marshal(looks)
		for _, who := range []string{"coordinator@example.org", "accountant@example.org", e.ids[roles.Coordinator], e.ids[roles.Accountant]} {
			if strings.Contains(string(section), who) {
				t.Fatalf("my data names who looked (%s): %s", who, section)
			}
		}
	})
}

// TestStaffRoleChanges checks the Staff view's calls: the list, a change
// (mailed to the person in their language, in the audit log, taking effect
// on the very next request), an unknown role, a stale version, and the
// last admin keeping the role.
func TestStaffRoleChanges(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withStaffRoles())
		admin, coord := e.tokens[roles.Admin], e.tokens[roles.Coordinator]
		r := e.call("GET", "/api/admin/staff", nil, admin)
		var staff []store.StaffMember
		if err := json.Unmarshal([]byte(r.Raw), &staff); err != nil || len(staff) != len(roles.All) {
			t.Fatalf("staff: %d %s", r.Status, r.Raw)
		}
		var cm store.StaffMember
		for _, m := range staff {
			if m.ID == e.ids[roles.Coordinator] {
				cm = m
			}
		}
		if !slices.Equal(cm.Roles, []string{roles.Coordinator}) || cm.Email != "coordinator@example.org" || cm.Version == 0 {
			t.Fatalf("coordinator in the list: %+v", cm)
		}
		path := "/api/admin/staff/" + cm.ID + "/roles"

		// The coordinator may read the volunteers now.
		if r := e.call("GET", "/api/admin/volunteers", nil, coord); r.Status != 200 {
			t.Fatalf("before: %d", r.Status)
		}
		audits := func() int {
			var n int
			_ = st.Reader().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM audit_log WHERE action = 'roles'`).Scan(&n)
			return n
		}
		before := audits()

		for _, c := range []struct {
			name   string
			body   any
			status int
			field  string
		}{
			{"unknown role", map[string]any{"roles": []string{"coordinator", "boss"}, "__v": cm.Version}, 400, "roles"},
			{"roles missing", map[string]any{"__v": cm.Version}, 400, "roles"},
			{"roles not a list", map[string]any{"roles": "admin", "__v": cm.Version}, 400, ""},
			{"version missing", map[string]any{"roles": []string{"trustee"}}, 400, "__v"},
			{"stale version", map[string]any{"roles": []string{"trustee"}, "__v": cm.Version - 1}, 409, ""},
		} {
			r := e.call("PUT", path, c.body, admin)
			if r.Status != c.status || (c.field != "" && r.fieldErrors()[c.field] == nil) {
				t.Errorf("%s: %d %s", c.name, r.Status, r.Raw)
			}
		}
		if audits() != before {
			t.Fatal("a refused change was audited")
		}
		// In Hindi, the person's language: the message and the field.
		r = e.callWith("PUT", path, map[string]any{"roles": []string{"chief"}, "__v": cm.Version}, admin, map[string]string{"Accept-Language": "hi"})
		if r.Status != 400 || !strings.Contains(r.message(), "भूमिकाएँ") {
			t.Errorf("Hindi 400: %s", r.Raw)
		}

		// Coordinator becomes trustee: at once, no volunteers.
		r = e.call("PUT", path, map[string]any{"roles": []string{"Trustee"}, "__v": cm.Version}, admin)
		if r.Status != 200 || !strings.Contains(r.Raw, `"roles":["trustee"]`) {
			t.Fatalf("change: %d %s", r.Status, r.Raw)
		}
		if audits() != before+1 {
			t.Fatal("the change is not in the audit log")
		}
		e.clock = e.clock.Add(time.Minute)
		e.mb.Deliver()
		sent := e.mb.To("coordinator@example.org")
		if len(sent) != 1 || !strings.Contains(sent[0].Subject, "भूमिकाएँ") || !strings.Contains(sent[0].Text, "ट्रस्टी") {
			t.Fatalf("mail to the person: %+v", sent)
		}
		// Giving a new role ends the person's sessions: they sign in again.
		if r := e.call("GET", "/api/admin/volunteers", nil, coord); r.Status != 401 {
			t.Fatalf("old session after a new role: %d", r.Status)
		}

		// Taking a role without giving one keeps the session, and the
		// next request already lacks the role.
		_, acc := staffSeed(t, st, "Second Accountant", "acc2@example.org", roles.Accountant, roles.Editor)
		accID := ""
		_ = st.Reader().QueryRowContext(context.Background(), `SELECT id FROM users WHERE email = 'acc2@example.org'`).Scan(&accID)
		if r := e.call("GET", "/api/admin/donations", nil, acc); r.Status != 200 {
			t.Fatalf("accountant before: %d", r.Status)
		}
		v := 0
		_ = st.Reader().QueryRowContext(context.Background(), `SELECT version FROM users WHERE id = ?`, accID).Scan(&v)
		if r := e.call("PUT", "/api/admin/staff/"+accID+"/roles", map[string]any{"roles": []string{"editor"}, "__v": v}, admin); r.Status != 200 {
			t.Fatalf("take accountant: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/admin/donations", nil, acc); r.Status != 403 || r.message() != msgNoPermission.En() {
			t.Fatalf("accountant after: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/admin/site", nil, acc); r.Status != 200 {
			t.Fatalf("editor kept: %d", r.Status)
		}

		// The last admin cannot lose admin; with a second admin, they can.
		adminID := e.ids[roles.Admin]
		_ = st.Reader().QueryRowContext(context.Background(), `SELECT version FROM users WHERE id = ?`, adminID).Scan(&v)
		r = e.call("PUT", "/api/admin/staff/"+adminID+"/roles", map[string]any{"roles": []string{"coordinator"}, "__v": v}, admin)
		if r.Status != 409 || r.message() != msgLastAdmin.En() {
			t.Fatalf("last admin: %d %s", r.Status, r.Raw)
		}
		if got, _ := st.UserRoles(context.Background(), adminID); !slices.Equal(got, []string{roles.Admin}) {
			t.Fatalf("last admin's roles: %v", got)
		}
		_ = st.Reader().QueryRowContext(context.Background(), `SELECT version FROM users WHERE id = ?`, accID).Scan(&v)
		if r := e.call("PUT", "/api/admin/staff/"+accID+"/roles", map[string]any{"roles": []string{"admin", "editor"}, "__v": v}, admin); r.Status != 200 {
			t.Fatalf("second admin: %d %s", r.Status, r.Raw)
		}
		_ = st.Reader().QueryRowContext(context.Background(), `SELECT version FROM users WHERE id = ?`, adminID).Scan(&v)
		if r := e.call("PUT", "/api/admin/staff/"+adminID+"/roles", map[string]any{"roles": []string{"coordinator"}, "__v": v}, admin); r.Status != 200 {
			t.Fatalf("admin steps down: %d %s", r.Status, r.Raw)
		}
		// isAdmin follows the role: the one who stepped down is no admin.
		if r := e.call("GET", "/api/users/me", nil, admin); r.Body["isAdmin"] != false {
			t.Fatalf("isAdmin after stepping down: %s", r.Raw)
		}
		if r := e.call("PUT", "/api/admin/staff/"+accID+"/roles", map[string]any{"roles": []string{}, "__v": 0}, admin); r.Status != 403 {
			t.Fatalf("a coordinator changes roles: %d", r.Status)
		}
	})
}

// TestStaffSessionIdle checks that a session of any member of staff ends
// after the admins' idle time, and a plain user's does not.
func TestStaffSessionIdle(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withStaffRoles())
		if _, err := st.Writer().ExecContext(context.Background(), `UPDATE sessions SET last_seen_at = ?`, store.Millis(e.clock.Add(-store.AdminIdleTimeout-time.Minute))); err != nil {
			t.Fatal(err)
		}
		for _, role := range roles.All {
			if r := e.call("GET", "/api/users/me", nil, e.tokens[role]); r.Status != 401 || r.Header.Get("X-Session-Ended") != "idle" {
				t.Errorf("%s after idle: %d %s", role, r.Status, r.Raw)
			}
		}
		if r := e.call("GET", "/api/users/me", nil, e.tokens[""]); r.Status != 200 {
			t.Errorf("plain user after idle: %d", r.Status)
		}
	})
}
