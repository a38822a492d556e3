-- name: upsertMarketEvents
-- Events grouping markets, stored or replaced when their content changed (:hashes); returns the keys written.
INSERT INTO prediction_events (source, source_key, slug, title, category, mutually_exclusive, close_at, source_url, content_hash)
SELECT :source, i.* FROM unnest(:keys::text[], :slugs::text[], :titles::text[], :categories::text[], :exclusive::boolean[],
                                :closeAt::timestamptz[], :sourceUrls::text[], :hashes::text[]) AS i
ON CONFLICT (source, source_key) DO UPDATE
  SET slug = EXCLUDED.slug, title = EXCLUDED.title, category = EXCLUDED.category, mutually_exclusive = EXCLUDED.mutually_exclusive,
      close_at = EXCLUDED.close_at, source_url = EXCLUDED.source_url, content_hash = EXCLUDED.content_hash, updated_at = now()
  WHERE prediction_events.content_hash <> EXCLUDED.content_hash
RETURNING source_key AS key;

-- name: marketEventTitles
-- The titles of :source's stored events :keys: what a market's links are read from when its event is not in its payload.
SELECT source_key AS key, title FROM prediction_events WHERE source = :source AND source_key = ANY (:keys::text[]);

-- name: marketSlugs
-- The stored markets holding any of the slugs :slugs, or of :source with any of the keys :keys: whose slug a market
-- already has, and which slugs are taken.
SELECT slug, source, source_key AS key FROM prediction_markets
WHERE slug = ANY (:slugs::text[]) OR (source = :source AND source_key = ANY (:keys::text[]));

-- name: upsertMarkets
-- Markets of :source stored, or replaced when their content changed (:hashes); returns the slugs written, whose
-- outcomes and entities are then written anew.
INSERT INTO prediction_markets (slug, source, source_key, question, category, kind, lower_bound, upper_bound, volume, liquidity, open_interest,
                                open_at, close_at, status, resolution, event_key, label, source_url, content_hash)
SELECT i.slug, :source, i.key, i.question, i.category, i.kind, i.lower_bound, i.upper_bound, i.volume, i.liquidity, i.open_interest,
       i.open_at, i.close_at, i.status, i.resolution, i.event_key, i.label, i.source_url, i.hash
FROM unnest(:slugs::text[], :keys::text[], :questions::text[], :categories::text[], :kinds::text[], :lowerBounds::float8[], :upperBounds::float8[],
            :volumes::float8[], :liquidity::float8[], :openInterest::float8[], :openAt::timestamptz[], :closeAt::timestamptz[],
            :statuses::text[], :resolutions::text[], :eventKeys::text[], :labels::text[], :sourceUrls::text[], :hashes::text[])
  AS i (slug, key, question, category, kind, lower_bound, upper_bound, volume, liquidity, open_interest, open_at, close_at, status,
        resolution, event_key, label, source_url, hash)
ON CONFLICT (source, source_key) DO UPDATE
  SET question = EXCLUDED.question, category = EXCLUDED.category, kind = EXCLUDED.kind, lower_bound = EXCLUDED.lower_bound,
      upper_bound = EXCLUDED.upper_bound, volume = EXCLUDED.volume, liquidity = EXCLUDED.liquidity, open_interest = EXCLUDED.open_interest,
      open_at = EXCLUDED.open_at, close_at = EXCLUDED.close_at, status = EXCLUDED.status, resolution = EXCLUDED.resolution,
      event_key = EXCLUDED.event_key, label = EXCLUDED.label, source_url = EXCLUDED.source_url, content_hash = EXCLUDED.content_hash,
      updated_at = now()
  WHERE prediction_markets.content_hash <> EXCLUDED.content_hash
RETURNING slug;

-- name: deleteMarketParts
-- The outcomes and entities of the markets :markets, before they are written anew.
WITH gone AS (DELETE FROM prediction_outcomes WHERE market = ANY (:markets::text[]))
DELETE FROM prediction_market_entities WHERE market = ANY (:markets::text[]);

-- name: insertMarketParts
-- Outcomes and entities of markets, each list in its order.
WITH outcomes AS (
       INSERT INTO prediction_outcomes (market, position, name, probability, outcome_key)
       SELECT * FROM unnest(:outcomeMarkets::text[], :outcomePositions::smallint[], :outcomeNames::text[], :probabilities::float8[],
                            :outcomeKeys::text[])
     )
INSERT INTO prediction_market_entities (market, position, type, key, label, path)
SELECT * FROM unnest(:entityMarkets::text[], :entityPositions::smallint[], :types::text[], :entityKeys::text[], :labels::text[], :paths::text[]);

-- name: storedOutcomeKeys
-- Which of :source's outcome keys :keys a stored market has.
SELECT o.outcome_key AS key
FROM prediction_outcomes o JOIN prediction_markets m ON m.slug = o.market
WHERE m.source = :source AND o.outcome_key = ANY (:keys::text[]);

-- name: upsertOddsHistory
-- Probability points of :source's outcomes: a point stored again takes its new value (a period still open moves).
-- Returns how many rows were added or changed.
WITH written AS (
  INSERT INTO odds_history (source, outcome_key, ts, probability)
  SELECT :source, k, t, p FROM unnest(:keys::text[], :ts::timestamptz[], :probabilities::float8[]) AS u (k, t, p)
  ON CONFLICT (source, outcome_key, ts) DO UPDATE SET probability = EXCLUDED.probability
    WHERE odds_history.probability <> EXCLUDED.probability
  RETURNING 1
)
SELECT count(*)::int AS written FROM written;

-- name: marketRows
-- Every stored market with its event's title and whether its outcomes are exclusive.
SELECT m.slug, m.source, m.source_key AS "sourceKey", m.question, m.category, m.kind, m.lower_bound AS "lowerBound", m.upper_bound AS "upperBound",
       m.volume, m.liquidity, m.open_interest AS "openInterest", m.open_at AS "openAt", m.close_at AS "closeAt", m.status, m.resolution,
       m.event_key AS "eventKey", m.label, m.source_url AS "sourceUrl", m.updated_at AS "updatedAt",
       e.title AS "eventTitle", e.slug AS "eventSlug", e.mutually_exclusive AS "mutuallyExclusive", e.source_url AS "eventUrl"
FROM prediction_markets m LEFT JOIN prediction_events e ON e.source = m.source AND e.source_key = m.event_key
ORDER BY m.slug;

-- name: outcomeRows
SELECT market, name, probability, outcome_key AS "outcomeKey" FROM prediction_outcomes ORDER BY market, position;

-- name: marketEntityRows
SELECT market, type, key, label, path FROM prediction_market_entities ORDER BY market, position;

-- name: oddsHistoryColumns
-- The probability of each of :source's outcomes :keys (numbered by their position in :keys) from :from, one point per
-- :interval bucket (the last of it), at the bucket's start: epoch ms.
SELECT array_position(:keys::text[], outcome_key)::float8 AS outcome, date_part('epoch', time_bucket(:interval::interval, ts)) * 1000 AS ts,
       last(probability, ts) AS probability
FROM odds_history
WHERE source = :source AND outcome_key = ANY (:keys::text[]) AND ts >= :from
GROUP BY outcome_key, time_bucket(:interval::interval, ts)
ORDER BY 1, 2;

-- name: lastOddsUpdate
-- The time of :source's latest point of any of the outcomes :keys, null without one.
SELECT max(ts) AS ts FROM odds_history WHERE source = :source AND outcome_key = ANY (:keys::text[]);
