// TimescaleDB's own jobs (aggregate refreshes, compression, retention) and the storage policies set from config.
// A TimescaleDB server runs its jobs in background workers; the embedded PGlite has none, so there this module runs
// each job itself on its schedule. Without that the aggregates would never be materialized past the first load, and
// old chunks never compressed or dropped.
import type { Config } from './config.js';
import type { Db } from './db.js';
import type { Logger } from './log.js';

const POLL_MS = 30_000;

/** The raw tables each policy applies to, with the configured number of days (0: never). */
function storagePolicies(config: Config): [table: string, kind: 'compression' | 'retention', days: number][] {
  const s = config.storage;
  return [
    ['venue_quotes', 'compression', s.quotesCompressAfterDays],
    ['venue_quotes', 'retention', s.quotesRetainDays],
    ['bars_1m', 'compression', s.bars1mCompressAfterDays],
    ['bars_1m', 'retention', s.bars1mRetainDays],
    ['listing_bars_1m', 'compression', s.bars1mCompressAfterDays],
    ['listing_bars_1m', 'retention', s.bars1mRetainDays],
  ];
}

/** Makes the database's compression and retention policies match the configuration. */
export async function applyStoragePolicies(db: Db, config: Config): Promise<void> {
  for (const [table, kind, days] of storagePolicies(config)) await db.rows('setPolicy', [table, kind, days || null]);
}

interface Job {
  jobId: number;
  proc: string;
  target: string;
  everyMs: number;
}

/** Runs the database's jobs from this process, each once per its schedule interval; the first round at the first poll. */
export class JobRunner {
  private readonly due = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  start(): void {
    const poll = () => {
      this.running = this.running.then(() => this.runDue(Date.now())).then(
        () => undefined,
        (err) => this.log.warn({ err }, 'database jobs failed'),
      );
    };
    this.timer = setInterval(poll, POLL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs every job due at `nowMs` (a job not run yet is due), one after another; returns those it ran. */
  async runDue(nowMs: number): Promise<Job[]> {
    const ran: Job[] = [];
    for (const job of await this.db.rows<Job>('listJobs')) {
      if (nowMs < (this.due.get(job.jobId) ?? nowMs)) continue;
      const started = performance.now();
      try {
        await this.db.rows('runJob', [job.jobId]);
        this.log.info({ job: job.jobId, proc: job.proc, target: job.target, ms: Math.round(performance.now() - started) }, 'database job ran');
      } catch (err) {
        this.log.warn({ err, job: job.jobId, proc: job.proc, target: job.target }, 'database job failed');
      }
      this.due.set(job.jobId, nowMs + Number(job.everyMs));
      ran.push(job);
    }
    return ran;
  }
}
