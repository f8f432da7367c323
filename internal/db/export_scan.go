package db

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

// RowidScan is a whole-table read for ExportByRowid: which rows, in which
// order, and how a row becomes the values handed on.
type RowidScan struct {
	Name    string // the list's name, in errors
	Table   string // the table read
	Columns string // the select list
	Where   string // the condition the rows meet (with Args)
	Args    []any
	Desc    bool // newest first
	// Dest returns the scan destinations of one row (reused for every
	// row a reader reads), Values the values of the row just scanned.
	Dest   func() []any
	Values func(dest []any) []any
}

// ExportByRowid calls fn for every row of sc.Table that meets sc.Where in
// rowid order (newest first when sc.Desc), with the values sc.Values
// gives. On SQLite
// one connection turning a million rows into values keeps a core busy for
// the whole export while the CSV is written on another, so the table is
// read by exportReaders connections at once, each taking every
// exportReaders-th stretch of exportChunk rowids, and the stretches are
// handed to fn in order. Each reader keeps at most two stretches ahead,
// so memory stays the same whatever the table's size. Each stretch is
// read in its own statement: a row changed during the export is exported
// as it was when its stretch was read, and rows saved after the export
// began are left out.
func (s *DB) ExportByRowid(ctx context.Context, sc RowidScan, fn func(vals []any) error) error {
	where, args, desc := sc.Where, sc.Args, sc.Desc
	// Each bound alone is read from one end of the table's tree (both
	// in one aggregate would read every row).
	var lo, hi int64
	if err := s.Reader().QueryRowContext(ctx, "SELECT COALESCE((SELECT MIN(rowid) FROM "+sc.Table+"), 0), COALESCE((SELECT MAX(rowid) FROM "+sc.Table+"), -1)").Scan(&lo, &hi); err != nil {
		return fmt.Errorf("store: admin export %s: %w", sc.Name, err)
	}
	if hi < lo {
		return nil
	}
	dir := " ASC"
	if desc {
		dir = " DESC"
	}
	query := "SELECT " + sc.Columns + " FROM " + sc.Table + " WHERE (" + where + ") AND rowid BETWEEN ? AND ? ORDER BY rowid" + dir
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
			errs <- s.UnmappedReader(ctx, func(db Querier) error {
				for k := int64(w); k < chunks; k += readers {
					i := k
					if desc {
						i = chunks - 1 - k
					}
					bounds := append(slices.Clip(args), lo+i*exportChunk, lo+(i+1)*exportChunk-1)
					chunk, err := exportChunkRows(ctx, db, sc, query, bounds)
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
func exportChunkRows(ctx context.Context, db Querier, sc RowidScan, query string, args []any) ([][]any, error) {
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: admin export %s: %w", sc.Name, err)
	}
	defer rows.Close()
	dest := sc.Dest()
	var chunk [][]any
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return nil, fmt.Errorf("store: admin export %s: %w", sc.Name, err)
		}
		chunk = append(chunk, sc.Values(dest))
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: admin export %s: %w", sc.Name, err)
	}
	return chunk, nil
}
