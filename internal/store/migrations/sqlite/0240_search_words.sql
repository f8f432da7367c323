-- 0240: a word index beside each trigram index of the admin search. A
-- search first looks for its term as whole words (each word of the term a
-- whole word of the record, in any order); FTS5's unicode61 words answer
-- that in about a millisecond at a million rows, where the trigram index
-- needs tens of milliseconds for a term of several words. The trigram
-- index stays for terms that are found only inside longer words.
-- Triggers keep each index in step with every insert, update of `search`
-- and delete, and deleted words are removed from the index's pages
-- (secure-delete), as for the trigram index.

CREATE VIRTUAL TABLE users_words USING fts5(search, content='users', tokenize='unicode61');
INSERT INTO users_words (users_words, rank) VALUES ('secure-delete', 1);
CREATE TRIGGER users_words_insert AFTER INSERT ON users BEGIN
    INSERT INTO users_words (rowid, search) VALUES (new.rowid, new.search);
END;
CREATE TRIGGER users_words_delete AFTER DELETE ON users BEGIN
    INSERT INTO users_words (users_words, rowid, search) VALUES ('delete', old.rowid, old.search);
END;
CREATE TRIGGER users_words_update AFTER UPDATE OF search ON users BEGIN
    INSERT INTO users_words (users_words, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO users_words (rowid, search) VALUES (new.rowid, new.search);
END;
INSERT INTO users_words (users_words) VALUES ('rebuild');

CREATE VIRTUAL TABLE volunteers_words USING fts5(search, content='volunteers', tokenize='unicode61');
INSERT INTO volunteers_words (volunteers_words, rank) VALUES ('secure-delete', 1);
CREATE TRIGGER volunteers_words_insert AFTER INSERT ON volunteers BEGIN
    INSERT INTO volunteers_words (rowid, search) VALUES (new.rowid, new.search);
END;
CREATE TRIGGER volunteers_words_delete AFTER DELETE ON volunteers BEGIN
    INSERT INTO volunteers_words (volunteers_words, rowid, search) VALUES ('delete', old.rowid, old.search);
END;
CREATE TRIGGER volunteers_words_update AFTER UPDATE OF search ON volunteers BEGIN
    INSERT INTO volunteers_words (volunteers_words, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO volunteers_words (rowid, search) VALUES (new.rowid, new.search);
END;
INSERT INTO volunteers_words (volunteers_words) VALUES ('rebuild');

CREATE VIRTUAL TABLE disciples_words USING fts5(search, content='disciples', tokenize='unicode61');
INSERT INTO disciples_words (disciples_words, rank) VALUES ('secure-delete', 1);
CREATE TRIGGER disciples_words_insert AFTER INSERT ON disciples BEGIN
    INSERT INTO disciples_words (rowid, search) VALUES (new.rowid, new.search);
END;
CREATE TRIGGER disciples_words_delete AFTER DELETE ON disciples BEGIN
    INSERT INTO disciples_words (disciples_words, rowid, search) VALUES ('delete', old.rowid, old.search);
END;
CREATE TRIGGER disciples_words_update AFTER UPDATE OF search ON disciples BEGIN
    INSERT INTO disciples_words (disciples_words, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO disciples_words (rowid, search) VALUES (new.rowid, new.search);
END;
INSERT INTO disciples_words (disciples_words) VALUES ('rebuild');

CREATE VIRTUAL TABLE hosts_words USING fts5(search, content='hosts', tokenize='unicode61');
INSERT INTO hosts_words (hosts_words, rank) VALUES ('secure-delete', 1);
CREATE TRIGGER hosts_words_insert AFTER INSERT ON hosts BEGIN
    INSERT INTO hosts_words (rowid, search) VALUES (new.rowid, new.search);
END;
CREATE TRIGGER hosts_words_delete AFTER DELETE ON hosts BEGIN
    INSERT INTO hosts_words (hosts_words, rowid, search) VALUES ('delete', old.rowid, old.search);
END;
CREATE TRIGGER hosts_words_update AFTER UPDATE OF search ON hosts BEGIN
    INSERT INTO hosts_words (hosts_words, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO hosts_words (rowid, search) VALUES (new.rowid, new.search);
END;
INSERT INTO hosts_words (hosts_words) VALUES ('rebuild');

CREATE VIRTUAL TABLE messages_words USING fts5(search, content='messages', tokenize='unicode61');
INSERT INTO messages_words (messages_words, rank) VALUES ('secure-delete', 1);
CREATE TRIGGER messages_words_insert AFTER INSERT ON messages BEGIN
    INSERT INTO messages_words (rowid, search) VALUES (new.rowid, new.search);
END;
CREATE TRIGGER messages_words_delete AFTER DELETE ON messages BEGIN
    INSERT INTO messages_words (messages_words, rowid, search) VALUES ('delete', old.rowid, old.search);
END;
CREATE TRIGGER messages_words_update AFTER UPDATE OF search ON messages BEGIN
    INSERT INTO messages_words (messages_words, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO messages_words (rowid, search) VALUES (new.rowid, new.search);
END;
INSERT INTO messages_words (messages_words) VALUES ('rebuild');

CREATE VIRTUAL TABLE referrers_words USING fts5(search, content='referrers', tokenize='unicode61');
INSERT INTO referrers_words (referrers_words, rank) VALUES ('secure-delete', 1);
CREATE TRIGGER referrers_words_insert AFTER INSERT ON referrers BEGIN
    INSERT INTO referrers_words (rowid, search) VALUES (new.rowid, new.search);
END;
CREATE TRIGGER referrers_words_delete AFTER DELETE ON referrers BEGIN
    INSERT INTO referrers_words (referrers_words, rowid, search) VALUES ('delete', old.rowid, old.search);
END;
CREATE TRIGGER referrers_words_update AFTER UPDATE OF search ON referrers BEGIN
    INSERT INTO referrers_words (referrers_words, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO referrers_words (rowid, search) VALUES (new.rowid, new.search);
END;
INSERT INTO referrers_words (referrers_words) VALUES ('rebuild');

CREATE VIRTUAL TABLE donations_words USING fts5(search, content='donations', tokenize='unicode61');
INSERT INTO donations_words (donations_words, rank) VALUES ('secure-delete', 1);
CREATE TRIGGER donations_words_insert AFTER INSERT ON donations BEGIN
    INSERT INTO donations_words (rowid, search) VALUES (new.rowid, new.search);
END;
CREATE TRIGGER donations_words_delete AFTER DELETE ON donations BEGIN
    INSERT INTO donations_words (donations_words, rowid, search) VALUES ('delete', old.rowid, old.search);
END;
CREATE TRIGGER donations_words_update AFTER UPDATE OF search ON donations BEGIN
    INSERT INTO donations_words (donations_words, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO donations_words (rowid, search) VALUES (new.rowid, new.search);
END;
INSERT INTO donations_words (donations_words) VALUES ('rebuild');

CREATE VIRTUAL TABLE grievances_words USING fts5(search, content='grievances', tokenize='unicode61');
INSERT INTO grievances_words (grievances_words, rank) VALUES ('secure-delete', 1);
CREATE TRIGGER grievances_words_insert AFTER INSERT ON grievances BEGIN
    INSERT INTO grievances_words (rowid, search) VALUES (new.rowid, new.search);
END;
CREATE TRIGGER grievances_words_delete AFTER DELETE ON grievances BEGIN
    INSERT INTO grievances_words (grievances_words, rowid, search) VALUES ('delete', old.rowid, old.search);
END;
CREATE TRIGGER grievances_words_update AFTER UPDATE OF search ON grievances BEGIN
    INSERT INTO grievances_words (grievances_words, rowid, search) VALUES ('delete', old.rowid, old.search);
    INSERT INTO grievances_words (rowid, search) VALUES (new.rowid, new.search);
END;
INSERT INTO grievances_words (grievances_words) VALUES ('rebuild');
