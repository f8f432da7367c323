package store_test

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"spdc/internal/india"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// TestCareReportAtScale times a year's report with the register at the
// size the program plans for: SPDC_CARE_SCALE=100000 elders (each with
// 50 contacts over two years, an assessment with two needs, an action
// and a payment). It is skipped unless the variable is set, since
// filling the database takes minutes. The report must answer in under a
// second.
func TestCareReportAtScale(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("SPDC_CARE_SCALE"))
	if n <= 0 {
		t.Skip("set SPDC_CARE_SCALE to the number of elders to time the report at scale")
	}
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		w := st.Writer()
		start := time.Now()
		// Rows are made by recursive queries that both databases run.
		fill := []string{
			`INSERT INTO disciples (id, full_name, temple_president_email, status, created_at, updated_at)
				WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?)
				SELECT 'd' || i, 'Elder ' || i, 'tp@example.org', 'approved', 1767225600000, 1767225600000 FROM k`,
			`INSERT INTO care_records (id, disciple_id, full_name, status, next_contact_due, created_at, updated_at)
				SELECT id, id, full_name, 'active', '2026-11-' || (10 + length(id) % 10), created_at, created_at FROM disciples`,
			`INSERT INTO care_assessments (id, record_id, assessed_on, created_at) SELECT 'a' || id, id, '2026-05-01', 0 FROM care_records`,
			`INSERT INTO care_needs (assessment_id, record_id, service, priority) SELECT 'a' || id, id, 'healthcare', 'high' FROM care_records`,
			`INSERT INTO care_needs (assessment_id, record_id, service, priority) SELECT 'a' || id, id, 'financial', 'normal' FROM care_records`,
			`INSERT INTO care_actions (id, record_id, service, action, status, created_at, updated_at)
				SELECT 'x' || id, id, 'healthcare', 'Doctor', 'done', 0, 0 FROM care_records`,
			`INSERT INTO care_payments (id, record_id, kind, amount_paise, purpose, service, paid_on, mode, payee, status, created_at, updated_at)
				SELECT 'p' || id, id, 'money', 100000, 'Health', 'healthcare', '2026-06-15', 'upi', 'City Hospital', 'approved', 0, 0 FROM care_records`,
		}
		for i, q := range fill {
			var args []any
			if i == 0 {
				args = []any{n}
			}
			if _, err := w.ExecContext(ctx, q, args...); err != nil {
				t.Fatalf("fill %d: %v", i, err)
			}
		}
		// Fifty contacts per elder, spread over two years.
		for j := range 50 {
			day := time.Date(2025, 4, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, j*14).Format(time.DateOnly)
			if _, err := w.ExecContext(ctx, `INSERT INTO care_contacts (id, record_id, contact_on, kind, summary, created_at)
				SELECT 'c`+strconv.Itoa(j)+`-' || id, id, ?, 'call', 'called', 0 FROM care_records`, day); err != nil {
				t.Fatalf("contacts %d: %v", j, err)
			}
		}
		// Both databases plan by statistics the fill has made stale.
		if _, err := w.ExecContext(ctx, `ANALYZE`); err != nil {
			t.Fatal(err)
		}
		t.Logf("filled %d elders, %d contacts in %s", n, 50*n, time.Since(start).Round(time.Second))
		var worst time.Duration
		for range 3 {
			t0 := time.Now()
			r, err := st.CareReport(ctx, india.FY(2026), "2026-11-27")
			d := time.Since(t0)
			if err != nil {
				t.Fatal(err)
			}
			if r.Elders.Served != n || r.Needs[0].Open != n || r.Needs[1].Met != n {
				t.Fatalf("report %+v %+v", r.Elders, r.Needs[:2])
			}
			worst = max(worst, d)
			t.Logf("report in %s", d.Round(time.Millisecond))
		}
		if worst > time.Second {
			t.Errorf("the report took %s", worst)
		}
	})
}
