-- tapewire:no-transaction
-- 1h and 1d candles as hierarchical continuous aggregates over the 1m bars (pooled and per listing). Real-time
-- (materialized_only = false), so the open bar is always in the answer. Continuous aggregates cannot be created in a
-- transaction block, hence the marker above: each statement runs alone and all of them can be re-run.

CREATE MATERIALIZED VIEW IF NOT EXISTS bars_1h
WITH (timescaledb.continuous, timescaledb.materialized_only = false) AS
SELECT instrument_id, time_bucket(INTERVAL '1 hour', ts) AS ts,
       first(open, ts) AS open, max(high) AS high, min(low) AS low, last(close, ts) AS close,
       sum(volume_usd) AS volume_usd, max(venues) AS venues
FROM bars_1m GROUP BY 1, 2 WITH NO DATA;

CREATE MATERIALIZED VIEW IF NOT EXISTS bars_1d
WITH (timescaledb.continuous, timescaledb.materialized_only = false) AS
SELECT instrument_id, time_bucket(INTERVAL '1 day', ts) AS ts,
       first(open, ts) AS open, max(high) AS high, min(low) AS low, last(close, ts) AS close,
       sum(volume_usd) AS volume_usd, max(venues) AS venues
FROM bars_1h GROUP BY 1, 2 WITH NO DATA;

CREATE MATERIALIZED VIEW IF NOT EXISTS listing_bars_1h
WITH (timescaledb.continuous, timescaledb.materialized_only = false) AS
SELECT listing_id, time_bucket(INTERVAL '1 hour', ts) AS ts,
       first(open, ts) AS open, max(high) AS high, min(low) AS low, last(close, ts) AS close,
       sum(volume_usd) AS volume_usd
FROM listing_bars_1m GROUP BY 1, 2 WITH NO DATA;

CREATE MATERIALIZED VIEW IF NOT EXISTS listing_bars_1d
WITH (timescaledb.continuous, timescaledb.materialized_only = false) AS
SELECT listing_id, time_bucket(INTERVAL '1 day', ts) AS ts,
       first(open, ts) AS open, max(high) AS high, min(low) AS low, last(close, ts) AS close,
       sum(volume_usd) AS volume_usd
FROM listing_bars_1h GROUP BY 1, 2 WITH NO DATA;

SELECT add_continuous_aggregate_policy('bars_1h', start_offset => INTERVAL '3 days', end_offset => INTERVAL '1 hour',
  schedule_interval => INTERVAL '5 minutes', if_not_exists => true);
SELECT add_continuous_aggregate_policy('bars_1d', start_offset => INTERVAL '10 days', end_offset => INTERVAL '1 day',
  schedule_interval => INTERVAL '1 hour', if_not_exists => true);
SELECT add_continuous_aggregate_policy('listing_bars_1h', start_offset => INTERVAL '3 days', end_offset => INTERVAL '1 hour',
  schedule_interval => INTERVAL '5 minutes', if_not_exists => true);
SELECT add_continuous_aggregate_policy('listing_bars_1d', start_offset => INTERVAL '10 days', end_offset => INTERVAL '1 day',
  schedule_interval => INTERVAL '1 hour', if_not_exists => true);
