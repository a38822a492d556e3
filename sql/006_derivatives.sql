-- Funding and open interest history that did not come from live quotes (a venue's REST backfill; the demo's history
-- before it started): hourly records, and daily ones for the time before the hourly history. Live quotes are
-- aggregated to hours by venue_quotes_1h (sql/007_derivatives_hourly.sql).

CREATE TABLE imported_derivatives_1h (
  listing_id         integer     NOT NULL,
  ts                 timestamptz NOT NULL,
  -- Mean over the period of the venue's funding rate, per its own funding interval, as a fraction.
  funding_rate       float8,
  -- At the end of the period, USD.
  open_interest_usd  float8      CHECK (open_interest_usd >= 0),
  source             text        NOT NULL,
  PRIMARY KEY (listing_id, ts)
);
SELECT create_hypertable('imported_derivatives_1h', by_range('ts', INTERVAL '30 days'));

CREATE TABLE imported_derivatives_1d (
  listing_id         integer     NOT NULL,
  ts                 timestamptz NOT NULL,
  funding_rate       float8,
  open_interest_usd  float8      CHECK (open_interest_usd >= 0),
  source             text        NOT NULL,
  PRIMARY KEY (listing_id, ts)
);
SELECT create_hypertable('imported_derivatives_1d', by_range('ts', INTERVAL '365 days'));
