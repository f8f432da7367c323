package db

import (
	"context"
	"fmt"
	"time"
)

// The admin search's SQLite full-text indexes (trigrams in <table>_fts,
// words in <table>_words, in the index file: see search_file.go) are kept
// up to date off the commit path: a form's transaction only saves its
// row, and IndexSearch adds every row saved since the last batch to both
// indexes in one transaction of the index file. The server runs it
// several times a second (IndexSearchEvery), and a search of a table
// first indexes what that table still lacks, so a saved row is always
// found. An edit of a row's search text or a delete appends the row to
// search_changes in the database, in the change's own transaction; the
// next batch takes the row out of the indexes and puts its current text
// back, then deletes the changes it applied. search_indexed.upto is the
// last rowid indexed.

// SearchTables are the tables with full-text indexes on SQLite (none on
// PostgreSQL, whose indexes are kept by the database): the tables the
// migrations gave the trigger that logs a change of their search text,
// <table>_search_update. The schema is the one list, and the migrations
// that make a table searchable are its one source: a table they add is
// indexed with nothing to change here. It is read from the schema once,
// and again after each Migrate.
func (s *DB) SearchTables(ctx context.Context) ([]string, error) {
	if p := s.searchTbls.Load(); p != nil {
		return *p, nil
	}
	return s.loadSearchTables(ctx, s.Reader())
}

// loadSearchTables reads SearchTables from the schema through q.
func (s *DB) loadSearchTables(ctx context.Context, q Querier) ([]string, error) {
	if s.dialect != SQLite {
		return nil, nil
	}
	rows, err := q.QueryContext(ctx, "SELECT tbl_name FROM main.sqlite_master WHERE type = 'trigger' AND name = tbl_name || '_search_update' ORDER BY tbl_name")
	if err != nil {
		return nil, fmt.Errorf("store: search tables: %w", err)
	}
	defer rows.Close()
	tables := []string{}
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			return nil, fmt.Errorf("store: search tables: %w", err)
		}
		tables = append(tables, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: search tables: %w", err)
	}
	s.searchTbls.Store(&tables)
	return tables, nil
}

// IndexSearchEvery is how often the server indexes new rows: well under
// the second within which a saved row must be searchable.
const IndexSearchEvery = 250 * time.Millisecond

// IndexSearch adds the rows saved since the last batch to the search
// indexes of every table. On PostgreSQL it does nothing: its indexes are
// kept by the database.
func (s *DB) IndexSearch(ctx context.Context) error {
	if s.dialect != SQLite {
		return nil
	}
	tables, err := s.SearchTables(ctx)
	if err != nil {
		return err
	}
	for _, table := range tables {
		if err := s.IndexTable(ctx, table); err != nil {
			return err
		}
	}
	return nil
}

// searchChunk is the most new rows one batch indexes: a table indexed
// from its first row (a restored backup) is filled in transactions of a
// few seconds at most, each committed before the next.
const searchChunk = 20000

// IndexTable brings the indexes of table up to date, when its first look
// (a read, so that a table with nothing new does not wait for the index
// file's writer) finds new rows or logged changes.
func (s *DB) IndexTable(ctx context.Context, table string) error {
	pending, err := s.searchPending(ctx, s.Reader(), table)
	if err != nil || !pending {
		return err
	}
	for {
		more, err := s.indexBatch(ctx, table)
		if err != nil || !more {
			return err
		}
	}
}

// indexBatch applies the changes logged for table and indexes up to
// searchChunk of its new rows in one transaction of the index file, then
// deletes the changes it applied from the log, and counts the batch in
// s.indexed. more: new rows remain. A change applied twice leaves the
// same indexes (its row is taken out, then its current text put back), so
// batches need no lock of their own: one whose deletion failed, or that
// began before another's deletion, only applies the same changes again.
func (s *DB) indexBatch(ctx context.Context, table string) (more bool, err error) {
	var applied int64 // the last change applied
	err = s.inSearchTx(ctx, func(tx *Tx) error {
		var upto, last int64
		q := "SELECT upto, (SELECT COALESCE(MAX(rowid), 0) FROM data." + table + "), " +
			"(SELECT COALESCE(MAX(id), 0) FROM data.search_changes WHERE tbl = ?) FROM search_indexed WHERE tbl = ?"
		if err := tx.QueryRowContext(ctx, q, table, table).Scan(&upto, &last, &applied); err != nil {
			return err
		}
		// Rows deleted from the end of the table leave rowids SQLite
		// gives again to new rows; those must be indexed as new.
		upto = min(upto, last)
		if applied > 0 {
			changed := "SELECT row FROM data.search_changes WHERE tbl = ? AND id <= ?"
			for _, ix := range searchIndexes {
				index := table + ix.suffix
				if _, err := tx.ExecContext(ctx, "DELETE FROM "+index+" WHERE rowid IN ("+changed+")", table, applied); err != nil {
					return err
				}
				q := "INSERT INTO " + index + " (rowid, search) SELECT rowid, search FROM data." + table +
					" WHERE rowid IN (" + changed + ") AND rowid <= ?"
				if _, err := tx.ExecContext(ctx, q, table, applied, upto); err != nil {
					return err
				}
			}
		}
		end := min(last, upto+searchChunk)
		if end > upto {
			for _, ix := range searchIndexes {
				q := "INSERT INTO " + table + ix.suffix + " (rowid, search) SELECT rowid, search FROM data." + table + " WHERE rowid > ? AND rowid <= ?"
				if _, err := tx.ExecContext(ctx, q, upto, end); err != nil {
					return err
				}
			}
		}
		more = end < last
		_, err := tx.ExecContext(ctx, "UPDATE search_indexed SET upto = ? WHERE tbl = ?", end, table)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("store: search index of %s: %w", table, err)
	}
	s.indexed.Add(1)
	if applied > 0 {
		err = s.InTx(ctx, func(tx *Tx) error {
			_, err := tx.ExecContext(ctx, "DELETE FROM search_changes WHERE tbl = ? AND id <= ?", table, applied)
			return err
		})
		if err != nil {
			return false, fmt.Errorf("store: search index of %s: %w", table, err)
		}
	}
	return more, nil
}

// searchPending reports whether table has rows its search indexes lack
// or changes they have not taken yet.
func (s *DB) searchPending(ctx context.Context, q Querier, table string) (bool, error) {
	var pending bool
	err := q.QueryRowContext(ctx, "SELECT upto < (SELECT COALESCE(MAX(rowid), 0) FROM main."+table+") "+
		"OR EXISTS (SELECT 1 FROM main.search_changes WHERE tbl = ?) FROM search.search_indexed WHERE tbl = ?", table, table).Scan(&pending)
	if err != nil {
		return false, fmt.Errorf("store: search index of %s: %w", table, err)
	}
	return pending, nil
}

// RunSearchIndexer indexes new rows every interval until ctx ends. A
// failed batch goes to onError and is tried again at the next tick (and
// a search indexes what its table lacks itself).
func (s *DB) RunSearchIndexer(ctx context.Context, interval time.Duration, onError func(error)) {
	if s.dialect != SQLite {
		return
	}
	tick := time.NewTicker(interval)
	defer tick.Stop()
	var c compaction
	// The tables are quiet while no batch of new rows is indexed, by the
	// indexer or by a search.
	quietSince, seen := time.Now(), s.indexed.Load()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			err := s.IndexSearch(ctx)
			if n := s.indexed.Load(); n != seen {
				quietSince, seen = time.Now(), n
			}
			if err == nil && time.Since(quietSince) >= CompactSearchAfter {
				// A third of each tick at most: the merge is background
				// work, and the admins searching meanwhile keep the rest
				// of the machine.
				err = s.compactSome(ctx, &c, interval/3)
			}
			if err != nil && ctx.Err() == nil && onError != nil {
				onError(err)
			}
		}
	}
}

// Each batch of new rows, and each transaction that edits indexed rows,
// adds a segment (a b-tree of its own) to a full-text index, and FTS5
// merges segments only four at a time, so a word index holds about a
// dozen at a million rows. A search that tests rows one by one along a
// sort's index (a common term sorted by name) looks into every segment
// for each row: with one segment it costs about a third. So when no new
// row has come for CompactSearchAfter, the indexer merges each word index
// of more than compactSegments segments into one, compactStep pages at a
// time, each step its own short write: a form saved meanwhile waits for
// one step at most, and new rows end the compaction until the next quiet
// time. (The trigram indexes are left as FTS5 keeps them: a search reads
// their matches in one pass, where the segments cost little.)
//
// The quiet time is short, so that the searches after a burst of forms
// (an event's sign-ups) are fast again within a minute: a million rows'
// word index merges in about 8 to 12 s of short writes, spread over
// three times as long. The segments are counted only after new rows were
// indexed, or every compactCheckEvery for the segments that edits add,
// so a site with nothing new does no work.

// CompactSearchAfter is how long the tables must have had no new row
// before the indexer compacts the word indexes (a variable so that a
// test need not wait).
var CompactSearchAfter = 15 * time.Second

// compactCheckEvery is how often the segments are counted when no new
// row was indexed.
const compactCheckEvery = 5 * time.Minute

// compactSegments is the most segments a word index keeps uncompacted: a
// few small ones from the latest rows cost a search little.
const compactSegments = 4

// compactStep is how many pages one merge step writes (a few tens of
// milliseconds of the writer).
const compactStep = 32

// compaction is the indexer's progress through a compaction.
type compaction struct {
	checked time.Time // when the segments were last counted
	indexed int64     // DB.indexed then
	tables  []string  // the tables whose word index is being merged
}

// CompactSearch merges every word index of more than compactSegments
// segments into one, as the indexer does when the tables are quiet.
func (s *DB) CompactSearch(ctx context.Context) error {
	if s.dialect != SQLite {
		return nil
	}
	c := compaction{}
	for {
		if err := s.compactSome(ctx, &c, time.Minute); err != nil {
			return err
		}
		if len(c.tables) == 0 {
			return nil
		}
	}
}

// compactSome goes on with the compaction c for about budget: it counts
// the word indexes' segments when no compaction is under way (at most
// after new rows were indexed, or every compactCheckEvery), then merges
// step by step.
func (s *DB) compactSome(ctx context.Context, c *compaction, budget time.Duration) error {
	start := time.Now()
	if len(c.tables) == 0 {
		indexed := s.indexed.Load()
		if indexed == c.indexed && !c.checked.IsZero() && start.Sub(c.checked) < compactCheckEvery {
			return nil
		}
		c.checked, c.indexed = start, indexed
		tables, err := s.SearchTables(ctx)
		if err != nil {
			return err
		}
		for _, table := range tables {
			n, err := s.SearchSegments(ctx, table)
			if err != nil {
				return err
			}
			if n > compactSegments {
				c.tables = append(c.tables, table)
			}
		}
	}
	for len(c.tables) > 0 && time.Since(start) < budget {
		index := c.tables[0] + "_words"
		var merged bool
		err := s.inSearchTx(ctx, func(tx *Tx) error {
			// A negative page count merges segments of every level, down
			// to one; the merge did nothing when it changed under two
			// rows.
			var before, after int64
			if err := tx.QueryRowContext(ctx, "SELECT total_changes()").Scan(&before); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, "INSERT INTO "+index+" ("+index+", rank) VALUES ('merge', ?)", -compactStep); err != nil {
				return err
			}
			if err := tx.QueryRowContext(ctx, "SELECT total_changes()").Scan(&after); err != nil {
				return err
			}
			merged = after-before >= 2
			return nil
		})
		if err != nil {
			return fmt.Errorf("store: compact search index of %s: %w", c.tables[0], err)
		}
		if !merged {
			c.tables = c.tables[1:]
		}
	}
	return nil
}

// SearchSegments returns how many segments the word index of table has.
func (s *DB) SearchSegments(ctx context.Context, table string) (int, error) {
	var n int
	err := s.Reader().QueryRowContext(ctx, "SELECT COUNT(DISTINCT segid) FROM "+table+"_words_idx").Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("store: search index of %s: %w", table, err)
	}
	return n, nil
}
