-- 0201: the admin search over referrers. Where pg_trgm was installed (see
-- 0080), a trigram index serves it; otherwise it stays a scan.
DO $$
DECLARE
	ext_schema text;
BEGIN
	SELECT n.nspname INTO ext_schema
		FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
		WHERE e.extname = 'pg_trgm';
	IF ext_schema IS NOT NULL THEN
		EXECUTE format('CREATE INDEX referrers_search_trgm ON referrers USING gin (search %I.gin_trgm_ops)', ext_schema);
	END IF;
END
$$;
