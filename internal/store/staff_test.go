package store_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"spdc/internal/entity"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// staffUser makes an account, an admin when admin is true.
func staffUser(t testing.TB, s *store.Store, name, email string, admin bool) string {
	t.Helper()
	u := &store.User{FullName: name, Email: email, PasswordHash: "x", IsAdmin: admin}
	if err := s.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return u.ID
}

// staffSet is an edit that sets values as the dashboard's edit would,
// after the entity's checks.
func staffSet(values map[string]any) func(*store.Record) (map[string]any, error) {
	return func(*store.Record) (map[string]any, error) { return values, nil }
}

func staffAuditCount(t *testing.T, s *store.Store, action, id string) int {
	t.Helper()
	var n int
	if err := s.Reader().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM audit_log WHERE action = ? AND entity_id = ?`, action, id).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestStaffStatusOwnerAndFilters(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		admin := staffUser(t, s, "Radha Coordinator", "radha@example.org", true)
		actor := store.Actor{ID: admin, Email: "radha@example.org"}
		a := storetest.SeedVolunteer(t, s.Writer(), "Asha", "asha@example.org", "", 1000)
		b := storetest.SeedVolunteer(t, s.Writer(), "Bala", "bala@example.org", "", 2000)
		storetest.SeedVolunteer(t, s.Writer(), "Chandra", "chandra@example.org", "", 3000)
		tab := store.AdminTabByName("volunteers")

		rec, err := s.AdminGet(ctx, tab, a)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Get("status") != "new" || rec.Get("assigneeId") != "" || rec.Get("owner") != "" {
			t.Fatalf("a new volunteer: status %v, owner %v/%v", rec.Get("status"), rec.Get("assigneeId"), rec.Get("owner"))
		}

		// The status and the owner change through the admin edit: one
		// version further, in the audit log with who made the change.
		rec, err = s.AdminUpdate(ctx, tab, a, 0, actor, staffSet(map[string]any{"status": "interview", "assigneeId": admin}))
		if err != nil {
			t.Fatal(err)
		}
		if rec.Get("status") != "interview" || rec.Get("owner") != "Radha Coordinator" || rec.Version() != 1 {
			t.Fatalf("after the edit: %v %v v%d", rec.Get("status"), rec.Get("owner"), rec.Version())
		}
		var before, after, who string
		if err := s.Reader().QueryRowContext(ctx, `SELECT before_json, after_json, actor_email FROM audit_log WHERE entity_id = ? AND action = 'update'`, a).
			Scan(&before, &after, &who); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(before, `"status":"new"`) || !strings.Contains(after, `"status":"interview"`) || who != "radha@example.org" {
			t.Fatalf("audit: %s -> %s by %s", before, after, who)
		}
		// A stale version changes nothing.
		if _, err := s.AdminUpdate(ctx, tab, a, 0, actor, staffSet(map[string]any{"status": "active"})); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("stale version: %v", err)
		}

		// Filters: the status, the owner, paged and counted like any list.
		count := func(filters map[string]string) int {
			n, err := s.AdminCount(ctx, tab, store.AdminQuery{Filters: filters})
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		if n := count(map[string]string{"status": "new"}); n != 2 {
			t.Errorf("new volunteers: %d", n)
		}
		if n := count(map[string]string{"assigneeId": admin}); n != 1 {
			t.Errorf("volunteers of the admin: %d", n)
		}
		if n := count(map[string]string{"assigneeId": ""}); n != 2 {
			t.Errorf("volunteers of nobody: %d", n)
		}
		if got := storetest.ListNames(t, s, "volunteers", store.AdminQuery{Filters: map[string]string{"status": "new"}, Page: 1, PageSize: 1}); len(got) != 1 || got[0] != "Chandra" {
			t.Errorf("first page of new: %v", got)
		}
		// The owner's name is read from the users table: no index can
		// order the list by it, so the list does not offer that sort.
		if err := s.AdminList(ctx, tab, store.AdminQuery{Sort: "-owner"}, func(*store.Record) error { return nil }); !errors.Is(err, store.ErrBadSort) {
			t.Errorf("sorted by owner: %v", err)
		}
		// A selection: just the rows picked.
		if got := storetest.ListNames(t, s, "volunteers", store.AdminQuery{Filters: map[string]string{store.FilterIDs: a + "," + b}}); len(got) != 2 {
			t.Errorf("selection: %v", got)
		}

		// Contact messages start new and keep what the person wrote.
		m := &store.ContactMessage{Name: "Gopal", Email: "gopal@example.org", Subject: "Hello", Message: "Please call", AcceptTerms: true}
		if err := store.InsertContactMessage(ctx, s.Writer(), m, time.UnixMilli(4000)); err != nil {
			t.Fatal(err)
		}
		mt := store.AdminTabByName("messages")
		mr, err := s.AdminUpdate(ctx, mt, m.ID, 0, actor, staffSet(map[string]any{"status": "closed", "message": "changed"}))
		if err != nil {
			t.Fatal(err)
		}
		if mr.Get("status") != "closed" || mr.Get("message") != "Please call" {
			t.Fatalf("message after the edit: %v %v", mr.Get("status"), mr.Get("message"))
		}
		// Disciples keep their confirmation state and get a follow-up.
		if f := store.AdminTabByName("disciples").Field("followUp"); f == nil || !f.Editable {
			t.Fatalf("disciples have no editable follow-up")
		}
	})
}

func TestStaffNotesAreListedNewestFirstAndSearched(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		s.SetClock(storetest.NewClock(time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC), time.Second).Now)
		admin := staffUser(t, s, "Radha", "radha@example.org", true)
		actor := store.Actor{ID: admin, Email: "radha@example.org"}
		a := storetest.SeedVolunteer(t, s.Writer(), "Asha", "asha@example.org", "", 1000)
		storetest.SeedVolunteer(t, s.Writer(), "Bala", "bala@example.org", "", 2000)
		tab := store.AdminTabByName("volunteers")
		if _, err := s.AddNote(ctx, tab, a, actor, "Called on Tuesday"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.AddNote(ctx, tab, a, actor, "Will visit Vrindavan in March"); err != nil {
			t.Fatal(err)
		}
		notes, err := s.Notes(ctx, tab, a)
		if err != nil {
			t.Fatal(err)
		}
		if len(notes) != 2 || notes[0].Body != "Will visit Vrindavan in March" || notes[1].AuthorEmail != "radha@example.org" {
			t.Fatalf("notes: %+v", notes)
		}
		if n := staffAuditCount(t, s, "note", a); n != 2 {
			t.Errorf("notes in the audit log: %d", n)
		}
		// No record: no note.
		if _, err := s.AddNote(ctx, tab, store.NewID(time.Now()), actor, "x"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("note on a missing record: %v", err)
		}
		// The list search finds a record by its notes (also past the
		// search index), and not another.
		for _, q := range []store.AdminQuery{{Search: "vrindavan"}, {Search: "vrindavan", Sort: "fullName"}, {Search: "tu"}} {
			if got := storetest.ListNames(t, s, "volunteers", q); len(got) != 1 || got[0] != "Asha" {
				t.Errorf("search %+v: %v", q, got)
			}
			if n, err := s.AdminCount(ctx, tab, q); err != nil || n != 1 {
				t.Errorf("count %+v: %d %v", q, n, err)
			}
		}
		if got := storetest.ListNames(t, s, "volunteers", store.AdminQuery{Search: "bala"}); len(got) != 1 || got[0] != "Bala" {
			t.Errorf("search by name: %v", got)
		}
	})
}

func TestStaffReplyMovesNewToAnswered(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		admin := staffUser(t, s, "Radha", "radha@example.org", true)
		actor := store.Actor{ID: admin, Email: "radha@example.org"}
		m := &store.ContactMessage{Name: "Gopal", Email: "gopal@example.org", Subject: "Hello", Message: "Please call", AcceptTerms: true}
		if err := store.InsertContactMessage(ctx, s.Writer(), m, time.UnixMilli(4000)); err != nil {
			t.Fatal(err)
		}
		tab := store.AdminTabByName("messages")
		send := func(tx *store.Tx, rec *store.Record) (store.Reply, error) {
			return store.Reply{OutboxID: "no-such-mail", To: rec.Get("email").(string), Subject: "Re", Body: "Thank you"}, nil
		}
		r, rec, err := s.StaffReply(ctx, tab, m.ID, actor, send)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Get("status") != "answered" || rec.Version() != 1 || r.To != "gopal@example.org" {
			t.Fatalf("after the reply: %v v%d %+v", rec.Get("status"), rec.Version(), r)
		}
		// A second reply leaves the status alone.
		if _, rec, err = s.StaffReply(ctx, tab, m.ID, actor, send); err != nil || rec.Get("status") != "answered" || rec.Version() != 1 {
			t.Fatalf("second reply: %v %v", rec, err)
		}
		if n := staffAuditCount(t, s, "reply", m.ID); n != 2 {
			t.Errorf("replies in the audit log: %d", n)
		}
		list, err := s.Replies(ctx, tab, m.ID)
		if err != nil || len(list) != 2 || list[0].Body != "Thank you" {
			t.Fatalf("replies: %+v %v", list, err)
		}
		// A refused send leaves nothing behind.
		refused := errors.New("refused")
		if _, _, err := s.StaffReply(ctx, tab, m.ID, actor, func(*store.Tx, *store.Record) (store.Reply, error) { return store.Reply{}, refused }); !errors.Is(err, refused) {
			t.Fatal(err)
		}
		if list, _ := s.Replies(ctx, tab, m.ID); len(list) != 2 {
			t.Fatalf("a refused reply was recorded")
		}
		// Unsubscribing is recorded once and takes the address off the
		// coming-soon list.
		if _, err := s.AddSubscriber(ctx, "gopal@example.org"); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			if err := s.Unsubscribe(ctx, "Gopal@Example.org"); err != nil {
				t.Fatal(err)
			}
		}
		if gone, err := store.Unsubscribed(ctx, s.Reader(), "gopal@example.org"); err != nil || !gone {
			t.Fatalf("unsubscribed: %v %v", gone, err)
		}
		if subs, _ := s.Subscribers(ctx); len(subs) != 0 {
			t.Fatalf("still subscribed: %v", subs)
		}
	})
}

func TestStaffPrefsSeenAndSigningKey(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		clock := storetest.NewClock(time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC), time.Millisecond)
		s.SetClock(clock.Now)
		admin := staffUser(t, s, "Radha", "radha@example.org", true)
		staffUser(t, s, "Visitor", "visitor@example.org", false)
		p, err := s.GetStaffPrefs(ctx, admin)
		if err != nil || p != store.DefaultStaffPrefs {
			t.Fatalf("default prefs: %+v %v", p, err)
		}
		if err := s.SetStaffPrefs(ctx, admin, store.StaffPrefs{Notify: store.NotifyImmediate, DigestAt: "07:30"}); err != nil {
			t.Fatal(err)
		}
		if p, _ := s.GetStaffPrefs(ctx, admin); p.Notify != store.NotifyImmediate || p.DigestAt != "07:30" {
			t.Fatalf("prefs: %+v", p)
		}
		if to, err := store.ImmediateAdmins(ctx, s.Reader()); err != nil || len(to) != 1 || to[0] != "radha@example.org" {
			t.Fatalf("immediate: %v %v", to, err)
		}
		staff, err := s.StaffMembers(ctx)
		if err != nil || len(staff) != 1 || staff[0].ID != admin {
			t.Fatalf("staff: %+v %v", staff, err)
		}
		if ok, _ := s.IsAdminID(ctx, admin); !ok {
			t.Fatal("the admin is not an admin")
		}

		storetest.SeedVolunteer(t, s.Writer(), "Asha", "asha@example.org", "", store.Millis(clock.Now()))
		counts, err := s.NewCounts(ctx, admin)
		if err != nil || counts["volunteers"] != 1 {
			t.Fatalf("new counts: %v %v", counts, err)
		}
		// The newsletter's tab is counted though it has no workflow; a
		// tab of the site's own records (the audit log) is not.
		if _, ok := counts["subscribers"]; !ok {
			t.Fatalf("no count of new subscribers: %v", counts)
		}
		if _, ok := counts["audit"]; ok {
			t.Fatalf("the audit log is counted: %v", counts)
		}
		if err := s.MarkSeen(ctx, admin, "volunteers"); err != nil {
			t.Fatal(err)
		}
		if counts, _ = s.NewCounts(ctx, admin); counts["volunteers"] != 0 {
			t.Fatalf("after looking: %v", counts)
		}
		clock.Advance(time.Minute)
		storetest.SeedVolunteer(t, s.Writer(), "Bala", "bala@example.org", "", store.Millis(clock.Now()))
		if counts, _ = s.NewCounts(ctx, admin); counts["volunteers"] != 1 {
			t.Fatalf("one more: %v", counts)
		}

		k1, err := s.SigningKey(ctx, "unsubscribe")
		if err != nil {
			t.Fatal(err)
		}
		k2, _ := s.SigningKey(ctx, "unsubscribe")
		if len(k1) != 32 || string(k1) != string(k2) {
			t.Fatal("the signing key is not kept")
		}
	})
}

// The entity's status lists are what the dashboard offers.
func TestStaffStatusesPerKind(t *testing.T) {
	for name, want := range map[string][]string{
		"volunteers": entity.VolunteerStatuses, "hosts": entity.HostStatuses, "messages": entity.MessageStatuses, "disciples": entity.FollowUpStatuses,
	} {
		tab := store.AdminTabByName(name)
		f := tab.Def.StatusField()
		if f == nil || fmt.Sprint(f.Options) != fmt.Sprint(want) || f.Default != "new" {
			t.Errorf("%s: status field %+v", name, f)
		}
	}
}
