-- The demo's sealed envelopes: the outcome story each upcoming demo catalyst will turn out to have, drawn at load with
-- the rest of the demo story and published by the demo newswire when its time comes. Only the demo writes here; a
-- published outcome leaves the table in the same transaction that writes its story.

CREATE TABLE demo_outcomes (
  catalyst_id  bigint      PRIMARY KEY REFERENCES catalysts ON DELETE CASCADE,
  due_at       timestamptz NOT NULL,
  story        jsonb       NOT NULL
);
CREATE INDEX demo_outcomes_due ON demo_outcomes (due_at);

-- Sealed outcomes are not data the service serves: /v1/meta's table counts leave them out, as they do keys.
CREATE OR REPLACE FUNCTION tapewire_table_counts() RETURNS TABLE (name text, row_count bigint)
LANGUAGE plpgsql STABLE AS $$
DECLARE t text;
BEGIN
  FOR t IN
    SELECT tablename FROM pg_tables
    WHERE schemaname = 'public' AND tablename NOT IN ('schema_migrations', 'api_keys', 'settings', 'demo_outcomes')
    ORDER BY tablename
  LOOP
    name := t;
    EXECUTE format('SELECT count(*) FROM public.%I', t) INTO row_count;
    RETURN NEXT;
  END LOOP;
END $$;
