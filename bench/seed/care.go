package seed

import (
	"context"
	"fmt"
	"time"

	"spdc/internal/india"
	"spdc/internal/store"
)

// Care fills the care register for its rows: elders approved disciples,
// each with a care record (one in 200 owned by ownerID, a tenth overdue
// for a contact), one assessment this financial year with two needs, and
// perElder contacts each. The rows are written by SQL in batches, as the
// database's own series make them: through the API a million contacts
// would take hours. The summaries the year's report reads (each need's
// assessment day, the elders served in the year) are filled as the
// store's writes keep them.
func Care(ctx context.Context, st *store.Store, elders, perElder int, ownerID string) error {
	w := st.Writer()
	today := time.Now().UTC()
	fy := india.FYOf(today, time.UTC)
	day := today.Format(time.DateOnly)
	overdue := today.AddDate(0, -2, 0).Format(time.DateOnly)
	due := today.AddDate(0, 1, 0).Format(time.DateOnly)
	hexID := "printf('%024x', n.i)"
	// Each elder has a reference, as every saved registration has: one
	// without is given one when the server starts.
	refOf := "'D-' || printf('%08X', n.i)"
	series := `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) `
	contactSeries := `WITH RECURSIVE k(j) AS (SELECT 1 UNION ALL SELECT j + 1 FROM k WHERE j < ?) `
	contactID := "printf('%012x', r.cn) || printf('%012x', k.j)"
	if st.Dialect() == store.Postgres {
		hexID = "lpad(to_hex(n.i), 24, '0')"
		refOf = "'D-' || upper(lpad(to_hex(n.i), 8, '0'))"
		series = `WITH n(i) AS (SELECT generate_series(1, ?)) `
		contactSeries = `WITH k(j) AS (SELECT generate_series(1, ?)) `
		contactID = "lpad(to_hex(r.cn), 12, '0') || lpad(to_hex(k.j), 12, '0')"
	}
	steps := []struct {
		what string
		sql  string
		args []any
	}{
		{"elders", series + `INSERT INTO disciples (id, ref, full_name, temple_president_email, status, is_approved, search, created_at, updated_at)
			SELECT ` + hexID + `, ` + refOf + `, 'Elder ' || n.i, 'tp@example.org', 'approved', TRUE, 'elder ' || n.i, n.i, n.i FROM n`, []any{elders}},
		{"care records", series + `INSERT INTO care_records (id, disciple_id, full_name, initiated_name, owner_id, status, next_contact_due,
			reassessment_due, last_contact_on, search, created_at, updated_at)
			SELECT ` + hexID + `, ` + hexID + `, 'Elder ' || n.i, 'Dasi ' || n.i,
			CASE WHEN n.i % 200 = 0 THEN CAST(? AS TEXT) ELSE '' END, 'active',
			CASE WHEN n.i % 10 = 0 THEN CAST(? AS TEXT) ELSE CAST(? AS TEXT) END, CAST(? AS TEXT), CAST(? AS TEXT), 'elder ' || n.i || ' dasi ' || n.i, n.i, n.i FROM n`,
			[]any{elders, ownerID, overdue, due, due, day}},
		{"assessments", series + `INSERT INTO care_assessments (id, record_id, assessed_on, assessed_by, health, created_at)
			SELECT ` + hexID + `, ` + hexID + `, CAST(? AS TEXT), CAST(? AS TEXT), 'Walks with a stick', n.i FROM n`, []any{elders, day, ownerID}},
		{"needs", series + `INSERT INTO care_needs (assessment_id, record_id, service, priority, assessed_on)
			SELECT ` + hexID + `, ` + hexID + `, s.service, 'normal', CAST(? AS TEXT) FROM n,
			(SELECT 'healthcare' AS service UNION ALL SELECT 'financial') s`, []any{elders, day}},
		{"served", series + `INSERT INTO care_served (fy, record_id) SELECT CAST(? AS INTEGER), ` + hexID + ` FROM n`, []any{elders, int(fy)}},
	}
	for _, s := range steps {
		if _, err := w.ExecContext(ctx, s.sql, s.args...); err != nil {
			return fmt.Errorf("seed: care %s: %w", s.what, err)
		}
	}
	// The contacts, ten thousand elders at a time, each with its own id.
	for from := 0; from < elders; from += 10_000 {
		if _, err := w.ExecContext(ctx, contactSeries+`INSERT INTO care_contacts (id, record_id, contact_on, kind, by_id, summary, next_due, created_at)
			SELECT `+contactID+`, r.id, CAST(? AS TEXT), 'call', CAST(? AS TEXT), 'Spoke on the phone', CAST(? AS TEXT), k.j
			FROM (SELECT id, created_at AS cn FROM care_records WHERE created_at > ? AND created_at <= ?) r, k`,
			perElder, day, ownerID, due, from, from+10_000); err != nil {
			return fmt.Errorf("seed: care contacts: %w", err)
		}
	}
	if err := st.IndexSearch(ctx); err != nil {
		return err
	}
	maintain := "ANALYZE"
	if st.Dialect() == store.Postgres {
		maintain = "VACUUM ANALYZE"
	}
	if _, err := w.ExecContext(ctx, maintain); err != nil {
		return fmt.Errorf("seed: care analyze: %w", err)
	}
	return nil
}
