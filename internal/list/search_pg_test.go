package list_test

import (
	"context"
	"strings"
	"testing"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// TestPostgresAdminSearchHasTrigramIndexes checks migration 0080: where the
// database can have pg_trgm, every searchable table gets a trigram index
// on `search`, and the admin search's literal LIKE (with its ESCAPE
// clause) can use it. Where pg_trgm cannot be had, the migration must
// still have applied, leaving the search a scan.
func TestPostgresAdminSearchHasTrigramIndexes(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		if s.Dialect() != store.Postgres {
			t.Skip("PostgreSQL only; SQLite uses FTS5 trigram tables (0040)")
		}
		ctx := context.Background()
		var installed int
		if err := s.Reader().QueryRowContext(ctx, `SELECT count(*) FROM pg_extension WHERE extname = 'pg_trgm'`).Scan(&installed); err != nil {
			t.Fatal(err)
		}
		if installed == 0 {
			t.Skip("pg_trgm is not installed here; migration 0080 left the search a scan")
		}
		for _, table := range []string{"users", "disciples", "volunteers", "hosts", "messages"} {
			var n int
			err := s.Reader().QueryRowContext(ctx, `SELECT count(*) FROM pg_indexes
				WHERE schemaname = current_schema() AND tablename = ? AND indexname = ?`, table, table+"_search_trgm").Scan(&n)
			if err != nil || n != 1 {
				t.Fatalf("%s: trigram index count %d, err %v", table, n, err)
			}
		}
		var plan []string
		err := s.InTx(ctx, func(tx *store.Tx) error {
			// An empty table is cheapest to scan; forbid that to see
			// whether the index can answer the query at all.
			if _, err := tx.ExecContext(ctx, `SET LOCAL enable_seqscan = off`); err != nil {
				return err
			}
			rows, err := tx.QueryContext(ctx, `EXPLAIN SELECT count(*) FROM volunteers WHERE (search LIKE ? ESCAPE '\')`, `%kri\_shna%`)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var line string
				if err := rows.Scan(&line); err != nil {
					return err
				}
				plan = append(plan, line)
			}
			return rows.Err()
		})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(strings.Join(plan, "\n"), "volunteers_search_trgm") {
			t.Fatalf("the search does not use the trigram index:\n%s", strings.Join(plan, "\n"))
		}
	})
}
