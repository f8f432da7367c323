-- 0330: the conditions an admin must hear about (mail failing for an
-- hour, a failed scheduled backup, a full disk, a certificate not renewed),
-- one row per kind while it lasts, for the dashboard's banner.
CREATE TABLE ops_alerts (
    kind       TEXT PRIMARY KEY,
    detail     TEXT NOT NULL DEFAULT '',
    since      BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
