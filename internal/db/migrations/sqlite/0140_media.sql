-- Pictures (and the banner video) uploaded by admins. media is what an
-- admin picked (its alt text, its size as uploaded after re-encoding);
-- media_files are the re-encoded files served to visitors, one per
-- width, named by a hash of their bytes so they can be cached forever.
-- Kept in the database so that several instances share them.
CREATE TABLE media (
    id         TEXT PRIMARY KEY,
    kind       TEXT NOT NULL,              -- image or video
    alt        TEXT NOT NULL DEFAULT '',
    width      INTEGER NOT NULL DEFAULT 0,
    height     INTEGER NOT NULL DEFAULT 0,
    version    INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX media_created_id ON media (created_at, id);

CREATE TABLE media_files (
    name         TEXT PRIMARY KEY,         -- <hash>.<ext>
    media_id     TEXT NOT NULL,
    width        INTEGER NOT NULL DEFAULT 0,
    height       INTEGER NOT NULL DEFAULT 0,
    content_type TEXT NOT NULL,
    size         BIGINT NOT NULL,
    body         BLOB NOT NULL
);
CREATE INDEX media_files_media ON media_files (media_id, width);
