-- name: linkableEvents
-- Every story from :from on of importance :minImportance or more: what the move linker reads.
SELECT e.id::float8 AS id, e.kind, (date_part('epoch', e.occurred_at) * 1000) AS "occurredAt", e.importance, e.headline,
       coalesce(array_agg(lower(x.type || ':' || x.key)) FILTER (WHERE x.type IS NOT NULL), '{}') AS entities
FROM events e LEFT JOIN event_entities x ON x.event_id = e.id
WHERE e.occurred_at >= :from AND e.importance >= :minImportance
GROUP BY e.id;

-- name: deleteMovesFrom
DELETE FROM moves WHERE date >= :from;

-- name: insertMoves
INSERT INTO moves (id, instrument_id, date, from_price, to_price, pct, z_score, explanation)
SELECT * FROM unnest(:ids::bigint[], :instrumentIds::int[], :dates::date[], :fromPrices::float8[], :toPrices::float8[], :pcts::float8[],
                     :zScores::float8[], :explanations::text[]);

-- name: insertMoveEvents
INSERT INTO move_events (move_id, event_id, role, rank)
SELECT * FROM unnest(:moveIds::bigint[], :eventIds::bigint[], :roles::text[], :ranks::smallint[]);

-- name: listMoves
-- Moves matching every filter given (null: no filter): :instrumentId, :date, :from date, :to date (exclusive),
-- :minPct least |pct|, :minZ least zScore (0 keeps the moves without one); on one date the most unusual first (by
-- zScore, then those without one by |pct|), else the newest first; one page plus one row. Causes and candidate
-- stories come as ordered event id lists.
SELECT m.id, m.instrument_id AS "instrumentId", to_char(m.date, 'YYYY-MM-DD') AS date, m.from_price AS "fromPrice",
       m.to_price AS "toPrice", m.pct, m.z_score AS "zScore", m.explanation,
       coalesce(array_agg(l.event_id ORDER BY l.rank) FILTER (WHERE l.role = 'cause'), '{}') AS causes,
       coalesce(array_agg(l.event_id ORDER BY l.rank) FILTER (WHERE l.role = 'candidate'), '{}') AS candidates
FROM moves m LEFT JOIN move_events l ON l.move_id = m.id
WHERE (:instrumentId::int IS NULL OR m.instrument_id = :instrumentId)
  AND (:date::date IS NULL OR m.date = :date)
  AND (:from::date IS NULL OR m.date >= :from)
  AND (:to::date IS NULL OR m.date < :to)
  AND (:minPct::float8 IS NULL OR abs(m.pct) >= :minPct)
  AND (:minZ::float8 IS NULL OR :minZ <= 0 OR m.z_score >= :minZ)
GROUP BY m.id
ORDER BY CASE WHEN :date::date IS NOT NULL THEN m.z_score END DESC NULLS LAST, CASE WHEN :date::date IS NOT NULL THEN abs(m.pct) END DESC,
         m.date DESC, m.id
LIMIT :limit OFFSET :offset;

-- name: movesOfEvent
-- The moves story :id caused, newest first.
SELECT m.id, m.instrument_id AS "instrumentId", to_char(m.date, 'YYYY-MM-DD') AS date, m.from_price AS "fromPrice",
       m.to_price AS "toPrice", m.pct, m.z_score AS "zScore", m.explanation,
       coalesce((SELECT array_agg(c.event_id ORDER BY c.rank) FROM move_events c WHERE c.move_id = m.id AND c.role = 'cause'), '{}') AS causes,
       '{}'::bigint[] AS candidates
FROM move_events l JOIN moves m ON m.id = l.move_id
WHERE l.event_id = :id AND l.role = 'cause'
ORDER BY m.date DESC, m.id;

-- name: latestMoveDate
SELECT to_char(max(date), 'YYYY-MM-DD') AS date FROM moves;
