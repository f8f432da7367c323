-- 0120: the referrer directory and the "confirmed — needs review" state.
-- Admins keep a directory of known referrers (temple presidents and
-- authorities); a confirmation from an address outside it, or one whose
-- contact details are the applicant's own, waits for an admin instead of
-- approving. review_reason says why; the admin's rejection reason goes in
-- decline_reason, as a referrer's does. The directory is small (one row per
-- temple), so its admin search is a plain scan.
CREATE TABLE referrers (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    position   TEXT NOT NULL DEFAULT '',
    temple     TEXT NOT NULL DEFAULT '',
    email      TEXT NOT NULL UNIQUE,
    phone      TEXT NOT NULL DEFAULT '',
    version    INTEGER NOT NULL DEFAULT 0,
    search     TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX referrers_created_id ON referrers (created_at, id);

ALTER TABLE disciples ADD COLUMN review_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE disciples ADD COLUMN reviewed_at BIGINT;
