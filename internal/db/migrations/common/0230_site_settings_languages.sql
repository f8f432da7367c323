-- The settings people read (the program's name, tagline, address, the
-- instructions for gifts from abroad) in Hindi and Bengali: one row per
-- language beside the English record in site_settings, which stays every
-- value's fallback. data holds the translated values ("fields") and the
-- English values they were translated from ("source"), so the dashboard
-- can tell a translation the English has since moved away from. version
-- is the __v conflict check of each language's row.
CREATE TABLE site_settings_languages (
    language   TEXT PRIMARY KEY,
    data       TEXT NOT NULL DEFAULT '{}',
    version    INTEGER NOT NULL DEFAULT 0,
    updated_at BIGINT NOT NULL
);
