package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"strings"
	"time"
)

// Erasure: when a person deletes their account, an admin deletes a person
// or a submission, or the retention job finds a record past its time, the
// personal data goes everywhere it lives, in one transaction: the record,
// the account's sessions and reset links, the disciple confirmation links,
// the mail written to or about the person, the copies the audit log kept of
// the record, and the search text. The search indexes' entries (in a file
// of their own on SQLite) go in the indexer's batch that afterErasure runs
// as soon as the erasure has committed. The audit log keeps that an
// erasure happened, who asked for it and when, never the erased data.
// Donation records are kept, because the law requires them for ten
// years: they are unlinked from the account and marked as kept by law
// (retained_at), and nothing else.
//
// A table added later that holds personal data joins the erasure in
// erasables (a submission table) or in eraseSubject (anything else).

// erasable is a table of submissions that carry a person's data.
type erasable struct {
	table string
	// email, phone and name are the columns that identify the sender, for
	// finding the mail and audit entries about them.
	email, phone, name string
	// extra lists columns whose values also appear in mail about the
	// record (the initiated name of a disciple).
	extra []string
}

// erasables lists every submission table, in the order erasure visits them.
var erasables = []erasable{
	{table: "volunteers", email: "email", phone: "mobile", name: "full_name"},
	{table: "hosts", email: "email", phone: "contact_number", name: "full_name", extra: []string{"initiated_name"}},
	{table: "messages", email: "email", phone: "phone", name: "name"},
	{table: "disciples", email: "disciple_email", phone: "contact_number", name: "full_name", extra: []string{"initiation_name"}},
	{table: "grievances", email: "email", phone: "phone", name: "name"},
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
	Referrers   int `json:"referrers"`
	Consents    int `json:"consents"`
}

// ErasedBySelf is the actor recorded when people erase their own account:
// their address is not kept, even in the record of the erasure.
var ErasedBySelf = Actor{ID: "", Email: "(the person, by their own request)"}

// ErasedByRetention is the actor recorded for the retention job.
var ErasedByRetention = Actor{ID: "", Email: "(retention schedule)"}

// terms collects the strings that identify a person (addresses, phone
// numbers, names) for finding copies of their data in mail and the audit
// log. Short names are left out: a three-letter name would match words in
// other people's mail.
type terms struct {
	ids    []string
	emails []string
	words  []string
}

const minNameMatch = 5

func (t *terms) addID(id string) {
	if id != "" {
		t.ids = append(t.ids, id)
	}
}

func (t *terms) addEmail(e string) {
	e = strings.ToLower(strings.TrimSpace(e))
	if e == "" {
		return
	}
	for _, x := range t.emails {
		if x == e {
			return
		}
	}
	t.emails = append(t.emails, e)
	t.addWord(e)
}

func (t *terms) addWord(w string) {
	w = strings.ToLower(strings.TrimSpace(w))
	if len([]rune(w)) < minNameMatch {
		return
	}
	for _, x := range t.words {
		if x == w {
			return
		}
	}
	t.words = append(t.words, w)
	// Mail bodies in HTML carry the text escaped.
	if esc := strings.ToLower(html.EscapeString(w)); esc != w {
		t.words = append(t.words, esc)
	}
	// JSON (the audit log) escapes <, > and & as \u003c… and quotes.
	if b, err := json.Marshal(w); err == nil {
		if j := strings.ToLower(string(b[1 : len(b)-1])); j != w {
			t.words = append(t.words, j)
		}
	}
}

// likeAny is a condition true when one of cols contains one of words,
// ignoring case, with its arguments.
func likeAny(cols []string, words []string) (string, []any) {
	var conds []string
	var args []any
	for _, c := range cols {
		for _, w := range words {
			conds = append(conds, "lower("+c+") LIKE ? ESCAPE '\\'")
			args = append(args, "%"+escapeLike(w)+"%")
		}
	}
	if len(conds) == 0 {
		return "1 = 0", nil
	}
	return "(" + strings.Join(conds, " OR ") + ")", args
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

// collect reads the identifying values of the rows of e matching where.
func (e erasable) collect(ctx context.Context, q Querier, t *terms, where string, args ...any) ([]string, error) {
	cols := append([]string{"id", e.email, e.phone, e.name}, e.extra...)
	rows, err := q.QueryContext(ctx, "SELECT "+strings.Join(cols, ", ")+" FROM "+e.table+" WHERE "+where, args...)
	if err != nil {
		return nil, fmt.Errorf("store: erase: read %s: %w", e.table, err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		vals := make([]string, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, fmt.Errorf("store: erase: read %s: %w", e.table, err)
		}
		ids = append(ids, vals[0])
		t.addID(vals[0])
		t.addEmail(vals[1])
		for _, v := range vals[2:] {
			t.addWord(v)
		}
	}
	return ids, rows.Err()
}

// eraseMail deletes the outbox messages addressed to one of t's emails
// (when too is set), linked to one of its records, or whose subject or body
// names the person. Attachments go with them (ON DELETE CASCADE).
func eraseMail(ctx context.Context, q Querier, t *terms, to bool) (int, error) {
	var conds []string
	var args []any
	if to {
		c, a := inList("lower(to_addr)", t.emails)
		c2, a2 := inList("lower(reply_to)", t.emails)
		conds, args = append(conds, c, c2), append(append(args, a...), a2...)
	}
	c, a := inList("link_ref", t.ids)
	conds, args = append(conds, c), append(args, a...)
	c, a = likeAny([]string{"subject", "text_body", "html_body"}, t.words)
	conds, args = append(conds, c), append(args, a...)
	// Their ids first, for the audit entries about them (a retried mail).
	ids, err := queryIDs(ctx, q, "SELECT id FROM outbox WHERE "+strings.Join(conds, " OR "), args...)
	if err != nil {
		return 0, fmt.Errorf("store: erase mail: %w", err)
	}
	for _, id := range ids {
		t.addID(id)
		if _, err := q.ExecContext(ctx, `DELETE FROM outbox_attachments WHERE outbox_id = ?`, id); err != nil {
			return 0, fmt.Errorf("store: erase mail: %w", err)
		}
		if _, err := q.ExecContext(ctx, `DELETE FROM outbox WHERE id = ?`, id); err != nil {
			return 0, fmt.Errorf("store: erase mail: %w", err)
		}
	}
	return len(ids), nil
}

// scrubAudit clears the recorded fields of every audit entry about one of
// t's records, made by the person, or whose fields name them: who did what
// and when stays, the data does not. An entry made by the person loses
// its address.
func scrubAudit(ctx context.Context, q Querier, t *terms, actorID string) (int, error) {
	c1, a1 := inList("entity_id", t.ids)
	c2, a2 := likeAny([]string{"before_json", "after_json", "actor_email"}, t.words)
	cond := c1 + " OR " + c2
	args := append(a1, a2...)
	if actorID != "" {
		cond += " OR actor_id = ?"
		args = append(args, actorID)
	} else {
		actorID = "-" // no account: no entry's actor is the person
	}
	res, err := q.ExecContext(ctx, `UPDATE audit_log SET before_json = '{}', after_json = '{"erased":true}',
		actor_email = CASE WHEN actor_id = ? THEN '(erased)' ELSE actor_email END
		WHERE `+cond, append([]any{actorID}, args...)...)
	if err != nil {
		return 0, fmt.Errorf("store: erase audit: %w", err)
	}
	n, _ := res.RowsAffected()
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
		if e.table == "disciples" {
			if _, err := q.ExecContext(ctx, `DELETE FROM disciple_tokens WHERE disciple_id = ?`, id); err != nil {
				return n, fmt.Errorf("store: erase disciple links: %w", err)
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
	var email, mobile, name, address string
	err := q.QueryRowContext(ctx, `SELECT email, COALESCE(mobile, ''), full_name, address FROM users WHERE id = ?`, userID).
		Scan(&email, &mobile, &name, &address)
	if errors.Is(err, sql.ErrNoRows) {
		return out, ErrNotFound
	}
	if err != nil {
		return out, fmt.Errorf("store: erase user: %w", err)
	}
	t := &terms{}
	t.addID(userID)
	t.addEmail(email)
	t.addWord(mobile)
	t.addWord(name)
	// Their submissions: linked to the account, or sent from its address
	// before the account existed or while signed out.
	lowEmail := strings.ToLower(email)
	found := map[string][]string{}
	for _, e := range erasables {
		ids, err := e.collect(ctx, q, t, "user_id = ? OR lower("+e.email+") = ?", userID, lowEmail)
		if err != nil {
			return out, err
		}
		found[e.table] = ids
	}
	for _, e := range erasables {
		n, err := eraseRows(ctx, q, e, found[e.table])
		if err != nil {
			return out, err
		}
		out.Submissions += n
	}
	if out.Mail, err = eraseMail(ctx, q, t, true); err != nil {
		return out, err
	}
	if out.AuditScrub, err = scrubAudit(ctx, q, t, userID); err != nil {
		return out, err
	}
	// Donations are kept by law: unlinked and marked, not erased.
	res, err := q.ExecContext(ctx, `UPDATE donations SET user_id = NULL, retained_at = COALESCE(retained_at, ?), updated_at = ?
		WHERE user_id = ? OR (lower(email) = ? AND email <> '')`, Millis(now), Millis(now), userID, lowEmail)
	if err != nil {
		return out, fmt.Errorf("store: erase: keep donations: %w", err)
	}
	n, _ := res.RowsAffected()
	out.Retained = int(n)
	if res, err = q.ExecContext(ctx, `DELETE FROM subscribers WHERE lower(email) = ?`, lowEmail); err != nil {
		return out, fmt.Errorf("store: erase subscribers: %w", err)
	}
	n, _ = res.RowsAffected()
	out.Subscribers = int(n)
	if res, err = q.ExecContext(ctx, `DELETE FROM referrers WHERE lower(email) = ?`, lowEmail); err != nil {
		return out, fmt.Errorf("store: erase referrers: %w", err)
	}
	n, _ = res.RowsAffected()
	out.Referrers = int(n)
	if res, err = q.ExecContext(ctx, `DELETE FROM consents WHERE user_id = ?`, userID); err != nil {
		return out, fmt.Errorf("store: erase consents: %w", err)
	}
	n, _ = res.RowsAffected()
	out.Consents = int(n)
	if _, err = q.ExecContext(ctx, `DELETE FROM unsubscribes WHERE lower(email) = ?`, lowEmail); err != nil {
		return out, fmt.Errorf("store: erase unsubscribe: %w", err)
	}
	if _, err = q.ExecContext(ctx, `DELETE FROM unsubscribe_links WHERE email = ?`, lowEmail); err != nil {
		return out, fmt.Errorf("store: erase unsubscribe links: %w", err)
	}
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

// EraseRecordTx is EraseRecord inside the caller's transaction q.
func EraseRecordTx(ctx context.Context, q Querier, table, id string, by Actor, now time.Time) error {
	e := erasableTable(table)
	if e == nil {
		return fmt.Errorf("store: %s is not an erasable table", table)
	}
	t := &terms{}
	ids, err := e.collect(ctx, q, t, "id = ?", id)
	if err != nil {
		return err
	}
	if len(ids) == 0 {
		return ErrNotFound
	}
	var out Erasure
	if out.Submissions, err = eraseRows(ctx, q, *e, ids); err != nil {
		return err
	}
	// Mail about the record, and mail to its sender's address unless the
	// address is an account's (whose own mail, a password reset, is not
	// this record's).
	to := true
	for _, em := range t.emails {
		var n int
		if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE lower(email) = ?`, em).Scan(&n); err != nil {
			return fmt.Errorf("store: erase: %w", err)
		}
		if n > 0 {
			to = false
		}
	}
	if out.Mail, err = eraseMail(ctx, q, t, to); err != nil {
		return err
	}
	if out.AuditScrub, err = scrubAudit(ctx, q, t, ""); err != nil {
		return err
	}
	return recordErasure(ctx, q, by, table, id, out, now)
}

// afterErasure makes the erased data unreadable in the database files
// themselves, not only through SQL: on SQLite, the erased rows leave the
// full-text indexes at once (their deletes were logged; the batch applies
// them, and FTS5's secure-delete removes their entries from the index
// pages), both writers zero freed content (secure_delete), and a
// checkpoint of each file moves its write-ahead log into it and leaves no
// copy behind. PostgreSQL reclaims dead rows with its own vacuum. A
// failure here is not the erasure's: it has committed.
func (s *Store) afterErasure(ctx context.Context) {
	if s.dialect != SQLite {
		return
	}
	_ = s.IndexSearch(ctx)
	s.ckMu.Lock()
	defer s.ckMu.Unlock()
	_, _ = s.w.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
	_, _ = s.sw.ExecContext(ctx, "PRAGMA main.wal_checkpoint(TRUNCATE)")
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
