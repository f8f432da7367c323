package outbox

import (
	"context"
	"errors"
	"testing"
	"time"

	spdcmail "spdc/internal/mail"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// TestListFilter: search, sort and paging of the admin mail list run in the
// database; LIKE wildcards in a search are literal; sort keys are checked.
func TestListFilter(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		clk := newClock()
		for _, subj := range []string{"100% sure", "1000 sure", "a_b", "axb", `back\slash`, "UPPER case"} {
			enqueue(t, st, clk.Now(), spdcmail.Message{Kind: "test", To: "someone@example.org", Subject: subj, Text: "secret body"})
			clk.Add(time.Second)
		}
		subjects := func(f Filter) []string {
			t.Helper()
			var out []string
			if err := Each(ctx, st.Reader(), f, func(r Row) error { out = append(out, r.Subject); return nil }); err != nil {
				t.Fatal(err)
			}
			n, err := Count(ctx, st.Reader(), f)
			if err != nil {
				t.Fatal(err)
			}
			if f.Page == 0 && n != len(out) {
				t.Errorf("%+v: count %d, listed %d", f, n, len(out))
			}
			return out
		}
		for _, c := range []struct {
			f    Filter
			want string
		}{
			{Filter{Search: "0%"}, "100% sure"},
			{Filter{Search: "a_b"}, "a_b"},
			{Filter{Search: `k\s`}, `back\slash`},
			{Filter{Search: "upper CASE"}, "UPPER case"},
			{Filter{Search: "secret"}, ""},
			{Filter{Sort: "createdAt", Page: 1, PageSize: 1}, "100% sure"},
			{Filter{Sort: "-createdAt", Page: 2, PageSize: 1}, `back\slash`},
			{Filter{Page: 1, PageSize: 1}, "UPPER case"},
			{Filter{Status: StatusSent}, ""},
		} {
			got := subjects(c.f)
			if c.want == "" && len(got) != 0 || c.want != "" && (len(got) != 1 || got[0] != c.want) {
				t.Errorf("%+v: %q, want %q", c.f, got, c.want)
			}
		}
		if err := Each(ctx, st.Reader(), Filter{Sort: "text_body"}, func(Row) error { return nil }); !errors.Is(err, store.ErrBadSort) {
			t.Errorf("sort by a body: %v", err)
		}
		rows, total, err := List(ctx, st.Reader(), Filter{PageSize: 2})
		if err != nil || total != 6 || len(rows) != 2 {
			t.Errorf("List with PageSize only: %d of %d, %v", len(rows), total, err)
		}
	})
}
