package store

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// PersonalData is everything the program holds about one account, for
// the person's own copy: the account, each submission sent from it (whole,
// as the dashboard shows it), donations, consent records, the mail sent to
// its address and what admins did to its records.
type PersonalData struct {
	Account     *User
	Nominee     *Nominee
	Submissions []DataSection
	Consents    []Consent
	Mail        []MailSent
	Audit       []*Record
}

// DataSection is one kind of record (a dashboard tab) and the person's
// records of that kind.
type DataSection struct {
	Tab     *AdminTab
	Records []*Record
}

// MailSent is one message to the person's address, without its body
// (which may hold a one-time link, and is the person's own mail anyway).
type MailSent struct {
	ID        string
	Kind      string
	Subject   string
	Status    string
	CreatedAt time.Time
	SentAt    *time.Time
}

// exportTabs are the tabs whose records belong to an account through
// user_id, in the order the export lists them.
var exportTabs = []string{"volunteers", "pending-disciples", "disciples", "hosts", "messages", "donations"}

// PersonalDataOf gathers u's data. Only rows linked to u's account (or
// sent to its address) are read, so another person's data is never in it.
func (s *Store) PersonalDataOf(ctx context.Context, u *User) (*PersonalData, error) {
	out := &PersonalData{Account: u}
	q := s.Reader()
	var ids []string
	for _, name := range exportTabs {
		t := AdminTabByName(name)
		where := "user_id = ?"
		if t.filter != "" {
			where += " AND " + t.filter
		}
		recs, err := s.recordsWhere(ctx, t, where, u.ID)
		if err != nil {
			return nil, err
		}
		for _, r := range recs {
			ids = append(ids, r.ID())
		}
		out.Submissions = append(out.Submissions, DataSection{Tab: t, Records: recs})
	}
	var err error
	if out.Nominee, err = s.NomineeOf(ctx, u.ID); err != nil {
		return nil, err
	}
	if out.Consents, err = s.ConsentsOf(ctx, u.ID); err != nil {
		return nil, err
	}
	rows, err := q.QueryContext(ctx, `SELECT id, kind, subject, status, created_at, sent_at FROM outbox
		WHERE lower(to_addr) = ? ORDER BY created_at DESC, id DESC LIMIT 500`, strings.ToLower(u.Email))
	if err != nil {
		return nil, fmt.Errorf("store: personal data: mail: %w", err)
	}
	for rows.Next() {
		var m MailSent
		var created int64
		var sent *int64
		if err := rows.Scan(&m.ID, &m.Kind, &m.Subject, &m.Status, &created, &sent); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: personal data: mail: %w", err)
		}
		m.CreatedAt = FromMillis(created)
		if sent != nil {
			t := FromMillis(*sent)
			m.SentAt = &t
		}
		out.Mail = append(out.Mail, m)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	cond, args := inList("entity_id", append(ids, u.ID))
	if out.Audit, err = s.recordsWhere(ctx, AdminTabByName("audit"), cond+" ORDER BY created_at, id", args...); err != nil {
		return nil, err
	}
	return out, nil
}

// recordsWhere reads the rows of tab t matching where, as the tab shows
// them.
func (s *Store) recordsWhere(ctx context.Context, t *AdminTab, where string, args ...any) ([]*Record, error) {
	rows, err := s.Reader().QueryContext(ctx, "SELECT "+t.selectList()+" FROM "+t.table+" WHERE "+where, args...)
	if err != nil {
		return nil, fmt.Errorf("store: records of %s: %w", t.Name, err)
	}
	defer rows.Close()
	out := []*Record{}
	for rows.Next() {
		rec, err := t.scan(rows)
		if err != nil {
			return nil, fmt.Errorf("store: records of %s: %w", t.Name, err)
		}
		out = append(out, rec)
	}
	return out, rows.Err()
}
