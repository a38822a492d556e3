// Every instrument's recorded days as the service's move detector reads them (the moves kernel over the daily closes
// the demo writes): what a story about a day's move states, and whether the detector will record that day as a move.
import { dailyMoves, isMove, MOVE_MIN_Z } from '../kernels/moves.js';
import { DAY_MS } from '../time.js';
import { DEFAULT_MOVE_FLOORS } from '../vocabulary.js';
import { concat, type DemoHistory, regroup } from './history.js';
import { DEMO_INSTRUMENTS, type DemoInstrument } from './universe.js';

export interface RecordedDay {
  inst: DemoInstrument;
  /** 00:00 UTC of the day. */
  dayMs: number;
  /** Close to close, in percent; and its zScore (NaN without one). */
  pct: number;
  z: number;
  /** The day before's close, and the day's. */
  from: number;
  close: number;
}

export class RecordedDays {
  /** Every instrument's days after its first, in instrument then time order. */
  readonly days: RecordedDay[] = [];
  private readonly byKey = new Map<string, RecordedDay>();

  /** From the daily history and the 1m bars' days (the anchor's day still open), as the service holds them. */
  constructor(histories: Map<string, DemoHistory>) {
    for (const inst of DEMO_INSTRUMENTS) {
      const h = histories.get(inst.symbol)!;
      const bars = concat(h.daily, regroup(h.minute, DAY_MS));
      const n = bars.ts.length;
      const { pct, z } = dailyMoves(
        { offsets: Int32Array.of(0, n), closes: bars.close },
        { pct: new Float64Array(n), z: new Float64Array(n) },
      );
      for (let d = 1; d < n; d++) {
        const day = {
          inst,
          dayMs: bars.ts[d]!,
          pct: pct[d]!,
          z: z[d]!,
          from: bars.close[d - 1]!,
          close: bars.close[d]!,
        };
        this.days.push(day);
        this.byKey.set(`${inst.symbol}|${day.dayMs}`, day);
      }
    }
  }

  at(symbol: string, dayMs: number): RecordedDay | undefined {
    return this.byKey.get(`${symbol}|${dayMs}`);
  }
}

/**
 * Whether the detector records `day` as a move with its thresholds times `margin`: under 1 takes in days the server's
 * closes (equal but for their last digits) may tip either way, over 1 only those it surely records.
 */
export function isRecordedMove(day: RecordedDay, margin: number): boolean {
  return isMove(day.pct, day.z, DEFAULT_MOVE_FLOORS[day.inst.kind] * margin, MOVE_MIN_Z * margin);
}
