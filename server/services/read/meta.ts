// What the service holds, refreshed periodically so /v1/meta never waits on the database: row counts, how far each
// dataset runs, the loaded dataset; and every enumeration of the interface.
import { COVERAGE_DATASETS, type CoverageKey } from '../../../core/datasets.js';
import type { ClusterNode, Dataset, Meta, Vocabulary } from '../../../core/schemas/meta.js';
import {
  BRIEF_TYPES,
  CANDLE_INTERVALS,
  CATALYST_KINDS,
  EVENT_KINDS,
  FORM4_CODES,
  INSTRUMENT_KINDS,
  type InstrumentKind,
  MACRO_CATEGORIES,
  MACRO_DISPLAY_MODES,
  MACRO_FREQUENCIES,
  MARKET_KINDS,
  MARKETS,
  MILESTONE_STATUSES,
  ODDS_INTERVALS,
  ODDS_STATUSES,
  PERSON_KINDS,
  PRECISIONS,
  PROJECT_STAGES,
  PROJECT_STATUSES,
  SEARCH_TYPES,
  VENUE_OUT_REASONS,
} from '../../../core/vocabulary.js';
import { clock } from '../../clock.js';
import type { Db } from '../../db.js';
import { type Logger, logFailure } from '../../log.js';
import { DatasetService } from '../write/index.js';
import { SourceHealthBoard } from './source-health.js';

export type MetaSnapshot = Omit<Meta, 'now' | 'sources'>;

export class MetaService {
  private snapshot: MetaSnapshot | null = null;
  private timer: NodeJS.Timeout | null = null;
  private inflight: Promise<MetaSnapshot> | null = null;
  /** The read that follows the one under way, shared by every caller until it begins. */
  private next: Promise<MetaSnapshot> | null = null;
  /** The last answer: valid for its snapshot within the millisecond its `now` names. */
  private kept: { snapshot: MetaSnapshot; ms: number; meta: Meta } | null = null;
  private readonly vocabularyData: Vocabulary;
  private readonly datasets: DatasetService;
  private cluster: (() => ClusterNode[]) | null = null;

  constructor(
    private readonly db: Db,
    moveFloors: Record<InstrumentKind, number>,
    private readonly log: Logger,
    private readonly health: SourceHealthBoard = new SourceHealthBoard(),
  ) {
    this.datasets = new DatasetService(db);
    this.vocabularyData = {
      instrumentKinds: [...INSTRUMENT_KINDS],
      eventKinds: [...EVENT_KINDS],
      catalystKinds: [...CATALYST_KINDS],
      projectStages: [...PROJECT_STAGES],
      projectStatuses: [...PROJECT_STATUSES],
      milestoneStatuses: [...MILESTONE_STATUSES],
      personKinds: [...PERSON_KINDS],
      form4Codes: Object.entries(FORM4_CODES).map(([code, meaning]) => ({ code, meaning })),
      searchTypes: [...SEARCH_TYPES],
      briefTypes: [...BRIEF_TYPES],
      candleIntervals: [...CANDLE_INTERVALS],
      precisions: [...PRECISIONS],
      markets: [...MARKETS],
      venueOutReasons: [...VENUE_OUT_REASONS],
      macroCategories: [...MACRO_CATEGORIES],
      macroDisplayModes: [...MACRO_DISPLAY_MODES],
      macroFrequencies: [...MACRO_FREQUENCIES],
      marketKinds: [...MARKET_KINDS],
      oddsStatuses: [...ODDS_STATUSES],
      oddsIntervals: [...ODDS_INTERVALS],
      moveFloors,
    };
  }

  /** Re-reads every `seconds` from now on. */
  start(seconds: number): void {
    this.timer = setInterval(() => {
      this.refresh().catch((err) => logFailure(this.log, err, 'meta refresh failed'));
    }, seconds * 1000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** The latest snapshot, synchronously once there is one (the hot path); the first call reads the database. */
  get(): MetaSnapshot | Promise<MetaSnapshot> {
    return this.snapshot ?? this.refresh();
  }

  /**
   * The snapshot as of now: what /v1/meta answers. The same object while neither the snapshot nor the millisecond of
   * `now` (and so the sources' ages) has changed (shared: callers must not change it).
   */
  meta(): Meta | Promise<Meta> {
    const s = this.get();
    if (s instanceof Promise) return s.then(() => this.meta());
    const ms = clock.now();
    if (this.kept?.snapshot !== s || this.kept.ms !== ms) {
      this.kept = {
        snapshot: s,
        ms,
        meta: {
          ...s,
          now: new Date(ms).toISOString(),
          sources: this.health.statuses(ms),
          ...(this.cluster && { cluster: { nodes: this.cluster() } }),
        },
      };
    }
    return this.kept.meta;
  }

  /**
   * Re-reads counts and coverage; concurrent callers share one read, but one begun before this call (a write's
   * caller) is followed by another, as it may have counted before the write.
   */
  refresh(): Promise<MetaSnapshot> {
    const start = () => {
      this.next = null;
      this.inflight = this.read()
        .then((s) => (this.snapshot = s))
        .finally(() => (this.inflight = null));
      return this.inflight;
    };
    if (this.inflight) return (this.next ??= this.inflight.then(start, start));
    return start();
  }

  /** /v1/meta lists a scale-out's nodes from now on, as `nodes` gives them. */
  showCluster(nodes: () => ClusterNode[]): void {
    this.cluster = nodes;
  }

  /** The live sources' health, for /metrics. */
  sources(): SourceHealthBoard {
    return this.health;
  }

  vocabulary(): Vocabulary {
    return this.vocabularyData;
  }

  /** The dataset the database holds, null before any. */
  dataset(): Promise<Dataset | null> {
    return this.datasets.held();
  }

  private async read(): Promise<MetaSnapshot> {
    const counts = await this.db.rows<{ name: string; rowCount: number }>('tableCounts');
    const latest = await this.db.rows<{ key: CoverageKey; latest: string | null }>('coverage', {
      keys: COVERAGE_DATASETS.map((d) => d.key),
      tables: COVERAGE_DATASETS.map((d) => d.table),
      columns: COVERAGE_DATASETS.map((d) => d.column),
    });
    return {
      stats: Object.fromEntries(counts.map((c) => [c.name, c.rowCount])),
      coverage: Object.fromEntries(latest.map((r) => [r.key, r.latest])) as Record<CoverageKey, string | null>,
      dataset: await this.dataset(),
      refreshedAt: new Date(clock.now()).toISOString(),
    };
  }
}
