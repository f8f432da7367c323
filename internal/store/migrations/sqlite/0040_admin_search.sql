-- 0040: the admin dashboard's search. Each list is searched with a literal
-- substring match over its lower-cased `search` column; a plain LIKE scan
-- of 100,000 rows takes ~160 ms on SQLite, so a trigram FTS5 index (an
-- external-content table over the base table's rowid) finds the candidate
-- rows and LIKE confirms them. Triggers keep each index in step with every
-- insert, update of `search` and delete, whoever writes the row.

CREATE VIRTUAL TABLE users_fts USING fts5(search, content='users', tokenize='trigram');
CREATE TRIGGER users_fts_insert AFTER INSERT ON users BEGIN
    INSERT INTO users_fts (rowid, search) VALUES (new.rowid, new.search);
END;
CREATE TRIGGER users_fts_delete AFTER DELETE ON users BEGIN
    INSERT INTO users_fts (users_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
END;
CREATE TRIGGER users_fts_update AFTER UPDATE OF search ON users BEGIN
    INSERT INTO users_fts (users_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO users_fts (rowid, search) VALUES (new.rowid, new.search);
END;
INSERT INTO users_fts (users_fts) VALUES ('rebuild');

CREATE VIRTUAL TABLE volunteers_fts USING fts5(search, content='volunteers', tokenize='trigram');
CREATE TRIGGER volunteers_fts_insert AFTER INSERT ON volunteers BEGIN
    INSERT INTO volunteers_fts (rowid, search) VALUES (new.rowid, new.search);
END;
CREATE TRIGGER volunteers_fts_delete AFTER DELETE ON volunteers BEGIN
    INSERT INTO volunteers_fts (volunteers_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
END;
CREATE TRIGGER volunteers_fts_update AFTER UPDATE OF search ON volunteers BEGIN
    INSERT INTO volunteers_fts (volunteers_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO volunteers_fts (rowid, search) VALUES (new.rowid, new.search);
END;
INSERT INTO volunteers_fts (volunteers_fts) VALUES ('rebuild');

CREATE VIRTUAL TABLE disciples_fts USING fts5(search, content='disciples', tokenize='trigram');
CREATE TRIGGER disciples_fts_insert AFTER INSERT ON disciples BEGIN
    INSERT INTO disciples_fts (rowid, search) VALUES (new.rowid, new.search);
END;
CREATE TRIGGER disciples_fts_delete AFTER DELETE ON disciples BEGIN
    INSERT INTO disciples_fts (disciples_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
END;
CREATE TRIGGER disciples_fts_update AFTER UPDATE OF search ON disciples BEGIN
    INSERT INTO disciples_fts (disciples_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO disciples_fts (rowid, search) VALUES (new.rowid, new.search);
END;
INSERT INTO disciples_fts (disciples_fts) VALUES ('rebuild');

CREATE VIRTUAL TABLE hosts_fts USING fts5(search, content='hosts', tokenize='trigram');
CREATE TRIGGER hosts_fts_insert AFTER INSERT ON hosts BEGIN
    INSERT INTO hosts_fts (rowid, search) VALUES (new.rowid, new.search);
END;
CREATE TRIGGER hosts_fts_delete AFTER DELETE ON hosts BEGIN
    INSERT INTO hosts_fts (hosts_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
END;
CREATE TRIGGER hosts_fts_update AFTER UPDATE OF search ON hosts BEGIN
    INSERT INTO hosts_fts (hosts_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO hosts_fts (rowid, search) VALUES (new.rowid, new.search);
END;
INSERT INTO hosts_fts (hosts_fts) VALUES ('rebuild');

CREATE VIRTUAL TABLE messages_fts USING fts5(search, content='messages', tokenize='trigram');
CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
    INSERT INTO messages_fts (rowid, search) VALUES (new.rowid, new.search);
END;
CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
    INSERT INTO messages_fts (messages_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
END;
CREATE TRIGGER messages_fts_update AFTER UPDATE OF search ON messages BEGIN
    INSERT INTO messages_fts (messages_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO messages_fts (rowid, search) VALUES (new.rowid, new.search);
END;
INSERT INTO messages_fts (messages_fts) VALUES ('rebuild');

-- The audit log is also read per record.
CREATE INDEX audit_log_entity ON audit_log (entity, entity_id);
