-- name: insertVenues
INSERT INTO venues (id, name) SELECT * FROM unnest($1::text[], $2::text[]);

-- name: insertCompanies
INSERT INTO companies (slug, name, sector, sector_name)
SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]);

-- name: insertInstruments
INSERT INTO instruments (symbol, name, kind, currency, company)
SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
RETURNING id, symbol;

-- name: insertListings
INSERT INTO listings (instrument_id, venue_id, market, venue_symbol, funding_interval_hours)
SELECT i.id, l.venue, l.market, l.venue_symbol, l.funding
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::smallint[]) AS l (symbol, venue, market, venue_symbol, funding)
JOIN instruments i ON i.symbol = l.symbol
RETURNING id, instrument_id AS "instrumentId", venue_id AS venue, market;

-- name: insertImportedBars1h
INSERT INTO imported_bars_1h (instrument_id, ts, open, high, low, close, volume_usd, venues, source)
SELECT *, $9::text FROM unnest($1::int[], $2::timestamptz[], $3::float8[], $4::float8[], $5::float8[], $6::float8[], $7::float8[], $8::smallint[]);

-- name: insertImportedBars1d
INSERT INTO imported_bars_1d (instrument_id, ts, open, high, low, close, volume_usd, venues, source)
SELECT *, $9::text FROM unnest($1::int[], $2::timestamptz[], $3::float8[], $4::float8[], $5::float8[], $6::float8[], $7::float8[], $8::smallint[]);

-- name: setSetting
INSERT INTO settings (key, value) VALUES ($1, $2)
ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now();

-- name: insertEvents
INSERT INTO events (id, kind, occurred_at, precision, headline, summary, points, importance, source_name, source_url)
SELECT id, kind, occurred_at, precision, headline, summary, ARRAY(SELECT jsonb_array_elements_text(points)), importance, source_name, source_url
FROM unnest($1::bigint[], $2::text[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::jsonb[], $8::smallint[], $9::text[], $10::text[])
  AS e (id, kind, occurred_at, precision, headline, summary, points, importance, source_name, source_url);

-- name: insertEventEntities
INSERT INTO event_entities (event_id, position, type, key, label, path)
SELECT * FROM unnest($1::bigint[], $2::smallint[], $3::text[], $4::text[], $5::text[], $6::text[]);

-- name: insertCatalysts
INSERT INTO catalysts (id, kind, title, expected_at, precision, confirmed, description, consensus, source_url, outcome_event_id)
SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::boolean[], $7::text[], $8::text[], $9::text[], $10::bigint[]);

-- name: insertCatalystEntities
INSERT INTO catalyst_entities (catalyst_id, position, type, key, label, path)
SELECT * FROM unnest($1::bigint[], $2::smallint[], $3::text[], $4::text[], $5::text[], $6::text[]);

-- name: analyzeStory
-- After the bulk load: planner statistics, and the full-text index's pending entries merged into the index proper.
VACUUM (ANALYZE) events, event_entities, catalysts, catalyst_entities;

-- name: insertDemoOutcomes
INSERT INTO demo_outcomes (catalyst_id, due_at, story) SELECT * FROM unnest($1::bigint[], $2::timestamptz[], $3::jsonb[]);

-- name: dueDemoOutcomes
-- The outcomes due by $1, oldest first.
SELECT catalyst_id::float8 AS "catalystId", story FROM demo_outcomes WHERE due_at <= $1 ORDER BY due_at, catalyst_id;

-- name: nextDemoOutcomeAt
SELECT (extract(epoch FROM min(due_at)) * 1000)::float8 AS at FROM demo_outcomes;

-- name: deleteDemoOutcome
DELETE FROM demo_outcomes WHERE catalyst_id = $1;

-- name: insertDemoListingBars1m
-- The demo's venue history: each listing's 1m bars drawn from its instrument's pooled ones, scaled by its basis (the
-- same factor for open, high, low and close so each bar stays whole) and carrying its share of the volume. $1 listing
-- ids, $2 their shares of their instrument's volume, $3 from when (venue minutes are held in memory for a day, so a
-- longer pooled history is not repeated per venue).
INSERT INTO listing_bars_1m (listing_id, ts, open, high, low, close, volume_usd)
SELECT s.listing_id, b.ts, b.open * f.k, b.high * f.k, b.low * f.k, b.close * f.k, b.volume_usd * s.share
FROM unnest($1::int[], $2::float8[]) AS s (listing_id, share)
JOIN listings l ON l.id = s.listing_id
JOIN bars_1m b ON b.instrument_id = l.instrument_id AND b.ts >= $3
CROSS JOIN LATERAL (SELECT demo_listing_basis(s.listing_id, b.ts) AS k) f;

-- name: insertDemoListingBars1h
-- The venues' hours before their minutes ($3), drawn the same way from the pooled hourly candles.
INSERT INTO imported_listing_bars_1h (listing_id, ts, open, high, low, close, volume_usd, source)
SELECT s.listing_id, c.ts, c.open * f.k, c.high * f.k, c.low * f.k, c.close * f.k, c.volume_usd * s.share, 'demo'
FROM unnest($1::int[], $2::float8[]) AS s (listing_id, share)
JOIN listings l ON l.id = s.listing_id
JOIN candles_1h c ON c.instrument_id = l.instrument_id AND c.ts < $3
CROSS JOIN LATERAL (SELECT demo_listing_basis(s.listing_id, c.ts) AS k) f;

-- name: insertDemoListingBars1d
-- The venues' days before their minutes ($3), drawn the same way from the pooled daily candles.
INSERT INTO imported_listing_bars_1d (listing_id, ts, open, high, low, close, volume_usd, source)
SELECT s.listing_id, c.ts, c.open * f.k, c.high * f.k, c.low * f.k, c.close * f.k, c.volume_usd * s.share, 'demo'
FROM unnest($1::int[], $2::float8[]) AS s (listing_id, share)
JOIN listings l ON l.id = s.listing_id
JOIN candles_1d c ON c.instrument_id = l.instrument_id AND c.ts < $3
CROSS JOIN LATERAL (SELECT demo_listing_basis(s.listing_id, c.ts) AS k) f;
