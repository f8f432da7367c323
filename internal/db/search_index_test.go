package db_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"spdc/internal/db"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// TestSearchIndexOffCommit: on SQLite a saved row is not indexed by its
// own transaction, yet a search finds it at once; edits and deletes of
// rows indexed or not are found by their current text only and leave
// both full-text indexes sound (FTS5's integrity check), also when
// SQLite gives a deleted row's rowid to a new one; and the applied
// changes leave the log.
func TestSearchIndexOffCommit(t *testing.T) {
	ctx := context.Background()
	s := storetest.OpenURL(t, "sqlite://"+filepath.Join(t.TempDir(), "a.db"))
	w := s.Writer()
	check := func(when string) {
		t.Helper()
		if err := s.CheckSearch(ctx); err != nil {
			t.Fatalf("%s: %v", when, err)
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
		return strings.Join(storetest.ListNames(t, s, "volunteers", store.AdminQuery{Search: term}), ",")
	}

	first := storetest.SeedVolunteer(t, w, "Radha Kunda", "a@example.org", "", 1)
	storetest.SeedVolunteer(t, w, "Govinda Kunda", "b@example.org", "", 2)
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

	// An edit of an indexed row is logged with it, and the next search
	// finds the row by its new text only.
	if _, err := w.ExecContext(ctx, "UPDATE volunteers SET full_name = 'Radha Shyam', search = 'radha shyam' WHERE id = ?", first); err != nil {
		t.Fatal(err)
	}
	if got := search("shyam"); got != "Radha Shyam" {
		t.Fatalf("edited row: %q", got)
	}
	if got := search("kunda"); got != "Govinda Kunda" {
		t.Fatalf("the edited row's old text still finds it: %q", got)
	}
	check("after an edit")
	var logged int
	if err := s.Reader().QueryRowContext(ctx, "SELECT COUNT(*) FROM search_changes").Scan(&logged); err != nil || logged != 0 {
		t.Fatalf("%d changes left in the log after they were applied (err %v)", logged, err)
	}

	// A row edited and deleted before it is indexed leaves nothing.
	late := storetest.SeedVolunteer(t, w, "Late Lalita", "c@example.org", "", 3)
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
	storetest.SeedVolunteer(t, w, "Vishakha Sakhi", "d@example.org", "", 4)
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
		storetest.SeedVolunteer(t, w, fmt.Sprintf("Elder %c Kunda", 'A'+i), fmt.Sprintf("e%d@example.org", i), "", int64(i+1))
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
	if err := s.CheckSearch(ctx); err != nil {
		t.Fatalf("the compacted index is inconsistent: %v", err)
	}
	for _, term := range []string{"kunda", "elder", "unda"} {
		if got := storetest.ListNames(t, s, "volunteers", store.AdminQuery{Search: term}); len(got) != batches {
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
	old := db.CompactSearchAfter
	db.CompactSearchAfter = 100 * time.Millisecond
	defer func() { db.CompactSearchAfter = old }()
	s := storetest.OpenURL(t, "sqlite://"+filepath.Join(t.TempDir(), "a.db"))
	// Ten batches, ten segments: more than the indexer leaves alone, and
	// fewer than the sixteen at which FTS5 merges a level by itself.
	addRows := func(from int) {
		for i := from; i < from+10; i++ {
			storetest.SeedVolunteer(t, s.Writer(), fmt.Sprintf("Quiet %c Elder", 'A'+i), fmt.Sprintf("q%d@example.org", i), "", int64(i+1))
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
	if got := storetest.ListNames(t, s, "volunteers", store.AdminQuery{Search: "quiet"}); len(got) != 10 {
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
	if got := storetest.ListNames(t, s, "volunteers", store.AdminQuery{Search: "quiet"}); len(got) != 20 {
		t.Fatalf("search finds %d rows after the second compaction, want 20", len(got))
	}
}

// TestSearchFileRebuilt: the search indexes live in a file beside the
// database, built for it alone. A backup restored over the database,
// beside an index file built for the later database, is indexed again
// from its own rows: its names are found by their restored text only.
// An index file that is lost is built again, and one that belongs to the
// database is kept as it is. The file is readable by its owner only.
func TestSearchFileRebuilt(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "a.db")
	open := func() *store.Store {
		t.Helper()
		s, err := store.Open(ctx, "sqlite://"+path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Migrate(ctx); err != nil {
			s.Close()
			t.Fatal(err)
		}
		return s
	}
	search := func(s *store.Store, term string) string {
		t.Helper()
		return strings.Join(storetest.ListNames(t, s, "volunteers", store.AdminQuery{Search: term}), ",")
	}

	s := open()
	first := storetest.SeedVolunteer(t, s.Writer(), "Radha Kunda", "a@example.org", "", 1)
	storetest.SeedVolunteer(t, s.Writer(), "Govinda Dasa", "b@example.org", "", 2)
	if got := search(s, "kunda"); got != "Radha Kunda" {
		t.Fatalf("search: %q", got)
	}
	backup := filepath.Join(t.TempDir(), "copy.db")
	if err := s.Backup(ctx, backup); err != nil {
		t.Fatal(err)
	}
	// After the backup the database moves on: an edit and a new row,
	// both indexed.
	if _, err := s.Writer().ExecContext(ctx, "UPDATE volunteers SET full_name = 'Radha Shyam', search = 'radha shyam' WHERE id = ?", first); err != nil {
		t.Fatal(err)
	}
	storetest.SeedVolunteer(t, s.Writer(), "Lalita Sakhi", "c@example.org", "", 3)
	if got := search(s, "shyam") + "|" + search(s, "lalita"); got != "Radha Shyam|Lalita Sakhi" {
		t.Fatalf("search before the restore: %q", got)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(store.SearchFile(path)); err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("index file: %v, err %v; want mode 0600", info, err)
	}

	// The backup restored over the database; the later index file stays.
	raw, err := os.ReadFile(backup)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{path, path + "-wal", path + "-shm"} {
		_ = os.Remove(f)
	}
	if err := os.WriteFile(path, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	s = open()
	got := search(s, "kunda") + "|" + search(s, "shyam") + "|" + search(s, "lalita") + "|" + search(s, "govinda")
	if got != "Radha Kunda|||Govinda Dasa" {
		t.Fatalf("after the restore, kunda|shyam|lalita|govinda found %q; want the restored rows by their own text", got)
	}
	if err := s.CheckSearch(ctx); err != nil {
		t.Fatal(err)
	}
	storetest.SeedVolunteer(t, s.Writer(), "Vishakha Sakhi", "d@example.org", "", 4)
	if err := s.IndexSearch(ctx); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	// Opened again with its own index file: kept, not built again.
	s = open()
	var upto int64
	if err := s.Reader().QueryRowContext(ctx, "SELECT upto FROM search_indexed WHERE tbl = 'volunteers'").Scan(&upto); err != nil || upto != 3 {
		t.Fatalf("the database's own index file: upto %d (err %v), want 3", upto, err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	// The index file lost: built again.
	for _, f := range []string{store.SearchFile(path), store.SearchFile(path) + "-wal", store.SearchFile(path) + "-shm"} {
		_ = os.Remove(f)
	}
	s = open()
	defer s.Close()
	if got := search(s, "sakhi") + "|" + search(s, "kunda"); got != "Vishakha Sakhi|Radha Kunda" {
		t.Fatalf("after the index file was lost: %q", got)
	}
}

// TestSearchIndexTwoInstances: two servers on one database, each saving,
// editing and deleting rows while both index at once (their batches take
// turns on the index file and may apply the same logged change twice):
// afterwards every row is found by its current text from either server,
// and by nothing else, and the log of changes is empty.
func TestSearchIndexTwoInstances(t *testing.T) {
	ctx := context.Background()
	url := "sqlite://" + filepath.Join(t.TempDir(), "a.db")
	a, b := storetest.OpenURL(t, url), storetest.OpenURL(t, url)
	const each = 40
	errs := make(chan error, 4)
	for n, s := range []*store.Store{a, b} {
		go func() {
			for i := 0; i < each; i++ {
				name := fmt.Sprintf("Sevak%c%02d Original", 'A'+n, i)
				v := &store.Volunteer{FullName: name, Email: fmt.Sprintf("s%d-%d@example.org", n, i), Motivation: "m", Skills: "s",
					Consent: true, AreasOfInterest: []string{"Other"}}
				if err := store.InsertVolunteer(ctx, s.Writer(), v, time.UnixMilli(int64(i+1))); err != nil {
					errs <- err
					return
				}
				var err error
				switch i % 4 {
				case 1: // edited
					_, err = s.Writer().ExecContext(ctx, "UPDATE volunteers SET search = ? WHERE id = ?",
						strings.ToLower(fmt.Sprintf("Sevak%c%02d Renamed", 'A'+n, i)), v.ID)
				case 2: // deleted
					_, err = s.Writer().ExecContext(ctx, "DELETE FROM volunteers WHERE id = ?", v.ID)
				}
				if err == nil && i%3 == 0 {
					err = s.IndexSearch(ctx)
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
		go func() {
			for i := 0; i < each/2; i++ {
				if err := s.IndexSearch(ctx); err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	for _, s := range []*store.Store{a, b} {
		for n := range 2 {
			for i := 0; i < each; i++ {
				key := strings.ToLower(fmt.Sprintf("sevak%c%02d", 'A'+n, i))
				var want string
				switch i % 4 {
				case 1:
					want = "renamed"
				case 2:
					want = ""
				default:
					want = "original"
				}
				for _, text := range []string{"original", "renamed"} {
					got := len(storetest.ListNames(t, s, "volunteers", store.AdminQuery{Search: key + " " + text}))
					if (text == want) != (got == 1) || got > 1 {
						t.Errorf("%q finds %d rows; the row's current text is %q", key+" "+text, got, want)
					}
				}
			}
		}
		if err := s.CheckSearch(ctx); err != nil {
			t.Fatal(err)
		}
	}
	var logged int
	if err := a.Reader().QueryRowContext(ctx, "SELECT COUNT(*) FROM search_changes").Scan(&logged); err != nil || logged != 0 {
		t.Fatalf("%d changes left in the log (err %v)", logged, err)
	}
}

// TestSearchChangeNumbersNeverReused: once the indexer has applied and
// deleted every logged change, the next change still takes a number above
// the last one applied. Another server's batch that applied changes up to
// that number deletes them after it commits; a reused number would let it
// delete a change no batch has applied, and the row would keep its old
// text in the index.
func TestSearchChangeNumbersNeverReused(t *testing.T) {
	ctx := context.Background()
	s := storetest.OpenURL(t, "sqlite://"+filepath.Join(t.TempDir(), "a.db"))
	v := &store.Volunteer{FullName: "Sevak Original", Email: "s@example.org", Motivation: "m", Skills: "s",
		Consent: true, AreasOfInterest: []string{"Other"}}
	if err := store.InsertVolunteer(ctx, s.Writer(), v, time.UnixMilli(1)); err != nil {
		t.Fatal(err)
	}
	rename := func(text string) int64 {
		t.Helper()
		if _, err := s.Writer().ExecContext(ctx, "UPDATE volunteers SET search = ? WHERE id = ?", text, v.ID); err != nil {
			t.Fatal(err)
		}
		var id int64
		if err := s.Reader().QueryRowContext(ctx, "SELECT MAX(id) FROM search_changes").Scan(&id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	first := rename("sevak renamed")
	if err := s.IndexSearch(ctx); err != nil {
		t.Fatal(err)
	}
	if second := rename("sevak renamed again"); second <= first {
		t.Fatalf("the change after an emptied log is numbered %d, not above the %d already applied", second, first)
	}
}

// TestSearchFileMigration: a database whose indexes were still in its
// own file, upgraded, drops them there and indexes its rows in the index
// file: each is found by its current text.
func TestSearchFileMigration(t *testing.T) {
	ctx := context.Background()
	s := storetest.OpenBefore(t, "sqlite://"+filepath.Join(t.TempDir(), "a.db"), 300)
	// The rows are written with the columns of that schema, not with
	// today's insert, which names the columns later steps added.
	first := "0000000000000000000000a1"
	for _, v := range []struct{ id, name, email, search string }{
		{first, "Radha Kunda", "a@example.org", "radha shyam"},
		{"0000000000000000000000b2", "Govinda Dasa", "b@example.org", "govinda dasa b@example.org"},
	} {
		if _, err := s.Writer().ExecContext(ctx, `INSERT INTO volunteers (id, full_name, email, experience, motivation, skills, consent, search, created_at, updated_at)
			VALUES (?, ?, ?, '', 'm', 's', TRUE, ?, 1, 1)`, v.id, v.name, v.email, v.search); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	var left int
	if err := s.Writer().QueryRowContext(ctx, "SELECT COUNT(*) FROM sqlite_master WHERE name LIKE '%\\_fts%' ESCAPE '\\' OR name LIKE '%\\_words%' ESCAPE '\\'").Scan(&left); err != nil || left != 0 {
		t.Fatalf("%d index tables left in the database (err %v)", left, err)
	}
	got := strings.Join(storetest.ListNames(t, s, "volunteers", store.AdminQuery{Search: "shyam"}), ",") + "|" +
		strings.Join(storetest.ListNames(t, s, "volunteers", store.AdminQuery{Search: "kunda"}), ",") + "|" +
		strings.Join(storetest.ListNames(t, s, "volunteers", store.AdminQuery{Search: "govinda"}), ",")
	if got != "Radha Kunda||Govinda Dasa" {
		t.Fatalf("after the upgrade, shyam|kunda|govinda found %q", got)
	}
	if err := s.CheckSearch(ctx); err != nil {
		t.Fatal(err)
	}
}

// TestErasureLeavesSearchIndexAtOnce: an erased record leaves the search
// indexes before the erasure returns, not at the indexer's next batch or
// the next search, and the index file's log is emptied into the file
// (where FTS5's secure-delete and secure_delete have overwritten it).
func TestErasureLeavesSearchIndexAtOnce(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "a.db")
	s := storetest.OpenURL(t, "sqlite://"+path)
	id := storetest.SeedVolunteer(t, s.Writer(), "Erased Elder", "erased@example.org", "", 1)
	storetest.SeedVolunteer(t, s.Writer(), "Kept Elder", "kept@example.org", "", 2)
	if err := s.IndexSearch(ctx); err != nil {
		t.Fatal(err)
	}
	if err := s.EraseRecord(ctx, "volunteers", id, store.Actor{ID: store.NewID(time.Now()), Email: "admin@example.org"}); err != nil {
		t.Fatal(err)
	}
	var logged int
	if err := s.Reader().QueryRowContext(ctx, "SELECT COUNT(*) FROM search_changes").Scan(&logged); err != nil || logged != 0 {
		t.Fatalf("%d changes still waiting after the erasure (err %v)", logged, err)
	}
	var found int
	if err := s.Reader().QueryRowContext(ctx, "SELECT COUNT(*) FROM volunteers_words WHERE volunteers_words MATCH 'erased'").Scan(&found); err != nil || found != 0 {
		t.Fatalf("the word index still holds the erased name: %d (err %v)", found, err)
	}
	if info, err := os.Stat(store.SearchFile(path) + "-wal"); err == nil && info.Size() != 0 {
		t.Fatalf("the index file's log still holds %d bytes after the erasure", info.Size())
	}
	if err := s.CheckSearch(ctx); err != nil {
		t.Fatal(err)
	}
	if got := storetest.ListNames(t, s, "volunteers", store.AdminQuery{Search: "elder"}); strings.Join(got, ",") != "Kept Elder" {
		t.Fatalf("search after the erasure: %v", got)
	}
}

// TestSearchTablesAreTheListsSearchColumns: the tables the schema names as
// searchable (their search-change triggers) are exactly those whose admin
// list searches its own search column with the full-text indexes, each
// with both indexes in the index file; a table the migrations made
// searchable is thus indexed, and none a list searches is left out.
func TestSearchTablesAreTheListsSearchColumns(t *testing.T) {
	ctx := context.Background()
	s := storetest.OpenURL(t, "sqlite://"+filepath.Join(t.TempDir(), "a.db"))
	got, err := s.SearchTables(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, tab := range store.AdminTabs() {
		if tab.SearchExpr == "search" {
			want[tab.Table] = true
		}
	}
	if len(got) != len(want) {
		t.Fatalf("search tables %v, the lists search the columns of %v", got, want)
	}
	for _, table := range got {
		if !want[table] {
			t.Errorf("table %s has search indexes but no list searches its column", table)
		}
		for _, suffix := range []string{"_fts", "_words"} {
			var n int
			if err := s.Reader().QueryRowContext(ctx, "SELECT COUNT(*) FROM search.sqlite_master WHERE name = ?", table+suffix).Scan(&n); err != nil || n != 1 {
				t.Errorf("index file lacks %s%s (%d, %v)", table, suffix, n, err)
			}
		}
	}
	if err := s.CheckSearch(ctx); err != nil {
		t.Fatal(err)
	}
}
