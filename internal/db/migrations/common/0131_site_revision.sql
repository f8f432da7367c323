-- A counter of changes to the site's content: every change of the
-- settings or of an item adds one, in the transaction of the change, so
-- each server instance can tell with one cheap query that its copy of
-- the public site is out of date.
ALTER TABLE site_settings ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;
