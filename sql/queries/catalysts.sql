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
