-- The ingest leadership of a scale-out (TAPEWIRE_ROLE=ingest): one row, held by one node until its lease expires. Kept
-- in the database the leader writes, so the lease holds on the embedded host and on a server alike, and its token
-- fences the writes of a leader that lost it. Times are the database's own clock, the one clock every node shares.
CREATE TABLE IF NOT EXISTS ingest_lease (
  id smallint PRIMARY KEY CHECK (id = 1),
  holder text,
  token bigint NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL DEFAULT '-infinity'
);
INSERT INTO ingest_lease (id) VALUES (1) ON CONFLICT DO NOTHING;

-- The lease is not data the service serves: /v1/meta's table counts leave it out, as they do keys.
CREATE OR REPLACE FUNCTION tapewire_table_counts() RETURNS TABLE (name text, row_count bigint)
LANGUAGE plpgsql STABLE AS $$
DECLARE t text;
BEGIN
  FOR t IN
    SELECT tablename FROM pg_tables
    WHERE schemaname = 'public'
      AND tablename NOT IN ('schema_migrations', 'api_keys', 'settings', 'demo_outcomes', 'ingest_lease')
    ORDER BY tablename
  LOOP
    name := t;
    EXECUTE format('SELECT count(*) FROM public.%I', t) INTO row_count;
    RETURN NEXT;
  END LOOP;
END $$;
