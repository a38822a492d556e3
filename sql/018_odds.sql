-- Prediction markets: the events that group them, each market with its outcomes' current probabilities and the
-- entities it is about, and the probability history of every outcome. A market stored again replaces the stored one
-- when its content changed (its odds move), as reference data does.

CREATE TABLE prediction_events (
  source              text NOT NULL,
  source_key          text NOT NULL,
  slug                text NOT NULL,
  title               text NOT NULL,
  category            text,
  -- At most one of its markets can resolve Yes: they are then the outcomes of one question.
  mutually_exclusive  boolean NOT NULL,
  close_at            timestamptz,
  source_url          text NOT NULL,
  content_hash        text NOT NULL,
  updated_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (source, source_key)
);

CREATE TABLE prediction_markets (
  -- The source's own slug, prefixed by the source when another source's market has it already.
  slug           text PRIMARY KEY CHECK (slug ~ '^[a-z0-9][a-z0-9._-]{0,119}$'),
  -- The source and its own id for the market (Polymarket's condition id, Kalshi's ticker).
  source         text NOT NULL,
  source_key     text NOT NULL,
  question       text NOT NULL,
  -- The source's own category, lower case.
  category       text,
  kind           text NOT NULL CHECK (kind IN ('binary', 'categorical', 'scalar')),
  lower_bound    float8,
  upper_bound    float8,
  -- USD traded over its life, USD offered in its book, USD notional of the contracts held.
  volume         float8 CHECK (volume >= 0),
  liquidity      float8 CHECK (liquidity >= 0),
  open_interest  float8 CHECK (open_interest >= 0),
  open_at        timestamptz,
  close_at       timestamptz,
  status         text NOT NULL CHECK (status IN ('open', 'closed', 'resolved')),
  -- The winning outcome once resolved; null before, and when it paid out across outcomes.
  resolution     text,
  -- The event grouping it (prediction_events.source_key of the same source) and its label within it.
  event_key      text,
  label          text,
  source_url     text NOT NULL,
  content_hash   text NOT NULL,
  updated_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (source, source_key)
);
CREATE INDEX prediction_markets_by_event ON prediction_markets (source, event_key);

CREATE TABLE prediction_outcomes (
  market       text     NOT NULL REFERENCES prediction_markets ON DELETE CASCADE ON UPDATE CASCADE,
  position     smallint NOT NULL,
  name         text     NOT NULL,
  -- 0..1; for a resolved market, what the outcome paid.
  probability  float8   CHECK (probability BETWEEN 0 AND 1),
  -- The source's key for the outcome, which its history carries (a Polymarket token id, <ticker>/yes).
  outcome_key  text     NOT NULL,
  PRIMARY KEY (market, position)
);
CREATE INDEX prediction_outcomes_by_key ON prediction_outcomes (outcome_key);

-- The entities a market is about (a rate decision's policy rate), by the linking rules of core/odds/links.ts.
CREATE TABLE prediction_market_entities (
  market    text     NOT NULL REFERENCES prediction_markets ON DELETE CASCADE ON UPDATE CASCADE,
  position  smallint NOT NULL,
  type      text     NOT NULL,
  key       text     NOT NULL,
  label     text     NOT NULL,
  path      text,
  PRIMARY KEY (market, position)
);

-- An outcome's probability over time, by the source's outcome key.
CREATE TABLE odds_history (
  source       text        NOT NULL,
  outcome_key  text        NOT NULL,
  ts           timestamptz NOT NULL,
  probability  float8      NOT NULL CHECK (probability BETWEEN 0 AND 1)
);
SELECT create_hypertable('odds_history', by_range('ts', INTERVAL '30 days'));
CREATE UNIQUE INDEX odds_history_point ON odds_history (source, outcome_key, ts);
