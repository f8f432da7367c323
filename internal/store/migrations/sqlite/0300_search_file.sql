-- 0300: the admin search's full-text indexes move out of this file into a
-- file of their own beside it (the database's name followed by
-- "-search"), written by a connection of their own. Indexing a batch of
-- new rows took about a fifth of the one writer's time while forms poured
-- in, and every form waited behind it; in a file of its own it runs
-- beside the forms' commits. The store creates the indexes there and
-- fills them from the tables (see search_file.go).
--
-- Triggers cannot reach another file, so an edit of a row's search text
-- or a delete now appends the row to search_changes, in the same
-- transaction as the change. The indexer applies the changes and then
-- deletes them here; a search applies its table's changes first, as it
-- indexes its new rows first. Only the table and rowid are kept, never
-- the text.
--
-- search_file.generation names the pair of files: the index file records
-- the generation it was built for, and a database restored from a copy
-- (which gets a generation of its own) rebuilds its indexes rather than
-- trust a file built for another.

DROP TRIGGER users_search_delete;
DROP TRIGGER users_search_update;
DROP TABLE users_fts;
DROP TABLE users_words;

DROP TRIGGER volunteers_search_delete;
DROP TRIGGER volunteers_search_update;
DROP TABLE volunteers_fts;
DROP TABLE volunteers_words;

DROP TRIGGER disciples_search_delete;
DROP TRIGGER disciples_search_update;
DROP TABLE disciples_fts;
DROP TABLE disciples_words;

DROP TRIGGER hosts_search_delete;
DROP TRIGGER hosts_search_update;
DROP TABLE hosts_fts;
DROP TABLE hosts_words;

DROP TRIGGER messages_search_delete;
DROP TRIGGER messages_search_update;
DROP TABLE messages_fts;
DROP TABLE messages_words;

DROP TRIGGER referrers_search_delete;
DROP TRIGGER referrers_search_update;
DROP TABLE referrers_fts;
DROP TABLE referrers_words;

DROP TRIGGER donations_search_delete;
DROP TRIGGER donations_search_update;
DROP TABLE donations_fts;
DROP TABLE donations_words;

DROP TRIGGER grievances_search_delete;
DROP TRIGGER grievances_search_update;
DROP TABLE grievances_fts;
DROP TABLE grievances_words;

DROP TABLE search_indexed;

CREATE TABLE search_changes (
    id  INTEGER PRIMARY KEY,
    tbl TEXT NOT NULL,
    row INTEGER NOT NULL
);
CREATE INDEX search_changes_tbl ON search_changes (tbl, id);

CREATE TABLE search_file (generation TEXT NOT NULL);
INSERT INTO search_file (generation) VALUES (lower(hex(randomblob(16))));

CREATE TRIGGER users_search_delete AFTER DELETE ON users BEGIN
    INSERT INTO search_changes (tbl, row) VALUES ('users', old.rowid);
END;
CREATE TRIGGER users_search_update AFTER UPDATE OF search ON users WHEN new.search IS NOT old.search BEGIN
    INSERT INTO search_changes (tbl, row) VALUES ('users', new.rowid);
END;

CREATE TRIGGER volunteers_search_delete AFTER DELETE ON volunteers BEGIN
    INSERT INTO search_changes (tbl, row) VALUES ('volunteers', old.rowid);
END;
CREATE TRIGGER volunteers_search_update AFTER UPDATE OF search ON volunteers WHEN new.search IS NOT old.search BEGIN
    INSERT INTO search_changes (tbl, row) VALUES ('volunteers', new.rowid);
END;

CREATE TRIGGER disciples_search_delete AFTER DELETE ON disciples BEGIN
    INSERT INTO search_changes (tbl, row) VALUES ('disciples', old.rowid);
END;
CREATE TRIGGER disciples_search_update AFTER UPDATE OF search ON disciples WHEN new.search IS NOT old.search BEGIN
    INSERT INTO search_changes (tbl, row) VALUES ('disciples', new.rowid);
END;

CREATE TRIGGER hosts_search_delete AFTER DELETE ON hosts BEGIN
    INSERT INTO search_changes (tbl, row) VALUES ('hosts', old.rowid);
END;
CREATE TRIGGER hosts_search_update AFTER UPDATE OF search ON hosts WHEN new.search IS NOT old.search BEGIN
    INSERT INTO search_changes (tbl, row) VALUES ('hosts', new.rowid);
END;

CREATE TRIGGER messages_search_delete AFTER DELETE ON messages BEGIN
    INSERT INTO search_changes (tbl, row) VALUES ('messages', old.rowid);
END;
CREATE TRIGGER messages_search_update AFTER UPDATE OF search ON messages WHEN new.search IS NOT old.search BEGIN
    INSERT INTO search_changes (tbl, row) VALUES ('messages', new.rowid);
END;

CREATE TRIGGER referrers_search_delete AFTER DELETE ON referrers BEGIN
    INSERT INTO search_changes (tbl, row) VALUES ('referrers', old.rowid);
END;
CREATE TRIGGER referrers_search_update AFTER UPDATE OF search ON referrers WHEN new.search IS NOT old.search BEGIN
    INSERT INTO search_changes (tbl, row) VALUES ('referrers', new.rowid);
END;

CREATE TRIGGER donations_search_delete AFTER DELETE ON donations BEGIN
    INSERT INTO search_changes (tbl, row) VALUES ('donations', old.rowid);
END;
CREATE TRIGGER donations_search_update AFTER UPDATE OF search ON donations WHEN new.search IS NOT old.search BEGIN
    INSERT INTO search_changes (tbl, row) VALUES ('donations', new.rowid);
END;

CREATE TRIGGER grievances_search_delete AFTER DELETE ON grievances BEGIN
    INSERT INTO search_changes (tbl, row) VALUES ('grievances', old.rowid);
END;
CREATE TRIGGER grievances_search_update AFTER UPDATE OF search ON grievances WHEN new.search IS NOT old.search BEGIN
    INSERT INTO search_changes (tbl, row) VALUES ('grievances', new.rowid);
END;
