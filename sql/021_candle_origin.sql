-- A candle's origin, kept where venue bars and imported history meet in one series: the imported bar's source (its
-- official closes, Stooq's, are labelled as such in the answer), NULL for a bar aggregated from the venues' ticks.
-- The same rule as 004 otherwise (the tick-derived aggregate wins where both have a bar), the column added last.

CREATE OR REPLACE VIEW candles_1h AS
SELECT instrument_id, ts, open, high, low, close, volume_usd, venues, NULL::text AS source FROM bars_1h
UNION ALL
SELECT i.instrument_id, i.ts, i.open, i.high, i.low, i.close, i.volume_usd, i.venues, i.source FROM imported_bars_1h i
WHERE NOT EXISTS (SELECT 1 FROM bars_1h b WHERE b.instrument_id = i.instrument_id AND b.ts = i.ts);

CREATE OR REPLACE VIEW candles_1d AS
SELECT instrument_id, ts, open, high, low, close, volume_usd, venues, NULL::text AS source FROM bars_1d
UNION ALL
SELECT i.instrument_id, i.ts, i.open, i.high, i.low, i.close, i.volume_usd, i.venues, i.source FROM imported_bars_1d i
WHERE NOT EXISTS (SELECT 1 FROM bars_1d b WHERE b.instrument_id = i.instrument_id AND b.ts = i.ts);
