-- 0190: every submission gets a short reference its sender can read over
-- the phone (V-4K7Q-2M: a letter for the kind of form, then six characters
-- that cannot be mistaken for one another). Rows made before this step get
-- theirs when the store starts (see fillRefs); NULL until then, which the
-- unique indexes allow any number of times.
ALTER TABLE volunteers ADD COLUMN ref TEXT;
ALTER TABLE hosts ADD COLUMN ref TEXT;
ALTER TABLE messages ADD COLUMN ref TEXT;
ALTER TABLE disciples ADD COLUMN ref TEXT;
ALTER TABLE donations ADD COLUMN ref TEXT;
CREATE UNIQUE INDEX volunteers_ref ON volunteers (ref);
CREATE UNIQUE INDEX hosts_ref ON hosts (ref);
CREATE UNIQUE INDEX messages_ref ON messages (ref);
CREATE UNIQUE INDEX disciples_ref ON disciples (ref);
CREATE UNIQUE INDEX donations_ref ON donations (ref);
