package store

import (
	"context"
	"fmt"
	"time"

	"spdc/internal/care"
	"spdc/internal/india"
)

// The year's report reads summaries that each write keeps in its own
// transaction: on every need, its assessment's day, the day the record's
// next assessment was made and whether the need is met; and, per record,
// the financial years in which the elder was served. Both are refreshed
// for the one record a write touches, which costs a few rows.

// refreshCareNeeds recomputes the summary of every need of a record: its
// assessment's day, the day a later assessment of the record replaced it
// (empty while it is the latest; on the same day, the one saved later
// replaces), and met (an action of the plan for its service is done).
// Called after an assessment or an action of the record is saved.
func refreshCareNeeds(ctx context.Context, q Querier, recordID string) error {
	if _, err := q.ExecContext(ctx, `UPDATE care_needs SET
		assessed_on = (SELECT a.assessed_on FROM care_assessments a WHERE a.id = care_needs.assessment_id),
		superseded_on = COALESCE((SELECT MIN(b.assessed_on) FROM care_assessments a JOIN care_assessments b
			ON b.record_id = a.record_id AND (b.assessed_on > a.assessed_on OR (b.assessed_on = a.assessed_on
				AND (b.created_at > a.created_at OR (b.created_at = a.created_at AND b.id > a.id))))
			WHERE a.id = care_needs.assessment_id), ''),
		met = CASE WHEN EXISTS (SELECT 1 FROM care_actions x WHERE x.record_id = care_needs.record_id
			AND x.service = care_needs.service AND x.status = 'done') THEN 1 ELSE 0 END
		WHERE record_id = ?`, recordID); err != nil {
		return fmt.Errorf("store: care needs summary: %w", err)
	}
	return nil
}

// refreshCareServed records whether the record was served in the
// financial year holding day (YYYY-MM-DD): it had a contact, an
// assessment or an approved payment within that year. Called after a
// contact or assessment is saved and after a payment is recorded,
// approved or cancelled (a cancelled payment may leave the year unserved).
func refreshCareServed(ctx context.Context, q Querier, recordID, day string) error {
	d, err := time.Parse(time.DateOnly, day)
	if recordID == "" || err != nil {
		return nil
	}
	fy := india.FYOf(d, time.UTC)
	from, to := care.Bounds(fy)
	if _, err := q.ExecContext(ctx, `DELETE FROM care_served WHERE fy = ? AND record_id = ?`, int(fy), recordID); err != nil {
		return fmt.Errorf("store: care served summary: %w", err)
	}
	if _, err := q.ExecContext(ctx, `INSERT INTO care_served (fy, record_id) SELECT CAST(? AS INTEGER), CAST(? AS TEXT) WHERE
			EXISTS (SELECT 1 FROM care_contacts c WHERE c.record_id = ? AND c.contact_on >= ? AND c.contact_on <= ?)
			OR EXISTS (SELECT 1 FROM care_assessments a WHERE a.record_id = ? AND a.assessed_on >= ? AND a.assessed_on <= ?)
			OR EXISTS (SELECT 1 FROM care_payments p WHERE p.record_id = ? AND p.paid_on >= ? AND p.paid_on <= ? AND p.status = 'approved')`,
		int(fy), recordID, recordID, from, to, recordID, from, to, recordID, from, to); err != nil {
		return fmt.Errorf("store: care served summary: %w", err)
	}
	return nil
}
