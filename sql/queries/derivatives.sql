-- name: insertVenueQuotes
INSERT INTO venue_quotes (listing_id, ts, price, volume_24h_usd, open_interest_usd, funding_rate)
SELECT * FROM unnest(:ids::int[], :ts::timestamptz[], :price::float8[], :volume24hUsd::float8[], :openInterestUsd::float8[],
                     :fundingRate::float8[]);

-- name: insertImportedDerivatives1h
-- Funding and open interest history that did not come from live quotes, with its source; an hour already imported is kept.
INSERT INTO imported_derivatives_1h (listing_id, ts, funding_rate, open_interest_usd, source)
SELECT l, t, f, o, :source FROM unnest(:ids::int[], :ts::timestamptz[], :fundingRate::float8[], :openInterestUsd::float8[]) AS u(l, t, f, o)
ON CONFLICT DO NOTHING;

-- name: insertImportedDerivatives1d
INSERT INTO imported_derivatives_1d (listing_id, ts, funding_rate, open_interest_usd, source)
SELECT l, t, f, o, :source FROM unnest(:ids::int[], :ts::timestamptz[], :fundingRate::float8[], :openInterestUsd::float8[]) AS u(l, t, f, o)
ON CONFLICT DO NOTHING;

-- name: latestDerivatives
-- Each perpetual's newest funding rate and open interest, live or imported: where simulated venues carry on from.
SELECT l.id AS "listingId", d.funding_rate AS "fundingRate", d.open_interest_usd AS "openInterestUsd"
FROM listings l
CROSS JOIN LATERAL (
  SELECT funding_rate, open_interest_usd FROM (
    (SELECT ts, funding_rate, open_interest_usd FROM venue_quotes q
     WHERE q.listing_id = l.id AND q.open_interest_usd IS NOT NULL ORDER BY ts DESC LIMIT 1)
    UNION ALL
    (SELECT ts, funding_rate, open_interest_usd FROM imported_derivatives_1h i WHERE i.listing_id = l.id ORDER BY ts DESC LIMIT 1)
  ) latest ORDER BY ts DESC LIMIT 1
) d
WHERE l.market = 'perp';

-- name: derivativesDaily
-- Per UTC day from :from over the perpetual listings :ids: funding per 8 hours weighted by open interest, total open
-- interest at the day's end, and the listings counted. A listing's day comes from its hours where it has any, else
-- from its imported daily record.
WITH per_listing AS (
  SELECT DISTINCT ON (listing_id, day) listing_id, day, funding_rate, open_interest_usd
  FROM (
    SELECT listing_id, time_bucket(INTERVAL '1 day', ts) AS day, avg(funding_rate) AS funding_rate,
           last(open_interest_usd, ts) AS open_interest_usd, 0 AS rank
    FROM derivatives_1h WHERE listing_id = ANY (:ids::int[]) AND ts >= :from GROUP BY 1, 2
    UNION ALL
    SELECT listing_id, ts, funding_rate, open_interest_usd, 1
    FROM imported_derivatives_1d WHERE listing_id = ANY (:ids::int[]) AND ts >= :from
  ) days
  ORDER BY listing_id, day, rank
), weighted AS (
  SELECT p.day, p.open_interest_usd AS oi, p.funding_rate * 8.0 / l.funding_interval_hours AS funding_8h
  FROM per_listing p JOIN listings l ON l.id = p.listing_id
)
SELECT date_part('epoch', day) * 1000 AS day,
       (sum(funding_8h * oi) FILTER (WHERE funding_8h IS NOT NULL AND oi > 0)
         / nullif(sum(oi) FILTER (WHERE funding_8h IS NOT NULL AND oi > 0), 0))::float8 AS funding_8h,
       sum(oi)::float8 AS oi,
       count(*)::float8 AS venues
FROM weighted GROUP BY day;

-- name: derivativesHourly
-- The hourly series of the listings :ids from :from.
SELECT listing_id, date_part('epoch', ts) * 1000 AS ts, funding_rate, open_interest_usd
FROM derivatives_1h WHERE listing_id = ANY (:ids::int[]) AND ts >= :from;

-- name: derivativesFirstDay
-- The first UTC day the perpetual listings :ids have funding or open interest for, hourly or imported daily.
SELECT date_part('epoch', least(
  (SELECT time_bucket(INTERVAL '1 day', min(ts)) FROM derivatives_1h WHERE listing_id = ANY (:ids::int[])),
  (SELECT min(ts) FROM imported_derivatives_1d WHERE listing_id = ANY (:ids::int[]))
)) * 1000 AS day;
