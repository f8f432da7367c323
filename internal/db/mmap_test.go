package db

import (
	"context"
	"path/filepath"
	"testing"
)

// TestExportReadsUnmapped: list readers map the database file; the
// export's connection reads without the map and is given back mapped.
func TestExportReadsUnmapped(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, "sqlite://"+filepath.Join(t.TempDir(), "spdc.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// One reader connection, so the export's is the one read after it.
	s.r.SetMaxOpenConns(1)
	mapped := func(q Querier) int64 {
		t.Helper()
		var n int64
		if err := q.QueryRowContext(ctx, "PRAGMA mmap_size").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := mapped(s.Reader()); n != readerMmap {
		t.Fatalf("a reader maps %d bytes, want %d", n, readerMmap)
	}
	err = s.UnmappedReader(ctx, func(q Querier) error {
		if n := mapped(q); n != 0 {
			t.Errorf("the export's reader maps %d bytes, want 0", n)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n := mapped(s.Reader()); n != readerMmap {
		t.Fatalf("after the export its reader maps %d bytes, want %d", n, readerMmap)
	}
}
