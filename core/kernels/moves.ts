// The moves kernel: per instrument, each day's close-to-close change and how unusual it is, over typed arrays so a
// whole universe is one call (or one worker task). zScore = |pct| / sample standard deviation of the previous
// Z_WINDOW daily pcts, NaN with fewer than Z_MIN of them; a day is a move when its zScore reaches MOVE_MIN_Z or its
// size its kind's floor (the design's rules).

export const Z_WINDOW = 60;
export const Z_MIN = 20;
export const MOVE_MIN_Z = 2.5;

/** Whether a day of change `pct` and zScore `z` (NaN without one) is a move, against its kind's `floor` in percent. */
export function isMove(pct: number, z: number, floor: number, minZ = MOVE_MIN_Z): boolean {
  return Number.isFinite(pct) && ((Number.isFinite(z) && z >= minZ) || Math.abs(pct) >= floor);
}

export interface MovesInput {
  /** Instrument i owns days offsets[i] .. offsets[i+1]-1, consecutive and oldest first; length instruments + 1. */
  offsets: Int32Array;
  /** Daily closes, all positive. */
  closes: Float64Array;
}

export interface MovesOutput {
  /** Per day: percent change from the day before (NaN for an instrument's first day), and its zScore (or NaN). */
  pct: Float64Array;
  z: Float64Array;
}

export function dailyMoves(input: MovesInput, out: MovesOutput): MovesOutput {
  const { offsets, closes } = input;
  for (let i = 0; i + 1 < offsets.length; i++) {
    const first = offsets[i]!;
    const end = offsets[i + 1]!;
    // Running sums over the window of previous pcts.
    let n = 0;
    let sum = 0;
    let squares = 0;
    for (let d = first; d < end; d++) {
      const pct = d === first ? NaN : (closes[d]! / closes[d - 1]! - 1) * 100;
      out.pct[d] = pct;
      let z = NaN;
      if (n >= Z_MIN) {
        const variance = (squares - (sum * sum) / n) / (n - 1);
        if (variance > 0) z = Math.abs(pct) / Math.sqrt(variance);
      }
      out.z[d] = z;
      if (d === first) continue;
      sum += pct;
      squares += pct * pct;
      // The window holds the last Z_WINDOW pcts: the one that falls out is Z_WINDOW days back (never the first day).
      if (++n > Z_WINDOW) {
        const old = out.pct[d - Z_WINDOW]!;
        sum -= old;
        squares -= old * old;
        n--;
      }
    }
  }
  return out;
}

/** One buffer each way, for a worker: closes then offsets in; pct then z out. */
export function movesInputViews(buffer: ArrayBuffer, instruments: number, days: number): MovesInput {
  return { closes: new Float64Array(buffer, 0, days), offsets: new Int32Array(buffer, days * 8, instruments + 1) };
}

export function movesInputBytes(instruments: number, days: number): number {
  return days * 8 + (instruments + 1) * 4;
}

export function movesOutputViews(buffer: ArrayBuffer, days: number): MovesOutput {
  return { pct: new Float64Array(buffer, 0, days), z: new Float64Array(buffer, days * 8, days) };
}
