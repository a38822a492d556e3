-- A venue listing's history that did not come from its ticks (a venue's REST backfill, a vendor's archive), kept per
-- interval as the pooled imported bars are. Listing candles are served from the union, the tick-derived aggregate
-- winning where both exist, so a venue's 1h and 1d candles reach as far back as its instrument's.

CREATE TABLE imported_listing_bars_1h (
  listing_id  integer     NOT NULL,
  ts          timestamptz NOT NULL,
  open        float8      NOT NULL,
  high        float8      NOT NULL,
  low         float8      NOT NULL,
  close       float8      NOT NULL,
  volume_usd  float8,
  source      text        NOT NULL,
  PRIMARY KEY (listing_id, ts)
);
SELECT create_hypertable('imported_listing_bars_1h', by_range('ts', INTERVAL '30 days'));

CREATE TABLE imported_listing_bars_1d (
  listing_id  integer     NOT NULL,
  ts          timestamptz NOT NULL,
  open        float8      NOT NULL,
  high        float8      NOT NULL,
  low         float8      NOT NULL,
  close       float8      NOT NULL,
  volume_usd  float8,
  source      text        NOT NULL,
  PRIMARY KEY (listing_id, ts)
);
SELECT create_hypertable('imported_listing_bars_1d', by_range('ts', INTERVAL '365 days'));

CREATE VIEW listing_candles_1h AS
SELECT listing_id, ts, open, high, low, close, volume_usd FROM listing_bars_1h
UNION ALL
SELECT i.listing_id, i.ts, i.open, i.high, i.low, i.close, i.volume_usd FROM imported_listing_bars_1h i
WHERE NOT EXISTS (SELECT 1 FROM listing_bars_1h b WHERE b.listing_id = i.listing_id AND b.ts = i.ts);

CREATE VIEW listing_candles_1d AS
SELECT listing_id, ts, open, high, low, close, volume_usd FROM listing_bars_1d
UNION ALL
SELECT i.listing_id, i.ts, i.open, i.high, i.low, i.close, i.volume_usd FROM imported_listing_bars_1d i
WHERE NOT EXISTS (SELECT 1 FROM listing_bars_1d b WHERE b.listing_id = i.listing_id AND b.ts = i.ts);

-- The demo's basis of a venue against the pooled price at a time: a few basis points, drifting over the day. One
-- definition for the venue history of every interval, so a listing's 1m, 1h and 1d candles agree. STABLE, as
-- date_part of a timestamptz is: a function claiming more is not inlined, and costs 3.5x per row.
CREATE FUNCTION demo_listing_basis(listing_id integer, ts timestamptz) RETURNS float8
LANGUAGE sql STABLE AS $$ SELECT 1 + 0.0004 * sin(listing_id * 1.7 + date_part('epoch', ts) / 1800) $$;
