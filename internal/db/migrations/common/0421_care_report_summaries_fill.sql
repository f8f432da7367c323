-- Fills the report's summaries for the needs, contacts, assessments and
-- payments stored before they were kept. It only sets values the writes
-- would set and adds missing years, so running it again changes nothing.
UPDATE care_needs SET
    assessed_on = (SELECT a.assessed_on FROM care_assessments a WHERE a.id = care_needs.assessment_id),
    superseded_on = COALESCE((SELECT MIN(b.assessed_on) FROM care_assessments a JOIN care_assessments b
        ON b.record_id = a.record_id AND (b.assessed_on > a.assessed_on OR (b.assessed_on = a.assessed_on
            AND (b.created_at > a.created_at OR (b.created_at = a.created_at AND b.id > a.id))))
        WHERE a.id = care_needs.assessment_id), ''),
    met = CASE WHEN EXISTS (SELECT 1 FROM care_actions x WHERE x.record_id = care_needs.record_id
        AND x.service = care_needs.service AND x.status = 'done') THEN 1 ELSE 0 END;

-- A day's financial year starts on 1 April: January to March belong to
-- the year that began the calendar year before.
INSERT INTO care_served (fy, record_id)
SELECT fy, record_id FROM (
    SELECT CAST(substr(contact_on, 1, 4) AS INTEGER) - CASE WHEN substr(contact_on, 6, 2) < '04' THEN 1 ELSE 0 END AS fy, record_id
        FROM care_contacts
    UNION
    SELECT CAST(substr(assessed_on, 1, 4) AS INTEGER) - CASE WHEN substr(assessed_on, 6, 2) < '04' THEN 1 ELSE 0 END, record_id
        FROM care_assessments
    UNION
    SELECT CAST(substr(paid_on, 1, 4) AS INTEGER) - CASE WHEN substr(paid_on, 6, 2) < '04' THEN 1 ELSE 0 END, record_id
        FROM care_payments WHERE status = 'approved' AND record_id IS NOT NULL
) years WHERE true
ON CONFLICT DO NOTHING;
