package store_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// filesHolding reads every file of dir as bytes and returns, for each
// word found, the files holding it, plain or in any case.
func filesHolding(t *testing.T, dir string, words []string) map[string][]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	found := map[string][]string{}
	for _, en := range entries {
		if en.IsDir() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, en.Name()))
		if err != nil {
			t.Fatal(err)
		}
		lower := bytes.ToLower(b)
		for _, w := range words {
			if bytes.Contains(b, []byte(w)) || bytes.Contains(lower, bytes.ToLower([]byte(w))) {
				found[w] = append(found[w], en.Name())
			}
		}
	}
	return found
}

// TestErasedWordsLeaveEveryFile: a person with distinctive words is
// indexed for the admin search, then erased (a submission by the admin's
// delete, and an account with its records); as soon as each erasure
// returns, no file of the data directory (the database, the search index
// file and their write-ahead logs) holds the words, in any case. Another
// person's words are still there, so the files were really read.
func TestErasedWordsLeaveEveryFile(t *testing.T) {
	dir := t.TempDir()
	s := storetest.OpenURL(t, "sqlite://"+filepath.Join(dir, "spdc.db"))
	ctx := context.Background()
	now := time.Now()
	add := func(name, email, skills string) string {
		v := &store.Volunteer{FullName: name, Email: email, Experience: "Seva in Vrindavan", Motivation: "Service",
			Skills: skills, Consent: true, AreasOfInterest: []string{"Other"}}
		if err := s.InTx(ctx, func(tx *store.Tx) error { return store.InsertVolunteer(ctx, tx, v, now) }); err != nil {
			t.Fatal(err)
		}
		return v.ID
	}
	keep := add("Keepworthy Anandamayi", "keepworthy@example.org", "Gardening keepsakeword")
	_ = keep
	gone := add("Zephyrine Quorvath", "zephyrine.quorvath@example.org", "Xylophonist moonwalkerish")
	if err := s.IndexSearch(ctx); err != nil {
		t.Fatal(err)
	}
	// The search finds the person, and the words are in the files.
	words := []string{"Zephyrine", "Quorvath", "zephyrine.quorvath@example.org", "Xylophonist", "moonwalkerish"}
	if _, err := s.Writer().ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)"); err != nil {
		t.Fatal(err)
	}
	if got := filesHolding(t, dir, words); len(got) == 0 {
		t.Fatal("the setup did not write the words to any file")
	}
	if err := s.EraseRecord(ctx, "volunteers", gone, store.Actor{Email: "admin@example.org"}); err != nil {
		t.Fatal(err)
	}
	if got := filesHolding(t, dir, words); len(got) > 0 {
		t.Errorf("erased words still in the data directory: %v", got)
	}
	if got := filesHolding(t, dir, []string{"Keepworthy", "keepsakeword"}); len(got) == 0 {
		t.Error("the other person's words are in no file: the scan read nothing")
	}

	// An account and its records, the same way.
	u := &store.User{FullName: "Quillon Fenwarrick", Email: "quillon.fenwarrick@example.org", PasswordHash: "x", Address: "Brindlemoor Lane"}
	if err := s.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	v := &store.Volunteer{UserID: u.ID, FullName: "Quillon Fenwarrick", Email: "quillon.fenwarrick@example.org", Experience: "Harmonium",
		Motivation: "Service", Skills: "Brindlemoor dancing", Consent: true, AreasOfInterest: []string{"Other"}}
	if err := s.InTx(ctx, func(tx *store.Tx) error { return store.InsertVolunteer(ctx, tx, v, now) }); err != nil {
		t.Fatal(err)
	}
	if err := s.IndexSearch(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := s.EraseUser(ctx, u.ID, store.ErasedBySelf); err != nil {
		t.Fatal(err)
	}
	if got := filesHolding(t, dir, []string{"Quillon", "Fenwarrick", "Brindlemoor"}); len(got) > 0 {
		t.Errorf("erased account's words still in the data directory: %v", got)
	}
}
