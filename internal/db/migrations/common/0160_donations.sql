-- 0160: gifts reported by donors, their confirmation against the bank
-- statement and the receipt issued for each.
--
-- Money is whole paise (amount_paise), never a floating-point number. The
-- donor's PAN, Aadhaar or other ID number is kept only sealed (id_sealed,
-- AES-256-GCM under SPDC_DATA_KEY) beside a masked copy showing its last
-- four characters (id_masked), which lists and searches use. A receipt is
-- one per gift: its number is prefix/financial year/serial, the serial
-- taken from receipt_counters in the transaction that confirms the gift,
-- so each year's series has no gap and no repeat. receipt_data is the
-- receipt as issued (donor, trust and gift details), sealed because it
-- holds the whole ID number; an issued receipt is never rewritten from
-- later edits. reported_paise keeps the amount the donor reported when
-- the admin confirms another (the bank's figure). Records are kept at
-- least ten years: nothing here is deleted automatically.
CREATE TABLE donations (
    id                    TEXT PRIMARY KEY,
    user_id               TEXT REFERENCES users (id) ON DELETE SET NULL,
    donor_name            TEXT NOT NULL,
    email                 TEXT NOT NULL DEFAULT '',
    phone                 TEXT NOT NULL DEFAULT '',
    address               TEXT NOT NULL DEFAULT '',
    resident_of_india     BOOLEAN NOT NULL,
    id_type               TEXT NOT NULL DEFAULT '',
    id_sealed             TEXT NOT NULL DEFAULT '',
    id_masked             TEXT NOT NULL DEFAULT '',
    amount_paise          BIGINT NOT NULL CHECK (amount_paise > 0),
    paid_on               TEXT NOT NULL,
    mode                  TEXT NOT NULL,
    reference             TEXT NOT NULL DEFAULT '',
    purpose               TEXT NOT NULL,
    receipt_type          TEXT NOT NULL,
    consent               BOOLEAN NOT NULL,
    status                TEXT NOT NULL DEFAULT 'reported', -- reported, confirmed, rejected
    reject_reason         TEXT NOT NULL DEFAULT '',
    received_on           TEXT NOT NULL DEFAULT '',
    reported_paise        BIGINT NOT NULL,
    receipt_id            TEXT UNIQUE,
    receipt_prefix        TEXT,
    receipt_fy            TEXT,
    receipt_seq           INTEGER,
    receipt_number        TEXT NOT NULL DEFAULT '',
    receipt_issued_on     TEXT NOT NULL DEFAULT '',
    receipt_status        TEXT NOT NULL DEFAULT '', -- issued, cancelled
    receipt_cancel_reason TEXT NOT NULL DEFAULT '',
    receipt_duplicate     BOOLEAN NOT NULL DEFAULT FALSE,
    receipt_verify_code   TEXT UNIQUE,
    receipt_data          TEXT NOT NULL DEFAULT '',
    version               INTEGER NOT NULL DEFAULT 0,
    search                TEXT NOT NULL DEFAULT '',
    created_at            BIGINT NOT NULL,
    updated_at            BIGINT NOT NULL
);
CREATE INDEX donations_created_id ON donations (created_at, id);
CREATE INDEX donations_user ON donations (user_id);
CREATE INDEX donations_received ON donations (status, received_on);
-- The same transfer reported twice is refused: one live report per mode
-- and reference (cash has none; a rejected report frees its reference).
CREATE UNIQUE INDEX donations_mode_reference ON donations (mode, reference) WHERE reference <> '' AND status <> 'rejected';
-- A receipt number belongs to one gift, whatever the counter says.
CREATE UNIQUE INDEX donations_receipt_number ON donations (receipt_prefix, receipt_fy, receipt_seq);

-- The last serial number given in each receipt series (prefix and
-- financial year). Confirming a gift adds one to its row inside the
-- confirming transaction: PostgreSQL's row lock makes a second instance
-- wait for the first to commit or roll back, and SQLite has one writer.
CREATE TABLE receipt_counters (
    prefix   TEXT NOT NULL,
    fy       TEXT NOT NULL,
    last_seq INTEGER NOT NULL,
    PRIMARY KEY (prefix, fy)
);

-- The column mapping of the bank statement import, remembered between
-- imports (one row).
CREATE TABLE bank_import_mapping (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    mapping    TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);
