-- name: lastListingBars1m
-- The newest stored 1m bar of each listing :ids (epoch ms; none for a listing without bars): where a backfill starts.
SELECT l.id AS "listingId",
       (SELECT (extract(epoch FROM b.ts) * 1000)::float8 FROM listing_bars_1m b WHERE b.listing_id = l.id ORDER BY b.ts DESC LIMIT 1) AS ts
FROM listings l WHERE l.id = ANY(:ids::int[]);

-- name: insertBackfillListingBars1m
-- A listing's 1m klines from its venue's REST API, in USD; a minute the ticks already built is kept. Returns how
-- many were new.
WITH written AS (
  INSERT INTO listing_bars_1m (listing_id, ts, open, high, low, close, volume_usd)
  SELECT :id::int, ts, open, high, low, close, volume
  FROM unnest(:ts::timestamptz[], :open::float8[], :high::float8[], :low::float8[], :close::float8[], :volume::float8[])
    AS b (ts, open, high, low, close, volume)
  ON CONFLICT (listing_id, ts) DO NOTHING
  RETURNING 1
)
SELECT count(*)::int AS n FROM written;

-- name: insertPooledFromListingBars1m
-- The pooled 1m bars of instruments :ids in [:from, :to) that the ticks did not build, from their listings' bars: the
-- median of each price across the venues that have the minute (a venue's high bounds its open and close, so the
-- medians do too), their summed volume, and how many they were. Returns the minutes written per instrument.
WITH pooled AS (
  SELECT l.instrument_id, b.ts,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY b.open) AS open,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY b.high) AS high,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY b.low) AS low,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY b.close) AS close,
         sum(b.volume_usd) AS volume_usd,
         count(*)::smallint AS venues
  FROM listing_bars_1m b JOIN listings l ON l.id = b.listing_id
  WHERE l.instrument_id = ANY(:ids::int[]) AND b.ts >= :from AND b.ts < :to
  GROUP BY 1, 2
), written AS (
  INSERT INTO bars_1m (instrument_id, ts, open, high, low, close, volume_usd, venues)
  SELECT * FROM pooled
  ON CONFLICT (instrument_id, ts) DO NOTHING
  RETURNING instrument_id, ts
)
SELECT instrument_id AS "instrumentId", count(*)::int AS n FROM written GROUP BY 1;

-- name: upsertBackfillDerivatives1h
-- A listing's funding and open interest by the hour from its venue's REST history. An hour an earlier backfill wrote
-- takes what this one knows (it may have ended inside the hour); one from another source is kept.
INSERT INTO imported_derivatives_1h AS d (listing_id, ts, funding_rate, open_interest_usd, source)
SELECT :id::int, t, f, o, :source::text FROM unnest(:ts::timestamptz[], :fundingRate::float8[], :openInterestUsd::float8[]) AS u(t, f, o)
ON CONFLICT (listing_id, ts) DO UPDATE
SET funding_rate = coalesce(EXCLUDED.funding_rate, d.funding_rate), open_interest_usd = coalesce(EXCLUDED.open_interest_usd, d.open_interest_usd)
WHERE d.source = EXCLUDED.source;
