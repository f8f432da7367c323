-- 0401: the admin search over care records and partners, as for the other
-- lists: an edit of a row's search text or a delete is queued for the
-- indexer, which keeps the search indexes in their own file.
CREATE TRIGGER care_records_search_delete AFTER DELETE ON care_records BEGIN
    INSERT INTO search_changes (tbl, row) VALUES ('care_records', old.rowid);
END;
CREATE TRIGGER care_records_search_update AFTER UPDATE OF search ON care_records WHEN new.search IS NOT old.search BEGIN
    INSERT INTO search_changes (tbl, row) VALUES ('care_records', new.rowid);
END;
CREATE TRIGGER care_partners_search_delete AFTER DELETE ON care_partners BEGIN
    INSERT INTO search_changes (tbl, row) VALUES ('care_partners', old.rowid);
END;
CREATE TRIGGER care_partners_search_update AFTER UPDATE OF search ON care_partners WHEN new.search IS NOT old.search BEGIN
    INSERT INTO search_changes (tbl, row) VALUES ('care_partners', new.rowid);
END;
