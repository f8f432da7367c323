-- 0184: the admin search over grievances, a trigram FTS5 index like the
-- other lists'.
CREATE VIRTUAL TABLE grievances_fts USING fts5(search, content='grievances', tokenize='trigram');
CREATE TRIGGER grievances_fts_insert AFTER INSERT ON grievances BEGIN
    INSERT INTO grievances_fts (rowid, search) VALUES (new.rowid, new.search);
END;
CREATE TRIGGER grievances_fts_delete AFTER DELETE ON grievances BEGIN
    INSERT INTO grievances_fts (grievances_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
END;
CREATE TRIGGER grievances_fts_update AFTER UPDATE OF search ON grievances BEGIN
    INSERT INTO grievances_fts (grievances_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO grievances_fts (rowid, search) VALUES (new.rowid, new.search);
END;
INSERT INTO grievances_fts (grievances_fts, rank) VALUES ('secure-delete', 1);
