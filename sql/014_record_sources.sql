-- Where each story and catalyst came from: the source that delivered it (a feed's name in the sources registry:
-- demo, and later the news and calendar feeds) and the source's own key for the item (a feed item's guid, a filing's
-- accession number). The pair is the record's identity: importing the same payload again finds every record there.
ALTER TABLE events ADD COLUMN source text, ADD COLUMN source_key text;
ALTER TABLE catalysts ADD COLUMN source text, ADD COLUMN source_key text;
-- Every record before this migration came from the demo, the only source there was, which keyed them by their ids.
UPDATE events SET source = 'demo', source_key = id::text;
UPDATE catalysts SET source = 'demo', source_key = id::text;
ALTER TABLE events ALTER COLUMN source SET NOT NULL, ALTER COLUMN source_key SET NOT NULL;
ALTER TABLE catalysts ALTER COLUMN source SET NOT NULL, ALTER COLUMN source_key SET NOT NULL;
CREATE UNIQUE INDEX events_by_source_key ON events (source, source_key);
CREATE UNIQUE INDEX catalysts_by_source_key ON catalysts (source, source_key);
