// Finds the unusual daily moves of every instrument from the daily closes held in memory (the moves kernel on a
// worker), links each to its causes and candidate stories, and stores them. Runs at start and again after each UTC
// day closes; the moves are derived data, rewritten whole each time.

import { isMove, movesInputBytes, movesInputViews, movesOutputViews } from '../../core/kernels/moves.js';
import { CANDIDATE_MIN_IMPORTANCE, explainMove, type LinkableEvent, linkMove } from '../../core/moves/linker.js';
import { DAY_MS } from '../../core/time.js';
import { basisPoints } from '../../core/units.js';
import type { InstrumentKind } from '../../core/vocabulary.js';
import { clock } from '../clock.js';
import { type Logger, logFailure } from '../log.js';
import type { MarketState } from '../market/state.js';
import type { FoundMove, MoveService } from '../services/read/moves.js';
import type { WorkerThreads } from '../worker-threads.js';

export class MoveDetector {
  private lastDay = -1;
  private running: Promise<number> | null = null;
  /** The run asked for while one was under way: that one may have read the stories before the newest were written. */
  private queued: Promise<number> | null = null;
  private stopped = false;

  constructor(
    private readonly moves: MoveService,
    private readonly state: MarketState,
    private readonly workers: WorkerThreads,
    private readonly floors: Record<InstrumentKind, number>,
    private readonly log: Logger,
  ) {}

  /** Runs again once a new UTC day has begun (its previous day's close is then in memory). */
  onTick(nowMs: number): void {
    const day = Math.floor(nowMs / DAY_MS);
    if (day === this.lastDay || this.running) return;
    this.run().catch((err) => logFailure(this.log, err, 'move detection failed'));
  }

  /** Recomputes every move the held daily closes show, after the run under way if any; resolves to how many were stored. */
  run(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    if (this.running) {
      const again = () => {
        this.queued = null;
        return this.run();
      };
      return (this.queued ??= this.running.then(again, again));
    }
    this.running = this.detect().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Waits for the runs asked for so far (a feed's new stories may have asked for one); none starts after. */
  async stop(): Promise<void> {
    this.stopped = true;
    await (this.queued ?? this.running)?.catch(() => undefined);
  }

  private async detect(): Promise<number> {
    const started = performance.now();
    this.lastDay = Math.floor(clock.now() / DAY_MS);
    const { state } = this;
    const ring = state.candles['1d'].ring;
    const n = state.instruments.length;
    let days = 0;
    for (let i = 0; i < n; i++) days += ring.size(i);
    if (!days) return 0;
    const buffer = new ArrayBuffer(movesInputBytes(n, days));
    const input = movesInputViews(buffer, n, days);
    const ts = new Float64Array(days);
    for (let i = 0, d = 0; i < n; i++) {
      input.offsets[i] = d;
      for (let p = 0; p < ring.size(i); p++, d++) {
        const slot = ring.slot(i, p);
        input.closes[d] = ring.close[slot]!;
        ts[d] = ring.ts[slot]!;
      }
    }
    input.offsets[n] = days;
    // The buffer goes to the worker: keep what is read afterwards.
    const bounds = Array.from(input.offsets);
    const closes = Float64Array.from(input.closes);
    const out = movesOutputViews(
      await this.workers.run('moves', { buffer, instruments: n, days }, { transfer: [buffer] }),
      days,
    );

    const firstDay = Math.min(
      ...Array.from({ length: n }, (_, i) => (bounds[i + 1]! > bounds[i]! ? ts[bounds[i]!]! : Infinity)),
    );
    const events = await this.moves.linkable(firstDay - DAY_MS, CANDIDATE_MIN_IMPORTANCE);
    const byDay = new Map<number, LinkableEvent[]>();
    for (const e of events) {
      const day = e.occurredAt - (e.occurredAt % DAY_MS);
      byDay.set(day, [...(byDay.get(day) ?? []), e]);
    }
    const found: FoundMove[] = [];
    for (let i = 0; i < n; i++) {
      const inst = state.instruments[i]!;
      for (let d = bounds[i]! + 1; d < bounds[i + 1]!; d++) {
        const pct = out.pct[d]!;
        if (!isMove(pct, out.z[d]!, this.floors[inst.kind])) continue;
        const z = Number.isFinite(out.z[d]!) ? out.z[d]! : null;
        const dayMs = ts[d]!;
        const date = new Date(dayMs).toISOString().slice(0, 10);
        const nearby = [...(byDay.get(dayMs - DAY_MS) ?? []), ...(byDay.get(dayMs) ?? [])];
        const { causes, candidates } = linkMove(
          { symbol: inst.symbol, kind: inst.kind, company: inst.company, sector: inst.sector, dayMs },
          nearby,
        );
        found.push({
          id: Math.floor(dayMs / DAY_MS) * 10_000 + inst.id,
          instrumentId: inst.id,
          date,
          fromPrice: closes[d - 1]!,
          toPrice: closes[d]!,
          pct,
          z,
          explanation: explainMove(
            inst.symbol,
            date,
            pct,
            z,
            causes,
            inst.kind === 'rate' ? basisPoints(closes[d - 1]!, closes[d]!) : null,
          ),
          causes,
          candidates,
        });
      }
    }
    await this.moves.replaceFrom(firstDay, found);
    this.log.info(
      {
        moves: found.length,
        withCause: found.filter((m) => m.causes.length).length,
        ms: Math.round(performance.now() - started),
      },
      'moves detected',
    );
    return found.length;
  }
}
