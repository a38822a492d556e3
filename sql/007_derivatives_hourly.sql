-- tapewire:no-transaction
-- Hourly funding and open interest per perpetual listing from the live venue quotes, as a real-time continuous
-- aggregate (the current hour is always there), and the series as served: these hours, and imported ones where
-- there are none. The aggregate keeps the hours after RETAIN_QUOTES_DAYS drops the quotes under them.

CREATE MATERIALIZED VIEW IF NOT EXISTS venue_quotes_1h
WITH (timescaledb.continuous, timescaledb.materialized_only = false) AS
SELECT listing_id, time_bucket(INTERVAL '1 hour', ts) AS ts,
       avg(funding_rate) AS funding_rate, last(open_interest_usd, ts) AS open_interest_usd
FROM venue_quotes
WHERE funding_rate IS NOT NULL OR open_interest_usd IS NOT NULL
GROUP BY 1, 2 WITH NO DATA;

SELECT add_continuous_aggregate_policy('venue_quotes_1h', start_offset => INTERVAL '3 days', end_offset => INTERVAL '1 hour',
  schedule_interval => INTERVAL '15 minutes', if_not_exists => true);

CREATE OR REPLACE VIEW derivatives_1h AS
SELECT listing_id, ts, funding_rate, open_interest_usd FROM venue_quotes_1h
UNION ALL
SELECT i.listing_id, i.ts, i.funding_rate, i.open_interest_usd FROM imported_derivatives_1h i
WHERE NOT EXISTS (SELECT 1 FROM venue_quotes_1h q WHERE q.listing_id = i.listing_id AND q.ts = i.ts);
