-- Foundation: TimescaleDB, API keys, service settings, and the helpers /v1/meta reads.
CREATE EXTENSION IF NOT EXISTS timescaledb;

CREATE TABLE api_keys (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The first characters of the key, kept in clear to find the row and to name the key in the CLI.
  prefix      text        NOT NULL,
  -- SHA-256 of the whole key; the key itself is never stored.
  hash        bytea       NOT NULL UNIQUE,
  name        text        NOT NULL,
  account     text        NOT NULL DEFAULT 'default',
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked     boolean     NOT NULL DEFAULT false,
  revoked_at  timestamptz,
  -- Requests per minute for this key; NULL means the server's configured default.
  rpm         integer CHECK (rpm IS NULL OR rpm > 0)
);
CREATE INDEX api_keys_prefix ON api_keys (prefix);

-- Small facts about the service's data, e.g. which dataset is loaded.
CREATE TABLE settings (
  key        text PRIMARY KEY,
  value      jsonb       NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Row counts of every data table in public (service bookkeeping tables excluded).
CREATE FUNCTION tapewire_table_counts() RETURNS TABLE (name text, row_count bigint)
LANGUAGE plpgsql STABLE AS $$
DECLARE t text;
BEGIN
  FOR t IN
    SELECT tablename FROM pg_tables
    WHERE schemaname = 'public' AND tablename NOT IN ('schema_migrations', 'api_keys', 'settings')
    ORDER BY tablename
  LOOP
    name := t;
    EXECUTE format('SELECT count(*) FROM public.%I', t) INTO row_count;
    RETURN NEXT;
  END LOOP;
END $$;

-- Latest value of a date or timestamp column as ISO text (YYYY-MM-DD for dates, UTC instant otherwise);
-- NULL when the table or column does not exist yet or the table is empty.
CREATE FUNCTION tapewire_latest(tbl text, col text) RETURNS text
LANGUAGE plpgsql STABLE AS $$
DECLARE
  typ text;
  result text;
BEGIN
  SELECT format_type(a.atttypid, a.atttypmod) INTO typ
  FROM pg_attribute a
  WHERE a.attrelid = to_regclass(format('public.%I', tbl)) AND a.attname = col AND NOT a.attisdropped;
  IF typ IS NULL THEN
    RETURN NULL;
  ELSIF typ = 'date' THEN
    EXECUTE format('SELECT to_char(max(%I), ''YYYY-MM-DD'') FROM public.%I', col, tbl) INTO result;
  ELSE
    EXECUTE format('SELECT to_char(max(%I) AT TIME ZONE ''UTC'', ''YYYY-MM-DD"T"HH24:MI:SS"Z"'') FROM public.%I', col, tbl)
      INTO result;
  END IF;
  RETURN result;
END $$;
