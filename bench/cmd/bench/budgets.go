package main

import (
	"fmt"
	"slices"
	"strings"

	"spdc/bench/report"
)

// The performance budgets that a benchmark can check. (Axe, keyboard
// use, 320 px and 200 % text are checked by the end-to-end tests.)
const (
	meRatioMin       = 0.30
	meP99MaxMs       = 20.0
	loginOverMax     = 1.10
	registerRatioMin = 0.50
	listP50MaxMs     = 50.0
	listP99MaxMs     = 150.0
	exportMaxS       = 10.0
	exportGrowthMax  = 16 << 20 // bytes: more than this beyond a small export means memory follows the rows
	homeJSMax        = 100_000  // gzip bytes (100 KB)
	homeBytesMax     = 1_000_000
)

// budgets turns the rows into PASS/FAIL lines.
func (b *bench) budgets() {
	r := b.res
	add := func(name string, known, pass bool, detail string) {
		r.Budgets = append(r.Budgets, report.Budget{Name: name, Known: known, Pass: pass, Detail: detail})
	}
	ok := func(row *report.Row) bool { return row != nil && row.Status == "ok" }

	// GET /api/users/me.
	{
		name := fmt.Sprintf("GET /api/users/me on SQLite ≥ %.0f%% of hello-world req/s, p99 < %.0f ms", meRatioMin*100, meP99MaxMs)
		row := r.Find("GET /api/users/me", "sqlite")
		if !ok(row) || b.helloRPS == 0 {
			add(name, false, false, why(row))
		} else {
			pass := row.Ratio >= meRatioMin && row.P99Ms < meP99MaxMs && row.Errors == 0
			add(name, true, pass, fmt.Sprintf("%.0f req/s = %.0f%% of %.0f; p99 %.2f ms; %d errors", row.RPS, row.Ratio*100, b.helloRPS, row.P99Ms, row.Errors))
		}
	}
	// Login against the hash alone, one at a time, interleaved.
	{
		name := fmt.Sprintf("a login costs ≤ the password hash + %.0f%%", (loginOverMax-1)*100)
		login, hash := r.Find("POST /api/users/login, one at a time", "sqlite"), r.Find("password hash alone, one at a time", "sqlite")
		switch {
		case !ok(login):
			add(name, false, false, why(login))
		case !ok(hash):
			add(name, false, false, "hash alone: "+why(hash))
		default:
			lm, _ := login.Data["meanMs"].(float64)
			hm, _ := hash.Data["meanMs"].(float64)
			cost := lm / hm
			pass := cost <= loginOverMax && login.Errors == 0
			detail := fmt.Sprintf("one at a time: login mean %.1f ms vs verify mean %.1f ms = %.2f×; %d errors", lm, hm, cost, login.Errors)
			add(name, true, pass, detail)
		}
	}
	// Registration on SQLite against a bare durable insert loop.
	{
		name := fmt.Sprintf("volunteer registration on SQLite ≥ %.0f%% of a bare insert-and-commit loop into the same database", registerRatioMin*100)
		reg, bare := r.Find("POST /api/volunteers/register", "sqlite"), r.Find("bare insert-and-commit loop (same database)", "sqlite")
		switch {
		case !ok(reg):
			add(name, false, false, why(reg))
		case !ok(bare) || bare.RPS == 0:
			add(name, false, false, "bare loop: "+why(bare))
		default:
			// Turns run side by side give the median of their ratios; a
			// single turn, the ratio of its two rows.
			ratio := reg.RPS / bare.RPS
			detail := fmt.Sprintf("%.0f registrations/s vs %.0f inserts/s = %.0f%%; %d errors", reg.RPS, bare.RPS, ratio*100, reg.Errors)
			if m, ok := reg.Data["ratioToBare"].(float64); ok {
				ratio = m
				turns, _ := reg.Data["ratioTurns"].(string)
				detail = fmt.Sprintf("median turn %.0f registrations/s vs %.0f inserts/s; median ratio of the turns %.0f%% (turns %s); %d errors", reg.RPS, bare.RPS, ratio*100, turns, reg.Errors)
			}
			add(name, true, ratio >= registerRatioMin && reg.Errors == 0, detail)
		}
	}
	// listBudget checks every row of backend that match picks against the
	// lists' p50 and p99.
	listBudget := func(name, backend string, match func(string) bool) {
		var fails []string
		measured := 0
		for i := range r.Rows {
			row := &r.Rows[i]
			if row.Backend != backend || !match(row.Name) {
				continue
			}
			if !ok(row) {
				fails = append(fails, row.Name+": "+why(row))
				continue
			}
			measured++
			if row.P50Ms >= listP50MaxMs || row.P99Ms >= listP99MaxMs || row.Errors > 0 {
				fails = append(fails, fmt.Sprintf("%s: p50 %.1f ms, p99 %.1f ms, %d errors", row.Name, row.P50Ms, row.P99Ms, row.Errors))
			}
		}
		switch {
		case measured == 0:
			add(name, false, false, "not measured in this run")
		case len(fails) == 0:
			add(name, true, true, fmt.Sprintf("%d requests, all within", measured))
		default:
			add(name, true, false, strings.Join(fails, "; "))
		}
	}
	// Every admin list request, on each database.
	for _, backend := range []string{"sqlite", "postgres"} {
		name := fmt.Sprintf("every admin list request on %s, %d volunteers, %d admins at once: p50 < %.0f ms, p99 < %.0f ms",
			backend, b.o.volunteers, adminConcurrency, listP50MaxMs, listP99MaxMs)
		listBudget(name, backend, func(n string) bool {
			return strings.HasPrefix(n, "admin volunteers ") && !strings.Contains(n, "export")
		})
	}
	// The care register's lists and the year's report, on each database.
	for _, backend := range []string{"sqlite", "postgres"} {
		name := fmt.Sprintf("every care register list request on %s, %d elders with %d contacts each, %d admins at once: p50 < %.0f ms, p99 < %.0f ms",
			backend, b.o.careElders, b.o.careContacts, adminConcurrency, listP50MaxMs, listP99MaxMs)
		listBudget(name, backend, func(n string) bool { return strings.HasPrefix(n, "admin care ") })
		var rep *report.Row
		for i := range r.Rows {
			if r.Rows[i].Backend == backend && strings.HasPrefix(r.Rows[i].Name, "care report ") {
				rep = &r.Rows[i]
			}
		}
		nameR := fmt.Sprintf("the care register's year report on %s, %d elders: every answer < %.0f ms", backend, b.o.careElders, reportMaxMs)
		if !ok(rep) {
			add(nameR, false, false, why(rep))
			continue
		}
		add(nameR, true, rep.P99Ms < reportMaxMs && rep.Errors == 0, fmt.Sprintf("p50 %.0f ms, p99 %.0f ms, %d errors", rep.P50Ms, rep.P99Ms, rep.Errors))
	}
	// CSV export, on each database.
	for _, backend := range []string{"sqlite", "postgres"} {
		row := r.Find("admin volunteers export.csv (all)", backend)
		nameT := fmt.Sprintf("CSV export of %d volunteers on %s < %.0f s", b.o.volunteers, backend, exportMaxS)
		nameM := "CSV export memory does not grow with the row count on " + backend
		if !ok(row) {
			add(nameT, false, false, why(row))
			add(nameM, false, false, why(row))
			continue
		}
		secs, _ := row.Data["seconds"].(float64)
		add(nameT, true, secs < exportMaxS, fmt.Sprintf("%.2f s (median of 3)", secs))
		full, okF := row.Data["growthFull"].(int64)
		small, okS := row.Data["growthSmall"].(int64)
		if !okF || !okS {
			add(nameM, false, false, "no /proc figures (in-process -profile run)")
		} else {
			add(nameM, true, full-small <= exportGrowthMax, fmt.Sprintf("peak RSS grew %s for all rows vs %s for a %v-line export (limit: %s more)",
				report.MB(full), report.MB(small), row.Data["smallLines"], report.MB(exportGrowthMax)))
		}
	}
	// Web sizes: the home page's first-render code in every language the
	// build has messages for (the same code in each, the served pages
	// checked to embed only their own language's messages).
	for _, lang := range []string{"en", "hi", "bn"} {
		name := fmt.Sprintf("home page JavaScript for first render ≤ %s gzip in %s", report.KB(homeJSMax), lang)
		row := r.Find("web: home first render in "+lang, "")
		served := r.Find("web: home page served in "+lang, "")
		switch {
		case !ok(row):
			add(name, false, false, why(row))
		case served != nil && served.Status != "ok":
			add(name, true, false, "the served page: "+served.Note)
		default:
			js, _ := row.Data["jsGzip"].(int)
			msgs, _ := row.Data["messagesGzip"].(int)
			add(name, true, js <= homeJSMax, fmt.Sprintf("%s gzip (+ its messages, JSON in the page, %s gzip)", report.KB(int64(js)), report.KB(int64(msgs))))
		}
	}
	lh := map[string]lighthouseResult{}
	if list, okL := r.Lighthouse.([]lighthouseResult); okL {
		for _, x := range list {
			lh[x.Path] = x
		}
	}
	{
		name := fmt.Sprintf("home page loads ≤ %s (video not counted)", report.MB(homeBytesMax))
		x, found := lh["/"]
		if !found || x.Error != "" {
			add(name, false, false, "no Lighthouse result for /")
		} else {
			add(name, true, x.BytesWithoutMedia <= homeBytesMax, fmt.Sprintf("%s in %d requests (+%s media)", report.KB(int64(x.BytesWithoutMedia)), x.Requests, report.KB(int64(x.MediaBytes))))
		}
	}
	list := pageList(b.o.lhPages)
	for _, p := range budgetPages(list) {
		name := "Lighthouse mobile " + p + ": performance ≥ 95, accessibility 100, best practices 100, SEO ≥ 95, LCP < 2 s, TBT < 150 ms"
		x, found := lh[p]
		if !found || x.Error != "" || x.LCPMs == nil {
			add(name, false, false, "no Lighthouse result")
			continue
		}
		s := x.Scores
		pass := s["performance"] >= 95 && s["accessibility"] == 100 && s["best-practices"] == 100 && s["seo"] >= 95 && *x.LCPMs < 2000 && deref(x.TBTMs) < 150
		add(name, true, pass, fmt.Sprintf("%d / %d / %d / %d, LCP %.2f s, TBT %.0f ms", s["performance"], s["accessibility"], s["best-practices"], s["seo"], *x.LCPMs/1000, deref(x.TBTMs)))
	}
	if slices.Contains(list, adminPage) {
		name := "Lighthouse mobile " + adminPage + " (signed in): performance ≥ 90"
		if x, found := lh[adminPage]; !found || x.Error != "" {
			add(name, false, false, "no Lighthouse result")
		} else {
			add(name, true, x.Scores["performance"] >= 90, fmt.Sprintf("performance %d", x.Scores["performance"]))
		}
	}
}

func why(row *report.Row) string {
	if row == nil {
		return "not measured in this run"
	}
	return row.Status + ": " + row.Note
}
