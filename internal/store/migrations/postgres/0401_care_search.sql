-- 0401: the admin search over care records and partners, as for the other
-- lists: the stored search words with their word index, and where pg_trgm
-- was installed a trigram index for terms found inside longer words.
ALTER TABLE care_records ADD COLUMN search_words tsvector GENERATED ALWAYS AS (to_tsvector('simple', search)) STORED;
CREATE INDEX care_records_search_words ON care_records USING gin (search_words);
ALTER TABLE care_partners ADD COLUMN search_words tsvector GENERATED ALWAYS AS (to_tsvector('simple', search)) STORED;
CREATE INDEX care_partners_search_words ON care_partners USING gin (search_words);
DO $$
DECLARE
	ext_schema text;
BEGIN
	SELECT n.nspname INTO ext_schema
		FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
		WHERE e.extname = 'pg_trgm';
	IF ext_schema IS NOT NULL THEN
		EXECUTE format('CREATE INDEX care_records_search_trgm ON care_records USING gin (search %I.gin_trgm_ops)', ext_schema);
		EXECUTE format('CREATE INDEX care_partners_search_trgm ON care_partners USING gin (search %I.gin_trgm_ops)', ext_schema);
	END IF;
END
$$;
