// Fewer candles over the same span: runs of consecutive candles merged into one, as a chart zoomed out shows them.
import type { Candle } from './schemas/candles.js';

/** `candles` (ascending) merged by runs of `factor`: the first open, the highest high, the lowest low, the last close, volumes summed. */
export function mergeCandles(candles: readonly Candle[], factor: number): Candle[] {
  if (factor <= 1) return [...candles];
  const out: Candle[] = [];
  for (let k = 0; k < candles.length; k += factor) {
    const run = candles.slice(k, k + factor);
    const first = run[0]!;
    const volumes = run.map((c) => c.volumeUsd).filter((v): v is number => v !== null);
    const merged: Candle = {
      ts: first.ts,
      open: first.open,
      high: Math.max(...run.map((c) => c.high)),
      low: Math.min(...run.map((c) => c.low)),
      close: run[run.length - 1]!.close,
      volumeUsd: volumes.length ? volumes.reduce((a, b) => a + b, 0) : null,
    };
    if (run.some((c) => c.venues !== undefined)) merged.venues = Math.max(...run.map((c) => c.venues ?? 0));
    out.push(merged);
  }
  return out;
}
