-- Compression and retention of the raw market tables, set from the server's configuration at every start.

-- Makes `kind` ('compression' or 'retention') of `hypertable` act after `after`, or removes it when `after` is NULL.
-- A policy that already has that setting is left alone, so a restart with unchanged configuration changes nothing.
CREATE FUNCTION tapewire_set_policy(hypertable regclass, kind text, after interval) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  current interval;
  found boolean;
BEGIN
  IF kind NOT IN ('compression', 'retention') THEN
    RAISE EXCEPTION 'unknown policy kind %', kind;
  END IF;
  SELECT true, (j.config ->> CASE kind WHEN 'retention' THEN 'drop_after' ELSE 'compress_after' END)::interval
  INTO found, current
  FROM timescaledb_information.jobs j
  WHERE j.proc_name = 'policy_' || kind
    AND format('%I.%I', j.hypertable_schema, j.hypertable_name)::regclass = hypertable;
  IF coalesce(found, false) AND current = after OR NOT coalesce(found, false) AND after IS NULL THEN
    RETURN;
  END IF;
  IF kind = 'retention' THEN
    PERFORM remove_retention_policy(hypertable, if_exists => true);
    IF after IS NOT NULL THEN PERFORM add_retention_policy(hypertable, drop_after => after); END IF;
  ELSE
    PERFORM remove_compression_policy(hypertable, if_exists => true);
    IF after IS NOT NULL THEN PERFORM add_compression_policy(hypertable, compress_after => after); END IF;
  END IF;
END $$;
