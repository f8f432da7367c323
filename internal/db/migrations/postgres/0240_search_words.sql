-- 0240: a word index beside each trigram index of the admin search. A
-- search first looks for its term as whole words (each word of the term,
-- in any order): to_tsvector('simple', search) @@ plainto_tsquery('simple', term),
-- written exactly so in the queries so that this GIN index answers it.
-- The 'simple' configuration keeps every word as written (no stemming, no
-- stop words), in any script. The trigram indexes stay for terms found
-- only inside longer words.
CREATE INDEX users_search_words ON users USING gin (to_tsvector('simple', search));
CREATE INDEX volunteers_search_words ON volunteers USING gin (to_tsvector('simple', search));
CREATE INDEX disciples_search_words ON disciples USING gin (to_tsvector('simple', search));
CREATE INDEX hosts_search_words ON hosts USING gin (to_tsvector('simple', search));
CREATE INDEX messages_search_words ON messages USING gin (to_tsvector('simple', search));
CREATE INDEX referrers_search_words ON referrers USING gin (to_tsvector('simple', search));
CREATE INDEX donations_search_words ON donations USING gin (to_tsvector('simple', search));
CREATE INDEX grievances_search_words ON grievances USING gin (to_tsvector('simple', search));
