-- Unusual daily moves of the pooled price, found from the daily closes (see core/kernels/moves.ts), and the stories
-- linked to each: its causes, and candidate stories that are not confirmed. Derived data: recomputed from the
-- candles and events whenever a day closes.

CREATE TABLE moves (
  -- The UTC day number times 10,000 plus the instrument id: the same move keeps its id when moves are recomputed.
  id             bigint  PRIMARY KEY,
  instrument_id  integer NOT NULL REFERENCES instruments,
  date           date    NOT NULL,
  from_price     float8  NOT NULL,
  to_price       float8  NOT NULL,
  pct            float8  NOT NULL,
  z_score        float8,
  explanation    text,
  UNIQUE (instrument_id, date)
);
CREATE INDEX moves_by_date ON moves (date DESC, id);

CREATE TABLE move_events (
  move_id   bigint NOT NULL REFERENCES moves ON DELETE CASCADE,
  event_id  bigint NOT NULL REFERENCES events ON DELETE CASCADE,
  role      text   NOT NULL CHECK (role IN ('cause', 'candidate')),
  -- Most important first within a role.
  rank      smallint NOT NULL,
  PRIMARY KEY (move_id, event_id)
);
CREATE INDEX move_events_by_event ON move_events (event_id, move_id);
