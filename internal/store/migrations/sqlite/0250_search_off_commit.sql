-- 0250: the admin search's full-text indexes are brought up to date off
-- the commit path. A new row used to be indexed by a trigger inside the
-- transaction that saved it: a thousand trigram entries and a new index
-- segment per form, inside the one transaction SQLite can write at a
-- time. Now a form's transaction only saves the row; the store indexes
-- the new rows of each table in one batch, several times a second and
-- before any search of that table, so a search always finds every saved
-- row.
--
-- search_indexed.upto is the largest rowid of each table whose text is in
-- its indexes: every row up to it is indexed, no row after it is. Edits
-- and deletes of indexed rows keep updating the indexes at once through
-- triggers (those of rows not yet indexed change nothing: the batch
-- reads their latest text). A delete lowers upto when it removes the
-- table's last indexed rows, so that a rowid SQLite gives again to a new
-- row is indexed again.
CREATE TABLE search_indexed (
    tbl  TEXT PRIMARY KEY,
    upto INTEGER NOT NULL
);

INSERT INTO search_indexed (tbl, upto) SELECT 'users', COALESCE(MAX(rowid), 0) FROM users;
DROP TRIGGER users_fts_insert;
DROP TRIGGER users_fts_delete;
DROP TRIGGER users_fts_update;
DROP TRIGGER users_words_insert;
DROP TRIGGER users_words_delete;
DROP TRIGGER users_words_update;
CREATE TRIGGER users_search_delete AFTER DELETE ON users WHEN old.rowid <= (SELECT upto FROM search_indexed WHERE tbl = 'users') BEGIN
    INSERT INTO users_fts (users_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO users_words (users_words, rowid, search) VALUES ('delete', old.rowid, old.search);
    UPDATE search_indexed SET upto = (SELECT COALESCE(MAX(rowid), 0) FROM users)
        WHERE tbl = 'users' AND upto > (SELECT COALESCE(MAX(rowid), 0) FROM users);
END;
CREATE TRIGGER users_search_update AFTER UPDATE OF search ON users WHEN old.rowid <= (SELECT upto FROM search_indexed WHERE tbl = 'users') BEGIN
    INSERT INTO users_fts (users_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO users_words (users_words, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO users_fts (rowid, search) VALUES (new.rowid, new.search);
    INSERT INTO users_words (rowid, search) VALUES (new.rowid, new.search);
END;

INSERT INTO search_indexed (tbl, upto) SELECT 'volunteers', COALESCE(MAX(rowid), 0) FROM volunteers;
DROP TRIGGER volunteers_fts_insert;
DROP TRIGGER volunteers_fts_delete;
DROP TRIGGER volunteers_fts_update;
DROP TRIGGER volunteers_words_insert;
DROP TRIGGER volunteers_words_delete;
DROP TRIGGER volunteers_words_update;
CREATE TRIGGER volunteers_search_delete AFTER DELETE ON volunteers WHEN old.rowid <= (SELECT upto FROM search_indexed WHERE tbl = 'volunteers') BEGIN
    INSERT INTO volunteers_fts (volunteers_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO volunteers_words (volunteers_words, rowid, search) VALUES ('delete', old.rowid, old.search);
    UPDATE search_indexed SET upto = (SELECT COALESCE(MAX(rowid), 0) FROM volunteers)
        WHERE tbl = 'volunteers' AND upto > (SELECT COALESCE(MAX(rowid), 0) FROM volunteers);
END;
CREATE TRIGGER volunteers_search_update AFTER UPDATE OF search ON volunteers WHEN old.rowid <= (SELECT upto FROM search_indexed WHERE tbl = 'volunteers') BEGIN
    INSERT INTO volunteers_fts (volunteers_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO volunteers_words (volunteers_words, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO volunteers_fts (rowid, search) VALUES (new.rowid, new.search);
    INSERT INTO volunteers_words (rowid, search) VALUES (new.rowid, new.search);
END;

INSERT INTO search_indexed (tbl, upto) SELECT 'disciples', COALESCE(MAX(rowid), 0) FROM disciples;
DROP TRIGGER disciples_fts_insert;
DROP TRIGGER disciples_fts_delete;
DROP TRIGGER disciples_fts_update;
DROP TRIGGER disciples_words_insert;
DROP TRIGGER disciples_words_delete;
DROP TRIGGER disciples_words_update;
CREATE TRIGGER disciples_search_delete AFTER DELETE ON disciples WHEN old.rowid <= (SELECT upto FROM search_indexed WHERE tbl = 'disciples') BEGIN
    INSERT INTO disciples_fts (disciples_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO disciples_words (disciples_words, rowid, search) VALUES ('delete', old.rowid, old.search);
    UPDATE search_indexed SET upto = (SELECT COALESCE(MAX(rowid), 0) FROM disciples)
        WHERE tbl = 'disciples' AND upto > (SELECT COALESCE(MAX(rowid), 0) FROM disciples);
END;
CREATE TRIGGER disciples_search_update AFTER UPDATE OF search ON disciples WHEN old.rowid <= (SELECT upto FROM search_indexed WHERE tbl = 'disciples') BEGIN
    INSERT INTO disciples_fts (disciples_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO disciples_words (disciples_words, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO disciples_fts (rowid, search) VALUES (new.rowid, new.search);
    INSERT INTO disciples_words (rowid, search) VALUES (new.rowid, new.search);
END;

INSERT INTO search_indexed (tbl, upto) SELECT 'hosts', COALESCE(MAX(rowid), 0) FROM hosts;
DROP TRIGGER hosts_fts_insert;
DROP TRIGGER hosts_fts_delete;
DROP TRIGGER hosts_fts_update;
DROP TRIGGER hosts_words_insert;
DROP TRIGGER hosts_words_delete;
DROP TRIGGER hosts_words_update;
CREATE TRIGGER hosts_search_delete AFTER DELETE ON hosts WHEN old.rowid <= (SELECT upto FROM search_indexed WHERE tbl = 'hosts') BEGIN
    INSERT INTO hosts_fts (hosts_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO hosts_words (hosts_words, rowid, search) VALUES ('delete', old.rowid, old.search);
    UPDATE search_indexed SET upto = (SELECT COALESCE(MAX(rowid), 0) FROM hosts)
        WHERE tbl = 'hosts' AND upto > (SELECT COALESCE(MAX(rowid), 0) FROM hosts);
END;
CREATE TRIGGER hosts_search_update AFTER UPDATE OF search ON hosts WHEN old.rowid <= (SELECT upto FROM search_indexed WHERE tbl = 'hosts') BEGIN
    INSERT INTO hosts_fts (hosts_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO hosts_words (hosts_words, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO hosts_fts (rowid, search) VALUES (new.rowid, new.search);
    INSERT INTO hosts_words (rowid, search) VALUES (new.rowid, new.search);
END;

INSERT INTO search_indexed (tbl, upto) SELECT 'messages', COALESCE(MAX(rowid), 0) FROM messages;
DROP TRIGGER messages_fts_insert;
DROP TRIGGER messages_fts_delete;
DROP TRIGGER messages_fts_update;
DROP TRIGGER messages_words_insert;
DROP TRIGGER messages_words_delete;
DROP TRIGGER messages_words_update;
CREATE TRIGGER messages_search_delete AFTER DELETE ON messages WHEN old.rowid <= (SELECT upto FROM search_indexed WHERE tbl = 'messages') BEGIN
    INSERT INTO messages_fts (messages_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO messages_words (messages_words, rowid, search) VALUES ('delete', old.rowid, old.search);
    UPDATE search_indexed SET upto = (SELECT COALESCE(MAX(rowid), 0) FROM messages)
        WHERE tbl = 'messages' AND upto > (SELECT COALESCE(MAX(rowid), 0) FROM messages);
END;
CREATE TRIGGER messages_search_update AFTER UPDATE OF search ON messages WHEN old.rowid <= (SELECT upto FROM search_indexed WHERE tbl = 'messages') BEGIN
    INSERT INTO messages_fts (messages_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO messages_words (messages_words, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO messages_fts (rowid, search) VALUES (new.rowid, new.search);
    INSERT INTO messages_words (rowid, search) VALUES (new.rowid, new.search);
END;

INSERT INTO search_indexed (tbl, upto) SELECT 'referrers', COALESCE(MAX(rowid), 0) FROM referrers;
DROP TRIGGER referrers_fts_insert;
DROP TRIGGER referrers_fts_delete;
DROP TRIGGER referrers_fts_update;
DROP TRIGGER referrers_words_insert;
DROP TRIGGER referrers_words_delete;
DROP TRIGGER referrers_words_update;
CREATE TRIGGER referrers_search_delete AFTER DELETE ON referrers WHEN old.rowid <= (SELECT upto FROM search_indexed WHERE tbl = 'referrers') BEGIN
    INSERT INTO referrers_fts (referrers_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO referrers_words (referrers_words, rowid, search) VALUES ('delete', old.rowid, old.search);
    UPDATE search_indexed SET upto = (SELECT COALESCE(MAX(rowid), 0) FROM referrers)
        WHERE tbl = 'referrers' AND upto > (SELECT COALESCE(MAX(rowid), 0) FROM referrers);
END;
CREATE TRIGGER referrers_search_update AFTER UPDATE OF search ON referrers WHEN old.rowid <= (SELECT upto FROM search_indexed WHERE tbl = 'referrers') BEGIN
    INSERT INTO referrers_fts (referrers_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO referrers_words (referrers_words, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO referrers_fts (rowid, search) VALUES (new.rowid, new.search);
    INSERT INTO referrers_words (rowid, search) VALUES (new.rowid, new.search);
END;

INSERT INTO search_indexed (tbl, upto) SELECT 'donations', COALESCE(MAX(rowid), 0) FROM donations;
DROP TRIGGER donations_fts_insert;
DROP TRIGGER donations_fts_delete;
DROP TRIGGER donations_fts_update;
DROP TRIGGER donations_words_insert;
DROP TRIGGER donations_words_delete;
DROP TRIGGER donations_words_update;
CREATE TRIGGER donations_search_delete AFTER DELETE ON donations WHEN old.rowid <= (SELECT upto FROM search_indexed WHERE tbl = 'donations') BEGIN
    INSERT INTO donations_fts (donations_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO donations_words (donations_words, rowid, search) VALUES ('delete', old.rowid, old.search);
    UPDATE search_indexed SET upto = (SELECT COALESCE(MAX(rowid), 0) FROM donations)
        WHERE tbl = 'donations' AND upto > (SELECT COALESCE(MAX(rowid), 0) FROM donations);
END;
CREATE TRIGGER donations_search_update AFTER UPDATE OF search ON donations WHEN old.rowid <= (SELECT upto FROM search_indexed WHERE tbl = 'donations') BEGIN
    INSERT INTO donations_fts (donations_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO donations_words (donations_words, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO donations_fts (rowid, search) VALUES (new.rowid, new.search);
    INSERT INTO donations_words (rowid, search) VALUES (new.rowid, new.search);
END;

INSERT INTO search_indexed (tbl, upto) SELECT 'grievances', COALESCE(MAX(rowid), 0) FROM grievances;
DROP TRIGGER grievances_fts_insert;
DROP TRIGGER grievances_fts_delete;
DROP TRIGGER grievances_fts_update;
DROP TRIGGER grievances_words_insert;
DROP TRIGGER grievances_words_delete;
DROP TRIGGER grievances_words_update;
CREATE TRIGGER grievances_search_delete AFTER DELETE ON grievances WHEN old.rowid <= (SELECT upto FROM search_indexed WHERE tbl = 'grievances') BEGIN
    INSERT INTO grievances_fts (grievances_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO grievances_words (grievances_words, rowid, search) VALUES ('delete', old.rowid, old.search);
    UPDATE search_indexed SET upto = (SELECT COALESCE(MAX(rowid), 0) FROM grievances)
        WHERE tbl = 'grievances' AND upto > (SELECT COALESCE(MAX(rowid), 0) FROM grievances);
END;
CREATE TRIGGER grievances_search_update AFTER UPDATE OF search ON grievances WHEN old.rowid <= (SELECT upto FROM search_indexed WHERE tbl = 'grievances') BEGIN
    INSERT INTO grievances_fts (grievances_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO grievances_words (grievances_words, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO grievances_fts (rowid, search) VALUES (new.rowid, new.search);
    INSERT INTO grievances_words (rowid, search) VALUES (new.rowid, new.search);
END;
