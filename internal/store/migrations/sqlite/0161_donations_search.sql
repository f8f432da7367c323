-- 0161: the admin search over donations, a trigram FTS5 index like the
-- other lists'.
CREATE VIRTUAL TABLE donations_fts USING fts5(search, content='donations', tokenize='trigram');
CREATE TRIGGER donations_fts_insert AFTER INSERT ON donations BEGIN
    INSERT INTO donations_fts (rowid, search) VALUES (new.rowid, new.search);
END;
CREATE TRIGGER donations_fts_delete AFTER DELETE ON donations BEGIN
    INSERT INTO donations_fts (donations_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
END;
CREATE TRIGGER donations_fts_update AFTER UPDATE OF search ON donations BEGIN
    INSERT INTO donations_fts (donations_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO donations_fts (rowid, search) VALUES (new.rowid, new.search);
END;
