package db

import (
	"context"
	"crypto/rand"
	"database/sql"
	"database/sql/driver"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"

	"modernc.org/sqlite"
)

// On SQLite the admin search's full-text indexes live in a file of their
// own beside the database: SearchFile(path). SQLite lets one connection
// write a file at a time, and the forms' commits keep the database's
// writer busy; the indexer writes the index file through a connection of
// its own (DB.sw), so that indexing new rows no longer queues the
// forms behind it.
//
// The index file holds nothing that cannot be rebuilt from the database:
// FTS5 tables without content of their own (contentless, rows deleted by
// rowid), search_indexed (the last rowid of each table indexed) and
// search_meta (the generation the file was built for). The reader
// connections attach it as the schema "search", so a query names
// <table>_fts and <table>_words as if they were in the database itself.
// The search writer attaches the database read-only as "data": it reads
// the tables' rows and their logged changes there, and can write nothing
// but the indexes.
//
// search_file.generation, in the database, names the index file that
// belongs to it. A backup gets a generation of its own, so a database
// restored from it finds an index file of another generation (or none)
// and rebuilds its indexes from its rows instead of trusting them.

// SearchFile is the path of the search indexes' file of the SQLite
// database at path.
func SearchFile(path string) string { return path + "-search" }

// searchIndexes are the two full-text indexes of each table, with their
// FTS5 tokenizers: trigrams for a term anywhere in the text, unicode61
// words for whole words.
var searchIndexes = []struct{ suffix, tokenize string }{
	{"_fts", "trigram"},
	{"_words", "unicode61"},
}

// openSearchWriter opens the one connection that writes the index file.
// Its transactions begin IMMEDIATE, taking the index file's write lock up
// front; the database, attached read-only, is only read, so they never
// wait for the forms' writer (a read-only file takes no write lock).
func openSearchWriter(path string) (*sql.DB, error) {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	// Full: the indexer deletes the changes it applied from the database
	// once the index file has them, so an applied batch must survive a
	// power cut as a form does.
	q.Add("_pragma", "synchronous(FULL)")
	// Erased text is overwritten in the file, not left in free pages.
	q.Add("_pragma", "secure_delete(1)")
	q.Add("_pragma", "temp_store(MEMORY)")
	q.Set("_txlock", "immediate")
	base, err := sqlite.NewConnector("file:" + SearchFile(path) + "?" + q.Encode())
	if err != nil {
		return nil, fmt.Errorf("store: open search index file: %w", err)
	}
	data := url.URL{Scheme: "file", Opaque: (&url.URL{Path: path}).EscapedPath(), RawQuery: "mode=ro"}
	db := sql.OpenDB(attaching{base, data.String(), "data", ""})
	db.SetMaxOpenConns(1)
	db.SetConnMaxIdleTime(0)
	return db, nil
}

// openReaders opens the pool of reader connections of the database at
// path, each with the index file attached as "search".
func openReaders(path string) (*sql.DB, error) {
	base, err := sqlite.NewConnector(sqliteDSN(path, true))
	if err != nil {
		return nil, fmt.Errorf("store: open sqlite: %w", err)
	}
	// The indexes are read through the memory map too (see sqliteDSN).
	db := sql.OpenDB(attaching{base, SearchFile(path), "search", fmt.Sprintf("PRAGMA search.mmap_size = %d", readerMmap)})
	db.SetMaxOpenConns(8)
	db.SetMaxIdleConns(8)
	return db, nil
}

// attaching opens connections through Connector and attaches file to each
// as schema, then runs then (when set).
type attaching struct {
	driver.Connector
	file, schema, then string
}

func (a attaching) Connect(ctx context.Context) (driver.Conn, error) {
	c, err := a.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	ex, ok := c.(driver.ExecerContext)
	if !ok {
		c.Close()
		return nil, errors.New("store: the sqlite connection cannot attach a file")
	}
	if _, err := ex.ExecContext(ctx, "ATTACH DATABASE ? AS "+a.schema, []driver.NamedValue{{Ordinal: 1, Value: a.file}}); err != nil {
		c.Close()
		return nil, fmt.Errorf("store: attach %s: %w", a.schema, err)
	}
	if a.then != "" {
		if _, err := ex.ExecContext(ctx, a.then, nil); err != nil {
			c.Close()
			return nil, fmt.Errorf("store: attach %s: %w", a.schema, err)
		}
	}
	return c, nil
}

// prepareSearch makes the index file ready for the database: it creates
// the indexes that are missing, and when the file was built for another
// generation of the database (a restored backup) or for none, it empties
// every index, so the indexer fills them again from the first row.
func (s *DB) prepareSearch(ctx context.Context) error {
	if s.dialect != SQLite {
		return nil
	}
	var gen string
	if err := s.w.QueryRowContext(ctx, "SELECT generation FROM search_file").Scan(&gen); err != nil {
		return fmt.Errorf("store: search index file: %w", err)
	}
	// The migrations just applied may have made more tables searchable.
	searchTables, err := s.loadSearchTables(ctx, conn{s.dialect, s.w})
	if err != nil {
		return err
	}
	return s.inSearchTx(ctx, func(tx *Tx) error {
		for _, q := range []string{
			"CREATE TABLE IF NOT EXISTS search_meta (generation TEXT NOT NULL)",
			"CREATE TABLE IF NOT EXISTS search_indexed (tbl TEXT PRIMARY KEY, upto INTEGER NOT NULL)",
		} {
			if _, err := tx.ExecContext(ctx, q); err != nil {
				return err
			}
		}
		var built string
		if err := tx.QueryRowContext(ctx, "SELECT generation FROM search_meta").Scan(&built); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if built != gen {
			for _, table := range searchTables {
				for _, ix := range searchIndexes {
					if _, err := tx.ExecContext(ctx, "DROP TABLE IF EXISTS "+table+ix.suffix); err != nil {
						return err
					}
				}
			}
			for _, q := range []string{"DELETE FROM search_indexed", "DELETE FROM search_meta"} {
				if _, err := tx.ExecContext(ctx, q); err != nil {
					return err
				}
			}
			if _, err := tx.ExecContext(ctx, "INSERT INTO search_meta (generation) VALUES (?)", gen); err != nil {
				return err
			}
		}
		for _, table := range searchTables {
			for _, ix := range searchIndexes {
				if err := createSearchIndex(ctx, tx, table+ix.suffix, ix.tokenize); err != nil {
					return err
				}
			}
			if _, err := tx.ExecContext(ctx, "INSERT OR IGNORE INTO search_indexed (tbl, upto) VALUES (?, 0)", table); err != nil {
				return err
			}
		}
		return nil
	})
}

// createSearchIndex creates the index name when the file lacks it. Its
// deleted entries are removed from its pages (secure-delete), and it
// merges segments sixteen at a time: each batch of new rows writes a small
// segment, and merging four at a time rewrote a new row's entries twice
// as often (the indexer merges what this leaves once the tables are
// quiet, see search_index.go).
func createSearchIndex(ctx context.Context, tx *Tx, name, tokenize string) error {
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM sqlite_master WHERE name = ?", name).Scan(&n); err != nil || n > 0 {
		return err
	}
	for _, q := range []string{
		"CREATE VIRTUAL TABLE " + name + " USING fts5(search, content='', contentless_delete=1, tokenize='" + tokenize + "')",
		"INSERT INTO " + name + " (" + name + ", rank) VALUES ('secure-delete', 1)",
		"INSERT INTO " + name + " (" + name + ", rank) VALUES ('automerge', 16)",
	} {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return err
		}
	}
	return nil
}

// inSearchTx runs fn in a transaction of the index file and commits it
// when fn returns nil (runTx on the search writer: no statement cache,
// no throttle log).
func (s *DB) inSearchTx(ctx context.Context, fn func(tx *Tx) error) error {
	return runTx(ctx, s.sw, s.dialect, nil, nil, fn)
}

// newGeneration gives the database copy at path a generation of its own,
// so that its server rebuilds the search indexes (see above).
func newGeneration(ctx context.Context, path string) error {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return err
	}
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		return err
	}
	defer db.Close()
	_, err = db.ExecContext(ctx, "UPDATE search_file SET generation = ?", hex.EncodeToString(b[:]))
	return err
}

// CheckSearch runs FTS5's integrity check on every search index (SQLite),
// the structure of each index against itself.
func (s *DB) CheckSearch(ctx context.Context) error {
	if s.dialect != SQLite {
		return nil
	}
	tables, err := s.SearchTables(ctx)
	if err != nil {
		return err
	}
	for _, table := range tables {
		for _, ix := range searchIndexes {
			name := table + ix.suffix
			if _, err := s.sw.ExecContext(ctx, "INSERT INTO "+name+" ("+name+", rank) VALUES ('integrity-check', 0)"); err != nil {
				return fmt.Errorf("store: search index %s: %w", name, err)
			}
		}
	}
	return nil
}
