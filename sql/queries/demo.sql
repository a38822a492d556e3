-- name: insertVenues
INSERT INTO venues (id, name) SELECT * FROM unnest($1::text[], $2::text[]);

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
