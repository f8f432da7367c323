package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"spdc/bench/load"
	"spdc/bench/report"
	"spdc/bench/webstats"
)

// webSizes: the first-render JavaScript and CSS of the home page and of
// every route chunk, gzip bytes, from the Vite build.
func (b *bench) webSizes() {
	rep, err := webstats.Measure(b.o.dist)
	if err != nil {
		b.add(report.NA("web: home first render", "", err.Error()))
		return
	}
	b.res.Web = rep
	for _, f := range rep.Entry.Files {
		if strings.HasSuffix(f, ".js") && strings.Contains(filepath.Base(f), "index") {
			b.entryAsset = f
		}
	}
	if b.entryAsset == "" {
		for _, f := range rep.Entry.Files {
			if strings.HasSuffix(f, ".js") {
				b.entryAsset = f
				break
			}
		}
	}
	b.add(report.Row{Name: "web: entry (index.html scripts, preloads, CSS)", Status: "ok",
		Result: fmt.Sprintf("JS %s gzip (%s raw), CSS %s gzip, %d files", report.KB(int64(rep.Entry.JSGzip)), report.KB(int64(rep.Entry.JSRaw)), report.KB(int64(rep.Entry.CSSGzip)), len(rep.Entry.Files)),
		Data:   map[string]any{"jsGzip": rep.Entry.JSGzip, "cssGzip": rep.Entry.CSSGzip}})
	b.add(report.Row{Name: "web: home first render (entry + home chunk)", Status: "ok",
		Result: fmt.Sprintf("JS %s gzip, CSS %s gzip", report.KB(int64(rep.Home.JSGzip)), report.KB(int64(rep.Home.CSSGzip))),
		Data:   map[string]any{"jsGzip": rep.Home.JSGzip, "cssGzip": rep.Home.CSSGzip}})
	for _, l := range rep.Languages {
		b.add(report.Row{Name: "web: home first render in " + l.Lang, Status: "ok",
			Result: fmt.Sprintf("JS %s gzip; its messages, JSON in the page, %s gzip", report.KB(int64(l.JSGzip)), report.KB(int64(l.MessagesGzip))),
			Data:   map[string]any{"jsGzip": l.JSGzip, "messagesGzip": l.MessagesGzip}})
	}
	var parts []string
	largest := webstats.Chunk{}
	for _, c := range rep.Chunks {
		parts = append(parts, fmt.Sprintf("%s %.1f", c.Name, float64(c.JSGzip+c.CSSGzip)/1000))
		if c.JSGzip+c.CSSGzip > largest.JSGzip+largest.CSSGzip {
			largest = c
		}
	}
	b.add(report.Row{Name: "web: route chunks (JS+CSS KB gzip beyond the entry)", Status: "ok",
		Result: fmt.Sprintf("%d chunks, largest %s %s: %s", len(rep.Chunks), largest.Name, report.KB(int64(largest.JSGzip+largest.CSSGzip)), strings.Join(parts, ", "))})
}

var (
	reMessages = regexp.MustCompile(`<script type="application/json" id="messages" data-lang="([a-z]+)">`)
	reCode     = regexp.MustCompile(`<script[^>]+src="([^"]+)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"|<link[^>]+href="([^"]+)"[^>]+rel="modulepreload"`)
)

// servedLanguages asks the server for the home page in each language the
// build has messages for and checks what the first-render rows assume:
// the page embeds the messages of its own language and of no other, and
// names the same code as the English page.
func (b *bench) servedLanguages(ctx context.Context, t *target) {
	rep, ok := b.res.Web.(*webstats.Report)
	if !ok {
		return
	}
	code := func(page []byte) []string {
		var out []string
		for _, m := range reCode.FindAllSubmatch(page, -1) {
			out = append(out, string(m[1])+string(m[2])+string(m[3]))
		}
		slices.Sort(out)
		return out
	}
	var english []string
	for _, l := range rep.Languages {
		name := "web: home page served in " + l.Lang
		st, _, body, err := load.Once(ctx, probeClient, "GET", t.url+"/?lang="+l.Lang, http.Header{}, nil)
		if why := notReady(st, body, err, 200); why != "" {
			b.add(report.NA(name, "", why))
			continue
		}
		var langs []string
		for _, m := range reMessages.FindAllSubmatch(body, -1) {
			langs = append(langs, string(m[1]))
		}
		files := code(body)
		if l.Lang == "en" {
			english = files
		}
		var problems []string
		if !slices.Equal(langs, []string{l.Lang}) {
			problems = append(problems, fmt.Sprintf("embeds the messages of %v, not of %s alone", langs, l.Lang))
		}
		if english != nil && !slices.Equal(files, english) {
			problems = append(problems, fmt.Sprintf("names other code than the English page: %v", files))
		}
		if len(problems) > 0 {
			b.add(report.Row{Name: name, Status: "error", Note: strings.Join(problems, "; ")})
			continue
		}
		b.add(report.Row{Name: name, Status: "ok", Result: fmt.Sprintf("its own messages only; the same %d scripts and modulepreloads as in English", len(files))})
	}
}

// lighthouseResult is one page's summary from web/scripts/bench-web.mjs.
type lighthouseResult struct {
	Path              string         `json:"path"`
	Scores            map[string]int `json:"scores"`
	LCPMs             *float64       `json:"lcpMs"`
	TBTMs             *float64       `json:"tbtMs"`
	CLS               *float64       `json:"cls"`
	TotalBytes        *float64       `json:"totalBytes"`
	BytesWithoutMedia float64        `json:"bytesWithoutMedia"`
	MediaBytes        float64        `json:"mediaBytes"`
	Requests          int            `json:"requests"`
	FinalURL          string         `json:"finalUrl"`
	RuntimeError      *string        `json:"runtimeError"`
	NotPerfect        []string       `json:"notPerfect"`
	Error             string         `json:"error"`
	RunsLCPMs         []float64      `json:"runsLcpMs"`
}

// publicRoutes are the site's public pages, each with a Lighthouse budget
// in English, Hindi and Bengali: every route of the web app's table but
// the accounts, the dashboard, the one-time links and other spellings of
// a listed path.
var publicRoutes = []string{
	"/", "/login", "/register", "/recoverpassword", "/becomevolunteer", "/discipleRegistration", "/Host", "/donation",
	"/aboutus", "/implementationProcess", "/events", "/eventdetails", "/contactus", "/team", "/testimonial", "/volunteer",
	"/donor", "/services", "/servicesdetails", "/causes", "/causesdetails", "/faq", "/privacypolicy", "/teamcondition", "/comingsoon",
}

// adminPage is measured signed in as an admin, in English only.
const adminPage = "/admin"

// pageList is the -lighthouse-pages flag read: the paths asked for (every
// public route and /admin when it is empty).
func pageList(flagValue string) []string {
	if strings.TrimSpace(flagValue) == "" {
		return append(append([]string{}, publicRoutes...), adminPage)
	}
	var out []string
	for _, p := range strings.Split(flagValue, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// budgetPages are the public pages of list, each in English, Hindi
// (?lang=hi) and Bengali (?lang=bn): the two scripts bring their own fonts.
func budgetPages(list []string) []string {
	var out []string
	for _, lang := range []string{"", "?lang=hi", "?lang=bn"} {
		for _, p := range list {
			if p != adminPage {
				out = append(out, p+lang)
			}
		}
	}
	return out
}

// lighthousePages are the pages Lighthouse opens: /admin signed in when
// list has it, first, then list's public pages in three languages. The
// admin's session ends after store.AdminIdleTimeout without a request,
// and measuring every public page three times takes longer than that.
func lighthousePages(list []string) []string {
	var out []string
	if slices.Contains(list, adminPage) {
		out = append(out, adminPage)
	}
	return append(out, budgetPages(list)...)
}

// lighthouseRows runs Lighthouse (mobile) on each page through the node
// script, with the admin session in localStorage for /admin.
func (b *bench) lighthouseRows(ctx context.Context, t *target) {
	lighthousePages := lighthousePages(pageList(b.o.lhPages))
	if _, err := os.Stat("web/node_modules/lighthouse"); err != nil {
		for _, p := range lighthousePages {
			b.add(report.NA("lighthouse "+p, "", "web/node_modules/lighthouse missing: run `cd web && npm ci`"))
		}
		return
	}
	user, _ := json.Marshal(map[string]any{
		"_id": t.sessions.AdminID, "fullName": t.sessions.AdminName, "email": t.sessions.AdminEmail,
		"mobile": "+919800000002", "address": "", "isAdmin": true, "createdAt": time.Now().UTC().Format(time.RFC3339),
	})
	args := []string{"scripts/bench-web.mjs", "--base", t.url, "--runs", fmt.Sprint(b.o.lhRuns), "--token", t.sessions.AdminToken, "--user", string(user), "--signed-in", adminPage}
	if b.o.lhSave != "" {
		dir, err := filepath.Abs(b.o.lhSave)
		if err == nil {
			args = append(args, "--save", dir)
		}
	}
	args = append(args, lighthousePages...)
	cctx, cancel := context.WithTimeout(ctx, time.Duration(len(lighthousePages)*b.o.lhRuns)*90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(cctx, "node", args...)
	cmd.Dir = "web"
	cmd.Env = append(os.Environ(), "CHROME_PATH="+chromePath())
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	outb, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if len(msg) > 200 {
			msg = msg[len(msg)-200:]
		}
		for _, p := range lighthousePages {
			b.add(report.NA("lighthouse "+p, "", fmt.Sprintf("%v: %s", err, msg)))
		}
		return
	}
	var results []lighthouseResult
	if err := json.Unmarshal(outb, &results); err != nil {
		for _, p := range lighthousePages {
			b.add(report.NA("lighthouse "+p, "", "unreadable output: "+err.Error()))
		}
		return
	}
	b.res.Lighthouse = results
	fmt.Fprintf(b.out, "  (lighthouse: %.0f s for %d pages)\n", time.Since(start).Seconds(), len(results))
	for _, r := range results {
		name := "lighthouse " + r.Path
		if r.Path == adminPage {
			name += " (signed in)"
		}
		if r.Error != "" {
			b.add(report.Row{Name: name, Status: "error", Note: r.Error})
			continue
		}
		score := func(k string) string {
			if v, ok := r.Scores[k]; ok {
				return fmt.Sprint(v)
			}
			return "–"
		}
		num := func(p *float64, f string) string {
			if p == nil {
				return "–"
			}
			return fmt.Sprintf(f, *p)
		}
		res := fmt.Sprintf("perf %s, a11y %s, best %s, SEO %s; LCP %s s, TBT %s ms, CLS %s; %s (%s without media), %d requests",
			score("performance"), score("accessibility"), score("best-practices"), score("seo"),
			num(divp(r.LCPMs, 1000), "%.2f"), num(r.TBTMs, "%.0f"), num(r.CLS, "%.3f"),
			report.KB(int64(deref(r.TotalBytes))), report.KB(int64(r.BytesWithoutMedia)), r.Requests)
		var notes []string
		if r.RuntimeError != nil {
			notes = append(notes, "runtime error: "+*r.RuntimeError)
		}
		// The app takes ?lang= off the address once it has chosen the language.
		if want, _, _ := strings.Cut(r.Path, "?lang="); !strings.HasSuffix(r.FinalURL, want) {
			notes = append(notes, "ended at "+r.FinalURL)
		}
		if fam := scriptFamily(r.Path); fam != "" {
			if hasSystemFont(fam) {
				notes = append(notes, "the machine has "+fam+", as a phone does")
			} else {
				notes = append(notes, "the machine has no "+fam+": measured as a device without a font for the script")
			}
		}
		if len(r.RunsLCPMs) > 1 {
			notes = append(notes, fmt.Sprintf("median of %d runs, LCP %v ms", len(r.RunsLCPMs), r.RunsLCPMs))
		}
		if len(r.NotPerfect) > 0 {
			notes = append(notes, "below 100: "+strings.Join(r.NotPerfect, " "))
		}
		b.add(report.Row{Name: name, Status: "ok", Result: res, Note: strings.Join(notes, "; ")})
	}
}

// scriptFamily is the font family a page's language needs beyond Latin
// ("" for English).
func scriptFamily(path string) string {
	switch {
	case strings.HasSuffix(path, "lang=hi"):
		return "Noto Sans Devanagari"
	case strings.HasSuffix(path, "lang=bn"):
		return "Noto Sans Bengali"
	}
	return ""
}

// hasSystemFont reports whether fontconfig knows family on this machine.
func hasSystemFont(family string) bool {
	out, err := exec.Command("fc-list", ":family="+family, "family").Output()
	return err == nil && len(strings.TrimSpace(string(out))) > 0
}

func divp(p *float64, d float64) *float64 {
	if p == nil {
		return nil
	}
	v := *p / d
	return &v
}

func deref(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}

func chromePath() string {
	if p := os.Getenv("CHROME_PATH"); p != "" {
		return p
	}
	return "/usr/bin/chromium"
}
