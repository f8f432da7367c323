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
// there are any. The first look is a read, so that a table with nothing
// new does not wait for the writer.
func (s *Store) indexTable(ctx context.Context, table string) error {
	pending, err := s.searchPending(ctx, s.Reader(), table)
	if err != nil || !pending {
		return err
	}
	return s.InTx(ctx, func(tx *Tx) error {
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
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			if err := s.IndexSearch(ctx); err != nil && ctx.Err() == nil && onError != nil {
				onError(err)
			}
		}
	}
}
