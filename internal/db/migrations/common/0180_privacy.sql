-- 0180: erasure and consent records.
--
-- A donation whose donor's account was erased is kept, because the law
-- requires donation and receipt records for ten years; retained_at says
-- since when it is kept only for that reason (unlinked from any account).
ALTER TABLE donations ADD COLUMN retained_at BIGINT;

-- One row per consent given with a submission: which notice the person
-- saw (its version and language), when, and how consent was given
-- (online: the form's box; spoken, thumbprint or signed when someone
-- helped an elder fill it in). record_table/record_id name the
-- submission; user_id the account it was sent from (NULL for a visitor).
-- Withdrawing sets withdrawn_at; the submission is then erased. The row
-- holds no personal data itself and goes when its submission is erased.
CREATE TABLE consents (
    id             TEXT PRIMARY KEY,
    user_id        TEXT REFERENCES users (id) ON DELETE CASCADE,
    record_table   TEXT NOT NULL,
    record_id      TEXT NOT NULL,
    notice         TEXT NOT NULL,
    notice_version TEXT NOT NULL,
    language       TEXT NOT NULL,
    method         TEXT NOT NULL,
    given_at       BIGINT NOT NULL,
    withdrawn_at   BIGINT
);
CREATE INDEX consents_user ON consents (user_id, given_at);
CREATE INDEX consents_record ON consents (record_table, record_id);
