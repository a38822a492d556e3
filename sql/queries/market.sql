-- name: listInstruments
SELECT i.id, i.symbol, i.name, i.kind, i.currency, i.company, c.name AS "companyName", c.sector
FROM instruments i LEFT JOIN companies c ON c.slug = i.company ORDER BY i.id;

-- name: listListings
SELECT l.id, l.instrument_id AS "instrumentId", l.venue_id AS venue, l.market, l.venue_symbol AS "venueSymbol",
       l.funding_interval_hours AS "fundingIntervalHours"
FROM listings l ORDER BY l.instrument_id, l.id;

-- name: lastCloses
-- The newest 1m bar of each instrument: where the live price continues from.
SELECT DISTINCT ON (instrument_id) instrument_id AS "instrumentId", close, extract(epoch FROM ts) * 1000 AS ts
FROM bars_1m ORDER BY instrument_id, ts DESC;

-- name: previousCloses
-- Each instrument's daily close before $1 (a UTC midnight), from tick-derived or imported daily bars.
SELECT DISTINCT ON (instrument_id) instrument_id AS "instrumentId", close
FROM (
  SELECT instrument_id, ts, close FROM bars_1d WHERE ts < $1
  UNION ALL
  SELECT instrument_id, ts, close FROM imported_bars_1d WHERE ts < $1
) daily
ORDER BY instrument_id, ts DESC;

-- name: insertListingBars1m
INSERT INTO listing_bars_1m (listing_id, ts, open, high, low, close, volume_usd)
SELECT * FROM unnest($1::int[], $2::timestamptz[], $3::float8[], $4::float8[], $5::float8[], $6::float8[], $7::float8[])
ON CONFLICT (listing_id, ts) DO UPDATE
SET open = EXCLUDED.open, high = EXCLUDED.high, low = EXCLUDED.low, close = EXCLUDED.close, volume_usd = EXCLUDED.volume_usd;

-- name: insertVenueQuotes
INSERT INTO venue_quotes (listing_id, ts, price, volume_24h_usd, open_interest_usd, funding_rate)
SELECT * FROM unnest($1::int[], $2::timestamptz[], $3::float8[], $4::float8[], $5::float8[], $6::float8[]);
