-- 0080: on PostgreSQL, trigram GIN indexes for the admin search (a literal
-- `search LIKE '%term%'`), so a term of three or more characters no longer
-- scans the whole table (about 100-200 ms at 100,000 rows, 1-5 ms with the
-- index). pg_trgm ships with PostgreSQL and, since PostgreSQL 13, is a
-- trusted extension: a role that may create objects in the database may
-- install it. Where it cannot be installed (no rights, or the contrib files
-- are missing), this migration changes nothing and the search stays a scan:
-- slower, never wrong. An operator can then run, as a superuser,
--   CREATE EXTENSION pg_trgm SCHEMA public;
-- and create the indexes below by hand.
--
-- The extension lives in one schema per database (public, when we create
-- it); the operator class is named with that schema so the indexes work
-- whatever the search_path.
DO $$
DECLARE
	ext_schema text;
BEGIN
	SELECT n.nspname INTO ext_schema
		FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
		WHERE e.extname = 'pg_trgm';
	IF ext_schema IS NULL THEN
		BEGIN
			CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
		EXCEPTION
			WHEN insufficient_privilege OR undefined_file OR feature_not_supported
				OR invalid_schema_name OR unique_violation THEN
				-- unique_violation: another session installed it at the
				-- same moment; the lookup below finds it.
				NULL;
		END;
		SELECT n.nspname INTO ext_schema
			FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
			WHERE e.extname = 'pg_trgm';
	END IF;
	IF ext_schema IS NULL THEN
		RAISE NOTICE 'pg_trgm is not available: the admin search stays a table scan';
		RETURN;
	END IF;
	EXECUTE format('CREATE INDEX users_search_trgm ON users USING gin (search %I.gin_trgm_ops)', ext_schema);
	EXECUTE format('CREATE INDEX disciples_search_trgm ON disciples USING gin (search %I.gin_trgm_ops)', ext_schema);
	EXECUTE format('CREATE INDEX volunteers_search_trgm ON volunteers USING gin (search %I.gin_trgm_ops)', ext_schema);
	EXECUTE format('CREATE INDEX hosts_search_trgm ON hosts USING gin (search %I.gin_trgm_ops)', ext_schema);
	EXECUTE format('CREATE INDEX messages_search_trgm ON messages USING gin (search %I.gin_trgm_ops)', ext_schema);
END
$$;
