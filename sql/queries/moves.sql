-- name: linkableEvents
-- Every story that could cause or explain a move from $1 on: what the linker reads.
SELECT e.id::float8 AS id, e.kind, (date_part('epoch', e.occurred_at) * 1000) AS "occurredAt", e.importance, e.headline,
       coalesce(array_agg(lower(x.type || ':' || x.key)) FILTER (WHERE x.type IS NOT NULL), '{}') AS entities
FROM events e LEFT JOIN event_entities x ON x.event_id = e.id
WHERE e.occurred_at >= $1 AND e.importance >= $2
GROUP BY e.id;

-- name: deleteMovesFrom
DELETE FROM moves WHERE date >= $1;

-- name: insertMoves
INSERT INTO moves (id, instrument_id, date, from_price, to_price, pct, z_score, explanation)
SELECT * FROM unnest($1::bigint[], $2::int[], $3::date[], $4::float8[], $5::float8[], $6::float8[], $7::float8[], $8::text[]);

-- name: insertMoveEvents
INSERT INTO move_events (move_id, event_id, role, rank)
SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::smallint[]);

-- name: listMoves
-- Moves matching every filter given (null: no filter): $1 instrument id, $2 date, $3 from date, $4 to date
-- (exclusive), $5 least |pct|, $6 least zScore (0 keeps the moves without one); on one date the most unusual first (by
-- zScore, then those without one by |pct|), else the newest first; one page plus one row. Causes and candidate stories come as ordered event id lists.
SELECT m.id, m.instrument_id AS "instrumentId", to_char(m.date, 'YYYY-MM-DD') AS date, m.from_price AS "fromPrice",
       m.to_price AS "toPrice", m.pct, m.z_score AS "zScore", m.explanation,
       coalesce(array_agg(l.event_id ORDER BY l.rank) FILTER (WHERE l.role = 'cause'), '{}') AS causes,
       coalesce(array_agg(l.event_id ORDER BY l.rank) FILTER (WHERE l.role = 'candidate'), '{}') AS candidates
FROM moves m LEFT JOIN move_events l ON l.move_id = m.id
WHERE ($1::int IS NULL OR m.instrument_id = $1)
  AND ($2::date IS NULL OR m.date = $2)
  AND ($3::date IS NULL OR m.date >= $3)
  AND ($4::date IS NULL OR m.date < $4)
  AND ($5::float8 IS NULL OR abs(m.pct) >= $5)
  AND ($6::float8 IS NULL OR $6 <= 0 OR m.z_score >= $6)
GROUP BY m.id
ORDER BY CASE WHEN $2::date IS NOT NULL THEN m.z_score END DESC NULLS LAST, CASE WHEN $2::date IS NOT NULL THEN abs(m.pct) END DESC,
         m.date DESC, m.id
LIMIT $7 OFFSET $8;

-- name: movesOfEvent
-- The moves a story caused, newest first.
SELECT m.id, m.instrument_id AS "instrumentId", to_char(m.date, 'YYYY-MM-DD') AS date, m.from_price AS "fromPrice",
       m.to_price AS "toPrice", m.pct, m.z_score AS "zScore", m.explanation,
       coalesce((SELECT array_agg(c.event_id ORDER BY c.rank) FROM move_events c WHERE c.move_id = m.id AND c.role = 'cause'), '{}') AS causes,
       '{}'::bigint[] AS candidates
FROM move_events l JOIN moves m ON m.id = l.move_id
WHERE l.event_id = $1 AND l.role = 'cause'
ORDER BY m.date DESC, m.id;

-- name: latestMoveDate
SELECT to_char(max(date), 'YYYY-MM-DD') AS date FROM moves;
