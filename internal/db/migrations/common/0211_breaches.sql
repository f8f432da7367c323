-- 0211: personal data breaches, as the admins record them: when it
-- happened and was found, what happened, which data and whom it touches,
-- what it may mean, what the program did, what the people can do and
-- whom they contact. The notice to the affected people is sent once
-- (notice_sent_at, claimed with a conditional update); which addresses
-- got it is not kept here, only how they were chosen and how many. Who
-- recorded, sent or ticked is an account id, so an erased admin leaves
-- no address behind. breach_checks holds the ticked items of each
-- breach's checklist.
CREATE TABLE breaches (
    id                TEXT PRIMARY KEY,
    occurred_at       BIGINT NOT NULL,
    found_at          BIGINT NOT NULL,
    what_happened     TEXT NOT NULL,
    data_affected     TEXT NOT NULL,
    people_affected   TEXT NOT NULL,
    consequences      TEXT NOT NULL DEFAULT '',
    measures          TEXT NOT NULL DEFAULT '',
    advice            TEXT NOT NULL DEFAULT '',
    contact           TEXT NOT NULL DEFAULT '',
    recorded_by_id    TEXT NOT NULL DEFAULT '',
    notice_sent_at    BIGINT,
    notice_sent_by_id TEXT NOT NULL DEFAULT '',
    notice_audience   TEXT NOT NULL DEFAULT '',
    notice_count      INTEGER NOT NULL DEFAULT 0,
    version           INTEGER NOT NULL DEFAULT 0,
    created_at        BIGINT NOT NULL,
    updated_at        BIGINT NOT NULL
);
CREATE INDEX breaches_found ON breaches (found_at, id);

CREATE TABLE breach_checks (
    breach_id  TEXT NOT NULL REFERENCES breaches (id) ON DELETE CASCADE,
    item       TEXT NOT NULL,
    done_at    BIGINT NOT NULL,
    done_by_id TEXT NOT NULL,
    PRIMARY KEY (breach_id, item)
);
