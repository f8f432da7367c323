// Command bench is `make bench`: it starts the built spdc binary on loopback
// with a fresh database (SQLite, and PostgreSQL when BENCH_DATABASE_URL is
// set), seeds it through the store, measures every row of the benchmark
// beside a hello-world handler run in the same process with the same load,
// prints one Markdown table, writes bench/results.json and ends with one
// PASS/FAIL line per budget. See bench/README.md.
package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"syscall"
	"time"

	"spdc/bench/load"
	"spdc/bench/report"
	"spdc/bench/seed"
	"spdc/bench/smtpsink"
	"spdc/bench/spdcproc"
	"spdc/internal/store"
)

// options are the command-line flags.
type options struct {
	binary       string
	dist         string
	out          string
	duration     time.Duration
	warmup       time.Duration
	concurrency  int
	volunteers   int
	outboxN      int
	lighthouse   bool
	lhRuns       int
	lhPages      string
	lhSave       string
	regTurns     int
	pgURL        string
	keep         bool
	seedCache    string
	noSQLite     bool
	profileDir   string
	only         string
	pgSchema     string
	careElders   int
	careContacts int
}

func main() {
	var o options
	flag.StringVar(&o.binary, "binary", "bin/spdc", "the spdc binary to measure")
	flag.StringVar(&o.dist, "dist", "web/dist", "the web build to measure")
	flag.StringVar(&o.out, "out", "bench/results.json", "where to write the results")
	flag.DurationVar(&o.duration, "duration", 5*time.Second, "measured time of each load row")
	flag.DurationVar(&o.warmup, "warmup", time.Second, "unmeasured warm-up before each load row")
	flag.IntVar(&o.concurrency, "c", 32, "concurrent connections of the load rows")
	flag.IntVar(&o.volunteers, "volunteers", 1000000, "volunteers seeded for the admin and export rows")
	quick := flag.Bool("quick", false, "the smaller run: 100,000 volunteers (unless -volunteers is given) and 2 s per row")
	flag.IntVar(&o.outboxN, "outbox", 1000, "messages enqueued for the outbox row")
	flag.IntVar(&o.careElders, "care-elders", 100000, "elders seeded for the care register's rows")
	flag.IntVar(&o.careContacts, "care-contacts", 50, "contacts seeded per elder for the care register's rows")
	flag.BoolVar(&o.lighthouse, "lighthouse", true, "run Lighthouse (needs node and Chromium)")
	flag.IntVar(&o.regTurns, "register-turns", 3, "on SQLite, turns of the registration row and the bare insert loop, run alternately; the median turn of each is reported (-quick: 1)")
	flag.IntVar(&o.lhRuns, "lighthouse-runs", 3, "Lighthouse runs per page; the run with the median LCP is reported (-quick: 1)")
	flag.StringVar(&o.lhSave, "lighthouse-save", "", "directory to keep every Lighthouse run's whole report in, to read which element was the LCP and what came before it")
	flag.StringVar(&o.lhPages, "lighthouse-pages", "", "comma list of the paths Lighthouse measures, each public one in English, Hindi and Bengali, /admin signed in (default every public route and /admin)")
	flag.StringVar(&o.pgURL, "pg", os.Getenv("BENCH_DATABASE_URL"), "PostgreSQL URL for the second run (default $BENCH_DATABASE_URL)")
	flag.BoolVar(&o.keep, "keep", false, "keep the temporary data directories (and the PostgreSQL schema)")
	flag.StringVar(&o.pgSchema, "pg-schema", "", "run PostgreSQL on this schema, kept by an earlier -keep run with as many volunteers, instead of seeding a new one (it is kept)")
	flag.StringVar(&o.seedCache, "seed-cache", "", "keep SQLite's seeded database in this directory and start from it in later runs with as many volunteers, instead of seeding again (delete it after changing the seed)")
	flag.BoolVar(&o.noSQLite, "no-sqlite", false, "skip the SQLite run (with -pg: PostgreSQL only)")
	flag.StringVar(&o.profileDir, "profile", "", "run spdc inside this process and write a CPU profile per API row into this directory (for go tool pprof); no memory figures")
	flag.StringVar(&o.only, "only", "", "comma list of row groups to run: hello,api,register,admin,export,care,outbox,static,web,lighthouse (default all; register is the registration and bare-insert rows of api)")
	flag.Parse()
	if *quick {
		set := map[string]bool{}
		flag.Visit(func(f *flag.Flag) { set[f.Name] = true })
		if !set["volunteers"] {
			o.volunteers = 100000
		}
		if !set["duration"] {
			o.duration = 2 * time.Second
		}
		if !set["lighthouse-runs"] {
			o.lhRuns = 1
		}
		if !set["register-turns"] {
			o.regTurns = 1
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, o, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, o options, out io.Writer) error {
	started := time.Now()
	host, _ := os.Hostname()
	res := &report.Results{
		Started: started.UTC(), Host: host, CPUs: runtime.NumCPU(),
		Concurrency: o.concurrency, RowSeconds: o.duration.Seconds(), Volunteers: o.volunteers,
	}
	b := &bench{o: o, res: res, out: out}
	if o.profileDir == "" {
		if _, err := os.Stat(o.binary); err != nil {
			return fmt.Errorf("%s is missing: run `make bench` (it builds the binary first)", o.binary)
		}
	} else if err := os.MkdirAll(o.profileDir, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "spdc-bench-")
	if err != nil {
		return err
	}
	if o.keep {
		fmt.Fprintln(out, "data directories kept in", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	b.tmp = tmp

	sink, err := smtpsink.Start()
	if err != nil {
		return fmt.Errorf("smtp sink: %w", err)
	}
	defer sink.Close()
	b.sink = sink

	fmt.Fprintf(out, "spdc bench: %d CPUs, %d connections, %s per row (+%s warm-up), %d volunteers\n",
		res.CPUs, o.concurrency, o.duration, o.warmup, o.volunteers)

	if b.want("web") {
		fmt.Fprintln(out, "web build:")
		b.webSizes()
	}
	if b.want("hello") {
		fmt.Fprintln(out, "reference:")
		if err := b.hello(ctx); err != nil {
			return err
		}
	}

	var backends []string
	if !o.noSQLite {
		backends = append(backends, "sqlite")
	}
	if o.pgURL != "" {
		backends = append(backends, "postgres")
	}
	for _, backend := range backends {
		if ctx.Err() != nil {
			break
		}
		if err := b.backend(ctx, backend); err != nil {
			res.Add(out, report.Row{Name: "backend run", Backend: backend, Status: "error", Note: err.Error()})
		}
	}

	b.budgets()
	res.Seconds = time.Since(started).Seconds()
	fmt.Fprintln(out)
	res.Markdown(out)
	fmt.Fprintln(out)
	for _, n := range res.Notes {
		fmt.Fprintln(out, "note:", n)
	}
	if len(res.Notes) > 0 {
		fmt.Fprintln(out)
	}
	res.PrintBudgets(out)
	if err := res.WriteJSON(o.out); err != nil {
		return fmt.Errorf("write results: %w", err)
	}
	fmt.Fprintf(out, "\nresults written to %s (%.0f s)\n", o.out, res.Seconds)
	return nil
}

// bench carries the state of one run.
type bench struct {
	o        options
	res      *report.Results
	out      io.Writer
	tmp      string
	sink     *smtpsink.Sink
	helloRPS float64
	// entryAsset is the entry script of the web build (assets/index-….js),
	// the hashed asset of the static rows.
	entryAsset string
}

func (b *bench) want(group string) bool {
	if b.o.only == "" {
		return true
	}
	for _, g := range splitComma(b.o.only) {
		if g == group {
			return true
		}
	}
	return false
}

func splitComma(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ',' {
			if i > start {
				out = append(out, s[start:i])
			}
			start = i + 1
		}
	}
	return out
}

func (b *bench) loadOpts(concurrency int) load.Options {
	return load.Options{Concurrency: concurrency, Duration: b.o.duration, Warmup: b.o.warmup, Timeout: 10 * time.Second}
}

// add records a row, with its ratio to the hello-world reference.
func (b *bench) add(row report.Row) {
	if row.Status == "ok" && row.Requests > 0 && b.helloRPS > 0 && row.Name != "hello-world reference" {
		row.Ratio = row.RPS / b.helloRPS
	}
	b.res.Add(b.out, row)
}

// hello measures a hello-world handler served from this process, with the
// same client, connections and durations as the API rows.
func (b *bench) hello(ctx context.Context) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			_, _ = io.WriteString(w, "Hello, World!\n")
		}),
		ReadHeaderTimeout: 5 * time.Second,
	}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	r := load.Run(ctx, load.Request{Method: "GET", URL: "http://" + ln.Addr().String() + "/"}, b.loadOpts(b.o.concurrency))
	row := report.FromLoad("hello-world reference", "", b.o.concurrency, r)
	b.helloRPS = r.RPS
	b.add(row)
	return nil
}

// target is one running spdc with its database, seeded.
type target struct {
	backend  string
	url      string
	pid      int // 0 when spdc runs in this process
	st       *store.Store
	sessions seed.Sessions
	stop     func()
}

// backend seeds a fresh database, starts spdc on it and runs every row.
func (b *bench) backend(ctx context.Context, backend string) error {
	fmt.Fprintf(b.out, "%s:\n", backend)
	dataDir := filepath.Join(b.tmp, backend)
	if err := os.MkdirAll(dataDir, 0o750); err != nil {
		return err
	}
	dbURL := "sqlite://" + filepath.Join(dataDir, "spdc.db")
	seeding := b.want("admin") || b.want("export")
	// seeded says where the volunteers came from, for the run's log.
	seeded := "no volunteers seeded (the rows asked for need none): the registrations start from an empty database"
	if seeding {
		seeded = fmt.Sprintf("seeded %d volunteers", b.o.volunteers)
	}
	reused := backend == "postgres" && b.o.pgSchema != "" // an earlier run's schema
	if reused {
		u, err := schemaURL(b.o.pgURL, b.o.pgSchema)
		if err != nil {
			return err
		}
		fmt.Fprintln(b.out, "  PostgreSQL data of an earlier run at", u)
		dbURL, seeding, seeded = u, false, "volunteers of an earlier run"
	} else if backend == "postgres" {
		u, drop, err := newSchema(ctx, b.o.pgURL)
		if err != nil {
			return err
		}
		if b.o.keep {
			fmt.Fprintln(b.out, "  PostgreSQL data kept at", u)
		} else {
			defer drop()
		}
		dbURL = u
	}

	t0 := time.Now()
	cached := ""
	if backend == "sqlite" && seeding && b.o.seedCache != "" {
		cached = filepath.Join(b.o.seedCache, fmt.Sprintf("sqlite-%d.db", b.o.volunteers))
		if err := copyFile(cached, filepath.Join(dataDir, "spdc.db")); err == nil {
			fmt.Fprintf(b.out, "  database copied from %s\n", cached)
			seeding, seeded = false, fmt.Sprintf("%d volunteers from the seed cache", b.o.volunteers)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	st, err := store.Open(ctx, dbURL)
	if err != nil {
		return err
	}
	defer st.Close()
	if _, err := st.Migrate(ctx); err != nil {
		return err
	}
	if cached != "" && !seeding {
		// A copy holds no search indexes (see store.Backup): they are
		// built from its rows, as a restored server builds them, before
		// anything is measured.
		t1 := time.Now()
		if err := st.IndexSearch(ctx); err != nil {
			return err
		}
		if err := st.CompactSearch(ctx); err != nil {
			return err
		}
		fmt.Fprintf(b.out, "  search indexes built from the copy (%.1f s)\n", time.Since(t1).Seconds())
	}
	if seeding {
		if err := seed.Volunteers(ctx, st, b.o.volunteers); err != nil {
			return err
		}
		if cached != "" {
			if err := saveSeeded(ctx, st, cached); err != nil {
				return err
			}
		}
	}
	if reused {
		// The earlier run's bench accounts make way for this run's.
		if err := seed.DropUsers(ctx, st); err != nil {
			return err
		}
	}
	// The sessions are made after the volunteers: seeding a million rows
	// takes longer than a session may stay idle.
	sessions, err := seed.Users(ctx, st)
	if err != nil {
		return err
	}
	fmt.Fprintf(b.out, "  %s (%.1f s)\n", seeded, time.Since(t0).Seconds())
	if b.want("care") && !reused {
		// One elder in 200 is the bench admin's, as a coordinator's own.
		t1 := time.Now()
		if err := seed.Care(ctx, st, b.o.careElders, b.o.careContacts, sessions.AdminID); err != nil {
			return err
		}
		fmt.Fprintf(b.out, "  seeded %d elders with %d contacts each (%.1f s)\n", b.o.careElders, b.o.careContacts, time.Since(t1).Seconds())
	}

	t := &target{backend: backend, st: st, sessions: sessions}
	if b.o.profileDir != "" {
		if err := startInProcess(ctx, t, dataDir, dbURL, b.sink.URL()); err != nil {
			return err
		}
	} else {
		srv, err := spdcproc.Start(ctx, spdcproc.Config{Binary: b.o.binary, DataDir: dataDir, DatabaseURL: dbURL, SMTPURL: b.sink.URL()})
		if err != nil {
			return err
		}
		t.url, t.pid, t.stop = srv.URL, srv.PID(), srv.Stop
	}
	defer t.stop()

	if b.want("api") {
		b.me(ctx, t)
		b.login(ctx, t)
	}
	// The outbox row runs on an empty queue, before the registrations fill
	// it; their mail is then drained (and timed) before the admin rows.
	if b.want("outbox") {
		b.outbox(ctx, t)
	}
	if b.want("api") || b.want("register") {
		if backend == "sqlite" {
			b.registerAgainstBare(ctx, t)
		} else {
			b.add(b.registerVolunteer(ctx, t))
			b.drainMail(ctx, t)
		}
	}
	if b.want("admin") {
		b.adminLists(ctx, t)
	}
	if b.want("export") {
		b.export(ctx, t)
	}
	if b.want("care") {
		b.careRows(ctx, t)
	}
	if backend == "sqlite" {
		if b.want("web") {
			b.servedLanguages(ctx, t)
		}
		if b.want("static") {
			b.static(ctx, t)
		}
		if b.want("lighthouse") && b.o.lighthouse {
			b.lighthouseRows(ctx, t)
		}
	}
	return nil
}

// newSchema creates a fresh schema in the PostgreSQL database at base and
// returns a URL whose connections use it, and a function that drops it.
func newSchema(ctx context.Context, base string) (string, func(), error) {
	var rb [6]byte
	_, _ = rand.Read(rb[:])
	schema := "bench_" + hex.EncodeToString(rb[:])
	db, err := sql.Open("pgx", base)
	if err != nil {
		return "", nil, fmt.Errorf("postgres: %w", err)
	}
	if _, err := db.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		db.Close()
		return "", nil, fmt.Errorf("postgres: create schema: %w", err)
	}
	drop := func() {
		_, _ = db.ExecContext(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
		db.Close()
	}
	u, err := schemaURL(base, schema)
	if err != nil {
		drop()
		return "", nil, err
	}
	return u, drop, nil
}

// schemaURL is the PostgreSQL URL base whose connections use schema.
func schemaURL(base, schema string) (string, error) {
	u, err := url.Parse(base)
	if err != nil {
		return "", fmt.Errorf("BENCH_DATABASE_URL: %w", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// copyFile copies the file at from to to, which it creates.
func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// saveSeeded writes a copy of the freshly seeded SQLite database to path
// through the store's own backup (VACUUM INTO, a consistent copy whatever
// the log holds), for -seed-cache.
func saveSeeded(ctx context.Context, st *store.Store, path string) error {
	tmp := path + ".part"
	_ = os.Remove(tmp)
	if err := st.Backup(ctx, tmp); err != nil {
		return fmt.Errorf("seed cache: %w", err)
	}
	return os.Rename(tmp, path)
}
