-- Market data: instruments, venues and their listings, venue quotes, and 1m bars (pooled and per listing) as
-- hypertables; imported 1h/1d history in hypertables of its own (see design: backfilled bars).

CREATE TABLE instruments (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  symbol      text NOT NULL CHECK (symbol ~ '^[A-Za-z0-9._^=-]{1,20}$'),
  name        text NOT NULL,
  kind        text NOT NULL CHECK (kind IN ('stock', 'index', 'commodity', 'crypto', 'etf', 'fx', 'rate')),
  currency    text NOT NULL,
  -- Slug of the issuing company, once companies exist (stocks and ETFs); null for the rest.
  company     text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
-- Symbols are unique whatever their case: /v1/instruments/btc and /v1/instruments/BTC are one instrument.
CREATE UNIQUE INDEX instruments_symbol ON instruments (lower(symbol));

CREATE TABLE venues (
  id    text PRIMARY KEY CHECK (id ~ '^[a-z0-9-]{1,40}$'),
  name  text NOT NULL
);

CREATE TABLE listings (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  instrument_id  integer NOT NULL REFERENCES instruments (id),
  venue_id       text    NOT NULL REFERENCES venues (id),
  market         text    NOT NULL CHECK (market IN ('spot', 'perp')),
  venue_symbol   text    NOT NULL,
  -- Hours between funding payments on a perpetual (8 on most venues, 1 on some); null for spot.
  funding_interval_hours smallint CHECK (funding_interval_hours IS NULL OR funding_interval_hours > 0),
  UNIQUE (instrument_id, venue_id, market),
  CHECK ((market = 'perp') = (funding_interval_hours IS NOT NULL))
);

CREATE TABLE venue_quotes (
  listing_id         integer     NOT NULL,
  ts                 timestamptz NOT NULL,
  price              float8      NOT NULL CHECK (price > 0),
  volume_24h_usd     float8      CHECK (volume_24h_usd >= 0),
  open_interest_usd  float8      CHECK (open_interest_usd >= 0),
  -- Per the venue's own funding interval, as a fraction (0.0001 = 0.01%).
  funding_rate       float8
);
SELECT create_hypertable('venue_quotes', by_range('ts', INTERVAL '1 day'));
CREATE INDEX venue_quotes_listing_ts ON venue_quotes (listing_id, ts DESC);
ALTER TABLE venue_quotes SET (timescaledb.compress, timescaledb.compress_segmentby = 'listing_id', timescaledb.compress_orderby = 'ts');

CREATE TABLE bars_1m (
  instrument_id  integer     NOT NULL,
  ts             timestamptz NOT NULL,
  open           float8      NOT NULL,
  high           float8      NOT NULL,
  low            float8      NOT NULL,
  close          float8      NOT NULL,
  volume_usd     float8,
  -- Most venues in the pool during the bar.
  venues         smallint    NOT NULL,
  PRIMARY KEY (instrument_id, ts)
);
SELECT create_hypertable('bars_1m', by_range('ts', INTERVAL '1 day'));
ALTER TABLE bars_1m SET (timescaledb.compress, timescaledb.compress_segmentby = 'instrument_id', timescaledb.compress_orderby = 'ts');

CREATE TABLE listing_bars_1m (
  listing_id  integer     NOT NULL,
  ts          timestamptz NOT NULL,
  open        float8      NOT NULL,
  high        float8      NOT NULL,
  low         float8      NOT NULL,
  close       float8      NOT NULL,
  volume_usd  float8,
  PRIMARY KEY (listing_id, ts)
);
SELECT create_hypertable('listing_bars_1m', by_range('ts', INTERVAL '1 day'));
ALTER TABLE listing_bars_1m SET (timescaledb.compress, timescaledb.compress_segmentby = 'listing_id', timescaledb.compress_orderby = 'ts');

-- History that did not come from ticks (a vendor's daily closes, a venue's hourly REST backfill). The candles
-- endpoint serves the union with the aggregates, the tick-derived bar winning where both exist.
CREATE TABLE imported_bars_1h (
  instrument_id  integer     NOT NULL,
  ts             timestamptz NOT NULL,
  open           float8      NOT NULL,
  high           float8      NOT NULL,
  low            float8      NOT NULL,
  close          float8      NOT NULL,
  volume_usd     float8,
  venues         smallint,
  source         text        NOT NULL,
  PRIMARY KEY (instrument_id, ts)
);
SELECT create_hypertable('imported_bars_1h', by_range('ts', INTERVAL '30 days'));

CREATE TABLE imported_bars_1d (
  instrument_id  integer     NOT NULL,
  ts             timestamptz NOT NULL,
  open           float8      NOT NULL,
  high           float8      NOT NULL,
  low            float8      NOT NULL,
  close          float8      NOT NULL,
  volume_usd     float8,
  venues         smallint,
  source         text        NOT NULL,
  PRIMARY KEY (instrument_id, ts)
);
SELECT create_hypertable('imported_bars_1d', by_range('ts', INTERVAL '365 days'));
