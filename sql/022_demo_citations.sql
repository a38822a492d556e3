-- Demo databases loaded before the demo cited its own sites: its macro series and prediction markets cited FRED's,
-- Kalshi's and Polymarket's pages of the same ids, which show real numbers, not the demo's. They now cite the demo's
-- own sites in those formats under .example, as a fresh load writes them (core/demo/macro/fred.ts, core/demo/odds/).
-- Only the rows the demo's load wrote are changed: they share the timestamp of the transaction that recorded the
-- dataset; a row a later import wrote or replaced is a real record, and keeps its real source.
WITH demo AS (SELECT updated_at FROM settings WHERE key = 'dataset' AND value->>'name' = 'demo')
UPDATE macro_series SET source_url = replace(source_url, 'https://fred.stlouisfed.org/', 'https://fred.stlouisfed.example/')
  FROM demo WHERE macro_series.updated_at = demo.updated_at AND source_url LIKE 'https://fred.stlouisfed.org/%';

WITH demo AS (SELECT updated_at FROM settings WHERE key = 'dataset' AND value->>'name' = 'demo')
UPDATE prediction_events
   SET source_url = replace(replace(source_url, 'https://kalshi.com/', 'https://kalshi.example/'), 'https://polymarket.com/', 'https://polymarket.example/')
  FROM demo WHERE prediction_events.updated_at = demo.updated_at;

WITH demo AS (SELECT updated_at FROM settings WHERE key = 'dataset' AND value->>'name' = 'demo')
UPDATE prediction_markets
   SET source_url = replace(replace(source_url, 'https://kalshi.com/', 'https://kalshi.example/'), 'https://polymarket.com/', 'https://polymarket.example/')
  FROM demo WHERE prediction_markets.updated_at = demo.updated_at;

-- And says so, as a fresh load does (core/dataset-world.ts).
UPDATE settings
   SET value = jsonb_set(value, '{description}', to_jsonb('Deterministic demo universe, not real data: simulated venues and prices; stories, filings, financials, macro series and prediction markets generated in their sources'' formats (a record''s source names the format); every source URL points at the reserved .example domain'::text))
 WHERE key = 'dataset' AND value->>'name' = 'demo';
