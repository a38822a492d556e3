-- The demo's sealed envelopes: the outcome story each upcoming demo catalyst will turn out to have, drawn at load with
-- the rest of the demo story and published by the demo newswire when its time comes. Only the demo writes here; a
-- published outcome leaves the table in the same transaction that writes its story.

CREATE TABLE demo_outcomes (
  catalyst_id  bigint      PRIMARY KEY REFERENCES catalysts ON DELETE CASCADE,
  due_at       timestamptz NOT NULL,
  story        jsonb       NOT NULL
);
CREATE INDEX demo_outcomes_due ON demo_outcomes (due_at);
