package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// TestSearchIndexOffCommit: on SQLite a saved row is not indexed by its
// own transaction, yet a search finds it at once; edits and deletes of
// rows indexed or not leave both full-text indexes consistent with their
// table (FTS5's integrity check), also when SQLite gives a deleted row's
// rowid to a new one; and an erased name is found no more.
func TestSearchIndexOffCommit(t *testing.T) {
	ctx := context.Background()
	s := storetest.OpenURL(t, "sqlite://"+filepath.Join(t.TempDir(), "a.db"))
	w := s.Writer()
	check := func(when string) {
		t.Helper()
		for _, index := range []string{"volunteers_fts", "volunteers_words"} {
			if _, err := w.ExecContext(ctx, "INSERT INTO "+index+" ("+index+", rank) VALUES ('integrity-check', 1)"); err != nil {
				t.Fatalf("%s: %s inconsistent: %v", when, index, err)
			}
		}
	}
	upto := func() (n int64) {
		t.Helper()
		if err := s.Reader().QueryRowContext(ctx, "SELECT upto FROM search_indexed WHERE tbl = 'volunteers'").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	search := func(term string) string {
		t.Helper()
		return strings.Join(adminNames(t, s, "volunteers", store.AdminQuery{Search: term}), ",")
	}

	first := adminSeedVolunteer(t, w, "Radha Kunda", "a@example.org", "", 1)
	adminSeedVolunteer(t, w, "Govinda Kunda", "b@example.org", "", 2)
	if upto() != 0 {
		t.Fatalf("the forms' commits indexed their rows: upto %d", upto())
	}
	if got := search("kunda"); got != "Govinda Kunda,Radha Kunda" {
		t.Fatalf("search before the indexer ran: %q", got)
	}
	if upto() != 2 {
		t.Fatalf("the search did not index the new rows: upto %d", upto())
	}
	check("after the search's batch")

	// An edit of an indexed row reaches both indexes at once.
	if _, err := w.ExecContext(ctx, "UPDATE volunteers SET full_name = 'Radha Shyam', search = 'radha shyam' WHERE id = ?", first); err != nil {
		t.Fatal(err)
	}
	check("after an edit")
	if got := search("shyam"); got != "Radha Shyam" {
		t.Fatalf("edited row: %q", got)
	}

	// A row edited and deleted before it is indexed leaves nothing.
	late := adminSeedVolunteer(t, w, "Late Lalita", "c@example.org", "", 3)
	if _, err := w.ExecContext(ctx, "UPDATE volunteers SET search = 'lalita changed' WHERE id = ?", late); err != nil {
		t.Fatal(err)
	}
	if _, err := w.ExecContext(ctx, "DELETE FROM volunteers WHERE id = ?", late); err != nil {
		t.Fatal(err)
	}
	if err := s.IndexSearch(ctx); err != nil {
		t.Fatal(err)
	}
	check("after a row deleted before its batch")
	if got := search("lalita"); got != "" {
		t.Fatalf("deleted row found: %q", got)
	}

	// The last indexed row deleted: SQLite gives its rowid to the next
	// row, which must be indexed with its own text only.
	var lastID string
	if err := w.QueryRowContext(ctx, "SELECT id FROM volunteers ORDER BY rowid DESC LIMIT 1").Scan(&lastID); err != nil {
		t.Fatal(err)
	}
	if _, err := w.ExecContext(ctx, "DELETE FROM volunteers WHERE id = ?", lastID); err != nil {
		t.Fatal(err)
	}
	adminSeedVolunteer(t, w, "Vishakha Sakhi", "d@example.org", "", 4)
	if err := s.IndexSearch(ctx); err != nil {
		t.Fatal(err)
	}
	check("after a rowid was given again")
	if got := search("govinda"); got != "" {
		t.Fatalf("the deleted row's text still finds the new row: %q", got)
	}
	if got := search("vishakha"); got != "Vishakha Sakhi" {
		t.Fatalf("new row on a reused rowid: %q", got)
	}
}

// TestCompactSearch: a word index that many batches left in more
// segments than it keeps is merged into one, and every row is still
// found, by its words and by its text.
func TestCompactSearch(t *testing.T) {
	ctx := context.Background()
	s := storetest.OpenURL(t, "sqlite://"+filepath.Join(t.TempDir(), "a.db"))
	w := s.Writer()
	const batches = 15
	for i := 0; i < batches; i++ {
		adminSeedVolunteer(t, w, fmt.Sprintf("Elder %c Kunda", 'A'+i), fmt.Sprintf("e%d@example.org", i), "", int64(i+1))
		if err := s.IndexSearch(ctx); err != nil {
			t.Fatal(err)
		}
	}
	before, err := s.SearchSegments(ctx, "volunteers")
	if err != nil {
		t.Fatal(err)
	}
	if before <= 4 {
		t.Fatalf("%d batches left %d segments: nothing to compact", batches, before)
	}
	if err := s.CompactSearch(ctx); err != nil {
		t.Fatal(err)
	}
	if after, err := s.SearchSegments(ctx, "volunteers"); err != nil || after != 1 {
		t.Fatalf("after compaction %d segments (from %d), err %v; want 1", after, before, err)
	}
	if _, err := w.ExecContext(ctx, "INSERT INTO volunteers_words (volunteers_words, rank) VALUES ('integrity-check', 1)"); err != nil {
		t.Fatalf("the compacted index is inconsistent: %v", err)
	}
	for _, term := range []string{"kunda", "elder", "unda"} {
		if got := adminNames(t, s, "volunteers", store.AdminQuery{Search: term}); len(got) != batches {
			t.Errorf("search %q finds %d rows after compaction, want %d", term, len(got), batches)
		}
	}
	// A compacted index is left alone.
	if err := s.CompactSearch(ctx); err != nil {
		t.Fatal(err)
	}
}

// TestIndexerCompactsWhenQuiet: the running indexer compacts a word index
// of many segments once no new row has come for CompactSearchAfter, and
// again after more rows came, however they were indexed.
func TestIndexerCompactsWhenQuiet(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	old := store.CompactSearchAfter
	store.CompactSearchAfter = 100 * time.Millisecond
	defer func() { store.CompactSearchAfter = old }()
	s := storetest.OpenURL(t, "sqlite://"+filepath.Join(t.TempDir(), "a.db"))
	// Ten batches, ten segments: more than the indexer leaves alone, and
	// fewer than the sixteen at which FTS5 merges a level by itself.
	addRows := func(from int) {
		for i := from; i < from+10; i++ {
			adminSeedVolunteer(t, s.Writer(), fmt.Sprintf("Quiet %c Elder", 'A'+i), fmt.Sprintf("q%d@example.org", i), "", int64(i+1))
			if err := s.IndexSearch(ctx); err != nil {
				t.Fatal(err)
			}
		}
	}
	waitSegments := func(most int) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			n, err := s.SearchSegments(ctx, "volunteers")
			if err != nil {
				t.Fatal(err)
			}
			if n <= most {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("the word index still has %d segments after 10 s of quiet, want at most %d", n, most)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	addRows(0)
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.RunSearchIndexer(ctx, 10*time.Millisecond, func(err error) { t.Error(err) })
	}()
	defer func() { cancel(); <-done }()
	waitSegments(1)
	if got := adminNames(t, s, "volunteers", store.AdminQuery{Search: "quiet"}); len(got) != 10 {
		t.Fatalf("search finds %d rows after compaction, want 10", len(got))
	}
	// Rows indexed outside the indexer's own batches (by a search, here
	// by the test) count as new too: the segments are counted again at
	// the next quiet time, not minutes later (a count taken half-way may
	// find too few to merge; the one after the last batch finds them).
	// First the indexer finds one segment left and ends its compaction.
	time.Sleep(300 * time.Millisecond)
	addRows(10)
	waitSegments(4)
	if got := adminNames(t, s, "volunteers", store.AdminQuery{Search: "quiet"}); len(got) != 20 {
		t.Fatalf("search finds %d rows after the second compaction, want 20", len(got))
	}
}
