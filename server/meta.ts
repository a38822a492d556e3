// A periodically refreshed snapshot of row counts, coverage and the loaded dataset, so /v1/meta never waits on the database.
import { COVERAGE_DATASETS, type CoverageKey } from '../core/datasets.js';
import type { Db } from './db.js';
import type { Logger } from './log.js';

export interface DatasetInfo {
  name: string;
  description: string;
  loadedAt: string;
}

export interface MetaSnapshot {
  stats: Record<string, number>;
  coverage: Record<CoverageKey, string | null>;
  dataset: DatasetInfo | null;
  refreshedAt: string;
}

export class MetaCache {
  private snapshot: MetaSnapshot | null = null;
  private timer: NodeJS.Timeout | null = null;
  private inflight: Promise<MetaSnapshot> | null = null;
  private db: Db | null = null;

  constructor(private readonly log: Logger) {}

  /** Attaches the database once it is open and re-reads every `seconds`. */
  start(db: Db, seconds: number): void {
    this.db = db;
    this.timer = setInterval(() => {
      this.refresh().catch((err) => this.log.warn({ err }, 'meta refresh failed'));
    }, seconds * 1000);
    this.timer.unref();
  }

  /** The latest snapshot, synchronously once there is one (the hot path); the first call reads the database. */
  get(): MetaSnapshot | Promise<MetaSnapshot> {
    return this.snapshot ?? this.refresh();
  }

  /** Re-reads counts and coverage; concurrent callers share one read. */
  refresh(): Promise<MetaSnapshot> {
    this.inflight ??= this.read()
      .then((s) => (this.snapshot = s))
      .finally(() => (this.inflight = null));
    return this.inflight;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private async read(): Promise<MetaSnapshot> {
    const db = this.db;
    if (!db) throw new Error('meta read before the database was attached');
    const counts = await db.rows<{ name: string; rowCount: number }>('tableCounts');
    const latest = await db.rows<{ key: CoverageKey; latest: string | null }>('coverage', [
      COVERAGE_DATASETS.map((d) => d.key),
      COVERAGE_DATASETS.map((d) => d.table),
      COVERAGE_DATASETS.map((d) => d.column),
    ]);
    const [setting] = await db.rows<{ value: DatasetInfo }>('getSetting', ['dataset']);
    return {
      stats: Object.fromEntries(counts.map((c) => [c.name, c.rowCount])),
      coverage: Object.fromEntries(latest.map((r) => [r.key, r.latest])) as Record<CoverageKey, string | null>,
      dataset: setting?.value ?? null,
      refreshedAt: new Date().toISOString(),
    };
  }
}
