-- name: moveCatalysts
-- Catalysts of :source stored before whose time, title or details changed since (a meeting moved, a date confirmed):
-- updated in place, so each keeps its id. Returns how many changed.
WITH input AS (
  SELECT * FROM unnest(:keys::text[], :titles::text[], :expectedAt::timestamptz[], :precisions::text[], :confirmed::boolean[],
                       :descriptions::text[], :sourceUrls::text[])
    AS i (source_key, title, expected_at, precision, confirmed, description, source_url)
), moved AS (
  UPDATE catalysts c
  SET title = i.title, expected_at = i.expected_at, precision = i.precision, confirmed = i.confirmed,
      description = i.description, source_url = i.source_url
  FROM input i
  WHERE c.source = :source AND c.source_key = i.source_key
    AND (c.title, c.expected_at, c.precision, c.confirmed, c.description, c.source_url)
        IS DISTINCT FROM (i.title, i.expected_at, i.precision, i.confirmed, i.description, i.source_url)
  RETURNING 1
)
SELECT count(*)::int AS n FROM moved;
