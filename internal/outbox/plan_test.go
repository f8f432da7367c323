package outbox

import (
	"regexp"
	"strings"
	"testing"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// TestQueriesUseIndexes: the queries the worker runs over the whole outbox
// (the claim of due messages, the hourly cap's count of delivered mail,
// the pruning of old delivered mail) go through the index on status and
// time on both databases, so they read the messages they need and never
// the whole table as the outbox grows to millions of rows. A change that
// makes one read or sort the table fails here.
func TestQueriesUseIndexes(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		for _, q := range []struct {
			name, query, index string
			args               []any
		}{
			{"claim", claimQuery(st.Dialect()), "outbox_due", []any{int64(2), int64(1), int64(1), int64(1), "", "", 10}},
			{"hourly cap count", sentSinceQuery, "outbox_status_sent", []any{int64(1)}},
			{"prune", pruneSentQuery, "outbox_status_sent", []any{int64(1), 500}},
		} {
			plan := storetest.Explain(t, st, q.query, q.args)
			t.Logf("%s:\n%s", q.name, plan)
			var problem string
			switch {
			case !strings.Contains(plan, q.index):
				problem = "does not use " + q.index
			case st.Dialect() == store.SQLite && regexp.MustCompile(`(?m)^SCAN outbox\b`).MatchString(plan):
				problem = "reads the whole table"
			case st.Dialect() == store.SQLite && strings.Contains(plan, "USE TEMP B-TREE"):
				problem = "sorts the rows"
			case st.Dialect() == store.Postgres && strings.Contains(plan, "Seq Scan on outbox"):
				problem = "reads the whole table"
			case st.Dialect() == store.Postgres && regexp.MustCompile(`(?m)^\s*(->\s*)?(Incremental )?Sort\b`).MatchString(plan):
				problem = "sorts the rows"
			}
			if problem != "" {
				t.Errorf("the %s query %s:\n%s\n%s", q.name, problem, q.query, plan)
			}
		}
	})
}
