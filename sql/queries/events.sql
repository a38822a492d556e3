-- name: listEvents
-- Stories matching every filter given (a null parameter is no filter), newest or most important first, one page
-- plus one row (which tells whether there is a next page). $1 entity keys as lower('type:key'), any match; $2 kinds;
-- $3 kinds left out; $4 from (inclusive); $5 to (exclusive); $6 websearch text; $7 least importance; $8 'recent' or
-- 'important'; $9 rows; $10 offset.
SELECT e.id, e.kind, e."occurredAt", e.precision, e.headline, e.summary, e.points, e.importance, e."sourceName", e."sourceUrl", e.entities
FROM event_rows e
WHERE ($1::text[] IS NULL OR EXISTS (SELECT 1 FROM event_entities f WHERE f.event_id = e.id AND lower(f.type || ':' || f.key) = ANY ($1)))
  AND ($2::text[] IS NULL OR e.kind = ANY ($2))
  AND ($3::text[] IS NULL OR e.kind <> ALL ($3))
  AND ($4::timestamptz IS NULL OR e."occurredAt" >= $4)
  AND ($5::timestamptz IS NULL OR e."occurredAt" < $5)
  AND ($6::text IS NULL OR e.search @@ websearch_to_tsquery('english', $6))
  AND ($7::int IS NULL OR e.importance >= $7)
ORDER BY CASE WHEN $8 = 'important' THEN e.importance END DESC NULLS LAST, e."occurredAt" DESC, e.id DESC
LIMIT $9 OFFSET $10;

-- name: eventsByIds
-- The stories $1, in no particular order.
SELECT e.id, e.kind, e."occurredAt", e.precision, e.headline, e.summary, e.points, e.importance, e."sourceName", e."sourceUrl", e.entities
FROM event_rows e WHERE e.id = ANY ($1::bigint[]);

-- name: relatedEvents
-- Stories sharing at least one entity with story $1 within 45 days of it, most important first, at most $2.
SELECT r.id
FROM events s JOIN events r ON r.id <> s.id AND r.occurred_at BETWEEN s.occurred_at - INTERVAL '45 days' AND s.occurred_at + INTERVAL '45 days'
WHERE s.id = $1
  AND EXISTS (SELECT 1 FROM event_entities a JOIN event_entities b ON a.type = b.type AND a.key = b.key
              WHERE a.event_id = s.id AND b.event_id = r.id)
ORDER BY r.importance DESC, r.occurred_at DESC, r.id DESC
LIMIT $2;

-- name: topStories
-- Stories of the last $1 days ranked by importance halved for every 24 hours of age, at most $2.
SELECT e.id, e.kind, e."occurredAt", e.precision, e.headline, e.summary, e.points, e.importance, e."sourceName", e."sourceUrl", e.entities
FROM event_rows e
WHERE e."occurredAt" >= now() - make_interval(days => $1) AND e."occurredAt" <= now()
ORDER BY e.importance * power(0.5, extract(epoch FROM now() - e."occurredAt")::float8 / 86400) DESC, e.id DESC
LIMIT $2;

-- name: searchEvents
-- Stories matching the tsquery text $1 (to_tsquery syntax, built by the caller), best match first, then the more
-- important, at most $2.
SELECT e.id::float8 AS id, e.headline, ts_rank_cd(e.search, to_tsquery('english', $1)) AS rank
FROM events e
WHERE e.search @@ to_tsquery('english', $1)
ORDER BY rank DESC, e.importance DESC, e.occurred_at DESC
LIMIT $2;

-- name: linkedEntities
-- Every entity stories and catalysts are linked to, once each: what search finds besides instruments and terms.
SELECT DISTINCT ON (type, key) type, key, label, path
FROM (SELECT type, key, label, path FROM event_entities UNION ALL SELECT type, key, label, path FROM catalyst_entities) x
ORDER BY type, key, label;

-- name: lastEventId
SELECT coalesce(max(id), 0)::float8 AS id FROM events;
