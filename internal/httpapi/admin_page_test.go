package httpapi

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"spdc/internal/list"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// TestAdminListCappedTotalAndCursor: past the cap the total says so in
// X-Total-Capped; each full page names in X-Next-Cursor where the next
// starts, and ?after= reads on from there to the last row; a cursor that
// is not one of the list's, or a common term's page asked for by its
// number, is a 400 that changes nothing.
func TestAdminListCappedTotalAndCursor(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withAdminWorld(), withoutMail())
		old := list.TotalCap
		list.TotalCap = 4
		defer func() { list.TotalCap = old }()
		for i := 0; i < 7; i++ {
			adminSeedVol(t, st.Writer(), fmt.Sprintf("Cursor %02d", i), fmt.Sprintf("cursor%d@example.org", i), int64(100+i))
		}
		var names []string
		after, second := "", ""
		for page := 1; page <= 5; page++ {
			q := url.Values{"page": {fmt.Sprint(page)}, "pageSize": {"3"}, "sort": {"-fullName"}, "q": {"cursor"}}
			if after != "" {
				q.Set("after", after)
			}
			rec := e.call("GET", "/api/admin/volunteers?"+q.Encode(), nil, e.adminTok)
			var rows []map[string]any
			if err := json.Unmarshal([]byte(rec.Raw), &rows); rec.Status != 200 || err != nil {
				t.Fatalf("page %d: %d %s", page, rec.Status, rec.Raw)
			}
			if rec.Header.Get("X-Total-Count") != "4" || rec.Header.Get("X-Total-Capped") != "true" {
				t.Errorf("page %d: total %q capped %q", page, rec.Header.Get("X-Total-Count"), rec.Header.Get("X-Total-Capped"))
			}
			for _, r := range rows {
				names = append(names, r["fullName"].(string))
			}
			after = rec.Header.Get("X-Next-Cursor")
			if page == 1 {
				second = after
			}
			if len(rows) < 3 {
				if after != "" {
					t.Errorf("the last page names a next one")
				}
				break
			}
		}
		if fmt.Sprint(names) != "[Cursor 06 Cursor 05 Cursor 04 Cursor 03 Cursor 02 Cursor 01 Cursor 00]" {
			t.Errorf("pages: %v", names)
		}
		rec := e.call("GET", "/api/admin/volunteers?q=cursor+05", nil, e.adminTok)
		if rec.Header.Get("X-Total-Count") != "1" || rec.Header.Get("X-Total-Capped") != "" {
			t.Errorf("exact total: %q %q", rec.Header.Get("X-Total-Count"), rec.Header.Get("X-Total-Capped"))
		}
		for _, bad := range []string{"?page=2&pageSize=3&after=nonsense", "?after=" + url.QueryEscape(second)} {
			if rec := e.call("GET", "/api/admin/volunteers"+bad, nil, e.adminTok); rec.Status != 400 {
				t.Errorf("%s: %d %s", bad, rec.Status, rec.Raw)
			}
		}
		// A term matching more rows than are counted pages on from its
		// cursors only: page 2 by its number is refused and says how to
		// go on; the list without a term, and the term's first page, are
		// answered by number.
		rec = e.call("GET", "/api/admin/volunteers?q=cursor&page=2&pageSize=3", nil, e.adminTok)
		if rec.Status != 400 || !strings.Contains(rec.Raw, "X-Next-Cursor") {
			t.Errorf("page 2 of a common term by its number: %d %s", rec.Status, rec.Raw)
		}
		for _, ok := range []string{"?page=2&pageSize=3", "?q=cursor&page=1&pageSize=3", "?q=cursor+05&page=2&pageSize=3"} {
			if rec := e.call("GET", "/api/admin/volunteers"+ok, nil, e.adminTok); rec.Status != 200 {
				t.Errorf("%s: %d %s", ok, rec.Status, rec.Raw)
			}
		}
	})
}
