package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"spdc/internal/db"
	"spdc/internal/list"
)

// Erasure: when a person deletes their account, an admin deletes a person
// or a submission, or the retention job finds a record past its time, the
// personal data goes everywhere it lives, in one transaction: the record,
// the account's sessions, reset and verification links, the disciple
// confirmation links, the mail written to or about the person, the
// personal values the audit log kept of the record, and the search text.
// The search indexes' entries (in a file of their own on SQLite) go in
// the indexer's batch that afterErasure runs as soon as the erasure has
// committed. The audit log keeps that an erasure happened, who asked for
// it and when, never the erased data. Donation records are kept, because
// the law requires them for ten years: they are unlinked from the account
// and marked as kept by law (retained_at), and nothing else.
//
// Erasure finds the person by identity, never by matching text: the
// account's id, the address the account has verified, and the ids and
// references of the person's records. A record is the person's when it was
// made while signed in to the account or sent with the verified address
// (see Owner). Mail goes when it is addressed to the verified address,
// carries a link for the account or a record (link_ref), or is about one
// of the records (about_id, or a staff reply to it); the audit entries
// that go are those about the records, the account and that mail (by
// their id). Nothing of anyone else changes, whatever the person's name.
// The referrer directory is the admins' list of trusted authorities: an
// erasure never changes it (the record of the erasure says when the
// person's verified address is in it, for an admin to decide).
//
// A table added later that holds personal data joins the erasure in
// erasables (a submission table) or in EraseUserTx (anything else).

// erasable is a table of submissions that carry a person's data.
type erasable struct {
	table string
	// email is the column of the sender's address.
	email string
	// ref is the column of the reference the sender quotes ("" for none).
	ref string
	// also erases, before the row itself, what the table's own rows keep
	// elsewhere (nil for nothing).
	also func(ctx context.Context, q Querier, id string) error
}

// erasables lists every submission table, in the order erasure visits them.
var erasables = []erasable{
	{table: "volunteers", email: "email", ref: "ref"},
	{table: "hosts", email: "email", ref: "ref"},
	{table: "messages", email: "email", ref: "ref"},
	{table: "disciples", email: "disciple_email", ref: "ref", also: eraseDiscipleLinks},
	{table: "grievances", email: "email"},
}

func erasableTable(table string) *erasable {
	for i := range erasables {
		if erasables[i].table == table {
			return &erasables[i]
		}
	}
	return nil
}

// IsErasable reports whether rows of table are deleted through the erasure
// path (their mail and audit copies go with them).
func IsErasable(table string) bool { return erasableTable(table) != nil }

// Erasure is what one erasure removed, counted; it goes into the audit
// log's record of the erasure (counts only, no data).
type Erasure struct {
	Submissions int `json:"submissions"`
	Mail        int `json:"mail"`
	AuditScrub  int `json:"auditEntriesCleared"`
	Retained    int `json:"donationsKeptByLaw"`
	Subscribers int `json:"subscribers"`
	// Referrers counts the directory entries with the person's verified
	// address, which the erasure leaves for an admin to review.
	Referrers int `json:"referrerEntriesToReview"`
	Consents  int `json:"consents"`
}

// ErasedBySelf is the actor recorded when people erase their own account:
// their address is not kept, even in the record of the erasure.
var ErasedBySelf = Actor{ID: "", Email: "(the person, by their own request)"}

// ErasedByRetention is the actor recorded for the retention job.
var ErasedByRetention = Actor{ID: "", Email: "(retention schedule)"}

// identity is what an erasure knows the person by: the ids of the account
// and of their records (and of the mail it removes), the references of
// their records, the addresses whose every message is theirs, and the
// records' own addresses, for mail stored before messages named their
// record.
type identity struct {
	ids     []string
	refs    []string
	mailTo  []string
	ownAddr []string
	replies []string // outbox ids of the staff's replies to the records
	// account is the account's own address (verified or not), for the
	// mail the account itself caused (accountKinds).
	account string
	// kept are the ids of records kept by law (donations): the mail about
	// them goes, their audit entries stay.
	kept []string
}

func addUnique(list []string, v string) []string {
	if v == "" {
		return list
	}
	for _, x := range list {
		if x == v {
			return list
		}
	}
	return append(list, v)
}

func inList(col string, vals []string) (string, []any) {
	if len(vals) == 0 {
		return "1 = 0", nil
	}
	args := make([]any, len(vals))
	for i, v := range vals {
		args[i] = v
	}
	return col + " IN (" + strings.TrimSuffix(strings.Repeat("?, ", len(vals)), ", ") + ")", args
}

// collect reads the ids, references and addresses of the rows of e
// matching where into idn, with the outbox ids of the staff's replies to
// them, and returns the rows' ids.
func (e erasable) collect(ctx context.Context, q Querier, idn *identity, where string, args ...any) ([]string, error) {
	ref := "''"
	if e.ref != "" {
		ref = "COALESCE(" + e.ref + ", '')"
	}
	rows, err := q.QueryContext(ctx, "SELECT id, "+ref+", "+e.email+" FROM "+e.table+" WHERE "+where, args...)
	if err != nil {
		return nil, fmt.Errorf("store: erase: read %s: %w", e.table, err)
	}
	var ids []string
	for rows.Next() {
		var id, r, addr string
		if err := rows.Scan(&id, &r, &addr); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: erase: read %s: %w", e.table, err)
		}
		ids = append(ids, id)
		idn.ids = addUnique(idn.ids, id)
		idn.refs = addUnique(idn.refs, r)
		idn.ownAddr = addUnique(idn.ownAddr, strings.ToLower(strings.TrimSpace(addr)))
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: erase: read %s: %w", e.table, err)
	}
	if len(ids) > 0 {
		c, a := inList("record_id", ids)
		replies, err := queryIDs(ctx, q, `SELECT outbox_id FROM staff_replies WHERE entity = ? AND `+c, append([]any{e.table}, a...)...)
		if err != nil {
			return nil, fmt.Errorf("store: erase: read replies: %w", err)
		}
		for _, r := range replies {
			idn.replies = addUnique(idn.replies, r)
		}
	}
	return ids, nil
}

// recordKinds are the kinds of mail written to a record's own address
// about that record (a thank-you, news of a registration, a staff reply,
// an answer to a grievance): mail of these kinds stored before messages
// named their record goes with the record when it is addressed exactly to
// the record's address.
var recordKinds = []string{"acknowledgement", "disciple_confirmed", "disciple_declined", "disciple_rejected", "disciple_expired", "staff_reply", "grievance_answer"}

// accountKinds are the kinds of mail an account causes to be sent to its
// own address (links, sign-in alerts, notices, the staff digest, news of
// their roles, the alerts an admin is sent): they go
// with the account even when it never verified the address, since no one
// else's account holds that address.
var accountKinds = []string{"password_reset", "password_changed", "verify_email", "sign_in_attempts", "account_inactive", "staff_digest", "staff_roles", "ops_alert"}

// eraseMail deletes the outbox messages that are the person's (see the top
// of this file) and adds their ids to idn, for the audit entries about
// them. Attachments go with them.
func eraseMail(ctx context.Context, q Querier, idn *identity) (int, error) {
	var conds []string
	var args []any
	add := func(c string, a []any) {
		conds, args = append(conds, c), append(args, a...)
	}
	add(inList("lower(to_addr)", idn.mailTo))
	about := append(append([]string{}, idn.ids...), idn.kept...)
	add(inList("link_ref", about))
	add(inList("about_id", append(about, idn.refs...)))
	add(inList("id", idn.replies))
	if idn.account != "" {
		c, a := inList("kind", accountKinds)
		add("(lower(to_addr) = ? AND "+c+")", append([]any{idn.account}, a...))
	}
	if len(idn.ownAddr) > 0 {
		c1, a1 := inList("lower(to_addr)", idn.ownAddr)
		c2, a2 := inList("kind", recordKinds)
		add("(about_id = '' AND "+c1+" AND "+c2+")", append(a1, a2...))
	}
	ids, err := queryIDs(ctx, q, "SELECT id FROM outbox WHERE "+strings.Join(conds, " OR "), args...)
	if err != nil {
		return 0, fmt.Errorf("store: erase mail: %w", err)
	}
	for _, id := range ids {
		idn.ids = addUnique(idn.ids, id)
		if _, err := q.ExecContext(ctx, `DELETE FROM outbox_attachments WHERE outbox_id = ?`, id); err != nil {
			return 0, fmt.Errorf("store: erase mail: %w", err)
		}
		if _, err := q.ExecContext(ctx, `DELETE FROM outbox WHERE id = ?`, id); err != nil {
			return 0, fmt.Errorf("store: erase mail: %w", err)
		}
	}
	return len(ids), nil
}

// scrubAudit clears the recorded values of every audit entry about one of
// idn's ids (the account, the records, the mail removed): who did what and
// when stays, the data does not. Entries made by the account (actorID,
// "" for none) lose its address, and keep their values, which are about
// other people's records.
func scrubAudit(ctx context.Context, q Querier, idn *identity, actorID string) (int, error) {
	cond, args := inList("entity_id", idn.ids)
	res, err := q.ExecContext(ctx, `UPDATE audit_log SET before_json = '{}', after_json = '{"erased":true}' WHERE `+cond, args...)
	if err != nil {
		return 0, fmt.Errorf("store: erase audit: %w", err)
	}
	n, _ := res.RowsAffected()
	if actorID != "" {
		if _, err := q.ExecContext(ctx, `UPDATE audit_log SET actor_email = '(erased)' WHERE actor_id = ?`, actorID); err != nil {
			return 0, fmt.Errorf("store: erase audit: %w", err)
		}
	}
	return int(n), nil
}

// queryIDs runs query, which selects one text column, and returns its
// values.
func queryIDs(ctx context.Context, q Querier, query string, args ...any) ([]string, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// eraseRows deletes the rows of e with the given ids (their confirmation
// links and consent records go with them).
func eraseRows(ctx context.Context, q Querier, e erasable, ids []string) (int, error) {
	n := 0
	for _, id := range ids {
		if e.also != nil {
			if err := e.also(ctx, q, id); err != nil {
				return n, err
			}
		}
		if _, err := q.ExecContext(ctx, `DELETE FROM consents WHERE record_table = ? AND record_id = ?`, e.table, id); err != nil {
			return n, fmt.Errorf("store: erase consents: %w", err)
		}
		// The staff's notes on it and their replies to the person.
		for _, stmt := range []string{`DELETE FROM staff_notes WHERE entity = ? AND record_id = ?`, `DELETE FROM staff_replies WHERE entity = ? AND record_id = ?`} {
			if _, err := q.ExecContext(ctx, stmt, e.table, id); err != nil {
				return n, fmt.Errorf("store: erase staff notes and replies: %w", err)
			}
		}
		res, err := q.ExecContext(ctx, "DELETE FROM "+e.table+" WHERE id = ?", id)
		if err != nil {
			return n, fmt.Errorf("store: erase %s: %w", e.table, err)
		}
		k, _ := res.RowsAffected()
		n += int(k)
	}
	return n, nil
}

// recordErasure writes the audit log's record that an erasure happened.
func recordErasure(ctx context.Context, q Querier, by Actor, entity, id string, what Erasure, now time.Time) error {
	b, err := json.Marshal(what)
	if err != nil {
		return err
	}
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	return WriteAudit(ctx, q, AuditEntry{Actor: by, Action: "erase", Entity: entity, EntityID: id,
		Before: map[string]any{}, After: m}, now)
}

// EraseUser erases the account userID and everything held about its
// person (see the top of this file), recording who asked (by). It returns
// ErrNotFound when there is no such account.
func (s *Store) EraseUser(ctx context.Context, userID string, by Actor) (Erasure, error) {
	var out Erasure
	err := s.InTx(ctx, func(tx *Tx) error {
		var err error
		out, err = EraseUserTx(ctx, tx, userID, by, s.now())
		return err
	})
	if err == nil {
		s.afterErasure(ctx)
	}
	return out, err
}

// EraseUserTx is EraseUser inside the caller's transaction q.
func EraseUserTx(ctx context.Context, q Querier, userID string, by Actor, now time.Time) (Erasure, error) {
	var out Erasure
	u, err := scanUser(q.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`, userID))
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			return out, err
		}
		return out, fmt.Errorf("store: erase user: %w", err)
	}
	o := OwnerOf(u)
	idn := &identity{ids: []string{userID}, account: strings.ToLower(u.Email)}
	idn.mailTo = addUnique(idn.mailTo, o.Email)
	// Their submissions: made while signed in to the account, or sent with
	// the address it verified.
	found := map[string][]string{}
	for _, e := range erasables {
		cond, args := o.where(e.email)
		ids, err := e.collect(ctx, q, idn, cond, args...)
		if err != nil {
			return out, err
		}
		found[e.table] = ids
	}
	// Donations are kept by law; the mail about them (a receipt's copy)
	// is not the record and goes.
	cond, args := o.where("email")
	donations, err := queryIDs(ctx, q, `SELECT id FROM donations WHERE `+cond, args...)
	if err != nil {
		return out, fmt.Errorf("store: erase: read donations: %w", err)
	}
	idn.kept = donations
	if out.Mail, err = eraseMail(ctx, q, idn); err != nil {
		return out, err
	}
	for _, e := range erasables {
		n, err := eraseRows(ctx, q, e, found[e.table])
		if err != nil {
			return out, err
		}
		out.Submissions += n
	}
	if out.AuditScrub, err = scrubAudit(ctx, q, idn, userID); err != nil {
		return out, err
	}
	if len(donations) > 0 {
		c, a := inList("id", donations)
		res, err := q.ExecContext(ctx, `UPDATE donations SET user_id = NULL, retained_at = COALESCE(retained_at, ?), updated_at = ? WHERE `+c,
			append([]any{Millis(now), Millis(now)}, a...)...)
		if err != nil {
			return out, fmt.Errorf("store: erase: keep donations: %w", err)
		}
		n, _ := res.RowsAffected()
		out.Retained = int(n)
	}
	// The mailing list and its opt-outs hold an address only its owner
	// proved; an unverified account's address may be someone else's.
	if o.Email != "" {
		res, err := q.ExecContext(ctx, `DELETE FROM subscribers WHERE lower(email) = ?`, o.Email)
		if err != nil {
			return out, fmt.Errorf("store: erase subscribers: %w", err)
		}
		n, _ := res.RowsAffected()
		out.Subscribers = int(n)
		if _, err = q.ExecContext(ctx, `DELETE FROM unsubscribes WHERE lower(email) = ?`, o.Email); err != nil {
			return out, fmt.Errorf("store: erase unsubscribe: %w", err)
		}
		if _, err = q.ExecContext(ctx, `DELETE FROM unsubscribe_links WHERE email = ?`, o.Email); err != nil {
			return out, fmt.Errorf("store: erase unsubscribe links: %w", err)
		}
		if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM referrers WHERE lower(email) = ?`, o.Email).Scan(&out.Referrers); err != nil {
			return out, fmt.Errorf("store: erase: referrers: %w", err)
		}
	}
	res, err := q.ExecContext(ctx, `DELETE FROM consents WHERE user_id = ?`, userID)
	if err != nil {
		return out, fmt.Errorf("store: erase consents: %w", err)
	}
	n, _ := res.RowsAffected()
	out.Consents = int(n)
	// An admin's traces in the staff's work: their choices, what they last
	// saw, the submissions they owned (now nobody's), and their address on
	// the notes and replies they wrote (who wrote them stays as an id).
	for _, stmt := range []string{
		`DELETE FROM staff_prefs WHERE user_id = ?`,
		`DELETE FROM staff_seen WHERE user_id = ?`,
		`UPDATE staff_notes SET author_email = '' WHERE author_id = ?`,
		`UPDATE staff_replies SET author_email = '' WHERE author_id = ?`,
		`UPDATE volunteers SET assignee_id = '' WHERE assignee_id = ?`,
		`UPDATE hosts SET assignee_id = '' WHERE assignee_id = ?`,
		`UPDATE messages SET assignee_id = '' WHERE assignee_id = ?`,
		`UPDATE disciples SET assignee_id = '' WHERE assignee_id = ?`,
	} {
		if _, err := q.ExecContext(ctx, stmt, userID); err != nil {
			return out, fmt.Errorf("store: erase staff traces: %w", err)
		}
	}
	for _, stmt := range []string{
		`DELETE FROM nominees WHERE user_id = ?`,
		`DELETE FROM sessions WHERE user_id = ?`,
		`DELETE FROM password_resets WHERE user_id = ?`,
		`DELETE FROM email_verifications WHERE user_id = ?`,
		`DELETE FROM users WHERE id = ?`,
	} {
		if _, err := q.ExecContext(ctx, stmt, userID); err != nil {
			return out, fmt.Errorf("store: erase user: %w", err)
		}
	}
	return out, recordErasure(ctx, q, by, "users", userID, out, now)
}

// EraseRecord erases one submission (table one of the erasable tables):
// the row, its confirmation links, its consent record, the mail about it
// and the audit log's copies of it, recording who asked (by). It returns
// ErrNotFound when there is no such row.
func (s *Store) EraseRecord(ctx context.Context, table, id string, by Actor) error {
	err := s.InTx(ctx, func(tx *Tx) error {
		return EraseRecordTx(ctx, tx, table, id, by, s.now())
	})
	if err == nil {
		s.afterErasure(ctx)
	}
	return err
}

// EraseRecordTx is EraseRecord inside the caller's transaction q. Only
// the mail about the record goes (by its id and reference), never other
// mail to its address, which may be an account's own.
func EraseRecordTx(ctx context.Context, q Querier, table, id string, by Actor, now time.Time) error {
	e := erasableTable(table)
	if e == nil {
		return fmt.Errorf("store: %s is not an erasable table", table)
	}
	idn := &identity{}
	ids, err := e.collect(ctx, q, idn, "id = ?", id)
	if err != nil {
		return err
	}
	if len(ids) == 0 {
		return ErrNotFound
	}
	var out Erasure
	if out.Mail, err = eraseMail(ctx, q, idn); err != nil {
		return err
	}
	if out.Submissions, err = eraseRows(ctx, q, *e, ids); err != nil {
		return err
	}
	if out.AuditScrub, err = scrubAudit(ctx, q, idn, ""); err != nil {
		return err
	}
	return recordErasure(ctx, q, by, table, id, out, now)
}

// afterErasure makes the erased data unreadable in the database files
// themselves, not only through SQL (see db.ScrubAfterErasure). A failure
// here is not the erasure's: it has committed.
func (s *Store) afterErasure(ctx context.Context) { scrubErased(ctx, s.DB) }

// scrubErased scrubs the erased tables' data from the database files
// (the list engine's Deleted hook of the erasable tabs).
func scrubErased(ctx context.Context, d *db.DB) { d.ScrubAfterErasure(ctx, erasedSearchTables) }

// erasureHooks are the list engine's rules for an erasable table: a
// delete from the dashboard erases the record (EraseRecordTx), then
// scrubs it from the files.
func erasureHooks(h *list.Hooks, table string) {
	h.Delete = func(ctx context.Context, tx *Tx, id string, actor Actor, now time.Time) error {
		return EraseRecordTx(ctx, tx, table, id, actor, now)
	}
	h.Deleted = scrubErased
}

// EraseEndedDisciples erases, through the erasure path, the disciple
// requests that were declined, rejected or expired before cutoff (their
// last change is when they ended), at most limit of them, recording the
// retention schedule as who asked. It returns how many it erased.
func (s *Store) EraseEndedDisciples(ctx context.Context, cutoff time.Time, limit int) (int, error) {
	return s.eraseEnded(ctx, "disciples", "status IN ('declined', 'rejected', 'expired')", cutoff, limit)
}

// EraseAnsweredMessages erases, the same way, the contact messages the
// staff marked answered or closed before cutoff.
func (s *Store) EraseAnsweredMessages(ctx context.Context, cutoff time.Time, limit int) (int, error) {
	return s.eraseEnded(ctx, "messages", "status IN ('answered', 'closed')", cutoff, limit)
}

// eraseEnded erases at most limit rows of table in the ended state cond
// whose last change is before cutoff.
func (s *Store) eraseEnded(ctx context.Context, table, cond string, cutoff time.Time, limit int) (int, error) {
	ids, err := queryIDs(ctx, s.Reader(), `SELECT id FROM `+table+` WHERE `+cond+` AND updated_at < ?
		ORDER BY updated_at, id LIMIT ?`, Millis(cutoff), limit)
	if err != nil {
		return 0, fmt.Errorf("store: ended %s: %w", table, err)
	}
	n := 0
	for _, id := range ids {
		err := s.InTx(ctx, func(tx *Tx) error {
			// Checked again inside the transaction: another instance may
			// have erased it, or it has moved on since.
			var k int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+table+` WHERE id = ? AND `+cond+` AND updated_at < ?`,
				id, Millis(cutoff)).Scan(&k); err != nil || k == 0 {
				return err
			}
			n++
			return EraseRecordTx(ctx, tx, table, id, ErasedByRetention, s.now())
		})
		if err != nil {
			return n, err
		}
	}
	if n > 0 {
		s.afterErasure(ctx)
	}
	return n, nil
}

// erasedSearchTables are the tables whose rows an erasure deletes, and so
// whose search indexes it rewrites (a disciple's care record goes with the
// registration).
var erasedSearchTables = []string{"users", "volunteers", "hosts", "messages", "disciples", "grievances", "care_records"}
