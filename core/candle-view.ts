// The candles a request selects, as a view: a run of a ring held in memory or columns read from the database, then the
// live bar. What the candle service returns; made into objects here (MCP, brief) or into the answer's bytes at the
// HTTP edge from the ring's kept JSON blocks. A view over a ring is read at once: the next tick moves the ring on.
import type { Bar, BarColumns } from './kernels/bars.js';
import type { Ref } from './refs.js';
import type { CandleRequest } from './requests/candles.js';
import type { Candle, CandleSeries } from './schemas/candles.js';
import { type BarRing, candleJson, candleObject, type HeldBars } from './series.js';
import type { CandleInterval } from './vocabulary.js';

/** The candles selected: positions i0..i1-1 of series `s` of a ring, or rows k0..n-1 of columns. */
export type CandleRun =
  | { from: 'memory'; ring: BarRing; s: number; i0: number; i1: number }
  | { from: 'database'; columns: BarColumns & { venues: Float64Array; origin: Float64Array }; k0: number; n: number };

export interface CandleView {
  /** The same object while the instrument is unchanged. */
  instrument: Ref & { type: 'instrument' };
  interval: CandleInterval;
  run: CandleRun;
  /** The open bar, after the run; null when there is none or it is outside the range asked. */
  live: Bar | null;
  /** Where the series' held candles at this interval start (epoch ms); null when none are held. */
  availableFrom: number | null;
  /** Whether the request's `from` is before availableFrom: the answer starts later than asked. */
  late: boolean;
}

/** What an answer starting later than asked says. */
export const lateNotice = ({ instrument, interval, availableFrom }: CandleView) =>
  `The held ${interval} history of ${instrument.key} starts at ${new Date(availableFrom!).toISOString()}: nothing earlier is held, so the answer starts there`;

/** How many candles the view holds. */
export function candleCount({ run, live }: CandleView): number {
  return (run.from === 'memory' ? run.i1 - run.i0 : run.n - run.k0) + (live ? 1 : 0);
}

/** The time of a run's first candle; null when it holds none. */
export function firstCandleTs(run: CandleRun): number | null {
  if (run.from === 'memory') return run.i1 > run.i0 ? run.ring.ts[run.ring.slot(run.s, run.i0)]! : null;
  return run.n > run.k0 ? run.columns.ts[run.k0]! : null;
}

/** The view's candles as objects. */
export function candleSeries(view: CandleView): CandleSeries {
  const { run, live } = view;
  const candles: Candle[] = [];
  if (run.from === 'memory') {
    const { ring, s } = run;
    for (let p = run.i0; p < run.i1; p++) {
      const k = ring.slot(s, p);
      candles.push(
        candleObject(
          ring.ts[k]!,
          ring.open[k]!,
          ring.high[k]!,
          ring.low[k]!,
          ring.close[k]!,
          ring.volume[k]!,
          ring.venues[k]!,
          ring.origin[k]!,
        ),
      );
    }
  } else {
    const c = run.columns;
    for (let k = run.k0; k < run.n; k++)
      candles.push(
        candleObject(
          c.ts[k]!,
          c.open[k]!,
          c.high[k]!,
          c.low[k]!,
          c.close[k]!,
          c.volume[k]!,
          c.venues[k]! || 0,
          c.origin[k]!,
        ),
      );
  }
  if (live)
    candles.push(
      candleObject(live.ts, live.open, live.high, live.low, live.close, live.volume, live.venues, live.origin),
    );
  const availableFrom = view.availableFrom === null ? null : new Date(view.availableFrom).toISOString();
  return {
    instrument: view.instrument,
    interval: view.interval,
    count: candles.length,
    availableFrom,
    ...(view.late ? { notice: lateNotice(view) } : {}),
    candles,
  };
}

/** The view's candles as JSON chunks, commas between them included: closed candles from memory are slices of kept blocks. */
export function candleChunks({ run, live }: CandleView): Buffer[] {
  let body: Buffer[];
  if (run.from === 'memory') body = run.ring.json(run.s, run.i0, run.i1, live !== null);
  else {
    const c = run.columns;
    const parts: string[] = [];
    for (let k = run.k0; k < run.n; k++)
      parts.push(
        candleJson(
          c.ts[k]!,
          c.open[k]!,
          c.high[k]!,
          c.low[k]!,
          c.close[k]!,
          c.volume[k]!,
          c.venues[k]! || 0,
          c.origin[k]!,
        ),
      );
    body = parts.length ? [Buffer.from(parts.join(',') + (live ? ',' : ''))] : [];
  }
  if (live)
    body.push(
      Buffer.from(
        candleJson(live.ts, live.open, live.high, live.low, live.close, live.volume, live.venues, live.origin),
      ),
    );
  return body;
}

/** The run of series `s` held in memory that a request selects, with the open bucket (closed finer bars and the live 1m bar) last. */
export function memoryRun(
  held: HeldBars,
  s: number,
  open: Bar | null,
  { fromMs, toMs, ascendingFrom, limit }: CandleRequest,
): { run: CandleRun; live: Bar | null } {
  const ring = held.ring;
  const live = held.live(s, open);
  const withLive = live !== null && live.ts >= fromMs && live.ts < toMs;
  let i0 = ring.lowerBound(s, fromMs);
  let i1 = ring.lowerBound(s, toMs);
  if (ascendingFrom) i1 = Math.min(i1, i0 + limit);
  else i0 = Math.max(i0, i1 - (limit - (withLive ? 1 : 0)));
  return { run: { from: 'memory', ring, s, i0, i1 }, live: withLive && i1 - i0 < limit ? live : null };
}
