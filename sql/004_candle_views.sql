-- Candles as served: the aggregates of the tick-derived 1m bars, and imported history where they have no bar.
-- One definition of the rule, so every reader of 1h/1d candles applies it the same way.

CREATE VIEW candles_1h AS
SELECT instrument_id, ts, open, high, low, close, volume_usd, venues FROM bars_1h
UNION ALL
SELECT i.instrument_id, i.ts, i.open, i.high, i.low, i.close, i.volume_usd, i.venues FROM imported_bars_1h i
WHERE NOT EXISTS (SELECT 1 FROM bars_1h b WHERE b.instrument_id = i.instrument_id AND b.ts = i.ts);

CREATE VIEW candles_1d AS
SELECT instrument_id, ts, open, high, low, close, volume_usd, venues FROM bars_1d
UNION ALL
SELECT i.instrument_id, i.ts, i.open, i.high, i.low, i.close, i.volume_usd, i.venues FROM imported_bars_1d i
WHERE NOT EXISTS (SELECT 1 FROM bars_1d b WHERE b.instrument_id = i.instrument_id AND b.ts = i.ts);
