-- name: insertBars1m
-- One statement for a whole batch of closed bars: the parallel arrays of core/kernels/bars.ts ClosedBars.
INSERT INTO bars_1m (instrument_id, ts, open, high, low, close, volume_usd, venues)
SELECT * FROM unnest(:ids::int[], :ts::timestamptz[], :open::float8[], :high::float8[], :low::float8[], :close::float8[],
                     :volume::float8[], :venues::smallint[])
ON CONFLICT (instrument_id, ts) DO UPDATE
SET open = EXCLUDED.open, high = EXCLUDED.high, low = EXCLUDED.low, close = EXCLUDED.close,
    volume_usd = EXCLUDED.volume_usd, venues = EXCLUDED.venues;

-- name: insertListingBars1m
INSERT INTO listing_bars_1m (listing_id, ts, open, high, low, close, volume_usd)
SELECT * FROM unnest(:ids::int[], :ts::timestamptz[], :open::float8[], :high::float8[], :low::float8[], :close::float8[], :volume::float8[])
ON CONFLICT (listing_id, ts) DO UPDATE
SET open = EXCLUDED.open, high = EXCLUDED.high, low = EXCLUDED.low, close = EXCLUDED.close, volume_usd = EXCLUDED.volume_usd;

-- name: insertImportedBars1h
-- History that did not come from ticks, with its source; a bar already imported is kept as it is.
INSERT INTO imported_bars_1h (instrument_id, ts, open, high, low, close, volume_usd, venues, source)
SELECT *, :source::text FROM unnest(:ids::int[], :ts::timestamptz[], :open::float8[], :high::float8[], :low::float8[],
                                   :close::float8[], :volume::float8[], :venues::smallint[])
ON CONFLICT (instrument_id, ts) DO NOTHING;

-- name: insertImportedBars1d
INSERT INTO imported_bars_1d (instrument_id, ts, open, high, low, close, volume_usd, venues, source)
SELECT *, :source::text FROM unnest(:ids::int[], :ts::timestamptz[], :open::float8[], :high::float8[], :low::float8[],
                                   :close::float8[], :volume::float8[], :venues::smallint[])
ON CONFLICT (instrument_id, ts) DO NOTHING;

-- name: refreshBars1h
CALL refresh_continuous_aggregate('bars_1h', NULL, NULL);

-- name: refreshBars1d
CALL refresh_continuous_aggregate('bars_1d', NULL, NULL);

-- name: refreshListingBars1h
CALL refresh_continuous_aggregate('listing_bars_1h', NULL, NULL);

-- name: refreshListingBars1d
CALL refresh_continuous_aggregate('listing_bars_1d', NULL, NULL);

-- name: lastCloses
-- The newest 1m bar of each instrument: where the live price continues from.
-- One index probe per instrument: DISTINCT ON sorted the whole table (1 s for 14 days of 1m on the embedded database).
SELECT i.id AS "instrumentId", b.close, extract(epoch FROM b.ts) * 1000 AS ts
FROM instruments i CROSS JOIN LATERAL (SELECT close, ts FROM bars_1m WHERE instrument_id = i.id ORDER BY ts DESC LIMIT 1) b;

-- name: previousCloses
-- Each instrument's daily close before :before (a UTC midnight), from tick-derived or imported daily bars.
SELECT DISTINCT ON (instrument_id) instrument_id AS "instrumentId", close
FROM (
  SELECT instrument_id, ts, close FROM bars_1d WHERE ts < :before
  UNION ALL
  SELECT instrument_id, ts, close FROM imported_bars_1d WHERE ts < :before
) daily
ORDER BY instrument_id, ts DESC;

-- name: heldCandles1m
-- The candles memory holds of the instruments :ids, from :from to before :before.
SELECT instrument_id AS series, date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, venues, 0 AS origin
FROM bars_1m t WHERE instrument_id = ANY(:ids::int[]) AND ts >= :from AND ts < :before;

-- name: heldCandles1h
SELECT instrument_id AS series, date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, venues,
       coalesce(array_position(:official::text[], t.source), 0) AS origin
FROM candles_1h t WHERE instrument_id = ANY(:ids::int[]) AND ts >= :from AND ts < :before;

-- name: heldCandles1d
SELECT instrument_id AS series, date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, venues,
       coalesce(array_position(:official::text[], t.source), 0) AS origin
FROM candles_1d t WHERE instrument_id = ANY(:ids::int[]) AND ts >= :from AND ts < :before;

-- name: openImportedBars1h
-- Imported bars of the open hour (:bucket) of the instruments :ids: memory's open bucket where no minute of the ticks
-- folds into it (history imported on its own hour or day, an exchange's close of today).
SELECT instrument_id AS series, date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, venues,
       coalesce(array_position(:official::text[], t.source), 0) AS origin
FROM imported_bars_1h t WHERE instrument_id = ANY(:ids::int[]) AND ts = :bucket;

-- name: openImportedBars1d
SELECT instrument_id AS series, date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, venues,
       coalesce(array_position(:official::text[], t.source), 0) AS origin
FROM imported_bars_1d t WHERE instrument_id = ANY(:ids::int[]) AND ts = :bucket;

-- name: oldestCandles1m
-- Each instrument's first candle (epoch ms): tells whether the database holds candles older than memory.
SELECT i.id,
       (SELECT (extract(epoch FROM b.ts) * 1000)::float8 FROM bars_1m b WHERE b.instrument_id = i.id ORDER BY b.ts LIMIT 1) AS ts
FROM instruments i;

-- name: oldestCandles1h
-- The first of the aggregates' and the imported hours, each found by index: the minimum over the candles_1h view read
-- every hour held (0.5 s for a year of them).
SELECT i.id, (extract(epoch FROM least(
         (SELECT min(ts) FROM bars_1h WHERE instrument_id = i.id), (SELECT min(ts) FROM imported_bars_1h WHERE instrument_id = i.id)
       )) * 1000)::float8 AS ts
FROM instruments i;

-- name: oldestCandles1d
SELECT i.id, (extract(epoch FROM least(
         (SELECT min(ts) FROM bars_1d WHERE instrument_id = i.id), (SELECT min(ts) FROM imported_bars_1d WHERE instrument_id = i.id)
       )) * 1000)::float8 AS ts
FROM instruments i;

-- name: heldListingCandles1m
-- The candles memory holds of the listings :ids, from :from to before :before.
SELECT listing_id AS series, date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, NULL::smallint AS venues, 0 AS origin
FROM listing_bars_1m t WHERE listing_id = ANY(:ids::int[]) AND ts >= :from AND ts < :before;

-- name: heldListingCandles1h
SELECT listing_id AS series, date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, NULL::smallint AS venues, 0 AS origin
FROM listing_candles_1h t WHERE listing_id = ANY(:ids::int[]) AND ts >= :from AND ts < :before;

-- name: heldListingCandles1d
SELECT listing_id AS series, date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, NULL::smallint AS venues, 0 AS origin
FROM listing_candles_1d t WHERE listing_id = ANY(:ids::int[]) AND ts >= :from AND ts < :before;

-- name: oldestListingCandles1m
-- Each listing's first candle (epoch ms), as for the pooled ones.
SELECT l.id,
       (SELECT (extract(epoch FROM b.ts) * 1000)::float8 FROM listing_bars_1m b WHERE b.listing_id = l.id ORDER BY b.ts LIMIT 1) AS ts
FROM listings l;

-- name: oldestListingCandles1h
SELECT l.id, (extract(epoch FROM least(
         (SELECT min(ts) FROM listing_bars_1h WHERE listing_id = l.id), (SELECT min(ts) FROM imported_listing_bars_1h WHERE listing_id = l.id)
       )) * 1000)::float8 AS ts
FROM listings l;

-- name: oldestListingCandles1d
SELECT l.id, (extract(epoch FROM least(
         (SELECT min(ts) FROM listing_bars_1d WHERE listing_id = l.id), (SELECT min(ts) FROM imported_listing_bars_1d WHERE listing_id = l.id)
       )) * 1000)::float8 AS ts
FROM listings l;

-- name: candles1mFrom
-- The candles of one series (:id, an instrument or a listing) in [:from, :to): `From` the first :limit of them,
-- `Latest` the last :limit. Both walk the (series, ts) index: the order is on the table's ts, not the computed column.
SELECT date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, venues, 0 AS origin
FROM bars_1m t WHERE instrument_id = :id AND ts >= :from AND ts < :to ORDER BY t.ts LIMIT :limit;

-- name: candles1mLatest
SELECT date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, venues, 0 AS origin
FROM bars_1m t WHERE instrument_id = :id AND ts >= :from AND ts < :to ORDER BY t.ts DESC LIMIT :limit;

-- name: candles1hFrom
SELECT date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, venues,
       coalesce(array_position(:official::text[], t.source), 0) AS origin
FROM candles_1h t WHERE instrument_id = :id AND ts >= :from AND ts < :to ORDER BY t.ts LIMIT :limit;

-- name: candles1hLatest
SELECT date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, venues,
       coalesce(array_position(:official::text[], t.source), 0) AS origin
FROM candles_1h t WHERE instrument_id = :id AND ts >= :from AND ts < :to ORDER BY t.ts DESC LIMIT :limit;

-- name: candles1dFrom
SELECT date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, venues,
       coalesce(array_position(:official::text[], t.source), 0) AS origin
FROM candles_1d t WHERE instrument_id = :id AND ts >= :from AND ts < :to ORDER BY t.ts LIMIT :limit;

-- name: candles1dLatest
SELECT date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, venues,
       coalesce(array_position(:official::text[], t.source), 0) AS origin
FROM candles_1d t WHERE instrument_id = :id AND ts >= :from AND ts < :to ORDER BY t.ts DESC LIMIT :limit;

-- name: listingCandles1mFrom
SELECT date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, NULL::smallint AS venues, 0 AS origin
FROM listing_bars_1m t WHERE listing_id = :id AND ts >= :from AND ts < :to ORDER BY t.ts LIMIT :limit;

-- name: listingCandles1mLatest
SELECT date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, NULL::smallint AS venues, 0 AS origin
FROM listing_bars_1m t WHERE listing_id = :id AND ts >= :from AND ts < :to ORDER BY t.ts DESC LIMIT :limit;

-- name: listingCandles1hFrom
SELECT date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, NULL::smallint AS venues, 0 AS origin
FROM listing_candles_1h t WHERE listing_id = :id AND ts >= :from AND ts < :to ORDER BY t.ts LIMIT :limit;

-- name: listingCandles1hLatest
SELECT date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, NULL::smallint AS venues, 0 AS origin
FROM listing_candles_1h t WHERE listing_id = :id AND ts >= :from AND ts < :to ORDER BY t.ts DESC LIMIT :limit;

-- name: listingCandles1dFrom
SELECT date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, NULL::smallint AS venues, 0 AS origin
FROM listing_candles_1d t WHERE listing_id = :id AND ts >= :from AND ts < :to ORDER BY t.ts LIMIT :limit;

-- name: listingCandles1dLatest
SELECT date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, NULL::smallint AS venues, 0 AS origin
FROM listing_candles_1d t WHERE listing_id = :id AND ts >= :from AND ts < :to ORDER BY t.ts DESC LIMIT :limit;
