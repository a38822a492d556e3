// What the demo's macro series are drawn from: its world (the numbers its release stories report, its central bank's
// policy path, its market's daily closes), the seed, and the span from the first month of the series to the load.
import { DAY_MS } from '../../time.js';
import type { DemoHistory } from '../history.js';
import type { PolicyPath } from '../policy.js';
import { Random } from '../random.js';
import type { DemoWorld } from '../world.js';
import { dayOf, monthStart } from './calendar.js';
import type { MacroPrint, PrintedSeries } from './prints.js';

/** The instruments whose closes the daily series are read from. */
const READ_SYMBOLS = ['US2Y', 'US10Y', 'WTI', 'SPX', 'EURUSD', 'USDJPY', 'GBPUSD'];
/** Monthly and quarterly series start this many months before the history, so a change from a year before is there from its start. */
const MONTHS_BEFORE_HISTORY = 15;

export interface MacroInputs {
  seed: number;
  /** The first day of the market's history: daily series start there. */
  startMs: number;
  /** The load: nothing released at or after it is in the series. */
  anchorMs: number;
  /** The first month of the monthly series. */
  firstMonthMs: number;
  policy: PolicyPath;
  /** The story's numbers by series, each by its period. */
  prints: Map<PrintedSeries, Map<number, MacroPrint>>;
  /** By symbol: the last price of each UTC day before the anchor's. */
  closes: Map<string, Map<number, number>>;
}

export function macroInputs(world: DemoWorld, seed: number, startMs: number, anchorMs: number): MacroInputs {
  const prints = new Map<PrintedSeries, Map<number, MacroPrint>>();
  for (const p of world.prints) {
    const bySeries = prints.get(p.series) ?? new Map<number, MacroPrint>();
    bySeries.set(p.period, p);
    prints.set(p.series, bySeries);
  }
  const start = new Date(startMs);
  const closes = new Map(
    READ_SYMBOLS.map((symbol) => [symbol, dailyCloses(world.histories.get(symbol)!, dayOf(anchorMs))]),
  );
  return {
    seed,
    startMs,
    anchorMs,
    firstMonthMs: monthStart(start.getUTCFullYear(), start.getUTCMonth() - MONTHS_BEFORE_HISTORY),
    policy: world.path.model.policy,
    prints,
    closes,
  };
}

/** The close of each UTC day before `beforeDay`: the last bar's of the day, from the daily bars, then the 1m bars. */
function dailyCloses(h: DemoHistory, beforeDay: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const bars of [h.daily, h.minute]) {
    for (let k = 0; k < bars.ts.length; k++) {
      const day = dayOf(bars.ts[k]!);
      if (day < beforeDay) out.set(day, bars.close[k]!);
    }
  }
  return out;
}

/** Every first day of a month from `fromMs`'s month while `ok` holds for it. */
export function months(fromMs: number, ok: (monthMs: number) => boolean): number[] {
  const out: number[] = [];
  const from = new Date(fromMs);
  for (let m = monthStart(from.getUTCFullYear(), from.getUTCMonth()); ok(m); ) {
    out.push(m);
    const d = new Date(m);
    m = monthStart(d.getUTCFullYear(), d.getUTCMonth() + 1);
  }
  return out;
}

/** Every day from `fromMs` to before `toMs` (UTC midnights). */
export function days(fromMs: number, toMs: number): number[] {
  const out: number[] = [];
  for (let d = dayOf(fromMs); d < toMs; d += DAY_MS) out.push(d);
  return out;
}

/** A draw stream of its own per series, so adding a series changes no other. */
export function seriesRandom(seed: number, seriesId: string): Random {
  let h = seed ^ 0x3ac40;
  for (const c of seriesId) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193);
  return new Random(h);
}

/** A number cut to `digits` decimals. */
export const round = (x: number, digits: number) => Number(x.toFixed(digits));
