package store

import (
	"context"
	"fmt"
	"time"

	"spdc/internal/entity"
)

// PersonalData is everything the program holds about one account, for
// the person's own copy: the account, each record that belongs to it
// (whole, as the dashboard shows it: see Owner), donations, grievances,
// consent records, the staff's notes on those records, the mail sent to
// the person and what admins did to their records.
type PersonalData struct {
	Account     *User
	Nominee     *Nominee
	Submissions []DataSection
	Consents    []Consent
	Notes       []RecordNote
	Mail        []MailSent
	Audit       []*Record
	// Care is the care record of each of the person's approved
	// registrations.
	Care []CareExport
}

// DataSection is one kind of record (a dashboard tab) and the person's
// records of that kind.
type DataSection struct {
	Tab     *AdminTab
	Records []*Record
}

// RecordNote is a staff note on one of the person's records. Notes about
// a person are personal data about them, so their copy holds them; the
// author is given as "staff", since the staff member's address is theirs.
type RecordNote struct {
	Table     string
	RecordID  string
	Body      string
	CreatedAt time.Time
}

// MailSent is one message to the person, without its body (which may hold
// a one-time link, and is the person's own mail anyway).
type MailSent struct {
	ID        string
	Kind      string
	Subject   string
	Status    string
	CreatedAt time.Time
	SentAt    *time.Time
}

// exportTabs are the tabs whose records belong to an account (through
// user_id, or the verified address in the table's sender column), in the
// order the export lists them.
var exportTabs = []string{"volunteers", "pending-disciples", "disciples", "hosts", "messages", "donations", "grievances"}

// senderColumn is the column of a record table that holds its sender's
// address.
func senderColumn(table string) string {
	if e := erasableTable(table); e != nil {
		return e.email
	}
	return "email"
}

// PersonalDataOf gathers u's data: only the records that belong to u (see
// Owner), so another person's data is never in it, even when u registered
// their address without proving it.
func (s *Store) PersonalDataOf(ctx context.Context, u *User) (*PersonalData, error) {
	out := &PersonalData{Account: u}
	o := OwnerOf(u)
	q := s.Reader()
	ids := []string{u.ID}
	about := []string{u.ID}
	for _, name := range exportTabs {
		t := AdminTabByName(name)
		where, args := o.where(senderColumn(t.Table))
		if t.Filter != "" {
			where += " AND " + t.Filter
		}
		recs, err := s.recordsWhere(ctx, t, where, args...)
		if err != nil {
			return nil, err
		}
		for _, r := range recs {
			ids = append(ids, r.ID())
			about = append(about, r.ID())
			if ref, _ := r.Get("ref").(string); ref != "" {
				about = append(about, ref)
			}
		}
		out.Submissions = append(out.Submissions, DataSection{Tab: t, Records: recs})
		if name == entity.Disciples.Name {
			var discipleIDs []string
			for _, r := range recs {
				discipleIDs = append(discipleIDs, r.ID())
			}
			var err error
			if out.Care, err = s.careExportsOf(ctx, discipleIDs); err != nil {
				return nil, err
			}
		}
	}
	// The mailing list and the referrer directory hold an address, never
	// an account: their entries are the person's only by the verified
	// address.
	if o.Email != "" {
		for _, name := range []string{"subscribers", "referrers"} {
			t := AdminTabByName(name)
			recs, err := s.recordsWhere(ctx, t, "lower(email) = ?", o.Email)
			if err != nil {
				return nil, err
			}
			for _, r := range recs {
				ids = append(ids, r.ID())
			}
			out.Submissions = append(out.Submissions, DataSection{Tab: t, Records: recs})
		}
	}
	var err error
	if out.Nominee, err = s.NomineeOf(ctx, u.ID); err != nil {
		return nil, err
	}
	if out.Consents, err = s.consentsOf(ctx, u.ID, ids); err != nil {
		return nil, err
	}
	if out.Notes, err = s.notesOn(ctx, ids); err != nil {
		return nil, err
	}
	// The mail to the verified address, and the mail for the account or
	// about its records (to whatever address it went).
	mailTo, mailArgs := inList("lower(to_addr)", []string{o.Email})
	if o.Email == "" {
		mailTo, mailArgs = "1 = 0", nil
	}
	c1, a1 := inList("link_ref", ids)
	c2, a2 := inList("about_id", about)
	args := append(append(mailArgs, a1...), a2...)
	rows, err := q.QueryContext(ctx, `SELECT id, kind, subject, status, created_at, sent_at FROM outbox
		WHERE `+mailTo+` OR `+c1+` OR `+c2+` ORDER BY created_at DESC, id DESC LIMIT 500`, args...)
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
	cond, cargs := inList("entity_id", ids)
	if out.Audit, err = s.recordsWhere(ctx, AdminTabByName("audit"), cond+" ORDER BY created_at, id", cargs...); err != nil {
		return nil, err
	}
	return out, nil
}

// notesOn lists the staff's notes on the records with the given ids,
// oldest first.
func (s *Store) notesOn(ctx context.Context, ids []string) ([]RecordNote, error) {
	cond, args := inList("record_id", ids)
	rows, err := s.Reader().QueryContext(ctx, `SELECT entity, record_id, body, created_at FROM staff_notes WHERE `+cond+` ORDER BY created_at, id`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: personal data: notes: %w", err)
	}
	defer rows.Close()
	var out []RecordNote
	for rows.Next() {
		var n RecordNote
		var created int64
		if err := rows.Scan(&n.Table, &n.RecordID, &n.Body, &created); err != nil {
			return nil, fmt.Errorf("store: personal data: notes: %w", err)
		}
		n.CreatedAt = FromMillis(created)
		out = append(out, n)
	}
	return out, rows.Err()
}

// recordsWhere reads the rows of tab t matching where, as the tab shows
// them.
func (s *Store) recordsWhere(ctx context.Context, t *AdminTab, where string, args ...any) ([]*Record, error) {
	rows, err := s.Reader().QueryContext(ctx, "SELECT "+t.SelectList()+" FROM "+t.Table+" WHERE "+where, args...)
	if err != nil {
		return nil, fmt.Errorf("store: records of %s: %w", t.Name, err)
	}
	defer rows.Close()
	out := []*Record{}
	for rows.Next() {
		rec, err := t.Scan(rows)
		if err != nil {
			return nil, fmt.Errorf("store: records of %s: %w", t.Name, err)
		}
		out = append(out, rec)
	}
	return out, rows.Err()
}
