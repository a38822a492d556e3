-- name: insertBars1m
-- One statement for a whole batch of closed bars: the parallel arrays of core/kernels/bars.ts ClosedBars.
INSERT INTO bars_1m (instrument_id, ts, open, high, low, close, volume_usd, venues)
SELECT * FROM unnest($1::int[], $2::timestamptz[], $3::float8[], $4::float8[], $5::float8[], $6::float8[], $7::float8[], $8::smallint[])
ON CONFLICT (instrument_id, ts) DO UPDATE
SET open = EXCLUDED.open, high = EXCLUDED.high, low = EXCLUDED.low, close = EXCLUDED.close,
    volume_usd = EXCLUDED.volume_usd, venues = EXCLUDED.venues;

-- name: refreshBars1h
CALL refresh_continuous_aggregate('bars_1h', NULL, NULL);

-- name: refreshBars1d
CALL refresh_continuous_aggregate('bars_1d', NULL, NULL);

-- name: refreshListingBars1h
CALL refresh_continuous_aggregate('listing_bars_1h', NULL, NULL);

-- name: refreshListingBars1d
CALL refresh_continuous_aggregate('listing_bars_1d', NULL, NULL);

-- name: heldCandles1m
-- The candles memory holds of the instruments $1 (ids), from $2 to before $3.
SELECT instrument_id AS series, date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, venues
FROM bars_1m t WHERE instrument_id = ANY($1::int[]) AND ts >= $2 AND ts < $3;

-- name: heldCandles1h
SELECT instrument_id AS series, date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, venues
FROM candles_1h t WHERE instrument_id = ANY($1::int[]) AND ts >= $2 AND ts < $3;

-- name: heldCandles1d
SELECT instrument_id AS series, date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, venues
FROM candles_1d t WHERE instrument_id = ANY($1::int[]) AND ts >= $2 AND ts < $3;

-- name: oldestCandles1h
-- Each instrument's first candle (epoch ms): tells whether the database holds candles older than memory.
SELECT instrument_id AS id, (extract(epoch FROM min(ts)) * 1000)::float8 AS ts FROM candles_1h GROUP BY 1;

-- name: oldestCandles1d
SELECT instrument_id AS id, (extract(epoch FROM min(ts)) * 1000)::float8 AS ts FROM candles_1d GROUP BY 1;

-- name: oldestCandles1m
SELECT i.id,
       (SELECT (extract(epoch FROM b.ts) * 1000)::float8 FROM bars_1m b WHERE b.instrument_id = i.id ORDER BY b.ts LIMIT 1) AS ts
FROM instruments i;

-- name: heldListingCandles1m
-- The candles memory holds of the listings $1 (ids), from $2 to before $3.
SELECT listing_id AS series, date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, NULL::smallint AS venues
FROM listing_bars_1m t WHERE listing_id = ANY($1::int[]) AND ts >= $2 AND ts < $3;

-- name: heldListingCandles1h
SELECT listing_id AS series, date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, NULL::smallint AS venues
FROM listing_candles_1h t WHERE listing_id = ANY($1::int[]) AND ts >= $2 AND ts < $3;

-- name: heldListingCandles1d
SELECT listing_id AS series, date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, NULL::smallint AS venues
FROM listing_candles_1d t WHERE listing_id = ANY($1::int[]) AND ts >= $2 AND ts < $3;

-- name: oldestListingCandles1m
-- Each listing's first candle (epoch ms), as for the pooled ones.
SELECT l.id,
       (SELECT (extract(epoch FROM b.ts) * 1000)::float8 FROM listing_bars_1m b WHERE b.listing_id = l.id ORDER BY b.ts LIMIT 1) AS ts
FROM listings l;

-- name: oldestListingCandles1h
SELECT listing_id AS id, (extract(epoch FROM min(ts)) * 1000)::float8 AS ts FROM listing_candles_1h GROUP BY 1;

-- name: oldestListingCandles1d
SELECT listing_id AS id, (extract(epoch FROM min(ts)) * 1000)::float8 AS ts FROM listing_candles_1d GROUP BY 1;

-- name: candles1mFrom
SELECT date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, venues
FROM bars_1m t WHERE instrument_id = $1 AND ts >= $2 AND ts < $3 ORDER BY t.ts LIMIT $4;

-- name: candles1mLatest
SELECT date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, venues
FROM bars_1m t WHERE instrument_id = $1 AND ts >= $2 AND ts < $3 ORDER BY t.ts DESC LIMIT $4;

-- name: candles1hFrom
SELECT date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, venues
FROM candles_1h t WHERE instrument_id = $1 AND ts >= $2 AND ts < $3 ORDER BY t.ts LIMIT $4;

-- name: candles1hLatest
SELECT date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, venues
FROM candles_1h t WHERE instrument_id = $1 AND ts >= $2 AND ts < $3 ORDER BY t.ts DESC LIMIT $4;

-- name: candles1dFrom
SELECT date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, venues
FROM candles_1d t WHERE instrument_id = $1 AND ts >= $2 AND ts < $3 ORDER BY t.ts LIMIT $4;

-- name: candles1dLatest
SELECT date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, venues
FROM candles_1d t WHERE instrument_id = $1 AND ts >= $2 AND ts < $3 ORDER BY t.ts DESC LIMIT $4;

-- name: listingCandles1mFrom
SELECT date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, NULL::smallint AS venues
FROM listing_bars_1m t WHERE listing_id = $1 AND ts >= $2 AND ts < $3 ORDER BY t.ts LIMIT $4;

-- name: listingCandles1mLatest
SELECT date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, NULL::smallint AS venues
FROM listing_bars_1m t WHERE listing_id = $1 AND ts >= $2 AND ts < $3 ORDER BY t.ts DESC LIMIT $4;

-- name: listingCandles1hFrom
SELECT date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, NULL::smallint AS venues
FROM listing_candles_1h t WHERE listing_id = $1 AND ts >= $2 AND ts < $3 ORDER BY t.ts LIMIT $4;

-- name: listingCandles1hLatest
SELECT date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, NULL::smallint AS venues
FROM listing_candles_1h t WHERE listing_id = $1 AND ts >= $2 AND ts < $3 ORDER BY t.ts DESC LIMIT $4;

-- name: listingCandles1dFrom
SELECT date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, NULL::smallint AS venues
FROM listing_candles_1d t WHERE listing_id = $1 AND ts >= $2 AND ts < $3 ORDER BY t.ts LIMIT $4;

-- name: listingCandles1dLatest
SELECT date_part('epoch', t.ts) * 1000 AS ts, open, high, low, close, volume_usd AS volume, NULL::smallint AS venues
FROM listing_candles_1d t WHERE listing_id = $1 AND ts >= $2 AND ts < $3 ORDER BY t.ts DESC LIMIT $4;
