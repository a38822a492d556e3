// Where the market relay's frames are kept in Redis, and how an entry is read back: one Redis Stream, one frame per
// entry under an id Redis gives.
import { decodeFrame, type MarketFrame } from '../../core/market-frame.js';

export const MARKET_KEY = 'tapewire:market';
export const FRAME_FIELD = 'f';

/** An entry as ioredis's Buffer commands return it, decoded; null for one this version did not write. */
export function readFrame([, fields]: [Buffer, Buffer[]]): MarketFrame | null {
  const k = fields.findIndex((f, i) => i % 2 === 0 && f.toString() === FRAME_FIELD);
  return k < 0 ? null : decodeFrame(fields[k + 1]!);
}
