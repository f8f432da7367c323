package backups

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"filippo.io/age"

	"spdc/internal/config"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

func newStore(t *testing.T) *store.Store {
	t.Helper()
	return storetest.OpenURL(t, "sqlite://"+filepath.Join(t.TempDir(), "spdc.db"))
}

func addMessage(t *testing.T, st *store.Store, ref string) {
	t.Helper()
	m := &store.ContactMessage{Name: "Asha", Email: "asha@example.org", Subject: "Hello", Message: "A message", AcceptTerms: true, Ref: ref, Language: "en"}
	if err := store.InsertContactMessage(context.Background(), st.Writer(), m, time.Now()); err != nil {
		t.Fatal(err)
	}
}

// TestScheduleRotatesByTheRule runs the schedule over 40 days of a clock
// that moves twelve hours a round: a backup a day, each an age file, and the
// directory keeps the newest of each of the last 7 days and 4 weeks.
func TestScheduleRotatesByTheRule(t *testing.T) {
	st := newStore(t)
	addMessage(t, st, "M-ROTA-01")
	id, err := age.GenerateX25519Identity()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "backups")
	clock := storetest.NewClock(time.Date(2026, 3, 2, 2, 0, 0, 0, time.UTC), 0) // a Monday
	var results []Result
	s := &Scheduler{Store: st, Dir: dir, Every: 24 * time.Hour, Keep: config.Keep{Days: 7, Weeks: 4},
		Recipients: []age.Recipient{id.Recipient()}, Now: clock.Now, OnResult: func(r Result) { results = append(results, r) }}
	ctx := context.Background()
	for range 40 * 2 {
		s.round(ctx)
		clock.Advance(12 * time.Hour)
	}
	if len(results) != 40 {
		t.Fatalf("%d backups in 40 days, want 40", len(results))
	}
	for _, r := range results {
		if r.Err != nil || r.Report == nil || r.Report.Rows("messages") != 1 {
			t.Fatalf("result %+v", r)
		}
	}
	list, err := List(dir)
	if err != nil {
		t.Fatal(err)
	}
	now := list[0].At
	days, weeks := map[string]int{}, map[string]int{}
	for _, c := range list {
		days[c.At.Format("2006-01-02")]++
		y, w := c.At.ISOWeek()
		weeks[fmt.Sprintf("%d-W%02d", y, w)]++
		if now.Sub(c.At) > 28*24*time.Hour {
			t.Errorf("kept %s, older than 4 weeks", c.Name)
		}
		body, err := os.ReadFile(filepath.Join(dir, c.Name))
		if err != nil || !bytes.HasPrefix(body, []byte("age-encryption.org/v1\n")) {
			t.Fatalf("%s is not an age file: %v", c.Name, err)
		}
		if info, _ := os.Stat(filepath.Join(dir, c.Name)); info.Mode().Perm() != 0o600 {
			t.Errorf("%s mode %v", c.Name, info.Mode())
		}
	}
	// The last copy is of Friday 10 April: the copies of 4 to 10 April,
	// which hold the newest of this week and of last week (Sunday 5
	// April), and the newest of the two weeks before (Sundays 29 and 22
	// March).
	if len(list) != 9 || days["2026-03-29"] != 1 || days["2026-03-22"] != 1 || list[0].At.Format("2006-01-02") != "2026-04-10" {
		t.Fatalf("kept %d copies, want 9: %v", len(list), list)
	}
	for d := range 7 {
		if day := now.AddDate(0, 0, -d).Format("2006-01-02"); days[day] != 1 {
			t.Errorf("day %s has %d copies", day, days[day])
		}
	}
	if len(weeks) != 4 {
		t.Errorf("weeks kept: %v", weeks)
	}
	// Nothing but the copies and the lock file stays in the directory.
	entries, _ := os.ReadDir(dir)
	if len(entries) != len(list)+1 {
		t.Errorf("directory holds %d entries, want %d copies and the lock", len(entries), len(list))
	}
}

func TestRetain(t *testing.T) {
	now := time.Date(2026, 3, 12, 12, 0, 0, 0, time.UTC) // a Thursday
	var copies []Copy
	for i := range 40 { // two copies a day, newest first
		at := now.Add(-time.Duration(i) * 12 * time.Hour)
		copies = append(copies, Copy{Name: at.Format(nameStamp), At: at})
	}
	keep := Retain(copies, now, config.Keep{Days: 2}, time.UTC)
	if len(keep) != 2 || !keep[copies[0].Name] || !keep[copies[2].Name] {
		t.Fatalf("2 days kept %v", keep)
	}
	keep = Retain(copies, now, config.Keep{Weeks: 2}, time.UTC)
	// This week's newest, and last week's newest (Sunday 8 March, 12:00).
	if len(keep) != 2 || !keep[copies[0].Name] || !keep[now.AddDate(0, 0, -4).Format(nameStamp)] {
		t.Fatalf("2 weeks kept %v", keep)
	}
	if got := Retain(nil, now, config.Keep{Days: 7}, time.UTC); len(got) != 0 {
		t.Fatalf("empty %v", got)
	}
	// In India's zone the day of a copy at 20:00 UTC is the next one.
	ist := time.FixedZone("IST", 5*3600+1800)
	late := []Copy{{Name: "a", At: time.Date(2026, 3, 11, 20, 0, 0, 0, time.UTC)}, {Name: "b", At: time.Date(2026, 3, 11, 10, 0, 0, 0, time.UTC)}}
	if k := Retain(late, now, config.Keep{Days: 2}, ist); len(k) != 2 {
		t.Fatalf("IST days %v", k)
	}
}

// TestRunBacksUpOnceWhileNotDue starts the schedule on a clock that stands
// still: one backup at start, none more until the interval has passed,
// and a second server on the same directory makes none of its own.
func TestRunBacksUpOnceWhileNotDue(t *testing.T) {
	st := newStore(t)
	dir := t.TempDir()
	clock := storetest.NewClock(time.Date(2026, 3, 2, 2, 0, 0, 0, time.UTC), 0)
	var mu sync.Mutex
	made := 0
	mk := func() *Scheduler {
		return &Scheduler{Store: st, Dir: dir, Every: time.Hour, Keep: config.Keep{Days: 7}, Now: clock.Now, Tick: 2 * time.Millisecond,
			OnResult: func(r Result) {
				mu.Lock()
				defer mu.Unlock()
				if r.Err != nil {
					t.Errorf("backup: %v", r.Err)
				}
				made++
			}}
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for _, s := range []*Scheduler{mk(), mk()} {
		wg.Go(func() { s.Run(ctx) })
	}
	// The first backup may take a while on a busy machine: wait for it,
	// then give the two schedules many more ticks to make another.
	count := func() int { mu.Lock(); defer mu.Unlock(); return made }
	for start := time.Now(); count() == 0 && time.Since(start) < 60*time.Second; {
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond)
	if n := count(); n != 1 {
		t.Errorf("%d backups while the clock stood still, want 1", n)
	}
	clock.Advance(time.Hour)
	deadline := time.Now().Add(5 * time.Second)
	for {
		mu.Lock()
		n := made
		mu.Unlock()
		if n >= 2 || time.Now().After(deadline) {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(50 * time.Millisecond)
	cancel()
	wg.Wait()
	if made != 2 {
		t.Fatalf("%d backups after the interval passed, want 2", made)
	}
	// Both copies are of one day: the rule keeps the newer.
	list, _ := List(dir)
	if len(list) != 1 || list[0].Name != "spdc-20260302T030000Z.db" {
		t.Fatalf("copies %v", list)
	}
	if rep, err := store.VerifyBackup(context.Background(), filepath.Join(dir, list[0].Name)); err != nil || rep.SchemaVersion == 0 {
		t.Fatalf("plain copy does not verify: %v", err)
	}
}

// TestFailingDirectoryReports: a directory that cannot be written (here
// a path through a file, which fails for root too) fails the backup, the
// failure is reported, and the next try waits an hour.
func TestFailingDirectoryReports(t *testing.T) {
	st := newStore(t)
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(file, "backups")
	clock := storetest.NewClock(time.Date(2026, 3, 2, 2, 0, 0, 0, time.UTC), 0)
	var results []Result
	s := &Scheduler{Store: st, Dir: dir, Every: 24 * time.Hour, Keep: config.Keep{Days: 7}, Now: clock.Now,
		OnResult: func(r Result) { results = append(results, r) }}
	s.round(context.Background())
	s.round(context.Background())
	if len(results) != 1 || results[0].Err == nil {
		t.Fatalf("results %+v", results)
	}
	clock.Advance(time.Hour)
	s.round(context.Background())
	if len(results) != 2 || results[1].Err == nil {
		t.Fatalf("after an hour %+v", results)
	}
}
