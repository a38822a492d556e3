-- name: listCatalysts
-- Catalysts expected from :from (inclusive) to :to (exclusive, null: no end), soonest first, linked to any entity of
-- :entities (lower('type:key'); null: any) and of a kind in :kinds (null: any); one page plus one row.
SELECT c.id, c.kind, c.title, c."expectedAt", c.precision, c.confirmed, c.description, c.consensus, c."sourceUrl", c."outcomeEventId", c.entities
FROM catalyst_rows c
WHERE (:entities::text[] IS NULL OR EXISTS (SELECT 1 FROM catalyst_entities f WHERE f.catalyst_id = c.id AND lower(f.type || ':' || f.key) = ANY (:entities)))
  AND (:kinds::text[] IS NULL OR c.kind = ANY (:kinds))
  AND c."expectedAt" >= :from
  AND (:to::timestamptz IS NULL OR c."expectedAt" < :to)
ORDER BY c."expectedAt", c.id
LIMIT :limit OFFSET :offset;

-- name: linkCatalystOutcomes
-- Links each catalyst whose time has passed by :now to the story that reported its outcome, once there is one: a story of
-- the matching kind about one of the catalyst's own entities (a sector is shared by companies that may report the same
-- day, so it does not count), from an hour before the expected time to two days after, the nearest in time first.
-- Returns the catalysts linked.
UPDATE catalysts c SET outcome_event_id = m.event_id
FROM (
  SELECT DISTINCT ON (k.id) k.id AS catalyst_id, e.id AS event_id
  FROM catalysts k
  JOIN events e
    ON e.kind = CASE k.kind WHEN 'product_launch' THEN 'product' WHEN 'shareholder_meeting' THEN 'management'
                            WHEN 'index_event' THEN 'market_structure' WHEN 'expiry' THEN 'market_structure' ELSE k.kind END
   AND e.occurred_at >= k.expected_at - INTERVAL '1 hour' AND e.occurred_at < k.expected_at + INTERVAL '2 days'
  WHERE k.outcome_event_id IS NULL AND k.expected_at <= :now
    AND EXISTS (SELECT 1 FROM event_entities x JOIN catalyst_entities y ON y.type = x.type AND y.key = x.key
                WHERE x.event_id = e.id AND y.catalyst_id = k.id AND y.type <> 'sector')
  ORDER BY k.id, abs(extract(epoch FROM e.occurred_at - k.expected_at)), e.importance DESC, e.id
) m
WHERE c.id = m.catalyst_id
RETURNING c.id;

-- name: insertCatalysts
-- The catalysts of :source not stored yet (by the source's own key), numbered after the highest id in the order given;
-- their outcomes are linked from the stories, not imported. Returns the ids given with each catalyst's key.
WITH input AS (
  SELECT * FROM unnest(:keys::text[], :kinds::text[], :titles::text[], :expectedAt::timestamptz[], :precisions::text[],
                       :confirmed::boolean[], :descriptions::text[], :consensus::text[], :sourceUrls::text[])
    WITH ORDINALITY AS i (source_key, kind, title, expected_at, precision, confirmed, description, consensus, source_url, ord)
), fresh AS (
  SELECT i.*, row_number() OVER (ORDER BY i.ord) AS n FROM input i
  WHERE NOT EXISTS (SELECT 1 FROM catalysts c WHERE c.source = :source AND c.source_key = i.source_key)
)
INSERT INTO catalysts (id, source, source_key, kind, title, expected_at, precision, confirmed, description, consensus, source_url)
SELECT (SELECT coalesce(max(id), 0) FROM catalysts) + f.n, :source, f.source_key, f.kind, f.title, f.expected_at, f.precision,
       f.confirmed, f.description, f.consensus, f.source_url
FROM fresh f
RETURNING id::float8 AS id, source_key AS key;

-- name: insertCatalystEntities
INSERT INTO catalyst_entities (catalyst_id, position, type, key, label, path)
SELECT * FROM unnest(:ids::bigint[], :positions::smallint[], :types::text[], :keys::text[], :labels::text[], :paths::text[]);

-- name: nextCatalystPerEntity
-- Per entity of type :type (its key lower-cased), the soonest catalyst of a kind in :kinds expected from :from on.
SELECT DISTINCT ON (lower(e.key)) lower(e.key) AS key, c.id::float8 AS id, c.title, c.expected_at AS "expectedAt"
FROM catalysts c JOIN catalyst_entities e ON e.catalyst_id = c.id
WHERE e.type = :type AND c.kind = ANY (:kinds::text[]) AND c.expected_at >= :from
ORDER BY lower(e.key), c.expected_at, c.id;
