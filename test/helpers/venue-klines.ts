// A venue's REST history for the backfill tests, in the venue's own format and paging: Binance klines (spot and
// USD-M, oldest first from startTime, `limit` a page), its funding and open interest history, and OKX history
// candles (newest first before `after`, 100 a page). Each minute's prices come from the test's own function, and the
// venue has nothing from `endMs()` on, as a venue whose history a test ends at a chosen minute.
import type { Answer } from './replay.js';

const MINUTE_MS = 60_000;

export interface KlineHistory {
  /** The price at an instant: a minute opens at price(ts) and closes at price(ts + 1 minute). */
  price(ts: number): number;
  /** The venue knows nothing at or after this time. */
  endMs(): number;
}

/** The kline of the minute opening at `ts`: open, high, low, close. */
export function klineAt(h: KlineHistory, ts: number): { open: number; high: number; low: number; close: number } {
  const open = h.price(ts);
  const close = h.price(ts + MINUTE_MS);
  return { open, high: Math.max(open, close) + 1, low: Math.min(open, close) - 1, close };
}

/** The minutes in [fromMs, toMs) the venue has, oldest first. */
function minutes(h: KlineHistory, fromMs: number, toMs: number): number[] {
  const out: number[] = [];
  const end = Math.min(toMs, h.endMs(), Date.now() - (Date.now() % MINUTE_MS) + MINUTE_MS);
  for (let ts = Math.ceil(fromMs / MINUTE_MS) * MINUTE_MS; ts < end; ts += MINUTE_MS) out.push(ts);
  return out;
}

/** /api/v3/klines and /fapi/v1/klines: the first `limit` minutes from startTime to endTime (inclusive). */
export function binanceKlines(h: KlineHistory, url: URL): Answer {
  const q = url.searchParams;
  const list = minutes(h, Number(q.get('startTime')), Number(q.get('endTime')) + 1).slice(0, Number(q.get('limit') ?? 500));
  const rows = list.map((ts) => {
    const k = klineAt(h, ts);
    return [ts, String(k.open), String(k.high), String(k.low), String(k.close), '2.5', ts + MINUTE_MS - 1, String(2.5 * k.close), 40, '1.2', String(1.2 * k.close), '0'];
  });
  return { body: JSON.stringify(rows) };
}

/** /fapi/v1/fundingRate: a payment every 8 hours of `rate`, from startTime to endTime. */
export function binanceFunding(h: KlineHistory, url: URL, rate: number, symbol: string): Answer {
  const q = url.searchParams;
  const step = 8 * 3_600_000;
  const out = [];
  for (let ts = Math.ceil(Number(q.get('startTime')) / step) * step; ts <= Math.min(Number(q.get('endTime')), h.endMs() - 1, Date.now()); ts += step) {
    out.push({ symbol, fundingTime: ts, fundingRate: String(rate), markPrice: '1' });
  }
  return { body: JSON.stringify(out) };
}

/** /futures/data/openInterestHist: every 5 minutes, `coins` open, worth coins x price in USDT. */
export function binanceOpenInterest(h: KlineHistory, url: URL, coins: number, symbol: string): Answer {
  const q = url.searchParams;
  const step = 5 * MINUTE_MS;
  const out = [];
  const end = Math.min(Number(q.get('endTime')), h.endMs() - 1, Date.now());
  for (let ts = Math.ceil(Number(q.get('startTime')) / step) * step; ts <= end; ts += step) {
    out.push({ symbol, sumOpenInterest: String(coins), sumOpenInterestValue: String(coins * h.price(ts)), timestamp: ts });
  }
  return { body: JSON.stringify(out.slice(0, Number(q.get('limit') ?? 30))) };
}

/** /api/v5/market/history-candles: the newest `limit` minutes strictly between before and after, newest first. */
export function okxCandles(h: KlineHistory, url: URL): Answer {
  const q = url.searchParams;
  const list = minutes(h, Number(q.get('before')) + 1, Number(q.get('after'))).reverse().slice(0, Number(q.get('limit') ?? 100));
  const data = list.map((ts) => {
    const k = klineAt(h, ts);
    return [String(ts), String(k.open), String(k.high), String(k.low), String(k.close), '3', '3', String(3 * k.close), '1'];
  });
  return { body: JSON.stringify({ code: '0', msg: '', data }) };
}
