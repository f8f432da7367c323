// Package app is spdc's program: it parses the subcommand, loads the
// configuration, opens the store and runs the server and its workers.
package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"spdc/internal/auth"
	"spdc/internal/config"
	"spdc/internal/httpapi"
	"spdc/internal/mail"
	"spdc/internal/periodic"
	"spdc/internal/secret"
	"spdc/internal/store"
	"spdc/internal/tlsserve"
	"spdc/web"
)

// Version is set at build time with -ldflags "-X spdc/internal/app.Version=…".
var Version = "dev"

// Env bundles the process's outside world so tests can run commands in-process.
type Env struct {
	Getenv func(string) string
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Ready, when set, receives the listening address once serve accepts
	// connections (tests use it; production leaves it nil).
	Ready func(addr string)
	// Certificates, when set, receives the certificate manager of a server
	// with SPDC_DOMAIN: its Status tells the current certificate's expiry
	// and the last error obtaining or renewing it.
	Certificates func(*tlsserve.Manager)
}

const usage = `spdc — the SPDC care program website.

Usage:
  spdc [serve] [flags]          start the web server (default)
  spdc migrate [flags]          apply database migrations and exit
  spdc backup FILE [flags]      write a consistent copy of the SQLite database to FILE (0600),
                                encrypted with age by --passphrase-file or --recipient
  spdc backup verify FILE       check a backup (decrypted with --identity or --passphrase-file)
  spdc restore FILE             restore a backup into an empty data directory
  spdc admin create --email E --name N [--mobile M]   create an admin (password on stdin)
  spdc admin promote EMAIL      make an existing user an admin
  spdc admin reset-2fa EMAIL    clear someone's two-step sign-in (lost phone), mailed to them
  spdc content export FILE      write the site's content (settings, collections, media) to FILE
  spdc content import FILE      replace the site's content with FILE's (checked first; all or nothing)
  spdc demo [flags]             load clearly marked example people and pictures into a demo
                                instance's database (only a data directory named like ./data-demo)
  spdc check [flags]            check the setup for going live, line by line (✓ ready, ✗ what to do);
                                exit code 1 when anything is not ready
  spdc version                  print the version

Run "spdc COMMAND --help" for the flags of a command.
`

// Run executes one command line and returns the process exit code.
func Run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) int {
	return RunEnv(ctx, args, Env{Getenv: getenv, Stdin: stdin, Stdout: stdout, Stderr: stderr})
}

// RunEnv is Run with an Env.
func RunEnv(ctx context.Context, args []string, env Env) int {
	cmd := "serve"
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
		fmt.Fprint(env.Stdout, usage)
		return 0
	}
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		cmd, args = args[0], args[1:]
	}
	var err error
	switch cmd {
	case "serve":
		err = serve(ctx, args, env)
	case "migrate":
		err = migrate(ctx, args, env)
	case "backup":
		err = backup(ctx, args, env)
	case "restore":
		err = restore(ctx, args, env)
	case "admin":
		err = adminCommand(ctx, args, env)
	case "content":
		err = contentCommand(ctx, args, env)
	case "demo":
		err = demoCommand(ctx, args, env)
	case "check":
		err = checkCommand(ctx, args, env)
	case "version":
		fmt.Fprintln(env.Stdout, "spdc", Version)
	case "help", "-h", "--help":
		fmt.Fprint(env.Stdout, usage)
	default:
		fmt.Fprintf(env.Stderr, "spdc: unknown command %q\n\n%s", cmd, usage)
		return 2
	}
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(env.Stderr, "spdc:", oneLine(err))
		return 1
	}
	return 0
}

func oneLine(err error) string {
	return strings.ReplaceAll(err.Error(), "\n", " ")
}

// loadConfig parses the flags of a command, with its own usage text.
func loadConfig(name string, args []string, env Env, extra string) (config.Config, error) {
	out := &helpWriter{w: env.Stdout, head: fmt.Sprintf("Usage: spdc %s %s[flags]\n\n", name, extra)}
	cfg, err := config.Load("spdc "+name, args, env.Getenv, out)
	if errors.Is(err, flag.ErrHelp) {
		config.Usage(env.Stdout)
	}
	return cfg, err
}

// helpWriter prefixes the flag package's usage output with a heading.
type helpWriter struct {
	w       io.Writer
	head    string
	written bool
}

func (h *helpWriter) Write(p []byte) (int, error) {
	if !h.written {
		h.written = true
		fmt.Fprint(h.w, h.head)
	}
	return h.w.Write(p)
}

func newLogger(cfg config.Config, w io.Writer) *slog.Logger {
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, nil))
	}
	return slog.New(slog.NewTextHandler(w, nil))
}

// openStore opens and migrates the configured database.
func openStore(ctx context.Context, cfg config.Config) (*store.Store, error) {
	if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil {
		return nil, fmt.Errorf("SPDC_DATA_DIR %s cannot be created: %w", cfg.DataDir, err)
	}
	st, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	if _, err := backupBeforeMigrate(ctx, cfg, st); err != nil {
		st.Close()
		return nil, err
	}
	if _, err := st.Migrate(ctx); err != nil {
		st.Close()
		return nil, err
	}
	return st, nil
}

// backupBeforeMigrate copies a SQLite database that has migrations to
// apply (an upgrade, not a fresh start) to
// $SPDC_DATA_DIR/backups/pre-migrate-<version>-<time>.db (0600) before
// they run, so a failed or unwanted upgrade can be undone by putting the
// copy back; it returns the copy's path, or "" when none was needed.
func backupBeforeMigrate(ctx context.Context, cfg config.Config, st *store.Store) (string, error) {
	if st.Dialect() != store.SQLite {
		return "", nil
	}
	current, pending, err := st.PendingMigrations(ctx)
	if err != nil || current == 0 || pending == 0 {
		return "", err
	}
	dir := filepath.Join(cfg.DataDir, "backups")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("backup before migrating: %w", err)
	}
	path := filepath.Join(dir, fmt.Sprintf("pre-migrate-%04d-%s.db", current, time.Now().UTC().Format("20060102T150405Z")))
	if err := st.Backup(ctx, path); err != nil {
		return "", fmt.Errorf("backup before migrating (nothing was migrated): %w", err)
	}
	return path, nil
}

func migrate(ctx context.Context, args []string, env Env) error {
	cfg, err := loadConfig("migrate", args, env, "")
	if err != nil {
		return err
	}
	st, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer st.Close()
	saved, err := backupBeforeMigrate(ctx, cfg, st)
	if err != nil {
		return err
	}
	if saved != "" {
		fmt.Fprintf(env.Stdout, "backup of the database before migrating: %s\n", saved)
	}
	n, err := st.Migrate(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "applied %d migration(s)\n", n)
	return nil
}

// Server timeouts: slow clients are cut off instead of holding connections.
// Variables only so a test can shorten readTimeout; nothing else sets them.
var (
	readHeaderTimeout = 5 * time.Second
	readTimeout       = 30 * time.Second // the whole request, body included
	writeTimeout      = 120 * time.Second
	idleTimeout       = 120 * time.Second
	shutdownTimeout   = 20 * time.Second
)

func serve(ctx context.Context, args []string, env Env) error {
	cfg, err := loadConfig("serve", args, env, "")
	if err != nil {
		return err
	}
	log := newLogger(cfg, env.Stderr)
	key, err := dataKey(cfg, log)
	if err != nil {
		return err
	}
	st, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()

	workers, notify, err := startWorkers(ctx, cfg, st, log, key)
	if err != nil {
		return err
	}

	ops, err := startOps(ctx, cfg, st, log, notify)
	if err != nil {
		workers.stop()
		return err
	}
	defer ops.stop()

	handler := ops.wrap(httpapi.NewServer(httpapi.Deps{Log: log, Config: cfg, Store: st, Web: web.Dist(), Notify: notify, Mail: newRenderer(cfg), Secret: key}))
	certs, servers, err := listen(ctx, cfg, handler, log)
	if err != nil {
		workers.stop()
		return err
	}
	if certs != nil {
		go reportCertificates(ctx, certs, strings.Join(cfg.Domains, ","), ops)
		if env.Certificates != nil {
			env.Certificates(certs)
		}
	}
	closeAll := func() {
		for _, s := range servers {
			s.ln.Close()
		}
	}
	log.Info("spdc listening", "addr", servers[0].ln.Addr().String(), "database", st.Dialect().String(), "version", Version)
	if err := printSetupLink(ctx, cfg, st, log, env.Stdout); err != nil {
		closeAll()
		workers.stop()
		return err
	}
	fmt.Fprintf(env.Stdout, "\nThe site is running at %s/ (stop it with Ctrl+C)\n", cfg.PublicURL)
	if env.Ready != nil {
		env.Ready(servers[0].ln.Addr().String())
	}
	errc := make(chan error, len(servers))
	for _, s := range servers {
		go func() { errc <- s.serve() }()
	}

	select {
	case err := <-errc:
		closeAll()
		workers.stop()
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	for _, s := range servers {
		if serr := s.srv.Shutdown(sctx); serr != nil && err == nil {
			err = serr
		}
	}
	workers.stop()
	if err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	log.Info("stopped")
	return nil
}

// listener is one of the server's listeners with its http.Server.
type listener struct {
	srv *http.Server
	ln  net.Listener
	tls bool
}

func (l listener) serve() error {
	if l.tls {
		return l.srv.ServeTLS(l.ln, "", "")
	}
	return l.srv.Serve(l.ln)
}

// newHTTPServer is an http.Server with the server's timeouts.
func newHTTPServer(h http.Handler, log *slog.Logger) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
}

// certWatchEvery is how often the HTTPS certificates are checked (autocert
// renews them by itself in between; the check notes a renewal that failed).
var certWatchEvery = 12 * time.Hour

// listen opens the server's listeners: SPDC_ADDR alone without
// SPDC_DOMAIN; with it, HTTPS on SPDC_HTTPS_ADDR (first, the main one)
// with certificates over ACME, and plain HTTP on SPDC_HTTP_ADDR for the
// ACME challenges and redirects. The certificates are obtained in the
// background from the start, then checked every certWatchEvery.
func listen(ctx context.Context, cfg config.Config, handler http.Handler, log *slog.Logger) (*tlsserve.Manager, []listener, error) {
	if len(cfg.Domains) == 0 {
		ln, err := net.Listen("tcp", cfg.Addr)
		if err != nil {
			return nil, nil, fmt.Errorf("SPDC_ADDR %s: %w", cfg.Addr, err)
		}
		return nil, []listener{{srv: newHTTPServer(handler, log), ln: ln}}, nil
	}
	mgr, err := newCertManager(cfg, log)
	if err != nil {
		return nil, nil, err
	}
	httpsLn, err := net.Listen("tcp", cfg.HTTPSAddr)
	if err != nil {
		return nil, nil, fmt.Errorf("SPDC_HTTPS_ADDR %s: %w", cfg.HTTPSAddr, err)
	}
	httpLn, err := net.Listen("tcp", cfg.HTTPAddr)
	if err != nil {
		httpsLn.Close()
		return nil, nil, fmt.Errorf("SPDC_HTTP_ADDR %s: %w", cfg.HTTPAddr, err)
	}
	tlsSrv := newHTTPServer(tlsserve.HSTS(handler), log)
	tlsSrv.TLSConfig = mgr.TLSConfig()
	go mgr.Watch(ctx, certWatchEvery)
	return mgr, []listener{
		{srv: tlsSrv, ln: httpsLn, tls: true},
		{srv: newHTTPServer(mgr.HTTPHandler(), log), ln: httpLn},
	}, nil
}

// newCertManager makes the certificate manager of SPDC_DOMAIN, keeping the
// account key and certificates in $SPDC_DATA_DIR/acme.
func newCertManager(cfg config.Config, log *slog.Logger) (*tlsserve.Manager, error) {
	var roots []byte
	if cfg.ACMECARoots != "" {
		var err error
		if roots, err = os.ReadFile(cfg.ACMECARoots); err != nil {
			return nil, &config.Error{Var: "SPDC_ACME_CA_ROOTS", Msg: "cannot be read: " + err.Error()}
		}
	}
	_, port, _ := net.SplitHostPort(cfg.HTTPSAddr)
	if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil {
		return nil, fmt.Errorf("SPDC_DATA_DIR %s cannot be created: %w", cfg.DataDir, err)
	}
	mgr, err := tlsserve.New(tlsserve.Options{
		Domains: cfg.Domains, CacheDir: filepath.Join(cfg.DataDir, "acme"), DirectoryURL: cfg.ACMEDirectory,
		CARoots: roots, Email: cfg.ACMEEmail, HTTPSPort: port, Log: log,
	})
	if err != nil {
		if cfg.ACMECARoots != "" && roots != nil && strings.Contains(err.Error(), "PEM") {
			return nil, &config.Error{Var: "SPDC_ACME_CA_ROOTS", Msg: err.Error()}
		}
		return nil, fmt.Errorf("SPDC_DOMAIN: %w", err)
	}
	return mgr, nil
}

// printSetupLink prints, while no admin exists, a one-time link that opens
// the page creating the first admin: to the terminal and the log, never
// in an HTTP answer. The link works once, for an hour, and only until an
// admin exists; only its token's hash is stored.
func printSetupLink(ctx context.Context, cfg config.Config, st *store.Store, log *slog.Logger, out io.Writer) error {
	admin, err := st.HasAdmin(ctx)
	if err != nil || admin {
		return err
	}
	token := auth.NewToken()
	expires, err := st.CreateSetupLink(ctx, auth.HashToken(token))
	if err != nil {
		return err
	}
	link := cfg.PublicURL + "/setup/" + token
	log.Warn("no admin yet: open the setup link to create the first admin", "url", link, "expires_at", expires.UTC().Format(time.RFC3339))
	fmt.Fprintf(out, "\nNo admin exists yet. Open this link within the hour to create the first admin\n"+
		"(or run \"spdc admin create\"; restart the server for a new link):\n\n    %s\n", link)
	return nil
}

// dataKey is the key of the values kept encrypted at rest (see
// config.DataKeyFor); a key file made now is logged, with what to do
// about it, since losing it loses those values.
func dataKey(cfg config.Config, log *slog.Logger) (*secret.Key, error) {
	key, created, path, err := cfg.DataKeyFor()
	if err != nil {
		return nil, err
	}
	if created {
		log.Warn("SPDC_DATA_KEY is unset: made a new key for the values encrypted at rest (PAN, Aadhaar) in a key file; keep a copy of it apart from the database backups, or set SPDC_DATA_KEY to its content", "file", path)
	}
	return key, nil
}

// newRenderer describes the program to the mail templates.
func newRenderer(cfg config.Config) *mail.Renderer {
	return mail.NewRenderer(mail.Site{
		Name:        "SPDC",
		PublicURL:   cfg.PublicURL,
		ContactLine: "SPDC care program · " + cfg.PublicURL + "/contactus",
		Zone:        cfg.Zone,
	})
}

// reportCertificates tells the monitor, every ten minutes, when
// the site's certificate expires: the metrics' gauge follows it, and the
// admins are alerted when it was not renewed 14 days before.
func reportCertificates(ctx context.Context, certs *tlsserve.Manager, names string, ops *opsRun) {
	periodic.Run(ctx, 10*time.Minute, func(context.Context) {
		if st := certs.Status(); !st.NotAfter.IsZero() {
			ops.ReportCertificate(names, st.NotAfter)
		}
	})
}
