-- 0181: a deleted row's text leaves the admin search's full-text indexes
-- at once (FTS5 secure-delete), instead of lingering in older index
-- segments until a merge: an erased person's name and address must not
-- stay readable in the database file. The one-time optimize drops what
-- earlier deletes left behind.
INSERT INTO users_fts (users_fts, rank) VALUES ('secure-delete', 1);
INSERT INTO volunteers_fts (volunteers_fts, rank) VALUES ('secure-delete', 1);
INSERT INTO disciples_fts (disciples_fts, rank) VALUES ('secure-delete', 1);
INSERT INTO hosts_fts (hosts_fts, rank) VALUES ('secure-delete', 1);
INSERT INTO messages_fts (messages_fts, rank) VALUES ('secure-delete', 1);
INSERT INTO referrers_fts (referrers_fts, rank) VALUES ('secure-delete', 1);
INSERT INTO donations_fts (donations_fts, rank) VALUES ('secure-delete', 1);
INSERT INTO users_fts (users_fts) VALUES ('optimize');
INSERT INTO volunteers_fts (volunteers_fts) VALUES ('optimize');
INSERT INTO disciples_fts (disciples_fts) VALUES ('optimize');
INSERT INTO hosts_fts (hosts_fts) VALUES ('optimize');
INSERT INTO messages_fts (messages_fts) VALUES ('optimize');
INSERT INTO referrers_fts (referrers_fts) VALUES ('optimize');
INSERT INTO donations_fts (donations_fts) VALUES ('optimize');
