// A venue's REST history for the backfill tests, in the venue's own format and paging: Binance klines (spot and
// USD-M, oldest first from startTime, `limit` a page), its funding and open interest history, and OKX history
// candles (newest first before `after`, 100 a page). Each minute's prices come from the test's own function, and the
// venue has nothing from `endMs()` on, as a venue whose history a test ends at a chosen minute.
import type { Answer } from '../../harness/replay.js';
import { clock } from '../../server/clock.js';

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
  const end = Math.min(toMs, h.endMs(), clock.now() - (clock.now() % MINUTE_MS) + MINUTE_MS);
  for (let ts = Math.ceil(fromMs / MINUTE_MS) * MINUTE_MS; ts < end; ts += MINUTE_MS) out.push(ts);
  return out;
}

/** /api/v3/klines and /fapi/v1/klines: the first `limit` minutes from startTime to endTime (inclusive). */
export function binanceKlines(h: KlineHistory, url: URL): Answer {
  const q = url.searchParams;
  const list = minutes(h, Number(q.get('startTime')), Number(q.get('endTime')) + 1).slice(
    0,
    Number(q.get('limit') ?? 500),
  );
  const rows = list.map((ts) => {
    const k = klineAt(h, ts);
    return [
      ts,
      String(k.open),
      String(k.high),
      String(k.low),
      String(k.close),
      '2.5',
      ts + MINUTE_MS - 1,
      String(2.5 * k.close),
      40,
      '1.2',
      String(1.2 * k.close),
      '0',
    ];
  });
  return { body: JSON.stringify(rows) };
}

/** /fapi/v1/fundingRate: a payment every 8 hours of `rate`, from startTime to endTime. */
export function binanceFunding(h: KlineHistory, url: URL, rate: number, symbol: string): Answer {
  const q = url.searchParams;
  const step = 8 * 3_600_000;
  const out = [];
  for (
    let ts = Math.ceil(Number(q.get('startTime')) / step) * step;
    ts <= Math.min(Number(q.get('endTime')), h.endMs() - 1, clock.now());
    ts += step
  ) {
    out.push({ symbol, fundingTime: ts, fundingRate: String(rate), markPrice: '1' });
  }
  return { body: JSON.stringify(out) };
}

/** /futures/data/openInterestHist: every 5 minutes, `coins` open, worth coins x price in USDT. */
export function binanceOpenInterest(h: KlineHistory, url: URL, coins: number, symbol: string): Answer {
  const q = url.searchParams;
  const step = 5 * MINUTE_MS;
  const out = [];
  const end = Math.min(Number(q.get('endTime')), h.endMs() - 1, clock.now());
  for (let ts = Math.ceil(Number(q.get('startTime')) / step) * step; ts <= end; ts += step) {
    out.push({
      symbol,
      sumOpenInterest: String(coins),
      sumOpenInterestValue: String(coins * h.price(ts)),
      timestamp: ts,
    });
  }
  return { body: JSON.stringify(out.slice(0, Number(q.get('limit') ?? 30))) };
}

/** /api/v5/market/history-candles: the newest `limit` minutes strictly between before and after, newest first. */
export function okxCandles(h: KlineHistory, url: URL): Answer {
  const q = url.searchParams;
  const list = minutes(h, Number(q.get('before')) + 1, Number(q.get('after')))
    .reverse()
    .slice(0, Number(q.get('limit') ?? 100));
  const data = list.map((ts) => {
    const k = klineAt(h, ts);
    return [
      String(ts),
      String(k.open),
      String(k.high),
      String(k.low),
      String(k.close),
      '3',
      '3',
      String(3 * k.close),
      '1',
    ];
  });
  return { body: JSON.stringify({ code: '0', msg: '', data }) };
}

/** /v5/market/kline: the newest `limit` minutes from start to end (inclusive), newest first. */
export function bybitKlines(h: KlineHistory, url: URL): Answer {
  const q = url.searchParams;
  const list = minutes(h, Number(q.get('start')), Number(q.get('end')) + 1)
    .reverse()
    .slice(0, Number(q.get('limit') ?? 200));
  const rows = list.map((ts) => {
    const k = klineAt(h, ts);
    return [String(ts), String(k.open), String(k.high), String(k.low), String(k.close), '2', String(2 * k.close)];
  });
  return {
    body: JSON.stringify({
      retCode: 0,
      retMsg: 'OK',
      result: { category: q.get('category'), symbol: q.get('symbol'), list: rows },
      retExtInfo: {},
      time: clock.now(),
    }),
  };
}

/** POST /info candleSnapshot: the minutes from startTime to endTime (inclusive), oldest first, 5,000 at most. */
export function hyperliquidCandles(h: KlineHistory, body: string): Answer {
  const { req } = JSON.parse(body) as { req: { coin: string; startTime: number; endTime: number } };
  const list = minutes(h, req.startTime, req.endTime + 1).slice(0, 5000);
  const rows = list.map((ts) => {
    const k = klineAt(h, ts);
    return {
      t: ts,
      T: ts + MINUTE_MS - 1,
      s: req.coin,
      i: '1m',
      o: String(k.open),
      c: String(k.close),
      h: String(k.high),
      l: String(k.low),
      v: '1.5',
      n: 10,
    };
  });
  return { body: JSON.stringify(rows) };
}

/** Advanced Trade candles: from start to end (epoch seconds, inclusive), newest first, `limit` at most. */
export function coinbaseCandles(h: KlineHistory, url: URL): Answer {
  const q = url.searchParams;
  const list = minutes(h, Number(q.get('start')) * 1000, Number(q.get('end')) * 1000 + 1)
    .reverse()
    .slice(0, Number(q.get('limit') ?? 350));
  const candles = list.map((ts) => {
    const k = klineAt(h, ts);
    return {
      start: String(ts / 1000),
      low: String(k.low),
      high: String(k.high),
      open: String(k.open),
      close: String(k.close),
      volume: '0.5',
    };
  });
  return { body: JSON.stringify({ candles }) };
}

/** Kraken's OHLC: the minutes after `since` (epoch seconds), oldest first, the latest 720 at most. */
export function krakenOhlc(h: KlineHistory, url: URL): Answer {
  const list = minutes(h, Number(url.searchParams.get('since')) * 1000 + 1, Infinity).slice(-720);
  const rows = list.map((ts) => {
    const k = klineAt(h, ts);
    return [ts / 1000, String(k.open), String(k.high), String(k.low), String(k.close), String(k.close), '0.25', 5];
  });
  return {
    body: JSON.stringify({ error: [], result: { XXBTZUSD: rows, last: list.length ? list.at(-1)! / 1000 : 0 } }),
  };
}

/** Kraken Futures charts: the minutes from `from` to `to` (epoch seconds, inclusive), oldest first. */
export function krakenFuturesCandles(h: KlineHistory, url: URL): Answer {
  const q = url.searchParams;
  const list = minutes(h, Number(q.get('from')) * 1000, Number(q.get('to')) * 1000 + 1).slice(0, 2000);
  const candles = list.map((ts) => {
    const k = klineAt(h, ts);
    return {
      time: ts,
      open: String(k.open),
      high: String(k.high),
      low: String(k.low),
      close: String(k.close),
      volume: '1',
    };
  });
  return { body: JSON.stringify({ candles, more_candles: false }) };
}
