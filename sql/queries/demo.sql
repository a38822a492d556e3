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
-- The venues' hours before their minutes (:since), drawn the same way from the pooled hourly candles.
INSERT INTO imported_listing_bars_1h (listing_id, ts, open, high, low, close, volume_usd, source)
SELECT s.listing_id, c.ts, c.open * f.k, c.high * f.k, c.low * f.k, c.close * f.k, c.volume_usd * s.share, 'demo'
FROM unnest(:ids::int[], :shares::float8[]) AS s (listing_id, share)
JOIN listings l ON l.id = s.listing_id
JOIN candles_1h c ON c.instrument_id = l.instrument_id AND c.ts < :since
CROSS JOIN LATERAL (SELECT demo_listing_basis(s.listing_id, c.ts) AS k) f;

-- name: insertDemoListingBars1d
-- The venues' days before their minutes (:since), drawn the same way from the pooled daily candles.
INSERT INTO imported_listing_bars_1d (listing_id, ts, open, high, low, close, volume_usd, source)
SELECT s.listing_id, c.ts, c.open * f.k, c.high * f.k, c.low * f.k, c.close * f.k, c.volume_usd * s.share, 'demo'
FROM unnest(:ids::int[], :shares::float8[]) AS s (listing_id, share)
JOIN listings l ON l.id = s.listing_id
JOIN candles_1d c ON c.instrument_id = l.instrument_id AND c.ts < :since
CROSS JOIN LATERAL (SELECT demo_listing_basis(s.listing_id, c.ts) AS k) f;
