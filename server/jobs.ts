// Runs TimescaleDB's jobs (aggregate refreshes, compression, retention) for the embedded database: a TimescaleDB
// server runs them in background workers, PGlite has none. Without this the aggregates would never be materialized
// past the first load, and old chunks never compressed or dropped.

import { clock } from './clock.js';
import { type Logger, logFailure } from './log.js';
import type { Job, StorageService } from './services/ops/storage.js';

const POLL_MS = 30_000;

/** Runs the database's jobs from this process, each once per its schedule interval; the first round at the first poll. */
export class JobRunner {
  private readonly due = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly storage: StorageService,
    private readonly log: Logger,
  ) {}

  start(): void {
    const poll = () => {
      this.running = this.running
        .then(() => this.runDue(clock.now()))
        .then(
          () => undefined,
          (err) => logFailure(this.log, err, 'database jobs failed'),
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
    for (const job of await this.storage.jobs()) {
      if (nowMs < (this.due.get(job.jobId) ?? nowMs)) continue;
      const started = performance.now();
      try {
        await this.storage.runJob(job.jobId);
        this.log.info(
          { job: job.jobId, proc: job.proc, target: job.target, ms: Math.round(performance.now() - started) },
          'database job ran',
        );
      } catch (err) {
        logFailure(this.log, err, 'database job failed', { job: job.jobId, proc: job.proc, target: job.target });
      }
      this.due.set(job.jobId, nowMs + Number(job.everyMs));
      ran.push(job);
    }
    return ran;
  }
}
