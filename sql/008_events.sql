-- Sourced stories and scheduled catalysts, with the entities each is about. A story's full text (headline and
-- summary) is indexed for websearch_to_tsquery; entity links are indexed both ways (a story's entities, an entity's
-- stories).

CREATE TABLE events (
  id           bigint      PRIMARY KEY,
  kind         text        NOT NULL CHECK (kind IN ('earnings', 'guidance', 'filing', 'm_and_a', 'rating', 'macro_release',
                 'policy_decision', 'project_milestone', 'product', 'legal', 'regulatory', 'insider', 'management',
                 'market_structure', 'capital', 'partnership', 'news')),
  occurred_at  timestamptz NOT NULL,
  precision    text        NOT NULL CHECK (precision IN ('exact', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year')),
  headline     text        NOT NULL,
  -- Written in the service's own words, never copied from the source.
  summary      text,
  points       text[]      NOT NULL DEFAULT '{}',
  importance   smallint    NOT NULL CHECK (importance BETWEEN 0 AND 100),
  source_name  text        NOT NULL,
  source_url   text        NOT NULL,
  search       tsvector    GENERATED ALWAYS AS (to_tsvector('english', headline || ' ' || coalesce(summary, ''))) STORED
);
CREATE INDEX events_search ON events USING gin (search);
CREATE INDEX events_recent ON events (occurred_at DESC, id DESC);

-- An entity as the interface names it: type (instrument, company, person, macro, project, sector), key, label, path.
CREATE TABLE event_entities (
  event_id  bigint   NOT NULL REFERENCES events ON DELETE CASCADE,
  position  smallint NOT NULL,
  type      text     NOT NULL,
  key       text     NOT NULL,
  label     text     NOT NULL,
  path      text,
  PRIMARY KEY (event_id, position)
);
CREATE INDEX event_entities_by_entity ON event_entities (lower(type || ':' || key), event_id);

CREATE TABLE catalysts (
  id                bigint      PRIMARY KEY,
  kind              text        NOT NULL CHECK (kind IN ('earnings', 'macro_release', 'policy_decision', 'product_launch',
                      'project_milestone', 'regulatory', 'shareholder_meeting', 'index_event', 'expiry', 'other')),
  title             text        NOT NULL,
  expected_at       timestamptz NOT NULL,
  precision         text        NOT NULL CHECK (precision IN ('exact', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year')),
  confirmed         boolean     NOT NULL,
  description       text,
  consensus         text,
  source_url        text,
  outcome_event_id  bigint      REFERENCES events
);
CREATE INDEX catalysts_expected ON catalysts (expected_at, id);

CREATE TABLE catalyst_entities (
  catalyst_id  bigint   NOT NULL REFERENCES catalysts ON DELETE CASCADE,
  position     smallint NOT NULL,
  type         text     NOT NULL,
  key          text     NOT NULL,
  label        text     NOT NULL,
  path         text,
  PRIMARY KEY (catalyst_id, position)
);
CREATE INDEX catalyst_entities_by_entity ON catalyst_entities (lower(type || ':' || key), catalyst_id);
