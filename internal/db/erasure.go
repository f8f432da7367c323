package db

import (
	"context"
	"fmt"
)

// ScrubAfterErasure makes the erased data unreadable in the database files
// themselves, not only through SQL: on SQLite, the erased rows leave the
// full-text indexes at once (their deletes were logged; the batch applies
// them, and FTS5's secure-delete removes their entries from the index
// pages), both writers zero freed content (secure_delete), and a
// checkpoint of each file moves its write-ahead log into it and leaves no
// copy behind. PostgreSQL reclaims dead rows with its own vacuum. tables
// are those the erasure deleted rows of. Failures are ignored: the erasure
// has committed.
func (s *DB) ScrubAfterErasure(ctx context.Context, tables []string) {
	if s.dialect != SQLite {
		return
	}
	_ = s.IndexSearch(ctx)
	_ = s.rewriteSearchIndexes(ctx, tables)
	s.ckMu.Lock()
	defer s.ckMu.Unlock()
	_, _ = s.w.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
	_, _ = s.sw.ExecContext(ctx, "PRAGMA main.wal_checkpoint(TRUNCATE)")
}

// rewriteSearchIndexes merges every segment of the erased tables' search
// indexes into one new segment (FTS5's optimize). Secure-delete removes an
// erased row's entries from the index pages, but a word can stay behind
// as the separator key of a segment's leaf or in a segment not yet
// merged; rewriting the segments leaves only the words of the rows that
// remain, and the freed pages are zeroed (secure_delete).
func (s *DB) rewriteSearchIndexes(ctx context.Context, tables []string) error {
	return s.inSearchTx(ctx, func(tx *Tx) error {
		for _, table := range tables {
			for _, ix := range searchIndexes {
				name := table + ix.suffix
				if _, err := tx.ExecContext(ctx, "INSERT INTO "+name+" ("+name+") VALUES ('optimize')"); err != nil {
					return fmt.Errorf("store: rewrite search index %s: %w", name, err)
				}
			}
		}
		return nil
	})
}
