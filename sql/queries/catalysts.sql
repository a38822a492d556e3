-- name: listCatalysts
-- Catalysts expected from $3 (inclusive) to $4 (exclusive, null: no end), soonest first, linked to any entity of $1
-- (lower('type:key'); null: any) and of a kind in $2 (null: any); one page plus one row.
SELECT c.id, c.kind, c.title, c."expectedAt", c.precision, c.confirmed, c.description, c.consensus, c."sourceUrl", c."outcomeEventId", c.entities
FROM catalyst_rows c
WHERE ($1::text[] IS NULL OR EXISTS (SELECT 1 FROM catalyst_entities f WHERE f.catalyst_id = c.id AND lower(f.type || ':' || f.key) = ANY ($1)))
  AND ($2::text[] IS NULL OR c.kind = ANY ($2))
  AND c."expectedAt" >= $3
  AND ($4::timestamptz IS NULL OR c."expectedAt" < $4)
ORDER BY c."expectedAt", c.id
LIMIT $5 OFFSET $6;

-- name: linkCatalystOutcomes
-- Links each catalyst whose time has passed to the story that reported its outcome, once there is one: a story of
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
  WHERE k.outcome_event_id IS NULL AND k.expected_at <= now()
    AND EXISTS (SELECT 1 FROM event_entities x JOIN catalyst_entities y ON y.type = x.type AND y.key = x.key
                WHERE x.event_id = e.id AND y.catalyst_id = k.id AND y.type <> 'sector')
  ORDER BY k.id, abs(extract(epoch FROM e.occurred_at - k.expected_at)), e.importance DESC, e.id
) m
WHERE c.id = m.catalyst_id
RETURNING c.id;
