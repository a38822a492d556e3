-- name: instrumentBySymbol
-- An instrument by its symbol, whatever its case.
SELECT id, symbol, kind, currency FROM instruments WHERE lower(symbol) = lower(:symbol);

-- name: insertHistoryInstrument
-- An instrument a history file is the first to name.
INSERT INTO instruments (symbol, name, kind, currency) VALUES (:symbol, :name, :kind, :currency) RETURNING id;

-- name: insertHistoryBars1d
-- Daily history with its source; a day already imported is kept as it is. Returns how many were new.
WITH written AS (
  INSERT INTO imported_bars_1d (instrument_id, ts, open, high, low, close, volume_usd, venues, source)
  SELECT :id::int, ts, open, high, low, close, volume, NULL, :source::text
  FROM unnest(:ts::timestamptz[], :open::float8[], :high::float8[], :low::float8[], :close::float8[], :volume::float8[])
    AS b (ts, open, high, low, close, volume)
  ON CONFLICT (instrument_id, ts) DO NOTHING
  RETURNING 1
)
SELECT count(*)::int AS n FROM written;

-- name: insertHistoryBars1h
WITH written AS (
  INSERT INTO imported_bars_1h (instrument_id, ts, open, high, low, close, volume_usd, venues, source)
  SELECT :id::int, ts, open, high, low, close, volume, NULL, :source::text
  FROM unnest(:ts::timestamptz[], :open::float8[], :high::float8[], :low::float8[], :close::float8[], :volume::float8[])
    AS b (ts, open, high, low, close, volume)
  ON CONFLICT (instrument_id, ts) DO NOTHING
  RETURNING 1
)
SELECT count(*)::int AS n FROM written;

-- name: insertHistoryBars1m
-- Minute history into the tick-derived bars (1m has no imported table: the aggregates build 1h and 1d from it); a
-- minute the ticks or an earlier import already wrote is kept as it is.
WITH written AS (
  INSERT INTO bars_1m (instrument_id, ts, open, high, low, close, volume_usd, venues)
  SELECT :id::int, ts, open, high, low, close, volume, 1
  FROM unnest(:ts::timestamptz[], :open::float8[], :high::float8[], :low::float8[], :close::float8[], :volume::float8[])
    AS b (ts, open, high, low, close, volume)
  ON CONFLICT (instrument_id, ts) DO NOTHING
  RETURNING 1
)
SELECT count(*)::int AS n FROM written;
