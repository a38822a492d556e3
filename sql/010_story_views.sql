-- Stories and catalysts as the API shows them: their columns under the API's names, and their entities in order as
-- one JSON array. Every story and catalyst query reads these, so the shape is written once.

CREATE VIEW event_rows AS
SELECT e.id, e.kind, e.occurred_at AS "occurredAt", e.precision, e.headline, e.summary, e.points, e.importance,
       e.source_name AS "sourceName", e.source_url AS "sourceUrl", e.search,
       coalesce((SELECT json_agg(json_build_object('type', x.type, 'key', x.key, 'label', x.label, 'path', x.path) ORDER BY x.position)
                 FROM event_entities x WHERE x.event_id = e.id), '[]') AS entities
FROM events e;

CREATE VIEW catalyst_rows AS
SELECT c.id, c.kind, c.title, c.expected_at AS "expectedAt", c.precision, c.confirmed, c.description, c.consensus,
       c.source_url AS "sourceUrl", c.outcome_event_id AS "outcomeEventId",
       coalesce((SELECT json_agg(json_build_object('type', x.type, 'key', x.key, 'label', x.label, 'path', x.path) ORDER BY x.position)
                 FROM catalyst_entities x WHERE x.catalyst_id = c.id), '[]') AS entities
FROM catalysts c;
