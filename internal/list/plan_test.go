package list_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"spdc/internal/list"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// planProblem says what is wrong with the plan of a list query of table:
// a read of the whole table, or a sort of all its rows (a rare term's
// matches, read by their keys, are the one thing sorted).
func planProblem(d store.Dialect, table, plan string, sortsMatches bool) string {
	if d == store.SQLite {
		if regexp.MustCompile(`(?m)^SCAN ` + table + `$`).MatchString(plan) {
			return "reads the whole table"
		}
		if !sortsMatches && strings.Contains(plan, "USE TEMP B-TREE FOR") && !strings.Contains(plan, "VIRTUAL TABLE INDEX") {
			return "sorts the rows"
		}
		if sortsMatches && !strings.Contains(plan, "INTEGER PRIMARY KEY") {
			return "does not read the matches by their keys"
		}
		return ""
	}
	if regexp.MustCompile(`Seq Scan on ` + table + `\b`).MatchString(plan) {
		return "reads the whole table"
	}
	if !sortsMatches && regexp.MustCompile(`(?m)^\s*(->\s*)?(Incremental )?Sort\b`).MatchString(plan) {
		return "sorts the rows"
	}
	return ""
}

// TestListPlansUseIndexes: every sort each tab offers, in both
// directions, with no search, with a common term (tested row by row along
// the sort's index) and with a rare one (read from the search index, its
// matches sorted), is answered through indexes on both databases. A sort
// offered without its index, or a search that stops using its index,
// fails here.
func TestListPlansUseIndexes(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		for _, tab := range store.AdminTabs() {
			sorts := []string{""}
			for _, f := range tab.Fields {
				if f.Sortable {
					key := f.Key
					if f.Group != "" {
						key = f.Group + "." + f.Key
					}
					sorts = append(sorts, key, "-"+key)
				}
			}
			for _, sort := range sorts {
				for _, shape := range []struct {
					name, term string
					rare       int
					words      bool
					page       int
				}{
					{"no search", "", 5000, false, 1}, {"page 3 by its number", "", 5000, false, 3},
					{"common term", "zqxwv", -1, false, 1}, {"rare term", "zqxwv", 1 << 30, false, 1},
					{"common word", "zqxwv", -1, true, 1}, {"rare words", "zqxwv qwv", 1 << 30, true, 1},
				} {
					restore := list.SetRareMatches(shape.rare)
					list := s.ListQuery
					if shape.words {
						list = s.ListQueryWords
					}
					query, args, err := list(ctx, tab, store.AdminQuery{Search: shape.term, Sort: sort, Page: shape.page, PageSize: 20})
					restore()
					if err != nil {
						t.Fatalf("%s sort %q %s: %v", tab.Name, sort, shape.name, err)
					}
					plan := storetest.Explain(t, s, query, args)
					sortsMatches := strings.HasPrefix(query, "WITH matches")
					problem := planProblem(s.Dialect(), tab.Table, plan, sortsMatches)
					if shape.page > 1 && s.Dialect() == store.Postgres {
						// The rows before the page are skipped along the
						// sort's index; only the page's own rows are put
						// in order again, at the top of the plan.
						problem = planProblem(s.Dialect(), tab.Table, plan, true)
						if regexp.MustCompile(`(?m)^\s*->\s*(Incremental )?Sort\b`).MatchString(plan) {
							problem = "sorts the rows before the page"
						}
						if !strings.Contains(plan, tab.Table+"_pkey") {
							problem = "does not read the page's rows by id"
						}
					}
					if problem != "" {
						t.Errorf("%s sorted by %q, %s: the plan %s:\n%s\n%s", tab.Name, sort, shape.name, problem, query, plan)
					}
				}
			}
		}
	})
}

// TestSearchIndexPlans: the search indexes (whole words, and text inside
// words) list a term's matches, without reading the table, on both
// databases.
func TestSearchIndexPlans(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		for _, tabName := range []string{"users", "volunteers", "disciples", "hosts", "messages", "donations", "referrers", "grievances", "care", "partners"} {
			tab := store.AdminTabByName(tabName)
			name := tab.Table
			for _, words := range []bool{false, true} {
				query, args := s.MatchQuery(tab, "nurse", words)
				plan := storetest.Explain(t, s, query, args)
				want := "SCAN " + name + "_fts VIRTUAL TABLE INDEX"
				switch {
				case s.Dialect() == store.Postgres && words:
					want = name + "_search_words"
				case s.Dialect() == store.Postgres:
					want = name + "_search_trgm"
				case words:
					want = "SCAN " + name + "_words VIRTUAL TABLE INDEX"
				}
				if !strings.Contains(plan, want) {
					t.Errorf("%s (words %v): the search does not use its index:\n%s", tabName, words, plan)
				}
			}
		}
	})
}

// TestCareFilterPlans: the care list's own filters (an owner's elders,
// those overdue for a contact or due for reassessment) never read the
// whole table, and sorted by their own day they read the rows in order
// from an index (an owner's elders in another order are the one thing
// sorted: a coordinator's few hundred).
func TestCareFilterPlans(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		tab := store.AdminTabByName("care")
		for i, c := range []struct {
			filters map[string]string
			sort    string
		}{
			{map[string]string{store.CareFilterOwner: "000000000000000000000001"}, ""},
			{map[string]string{store.CareFilterOwner: "000000000000000000000001"}, "nextContactDue"},
			{map[string]string{store.CareFilterDueContact: "2026-04-01"}, "nextContactDue"},
			{map[string]string{store.CareFilterDueContact: "2026-04-01", store.CareFilterOwner: "000000000000000000000001"}, "nextContactDue"},
			{map[string]string{store.CareFilterDueAssessment: "2026-04-01"}, "reassessmentDue"},
		} {
			query, args, err := s.ListQuery(context.Background(), tab, store.AdminQuery{Filters: c.filters, Sort: c.sort, Page: 1, PageSize: 20})
			if err != nil {
				t.Fatal(err)
			}
			plan := storetest.Explain(t, s, query, args)
			problem := planProblem(s.Dialect(), tab.Table, plan, false)
			if i == 0 && problem == "sorts the rows" {
				problem = ""
			}
			if problem != "" {
				t.Errorf("care %v sorted by %q: the plan %s:\n%s\n%s", c.filters, c.sort, problem, query, plan)
			}
		}
	})
}
