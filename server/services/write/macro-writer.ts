// Writes macro records from any source: series definitions (the catalog over what the source says), the release of a
// series, observations by vintage, release calendars. A series that observations name but that is neither stored nor
// in the payload is added from the catalog or its id, so files alone can fill a server. Works on the caller's
// connection, inside its transaction.
import { type SeriesDefinition, seriesDefinition } from '../../../core/macro/definition.js';
import type { ObservationRecord } from '../../../core/sources/macro-records.js';
import type { Records, SkippedItem } from '../../../core/sources/records.js';
import { type Counts, contentHash, counts, type Rows } from './write-support.js';

export type MacroKind = 'series' | 'seriesReleases' | 'observations' | 'releaseDates';
export type MacroRecords = Partial<Pick<Records, MacroKind>>;

/** Observations per statement: large enough for a whole daily series, small enough for one message. */
const OBSERVATIONS_PER_STATEMENT = 20_000;

const day = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString().slice(0, 10));
const seriesKey = (source: string, seriesId: string) => `${source}:${seriesId}`;

export class MacroWriter {
  constructor(private readonly rows: Rows) {}

  async write(records: MacroRecords): Promise<{ counts: Partial<Record<MacroKind, Counts>>; skipped: SkippedItem[] }> {
    const out: Partial<Record<MacroKind, Counts>> = {};
    const skipped: SkippedItem[] = [];
    const observations = records.observations ?? [];
    const given = new Map((records.series ?? []).map((r) => [seriesKey(r.source, r.sourceKey), r]));
    if (!given.size && !observations.length && !records.seriesReleases?.length && !records.releaseDates?.length)
      return { counts: out, skipped };

    const stored = await this.rows<{ slug: string; source: string; seriesId: string }>('storedSeriesKeys');
    const slugs = new Map(stored.map((s) => [seriesKey(s.source, s.seriesId), s.slug]));
    const bySeries = groupObservations(observations);
    const named = new Set([...given.keys(), ...bySeries.keys()]);
    if (named.size) {
      const definitions = [...named].map((key) => {
        const rows = bySeries.get(key);
        const [source, seriesId] = rows
          ? [rows[0]!.source, rows[0]!.seriesId]
          : [given.get(key)!.source, given.get(key)!.sourceKey];
        return {
          key,
          definition: seriesDefinition(
            source,
            seriesId,
            given.get(key) ?? null,
            rows?.map((o) => o.date).sort((a, b) => a - b) ?? [],
          ),
        };
      });
      // A definition from the source replaces the stored one; one made from observations alone only adds a series.
      const written = await this.series(
        definitions.filter((d) => given.has(d.key)).map((d) => d.definition),
        true,
      );
      written.push(
        ...(await this.series(
          definitions.filter((d) => !given.has(d.key) && !slugs.has(d.key)).map((d) => d.definition),
          false,
        )),
      );
      for (const { key, definition } of definitions) if (!slugs.has(key)) slugs.set(key, definition.slug);
      out.series = counts(named.size, written.length);
    }
    if (records.seriesReleases?.length) {
      const known = records.seriesReleases.filter((r) => {
        if (!slugs.has(seriesKey(r.source, r.seriesId)))
          skipped.push({ item: `seriesReleases ${r.source}:${r.seriesId}`, reason: 'the series is not stored' });
        return slugs.has(seriesKey(r.source, r.seriesId));
      });
      const written = await this.rows('setSeriesReleases', {
        sources: known.map((r) => r.source),
        seriesIds: known.map((r) => r.seriesId),
        releaseIds: known.map((r) => r.releaseId),
        releaseNames: known.map((r) => r.releaseName),
      });
      out.seriesReleases = counts(
        records.seriesReleases.length,
        written.length,
        records.seriesReleases.length - known.length,
      );
    }
    if (observations.length) out.observations = counts(observations.length, await this.observations(bySeries, slugs));
    if (records.releaseDates?.length) {
      const r = records.releaseDates;
      const [{ written }] = (await this.rows<{ written: number }>('upsertReleaseDates', {
        sources: r.map((d) => d.source),
        releaseIds: r.map((d) => d.releaseId),
        dates: r.map((d) => day(d.date)),
        releaseNames: r.map((d) => d.releaseName),
      })) as [{ written: number }];
      out.releaseDates = counts(r.length, written);
    }
    return { counts: out, skipped };
  }

  private async series(definitions: SeriesDefinition[], replace: boolean): Promise<string[]> {
    if (!definitions.length) return [];
    const rows = await this.rows<{ slug: string }>('upsertSeries', {
      replace,
      slugs: definitions.map((d) => d.slug),
      sources: definitions.map((d) => d.source),
      seriesIds: definitions.map((d) => d.seriesId),
      names: definitions.map((d) => d.name),
      sourceTitles: definitions.map((d) => d.sourceTitle),
      categories: definitions.map((d) => d.category),
      units: definitions.map((d) => d.units),
      unitsShort: definitions.map((d) => d.unitsShort),
      frequencies: definitions.map((d) => d.frequency),
      seasonalAdjustments: definitions.map((d) => d.seasonalAdjustment),
      displayModes: definitions.map((d) => d.displayMode),
      whys: definitions.map((d) => d.whyItMatters),
      releaseIds: definitions.map((d) => d.release?.id ?? null),
      releaseNames: definitions.map((d) => d.release?.name ?? null),
      releaseSchedules: definitions.map((d) => d.release?.schedule ?? null),
      sourceUrls: definitions.map((d) => d.sourceUrl),
      lastUpdated: definitions.map((d) => (d.lastUpdated === null ? null : new Date(d.lastUpdated))),
      hashes: definitions.map(contentHash),
    });
    return rows.map((r) => r.slug);
  }

  /** Writes every series' observations; returns how many rows were added or changed. */
  private async observations(bySeries: Map<string, ObservationRecord[]>, slugs: Map<string, string>): Promise<number> {
    const all = [...bySeries].flatMap(([key, rows]) => rows.map((o) => ({ slug: slugs.get(key)!, o })));
    let written = 0;
    for (let k = 0; k < all.length; k += OBSERVATIONS_PER_STATEMENT) {
      const batch = all.slice(k, k + OBSERVATIONS_PER_STATEMENT);
      const [row] = await this.rows<{ written: number }>('upsertObservations', {
        series: batch.map((b) => b.slug),
        dates: batch.map((b) => day(b.o.date)),
        starts: batch.map((b) => day(b.o.realtimeStart)),
        ends: batch.map((b) => day(b.o.realtimeEnd)),
        values: batch.map((b) => b.o.value),
      });
      written += row!.written;
    }
    return written;
  }
}

/**
 * Observations by series, each (date, vintage) once: a payload that gives one twice is read as correcting itself, the
 * last given kept (one statement cannot write a row twice).
 */
function groupObservations(observations: ObservationRecord[]): Map<string, ObservationRecord[]> {
  const bySeries = new Map<string, Map<string, ObservationRecord>>();
  for (const o of observations) {
    const key = seriesKey(o.source, o.seriesId);
    const rows = bySeries.get(key) ?? new Map<string, ObservationRecord>();
    rows.set(`${o.date}:${o.realtimeStart}`, o);
    bySeries.set(key, rows);
  }
  return new Map([...bySeries].map(([key, rows]) => [key, [...rows.values()]]));
}
