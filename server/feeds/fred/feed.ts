// The FRED feed: per configured series, its definition, the release that publishes it and its observations with
// every vintage (ALFRED's realtime ranges, so a revision is a new vintage beside the first print and the 2,000-vintage
// cap of vintage_dates requests never applies); then the calendar of each release. A series not held yet is read
// whole, one held only over its last years, where revisions happen.
import { catalogSeries } from '../../../core/macro/catalog.js';
import { FRED_SOURCE } from '../../../core/sources/fred/series-id.js';
import type { ParsedPayload } from '../../../core/sources/records.js';
import { DAY_MS } from '../../../core/time.js';
import { clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Logger } from '../../log.js';
import type { MacroService } from '../../services/read/macro.js';
import type { ImportService } from '../../services/write/imports.js';
import { getText } from '../http.js';
import { importAnswer } from '../imported.js';
import { FeedItems } from '../poller.js';
import type { Source } from '../source.js';

/** FRED's largest page of observations. */
const PAGE = 100_000;
/** A series held is re-read this far back: benchmark revisions reach back about five years. */
const RECENT_MS = 5 * 366 * DAY_MS;
/** Release dates from this far back (the last ones passed) to every one scheduled. */
const CALENDAR_BACK_MS = 366 * DAY_MS;
/** The start of every vintage FRED holds. */
const ALL_VINTAGES = '1776-07-04';
const FOREVER = '9999-12-31';

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export class FredFeed {
  private readonly items: FeedItems;

  constructor(
    private readonly source: Pick<Source, 'name' | 'parse'>,
    private readonly settings: Config['fred'],
    private readonly services: { imports: ImportService; macro: MacroService },
    private readonly log: Logger,
  ) {
    this.items = new FeedItems(FRED_SOURCE, log);
  }

  async round(signal: AbortSignal): Promise<void> {
    const now = clock.now();
    const releases = new Set<string>();
    for (const id of this.settings.series) {
      await this.items.run(`series ${id}`, async () => {
        await this.answer('series', { series_id: id }, id, signal);
        const release = await this.answer('series/release', { series_id: id }, id, signal);
        const known = release.seriesReleases?.[0]?.releaseId ?? catalogSeries(FRED_SOURCE, id)?.release?.id;
        if (known) releases.add(known);
        const held = await this.services.macro.hasObservations(FRED_SOURCE, id);
        const since: Record<string, string> = held ? { observation_start: isoDay(now - RECENT_MS) } : {};
        for (let offset = 0; ; offset += PAGE) {
          const params = {
            series_id: id,
            realtime_start: ALL_VINTAGES,
            realtime_end: FOREVER,
            limit: String(PAGE),
            offset: String(offset),
            ...since,
          };
          const page = await this.answer('series/observations', params, id, signal);
          if ((page.observations?.length ?? 0) + page.skipped.length < PAGE) break;
        }
      });
    }
    for (const release of releases) {
      await this.items.run(`release ${release}`, async () => {
        const params = {
          release_id: release,
          realtime_start: isoDay(now - CALENDAR_BACK_MS),
          realtime_end: FOREVER,
          include_release_dates_with_no_data: 'true',
          sort_order: 'asc',
          limit: '1000',
        };
        await this.answer('release/dates', params, null, signal);
      });
    }
  }

  /** One API answer, written; the key goes in the request only, never in a log line. */
  private async answer(
    path: string,
    params: Record<string, string>,
    seriesId: string | null,
    signal: AbortSignal,
  ): Promise<ParsedPayload> {
    const query = new URLSearchParams({ ...params, file_type: 'json' });
    const shown = `/fred/${path}?${query}`;
    query.set('api_key', this.settings.apiKey!);
    const text = await getText(`${this.settings.url}/${path}?${query}`, shown, signal);
    return importAnswer(
      this.source,
      text,
      { name: shown, key: seriesId, at: clock.now() },
      this.services.imports,
      this.log,
    );
  }
}
