-- 0410: help given to or for elders, the funds it is paid from, and the
-- financial years whose figures were published.
--
-- A payment is money (amount in whole paise) or help in kind (its value
-- in paise), paid from the fund of a donation purpose for one of the
-- program's services. Above the threshold in Settings it waits for a
-- second person's approval; only approved money lowers its fund. A
-- payment is never deleted: a mistaken one is cancelled with a reason.
-- When the elder's care record goes (erasure) the payment stays for the
-- accounts, without its link to the person (record_id becomes NULL) and
-- with a payee that named the person replaced.
CREATE TABLE care_payments (
    id              TEXT PRIMARY KEY,
    record_id       TEXT REFERENCES care_records (id) ON DELETE SET NULL,
    kind            TEXT NOT NULL,                 -- money, in_kind
    amount_paise    BIGINT NOT NULL CHECK (amount_paise > 0),
    purpose         TEXT NOT NULL,
    service         TEXT NOT NULL,
    paid_on         TEXT NOT NULL,                 -- YYYY-MM-DD
    mode            TEXT NOT NULL DEFAULT '',
    reference       TEXT NOT NULL DEFAULT '',
    payee           TEXT NOT NULL DEFAULT '',
    description     TEXT NOT NULL DEFAULT '',
    status          TEXT NOT NULL,                 -- awaiting_approval, approved, cancelled
    created_by      TEXT NOT NULL DEFAULT '',
    approved_by     TEXT NOT NULL DEFAULT '',
    approved_at     BIGINT,
    overdraw_reason TEXT NOT NULL DEFAULT '',
    cancel_reason   TEXT NOT NULL DEFAULT '',
    version         INTEGER NOT NULL DEFAULT 0,
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL
);
-- The record's payments, newest first; the accountants' list by date
-- paid and by date recorded; a fund's sums and a year's report.
CREATE INDEX care_payments_record ON care_payments (record_id, paid_on, created_at);
CREATE INDEX care_payments_paid_id ON care_payments (paid_on, id);
CREATE INDEX care_payments_created_id ON care_payments (created_at, id);
CREATE INDEX care_payments_fund ON care_payments (purpose, status, kind, amount_paise);
CREATE INDEX care_payments_year ON care_payments (status, paid_on, purpose, kind, amount_paise);

-- A year's report counts the elders served (a contact, an assessment or
-- help in the year) by probing each record's contacts, assessments and
-- payments by day, and the needs met by an action done for the service;
-- the elders overdue for a contact by status and day. These indexes keep
-- it under a second with a hundred thousand elders and millions of
-- contacts.
CREATE INDEX care_actions_service ON care_actions (record_id, service, status);
CREATE INDEX care_records_status_due ON care_records (status, next_contact_due);

-- One row per fund, taken (its counter stepped) at the start of every
-- transaction that records or approves a payment from it: on PostgreSQL
-- the row lock makes a second instance paying from the same fund wait
-- until the first has committed, and only then read the balance; on
-- SQLite the write lock does the same.
CREATE TABLE care_fund_locks (
    purpose  TEXT PRIMARY KEY,
    payments BIGINT NOT NULL DEFAULT 0
);

-- A fund's confirmed gifts are summed at every payment: an index that
-- holds the sum's columns answers it without reading the gifts.
CREATE INDEX donations_fund ON donations (purpose, status, receipt_status, amount_paise);

-- A financial year's report as an admin published it: its figures frozen
-- (JSON, counts and sums only), which the public accounts page shows.
CREATE TABLE care_published_years (
    fy           TEXT PRIMARY KEY,              -- 2026-27
    figures      TEXT NOT NULL,
    published_at BIGINT NOT NULL,
    published_by TEXT NOT NULL DEFAULT ''
);
