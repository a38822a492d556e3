// Candle queries resolved into the window and count a candle service reads: the interval, [fromMs, toMs) and the limit.
import { validationError } from '../errors.js';
import type { CandleQuery } from '../schemas/candles.js';
import { DAY_MS, HOUR_MS, MINUTE_MS, parseWindow } from '../time.js';
import type { CandleInterval } from '../vocabulary.js';

/** The length of one candle of each interval. */
export const BUCKET_MS = { '1m': MINUTE_MS, '1h': HOUR_MS, '1d': DAY_MS } as const;
const DEFAULT_LOOKBACK_MS = { '1m': DAY_MS, '1h': 30 * DAY_MS, '1d': Infinity } as const;
const DEFAULT_LIMIT = 5000;

/** What a candle query asks for: an interval, the window [fromMs, toMs), and whether to count from its start. */
export interface CandleRequest {
  interval: CandleInterval;
  fromMs: number;
  toMs: number;
  /** True when `from` was given: the first `limit` candles from it; else the latest `limit` of the window. */
  ascendingFrom: boolean;
  limit: number;
}

/** Resolves a candle query at `nowMs` into a request, or throws a 422 naming what is wrong. */
export function candleRequest(query: CandleQuery, nowMs: number): CandleRequest {
  const interval = query.interval ?? '1d';
  const parsed = parseWindow(query);
  const { problems } = parsed;
  // Without `to`, up to the end of the open bar: a default lookback then holds exactly its number of bars (1,440
  // minutes, 720 hours), the open one last.
  const bucket = BUCKET_MS[interval];
  const toMs = parsed.toMs ?? nowMs - (nowMs % bucket) + bucket;
  const fromMs = parsed.fromMs ?? toMs - DEFAULT_LOOKBACK_MS[interval];
  if (parsed.fromMs !== null && parsed.toMs !== null && parsed.fromMs >= parsed.toMs)
    problems.push({ in: 'query', param: 'from', message: 'is after to' });
  if (problems.length) throw validationError(problems);
  return { interval, fromMs, toMs, ascendingFrom: parsed.fromMs !== null, limit: query.limit ?? DEFAULT_LIMIT };
}
