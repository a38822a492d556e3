-- name: storedSeriesKeys
-- Every stored series by its source and the source's id: what observations name them by.
SELECT slug, source, series_id AS "seriesId" FROM macro_series;

-- name: upsertSeries
-- Series definitions stored, or (with :replace) replaced when their content changed (:hashes); a definition made from
-- observations alone (:replace false) never replaces one stored. A release learnt from the source is kept when the
-- definition names none. Returns the slugs written.
INSERT INTO macro_series (slug, source, series_id, name, source_title, category, units, units_short, frequency, seasonal_adjustment,
                          display_mode, why_it_matters, release_id, release_name, release_schedule, source_url, last_updated, content_hash)
SELECT * FROM unnest(:slugs::text[], :sources::text[], :seriesIds::text[], :names::text[], :sourceTitles::text[], :categories::text[],
                     :units::text[], :unitsShort::text[], :frequencies::text[], :seasonalAdjustments::text[], :displayModes::text[],
                     :whys::text[], :releaseIds::text[], :releaseNames::text[], :releaseSchedules::text[], :sourceUrls::text[],
                     :lastUpdated::timestamptz[], :hashes::text[])
ON CONFLICT (source, series_id) DO UPDATE
  SET name = EXCLUDED.name, source_title = EXCLUDED.source_title, category = EXCLUDED.category, units = EXCLUDED.units,
      units_short = EXCLUDED.units_short, frequency = EXCLUDED.frequency, seasonal_adjustment = EXCLUDED.seasonal_adjustment,
      display_mode = EXCLUDED.display_mode, why_it_matters = EXCLUDED.why_it_matters,
      release_id = coalesce(EXCLUDED.release_id, macro_series.release_id), release_name = coalesce(EXCLUDED.release_name, macro_series.release_name),
      release_schedule = coalesce(EXCLUDED.release_schedule, macro_series.release_schedule), source_url = EXCLUDED.source_url,
      last_updated = EXCLUDED.last_updated, content_hash = EXCLUDED.content_hash, updated_at = now()
  WHERE :replace::boolean AND macro_series.content_hash <> EXCLUDED.content_hash
RETURNING slug;

-- name: setSeriesReleases
-- The release that publishes each series (by source and id), where it changed; returns the series written.
UPDATE macro_series s SET release_id = i.release_id, release_name = i.release_name, updated_at = now()
FROM unnest(:sources::text[], :seriesIds::text[], :releaseIds::text[], :releaseNames::text[]) AS i (source, series_id, release_id, release_name)
WHERE s.source = i.source AND s.series_id = i.series_id AND (s.release_id, s.release_name) IS DISTINCT FROM (i.release_id, i.release_name)
RETURNING s.slug;

-- name: upsertObservations
-- Observations of series (by slug), one per (series, date, vintage): a vintage stored again takes its new end and
-- value (a request may have cut its range short); the first print is another vintage and stays. Returns how many
-- rows were added or changed.
WITH written AS (
  INSERT INTO macro_observations (series, date, realtime_start, realtime_end, value)
  SELECT * FROM unnest(:series::text[], :dates::date[], :starts::date[], :ends::date[], :values::float8[])
  ON CONFLICT (series, date, realtime_start) DO UPDATE SET realtime_end = EXCLUDED.realtime_end, value = EXCLUDED.value
    WHERE (macro_observations.realtime_end, macro_observations.value) IS DISTINCT FROM (EXCLUDED.realtime_end, EXCLUDED.value)
  RETURNING 1
)
SELECT count(*)::int AS written FROM written;

-- name: upsertReleaseDates
-- Release dates stored, or renamed when the calendar names them; returns how many rows were added or changed.
WITH written AS (
  INSERT INTO macro_release_dates (source, release_id, date, release_name)
  SELECT * FROM unnest(:sources::text[], :releaseIds::text[], :dates::date[], :releaseNames::text[])
  ON CONFLICT (source, release_id, date) DO UPDATE SET release_name = EXCLUDED.release_name
    WHERE EXCLUDED.release_name IS NOT NULL AND macro_release_dates.release_name IS DISTINCT FROM EXCLUDED.release_name
  RETURNING 1
)
SELECT count(*)::int AS written FROM written;

-- name: seriesRows
-- Every stored series' definition.
SELECT slug, source, series_id AS "seriesId", name, source_title AS "sourceTitle", category, units, units_short AS "unitsShort", frequency,
       seasonal_adjustment AS "seasonalAdjustment", display_mode AS "displayMode", why_it_matters AS "whyItMatters", release_id AS "releaseId",
       release_name AS "releaseName", release_schedule AS "releaseSchedule", source_url AS "sourceUrl", last_updated AS "lastUpdated"
FROM macro_series ORDER BY slug;

-- name: observationColumns
-- Every vintage of series :series, by date then vintage (unknown first): epoch ms, NULL read as NaN.
SELECT date_part('epoch', date) * 1000 AS date, date_part('epoch', realtime_start) * 1000 AS realtime_start, value
FROM macro_observations WHERE series = :series ORDER BY date, realtime_start NULLS FIRST;

-- name: seriesHeld
-- Whether :source's series :seriesId has observations stored.
SELECT EXISTS (SELECT 1 FROM macro_observations o JOIN macro_series s ON s.slug = o.series WHERE s.source = :source AND s.series_id = :seriesId) AS held;

-- name: nextReleaseDates
-- Per release, its first date from :today on.
SELECT DISTINCT ON (source, release_id) source, release_id AS "releaseId", to_char(date, 'YYYY-MM-DD') AS date, release_name AS "releaseName"
FROM macro_release_dates WHERE date >= :today::date
ORDER BY source, release_id, date;
