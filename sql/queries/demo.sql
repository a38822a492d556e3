-- name: insertDemoOutcomes
INSERT INTO demo_outcomes (catalyst_id, due_at, story) SELECT * FROM unnest(:catalystIds::bigint[], :dueAt::timestamptz[], :stories::jsonb[]);

-- name: dueDemoOutcomes
-- The outcomes due by :now, oldest first.
SELECT catalyst_id::float8 AS "catalystId", story FROM demo_outcomes WHERE due_at <= :now ORDER BY due_at, catalyst_id;

-- name: nextDemoOutcomeAt
SELECT (extract(epoch FROM min(due_at)) * 1000)::float8 AS at FROM demo_outcomes;

-- name: deleteDemoOutcome
DELETE FROM demo_outcomes WHERE catalyst_id = :catalystId;

-- name: insertDemoListingBars1m
-- The demo's venue history: each listing's 1m bars drawn from its instrument's pooled ones, scaled by its basis (the
-- same factor for open, high, low and close so each bar stays whole) and carrying its share of the volume. :ids
-- listing ids, :shares their shares of their instrument's volume, :since from when (venue minutes are held in memory
-- for a day, so a longer pooled history is not repeated per venue).
INSERT INTO listing_bars_1m (listing_id, ts, open, high, low, close, volume_usd)
SELECT s.listing_id, b.ts, b.open * f.k, b.high * f.k, b.low * f.k, b.close * f.k, b.volume_usd * s.share
FROM unnest(:ids::int[], :shares::float8[]) AS s (listing_id, share)
JOIN listings l ON l.id = s.listing_id
JOIN bars_1m b ON b.instrument_id = l.instrument_id AND b.ts >= :since
CROSS JOIN LATERAL (SELECT demo_listing_basis(s.listing_id, b.ts) AS k) f;

-- name: insertDemoListingBars1h
-- The venues' hours before their minutes, drawn the same way from the pooled hours given (:instruments each bar's
-- instrument): given, not read from candles_1h, whose check of each imported hour against the aggregates not yet
-- materialized made this a query of seconds.
INSERT INTO imported_listing_bars_1h (listing_id, ts, open, high, low, close, volume_usd, source)
SELECT s.listing_id, b.ts, b.open * f.k, b.high * f.k, b.low * f.k, b.close * f.k, b.volume * s.share, 'demo'
FROM unnest(:ids::int[], :listingInstruments::int[], :shares::float8[]) AS s (listing_id, instrument_id, share)
JOIN unnest(:instruments::int[], :ts::timestamptz[], :open::float8[], :high::float8[], :low::float8[], :close::float8[], :volume::float8[])
  AS b (instrument_id, ts, open, high, low, close, volume) ON b.instrument_id = s.instrument_id
CROSS JOIN LATERAL (SELECT demo_listing_basis(s.listing_id, b.ts) AS k) f;

-- name: insertDemoListingBars1d
-- The venues' days before their minutes, the same way from the pooled days given.
INSERT INTO imported_listing_bars_1d (listing_id, ts, open, high, low, close, volume_usd, source)
SELECT s.listing_id, b.ts, b.open * f.k, b.high * f.k, b.low * f.k, b.close * f.k, b.volume * s.share, 'demo'
FROM unnest(:ids::int[], :listingInstruments::int[], :shares::float8[]) AS s (listing_id, instrument_id, share)
JOIN unnest(:instruments::int[], :ts::timestamptz[], :open::float8[], :high::float8[], :low::float8[], :close::float8[], :volume::float8[])
  AS b (instrument_id, ts, open, high, low, close, volume) ON b.instrument_id = s.instrument_id
CROSS JOIN LATERAL (SELECT demo_listing_basis(s.listing_id, b.ts) AS k) f;
