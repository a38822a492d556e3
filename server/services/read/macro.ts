// Macro series: every series with its numbers, the dashboard's headline rows with their next release, and one series
// with its observations (the latest vintage of each date beside its first print), its revisions, release stories,
// catalysts and the markets on it. A series' vintages are read once per data version and collapsed per date
// (core/macro/vintages.ts); answers are kept until the data changes (HTTP keeps their bytes by them). Long series are downsampled on a worker
// thread by min/max per bucket (core/kernels/downsample.ts), which keeps every extreme a chart shows.

import { notFound } from '../../../core/errors.js';
import { downsampleIndices, seriesBytes, seriesViews } from '../../../core/kernels/downsample.js';
import { DASHBOARD_SLUGS, MACRO_CATALOG } from '../../../core/macro/catalog.js';
import { inPercent, type MacroNumbers, macroNumbers } from '../../../core/macro/display.js';
import { vintagesByDate } from '../../../core/macro/vintages.js';
import { macroRef, type Ref } from '../../../core/refs.js';
import { type MacroRequest, macroRequest } from '../../../core/requests/macro.js';
import {
  type MacroDashboardRow,
  type MacroObservation,
  type MacroSeries,
  type MacroSeriesQuery,
  type MacroSeriesSummary,
  RELEASE_STORIES,
  REVISIONS_SHOWN,
  SERIES_MARKETS,
} from '../../../core/schemas/macro.js';
import type { ObservationRecord } from '../../../core/sources/macro-records.js';
import {
  MACRO_CATEGORIES,
  type MacroCategory,
  type MacroDisplayMode,
  type MacroFrequency,
} from '../../../core/vocabulary.js';
import { clock } from '../../clock.js';
import type { Caller, Db } from '../../db.js';
import type { ChangeSignal } from '../../ports/index.js';
import type { WorkerThreads } from '../../worker-threads.js';
import { AnswerCache, every } from '../kept/index.js';
import type { CatalystService } from './catalysts.js';
import type { EventService } from './events.js';
import type { OddsService } from './odds.js';

/** Series whose collapsed observations are held, and answers kept, least recently used dropped first. */
const SERIES_KEPT = 128;
const ANSWERS_KEPT = 200;
/**
 * From this many points a series is downsampled on a worker thread: below it the kernel takes less of the main thread
 * than the round trip would (about 0.1 ms), and answers are kept anyway.
 */
const DOWNSAMPLE_ON_WORKER_FROM = 5000;
/** Upcoming catalysts shown with a series. */
const SERIES_CATALYSTS = 5;
const CATEGORY_ORDER = new Map(MACRO_CATEGORIES.map((c, k) => [c, k]));
const CATALOG_ORDER = new Map(MACRO_CATALOG.map((s, k) => [s.slug, k]));

export interface SeriesRow {
  slug: string;
  source: string;
  seriesId: string;
  name: string;
  sourceTitle: string | null;
  category: MacroCategory;
  units: string | null;
  unitsShort: string | null;
  frequency: MacroFrequency;
  seasonalAdjustment: string | null;
  displayMode: MacroDisplayMode;
  whyItMatters: string | null;
  releaseId: string | null;
  releaseName: string | null;
  releaseSchedule: string | null;
  sourceUrl: string | null;
  lastUpdated: Date | null;
}

/** A series' observations collapsed per date, oldest first: the latest vintage's value beside the first print. */
interface SeriesPoints {
  dates: Float64Array;
  /** NaN: missing. */
  values: Float64Array;
  /** NaN where the date was not revised. */
  firstPrints: Float64Array;
  numbers: MacroNumbers;
  revisions: MacroSeries['revisions'];
}

type NextRelease = MacroDashboardRow['nextRelease'];

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dated = (v: { date: number; value: number } | null) =>
  v === null ? null : { date: isoDay(v.date), value: v.value };
const finite = (x: number) => (Number.isNaN(x) ? null : x);

/** The series' definition fields, as every answer shows them. */
function seriesFields(s: SeriesRow) {
  return {
    ...macroRef(s.slug, s.name),
    type: 'macro' as const,
    slug: s.slug,
    name: s.name,
    category: s.category,
    source: s.source,
    sourceId: s.seriesId,
    units: s.units,
    frequency: s.frequency,
    seasonalAdjustment: s.seasonalAdjustment,
    displayMode: s.displayMode,
  };
}

function numberFields(n: MacroNumbers) {
  return {
    latest: dated(n.latest),
    change: n.change,
    changePct: n.changePct,
    yoyChange: n.yoyChange,
    yoyPct: n.yoyPct,
    headline: n.headline,
  };
}

/** Index of the first date at or after `ms` in ascending `dates`. */
function lowerBound(dates: Float64Array, ms: number): number {
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (dates[mid]! < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class MacroService {
  private readonly rows: AnswerCache<Map<string, SeriesRow>>;
  private readonly points: AnswerCache<SeriesPoints>;
  private readonly summaries: AnswerCache<MacroSeriesSummary[]>;
  private readonly dashboards: AnswerCache<MacroDashboardRow[]>;
  private readonly details: AnswerCache<MacroSeries>;

  constructor(
    private readonly db: Db,
    private readonly workers: WorkerThreads,
    private readonly events: EventService,
    private readonly catalysts: CatalystService,
    private readonly odds: OddsService,
    versions: { macro: ChangeSignal; stories: ChangeSignal; odds: ChangeSignal },
    refreshMs: number,
  ) {
    const period = every(refreshMs);
    // Each only grows, so a sum changes whenever one does; the period picks up another process's writes and the days
    // going by (the next release).
    const data = () => versions.macro.current + period();
    this.rows = new AnswerCache(1, data);
    this.points = new AnswerCache(SERIES_KEPT, data);
    this.summaries = new AnswerCache(1, data);
    // A dashboard's next releases and a series' stories, catalysts and markets change with the stories and the odds too.
    const around = () => versions.macro.current + versions.stories.current + versions.odds.current + period();
    this.dashboards = new AnswerCache(1, around);
    this.details = new AnswerCache(ANSWERS_KEPT, around);
  }

  /** Every stored series with its numbers: by category, then as the catalog orders them, then by name. */
  async list(caller?: Caller): Promise<MacroSeriesSummary[]> {
    const series = await this.ordered();
    const points = await this.pointsOf(series, caller);
    return series.map((s, k) => ({ ...seriesFields(s), ...numberFields(points[k]!.numbers) }));
  }

  /** The same list, kept while the series are unchanged (the same array until then: callers must not change it). */
  listKept(caller?: Caller): Promise<MacroSeriesSummary[]> {
    return this.summaries.get('list', (c) => this.list(c), caller);
  }

  /** The dashboard's headline series that are stored, in its order, with their latest value and next release. */
  async dashboard(caller?: Caller): Promise<MacroDashboardRow[]> {
    const rows = await this.definitions();
    const series = DASHBOARD_SLUGS.map((slug) => rows.get(slug)).filter((s) => s !== undefined);
    const [points, next] = await Promise.all([this.pointsOf(series, caller), this.nextReleases(series, caller)]);
    return series.map((s, k) => {
      const n = points[k]!.numbers;
      return {
        ...seriesFields(s),
        latest: dated(n.latest),
        change: n.change,
        headline: n.headline,
        nextRelease: next.get(s.slug) ?? null,
      };
    });
  }

  /** The dashboard, kept while its series, stories and markets are unchanged (shared likewise). */
  dashboardKept(caller?: Caller): Promise<MacroDashboardRow[]> {
    return this.dashboards.get('dashboard', (c) => this.dashboard(c), caller);
  }

  /** The dashboard's rows, each with its series' page at its source: a brief's macro backdrop. */
  async backdrop(caller?: Caller): Promise<(MacroDashboardRow & { sourceUrl: string | null })[]> {
    const [rows, definitions] = await Promise.all([this.dashboard(caller), this.definitions()]);
    return rows.map((r) => ({ ...r, sourceUrl: definitions.get(r.slug)?.sourceUrl ?? null }));
  }

  /** Whether any series is stored. */
  async holdsAny(): Promise<boolean> {
    return (await this.definitions()).size > 0;
  }

  /** One series by slug or source id (any case) with its observations from `fromMs`, at most `maxPoints`; a 404 otherwise. */
  async detail(key: string, request: MacroRequest, caller?: Caller): Promise<MacroSeries> {
    const s = await this.resolve(key);
    const entity = `macro:${s.slug}`;
    const [[points], next, releaseStories, catalysts, markets] = await Promise.all([
      this.pointsOf([s], caller),
      this.nextReleases([s], caller),
      this.events.about([entity], RELEASE_STORIES, caller, { kinds: ['macro_release', 'policy_decision'] }),
      this.catalysts.list(
        { entities: [entity], kinds: null, fromMs: clock.now(), toMs: null, limit: SERIES_CATALYSTS, offset: 0 },
        caller,
      ),
      this.odds.about(entity, SERIES_MARKETS),
    ]);
    const p = points!;
    const from = request.fromMs === null ? 0 : lowerBound(p.dates, request.fromMs);
    const count = p.dates.length - from;
    const kept = await this.kept(p, from, request.maxPoints, caller);
    return {
      ...seriesFields(s),
      ...numberFields(p.numbers),
      unitsShort: s.unitsShort,
      sourceTitle: s.sourceTitle,
      sourceUrl: s.sourceUrl,
      whyItMatters: s.whyItMatters,
      release: s.releaseId === null ? null : { id: s.releaseId, name: s.releaseName, schedule: s.releaseSchedule },
      nextRelease: next.get(s.slug) ?? null,
      lastUpdated: s.lastUpdated?.toISOString() ?? null,
      revisions: p.revisions,
      releaseStories,
      catalysts: catalysts.data,
      markets,
      availableFrom: p.dates.length ? isoDay(p.dates[0]!) : null,
      ...(request.fromMs !== null && p.dates.length && request.fromMs < p.dates[0]!
        ? {
            notice: `The held observations of ${s.slug} start on ${isoDay(p.dates[0]!)}: nothing earlier is held, so they start there`,
          }
        : {}),
      observationCount: count,
      downsampled: kept.length < count,
      observations: kept.map(
        (i): MacroObservation => ({
          date: isoDay(p.dates[i]!),
          value: finite(p.values[i]!),
          firstPrint: finite(p.firstPrints[i]!),
        }),
      ),
    };
  }

  /** The detail a validated query asks for, kept per series and query while the data is unchanged (shared likewise). */
  detailKept(key: string, query: MacroSeriesQuery, caller?: Caller): Promise<MacroSeries> {
    return this.details.get(
      `${key.toLowerCase()} ${query.from} ${query.maxPoints}`,
      (c) => this.detail(key, macroRequest(query), c),
      caller,
    );
  }

  /** Whether `source`'s series `seriesId` has observations stored: a feed then reads its recent years only. */
  async hasObservations(source: string, seriesId: string): Promise<boolean> {
    const [row] = await this.db.rows<{ held: boolean }>('seriesHeld', { source, seriesId });
    return row?.held ?? false;
  }

  /** The references of every stored series and the names they are found by: their source's id. */
  async searchable(): Promise<{ ref: Ref; names: string[] }[]> {
    return [...(await this.definitions()).values()].map((s) => ({
      ref: macroRef(s.slug, s.name),
      names: [s.seriesId, ...(s.sourceTitle ? [s.sourceTitle] : [])],
    }));
  }

  private async resolve(key: string): Promise<SeriesRow> {
    const rows = await this.definitions();
    const s = rows.get(key.toLowerCase()) ?? [...rows.values()].find((r) => r.seriesId === key.toUpperCase());
    if (!s) throw notFound(`Macro series ${key}`);
    return s;
  }

  private definitions(): Promise<Map<string, SeriesRow>> {
    return this.rows.get(
      'rows',
      async () => new Map((await this.db.rows<SeriesRow>('seriesRows')).map((s) => [s.slug, s])),
    );
  }

  private async ordered(): Promise<SeriesRow[]> {
    const order = (s: SeriesRow) => CATALOG_ORDER.get(s.slug) ?? CATALOG_ORDER.size;
    return [...(await this.definitions()).values()].sort(
      (a, b) =>
        CATEGORY_ORDER.get(a.category)! - CATEGORY_ORDER.get(b.category)! ||
        order(a) - order(b) ||
        a.name.localeCompare(b.name),
    );
  }

  /** The collapsed observations of each series, read one after another (the embedded database answers one at a time anyway). */
  private async pointsOf(series: SeriesRow[], caller?: Caller): Promise<SeriesPoints[]> {
    const out: SeriesPoints[] = [];
    for (const s of series) out.push(await this.points.get(s.slug, (c) => this.readPoints(s, c), caller));
    return out;
  }

  private async readPoints(s: SeriesRow, caller?: Caller): Promise<SeriesPoints> {
    const { length, columns: c } = await this.db.columns(
      'observationColumns',
      { series: s.slug },
      ['date', 'realtime_start', 'value'] as const,
      caller,
    );
    const records: ObservationRecord[] = [];
    for (let k = 0; k < length; k++) {
      const start = c.realtime_start[k]!;
      const value = c.value[k]!;
      const realtimeStart = Number.isNaN(start) ? null : start;
      records.push({
        source: s.source,
        seriesId: s.seriesId,
        date: c.date[k]!,
        value: Number.isNaN(value) ? null : value,
        realtimeStart,
        realtimeEnd: null,
      });
    }
    const byDate = vintagesByDate(records);
    const n = byDate.length;
    const dates = new Float64Array(n);
    const values = new Float64Array(n);
    const firstPrints = new Float64Array(n);
    byDate.forEach((d, k) => {
      dates[k] = d.date;
      values[k] = d.latest.value ?? NaN;
      firstPrints[k] = d.revised ? d.firstPrint!.value : NaN;
    });
    const on = (ms: number | null) => (ms === null ? null : isoDay(ms));
    const revisions = byDate
      .filter((d) => d.revised)
      .slice(-REVISIONS_SHOWN)
      .reverse()
      .map((d) => ({
        date: isoDay(d.date),
        firstPrint: d.firstPrint!.value,
        firstPrintedOn: on(d.firstPrint!.realtimeStart),
        value: d.latest.value,
        revisedOn: on(d.latest.realtimeStart),
      }));
    const numbers = macroNumbers(
      byDate.map((d) => ({ date: d.date, value: d.latest.value })),
      s.frequency,
      s.displayMode,
      inPercent(s),
    );
    return { dates, values, firstPrints, numbers, revisions };
  }

  /** Indices of the points from `from` on, at most `maxPoints` of them (min and max per bucket of time, on a worker when long). */
  private async kept(p: SeriesPoints, from: number, maxPoints: number | null, caller?: Caller): Promise<number[]> {
    const n = p.dates.length - from;
    const all = () => Array.from({ length: n }, (_, k) => from + k);
    if (maxPoints === null || n <= maxPoints) return all();
    if (n < DOWNSAMPLE_ON_WORKER_FROM) {
      const out = new Int32Array(maxPoints);
      const count = downsampleIndices(p.dates.subarray(from), p.values.subarray(from), maxPoints, out);
      return Array.from(out.subarray(0, count), (i) => from + i);
    }
    const buffer = new ArrayBuffer(seriesBytes(n));
    const packed = seriesViews(buffer, n);
    packed.ts.set(p.dates.subarray(from));
    packed.values.set(p.values.subarray(from));
    const answer = await this.workers.run(
      'downsample',
      { buffer, points: n, maxPoints },
      { transfer: [buffer], signal: caller?.signal },
    );
    // The kept points come back as times: found again by walking both ascending lists once.
    const { ts } = seriesViews(answer, answer.byteLength / 16);
    const out: number[] = [];
    let i = from;
    for (const t of ts) {
      while (p.dates[i]! < t) i++;
      out.push(i);
    }
    return out;
  }

  /** Each series' next release: the first date ahead on its release calendar, or its next release catalyst when sooner. */
  private async nextReleases(series: SeriesRow[], caller?: Caller): Promise<Map<string, NonNullable<NextRelease>>> {
    const now = clock.now();
    const [calendar, catalysts] = await Promise.all([
      this.db.rows<{ source: string; releaseId: string; date: string; releaseName: string | null }>(
        'nextReleaseDates',
        { today: isoDay(now) },
        caller,
      ),
      this.catalysts.nextPerEntity('macro', ['macro_release', 'policy_decision'], now, caller),
    ]);
    const dates = new Map(calendar.map((r) => [`${r.source}:${r.releaseId}`, r]));
    const out = new Map<string, NonNullable<NextRelease>>();
    for (const s of series) {
      const scheduled = s.releaseId === null ? undefined : dates.get(`${s.source}:${s.releaseId}`);
      const catalyst = catalysts.get(s.slug);
      const catalystDay = catalyst ? isoDay(catalyst.expectedAt.getTime()) : null;
      if (catalyst && (!scheduled || catalystDay! <= scheduled.date)) {
        out.set(s.slug, {
          date: catalystDay!,
          expectedAt: catalyst.expectedAt.toISOString(),
          name: catalyst.title,
          catalystId: catalyst.id,
        });
      } else if (scheduled) {
        out.set(s.slug, {
          date: scheduled.date,
          expectedAt: null,
          name: scheduled.releaseName ?? s.releaseName,
          catalystId: null,
        });
      }
    }
    return out;
  }
}
