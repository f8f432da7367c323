-- 0200: the language of each account (the site's pages, its emails) and
-- of each submission (the emails about it go in the language it was sent
-- in): en, hi or bn. Rows made before this step are English.
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE volunteers ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE hosts ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE messages ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE disciples ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE donations ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE grievances ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
