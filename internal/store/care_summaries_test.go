package store_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"spdc/internal/care"
	"spdc/internal/india"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// The report's summaries follow the writes: a past year's needs are those
// of each elder's latest assessment by that year's end (a later or
// back-dated assessment does not change it), a need turns met or open as
// actions change, a cancelled payment can leave a year unserved and a
// contact serves it again. The migration that fills the summaries for
// existing rows gives the same summaries as the writes kept.
func TestCareReportSummariesKeptByWrites(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		in := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 6, 0, 0, 0, india.IST) }
		a := careElder(t, st, "Gopal", in(2025, 5, 1))
		b := careElder(t, st, "Sita", in(2026, 5, 1))
		careGift(t, st, "Health", 10_000_00, "2026-04-10", "confirmed")
		coord := store.Actor{ID: "c"}
		assess := func(record, on string, services ...string) {
			t.Helper()
			as := &store.CareAssessment{RecordID: record, AssessedOn: on}
			for _, s := range services {
				as.Needs = append(as.Needs, store.CareNeed{Service: s, Priority: "normal"})
			}
			if err := st.AddCareAssessment(ctx, as, coord); err != nil {
				t.Fatal(err)
			}
		}
		report := func(fy india.FY) (served int, needs string) {
			t.Helper()
			r, err := st.CareReport(ctx, fy, "2026-11-27")
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range r.Needs {
				if n.Open+n.Met > 0 {
					needs += fmt.Sprintf("%s %d/%d ", n.Service, n.Open, n.Met)
				}
			}
			return r.Elders.Served, needs
		}
		assess(a, "2026-02-10", "healthcare", "financial")
		assess(a, "2026-06-01", "spiritual")
		assess(a, "2026-01-05", "advocacy") // back-dated: older than the latest of 2025-26
		act := &store.CareAction{RecordID: a, Service: "healthcare", Action: "Doctor", Status: "done"}
		if err := st.AddCareAction(ctx, act, coord); err != nil {
			t.Fatal(err)
		}
		if served, needs := report(india.FY(2025)); served != 1 || needs != "financial 1/0 healthcare 0/1 " {
			t.Errorf("2025-26: served %d, needs %q", served, needs)
		}
		if served, needs := report(india.FY(2026)); served != 1 || needs != "spiritual 1/0 " {
			t.Errorf("2026-27: served %d, needs %q", served, needs)
		}
		act.Service = "spiritual"
		if _, err := st.UpdateCareAction(ctx, act, act.Version, coord); err != nil {
			t.Fatal(err)
		}
		if _, needs := report(india.FY(2025)); needs != "financial 1/0 healthcare 1/0 " {
			t.Errorf("2025-26 after the action moved: %q", needs)
		}
		if _, needs := report(india.FY(2026)); needs != "spiritual 0/1 " {
			t.Errorf("2026-27 after the action moved: %q", needs)
		}

		paid, err := st.RecordPayment(ctx, b, payment("Health", "healthcare", 1_000_00, "2026-07-01"), coord)
		if err != nil || paid.Status != care.StatusApproved {
			t.Fatalf("payment %+v %v", paid, err)
		}
		if served, _ := report(india.FY(2026)); served != 2 {
			t.Errorf("served with the payment: %d", served)
		}
		if _, err := st.CancelPayment(ctx, paid.ID, "Paid twice", coord); err != nil {
			t.Fatal(err)
		}
		if served, _ := report(india.FY(2026)); served != 1 {
			t.Errorf("served after the cancel: %d", served)
		}
		if err := st.AddCareContact(ctx, &store.CareContact{RecordID: b, ContactOn: "2027-03-31", Kind: "call", Summary: "Well"}, coord); err != nil {
			t.Fatal(err)
		}
		if served, _ := report(india.FY(2026)); served != 2 {
			t.Errorf("served with the contact: %d", served)
		}
		if served, _ := report(india.FY(2027)); served != 0 {
			t.Errorf("2027-28 served: %d", served)
		}

		kept := careSummaries(t, st)
		if _, err := st.Writer().ExecContext(ctx, `UPDATE care_needs SET assessed_on = '', superseded_on = '', met = 0`); err != nil {
			t.Fatal(err)
		}
		if _, err := st.Writer().ExecContext(ctx, `DELETE FROM care_served`); err != nil {
			t.Fatal(err)
		}
		storetest.Rerun(t, st, 421)
		if filled := careSummaries(t, st); !reflect.DeepEqual(filled, kept) {
			t.Errorf("migration filled\n%v\nwrites kept\n%v", filled, kept)
		}
	})
}

// careSummaries lists the report's summaries in a fixed order.
func careSummaries(t *testing.T, st *store.Store) []string {
	t.Helper()
	var out []string
	for _, q := range []string{
		`SELECT service || ' ' || assessed_on || ' ' || superseded_on || ' ' || CAST(met AS TEXT) FROM care_needs ORDER BY assessed_on, service`,
		`SELECT CAST(fy AS TEXT) || ' ' || record_id FROM care_served ORDER BY fy, record_id`,
	} {
		rows, err := st.Reader().QueryContext(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var s string
			if err := rows.Scan(&s); err != nil {
				t.Fatal(err)
			}
			out = append(out, s)
		}
		rows.Close()
	}
	return out
}
