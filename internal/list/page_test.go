package list_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"spdc/internal/list"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// pageIDs reads a list page by page of size, each page from the cursor
// the previous one ended with (cursor) or by its number (offset), and
// returns the ids in order.
func pageIDs(t *testing.T, s *store.Store, tab *store.AdminTab, q store.AdminQuery, size int, cursor bool) []string {
	t.Helper()
	var ids []string
	after := ""
	for page := 1; page < 100; page++ {
		q.Page, q.PageSize = page, size
		if cursor {
			q.After = after
		}
		total, recs, err := s.AdminPage(context.Background(), tab, q)
		if err != nil {
			t.Fatalf("page %d of %+v: %v", page, q, err)
		}
		if total.Capped {
			t.Fatalf("capped total %+v", total)
		}
		for _, r := range recs {
			ids = append(ids, r.ID())
		}
		if len(recs) < size {
			return ids
		}
		after = recs[len(recs)-1].Cursor()
		if after == "" {
			t.Fatal("a full page without a cursor")
		}
	}
	t.Fatal("the pages never end")
	return nil
}

// TestKeysetPagingAcrossTies: rows that share a name, or a creation time,
// are each listed once, in one order, whether the pages are read from
// their cursors or by number, in every sort, with and without a search
// (a rare term read from its matches, a common one along the sort, whose
// pages past the first are refused by number).
func TestKeysetPagingAcrossTies(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		w := s.Writer()
		tab := store.AdminTabByName("volunteers")
		names := []string{"Gaura Das", "Radha Dasi", "Gaura Das"}
		for i := 0; i < 23; i++ {
			// Three names and five creation times for 23 rows.
			extra := ""
			if i%2 == 0 {
				extra = "a nurse once"
			}
			storetest.SeedVolunteer(t, w, names[i%3], fmt.Sprintf("v%02d@example.org", i%7), extra, int64(1000+i%5))
		}
		for _, rare := range []int{1 << 20, -1} {
			restore := list.SetRareMatches(rare)
			for _, search := range []string{"", "nurse", "gaura"} {
				for _, sort := range []string{"", "createdAt", "fullName", "-fullName", "email", "-email"} {
					q := store.AdminQuery{Search: search, Sort: sort}
					var all []string
					if err := s.AdminList(context.Background(), tab, q, func(r *store.Record) error { all = append(all, r.ID()); return nil }); err != nil {
						t.Fatal(err)
					}
					byCursor := pageIDs(t, s, tab, q, 4, true)
					sorted := slices.Clone(byCursor)
					slices.Sort(sorted)
					if len(slices.Compact(sorted)) != len(byCursor) {
						t.Errorf("q=%q sort=%q: a row listed twice: %v", search, sort, byCursor)
					}
					if search != "" && rare < 0 {
						// A term too common to sort its matches: its pages
						// past the first come only from their cursors.
						deep := store.AdminQuery{Search: search, Sort: sort, Page: 2, PageSize: 4}
						if _, _, err := s.AdminPage(context.Background(), tab, deep); !errors.Is(err, store.ErrSearchPageNumber) {
							t.Errorf("q=%q sort=%q: page 2 by its number: %v (want it refused)", search, sort, err)
						}
					} else if byNumber := pageIDs(t, s, tab, q, 4, false); !slices.Equal(byCursor, byNumber) {
						t.Errorf("q=%q sort=%q: by cursor %v, by number %v", search, sort, byCursor, byNumber)
					}
					want := slices.Clone(all)
					got := slices.Clone(byCursor)
					slices.Sort(want)
					slices.Sort(got)
					if !slices.Equal(got, want) || len(all) == 0 {
						t.Errorf("q=%q sort=%q: pages hold %d rows, the list %d", search, sort, len(byCursor), len(all))
					}
					if search == "" && !slices.Equal(byCursor, all) {
						t.Errorf("sort=%q: pages in another order than the list", sort)
					}
				}
			}
			restore()
		}

		// A cursor of another sort, or none of ours, is refused.
		_, recs, err := s.AdminPage(context.Background(), tab, store.AdminQuery{Sort: "fullName", Page: 1, PageSize: 2})
		if err != nil {
			t.Fatal(err)
		}
		for _, bad := range []store.AdminQuery{
			{Sort: "email", After: recs[1].Cursor()},
			{Sort: "fullName", After: "not-a-cursor"},
			{Sort: "fullName", After: "eyJzIjoiZnVsbE5hbWUiLCJ2IjpbMS41XX0"},         // {"s":"fullName","v":[1.5]}
			{Sort: "fullName", After: "eyJzIjoiZnVsbE5hbWUiLCJ2IjpbMSwyXX0"},         // {"s":"fullName","v":[1,2]}
			{Sort: "createdAt", After: "eyJzIjoiY3JlYXRlZEF0IiwidiI6WyJ4IiwieSJdfQ"}, // {"s":"createdAt","v":["x","y"]}
		} {
			bad.Page, bad.PageSize = 2, 2
			if _, _, err := s.AdminPage(context.Background(), tab, bad); !errors.Is(err, store.ErrBadCursor) {
				t.Errorf("cursor %q for sort %q: %v", bad.After, bad.Sort, err)
			}
		}
	})
}

// TestCappedTotals: a total stops at the cap and says so; under it, it is
// exact, with and without a search, on every path that counts.
func TestCappedTotals(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		defer list.SetTotalCap(5)()
		w := s.Writer()
		tab := store.AdminTabByName("volunteers")
		for i := 0; i < 9; i++ {
			extra := "gardener"
			if i < 3 {
				extra = "nurse"
			}
			storetest.SeedVolunteer(t, w, fmt.Sprintf("Person %d", i), fmt.Sprintf("p%d@example.org", i), extra, int64(i+1))
		}
		for _, c := range []struct {
			q    store.AdminQuery
			want store.AdminTotal
		}{
			{store.AdminQuery{}, store.AdminTotal{N: 5, Capped: true}},
			{store.AdminQuery{Search: "nurse"}, store.AdminTotal{N: 3}},
			{store.AdminQuery{Search: "gardener"}, store.AdminTotal{N: 5, Capped: true}},
			{store.AdminQuery{Search: "person 4"}, store.AdminTotal{N: 1}},
			// Two letters, found inside "Person": an O, which no reference
			// holds, so that no row's random reference makes it a word.
			{store.AdminQuery{Search: "on"}, store.AdminTotal{N: 5, Capped: true}},
			{store.AdminQuery{Filters: map[string]string{"status": "new"}}, store.AdminTotal{N: 5, Capped: true}},
			{store.AdminQuery{Filters: map[string]string{"status": "active"}}, store.AdminTotal{}},
		} {
			got, err := s.AdminTotal(ctx, tab, c.q)
			if err != nil || got != c.want {
				t.Errorf("total of %+v: %+v, %v (want %+v)", c.q, got, err, c.want)
			}
			c.q.Page, c.q.PageSize = 1, 2
			got, recs, err := s.AdminPage(ctx, tab, c.q)
			if err != nil || got != c.want || len(recs) != min(2, c.want.N) {
				t.Errorf("page of %+v: %+v, %d rows, %v (want %+v)", c.q, got, len(recs), err, c.want)
			}
		}
		// A page past the last match still says how many there are.
		if got, recs, err := s.AdminPage(ctx, tab, store.AdminQuery{Search: "nurse", Page: 3, PageSize: 2}); err != nil || got != (store.AdminTotal{N: 3}) || len(recs) != 0 {
			t.Errorf("page past the end of nurse: %+v, %d rows, %v (want 3 in all, no rows)", got, len(recs), err)
		}
		// Past the cap the rows are all still there, page after page.
		ids := pageIDsCapped(t, s, tab)
		sorted := slices.Clone(ids)
		slices.Sort(sorted)
		if len(ids) != 9 || len(slices.Compact(sorted)) != 9 {
			t.Errorf("capped list paged to %v", ids)
		}
	})
}

// pageIDsCapped reads every page of the volunteers from their cursors.
func pageIDsCapped(t *testing.T, s *store.Store, tab *store.AdminTab) []string {
	var ids []string
	q := store.AdminQuery{Page: 1, PageSize: 2}
	for {
		_, recs, err := s.AdminPage(context.Background(), tab, q)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			ids = append(ids, r.ID())
		}
		if len(recs) < q.PageSize {
			return ids
		}
		q.Page++
		q.After = recs[len(recs)-1].Cursor()
	}
}

// TestEstimatedTotals: on PostgreSQL a list the planner's statistics
// put above pgSureMany rows is not counted (its total is capped at once,
// and its page still comes); a term the statistics call rare is counted
// exactly. SQLite always counts.
func TestEstimatedTotals(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		w := s.Writer()
		tab := store.AdminTabByName("volunteers")
		for i := 0; i < 200; i++ {
			extra := "gardener"
			if i == 7 {
				extra = "nurse"
			}
			storetest.SeedVolunteer(t, w, fmt.Sprintf("Person %d", i), fmt.Sprintf("p%d@example.org", i), extra, int64(i+1))
		}
		if s.Dialect() == store.Postgres {
			if _, err := w.ExecContext(ctx, "ANALYZE volunteers"); err != nil {
				t.Fatal(err)
			}
		}
		defer list.SetPGSureMany(100)()
		many, most := store.AdminTotal{N: 200}, store.AdminTotal{N: 199}
		if s.Dialect() == store.Postgres {
			many = store.AdminTotal{N: list.TotalCap, Capped: true}
			most = many
		}
		for _, c := range []struct {
			q    store.AdminQuery
			want store.AdminTotal
		}{
			{store.AdminQuery{}, many},
			{store.AdminQuery{Search: "gardener"}, most},
			{store.AdminQuery{Search: "nurse"}, store.AdminTotal{N: 1}},
			{store.AdminQuery{Filters: map[string]string{"status": "new"}}, many},
		} {
			got, err := s.AdminTotal(ctx, tab, c.q)
			if err != nil || got != c.want {
				t.Errorf("total of %+v: %+v, %v (want %+v)", c.q, got, err, c.want)
			}
			c.q.Page, c.q.PageSize = 1, 20
			_, recs, err := s.AdminPage(ctx, tab, c.q)
			if err != nil || len(recs) != min(20, c.want.N) {
				t.Errorf("page of %+v: %d rows, %v", c.q, len(recs), err)
			}
		}
	})
}

// TestAdminExportWholeTable: a whole table's export gives every row once,
// newest first (or oldest first), across the stretches SQLite reads it
// in, rows deleted on the way left out, whether it is one stretch or
// several; an error of the caller stops it and is what it returns.
func TestAdminExportWholeTable(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		tab := store.AdminTabByName("volunteers")
		// A table of one stretch, exported again and again: every
		// export ends with all its rows and no error.
		var ids []string
		for i := 0; i < 3; i++ {
			ids = append(ids, storetest.SeedVolunteer(t, s.Writer(), fmt.Sprintf("Export %04d", i), fmt.Sprintf("e%d@example.org", i), "", int64(1000+i)))
		}
		for i := 0; i < 40; i++ {
			if got, err := storetest.ExportNames(t, s, "volunteers", store.AdminQuery{}); err != nil || len(got) != 3 {
				t.Fatalf("export %d of three rows: %v, %v", i, got, err)
			}
		}
		err := s.InTx(ctx, func(tx *store.Tx) error {
			for i := 3; i < 1203; i++ {
				ids = append(ids, storetest.SeedVolunteer(t, tx, fmt.Sprintf("Export %04d", i), fmt.Sprintf("e%d@example.org", i), "", int64(1000+i)))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for i, id := range ids {
			if i%97 == 5 {
				if _, err := s.Writer().ExecContext(ctx, "DELETE FROM volunteers WHERE id = ?", id); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want = append(want, fmt.Sprintf("Export %04d", i))
		}
		for _, sort := range []string{"", "createdAt"} {
			got, err := storetest.ExportNames(t, s, "volunteers", store.AdminQuery{Sort: sort})
			exp := slices.Clone(want)
			if sort == "" {
				slices.Reverse(exp)
			}
			if err != nil || !slices.Equal(got, exp) {
				t.Errorf("sort %q: %v, %d rows (want %d), first %v", sort, err, len(got), len(exp), got[:min(3, len(got))])
			}
		}
		stop := errors.New("enough")
		n := 0
		err = s.AdminExport(ctx, tab, store.AdminQuery{}, func([]any) error {
			if n++; n == 700 {
				return stop
			}
			return nil
		})
		if !errors.Is(err, stop) || n != 700 {
			t.Errorf("stopped export: %v after %d rows", err, n)
		}
	})
}
