-- 0260: each row keeps its search words as a stored column, computed by
-- PostgreSQL when the row is written, and the word index is built on it.
-- A list that walks the sort's index and tests each row for a common
-- word (a deep page of "nurse", a third of the rows) read each row's
-- search text and split it into words again, about 30 microseconds a
-- row; reading the stored words is many times cheaper. Queries match
-- search_words @@ plainto_tsquery('simple', term), which the index
-- answers. (Adding the column rewrites each table once.)
ALTER TABLE users ADD COLUMN search_words tsvector GENERATED ALWAYS AS (to_tsvector('simple', search)) STORED;
DROP INDEX users_search_words;
CREATE INDEX users_search_words ON users USING gin (search_words);
ALTER TABLE volunteers ADD COLUMN search_words tsvector GENERATED ALWAYS AS (to_tsvector('simple', search)) STORED;
DROP INDEX volunteers_search_words;
CREATE INDEX volunteers_search_words ON volunteers USING gin (search_words);
ALTER TABLE disciples ADD COLUMN search_words tsvector GENERATED ALWAYS AS (to_tsvector('simple', search)) STORED;
DROP INDEX disciples_search_words;
CREATE INDEX disciples_search_words ON disciples USING gin (search_words);
ALTER TABLE hosts ADD COLUMN search_words tsvector GENERATED ALWAYS AS (to_tsvector('simple', search)) STORED;
DROP INDEX hosts_search_words;
CREATE INDEX hosts_search_words ON hosts USING gin (search_words);
ALTER TABLE messages ADD COLUMN search_words tsvector GENERATED ALWAYS AS (to_tsvector('simple', search)) STORED;
DROP INDEX messages_search_words;
CREATE INDEX messages_search_words ON messages USING gin (search_words);
ALTER TABLE referrers ADD COLUMN search_words tsvector GENERATED ALWAYS AS (to_tsvector('simple', search)) STORED;
DROP INDEX referrers_search_words;
CREATE INDEX referrers_search_words ON referrers USING gin (search_words);
ALTER TABLE donations ADD COLUMN search_words tsvector GENERATED ALWAYS AS (to_tsvector('simple', search)) STORED;
DROP INDEX donations_search_words;
CREATE INDEX donations_search_words ON donations USING gin (search_words);
ALTER TABLE grievances ADD COLUMN search_words tsvector GENERATED ALWAYS AS (to_tsvector('simple', search)) STORED;
DROP INDEX grievances_search_words;
CREATE INDEX grievances_search_words ON grievances USING gin (search_words);
