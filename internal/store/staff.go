package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"time"

	"spdc/internal/entity"
	"spdc/internal/i18n"
	"spdc/internal/list"
)

// The staff's follow-up of submissions: each staffed tab (volunteers,
// hosts, messages, disciples) lists its status and owner like any other
// column and filters by both; notes and replies hang off a record by its
// table and id (so a disciple registration keeps them when it moves from
// the pending tab to the confirmed one).

// staffTab readies a staffed tab: the owner's name is read from the
// owner's id, and the list filters by the status and by the owner.
func staffTab(t *AdminTab) {
	if t.Def == nil || !t.Def.Staffed() {
		return
	}
	if f := t.Field(entity.OwnerKey); f != nil {
		f.Expr = "COALESCE((SELECT u.full_name FROM users u WHERE u.id = " + t.Table + ".assignee_id), '')"
	}
	if sf := t.Def.StatusField(); sf != nil {
		t.FilterKeys = append(t.FilterKeys, sf.Key)
	}
	t.FilterKeys = append(t.FilterKeys, entity.AssigneeKey)
	// A record is also found by the text of its notes.
	t.Hooks.NotesCond = notesCond(t.Table)
	t.Hooks.NotesMatch = func(ctx context.Context, q Querier, term string) bool { return notesMatch(ctx, q, t.Table, term) }
}

// NoteMaxLen is the longest note, in characters.
const NoteMaxLen = 2000

// Note is one internal note on a submission.
type Note struct {
	ID          string    `json:"_id"`
	AuthorID    string    `json:"authorId"`
	AuthorEmail string    `json:"author"`
	Body        string    `json:"body"`
	CreatedAt   time.Time `json:"createdAt"`
}

// notesCond selects the rows of table with a note holding the (LIKE) term.
func notesCond(table string) string {
	return "id IN (SELECT record_id FROM staff_notes WHERE entity = '" + table + `' AND lower(body) LIKE ? ESCAPE '\')`
}

// notesMatch reports whether some note of the tab holds term: only then
// does the search also look through the notes (so a search that no note
// answers keeps using the search index alone, on both databases).
func notesMatch(ctx context.Context, q Querier, table, term string) bool {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM staff_notes WHERE entity = ? AND lower(body) LIKE ? ESCAPE '\'`,
		table, "%"+list.EscapeLike(term)+"%").Scan(&n)
	return err != nil || n > 0
}

// AddNote saves a note by actor on the record id of t, newest on top, and
// records it in the audit log. ErrNotFound when there is no such record.
func (s *Store) AddNote(ctx context.Context, t *AdminTab, id string, actor Actor, body string) (Note, error) {
	var n Note
	err := s.InTx(ctx, func(tx *Tx) error {
		now := s.now()
		if _, err := t.Get(ctx, tx, id); err != nil {
			return err
		}
		n = Note{ID: NewID(now), AuthorID: actor.ID, AuthorEmail: actor.Email, Body: body, CreatedAt: now.UTC().Truncate(time.Millisecond)}
		if _, err := tx.ExecContext(ctx, `INSERT INTO staff_notes (id, entity, record_id, author_id, author_email, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			n.ID, t.Table, id, actor.ID, actor.Email, body, Millis(now)); err != nil {
			return fmt.Errorf("store: add note: %w", err)
		}
		return WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: "note", Entity: t.Entity, EntityID: id,
			Before: map[string]any{}, After: map[string]any{"note": body}}, now)
	})
	return n, err
}

// Notes lists the notes of the record id of t, newest first.
func (s *Store) Notes(ctx context.Context, t *AdminTab, id string) ([]Note, error) {
	rows, err := s.Reader().QueryContext(ctx, `SELECT id, author_id, author_email, body, created_at FROM staff_notes
		WHERE entity = ? AND record_id = ? ORDER BY created_at DESC, id DESC`, t.Table, id)
	if err != nil {
		return nil, fmt.Errorf("store: notes: %w", err)
	}
	defer rows.Close()
	out := []Note{}
	for rows.Next() {
		var n Note
		var created int64
		if err := rows.Scan(&n.ID, &n.AuthorID, &n.AuthorEmail, &n.Body, &created); err != nil {
			return nil, fmt.Errorf("store: notes: %w", err)
		}
		n.CreatedAt = FromMillis(created)
		out = append(out, n)
	}
	return out, rows.Err()
}

// Reply is one mail written to the person from the dashboard, with the
// state of its outbox row (pending, sent, failed).
type Reply struct {
	ID          string    `json:"_id"`
	OutboxID    string    `json:"mailId"`
	AuthorEmail string    `json:"author"`
	To          string    `json:"to"`
	Subject     string    `json:"subject"`
	Body        string    `json:"body"`
	MailStatus  string    `json:"mailStatus"`
	CreatedAt   time.Time `json:"createdAt"`
}

// replyNext is the status a reply moves a new record to.
var replyNext = map[string]string{"messages": "answered", "volunteers": "contacted", "hosts": "contacted", "disciples": "contacted"}

// StaffReply records a reply by actor to the record id of t: send runs in
// the transaction with the record as stored, queues the mail and returns
// the reply with its outbox id. A record still new moves to its next
// status (a message becomes answered) with a new version and an audit
// entry. The reply itself is in the audit log too. It returns the reply
// and the record as saved.
func (s *Store) StaffReply(ctx context.Context, t *AdminTab, id string, actor Actor, send func(tx *Tx, rec *Record) (Reply, error)) (Reply, *Record, error) {
	var r Reply
	var out *Record
	err := s.InTx(ctx, func(tx *Tx) error {
		now := s.now()
		rec, err := t.Get(ctx, tx, id)
		if err != nil {
			return err
		}
		if r, err = send(tx, rec); err != nil {
			return err
		}
		r.ID, r.AuthorEmail, r.CreatedAt, r.MailStatus = NewID(now), actor.Email, now.UTC().Truncate(time.Millisecond), "pending"
		if _, err := tx.ExecContext(ctx, `INSERT INTO staff_replies (id, entity, record_id, outbox_id, author_id, author_email, to_addr, subject, body, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, r.ID, t.Table, id, r.OutboxID, actor.ID, actor.Email, r.To, r.Subject, r.Body, Millis(now)); err != nil {
			return fmt.Errorf("store: add reply: %w", err)
		}
		if err := WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: "reply", Entity: t.Entity, EntityID: id,
			Before: map[string]any{}, After: map[string]any{"to": r.To, "subject": r.Subject, "mailId": r.OutboxID}}, now); err != nil {
			return err
		}
		sf := t.Def.StatusField()
		next := replyNext[t.Table]
		if sf != nil && sf.Editable && next != "" && rec.Get(sf.Key) == entity.StatusNew {
			col := sf.Column()
			res, err := tx.ExecContext(ctx, "UPDATE "+t.Table+" SET "+col+" = ?, version = version + 1, updated_at = ? WHERE id = ? AND "+col+" = ?",
				next, Millis(now), id, entity.StatusNew)
			if err != nil {
				return fmt.Errorf("store: reply status: %w", err)
			}
			if n, _ := res.RowsAffected(); n == 1 {
				if err := WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: "update", Entity: t.Entity, EntityID: id,
					Before: map[string]any{sf.Key: entity.StatusNew}, After: map[string]any{sf.Key: next}}, now); err != nil {
					return err
				}
			}
		}
		out, err = t.Get(ctx, tx, id)
		return err
	})
	return r, out, err
}

// Replies lists the replies written to the record id of t, newest first.
func (s *Store) Replies(ctx context.Context, t *AdminTab, id string) ([]Reply, error) {
	rows, err := s.Reader().QueryContext(ctx, `SELECT r.id, r.outbox_id, r.author_email, r.to_addr, r.subject, r.body, COALESCE(o.status, 'removed'), r.created_at
		FROM staff_replies r LEFT JOIN outbox o ON o.id = r.outbox_id
		WHERE r.entity = ? AND r.record_id = ? ORDER BY r.created_at DESC, r.id DESC`, t.Table, id)
	if err != nil {
		return nil, fmt.Errorf("store: replies: %w", err)
	}
	defer rows.Close()
	out := []Reply{}
	for rows.Next() {
		var r Reply
		var created int64
		if err := rows.Scan(&r.ID, &r.OutboxID, &r.AuthorEmail, &r.To, &r.Subject, &r.Body, &r.MailStatus, &created); err != nil {
			return nil, fmt.Errorf("store: replies: %w", err)
		}
		r.CreatedAt = FromMillis(created)
		out = append(out, r)
	}
	return out, rows.Err()
}

// Unsubscribed reports whether email asked for no more mail.
func Unsubscribed(ctx context.Context, q Querier, email string) (bool, error) {
	var n int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM unsubscribes WHERE email = ?`, strings.ToLower(strings.TrimSpace(email))).Scan(&n); err != nil {
		return false, fmt.Errorf("store: unsubscribed: %w", err)
	}
	return n > 0, nil
}

// Unsubscribe records that email wants no more mail and takes it off the
// coming-soon list. Doing it twice changes nothing.
func (s *Store) Unsubscribe(ctx context.Context, email string) error {
	email = strings.ToLower(strings.TrimSpace(email))
	return s.InTx(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO unsubscribes (email, created_at) VALUES (?, ?) ON CONFLICT (email) DO NOTHING`, email, Millis(s.now())); err != nil {
			return fmt.Errorf("store: unsubscribe: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM subscribers WHERE email = ?`, email); err != nil {
			return fmt.Errorf("store: unsubscribe: %w", err)
		}
		return nil
	})
}

// AddUnsubscribeLink records, inside the caller's transaction, the link
// whose token hashes to tokenHash as the one that stops mail to email.
func AddUnsubscribeLink(ctx context.Context, q Querier, tokenHash, email string, now time.Time) error {
	if _, err := q.ExecContext(ctx, `INSERT INTO unsubscribe_links (token_hash, email, created_at) VALUES (?, ?, ?)`,
		tokenHash, strings.ToLower(strings.TrimSpace(email)), Millis(now)); err != nil {
		return fmt.Errorf("store: unsubscribe link: %w", err)
	}
	return nil
}

// UnsubscribeByLink unsubscribes the address of the link whose token
// hashes to tokenHash; it returns ErrNotFound for an unknown link. Opening
// a link twice changes nothing.
func (s *Store) UnsubscribeByLink(ctx context.Context, tokenHash string) error {
	var email string
	err := s.Reader().QueryRowContext(ctx, `SELECT email FROM unsubscribe_links WHERE token_hash = ?`, tokenHash).Scan(&email)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("store: unsubscribe link: %w", err)
	}
	return s.Unsubscribe(ctx, email)
}

// SigningKey returns the site's key of name, made at first use (the
// first instance to ask stores it; every other reads that one).
func (s *Store) SigningKey(ctx context.Context, name string) ([]byte, error) {
	var raw [32]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return nil, err
	}
	if _, err := s.Writer().ExecContext(ctx, `INSERT INTO signing_keys (name, secret, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING`,
		name, base64.StdEncoding.EncodeToString(raw[:]), Millis(s.now())); err != nil {
		return nil, fmt.Errorf("store: signing key: %w", err)
	}
	var enc string
	if err := s.Writer().QueryRowContext(ctx, `SELECT secret FROM signing_keys WHERE name = ?`, name).Scan(&enc); err != nil {
		return nil, fmt.Errorf("store: signing key: %w", err)
	}
	return base64.StdEncoding.DecodeString(enc)
}

// Notification choices of an admin.
const (
	NotifyImmediate = "immediate"
	NotifyDigest    = "digest"
)

// StaffPrefs is how an admin hears of new submissions.
type StaffPrefs struct {
	Notify   string `json:"notify"`   // immediate or digest
	DigestAt string `json:"digestAt"` // HH:MM in the site's time zone
}

// DefaultStaffPrefs: a daily digest at 08:00.
var DefaultStaffPrefs = StaffPrefs{Notify: NotifyDigest, DigestAt: "08:00"}

// GetStaffPrefs returns the admin's choice, or the default.
func (s *Store) GetStaffPrefs(ctx context.Context, userID string) (StaffPrefs, error) {
	p := DefaultStaffPrefs
	err := s.Reader().QueryRowContext(ctx, `SELECT notify, digest_at FROM staff_prefs WHERE user_id = ?`, userID).Scan(&p.Notify, &p.DigestAt)
	if err != nil && !isNoRows(err) {
		return p, fmt.Errorf("store: staff prefs: %w", err)
	}
	return p, nil
}

// SetStaffPrefs saves the admin's choice (already checked).
func (s *Store) SetStaffPrefs(ctx context.Context, userID string, p StaffPrefs) error {
	_, err := s.Writer().ExecContext(ctx, `INSERT INTO staff_prefs (user_id, notify, digest_at, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify, digest_at = excluded.digest_at, updated_at = excluded.updated_at`,
		userID, p.Notify, p.DigestAt, Millis(s.now()))
	if err != nil {
		return fmt.Errorf("store: set staff prefs: %w", err)
	}
	return nil
}

// ImmediateAdmins are the addresses of the admins who want a mail for
// each new submission.
func ImmediateAdmins(ctx context.Context, q Querier) ([]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT u.email FROM staff_prefs p JOIN users u ON u.id = p.user_id
		WHERE u.is_admin = ? AND p.notify = ? ORDER BY u.email`, true, NotifyImmediate)
	if err != nil {
		return nil, fmt.Errorf("store: immediate admins: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var e string
		if err := rows.Scan(&e); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// MarkSeen records that the admin looked at tab now.
func (s *Store) MarkSeen(ctx context.Context, userID, tab string) error {
	_, err := s.Writer().ExecContext(ctx, `INSERT INTO staff_seen (user_id, tab, seen_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id, tab) DO UPDATE SET seen_at = excluded.seen_at`, userID, tab, Millis(s.now()))
	if err != nil {
		return fmt.Errorf("store: mark seen: %w", err)
	}
	return nil
}

// NewCounts is, for each staffed tab, how many of its records arrived
// since the admin last looked at it (every record when they never did).
func (s *Store) NewCounts(ctx context.Context, userID string) (map[string]int, error) {
	seen := map[string]int64{}
	rows, err := s.Reader().QueryContext(ctx, `SELECT tab, seen_at FROM staff_seen WHERE user_id = ?`, userID)
	if err != nil {
		return nil, fmt.Errorf("store: new counts: %w", err)
	}
	for rows.Next() {
		var tab string
		var at int64
		if err := rows.Scan(&tab, &at); err != nil {
			rows.Close()
			return nil, err
		}
		seen[tab] = at
	}
	rows.Close()
	out := map[string]int{}
	for _, t := range adminTabs {
		if !t.CountsArrivals() {
			continue
		}
		n, err := countSince(ctx, s.Reader(), t, seen[t.Name])
		if err != nil {
			return nil, err
		}
		out[t.Name] = n
	}
	return out, nil
}

// countSince counts the tab's records created after since (unix ms).
func countSince(ctx context.Context, q Querier, t *AdminTab, since int64) (int, error) {
	where := "created_at > ?"
	if t.Filter != "" {
		where += " AND " + t.Filter
	}
	var n int
	if err := q.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+t.Table+" WHERE "+where, since).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: count since %s: %w", t.Name, err)
	}
	return n, nil
}

// countBetween counts the tab's records created in (since, until].
func countBetween(ctx context.Context, q Querier, t *AdminTab, since, until int64) (int, error) {
	where := "created_at > ? AND created_at <= ?"
	if t.Filter != "" {
		where += " AND " + t.Filter
	}
	var n int
	if err := q.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+t.Table+" WHERE "+where, since, until).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: count between %s: %w", t.Name, err)
	}
	return n, nil
}

// DigestAdmin is an admin who gets the daily digest.
type DigestAdmin struct {
	UserID, Email, Name string
	Language            string // the admin's language (en, hi, bn)
	DigestAt            string // HH:MM
	Day                 string // local day of the last digest sent
	Since               time.Time
}

// DigestAdmins lists the admins, and the owners of care records, who
// chose the digest (each of them without a choice yet gets the default
// first): an owner's digest tells them of their elders due for a contact
// or a reassessment.
func (s *Store) DigestAdmins(ctx context.Context) ([]DigestAdmin, error) {
	if _, err := s.Writer().ExecContext(ctx, `INSERT INTO staff_prefs (user_id, updated_at) SELECT id, ? FROM users u WHERE `+digestCond+`
		ON CONFLICT (user_id) DO NOTHING`, Millis(s.now()), true); err != nil {
		return nil, fmt.Errorf("store: digest admins: %w", err)
	}
	rows, err := s.Reader().QueryContext(ctx, `SELECT p.user_id, u.email, u.full_name, u.language, p.digest_at, p.digest_day, p.digest_since
		FROM staff_prefs p JOIN users u ON u.id = p.user_id WHERE `+digestCond+` AND p.notify = ? ORDER BY p.user_id`, true, NotifyDigest)
	if err != nil {
		return nil, fmt.Errorf("store: digest admins: %w", err)
	}
	defer rows.Close()
	var out []DigestAdmin
	for rows.Next() {
		var a DigestAdmin
		var since int64
		if err := rows.Scan(&a.UserID, &a.Email, &a.Name, &a.Language, &a.DigestAt, &a.Day, &since); err != nil {
			return nil, err
		}
		a.Since = FromMillis(since)
		out = append(out, a)
	}
	return out, rows.Err()
}

// digestCond, on users u, is an admin or the owner of a care record who
// still holds a role.
const digestCond = `(u.is_admin = ? OR EXISTS (SELECT 1 FROM care_records c WHERE c.owner_id = u.id)
	AND EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id))`

// ClaimDigest marks the admin's digest of day as sent, covering up to
// now, if it still is a.Day: false when another instance claimed it first.
func ClaimDigest(ctx context.Context, q Querier, a DigestAdmin, day string, now time.Time) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE staff_prefs SET digest_day = ?, digest_since = ? WHERE user_id = ? AND digest_day = ?`,
		day, Millis(now), a.UserID, a.Day)
	if err != nil {
		return false, fmt.Errorf("store: claim digest: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// TabCount is how many records of a tab arrived in some time.
type TabCount struct {
	Tab   string
	Title i18n.Msg // the tab's name in every language
	N     int
}

// NewSince counts each staffed tab's records created after since and up
// to until (the next digest starts from until, so none is counted twice
// or missed).
func NewSince(ctx context.Context, q Querier, since, until time.Time) ([]TabCount, error) {
	var out []TabCount
	for _, t := range adminTabs {
		if !t.Staffed() {
			continue
		}
		n, err := countBetween(ctx, q, t, Millis(since), Millis(until))
		if err != nil {
			return nil, err
		}
		out = append(out, TabCount{Tab: t.Name, Title: t.Def.TitleMsg, N: n})
	}
	return out, nil
}

// isNoRows reports a query that found nothing.
func isNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }
