package store

import (
	"context"
	"fmt"
	"time"
)

// The admin search's SQLite full-text indexes (trigrams in <table>_fts,
// words in <table>_words) are kept up to date off the commit path: a
// form's transaction only saves its row, and IndexSearch adds every row
// saved since the last batch to both indexes in one transaction. The
// server runs it several times a second (IndexSearchEvery), and a search
// of a table first indexes what that table still lacks, so a saved row is
// always found. Edits and deletes of indexed rows update the indexes at
// once, through triggers. search_indexed.upto is the last rowid indexed.

// searchTables are the tables with full-text indexes on SQLite.
var searchTables = []string{"users", "volunteers", "disciples", "hosts", "messages", "referrers", "donations", "grievances"}

// IndexSearchEvery is how often the server indexes new rows: well under
// the second within which a saved row must be searchable.
const IndexSearchEvery = 250 * time.Millisecond

// IndexSearch adds the rows saved since the last batch to the search
// indexes of every table. On PostgreSQL it does nothing: its indexes are
// kept by the database.
func (s *Store) IndexSearch(ctx context.Context) error {
	if s.dialect != SQLite {
		return nil
	}
	for _, table := range searchTables {
		if err := s.indexTable(ctx, table); err != nil {
			return err
		}
	}
	return nil
}

// indexTable indexes the rows of table saved since its last batch, when
// there are any, and counts the batch in s.indexed. The first look is a
// read, so that a table with nothing new does not wait for the writer.
func (s *Store) indexTable(ctx context.Context, table string) error {
	pending, err := s.searchPending(ctx, s.Reader(), table)
	if err != nil || !pending {
		return err
	}
	err = s.InTxAlone(ctx, func(tx *Tx) error {
		var upto, last int64
		q := "SELECT upto, (SELECT COALESCE(MAX(rowid), 0) FROM " + table + ") FROM search_indexed WHERE tbl = ?"
		if err := tx.QueryRowContext(ctx, q, table).Scan(&upto, &last); err != nil {
			return fmt.Errorf("store: search index of %s: %w", table, err)
		}
		if last <= upto {
			return nil // another batch came first
		}
		for _, index := range []string{table + "_fts", table + "_words"} {
			q := "INSERT INTO " + index + " (rowid, search) SELECT rowid, search FROM " + table + " WHERE rowid > ? AND rowid <= ?"
			if _, err := tx.ExecContext(ctx, q, upto, last); err != nil {
				return fmt.Errorf("store: search index of %s: %w", table, err)
			}
		}
		if _, err := tx.ExecContext(ctx, "UPDATE search_indexed SET upto = ? WHERE tbl = ?", last, table); err != nil {
			return fmt.Errorf("store: search index of %s: %w", table, err)
		}
		return nil
	})
	if err == nil {
		s.indexed.Add(1)
	}
	return err
}

// searchPending reports whether table has rows its search indexes lack.
func (s *Store) searchPending(ctx context.Context, q Querier, table string) (bool, error) {
	var pending bool
	err := q.QueryRowContext(ctx, "SELECT upto < (SELECT COALESCE(MAX(rowid), 0) FROM "+table+") FROM search_indexed WHERE tbl = ?", table).Scan(&pending)
	if err != nil {
		return false, fmt.Errorf("store: search index of %s: %w", table, err)
	}
	return pending, nil
}

// RunSearchIndexer indexes new rows every interval until ctx ends. A
// failed batch goes to onError and is tried again at the next tick (and
// a search indexes what its table lacks itself).
func (s *Store) RunSearchIndexer(ctx context.Context, interval time.Duration, onError func(error)) {
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
	indexed int64     // Store.indexed then
	tables  []string  // the tables whose word index is being merged
}

// CompactSearch merges every word index of more than compactSegments
// segments into one, as the indexer does when the tables are quiet.
func (s *Store) CompactSearch(ctx context.Context) error {
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
func (s *Store) compactSome(ctx context.Context, c *compaction, budget time.Duration) error {
	start := time.Now()
	if len(c.tables) == 0 {
		indexed := s.indexed.Load()
		if indexed == c.indexed && !c.checked.IsZero() && start.Sub(c.checked) < compactCheckEvery {
			return nil
		}
		c.checked, c.indexed = start, indexed
		for _, table := range searchTables {
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
		err := s.InTx(ctx, func(tx *Tx) error {
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
func (s *Store) SearchSegments(ctx context.Context, table string) (int, error) {
	var n int
	err := s.Reader().QueryRowContext(ctx, "SELECT COUNT(DISTINCT segid) FROM "+table+"_words_idx").Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("store: search index of %s: %w", table, err)
	}
	return n, nil
}
