-- Macro series, their observations with the vintage each value was read from, and the release calendars that say
-- when they are published. A revised value is a new vintage beside the first print, never a change to it; a value of
-- unknown vintage (a plain CSV) is kept apart with a null realtime_start.

CREATE TABLE macro_series (
  slug                 text PRIMARY KEY CHECK (slug ~ '^[a-z0-9]([a-z0-9-]{0,78}[a-z0-9])?$'),
  -- The source and its own id for the series (FRED's CPIAUCSL): what a file or a feed names it by.
  source               text NOT NULL,
  series_id            text NOT NULL,
  name                 text NOT NULL,
  source_title         text,
  category             text NOT NULL CHECK (category IN ('rates', 'inflation', 'jobs', 'growth', 'fx', 'commodities', 'liquidity', 'markets', 'other')),
  units                text,
  units_short          text,
  frequency            text NOT NULL CHECK (frequency IN ('daily', 'weekly', 'biweekly', 'monthly', 'quarterly', 'semiannual', 'annual')),
  seasonal_adjustment  text,
  display_mode         text NOT NULL CHECK (display_mode IN ('level', 'change', 'pct_change_mom', 'pct_change_yoy', 'rate')),
  -- In the service's own words; null for a series the catalog does not know.
  why_it_matters       text,
  -- The release that publishes it (FRED's release_id), its name and usual schedule.
  release_id           text,
  release_name         text,
  release_schedule     text,
  source_url           text,
  -- When the source last changed the series.
  last_updated         timestamptz,
  content_hash         text NOT NULL,
  updated_at           timestamptz NOT NULL DEFAULT now(),
  UNIQUE (source, series_id)
);

-- One row per (series, date, vintage). realtime_start is the first day the value was the source's answer (null:
-- unknown, as in a plain CSV: such a row is one per date, NULLS NOT DISTINCT), realtime_end the last (null while it
-- still is). value null is a missing observation (FRED's "."), never zero.
CREATE TABLE macro_observations (
  series          text   NOT NULL REFERENCES macro_series ON UPDATE CASCADE,
  date            date   NOT NULL,
  realtime_start  date,
  realtime_end    date,
  value           float8
);
-- Ten-year chunks: a series runs back to 1913 at most, a daily one is 2,600 rows a decade.
SELECT create_hypertable('macro_observations', by_range('date', INTERVAL '3653 days'));
CREATE UNIQUE INDEX macro_observations_vintage ON macro_observations (series, date, realtime_start) NULLS NOT DISTINCT;

-- When each release is or was published (FRED's release calendar); a series' next release is the first date ahead.
CREATE TABLE macro_release_dates (
  source        text NOT NULL,
  release_id    text NOT NULL,
  date          date NOT NULL,
  release_name  text,
  PRIMARY KEY (source, release_id, date)
);
