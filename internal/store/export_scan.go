package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
)

// exportChunk is how many rowids one read of a whole-table export covers.
const exportChunk = 250

// exportReaders is how many connections read a whole-table export at once.
const exportReaders = 2

// exportByRowid calls fn for every row of the tab's table that meets
// where (with args) in rowid order (newest first when desc), with the
// values AdminExport gives. On SQLite
// one connection turning a million rows into values keeps a core busy for
// the whole export while the CSV is written on another, so the table is
// read by exportReaders connections at once, each taking every
// exportReaders-th stretch of exportChunk rowids, and the stretches are
// handed to fn in order. Each reader keeps at most two stretches ahead,
// so memory stays the same whatever the table's size. Each stretch is
// read in its own statement: a row changed during the export is exported
// as it was when its stretch was read, and rows saved after the export
// began are left out.
func (s *Store) exportByRowid(ctx context.Context, t *AdminTab, where string, args []any, desc bool, fn func(vals []any) error) error {
	// Each bound alone is read from one end of the table's tree (both
	// in one aggregate would read every row).
	var lo, hi int64
	if err := s.Reader().QueryRowContext(ctx, "SELECT COALESCE((SELECT MIN(rowid) FROM "+t.table+"), 0), COALESCE((SELECT MAX(rowid) FROM "+t.table+"), -1)").Scan(&lo, &hi); err != nil {
		return fmt.Errorf("store: admin export %s: %w", t.Name, err)
	}
	if hi < lo {
		return nil
	}
	dir := " ASC"
	if desc {
		dir = " DESC"
	}
	query := "SELECT " + t.selectList() + " FROM " + t.table + " WHERE (" + where + ") AND rowid BETWEEN ? AND ? ORDER BY rowid" + dir
	chunks := (hi-lo)/exportChunk + 1
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// A table of one stretch is read by one reader.
	readers := int64(min(exportReaders, chunks))
	outs := make([]chan [][]any, readers)
	errs := make(chan error, readers)
	for w := range outs {
		outs[w] = make(chan [][]any, 1)
		go func(w int) {
			defer close(outs[w])
			errs <- s.unmappedReader(ctx, func(db Querier) error {
				for k := int64(w); k < chunks; k += readers {
					i := k
					if desc {
						i = chunks - 1 - k
					}
					bounds := append(slices.Clip(args), lo+i*exportChunk, lo+(i+1)*exportChunk-1)
					chunk, err := exportChunkRows(ctx, db, t, query, bounds)
					if err != nil {
						return err
					}
					select {
					case outs[w] <- chunk:
					case <-ctx.Done():
						return ctx.Err()
					}
				}
				return nil
			})
		}(w)
	}
	var err error
	k := int64(0)
	for ; k < chunks && err == nil; k++ {
		chunk, ok := <-outs[k%readers]
		if !ok {
			break // that reader failed: its error is read below
		}
		for _, vals := range chunk {
			if err = fn(vals); err != nil {
				break
			}
		}
	}
	if err != nil || k < chunks {
		// Stopped early: the readers still at work are stopped.
		cancel()
		for _, out := range outs {
			for range out {
			}
		}
	}
	// Every stretch read: each reader ended after sending its last one.
	// Else a reader that failed stopped the export, and the other one's
	// error only says it was stopped.
	var readErr error
	for range outs {
		if e := <-errs; e != nil && (readErr == nil || errors.Is(readErr, context.Canceled)) {
			readErr = e
		}
	}
	if err != nil {
		return err
	}
	return readErr
}

// exportChunkRows reads the rows of one stretch of rowids as values.
func exportChunkRows(ctx context.Context, db Querier, t *AdminTab, query string, args []any) ([][]any, error) {
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: admin export %s: %w", t.Name, err)
	}
	defer rows.Close()
	dest := t.scanDest()
	var chunk [][]any
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return nil, fmt.Errorf("store: admin export %s: %w", t.Name, err)
		}
		chunk = append(chunk, t.exportValues(dest))
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: admin export %s: %w", t.Name, err)
	}
	return chunk, nil
}
