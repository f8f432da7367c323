package httpapi

import (
	"context"
	"strings"
	"testing"
	"time"

	"spdc/internal/roles"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// A host offer's capacity is set from the dashboard (a whole number from
// 1 to 50, one until then), and a stay of the care plan that would take
// more elders on some night than the host can have is a 400 that says so
// at the host and the stay's days, saving nothing.
func TestCareStayHostCapacityAPI(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withStaffRoles())
		coord, admin := e.tokens[roles.Coordinator], e.tokens[roles.Admin]
		host := &store.Host{FullName: "Host Family", WhyHost: "To serve", ConsentTerms: true, ConsentContact: true}
		if err := store.InsertHost(context.Background(), st.Writer(), host, time.UnixMilli(4)); err != nil {
			t.Fatal(err)
		}
		_, first := careSeedElder(t, e, "Radha Devi", "radha.elder@example.org", "Mayapur")
		_, second := careSeedElder(t, e, "Sita Devi", "sita.elder@example.org", "Mayapur")
		stay := func(id, from, to string) map[string]any {
			return map[string]any{"service": "relocation", "action": "Stay with the family", "responsibleId": e.ids[roles.Coordinator],
				"targetDate": from, "status": "planned", "hostId": host.ID, "stayFrom": from, "stayTo": to}
		}
		if r := e.call("POST", "/api/admin/care/"+first+"/actions", stay(first, "2026-12-01", "2026-12-10"), coord); r.Status != 201 {
			t.Fatalf("first stay: %d %s", r.Status, r.Raw)
		}
		r := e.call("POST", "/api/admin/care/"+second+"/actions", stay(second, "2026-12-05", "2026-12-12"), coord)
		fe := r.fieldErrors()
		want := "This host can take 1 elders at a time, and other stays already fill those places on 2026-12-05. Choose other dates or another host."
		if r.Status != 400 || fe["hostId"] != want || fe["stayFrom"] != want || fe["stayTo"] != want {
			t.Fatalf("over capacity: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/admin/care/"+second, nil, coord); r.Status != 200 || len(r.Body["actions"].([]any)) != 0 {
			t.Fatalf("a refused stay saved: %s", r.Raw)
		}

		// The care staff set the offer's capacity: a whole number from 1
		// to 50 (a form's text box sends digits); the hosts list shows it.
		capacity := "/api/admin/hosts/" + host.ID + "/capacity"
		for _, bad := range []any{"0", 51, "two", 1.5, nil} {
			if r := e.call("PUT", capacity, map[string]any{"capacity": bad}, coord); r.Status != 400 || r.fieldErrors()["capacity"] == "" {
				t.Fatalf("capacity %v: %d %s", bad, r.Status, r.Raw)
			}
		}
		if r := e.call("PUT", capacity, map[string]any{"capacity": 2, "note": "x"}, coord); r.Status != 400 || r.fieldErrors()["note"] == "" {
			t.Fatalf("an unknown field: %d %s", r.Status, r.Raw)
		}
		if r := e.call("PUT", "/api/admin/hosts/"+store.NewID(time.Now())+"/capacity", map[string]any{"capacity": 2}, coord); r.Status != 404 {
			t.Fatalf("no such host: %d %s", r.Status, r.Raw)
		}
		if r := e.call("PUT", capacity, map[string]any{"capacity": "2"}, e.tokens[roles.Trustee]); r.Status != 403 {
			t.Fatalf("a trustee sets a capacity: %d", r.Status)
		}
		if r := e.call("PUT", capacity, map[string]any{"capacity": "2"}, coord); r.Status != 200 || num(r.Body["capacity"]) != 2 {
			t.Fatalf("capacity 2: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/admin/hosts", nil, admin); r.Status != 200 || !strings.Contains(r.Raw, `"capacity":2`) {
			t.Fatalf("the hosts list: %d %s", r.Status, r.Raw)
		}
		if r := e.call("POST", "/api/admin/care/"+second+"/actions", stay(second, "2026-12-05", "2026-12-12"), coord); r.Status != 201 {
			t.Fatalf("with two places: %d %s", r.Status, r.Raw)
		}
	})
}
