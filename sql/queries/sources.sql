-- The universe a sources file names, added at each start: what is stored already stays (its ids, its history);
-- a listing whose venue symbol or funding interval changed in the file takes the file's.

-- name: addVenues
INSERT INTO venues (id, name) SELECT * FROM unnest(:ids::text[], :names::text[])
ON CONFLICT (id) DO NOTHING;

-- name: addInstruments
INSERT INTO instruments (symbol, name, kind, currency)
SELECT * FROM unnest(:symbols::text[], :names::text[], :kinds::text[], :currencies::text[])
ON CONFLICT ((lower(symbol))) DO NOTHING
RETURNING id;

-- name: addListings
INSERT INTO listings (instrument_id, venue_id, market, venue_symbol, funding_interval_hours)
SELECT i.id, l.venue, l.market, l.venue_symbol, l.funding
FROM unnest(:symbols::text[], :venues::text[], :markets::text[], :venueSymbols::text[], :fundingIntervalHours::smallint[])
  AS l (symbol, venue, market, venue_symbol, funding)
JOIN instruments i ON lower(i.symbol) = lower(l.symbol)
ON CONFLICT (instrument_id, venue_id, market) DO UPDATE
  SET venue_symbol = EXCLUDED.venue_symbol, funding_interval_hours = EXCLUDED.funding_interval_hours
  WHERE (listings.venue_symbol, listings.funding_interval_hours) IS DISTINCT FROM (EXCLUDED.venue_symbol, EXCLUDED.funding_interval_hours)
RETURNING id;
