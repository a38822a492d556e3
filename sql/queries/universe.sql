-- name: listInstruments
-- Each instrument with its company's name and sector, and the source of its newest imported daily bar (where the
-- price of an instrument no venue quotes comes from, when that source is official).
SELECT i.id, i.symbol, i.name, i.kind, i.currency, i.company, c.name AS "companyName", c.sector,
       (SELECT b.source FROM imported_bars_1d b WHERE b.instrument_id = i.id ORDER BY b.ts DESC LIMIT 1) AS "dailySource"
FROM instruments i LEFT JOIN companies c ON c.slug = i.company ORDER BY i.id;

-- name: instrumentRow
-- One instrument as listInstruments gives it: one an import added while the server runs.
SELECT i.id, i.symbol, i.name, i.kind, i.currency, i.company, c.name AS "companyName", c.sector,
       (SELECT b.source FROM imported_bars_1d b WHERE b.instrument_id = i.id ORDER BY b.ts DESC LIMIT 1) AS "dailySource"
FROM instruments i LEFT JOIN companies c ON c.slug = i.company WHERE i.id = :id;

-- name: listListings
SELECT l.id, l.instrument_id AS "instrumentId", l.venue_id AS venue, l.market, l.venue_symbol AS "venueSymbol",
       l.funding_interval_hours AS "fundingIntervalHours"
FROM listings l ORDER BY l.instrument_id, l.id;

-- name: insertVenues
INSERT INTO venues (id, name) SELECT * FROM unnest(:ids::text[], :names::text[]);

-- name: insertInstruments
INSERT INTO instruments (symbol, name, kind, currency, company)
SELECT * FROM unnest(:symbols::text[], :names::text[], :kinds::text[], :currencies::text[], :companies::text[])
RETURNING id, symbol;

-- name: insertListings
-- Listings of the instruments named by symbol; returns each with its new id.
INSERT INTO listings (instrument_id, venue_id, market, venue_symbol, funding_interval_hours)
SELECT i.id, l.venue, l.market, l.venue_symbol, l.funding
FROM unnest(:symbols::text[], :venues::text[], :markets::text[], :venueSymbols::text[], :fundingIntervalHours::smallint[])
  AS l (symbol, venue, market, venue_symbol, funding)
JOIN instruments i ON i.symbol = l.symbol
RETURNING id, instrument_id AS "instrumentId", venue_id AS venue, market;
