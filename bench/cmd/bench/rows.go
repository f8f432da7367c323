package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"spdc/bench/load"
	"spdc/bench/report"
	"spdc/bench/seed"
	"spdc/bench/spdcproc"
	"spdc/internal/store"
)

// probeClient sends the one-off requests that check a row can run.
var probeClient = load.NewClient(4, 60*time.Second)

func jsonHeader(token string) http.Header {
	h := http.Header{"Content-Type": {"application/json"}}
	if token != "" {
		h.Set("Authorization", "Bearer "+token)
	}
	return h
}

// notReady explains why a probe means the row cannot run yet, or returns
// "" when the probe got one of the wanted statuses.
func notReady(status int, body []byte, err error, want ...int) string {
	if err != nil {
		return "request failed: " + err.Error()
	}
	for _, w := range want {
		if status == w {
			return ""
		}
	}
	if status == http.StatusNotImplemented {
		return "501: not built yet"
	}
	msg := strings.TrimSpace(string(body))
	if len(msg) > 160 {
		msg = msg[:160] + "…"
	}
	return fmt.Sprintf("probe answered %d, want %v: %s", status, want, msg)
}

// runLoad runs one load row (profiled in -profile mode) and records it.
func (b *bench) runLoad(name string, t *target, concurrency int, req load.Request, note string) report.Row {
	row := b.loadRow(name, t, concurrency, req, note)
	b.add(row)
	return row
}

// loadRow is runLoad without adding the row to the results.
func (b *bench) loadRow(name string, t *target, concurrency int, req load.Request, note string) report.Row {
	var r load.Result
	b.profiled(name+" "+t.backend, func() {
		r = load.Run(context.Background(), req, b.loadOpts(concurrency))
	})
	row := report.FromLoad(name, t.backend, concurrency, r)
	if note != "" {
		if row.Note != "" {
			row.Note = note + "; " + row.Note
		} else {
			row.Note = note
		}
	}
	if other := otherStatuses(r.Statuses); other != "" {
		row.Note = strings.TrimPrefix(row.Note+"; statuses "+other, "; ")
	}
	return row
}

// otherStatuses lists the statuses of a row when there are several.
func otherStatuses(m map[int]int) string {
	if len(m) < 2 {
		return ""
	}
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%d×%d", k, m[k]))
	}
	return strings.Join(parts, " ")
}

// me: GET /api/users/me with a valid session.
func (b *bench) me(ctx context.Context, t *target) {
	const name = "GET /api/users/me"
	h := jsonHeader(t.sessions.UserToken)
	st, _, body, err := load.Once(ctx, probeClient, "GET", t.url+"/api/users/me", h, nil)
	if why := notReady(st, body, err, 200); why != "" {
		b.add(report.NA(name, t.backend, why))
		return
	}
	b.runLoad(name, t, b.o.concurrency, load.Request{Method: "GET", URL: t.url + "/api/users/me", Header: h}, "")
}

// loginPassword is the bench account's password (never a real secret).
const loginPassword = "bench passphrase: seven lanterns over the Yamuna"

// login: POST /api/users/login for an account registered through the API
// (so its hash is the server's real one), beside the hash alone.
func (b *bench) login(ctx context.Context, t *target) {
	const name = "POST /api/users/login"
	email := "bench.login." + t.backend + "@example.org"
	reg, _ := json.Marshal(map[string]any{
		"fullName": "Bench Login", "email": email, "mobile": "+919811111111", "password": loginPassword,
	})
	st, _, body, err := load.Once(ctx, probeClient, "POST", t.url+"/api/users/register", jsonHeader(""), reg)
	if why := notReady(st, body, err, 200, 201, 409); why != "" {
		b.add(report.NA(name, t.backend, "register: "+why))
		return
	}
	cred, _ := json.Marshal(map[string]any{"identifier": email, "password": loginPassword})
	st, _, body, err = load.Once(ctx, probeClient, "POST", t.url+"/api/users/login", jsonHeader(""), cred)
	if why := notReady(st, body, err, 200); why != "" {
		b.add(report.NA(name, t.backend, why))
		return
	}
	req := load.Request{Method: "POST", URL: t.url + "/api/users/login", Header: jsonHeader(""), Body: cred}
	b.runLoad(name, t, b.o.concurrency, req, "")
	b.loginCost(ctx, t, req)
}

// loginCost compares one login at a time with one hash at a time, in
// three interleaved turns so both see the same noise from the rest of the
// machine: the budget's "a login costs no more than the hash plus 10 %".
func (b *bench) loginCost(ctx context.Context, t *target, req load.Request) {
	for i := 0; i < 3; i++ { // warm the connection and the server
		_, _, _, _ = load.Once(ctx, probeClient, req.Method, req.URL, req.Header, req.Body)
	}
	turn := max(b.o.duration*3/10, 500*time.Millisecond)
	opts := load.Options{Concurrency: 1, Duration: turn, Timeout: 10 * time.Second}
	var logins, hashes []load.Result
	what := ""
	for i := 0; i < 3; i++ {
		logins = append(logins, load.Run(ctx, req, opts))
		h, w, err := hashCost(ctx, opts)
		if err != nil {
			b.add(report.NA("password hash alone, one at a time", "", err.Error()))
			return
		}
		hashes, what = append(hashes, h), w
	}
	l, h := load.Merge(logins...), load.Merge(hashes...)
	lr := report.FromLoad("POST /api/users/login, one at a time", t.backend, 1, l)
	lr.Result = fmt.Sprintf("mean %.1f ms", float64(l.Mean().Microseconds())/1000)
	lr.Data = map[string]any{"meanMs": float64(l.Mean().Microseconds()) / 1000}
	b.add(lr)
	hr := report.FromLoad("password hash alone, one at a time", t.backend, 1, h)
	hr.Result = fmt.Sprintf("mean %.1f ms", float64(h.Mean().Microseconds())/1000)
	hr.Note = what + "; interleaved with the row above"
	hr.Data = map[string]any{"meanMs": float64(h.Mean().Microseconds()) / 1000}
	b.add(hr)
}

// volunteerBody is a full valid volunteer form, with a unique
// email per request.
func volunteerBody(worker, seq int) []byte {
	body, _ := json.Marshal(map[string]any{
		"fullName":        "Bench Volunteer",
		"email":           fmt.Sprintf("bench.volunteer.%d.%d@example.org", worker, seq),
		"mobile":          "+919812345678",
		"address":         "12 Temple Road, Vrindavan",
		"country":         "India",
		"nearestCenter":   "ISKCON Vrindavan",
		"availability":    "10-20 hours/week",
		"areasOfInterest": []string{"Emotional and Spiritual Support", "Relocation Assistance"},
		"otherInterest":   "",
		"experience":      "I have looked after my grandparents for several years and cook for the Sunday feast.",
		"motivation":      "Serving the senior devotees is a way to repay their kindness.",
		"skills":          "First aid, driving, reading aloud in Hindi and English.",
		"consent":         true,
	})
	return body
}

// drainMail waits (at most 45 s, or 10 s without progress) until the
// outbox has no pending mail, so later rows are not measured beside the
// worker, and says how fast it drained.
func (b *bench) drainMail(ctx context.Context, t *target) string {
	pending, err := seed.PendingMail(ctx, t.st)
	if err != nil || pending == 0 {
		return ""
	}
	start, sent0 := time.Now(), b.sink.Total()
	last, lastProgress := pending, time.Now()
	for pending > 0 && time.Since(start) < 45*time.Second && time.Since(lastProgress) < 10*time.Second && ctx.Err() == nil {
		time.Sleep(200 * time.Millisecond)
		if pending, err = seed.PendingMail(ctx, t.st); err != nil {
			break
		}
		if pending < last {
			last, lastProgress = pending, time.Now()
		}
	}
	sent := b.sink.Total() - sent0
	secs := time.Since(start).Seconds()
	note := fmt.Sprintf("queued mail drained: %d delivered in %.1f s (%.0f/s), %d still pending", sent, secs, float64(sent)/secs, pending)
	fmt.Fprintf(b.out, "  (%s)\n", note)
	return note
}

// benchClient gives each request of a load row its own client address, so
// the per-client form limits do not turn a throughput row into 429s.
func benchClient(worker, seq int) string {
	n := worker<<20 + seq
	return fmt.Sprintf("10.%d.%d.%d", (n>>16)&255, (n>>8)&255, n&255)
}

// registerVolunteer: POST /api/volunteers/register, each a new volunteer
// row plus its confirmation mail in the outbox. The row is returned, not
// added.
func (b *bench) registerVolunteer(ctx context.Context, t *target) report.Row {
	const name = "POST /api/volunteers/register"
	st, _, body, err := load.Once(ctx, probeClient, "POST", t.url+"/api/volunteers/register", jsonHeader(""), volunteerBody(-1, 0))
	if why := notReady(st, body, err, 200, 201); why != "" {
		return report.NA(name, t.backend, why)
	}
	return b.loadRow(name, t, b.o.concurrency, load.Request{
		Method: "POST", URL: t.url + "/api/volunteers/register", Header: jsonHeader(""), Make: volunteerBody,
		Client: benchClient,
	}, "")
}

// registerAgainstBare runs, on SQLite, the registration row and its
// reference, the bare insert loop, in turns: registration, then bare
// loop, as many times as -register-turns says. The disk of a shared
// machine changes speed from minute to minute, and a bare loop is bound
// by its flushes, so each pair is measured side by side. Each row reports
// its median turn, with every turn's rate in its note, and the
// registration row carries the median of the turns' ratios, which the
// budget reads.
func (b *bench) registerAgainstBare(ctx context.Context, t *target) {
	turns := max(b.o.regTurns, 1)
	var regs, bares []report.Row
	var ratios []float64
	for i := 0; i < turns && ctx.Err() == nil; i++ {
		reg := b.registerVolunteer(ctx, t)
		if reg.Status != "ok" {
			b.add(reg)
			return
		}
		b.drainMail(ctx, t)
		bare := b.bareInsert(ctx, t)
		if bare.Status != "ok" {
			b.add(reg)
			b.add(bare)
			return
		}
		regs, bares = append(regs, reg), append(bares, bare)
		if bare.RPS > 0 {
			ratios = append(ratios, reg.RPS/bare.RPS)
		}
		fmt.Fprintf(b.out, "  (turn %d of %d: %.0f registrations/s, %.0f inserts/s)\n", i+1, turns, reg.RPS, bare.RPS)
	}
	if len(regs) == 0 {
		return
	}
	reg, bare := medianRow(regs), medianRow(bares)
	if len(regs) > 1 {
		reg.Note = strings.TrimPrefix(reg.Note+"; median of "+turnRates(regs, "registrations/s"), "; ")
		bare.Note = strings.TrimPrefix(bare.Note+"; median of "+turnRates(bares, "inserts/s"), "; ")
	}
	if len(ratios) > 0 {
		sort.Float64s(ratios)
		if reg.Data == nil {
			reg.Data = map[string]any{}
		}
		reg.Data["ratioToBare"] = ratios[len(ratios)/2]
		var parts []string
		for _, r := range ratios {
			parts = append(parts, fmt.Sprintf("%.0f%%", r*100))
		}
		reg.Data["ratioTurns"] = strings.Join(parts, ", ")
	}
	b.add(reg)
	b.add(bare)
}

// medianRow is the row of the median rate among rows (the upper one of an
// even count).
func medianRow(rows []report.Row) report.Row {
	sorted := append([]report.Row(nil), rows...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].RPS < sorted[j].RPS })
	return sorted[len(sorted)/2]
}

// turnRates lists the rates of rows, in the order they ran.
func turnRates(rows []report.Row, unit string) string {
	var parts []string
	for _, r := range rows {
		parts = append(parts, fmt.Sprintf("%.0f", r.RPS))
	}
	return fmt.Sprintf("%d turns: %s %s", len(rows), strings.Join(parts, " / "), unit)
}

// bareInsert: the reference of the registration row on SQLite, measured
// right after it: a loop of durable single-row inserts, each its own
// commit, into the same database file through the store's own connection
// settings (WAL, the same synchronous level), from as many goroutines as
// the registration row has clients; each row about the size of a
// volunteer's. The table is the bench's own and is dropped afterwards.
// The row is returned, not added.
func (b *bench) bareInsert(ctx context.Context, t *target) report.Row {
	const name = "bare insert-and-commit loop (same database)"
	w := t.st.Writer()
	if _, err := w.ExecContext(ctx, "CREATE TABLE bench_bare (id INTEGER PRIMARY KEY, body TEXT NOT NULL)"); err != nil {
		return report.NA(name, t.backend, err.Error())
	}
	defer func() { _, _ = w.ExecContext(context.Background(), "DROP TABLE bench_bare") }()
	body := strings.Repeat("volunteer text ", 100)
	var done, failed atomic.Int64
	run := func(until time.Time, count bool) {
		var wg sync.WaitGroup
		for i := 0; i < b.o.concurrency; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for time.Now().Before(until) && ctx.Err() == nil {
					_, err := w.ExecContext(ctx, "INSERT INTO bench_bare (body) VALUES (?)", body)
					switch {
					case !count:
					case err != nil:
						failed.Add(1)
					default:
						done.Add(1)
					}
				}
			}()
		}
		wg.Wait()
	}
	run(time.Now().Add(b.o.warmup), false)
	start := time.Now()
	run(start.Add(b.o.duration), true)
	secs := time.Since(start).Seconds()
	rate := float64(done.Load()) / secs
	return report.Row{Name: name, Backend: t.backend, Status: "ok", Concurrency: b.o.concurrency, RPS: rate,
		Requests: int(done.Load()), Errors: int(failed.Load()),
		Note: fmt.Sprintf("%.0f inserts/s, each its own commit", rate), Data: map[string]any{"insertsPerSecond": rate}}
}

// outbox: how fast the running server's outbox worker delivers to the
// loopback SMTP sink. Messages are enqueued through the outbox package
// from this process, as a handler's transaction would.
func (b *bench) outbox(ctx context.Context, t *target) {
	const name = "outbox → SMTP sink"
	drainNote := b.drainMail(ctx, t)
	rcpt := "outbox.bench." + t.backend + "@example.org"
	before := b.sink.To(rcpt)
	enqueued := time.Now()
	if err := seed.Outbox(ctx, t.st, b.o.outboxN, "bench", rcpt); err != nil {
		b.add(report.Row{Name: name, Backend: t.backend, Status: "error", Note: err.Error()})
		return
	}
	// The worker is woken by commits in its own process (or its poll): one
	// volunteer registration wakes it as a real submission would, and it
	// then finds the batch due as well.
	_, _, _, _ = load.Once(ctx, probeClient, "POST", t.url+"/api/volunteers/register", jsonHeader(""), volunteerBody(-2, 0))
	var first, last time.Time
	deadline := time.Now().Add(20 * time.Second)
	for {
		n := b.sink.To(rcpt) - before
		now := time.Now()
		if n > 0 && first.IsZero() {
			first = now
			deadline = now.Add(60 * time.Second)
		}
		if n >= b.o.outboxN {
			last = now
			break
		}
		if now.After(deadline) || ctx.Err() != nil {
			break
		}
		time.Sleep(2 * time.Millisecond)
	}
	got := b.sink.To(rcpt) - before
	if got == 0 {
		b.add(report.NA(name, t.backend, "no message reached the SMTP sink within 20 s: outbox worker not built yet, or it does not poll for rows committed by another process"+
			strings.TrimPrefix("; "+drainNote, "; ")))
		return
	}
	if last.IsZero() {
		last = time.Now()
	}
	span := last.Sub(first).Seconds()
	rate := float64(got) / last.Sub(enqueued).Seconds()
	if span > 0 && got > 1 {
		rate = float64(got-1) / span
	}
	row := report.Row{Name: name, Backend: t.backend, Status: "ok", Errors: b.o.outboxN - got,
		Result: fmt.Sprintf("%.0f messages/s (%d of %d delivered; first after %.2f s, all after %.2f s)",
			rate, got, b.o.outboxN, first.Sub(enqueued).Seconds(), last.Sub(enqueued).Seconds()),
		Note: drainNote,
		Data: map[string]any{"messagesPerSecond": rate, "delivered": got}}
	b.add(row)
}

// adminConcurrency is how many admins use the dashboard at once in the
// admin rows.
const adminConcurrency = 8

// adminCase is one request the dashboard makes of the volunteers list.
type adminCase struct {
	name  string
	query url.Values
	// depth: the request asks for the page after this many rows, from
	// the cursor the page before it ended with (how the dashboard pages on).
	depth int
}

// adminCases are the requests of the admin rows: the first page in every
// sort the list offers, a rare and a common search term in the default
// sort and another, pages deep in the list (from their cursor, as the
// dashboard asks for them, and by page number), and a filter. A common
// term's pages past the first are offered from their cursor only (by
// number the API refuses them: every row before the page would be read).
func adminCases(n int) []adminCase {
	page := func(kv ...string) url.Values {
		v := url.Values{"page": {"1"}, "pageSize": {"20"}}
		for i := 0; i+1 < len(kv); i += 2 {
			v.Set(kv[i], kv[i+1])
		}
		return v
	}
	deep := n * 9 / 10
	return []adminCase{
		{name: "page 1", query: page()},
		{name: "page 1 sort=createdAt", query: page("sort", "createdAt")},
		{name: "page 1 sort=fullName", query: page("sort", "fullName")},
		{name: "page 1 sort=-fullName", query: page("sort", "-fullName")},
		{name: "page 1 sort=email", query: page("sort", "email")},
		{name: "page 1 sort=-email", query: page("sort", "-email")},
		{name: "page 1 q=" + seed.RareTerm + " (rare)", query: page("q", seed.RareTerm)},
		{name: "page 1 q=" + seed.RareTerm + " sort=fullName", query: page("q", seed.RareTerm, "sort", "fullName")},
		{name: "page 1 q=" + seed.SearchTerm + " (a third)", query: page("q", seed.SearchTerm)},
		{name: "page 1 q=" + seed.SearchTerm + " sort=fullName", query: page("q", seed.SearchTerm, "sort", "fullName")},
		{name: "page 1 q=" + seed.SearchTerm + " sort=-email", query: page("q", seed.SearchTerm, "sort", "-email")},
		{name: fmt.Sprintf("after row %d (cursor)", deep), query: page(), depth: deep},
		{name: fmt.Sprintf("after row %d sort=fullName (cursor)", deep), query: page("sort", "fullName"), depth: deep},
		{name: fmt.Sprintf("after match %d q=%s (cursor)", n/10, seed.SearchTerm), query: page("q", seed.SearchTerm), depth: n / 10},
		{name: "page 500 (page number)", query: page("page", "500")},
		{name: "page 1 status=new", query: page("status", "new")},
	}
}

// adminLists: the volunteers list of the dashboard at its full size,
// adminConcurrency admins at once, one row per request the dashboard can
// make (see adminCases).
func (b *bench) adminLists(ctx context.Context, t *target) {
	h := jsonHeader(t.sessions.AdminToken)
	tab := store.AdminTabByName("volunteers")
	for _, c := range adminCases(b.o.volunteers) {
		name := "admin volunteers " + c.name
		if c.depth > 0 {
			// The cursor of the row before the page, read once through
			// the store.
			q := store.AdminQuery{Search: c.query.Get("q"), Sort: c.query.Get("sort")}
			cur, err := cursorAt(ctx, t.st, tab, q, c.depth)
			if err != nil {
				b.add(report.NA(name, t.backend, fmt.Sprintf("no cursor at row %d: %v", c.depth, err)))
				continue
			}
			c.query.Set("after", cur)
			c.query.Set("page", strconv.Itoa(c.depth/20+1))
		}
		u := t.url + "/api/admin/volunteers?" + c.query.Encode()
		st, hdr, body, err := load.Once(ctx, probeClient, "GET", u, h, nil)
		if why := notReady(st, body, err, 200); why != "" {
			b.add(report.NA(name, t.backend, why))
			continue
		}
		var items []json.RawMessage
		_ = json.Unmarshal(body, &items)
		total := hdr.Get("X-Total-Count")
		if hdr.Get("X-Total-Capped") == "true" {
			total += "+"
		}
		note := fmt.Sprintf("%d items, total %s", len(items), total)
		if len(items) == 0 {
			note += " (empty page: not a real measurement)"
		}
		b.runLoad(name, t, adminConcurrency, load.Request{Method: "GET", URL: u, Header: h}, note)
	}
}

// cursorAt is the cursor of the depth-th row of q's list, read page after
// page from each page's cursor, as the dashboard goes (a common term's
// page that deep is not offered by its number).
func cursorAt(ctx context.Context, st *store.Store, tab *store.AdminTab, q store.AdminQuery, depth int) (string, error) {
	cur := ""
	for done := 0; done < depth; {
		q.Page, q.PageSize, q.After = done/5000+1, min(5000, depth-done), cur
		_, recs, err := st.AdminPage(ctx, tab, q)
		if err != nil {
			return "", err
		}
		if len(recs) == 0 {
			return "", fmt.Errorf("the list ends at row %d", done)
		}
		cur, done = recs[len(recs)-1].Cursor(), done+len(recs)
	}
	return cur, nil
}

// exportResult is one CSV export.
type exportResult struct {
	status    int
	bytes     int64
	lines     int
	firstByte time.Duration
	total     time.Duration
	rssBefore int64
	peak      int64 // VmHWM after the export (after a reset when allowed)
	peakReset bool
	err       error
}

func (b *bench) exportOnce(ctx context.Context, t *target, u string, h http.Header) exportResult {
	var r exportResult
	if t.pid != 0 {
		if m, err := spdcproc.ReadMemory(t.pid); err == nil {
			r.rssBefore = m.RSS
		}
		r.peakReset = spdcproc.ResetPeak(t.pid)
	}
	req, _ := http.NewRequestWithContext(ctx, "GET", u, nil)
	req.Header = h.Clone()
	start := time.Now()
	resp, err := probeClient.Do(req)
	if err != nil {
		r.err = err
		return r
	}
	defer resp.Body.Close()
	r.status = resp.StatusCode
	buf := make([]byte, 64<<10)
	for {
		n, err := resp.Body.Read(buf)
		if n > 0 {
			if r.bytes == 0 {
				r.firstByte = time.Since(start)
			}
			r.bytes += int64(n)
			r.lines += bytes.Count(buf[:n], []byte{'\n'})
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			r.err = err
			break
		}
	}
	r.total = time.Since(start)
	if t.pid != 0 {
		if m, err := spdcproc.ReadMemory(t.pid); err == nil {
			r.peak = m.Peak
		}
	}
	return r
}

// export: the CSV export of all volunteers, timed three times, and its
// memory against an export of a twentieth of the rows.
func (b *bench) export(ctx context.Context, t *target) {
	const name = "admin volunteers export.csv (all)"
	h := jsonHeader(t.sessions.AdminToken)
	h.Del("Content-Type")
	base := t.url + "/api/admin/volunteers/export.csv"
	small := b.exportOnce(ctx, t, base+"?q="+url.QueryEscape(seed.SmallTerm), h)
	if why := notReady(small.status, nil, small.err, 200); why != "" {
		b.add(report.NA(name, t.backend, why))
		return
	}
	var runs []exportResult
	var failed *exportResult
	b.profiled(name+" "+t.backend, func() {
		for i := 0; i < 3; i++ {
			r := b.exportOnce(ctx, t, base, h)
			if r.err != nil || r.status != 200 {
				failed = &r
				return
			}
			runs = append(runs, r)
		}
	})
	if failed != nil {
		b.add(report.Row{Name: name, Backend: t.backend, Status: "error", Note: fmt.Sprintf("status %d, %v", failed.status, failed.err)})
		return
	}
	first := runs[0]
	sort.Slice(runs, func(i, j int) bool { return runs[i].total < runs[j].total })
	med := runs[1]
	data := map[string]any{
		"seconds": med.total.Seconds(), "bytes": first.bytes, "lines": first.lines,
		"firstByteMs": float64(med.firstByte.Microseconds()) / 1000,
		"smallLines":  small.lines, "smallBytes": small.bytes,
	}
	result := fmt.Sprintf("%.2f s median of 3 (first byte %.0f ms), %s, %d lines",
		med.total.Seconds(), float64(med.firstByte.Microseconds())/1000, report.MB(first.bytes), first.lines)
	note := ""
	if t.pid != 0 {
		growFull := first.peak - first.rssBefore
		growSmall := small.peak - small.rssBefore
		data["peakRSS"] = first.peak
		data["growthFull"] = growFull
		data["growthSmall"] = growSmall
		data["peakReset"] = first.peakReset
		result += fmt.Sprintf("; server peak RSS %s (+%s over %s before; a %d-line export: +%s)",
			report.MB(first.peak), report.MB(growFull), report.MB(first.rssBefore), small.lines, report.MB(growSmall))
		if !first.peakReset {
			note = "VmHWM could not be reset: the peak includes earlier rows"
		}
	}
	b.add(report.Row{Name: name, Backend: t.backend, Status: "ok", Result: result, Note: note, Data: data})
}

// static: the index and the entry script, compressed as a browser asks.
func (b *bench) static(ctx context.Context, t *target) {
	h := http.Header{"Accept-Encoding": {"br, gzip"}}
	paths := []string{"/"}
	if b.entryAsset != "" {
		paths = append(paths, "/"+b.entryAsset)
	}
	for _, p := range paths {
		name := "GET " + p
		if p != "/" {
			name = "GET hashed asset (" + p + ")"
		}
		st, hdr, body, err := load.Once(ctx, probeClient, "GET", t.url+p, h, nil)
		if why := notReady(st, body, err, 200); why != "" {
			b.add(report.NA(name, "", why))
			continue
		}
		enc := hdr.Get("Content-Encoding")
		if enc == "" {
			enc = "identity"
		}
		note := fmt.Sprintf("%s, %d bytes, Cache-Control %q", enc, len(body), hdr.Get("Cache-Control"))
		row := b.runLoad(name, &target{backend: ""}, b.o.concurrency, load.Request{Method: "GET", URL: t.url + p, Header: h}, note)
		_ = row
	}
}
