-- 0212: submissions a signed-in helper sent on behalf of an elder who has
-- no email or phone of their own. The consent record (consents.method:
-- spoken, thumbprint or signed; guardian when a lawful guardian consents
-- for a person who cannot) gets these details: the helper's account, a
-- witness (name and how to reach them), and, for a guardian, the order
-- that appointed them, which an admin records (name, court or authority,
-- order reference and date, who recorded it and when). The row goes with
-- its consent record, and so with the submission.
CREATE TABLE assisted_consents (
    consent_id           TEXT PRIMARY KEY REFERENCES consents (id) ON DELETE CASCADE,
    helper_id            TEXT NOT NULL,
    witness_name         TEXT NOT NULL,
    witness_contact      TEXT NOT NULL,
    guardian_name        TEXT NOT NULL DEFAULT '',
    guardian_authority   TEXT NOT NULL DEFAULT '',
    guardian_order_ref   TEXT NOT NULL DEFAULT '',
    guardian_order_date  TEXT NOT NULL DEFAULT '',
    guardian_recorded_by TEXT NOT NULL DEFAULT '',
    guardian_recorded_at BIGINT
);
CREATE INDEX assisted_consents_helper ON assisted_consents (helper_id);
