-- 0270: the full-text indexes merge their segments sixteen at a time
-- instead of four. Each batch of new rows writes a small segment, and
-- FTS5 merged every four segments of a level into one of the next: at a
-- million rows a new row's postings were rewritten six times or more on
-- their way up, and those merges were most of the single writer's work
-- while forms poured in (about three quarters of a batch's cost). Sixteen
-- at a time rewrites them about half as often and in a third of the
-- time; the segments this leaves are merged by the indexer once the
-- tables are quiet (see search_index.go).

INSERT INTO users_fts (users_fts, rank) VALUES ('automerge', 16);
INSERT INTO users_words (users_words, rank) VALUES ('automerge', 16);
INSERT INTO volunteers_fts (volunteers_fts, rank) VALUES ('automerge', 16);
INSERT INTO volunteers_words (volunteers_words, rank) VALUES ('automerge', 16);
INSERT INTO disciples_fts (disciples_fts, rank) VALUES ('automerge', 16);
INSERT INTO disciples_words (disciples_words, rank) VALUES ('automerge', 16);
INSERT INTO hosts_fts (hosts_fts, rank) VALUES ('automerge', 16);
INSERT INTO hosts_words (hosts_words, rank) VALUES ('automerge', 16);
INSERT INTO messages_fts (messages_fts, rank) VALUES ('automerge', 16);
INSERT INTO messages_words (messages_words, rank) VALUES ('automerge', 16);
INSERT INTO referrers_fts (referrers_fts, rank) VALUES ('automerge', 16);
INSERT INTO referrers_words (referrers_words, rank) VALUES ('automerge', 16);
INSERT INTO donations_fts (donations_fts, rank) VALUES ('automerge', 16);
INSERT INTO donations_words (donations_words, rank) VALUES ('automerge', 16);
INSERT INTO grievances_fts (grievances_fts, rank) VALUES ('automerge', 16);
INSERT INTO grievances_words (grievances_words, rank) VALUES ('automerge', 16);
