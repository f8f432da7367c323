package store

// The care register: one care record per elder the program serves (an
// approved disciple), with dated needs assessments, a care plan of
// actions, a contact log and a partners directory. A record is made in
// the same transaction that approves the registration, whichever way it
// is approved (the referrer's link, an admin accepting one held for
// review), and at each start for approved disciples still without one
// (those approved before the register existed). Its id is the disciple's
// id, so making it twice is harmless.

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"spdc/internal/entity"
)

// Care record statuses.
const (
	CareActive = "active"
	CarePaused = "paused"
	CareClosed = "closed"
)

// careExprs read the owner's name from the staff user the record names.
var careExprs = map[string]string{
	entity.CareOwnerNameKey: "COALESCE((SELECT u.full_name FROM users u WHERE u.id = care_records.owner_id), '')",
}

// careSearch is a care record's search text: the elder's names, as the
// care entity's searchable fields give them.
func careSearch(fullName, initiatedName string) string {
	return entity.Care.SearchText(func(key string) any {
		switch key {
		case "fullName":
			return fullName
		case "initiatedName":
			return initiatedName
		}
		return nil
	})
}

// EnsureCareRecord makes the care record of the approved disciple d
// through q (the transaction that approves it), with no owner, active;
// nothing when it has one.
func EnsureCareRecord(ctx context.Context, q Querier, d *Disciple, now time.Time) error {
	now = now.UTC().Truncate(time.Millisecond)
	_, err := q.ExecContext(ctx, `INSERT INTO care_records (id, disciple_id, full_name, initiated_name, status, search,
		created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
		d.ID, d.ID, d.FullName, d.InitiationName, CareActive, careSearch(d.FullName, d.InitiationName), Millis(now), Millis(now))
	if err != nil {
		return fmt.Errorf("store: make care record: %w", err)
	}
	return nil
}

// fillCareRecords gives every approved disciple without a care record
// one, at each start: the disciples approved before the register
// existed. Instances starting together make each record once (the insert
// does nothing for a record another made first).
func (s *Store) fillCareRecords(ctx context.Context) error {
	for {
		rows, err := s.Writer().QueryContext(ctx, `SELECT d.id, d.full_name, d.initiation_name, COALESCE(d.approved_at, d.updated_at)
			FROM disciples d WHERE d.status = 'approved' AND NOT EXISTS (SELECT 1 FROM care_records c WHERE c.id = d.id) LIMIT 500`)
		if err != nil {
			return fmt.Errorf("store: approved disciples without a care record: %w", err)
		}
		var list []Disciple
		var at []int64
		for rows.Next() {
			var d Disciple
			var ms int64
			if err := rows.Scan(&d.ID, &d.FullName, &d.InitiationName, &ms); err != nil {
				rows.Close()
				return err
			}
			list, at = append(list, d), append(at, ms)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if len(list) == 0 {
			return nil
		}
		for i := range list {
			if err := EnsureCareRecord(ctx, s.Writer(), &list[i], FromMillis(at[i])); err != nil {
				return err
			}
		}
	}
}

// CareRecord is a care record with the elder's details from their
// registration and the owner's name.
type CareRecord struct {
	ID              string    `json:"_id"`
	DiscipleID      string    `json:"discipleId"`
	UserID          string    `json:"userId"`
	FullName        string    `json:"fullName"`
	InitiatedName   string    `json:"initiatedName"`
	Phone           string    `json:"phone"`
	Email           string    `json:"email"`
	Address         string    `json:"address"`
	Language        string    `json:"language"`
	OwnerID         string    `json:"ownerId"`
	OwnerName       string    `json:"ownerName"`
	Status          string    `json:"status"`
	NextContactDue  string    `json:"nextContactDue"`
	ReassessmentDue string    `json:"reassessmentDue"`
	LastContactOn   string    `json:"lastContactOn"`
	Version         int       `json:"__v"`
	CreatedAt       time.Time `json:"createdAt"`
	UpdatedAt       time.Time `json:"updatedAt"`
}

const careRecordSelect = `SELECT c.id, c.disciple_id, COALESCE(d.user_id, ''), c.full_name, c.initiated_name, d.contact_number,
	d.disciple_email, d.address, d.language, c.owner_id, COALESCE(o.full_name, ''), c.status, c.next_contact_due,
	c.reassessment_due, c.last_contact_on, c.version, c.created_at, c.updated_at
	FROM care_records c JOIN disciples d ON d.id = c.disciple_id LEFT JOIN users o ON o.id = c.owner_id`

func scanCareRecord(row interface{ Scan(...any) error }) (*CareRecord, error) {
	var c CareRecord
	var created, updated int64
	err := row.Scan(&c.ID, &c.DiscipleID, &c.UserID, &c.FullName, &c.InitiatedName, &c.Phone, &c.Email, &c.Address,
		&c.Language, &c.OwnerID, &c.OwnerName, &c.Status, &c.NextContactDue, &c.ReassessmentDue, &c.LastContactOn,
		&c.Version, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: care record: %w", err)
	}
	c.CreatedAt, c.UpdatedAt = FromMillis(created), FromMillis(updated)
	return &c, nil
}

// CareRecordByID returns the care record id through q; ErrNotFound when
// there is none.
func CareRecordByID(ctx context.Context, q Querier, id string) (*CareRecord, error) {
	return scanCareRecord(q.QueryRowContext(ctx, careRecordSelect+` WHERE c.id = ?`, id))
}

// CareRecordOfUser returns the care record of the elder whose account is
// userID (their approved registration's); ErrNotFound when they have none.
func (s *Store) CareRecordOfUser(ctx context.Context, userID string) (*CareRecord, error) {
	return scanCareRecord(s.Reader().QueryRowContext(ctx, careRecordSelect+` WHERE d.user_id = ?
		ORDER BY c.created_at DESC, c.id DESC LIMIT 1`, userID))
}

// CareNeed is a service needed, with its priority; on the record, also
// whether it is met (an action of the plan for it is done).
type CareNeed struct {
	Service  string `json:"service"`
	Priority string `json:"priority"`
	Status   string `json:"status,omitempty"`
}

// CareAssessment is one dated needs assessment.
type CareAssessment struct {
	ID             string     `json:"_id"`
	RecordID       string     `json:"-"`
	AssessedOn     string     `json:"assessedOn"`
	AssessedBy     string     `json:"assessedBy"`
	AssessedByName string     `json:"assessedByName"`
	Health         string     `json:"health"`
	Mobility       string     `json:"mobility"`
	Living         string     `json:"living"`
	Income         string     `json:"income"`
	Family         string     `json:"family"`
	Spiritual      string     `json:"spiritual"`
	Risks          string     `json:"risks"`
	Needs          []CareNeed `json:"needs"`
	CreatedAt      time.Time  `json:"createdAt"`
}

// CareAssessments returns the record's assessments, newest first, each
// with its needs in the order of the services.
func CareAssessments(ctx context.Context, q Querier, recordID string) ([]CareAssessment, error) {
	rows, err := q.QueryContext(ctx, `SELECT a.id, a.assessed_on, a.assessed_by, COALESCE(u.full_name, ''), a.health, a.mobility,
		a.living, a.income, a.family, a.spiritual, a.risks, a.created_at
		FROM care_assessments a LEFT JOIN users u ON u.id = a.assessed_by WHERE a.record_id = ?
		ORDER BY a.assessed_on DESC, a.created_at DESC, a.id DESC`, recordID)
	if err != nil {
		return nil, fmt.Errorf("store: care assessments: %w", err)
	}
	out := []CareAssessment{}
	byID := map[string]int{}
	for rows.Next() {
		a := CareAssessment{RecordID: recordID, Needs: []CareNeed{}}
		var created int64
		if err := rows.Scan(&a.ID, &a.AssessedOn, &a.AssessedBy, &a.AssessedByName, &a.Health, &a.Mobility, &a.Living,
			&a.Income, &a.Family, &a.Spiritual, &a.Risks, &created); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: care assessments: %w", err)
		}
		a.CreatedAt = FromMillis(created)
		byID[a.ID] = len(out)
		out = append(out, a)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: care assessments: %w", err)
	}
	nrows, err := q.QueryContext(ctx, `SELECT assessment_id, service, priority FROM care_needs WHERE record_id = ?`, recordID)
	if err != nil {
		return nil, fmt.Errorf("store: care needs: %w", err)
	}
	defer nrows.Close()
	for nrows.Next() {
		var aid string
		var n CareNeed
		if err := nrows.Scan(&aid, &n.Service, &n.Priority); err != nil {
			return nil, fmt.Errorf("store: care needs: %w", err)
		}
		if i, ok := byID[aid]; ok {
			out[i].Needs = append(out[i].Needs, n)
		}
	}
	if err := nrows.Err(); err != nil {
		return nil, fmt.Errorf("store: care needs: %w", err)
	}
	for i := range out {
		slices.SortFunc(out[i].Needs, func(a, b CareNeed) int {
			return slices.Index(entity.CareServices, a.Service) - slices.Index(entity.CareServices, b.Service)
		})
	}
	return out, nil
}

// ReassessAfter is how long an assessment holds: the next falls due a
// year after it.
func ReassessAfter(assessedOn string) string {
	d, err := time.Parse(time.DateOnly, assessedOn)
	if err != nil {
		return ""
	}
	return d.AddDate(1, 0, 0).Format(time.DateOnly)
}

// AddCareAssessment saves the assessment a (with its needs) on its record,
// sets the record's reassessment day a year after its latest assessment,
// and audits it, in one transaction. ErrNotFound when the record is gone.
func (s *Store) AddCareAssessment(ctx context.Context, a *CareAssessment, actor Actor) error {
	return s.InTx(ctx, func(tx *Tx) error {
		now := s.now().UTC().Truncate(time.Millisecond)
		if _, err := CareRecordByID(ctx, tx, a.RecordID); err != nil {
			return err
		}
		a.ID, a.AssessedBy, a.CreatedAt = NewID(now), actor.ID, now
		if _, err := tx.ExecContext(ctx, `INSERT INTO care_assessments (id, record_id, assessed_on, assessed_by, health, mobility,
			living, income, family, spiritual, risks, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			a.ID, a.RecordID, a.AssessedOn, a.AssessedBy, a.Health, a.Mobility, a.Living, a.Income, a.Family, a.Spiritual,
			a.Risks, Millis(now)); err != nil {
			return fmt.Errorf("store: add care assessment: %w", err)
		}
		for _, n := range a.Needs {
			if _, err := tx.ExecContext(ctx, `INSERT INTO care_needs (assessment_id, record_id, service, priority) VALUES (?, ?, ?, ?)`,
				a.ID, a.RecordID, n.Service, n.Priority); err != nil {
				return fmt.Errorf("store: add care need: %w", err)
			}
		}
		if err := refreshCareNeeds(ctx, tx, a.RecordID); err != nil {
			return err
		}
		if err := refreshCareServed(ctx, tx, a.RecordID, a.AssessedOn); err != nil {
			return err
		}
		var latest string
		if err := tx.QueryRowContext(ctx, `SELECT MAX(assessed_on) FROM care_assessments WHERE record_id = ?`, a.RecordID).Scan(&latest); err != nil {
			return fmt.Errorf("store: latest care assessment: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE care_records SET reassessment_due = ?, updated_at = ? WHERE id = ?`,
			ReassessAfter(latest), Millis(now), a.RecordID); err != nil {
			return fmt.Errorf("store: care reassessment day: %w", err)
		}
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE((SELECT full_name FROM users WHERE id = ?), '')`, actor.ID).Scan(&a.AssessedByName); err != nil {
			return err
		}
		return WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: "assess", Entity: entity.Care.Name, EntityID: a.RecordID,
			After: map[string]any{"assessmentId": a.ID, "assessedOn": a.AssessedOn, "needs": a.Needs}}, now)
	})
}

// CareNeedsOf are the needs of the record's latest assessment, each open
// or met (an action of the plan for its service is done).
func CareNeedsOf(assessments []CareAssessment, actions []CareAction) []CareNeed {
	out := []CareNeed{}
	if len(assessments) == 0 {
		return out
	}
	for _, n := range assessments[0].Needs {
		n.Status = "open"
		for _, a := range actions {
			if a.Service == n.Service && a.Status == "done" {
				n.Status = "met"
			}
		}
		out = append(out, n)
	}
	return out
}

// CareAction is one step of a care plan, with the names of the people and
// places it links to.
type CareAction struct {
	ID              string `json:"_id"`
	RecordID        string `json:"-"`
	Service         string `json:"service"`
	Action          string `json:"action"`
	ResponsibleID   string `json:"responsibleId"`
	ResponsibleName string `json:"responsibleName"`
	TargetDate      string `json:"targetDate"`
	Status          string `json:"status"`
	VolunteerID     string `json:"volunteerId"`
	VolunteerName   string `json:"volunteerName"`
	HostID          string `json:"hostId"`
	HostName        string `json:"hostName"`
	StayFrom        string `json:"stayFrom"`
	StayTo          string `json:"stayTo"`
	StayPlace       string `json:"stayPlace"`
	PartnerID       string `json:"partnerId"`
	PartnerName     string `json:"partnerName"`
	Version         int    `json:"__v"`
}

const careActionSelect = `SELECT a.id, a.record_id, a.service, a.action, a.responsible_id, COALESCE(u.full_name, ''), a.target_date,
	a.status, COALESCE(a.volunteer_id, ''), COALESCE(v.full_name, ''), COALESCE(a.host_id, ''), COALESCE(h.full_name, ''),
	a.stay_from, a.stay_to, a.stay_place, COALESCE(a.partner_id, ''), COALESCE(p.name, ''), a.version
	FROM care_actions a LEFT JOIN users u ON u.id = a.responsible_id LEFT JOIN volunteers v ON v.id = a.volunteer_id
	LEFT JOIN hosts h ON h.id = a.host_id LEFT JOIN care_partners p ON p.id = a.partner_id`

func scanCareAction(row interface{ Scan(...any) error }) (CareAction, error) {
	var a CareAction
	err := row.Scan(&a.ID, &a.RecordID, &a.Service, &a.Action, &a.ResponsibleID, &a.ResponsibleName, &a.TargetDate, &a.Status,
		&a.VolunteerID, &a.VolunteerName, &a.HostID, &a.HostName, &a.StayFrom, &a.StayTo, &a.StayPlace, &a.PartnerID,
		&a.PartnerName, &a.Version)
	if errors.Is(err, sql.ErrNoRows) {
		return a, ErrNotFound
	}
	if err != nil {
		return a, fmt.Errorf("store: care action: %w", err)
	}
	return a, nil
}

// CareActions returns the record's plan, in the order it was made.
func CareActions(ctx context.Context, q Querier, recordID string) ([]CareAction, error) {
	rows, err := q.QueryContext(ctx, careActionSelect+` WHERE a.record_id = ? ORDER BY a.created_at, a.id`, recordID)
	if err != nil {
		return nil, fmt.Errorf("store: care actions: %w", err)
	}
	defer rows.Close()
	out := []CareAction{}
	for rows.Next() {
		a, err := scanCareAction(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// CareActionByID returns the action id of the record recordID through q.
func CareActionByID(ctx context.Context, q Querier, recordID, id string) (CareAction, error) {
	return scanCareAction(q.QueryRowContext(ctx, careActionSelect+` WHERE a.id = ? AND a.record_id = ?`, id, recordID))
}

// nullID is an optional link: NULL when not given.
func nullID(id string) any {
	if id == "" {
		return nil
	}
	return id
}

// AddCareAction saves a new action on its record and audits it; the
// answer carries the linked names. ErrNotFound when the record is gone, a
// *StayFullError when its stay would overfill the host.
func (s *Store) AddCareAction(ctx context.Context, a *CareAction, actor Actor) error {
	return s.InTx(ctx, func(tx *Tx) error {
		now := s.now().UTC().Truncate(time.Millisecond)
		if _, err := CareRecordByID(ctx, tx, a.RecordID); err != nil {
			return err
		}
		a.ID = NewID(now)
		if err := checkStayCapacity(ctx, tx, a); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO care_actions (id, record_id, service, action, responsible_id, target_date,
			status, volunteer_id, host_id, stay_from, stay_to, stay_place, partner_id, version, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
			a.ID, a.RecordID, a.Service, a.Action, a.ResponsibleID, a.TargetDate, a.Status, nullID(a.VolunteerID),
			nullID(a.HostID), a.StayFrom, a.StayTo, a.StayPlace, nullID(a.PartnerID), Millis(now), Millis(now)); err != nil {
			return fmt.Errorf("store: add care action: %w", err)
		}
		if err := refreshCareNeeds(ctx, tx, a.RecordID); err != nil {
			return err
		}
		saved, err := CareActionByID(ctx, tx, a.RecordID, a.ID)
		if err != nil {
			return err
		}
		*a = saved
		return WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: "plan", Entity: entity.Care.Name, EntityID: a.RecordID,
			After: careActionAudit(a)}, now)
	})
}

// UpdateCareAction replaces the action a.ID of its record if it is still
// at version, and audits what changed. ErrNotFound when it is gone,
// ErrConflict (with current set to the action as stored) when another
// edit came first, a *StayFullError when its stay would overfill the host.
func (s *Store) UpdateCareAction(ctx context.Context, a *CareAction, version int, actor Actor) (current CareAction, err error) {
	err = s.InTx(ctx, func(tx *Tx) error {
		now := s.now().UTC().Truncate(time.Millisecond)
		before, err := CareActionByID(ctx, tx, a.RecordID, a.ID)
		if err != nil {
			return err
		}
		current = before
		if before.Version != version {
			return ErrConflict
		}
		if err := checkStayCapacity(ctx, tx, a); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE care_actions SET service = ?, action = ?, responsible_id = ?, target_date = ?,
			status = ?, volunteer_id = ?, host_id = ?, stay_from = ?, stay_to = ?, stay_place = ?, partner_id = ?,
			version = version + 1, updated_at = ? WHERE id = ? AND version = ?`,
			a.Service, a.Action, a.ResponsibleID, a.TargetDate, a.Status, nullID(a.VolunteerID), nullID(a.HostID), a.StayFrom,
			a.StayTo, a.StayPlace, nullID(a.PartnerID), Millis(now), a.ID, version)
		if err := oneRow(res, err, "update care action"); err != nil {
			return err
		}
		if err := refreshCareNeeds(ctx, tx, a.RecordID); err != nil {
			return err
		}
		saved, err := CareActionByID(ctx, tx, a.RecordID, a.ID)
		if err != nil {
			return err
		}
		*a = saved
		b, af := careActionAudit(&before), careActionAudit(a)
		for k, v := range b {
			if af[k] == v {
				delete(b, k)
				delete(af, k)
			}
		}
		af["actionId"] = a.ID
		return WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: "update-plan", Entity: entity.Care.Name, EntityID: a.RecordID,
			Before: b, After: af}, now)
	})
	return current, err
}

// careActionAudit is what the audit log keeps of an action.
func careActionAudit(a *CareAction) map[string]any {
	return map[string]any{"actionId": a.ID, "service": a.Service, "action": a.Action, "responsibleId": a.ResponsibleID,
		"targetDate": a.TargetDate, "status": a.Status, "volunteerId": a.VolunteerID, "hostId": a.HostID,
		"stayFrom": a.StayFrom, "stayTo": a.StayTo, "stayPlace": a.StayPlace, "partnerId": a.PartnerID}
}

// CareContact is one entry of the contact log.
type CareContact struct {
	ID        string    `json:"_id"`
	RecordID  string    `json:"-"`
	ContactOn string    `json:"contactOn"`
	Kind      string    `json:"kind"`
	ByID      string    `json:"byId"`
	ByName    string    `json:"byName"`
	Summary   string    `json:"summary"`
	NextDue   string    `json:"nextDue"`
	CreatedAt time.Time `json:"createdAt"`
	cursor    string
}

// Cursor names the place just after this contact in the log, newest
// first (see CareContacts).
func (c *CareContact) Cursor() string { return c.cursor }

// CareContactsPage is how many contacts one page of the log holds.
const CareContactsPage = 50

// CareContacts returns up to limit contacts of the record, newest first
// (by day, then as saved), starting after the cursor a previous page's
// last contact gave ("" for the first page). ErrBadCursor for a cursor
// that is not one.
func CareContacts(ctx context.Context, q Querier, recordID, after string, limit int) ([]CareContact, error) {
	where, args := "c.record_id = ?", []any{recordID}
	if after != "" {
		day, rest, ok1 := strings.Cut(after, "~")
		ms, id, ok2 := strings.Cut(rest, "~")
		created, err := strconv.ParseInt(ms, 10, 64)
		if !ok1 || !ok2 || err != nil || !ValidID(id) {
			return nil, ErrBadCursor
		}
		where += ` AND (c.contact_on < ? OR c.contact_on = ? AND (c.created_at < ? OR c.created_at = ? AND c.id < ?))`
		args = append(args, day, day, created, created, id)
	}
	rows, err := q.QueryContext(ctx, `SELECT c.id, c.contact_on, c.kind, c.by_id, COALESCE(u.full_name, ''), c.summary, c.next_due,
		c.created_at FROM care_contacts c LEFT JOIN users u ON u.id = c.by_id WHERE `+where+`
		ORDER BY c.contact_on DESC, c.created_at DESC, c.id DESC LIMIT `+strconv.Itoa(limit), args...)
	if err != nil {
		return nil, fmt.Errorf("store: care contacts: %w", err)
	}
	defer rows.Close()
	out := []CareContact{}
	for rows.Next() {
		c := CareContact{RecordID: recordID}
		var created int64
		if err := rows.Scan(&c.ID, &c.ContactOn, &c.Kind, &c.ByID, &c.ByName, &c.Summary, &c.NextDue, &created); err != nil {
			return nil, fmt.Errorf("store: care contacts: %w", err)
		}
		c.CreatedAt = FromMillis(created)
		c.cursor = c.ContactOn + "~" + strconv.FormatInt(created, 10) + "~" + c.ID
		out = append(out, c)
	}
	return out, rows.Err()
}

// AddCareContact logs the contact c on its record and audits it. The
// record's last contact is its newest contact's day, and the next
// contact's due day is the one that newest contact set (a contact logged
// late, older than the newest, changes neither). ErrNotFound when the
// record is gone.
func (s *Store) AddCareContact(ctx context.Context, c *CareContact, actor Actor) error {
	return s.InTx(ctx, func(tx *Tx) error {
		now := s.now().UTC().Truncate(time.Millisecond)
		rec, err := CareRecordByID(ctx, tx, c.RecordID)
		if err != nil {
			return err
		}
		c.ID, c.ByID, c.CreatedAt = NewID(now), actor.ID, now
		if _, err := tx.ExecContext(ctx, `INSERT INTO care_contacts (id, record_id, contact_on, kind, by_id, summary, next_due, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, c.ID, c.RecordID, c.ContactOn, c.Kind, c.ByID, c.Summary, c.NextDue, Millis(now)); err != nil {
			return fmt.Errorf("store: add care contact: %w", err)
		}
		if err := refreshCareServed(ctx, tx, c.RecordID, c.ContactOn); err != nil {
			return err
		}
		c.cursor = c.ContactOn + "~" + strconv.FormatInt(Millis(now), 10) + "~" + c.ID
		if c.ContactOn >= rec.LastContactOn {
			if _, err := tx.ExecContext(ctx, `UPDATE care_records SET last_contact_on = ?, next_contact_due = ?, updated_at = ? WHERE id = ?`,
				c.ContactOn, c.NextDue, Millis(now), c.RecordID); err != nil {
				return fmt.Errorf("store: care record after a contact: %w", err)
			}
		}
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE((SELECT full_name FROM users WHERE id = ?), '')`, actor.ID).Scan(&c.ByName); err != nil {
			return err
		}
		return WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: "contact", Entity: entity.Care.Name, EntityID: c.RecordID,
			After: map[string]any{"contactId": c.ID, "contactOn": c.ContactOn, "kind": c.Kind, "nextDue": c.NextDue}}, now)
	})
}

// CarePaymentsOf answers the payments of a care record for the record's
// page, read through q. The register itself records no payments: the
// accounts' part of the register sets this hook (in an init function of
// its own file) to list them; until then a record has none.
var CarePaymentsOf = func(ctx context.Context, q Querier, recordID string) (any, error) {
	return []any{}, nil
}

// Partner is an entry of the partners directory.
type Partner struct {
	ID, Kind, Name, City, Phone, Email, Notes string
	Version                                   int
	CreatedAt, UpdatedAt                      time.Time
}

// AddPartner saves a new partner and audits it; the answer is the
// partners list's record of it.
func (s *Store) AddPartner(ctx context.Context, p *Partner, actor Actor) (*Record, error) {
	t := AdminTabByName(entity.Partners.Name)
	var rec *Record
	err := s.InTx(ctx, func(tx *Tx) error {
		now := s.now().UTC().Truncate(time.Millisecond)
		p.ID, p.CreatedAt, p.UpdatedAt = NewID(now), now, now
		search := entity.Partners.SearchText(entity.StructGetter(p))
		if _, err := tx.ExecContext(ctx, `INSERT INTO care_partners (id, kind, name, city, phone, email, notes, version, search,
			created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
			p.ID, p.Kind, p.Name, p.City, p.Phone, p.Email, p.Notes, search, Millis(now), Millis(now)); err != nil {
			return fmt.Errorf("store: add partner: %w", err)
		}
		var err error
		if rec, err = t.Get(ctx, tx, p.ID); err != nil {
			return err
		}
		return WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: "create", Entity: entity.Partners.Name, EntityID: p.ID,
			After: map[string]any{"kind": p.Kind, "name": p.Name, "city": p.City, "phone": p.Phone, "email": p.Email}}, now)
	})
	return rec, err
}

// rowExists reports whether a row of table has the id, through q: the links
// of an action (a volunteer, a host offer, a partner) must exist.
func rowExists(ctx context.Context, q Querier, table, id string) (bool, error) {
	var n int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+table+` WHERE id = ?`, id).Scan(&n); err != nil {
		return false, fmt.Errorf("store: %s exists: %w", table, err)
	}
	return n > 0, nil
}

// CareLinksExist reports, for each link an action names, whether it
// exists: the keys are volunteerId, hostId and partnerId.
func (s *Store) CareLinksExist(ctx context.Context, a *CareAction) (map[string]bool, error) {
	out := map[string]bool{}
	for key, link := range map[string][2]string{"volunteerId": {"volunteers", a.VolunteerID}, "hostId": {"hosts", a.HostID},
		"partnerId": {"care_partners", a.PartnerID}} {
		if link[1] == "" {
			continue
		}
		ok, err := rowExists(ctx, s.Reader(), link[0], link[1])
		if err != nil {
			return nil, err
		}
		out[key] = ok
	}
	return out, nil
}

// syncCareNames copies the disciple's names, after an edit of the
// registration, to its care record (which lists and searches them).
func syncCareNames(ctx context.Context, q Querier, discipleID string, now time.Time) error {
	var name, initiated string
	err := q.QueryRowContext(ctx, `SELECT full_name, initiation_name FROM disciples WHERE id = ?`, discipleID).Scan(&name, &initiated)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("store: care names: %w", err)
	}
	if _, err := q.ExecContext(ctx, `UPDATE care_records SET full_name = ?, initiated_name = ?, search = ?, updated_at = ?
		WHERE disciple_id = ? AND (full_name <> ? OR initiated_name <> ?)`,
		name, initiated, careSearch(name, initiated), Millis(now), discipleID, name, initiated); err != nil {
		return fmt.Errorf("store: care names: %w", err)
	}
	return nil
}

// careSkillWords are, for each service, words in a volunteer's skills or
// experience that suggest they can help with it, and the area of interest
// of the volunteer form that is that service.
var careSkillWords = map[string]struct {
	words []string
	area  string
}{
	"financial":         {[]string{"account", "finance", "bank", "tax", "pension", "money"}, "Financial Assistance"},
	"healthcare":        {[]string{"doctor", "nurse", "medical", "medicine", "health", "physio", "hospital", "care"}, "Medical/health practitioner"},
	"spiritual":         {[]string{"kirtan", "bhajan", "lecture", "scripture", "spiritual", "counsel", "preach"}, "Emotional and Spiritual Support"},
	"health_assessment": {[]string{"doctor", "nurse", "medical", "assessment", "health", "clinic"}, "Comprehensive Health Assessments"},
	"community":         {[]string{"event", "community", "cook", "festival", "organis", "organiz"}, "Community Building Activities"},
	"relocation":        {[]string{"driv", "travel", "transport", "moving", "logistic", "housing"}, "Relocation Assistance"},
	"advocacy":          {[]string{"law", "legal", "advocate", "government", "paperwork", "rights"}, ""},
	"volunteering":      {[]string{"volunteer", "coordinat", "teach", "mentor"}, ""},
}

// The reasons a volunteer is suggested, as codes the web app words.
const (
	MatchSameCentre = "same_centre"
	MatchInterest   = "interest"
	MatchSkills     = "skills"
	MatchLanguage   = "language"
	MatchAvailable  = "available"
)

// VolunteerMatch is a volunteer suggested for a service of a care record,
// with the score and the reasons it was made of.
type VolunteerMatch struct {
	ID            string   `json:"_id"`
	FullName      string   `json:"fullName"`
	NearestCentre string   `json:"nearestCentre"`
	Skills        string   `json:"skills"`
	Languages     []string `json:"languages"`
	Availability  string   `json:"availability"`
	Score         int      `json:"score"`
	Reasons       []string `json:"reasons"`
}

// MatchesMax is the most suggestions a match answers.
const MatchesMax = 20

// availabilityScore weighs the hours a volunteer offers.
var availabilityScore = map[string]int{"5-10 hours/week": 1, "10-20 hours/week": 2, "20+ hours/week": 3}

// ScoreVolunteer is how well a volunteer fits service for an elder living
// at address who reads lang: 4 when the elder's address names the
// volunteer's nearest centre, 3 when the service is one of their areas
// of interest, 2 when their skills or experience hold a word of the
// service, 2 for a shared language, and 1 to 3 for the hours they offer.
func ScoreVolunteer(service, address, lang string, v VolunteerMatch, areas []string, experience string) (int, []string) {
	score, reasons := 0, []string{}
	centre := strings.ToLower(strings.TrimSpace(v.NearestCentre))
	if len([]rune(centre)) >= 3 && strings.Contains(strings.ToLower(address), centre) {
		score, reasons = score+4, append(reasons, MatchSameCentre)
	}
	fit := careSkillWords[service]
	if fit.area != "" && slices.Contains(areas, fit.area) {
		score, reasons = score+3, append(reasons, MatchInterest)
	}
	text := strings.ToLower(v.Skills + " " + experience)
	if slices.ContainsFunc(fit.words, func(w string) bool { return strings.Contains(text, w) }) {
		score, reasons = score+2, append(reasons, MatchSkills)
	}
	if lang != "" && slices.Contains(v.Languages, lang) {
		score, reasons = score+2, append(reasons, MatchLanguage)
	}
	if n := availabilityScore[v.Availability]; n > 0 {
		score, reasons = score+n, append(reasons, MatchAvailable)
	}
	return score, reasons
}

// MatchVolunteers suggests volunteers for service on the care record rec,
// best first: by score, then name, then id, so the order is the same every
// time. Volunteers who declined or withdrew are left out, and so are those
// with no reason to be suggested.
func (s *Store) MatchVolunteers(ctx context.Context, rec *CareRecord, service string) ([]VolunteerMatch, error) {
	rows, err := s.Reader().QueryContext(ctx, `SELECT id, full_name, nearest_center, skills, experience, availability,
		areas_of_interest, language FROM volunteers WHERE status NOT IN ('declined', 'withdrawn')`)
	if err != nil {
		return nil, fmt.Errorf("store: match volunteers: %w", err)
	}
	defer rows.Close()
	out := []VolunteerMatch{}
	for rows.Next() {
		var v VolunteerMatch
		var experience, areasJSON, lang string
		if err := rows.Scan(&v.ID, &v.FullName, &v.NearestCentre, &v.Skills, &experience, &v.Availability, &areasJSON, &lang); err != nil {
			return nil, fmt.Errorf("store: match volunteers: %w", err)
		}
		var areas []string
		_ = json.Unmarshal([]byte(areasJSON), &areas)
		v.Languages = []string{lang}
		v.Score, v.Reasons = ScoreVolunteer(service, rec.Address, rec.Language, v, areas, experience)
		if v.Score > 0 {
			out = append(out, v)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b VolunteerMatch) int {
		if a.Score != b.Score {
			return b.Score - a.Score
		}
		if c := strings.Compare(strings.ToLower(a.FullName), strings.ToLower(b.FullName)); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	if len(out) > MatchesMax {
		out = out[:MatchesMax]
	}
	return out, nil
}

// CareDue counts an owner's elders needing attention on the day today
// (YYYY-MM-DD in the program's time zone): contacts overdue (the next
// contact's day has passed) and reassessments due (a year since the
// latest assessment has come). Closed records are left out.
type CareDue struct {
	ContactsOverdue  int
	ReassessmentsDue int
}

// CareDueOf counts the owner's records due on today, through q.
func CareDueOf(ctx context.Context, q Querier, ownerID, today string) (CareDue, error) {
	var d CareDue
	err := q.QueryRowContext(ctx, `SELECT
		COALESCE(SUM(CASE WHEN next_contact_due <> '' AND next_contact_due < ? THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN reassessment_due <> '' AND reassessment_due <= ? THEN 1 ELSE 0 END), 0)
		FROM care_records WHERE owner_id = ? AND status <> 'closed'`, today, today, ownerID).Scan(&d.ContactsOverdue, &d.ReassessmentsDue)
	if err != nil {
		return d, fmt.Errorf("store: care due: %w", err)
	}
	return d, nil
}

// CareOverdue is an elder overdue for a contact, as their owner's daily
// digest names them.
type CareOverdue struct {
	FullName       string
	NextContactDue string
}

// CareOverdueOf lists up to limit of the owner's elders overdue for a
// contact on today, through q: the longest waiting first, then by name.
// The condition is the care list's own (the digest links to that list).
func CareOverdueOf(ctx context.Context, q Querier, ownerID, today string, limit int) ([]CareOverdue, error) {
	rows, err := q.QueryContext(ctx, `SELECT full_name, next_contact_due FROM care_records
		WHERE owner_id = ? AND `+CareDueContact+` ORDER BY next_contact_due, full_name, id LIMIT ?`, ownerID, today, limit)
	if err != nil {
		return nil, fmt.Errorf("store: care overdue: %w", err)
	}
	defer rows.Close()
	var out []CareOverdue
	for rows.Next() {
		var o CareOverdue
		if err := rows.Scan(&o.FullName, &o.NextContactDue); err != nil {
			return nil, fmt.Errorf("store: care overdue: %w", err)
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

// The list conditions of the care tab's due filters, each with today's
// day as its one argument.
const (
	CareDueContact    = "next_contact_due <> '' AND next_contact_due < ? AND status <> 'closed'"
	CareDueAssessment = "reassessment_due <> '' AND reassessment_due <= ? AND status <> 'closed'"
)

// The care list's own filters: by owner (an id, "" for none), and the
// records due for a contact or a reassessment on a day.
const (
	CareFilterOwner         = "owner"
	CareFilterDueContact    = "dueContact"
	CareFilterDueAssessment = "dueAssessment"
)

var careFilters = []CondFilter{
	{Key: CareFilterOwner, Cond: "owner_id = ?"},
	{Key: CareFilterDueContact, Cond: CareDueContact},
	{Key: CareFilterDueAssessment, Cond: CareDueAssessment},
}

// CareExport is an elder's care record as their own copy of their data
// holds it: the record, every assessment, the plan and every contact. The
// staff are not named (as in the staff's notes), nor the volunteers and
// hosts of the plan, whose names are their own data.
type CareExport struct {
	Record      CareRecord       `json:"record"`
	Assessments []CareAssessment `json:"assessments"`
	Actions     []CareAction     `json:"actions"`
	Contacts    []CareContact    `json:"contacts"`
	// Payments are the help given to the elder, the staff who recorded
	// and approved it not named.
	Payments []*Payment `json:"payments"`
}

// careExportsOf gathers the care records of the disciples with the given
// ids (the person's own approved registrations).
func (s *Store) careExportsOf(ctx context.Context, discipleIDs []string) ([]CareExport, error) {
	out := []CareExport{}
	q := s.Reader()
	for _, id := range discipleIDs {
		rec, err := CareRecordByID(ctx, q, id)
		if errors.Is(err, ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		e := CareExport{Record: *rec}
		e.Record.OwnerID = ""
		if e.Assessments, err = CareAssessments(ctx, q, id); err != nil {
			return nil, err
		}
		for i := range e.Assessments {
			e.Assessments[i].AssessedBy, e.Assessments[i].AssessedByName = "", ""
		}
		if e.Actions, err = CareActions(ctx, q, id); err != nil {
			return nil, err
		}
		for i := range e.Actions {
			a := &e.Actions[i]
			a.ResponsibleID, a.ResponsibleName, a.VolunteerID, a.VolunteerName, a.HostID, a.HostName = "", "", "", "", "", ""
		}
		for after := ""; ; {
			page, err := CareContacts(ctx, q, id, after, 500)
			if err != nil {
				return nil, err
			}
			for _, c := range page {
				c.ByID, c.ByName = "", ""
				e.Contacts = append(e.Contacts, c)
			}
			if len(page) < 500 {
				break
			}
			after = page[len(page)-1].cursor
		}
		if e.Contacts == nil {
			e.Contacts = []CareContact{}
		}
		if e.Payments, err = paymentsForExport(ctx, q, id); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}
