package httpapi

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"spdc/internal/roles"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// TestDonorWhoIsAlsoAnElder: Radha Devi gave a gift (with her PAN) and is
// registered as an elder. Each record belongs to the job that made it:
// column by column, every list and export a role may read holds only its
// own job's part of her. No column of an accountant's answers carries
// her date of birth, initiation name, the elder's address or temple
// president; no column of a coordinator's carries her PAN (whole or its
// last digits), the gift's reference or amount, or the donor's address.
// Editors and trustees read no list at all.
func TestDonorWhoIsAlsoAnElder(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withStaffRoles())
		donor, _ := e.user("radha@example.org", false)
		if r := e.call("POST", "/api/donations", validDonation(), donor); r.Status != 201 {
			t.Fatalf("gift: %s", r.Raw)
		}
		ctx := context.Background()
		d := &store.Disciple{FullName: "Radha Devi", DateOfBirth: "1941-03-05", Address: "7 Ashram Lane, Vrindavan", ContactNumber: "+919812312399",
			DiscipleEmail: "radha@example.org", TemplePresidentEmail: "tp-radha@example.org", InitiationDate: "1975-08-12", InitiationName: "Radharani Dasi"}
		if err := st.InTx(ctx, func(tx *store.Tx) error {
			if _, err := store.InsertPendingDisciple(ctx, tx, d, time.UnixMilli(2)); err != nil {
				return err
			}
			return store.ApproveDisciple(ctx, tx, d, store.Approval{ReferrerName: "Keshava Swami", ReferrerPosition: "Temple President",
				ReferrerContact: "+91 1", ReferrerEmail: "tp-radha@example.org"}, time.UnixMilli(2))
		}); err != nil {
			t.Fatal(err)
		}

		elder := []string{"1941", "Radharani", "Ashram Lane", "tp-radha@example.org", "Keshava", "9812312399"}
		gift := []string{"ABCPR4321K", "abcpr4321k", "4321", "412345678901", "5000.50", "5,000.50", "Lake View"}
		forbidden := map[string][]string{roles.Accountant: elder, roles.Coordinator: gift}
		// What each role must still see of its own part.
		own := map[string]string{roles.Accountant: "412345678901", roles.Coordinator: "Radharani Dasi"}

		for _, role := range roles.All {
			r := e.call("GET", "/api/admin/tabs", nil, e.tokens[role])
			var tabs []adminTabJSON
			if err := json.Unmarshal([]byte(r.Raw), &tabs); err != nil {
				t.Fatalf("%s tabs: %v %s", role, err, r.Raw)
			}
			if (role == roles.Editor || role == roles.Trustee) && len(tabs) != 0 {
				t.Errorf("%s reads lists %v", role, tabs)
			}
			seen := ""
			for _, tab := range tabs {
				list := e.call("GET", "/api/admin/"+tab.Name, nil, e.tokens[role])
				exp := e.call("GET", "/api/admin/"+tab.Name+"/export.csv", nil, e.tokens[role])
				rows, err := csv.NewReader(strings.NewReader(exp.Raw)).ReadAll()
				if list.Status != 200 || exp.Status != 200 || err != nil || len(rows) == 0 {
					t.Fatalf("%s reads %s: list %d, export %d, %v", role, tab.Name, list.Status, exp.Status, err)
				}
				seen += list.Raw + exp.Raw
				for _, bad := range forbidden[role] {
					if strings.Contains(list.Raw, bad) {
						t.Errorf("%s's %s list holds %q", role, tab.Name, bad)
					}
				}
				for col, head := range rows[0] {
					for _, row := range rows[1:] {
						if col >= len(row) {
							continue
						}
						for _, bad := range forbidden[role] {
							if strings.Contains(row[col], bad) {
								t.Errorf("%s's %s export, column %q, holds %q", role, tab.Name, head, bad)
							}
						}
					}
				}
			}
			// The admin sees both parts: the markers above are really there
			// for a role that may read them.
			if role == roles.Admin {
				for _, want := range []string{"1941-03-05", "Radharani", "Ashram Lane", "tp-radha@example.org", "4321", "412345678901", "5000.50", "Lake View"} {
					if !strings.Contains(seen, want) {
						t.Errorf("the admin does not see %q", want)
					}
				}
			}
			if want := own[role]; want != "" && !strings.Contains(seen, want) {
				t.Errorf("%s does not see %q of their own work", role, want)
			}
		}
	})
}
