-- name: listEvents
-- Stories matching every filter given (a null parameter is no filter), newest or most important first, one page
-- plus one row (which tells whether there is a next page). :entities as lower('type:key'), any match; :kinds;
-- :excludeKinds; :from (inclusive); :to (exclusive); :q web-search text; :minImportance; :order 'recent' or 'important'.
SELECT e.id, e.kind, e."occurredAt", e.precision, e.headline, e.summary, e.points, e.importance, e."sourceName", e."sourceUrl", e.entities
FROM event_rows e
WHERE (:entities::text[] IS NULL OR EXISTS (SELECT 1 FROM event_entities f WHERE f.event_id = e.id AND lower(f.type || ':' || f.key) = ANY (:entities)))
  AND (:kinds::text[] IS NULL OR e.kind = ANY (:kinds))
  AND (:excludeKinds::text[] IS NULL OR e.kind <> ALL (:excludeKinds))
  AND (:from::timestamptz IS NULL OR e."occurredAt" >= :from)
  AND (:to::timestamptz IS NULL OR e."occurredAt" < :to)
  AND (:q::text IS NULL OR e.search @@ websearch_to_tsquery('english', :q))
  AND (:minImportance::int IS NULL OR e.importance >= :minImportance)
ORDER BY CASE WHEN :order = 'important' THEN e.importance END DESC NULLS LAST, e."occurredAt" DESC, e.id DESC
LIMIT :limit OFFSET :offset;

-- name: eventsByIds
-- The stories :ids, in no particular order.
SELECT e.id, e.kind, e."occurredAt", e.precision, e.headline, e.summary, e.points, e.importance, e."sourceName", e."sourceUrl", e.entities
FROM event_rows e WHERE e.id = ANY (:ids::bigint[]);

-- name: relatedEvents
-- Stories sharing at least one entity with story :id within 45 days of it, most important first, at most :limit.
SELECT r.id
FROM events s JOIN events r ON r.id <> s.id AND r.occurred_at BETWEEN s.occurred_at - INTERVAL '45 days' AND s.occurred_at + INTERVAL '45 days'
WHERE s.id = :id
  AND EXISTS (SELECT 1 FROM event_entities a JOIN event_entities b ON a.type = b.type AND a.key = b.key
              WHERE a.event_id = s.id AND b.event_id = r.id)
ORDER BY r.importance DESC, r.occurred_at DESC, r.id DESC
LIMIT :limit;

-- name: topStories
-- Stories of the :days days to :now ranked by importance halved for every 24 hours of age, at most :limit.
SELECT e.id, e.kind, e."occurredAt", e.precision, e.headline, e.summary, e.points, e.importance, e."sourceName", e."sourceUrl", e.entities
FROM event_rows e
WHERE e."occurredAt" >= :now::timestamptz - make_interval(days => :days) AND e."occurredAt" <= :now::timestamptz
ORDER BY e.importance * power(0.5, extract(epoch FROM :now::timestamptz - e."occurredAt")::float8 / 86400) DESC, e.id DESC
LIMIT :limit;

-- name: searchEvents
-- Stories matching the tsquery text :words (to_tsquery syntax, built by the caller), best match first, then the more
-- important, at most :limit.
SELECT e.id::float8 AS id, e.headline, ts_rank_cd(e.search, to_tsquery('english', :words)) AS rank
FROM events e
WHERE e.search @@ to_tsquery('english', :words)
ORDER BY rank DESC, e.importance DESC, e.occurred_at DESC
LIMIT :limit;

-- name: linkedEntities
-- Every entity stories and catalysts are linked to, once each: what search finds besides instruments and terms.
SELECT DISTINCT ON (type, key) type, key, label, path
FROM (SELECT type, key, label, path FROM event_entities UNION ALL SELECT type, key, label, path FROM catalyst_entities) x
ORDER BY type, key, label;

-- name: insertStories
-- The stories of :source not stored yet (a story is its source and the source's own key for it), numbered after the
-- highest id in the order given. Returns the ids given with each story's key.
WITH input AS (
  SELECT * FROM unnest(:keys::text[], :kinds::text[], :occurredAt::timestamptz[], :precisions::text[], :headlines::text[],
                       :summaries::text[], :points::jsonb[], :importance::smallint[], :sourceNames::text[], :sourceUrls::text[])
    WITH ORDINALITY AS i (source_key, kind, occurred_at, precision, headline, summary, points, importance, source_name, source_url, ord)
), fresh AS (
  SELECT i.*, row_number() OVER (ORDER BY i.ord) AS n FROM input i
  WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.source = :source AND e.source_key = i.source_key)
)
INSERT INTO events (id, source, source_key, kind, occurred_at, precision, headline, summary, points, importance, source_name, source_url)
SELECT (SELECT coalesce(max(id), 0) FROM events) + f.n, :source, f.source_key, f.kind, f.occurred_at, f.precision, f.headline,
       f.summary, ARRAY(SELECT jsonb_array_elements_text(f.points)), f.importance, f.source_name, f.source_url
FROM fresh f
RETURNING id::float8 AS id, source_key AS key;

-- name: insertEventEntities
INSERT INTO event_entities (event_id, position, type, key, label, path)
SELECT * FROM unnest(:ids::bigint[], :positions::smallint[], :types::text[], :keys::text[], :labels::text[], :paths::text[]);

-- name: analyzeStory
-- After a bulk load: planner statistics, and the full-text index's pending entries merged into the index proper.
VACUUM (ANALYZE) events, event_entities, catalysts, catalyst_entities;
