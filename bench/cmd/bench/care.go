package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"time"

	"spdc/bench/load"
	"spdc/bench/report"
	"spdc/internal/india"
)

// reportMaxMs is the longest the care register's year report may take.
const reportMaxMs = 1000.0

// careRows measures the care register at its seeded size: what a
// coordinator's day asks of it (the care list in its filters, a search,
// one elder's whole record) with admins at once like the other lists,
// and the year's report as a trustee opens it.
func (b *bench) careRows(ctx context.Context, t *target) {
	h := jsonHeader(t.sessions.AdminToken)
	lists := []struct{ name, query string }{
		{"page 1", ""},
		{"owner=me", "owner=me"},
		{"owner=me due=contact", "owner=me&due=contact"},
		{"due=contact", "due=contact"},
		{"due=assessment", "due=assessment"},
		{"q=dasi 77777 (rare)", "q=" + url.QueryEscape("dasi 77777")},
		{"q=elder (every row)", "q=elder"},
	}
	for _, c := range lists {
		name := "admin care " + c.name
		// A page as the dashboard asks for it.
		u := t.url + "/api/admin/care?page=1&pageSize=20"
		if c.query != "" {
			u += "&" + c.query
		}
		st, hdr, body, err := load.Once(ctx, probeClient, "GET", u, h, nil)
		if why := notReady(st, body, err, 200); why != "" {
			b.add(report.NA(name, t.backend, why))
			continue
		}
		var items []json.RawMessage
		_ = json.Unmarshal(body, &items)
		note := fmt.Sprintf("%d items, total %s", len(items), hdr.Get("X-Total-Count"))
		b.runLoad(name, t, adminConcurrency, load.Request{Method: "GET", URL: u, Header: h}, note)
	}
	// One elder's whole record: the record, its assessment and needs, and
	// the newest of their contacts.
	rec := t.url + fmt.Sprintf("/api/admin/care/%024x", b.o.careElders/2)
	if st, _, body, err := load.Once(ctx, probeClient, "GET", rec, h, nil); notReady(st, body, err, 200) != "" {
		b.add(report.NA("admin care one record", t.backend, notReady(st, body, err, 200)))
	} else {
		b.runLoad("admin care one record", t, adminConcurrency, load.Request{Method: "GET", URL: rec, Header: h}, "")
	}
	// The year's report, one trustee at a time.
	fy := india.FYOf(time.Now().UTC(), time.UTC).String()
	rep := t.url + "/api/admin/reports?fy=" + fy
	if st, _, body, err := load.Once(ctx, probeClient, "GET", rep, h, nil); notReady(st, body, err, 200) != "" {
		b.add(report.NA("care report "+fy, t.backend, notReady(st, body, err, 200)))
	} else {
		b.runLoad("care report "+fy, t, 1, load.Request{Method: "GET", URL: rep, Header: h},
			fmt.Sprintf("%d elders, %d contacts each", b.o.careElders, b.o.careContacts))
	}
}
