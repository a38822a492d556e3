-- name: listCatalysts
-- Catalysts expected from $3 (inclusive) to $4 (exclusive, null: no end), soonest first, linked to any entity of $1
-- (lower('type:key'); null: any) and of a kind in $2 (null: any); one page plus one row.
SELECT c.id, c.kind, c.title, c.expected_at AS "expectedAt", c.precision, c.confirmed, c.description, c.consensus,
       c.source_url AS "sourceUrl", c.outcome_event_id AS "outcomeEventId",
       coalesce((SELECT json_agg(json_build_object('type', x.type, 'key', x.key, 'label', x.label, 'path', x.path) ORDER BY x.position)
                 FROM catalyst_entities x WHERE x.catalyst_id = c.id), '[]') AS entities
FROM catalysts c
WHERE ($1::text[] IS NULL OR EXISTS (SELECT 1 FROM catalyst_entities f WHERE f.catalyst_id = c.id AND lower(f.type || ':' || f.key) = ANY ($1)))
  AND ($2::text[] IS NULL OR c.kind = ANY ($2))
  AND c.expected_at >= $3
  AND ($4::timestamptz IS NULL OR c.expected_at < $4)
ORDER BY c.expected_at, c.id
LIMIT $5 OFFSET $6;
