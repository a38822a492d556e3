-- name: mentionCompanies
-- What names each covered company in the news: its name, legal name and tickers, and its instruments.
SELECT c.slug, c.name, c.legal_name AS "legalName", c.tickers,
       coalesce(json_agg(json_build_object('symbol', i.symbol, 'name', i.name)) FILTER (WHERE i.id IS NOT NULL), '[]') AS instruments
FROM companies c LEFT JOIN instruments i ON i.company = c.slug
GROUP BY c.slug, c.name, c.legal_name, c.tickers;

-- name: mentionInstruments
-- Instruments no company issues (a coin, an index, a commodity): named by their symbol and name.
SELECT symbol, name FROM instruments WHERE company IS NULL;

-- name: mentionPeople
SELECT slug, name FROM people;
