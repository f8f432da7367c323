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

// TestListFilter: the mail tab is one of the store's admin lists: search,
// status filter, sort and paging run in the database; LIKE wildcards in a
// search are literal; bodies are neither listed nor searched; sort keys are
// checked.
func TestListFilter(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		clk := newClock()
		for _, subj := range []string{"100% sure", "1000 sure", "a_b", "axb", `back\slash`, "UPPER case"} {
			enqueue(t, st, clk.Now(), spdcmail.Message{Kind: "test", To: "someone@example.org", Subject: subj, Text: "secret body"})
			clk.Add(time.Second)
		}
		tab := store.AdminTabByName("mail")
		subjects := func(q store.AdminQuery) []string {
			t.Helper()
			var out []string
			if err := st.AdminList(ctx, tab, q, func(r *store.Record) error {
				out = append(out, r.Get("subject").(string))
				if r.Get("textBody") != nil || r.Get("text_body") != nil {
					t.Errorf("a row carries a body: %v", r)
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			n, err := st.AdminCount(ctx, tab, q)
			if err != nil {
				t.Fatal(err)
			}
			if q.Page == 0 && n != len(out) {
				t.Errorf("%+v: count %d, listed %d", q, n, len(out))
			}
			return out
		}
		for _, c := range []struct {
			q    store.AdminQuery
			want string
		}{
			{store.AdminQuery{Search: "0%"}, "100% sure"},
			{store.AdminQuery{Search: "a_b"}, "a_b"},
			{store.AdminQuery{Search: `k\s`}, `back\slash`},
			{store.AdminQuery{Search: "upper CASE"}, "UPPER case"},
			{store.AdminQuery{Search: "secret"}, ""},
			{store.AdminQuery{Sort: "createdAt", Page: 1, PageSize: 1}, "100% sure"},
			{store.AdminQuery{Sort: "-createdAt", Page: 2, PageSize: 1}, `back\slash`},
			{store.AdminQuery{Page: 1, PageSize: 1}, "UPPER case"},
			{store.AdminQuery{Filters: map[string]string{"status": StatusSent}}, ""},
			{store.AdminQuery{Filters: map[string]string{"status": StatusPending}, Search: "axb"}, "axb"},
		} {
			got := subjects(c.q)
			if c.want == "" && len(got) != 0 || c.want != "" && (len(got) != 1 || got[0] != c.want) {
				t.Errorf("%+v: %q, want %q", c.q, got, c.want)
			}
		}
		if err := st.AdminList(ctx, tab, store.AdminQuery{Sort: "text_body"}, func(*store.Record) error { return nil }); !errors.Is(err, store.ErrBadSort) {
			t.Errorf("sort by a body: %v", err)
		}
	})
}
