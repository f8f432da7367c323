package list_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

func TestAdminSearchIsLiteral(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		w := s.Writer()
		storetest.SeedVolunteer(t, w, "Percent 100% Sure", "a@example.org", "", 1)
		storetest.SeedVolunteer(t, w, "Percent 1000 Sure", "b@example.org", "", 2)
		storetest.SeedVolunteer(t, w, "Under_score", "c@example.org", "", 3)
		storetest.SeedVolunteer(t, w, "Underxscore", "d@example.org", "", 4)
		storetest.SeedVolunteer(t, w, `Back\slash "quoted"`, "e@example.org", "", 5)
		storetest.SeedVolunteer(t, w, "Gaura Nitai", "gaura@example.org", "ராதா कृष्ण", 6)
		tab := store.AdminTabByName("volunteers")
		cases := []struct {
			q    string
			want []string
		}{
			{"100%", []string{"Percent 100% Sure"}},
			{"0%", []string{"Percent 100% Sure"}},
			{"%", []string{"Percent 100% Sure"}},
			{"r_s", []string{"Under_score"}},
			{"_", []string{"Under_score"}},
			{`k\s`, []string{`Back\slash "quoted"`}},
			{`"quoted"`, []string{`Back\slash "quoted"`}},
			{`"`, []string{`Back\slash "quoted"`}},
			{"GAURA", []string{"Gaura Nitai"}},
			{"कृष्ण", []string{"Gaura Nitai"}},
			{"ரா", []string{"Gaura Nitai"}},
			{"' OR 1=1 --", nil},
			{"nothing like this", nil},
			{"example.org", []string{"Gaura Nitai", `Back\slash "quoted"`, "Underxscore", "Under_score", "Percent 1000 Sure", "Percent 100% Sure"}},
		}
		for _, c := range cases {
			got := storetest.ListNames(t, s, "volunteers", store.AdminQuery{Search: c.q})
			if strings.Join(got, "|") != strings.Join(c.want, "|") {
				t.Errorf("search %q: got %q, want %q", c.q, got, c.want)
			}
			n, err := s.AdminCount(ctx, tab, store.AdminQuery{Search: c.q})
			if err != nil || n != len(c.want) {
				t.Errorf("count %q: %d, %v (want %d)", c.q, n, err, len(c.want))
			}
		}
	})
}

func TestAdminPagingSortingAndTabs(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		w := s.Writer()
		for i := 1; i <= 12; i++ {
			storetest.SeedVolunteer(t, w, fmt.Sprintf("V%02d", i), fmt.Sprintf("v%d@example.org", i), "", int64(i))
		}
		got := storetest.ListNames(t, s, "volunteers", store.AdminQuery{Page: 2, PageSize: 5})
		if strings.Join(got, ",") != "V07,V06,V05,V04,V03" {
			t.Fatalf("page 2 newest first: %v", got)
		}
		got = storetest.ListNames(t, s, "volunteers", store.AdminQuery{Page: 3, PageSize: 5, Sort: "fullName"})
		if strings.Join(got, ",") != "V11,V12" {
			t.Fatalf("page 3 by name: %v", got)
		}
		got = storetest.ListNames(t, s, "volunteers", store.AdminQuery{Page: 9, PageSize: 5})
		if len(got) != 0 {
			t.Fatalf("page past the end: %v", got)
		}
		err := s.AdminList(context.Background(), store.AdminTabByName("volunteers"), store.AdminQuery{Sort: "password_hash"}, func(*store.Record) error { return nil })
		if !errors.Is(err, store.ErrBadSort) {
			t.Fatalf("unknown sort: %v", err)
		}

		// Disciples: approved rows in one tab, the rest (shown as
		// awaiting, expired, declined) in the pending tab.
		for i, st := range []string{"pending", "approved", "declined", "expired"} {
			created := time.UnixMilli(int64(i))
			d := &store.Disciple{FullName: "D " + st, TemplePresidentEmail: "tp@example.org"}
			if err := s.InTx(context.Background(), func(tx *store.Tx) error {
				if _, err := store.InsertPendingDisciple(context.Background(), tx, d, created); err != nil {
					return err
				}
				switch st {
				case "approved":
					return store.ApproveDisciple(context.Background(), tx, d, store.Approval{ReferrerName: "Ref"}, created)
				case "declined":
					return store.DeclineDisciple(context.Background(), tx, d, "unknown to me", created)
				case "expired":
					_, err := store.ExpireDisciple(context.Background(), tx, d, created.Add(store.DiscipleTokenTTL))
					return err
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		}
		if got := storetest.ListNames(t, s, "disciples", store.AdminQuery{}); strings.Join(got, ",") != "D approved" {
			t.Fatalf("disciples tab: %v", got)
		}
		if got := storetest.ListNames(t, s, "pending-disciples", store.AdminQuery{}); strings.Join(got, ",") != "D expired,D declined,D pending" {
			t.Fatalf("pending tab: %v", got)
		}
		// Each tab's export holds its own rows only.
		if got, err := storetest.ExportNames(t, s, "disciples", store.AdminQuery{}); err != nil || strings.Join(got, ",") != "D approved" {
			t.Fatalf("disciples export: %v %v", got, err)
		}
		if got, err := storetest.ExportNames(t, s, "pending-disciples", store.AdminQuery{}); err != nil || strings.Join(got, ",") != "D expired,D declined,D pending" {
			t.Fatalf("pending export: %v %v", got, err)
		}
		if got := storetest.ListNames(t, s, "pending-disciples", store.AdminQuery{Search: "awai"}); strings.Join(got, ",") != "D pending" {
			t.Fatalf("pending search by shown status: %v", got)
		}
		var statuses []string
		_ = s.AdminList(context.Background(), store.AdminTabByName("pending-disciples"), store.AdminQuery{}, func(r *store.Record) error {
			statuses = append(statuses, r.Get("status").(string))
			// The referrer is one nested object, empty until someone answers.
			if name, ok := r.Get("referrer.name").(string); !ok || name != "" {
				t.Errorf("referrer object: %v", r.Get("referrer"))
			}
			return nil
		})
		if strings.Join(statuses, ",") != "expired,declined,awaiting" {
			t.Fatalf("shown statuses: %v", statuses)
		}
	})
}

func TestAdminUpdateVersionSearchAndAudit(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		// The update and the delete below are audited in order; each
		// reading of the clock is a new millisecond, so sorting the audit
		// by createdAt puts them in that order (in one shared millisecond
		// the id, partly random, would decide).
		s.SetClock(storetest.NewClock(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC), time.Millisecond).Now)
		id := storetest.SeedVolunteer(t, s.Writer(), "Old Name", "old@example.org", "", 1)
		tab := store.AdminTabByName("volunteers")
		actor := store.Actor{ID: store.NewID(time.Now()), Email: "admin@example.org"}
		rec, err := s.AdminUpdate(ctx, tab, id, 0, actor, setTo(map[string]any{"fullName": "Brand New", "areasOfInterest": []string{"Financial Assistance"}}))
		if err != nil {
			t.Fatal(err)
		}
		if rec.Get("fullName") != "Brand New" || rec.Version() != 1 {
			t.Fatalf("saved record: %v v%d", rec.Get("fullName"), rec.Version())
		}
		// The search follows the edit, on the indexed and the short path.
		for q, want := range map[string]int{"brand new": 1, "old name": 0, "fina": 1, "ne": 1} {
			if n, _ := s.AdminCount(ctx, tab, store.AdminQuery{Search: q}); n != want {
				t.Errorf("after edit, search %q finds %d, want %d", q, n, want)
			}
		}
		// A stale version is refused and changes nothing.
		if _, err := s.AdminUpdate(ctx, tab, id, 0, actor, setTo(map[string]any{"fullName": "Lost Update"})); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("stale version: %v", err)
		}
		if _, err := s.AdminUpdate(ctx, tab, store.NewID(time.Now()), 0, actor, setTo(map[string]any{"fullName": "X"})); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("missing record: %v", err)
		}
		// A refusing check leaves the record alone.
		refuse := errors.New("no")
		if _, err := s.AdminUpdate(ctx, tab, id, 1, actor, func(*store.Record) (map[string]any, error) { return nil, refuse }); err != refuse {
			t.Fatalf("check: %v", err)
		}
		if err := s.AdminDelete(ctx, tab, id, actor, nil); err != nil {
			t.Fatal(err)
		}
		if n, _ := s.AdminCount(ctx, tab, store.AdminQuery{Search: "brand"}); n != 0 {
			t.Fatalf("deleted row still found: %d", n)
		}
		if err := s.AdminDelete(ctx, tab, id, actor, nil); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("second delete: %v", err)
		}
		var entries []*store.Record
		_ = s.AdminList(ctx, store.AdminTabByName("audit"), store.AdminQuery{Sort: "createdAt"}, func(r *store.Record) error {
			entries = append(entries, r)
			return nil
		})
		if len(entries) != 2 {
			t.Fatalf("audit entries: %d", len(entries))
		}
		b, _ := json.Marshal(entries[0])
		var first struct {
			Action, Entity, EntityID, ActorEmail string
			Before, After                        map[string]any
		}
		_ = json.Unmarshal(b, &first)
		// The delete erased the record: the update's entry keeps who did
		// what and when, not the names, and the erasure is recorded
		// without a copy of the record.
		if first.Action != "update" || first.Entity != "volunteers" || first.EntityID != id || first.ActorEmail != "admin@example.org" ||
			len(first.Before) != 0 || first.After["erased"] != true {
			t.Fatalf("update audit: %s", b)
		}
		b, _ = json.Marshal(entries[1])
		if !strings.Contains(string(b), `"action":"erase"`) || strings.Contains(string(b), "Brand New") || strings.Contains(string(b), "Old Name") {
			t.Fatalf("delete audit: %s", b)
		}
	})
}

func TestWriteAuditDropsSecrets(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		err := store.WriteAudit(ctx, s.Writer(), store.AuditEntry{Actor: store.Actor{ID: "a", Email: "a@example.org"}, Action: "update", Entity: "users", EntityID: "x",
			Before: map[string]any{"password": "p", "passwordHash": "h", "fullName": "A"}, After: map[string]any{"token": "t", "tokenHash": "th", "fullName": "B"}}, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		var before, after string
		_ = s.Reader().QueryRowContext(ctx, "SELECT before_json, after_json FROM audit_log").Scan(&before, &after)
		if before != `{"fullName":"A"}` || after != `{"fullName":"B"}` {
			t.Fatalf("audit kept secrets: %s %s", before, after)
		}
	})
}

// The trigram index is keyed by the tables' rowids; a backup made with
// VACUUM INTO must keep it consistent with its table.
func TestAdminSearchIndexSurvivesBackup(t *testing.T) {
	ctx := context.Background()
	s := storetest.OpenURL(t, "sqlite://"+filepath.Join(t.TempDir(), "a.db"))
	var ids []string
	for i := 0; i < 50; i++ {
		ids = append(ids, storetest.SeedVolunteer(t, s.Writer(), fmt.Sprintf("Person %d", i), fmt.Sprintf("p%d@example.org", i), "", int64(i)))
	}
	for _, id := range ids[:25:25] {
		if _, err := s.Writer().ExecContext(ctx, "DELETE FROM volunteers WHERE id = ?", id); err != nil {
			t.Fatal(err)
		}
	}
	storetest.SeedVolunteer(t, s.Writer(), "Late Person", "late@example.org", "", 99)
	path := filepath.Join(t.TempDir(), "backup.db")
	if err := s.Backup(ctx, path); err != nil {
		t.Fatal(err)
	}
	b := storetest.OpenURL(t, "sqlite://"+path)
	if err := b.CheckSearch(ctx); err != nil {
		t.Fatalf("index inconsistent after backup: %v", err)
	}
	if got := storetest.ListNames(t, b, "volunteers", store.AdminQuery{Search: "person 3"}); strings.Join(got, ",") != "Person 39,Person 38,Person 37,Person 36,Person 35,Person 34,Person 33,Person 32,Person 31,Person 30" {
		t.Fatalf("search in backup: %v", got)
	}
}

// setTo is an edit that sets values whatever the record holds.
func setTo(values map[string]any) func(*store.Record) (map[string]any, error) {
	return func(*store.Record) (map[string]any, error) { return values, nil }
}

// TestAdminSearchWholeWordsFirst: a term whose words some record holds as
// whole words (in any order) finds those records through the word index; a term found only
// inside longer words still finds them through the trigram index; both
// on each database, in Latin, Devanagari and Bengali script.
func TestAdminSearchWholeWordsFirst(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		w := s.Writer()
		storetest.SeedVolunteer(t, w, "Madhava Müller", "a@example.org", "", 1)
		storetest.SeedVolunteer(t, w, "Gopimadhava Müllerson", "b@example.org", "", 2)
		storetest.SeedVolunteer(t, w, "Müller Madhava", "c@example.org", "", 3)
		storetest.SeedVolunteer(t, w, "राधा रानी", "d@example.org", "", 4)
		storetest.SeedVolunteer(t, w, "রাধা দাসী", "e@example.org", "", 5)
		storetest.SeedVolunteer(t, w, "Nurse Nila", "f@example.org", "nurses", 6)
		tab := store.AdminTabByName("volunteers")
		cases := []struct {
			q    string
			want []string
		}{
			// Whole words, in any order.
			{"madhava müller", []string{"Müller Madhava", "Madhava Müller"}},
			{"Müller", []string{"Müller Madhava", "Madhava Müller"}},
			{"राधा", []string{"राधा रानी"}},
			{"রাধা", []string{"রাধা দাসী"}},
			{"nurse", []string{"Nurse Nila"}},
			// Only inside longer words: the text anywhere.
			{"adhava mül", []string{"Gopimadhava Müllerson", "Madhava Müller"}},
			{"müllers", []string{"Gopimadhava Müllerson"}},
			{"ानी", []string{"राधा रानी"}},
		}
		for _, c := range cases {
			for _, page := range []int{0, 1} {
				got := storetest.ListNames(t, s, "volunteers", store.AdminQuery{Search: c.q, Page: page, PageSize: 20})
				if strings.Join(got, "|") != strings.Join(c.want, "|") {
					t.Errorf("search %q (page %d): got %q, want %q", c.q, page, got, c.want)
				}
			}
			total, page, err := s.AdminPage(ctx, tab, store.AdminQuery{Search: c.q, Page: 1, PageSize: 20})
			if err != nil || total.N != len(c.want) || len(page) != len(c.want) {
				t.Errorf("page of %q: total %v, %d rows, %v (want %d)", c.q, total, len(page), err, len(c.want))
			}
		}
		// A filter beside the term keeps the same meaning.
		got := storetest.ListNames(t, s, "volunteers", store.AdminQuery{Search: "madhava müller", Filters: map[string]string{"status": "new"}})
		if strings.Join(got, "|") != "Müller Madhava|Madhava Müller" {
			t.Errorf("filtered whole-word search: %q", got)
		}
	})
}

// TestAdminUpdateAllIsAllOrNothing: a change to several records saves
// every one of them or, when one is refused (a stale version, a failing
// check), none, and writes no audit entry for a change it did not make.
func TestAdminUpdateAllIsAllOrNothing(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		tab := store.AdminTabByName("volunteers")
		actor := store.Actor{ID: store.NewID(time.Now()), Email: "admin@example.org"}
		a := storetest.SeedVolunteer(t, s.Writer(), "First Bulk", "first@example.org", "", 1)
		b := storetest.SeedVolunteer(t, s.Writer(), "Second Bulk", "second@example.org", "", 2)
		audits := func() int {
			n := 0
			err := s.AdminList(ctx, store.AdminTabByName("audit"), store.AdminQuery{}, func(*store.Record) error { n++; return nil })
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		refuse := errors.New("refused")
		for name, second := range map[string]store.AdminEdit{
			"stale version":  {ID: b, Version: 7, Edit: setTo(map[string]any{"fullName": "Changed B"})},
			"failing check":  {ID: b, Version: 0, Edit: func(*store.Record) (map[string]any, error) { return nil, refuse }},
			"missing record": {ID: store.NewID(time.Now()), Version: 0, Edit: setTo(map[string]any{"fullName": "X"})},
		} {
			before := audits()
			first := store.AdminEdit{ID: a, Version: 0, Edit: setTo(map[string]any{"fullName": "Changed A"})}
			if _, err := s.AdminUpdateAll(ctx, tab, []store.AdminEdit{first, second}, actor); err == nil {
				t.Fatalf("%s: saved", name)
			}
			if got := storetest.ListNames(t, s, "volunteers", store.AdminQuery{Search: "changed"}); len(got) != 0 {
				t.Fatalf("%s: a refused change saved %q", name, got)
			}
			if audits() != before {
				t.Fatalf("%s: a refused change was audited", name)
			}
		}
		recs, err := s.AdminUpdateAll(ctx, tab, []store.AdminEdit{
			{ID: a, Version: 0, Edit: setTo(map[string]any{"fullName": "Changed A"})},
			{ID: b, Version: 0, Edit: setTo(map[string]any{"fullName": "Changed B"})},
		}, actor)
		if err != nil || len(recs) != 2 || recs[0].Get("fullName") != "Changed A" || recs[1].Get("fullName") != "Changed B" {
			t.Fatalf("both saved: %v %v", recs, err)
		}
	})
}
