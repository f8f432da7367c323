package db

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	_ "modernc.org/sqlite"             // registers the "sqlite" driver
)

// DB is the database engine shared by the whole process: the connections,
// their transactions and the machinery that keeps SQLite fast (see doc.go).
type DB struct {
	dialect Dialect
	w       *sql.DB // writes; on SQLite a single connection
	r       *sql.DB // reads; on PostgreSQL the same pool as w
	// sw, on SQLite, writes the search indexes' file (see
	// search_file.go): a single connection of its own, beside w.
	sw  *sql.DB
	now func() time.Time

	stmts sync.Map   // query -> *sql.Stmt on the reader pool
	batch *txBatcher // SQLite: write transactions committed together
	ckpt  *checkpointer
	ckMu  sync.Mutex // held by every checkpoint (see checkpointer)
	// indexed counts the batches of new rows added to the search indexes
	// (SQLite), so the indexer knows when the tables are quiet and when
	// the indexes grew.
	indexed atomic.Int64
	// searchTbls: the tables with search indexes, as the schema last
	// named them (see SearchTables).
	searchTbls atomic.Pointer[[]string]
	// thrMem: the counted limits' events of the last day, on SQLite (see
	// throttle_log.go).
	thrMem throttleMem
}

// Open connects to the database named by rawURL (sqlite://path or
// postgres://…), configures it and checks that it answers.
func Open(ctx context.Context, rawURL string) (*DB, error) {
	s := &DB{now: func() time.Time { return time.Now().UTC() }}
	switch {
	case strings.HasPrefix(rawURL, "sqlite://"):
		path := strings.TrimPrefix(rawURL, "sqlite://")
		if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
			return nil, fmt.Errorf("store: create database directory: %w", err)
		}
		s.dialect = SQLite
		if err := privateDatabaseFiles(path); err != nil {
			return nil, err
		}
		if err := privateDatabaseFiles(SearchFile(path)); err != nil {
			return nil, err
		}
		var err error
		if s.w, err = sql.Open("sqlite", sqliteDSN(path, false)); err != nil {
			return nil, fmt.Errorf("store: open sqlite: %w", err)
		}
		// One writer connection: SQLite allows one writer at a time, and a
		// single Go-side connection turns lock contention into a queue.
		s.w.SetMaxOpenConns(1)
		s.w.SetConnMaxIdleTime(0)
		if s.sw, err = openSearchWriter(path); err != nil {
			s.w.Close()
			return nil, err
		}
		if s.r, err = openReaders(path); err != nil {
			s.w.Close()
			s.sw.Close()
			return nil, err
		}
		if s.ckpt, err = newCheckpointer(path, &s.ckMu); err != nil {
			s.w.Close()
			s.sw.Close()
			s.r.Close()
			return nil, err
		}
		s.batch = newTxBatcher(s.w, s.dialect, s.ckpt.poke, &s.thrMem)
	case strings.HasPrefix(rawURL, "postgres://"), strings.HasPrefix(rawURL, "postgresql://"):
		s.dialect = Postgres
		// A server that does not answer fails the connection attempt in
		// 5 s instead of the driver's unbounded default.
		if u, err := url.Parse(rawURL); err == nil && u.Query().Get("connect_timeout") == "" {
			q := u.Query()
			q.Set("connect_timeout", "5")
			u.RawQuery = q.Encode()
			rawURL = u.String()
		}
		db, err := sql.Open("pgx", rawURL)
		if err != nil {
			return nil, fmt.Errorf("store: open postgres: %w", err)
		}
		db.SetMaxOpenConns(20)
		db.SetMaxIdleConns(20)
		db.SetConnMaxIdleTime(5 * time.Minute)
		s.w, s.r = db, db
	default:
		return nil, fmt.Errorf("store: unsupported database URL %q", redact(rawURL))
	}
	pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := s.w.PingContext(pctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("store: connect to %s: %w", redact(rawURL), err)
	}
	return s, nil
}

// privateDatabaseFiles creates the SQLite file readable and writable by its
// owner only (0600), whatever the umask or the directory's mode, before the
// driver opens it: the driver would create it 0644, readable by every user
// on the server. SQLite gives the -wal and -shm files it makes later the
// mode of the database file, so they are private too. A file left more
// open by an older version, or copied in by hand, is narrowed to 0600.
func privateDatabaseFiles(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("store: create database file: %w", err)
	}
	err = f.Chmod(0o600)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("store: make database file private: %w", err)
	}
	for _, side := range []string{path + "-wal", path + "-shm", path + "-journal"} {
		if err := os.Chmod(side, 0o600); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("store: make %s private: %w", filepath.Base(side), err)
		}
	}
	return nil
}

// sqliteDSN configures every connection on purpose: WAL so readers never
// block the writer, synchronous=FULL so an acknowledged write survives a
// power cut, foreign keys on, and a busy timeout instead of instant errors.
func sqliteDSN(path string, readOnly bool) string {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "synchronous(FULL)")
	if readOnly {
		q.Add("_pragma", "query_only(1)")
		// Readers read the file through a memory map: a page comes
		// straight from the operating system's cache, shared by every
		// connection, instead of being copied by a read call into each
		// connection's own 2 MB cache. A search's matches are rows
		// scattered through a file of gigabytes, each a few pages deep:
		// at a million rows this halves the time of a page sorted by
		// name. (The CSV export reads without it, see unmappedReader.)
		q.Add("_pragma", fmt.Sprintf("mmap_size(%d)", readerMmap))
	} else {
		// BEGIN IMMEDIATE takes the write lock up front, so a transaction
		// that reads then writes never fails half-way with SQLITE_BUSY.
		q.Set("_txlock", "immediate")
		// Deleted content is overwritten, not left in free pages: erased
		// personal data must not stay readable in the file.
		q.Add("_pragma", "secure_delete(1)")
		// The writer's statement journals (a savepoint per form in a
		// group commit keeps each page's earlier content) stay in memory
		// instead of spilling to a temporary file: they are thrown away at
		// every commit, and writing them out cost more than the forms'
		// own rows. (An index built by a migration over a big table sorts
		// in memory too: about 100 MB for a million rows.)
		q.Add("_pragma", "temp_store(MEMORY)")
		// The store's checkpointer copies the log after commits; the
		// writer does it itself only past this many pages (see
		// checkpoint.go).
		q.Add("_pragma", fmt.Sprintf("wal_autocheckpoint(%d)", walBackstop))
	}
	return "file:" + path + "?" + q.Encode()
}

// readerMmap is how much of the database file a reader maps: SQLite's
// largest on Linux (2 GiB less 64 KiB); pages past it are read.
const readerMmap = 2147418112

// UnmappedReader lends fn a reader connection that reads pages into its
// own small cache instead of through the memory map, and gives it back
// mapped again. The CSV export reads every page of a table once: mapped,
// each page it touched would count in the process's memory until the
// connection drops the map, so its memory would grow with the table. On
// PostgreSQL it lends a connection of the pool as it is.
func (s *DB) UnmappedReader(ctx context.Context, fn func(Querier) error) error {
	c, err := s.r.Conn(ctx)
	if err != nil {
		return fmt.Errorf("store: reader connection: %w", err)
	}
	defer c.Close()
	if s.dialect != SQLite {
		return fn(conn{s.dialect, c})
	}
	if _, err := c.ExecContext(ctx, "PRAGMA mmap_size = 0"); err != nil {
		return fmt.Errorf("store: reader connection: %w", err)
	}
	defer func() {
		// A connection that cannot map again is closed rather than
		// returned to the pool slower than the others.
		if _, err := c.ExecContext(context.Background(), fmt.Sprintf("PRAGMA mmap_size = %d", readerMmap)); err != nil {
			_ = c.Raw(func(any) error { return driver.ErrBadConn })
		}
	}()
	return fn(conn{s.dialect, c})
}

func redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparseable URL)"
	}
	return u.Redacted()
}

// Dialect reports which database this store runs on.
func (s *DB) Dialect() Dialect { return s.dialect }

// SetClock replaces the engine's clock; tests use it to move time.
func (s *DB) SetClock(now func() time.Time) { s.now = now }

// Now is the engine's current time in UTC.
func (s *DB) Now() time.Time { return s.now() }

// Close closes every connection.
func (s *DB) Close() error {
	if s.batch != nil {
		s.batch.close()
	}
	var errs []error
	if s.ckpt != nil {
		errs = append(errs, s.ckpt.close())
	}
	s.stmts.Range(func(_, v any) bool {
		v.(*sql.Stmt).Close()
		return true
	})
	if s.w != nil {
		errs = append(errs, s.w.Close())
	}
	if s.sw != nil {
		errs = append(errs, s.sw.Close())
	}
	if s.r != nil && s.r != s.w {
		errs = append(errs, s.r.Close())
	}
	return errors.Join(errs...)
}

// Ping checks that the database answers, for /readyz.
func (s *DB) Ping(ctx context.Context) error {
	if err := s.r.PingContext(ctx); err != nil {
		return err
	}
	var one int
	return s.r.QueryRowContext(ctx, "SELECT 1").Scan(&one)
}

// Querier runs SQL written with ? placeholders on a pool or a transaction.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	Dialect() Dialect
}

// conn adapts a *sql.DB or *sql.Tx to Querier, rewriting placeholders.
type conn struct {
	d Dialect
	q interface {
		ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
		QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
		QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	}
}

func (c conn) Dialect() Dialect { return c.d }
func (c conn) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return c.q.ExecContext(ctx, c.d.Rebind(q), args...)
}
func (c conn) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return c.q.QueryContext(ctx, c.d.Rebind(q), args...)
}
func (c conn) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	return c.q.QueryRowContext(ctx, c.d.Rebind(q), args...)
}

// Prepared returns a statement for a hot read query, prepared once on the
// reader pool and reused: on SQLite, parsing a query costs more than
// running a primary-key lookup.
func (s *DB) Prepared(ctx context.Context, query string) (*sql.Stmt, error) {
	if v, ok := s.stmts.Load(query); ok {
		return v.(*sql.Stmt), nil
	}
	stmt, err := s.r.PrepareContext(ctx, s.dialect.Rebind(query))
	if err != nil {
		return nil, err
	}
	if v, loaded := s.stmts.LoadOrStore(query, stmt); loaded {
		stmt.Close()
		return v.(*sql.Stmt), nil
	}
	return stmt, nil
}

// ReadOnlyTx runs fn in a read-only transaction of the reader pool, rolled
// back when fn returns: settings fn makes with SET LOCAL (PostgreSQL's
// planner told how to run one query) end with it.
func (s *DB) ReadOnlyTx(ctx context.Context, fn func(Querier) error) error {
	tx, err := s.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	return fn(conn{s.dialect, tx})
}

// Reader returns a Querier for reads outside a transaction.
func (s *DB) Reader() Querier { return conn{s.dialect, s.r} }

// Writer returns a Querier for single-statement writes outside a transaction.
func (s *DB) Writer() Querier { return conn{s.dialect, s.w} }

// Tx is a transaction; it satisfies Querier.
type Tx struct {
	conn
	tx *sql.Tx
	// stmts, on SQLite, holds the writer's prepared statements: a query
	// the transactions run again and again is parsed once (see
	// stmtCache).
	stmts *stmtCache
	// thr: what the transaction read from or appended to the throttle
	// log, kept apart until it commits (SQLite).
	thr *thrLayers
}

// ExecContext runs q in the transaction.
func (t *Tx) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	if st := t.stmt(ctx, q); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return t.conn.ExecContext(ctx, q, args...)
}

// QueryContext runs q in the transaction.
func (t *Tx) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	if st := t.stmt(ctx, q); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return t.conn.QueryContext(ctx, q, args...)
}

// QueryRowContext runs q in the transaction.
func (t *Tx) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	if st := t.stmt(ctx, q); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return t.conn.QueryRowContext(ctx, q, args...)
}

// stmt is q's prepared statement bound to the transaction, or nil when q
// has not been prepared (yet).
func (t *Tx) stmt(ctx context.Context, q string) *sql.Stmt {
	if t.stmts == nil {
		return nil
	}
	if st := t.stmts.get(q); st != nil {
		return t.tx.StmtContext(ctx, st)
	}
	return nil
}

// InTx runs fn in a write transaction and commits it when fn returns nil.
// Everything fn does, including outbox rows, commits or rolls back together.
// On SQLite, transactions waiting for the writer are committed together
// (see txbatch.go); each is still all or nothing, and InTx returns only
// once its writes are durable.
func (s *DB) InTx(ctx context.Context, fn func(tx *Tx) error) error {
	if s.batch != nil {
		return s.batch.do(ctx, fn)
	}
	return runTx(ctx, s.w, s.dialect, nil, nil, fn)
}
