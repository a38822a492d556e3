// GET /v1/instruments/{symbol}/candles (and one listing's): candles from memory when it holds the range, else from the
// database (bars_1m; the 1h/1d aggregates with imported history where they have none) read as columns, the live bar
// merged in so the open bar is always there. Bodies are written as byte chunks, without per-candle objects.
import { Type } from '@sinclair/typebox';
import { notFound, validationError, type ValidationDetail } from '../../core/errors.js';
import { instrumentRef } from '../../core/refs.js';
import type { Bar } from '../../core/kernels/bars.js';
import { candleJson, COMMA, type HeldBars } from '../../core/series.js';
import { EntityRef, Nullable, Single, StringEnum } from '../../core/schemas/common.js';
import { DATE_OR_TIMESTAMP_PATTERN, DAY_MS, HOUR_MS, MINUTE_MS, parseWindow } from '../../core/time.js';
import { CANDLE_INTERVALS } from '../../core/vocabulary.js';
import type { Db } from '../db.js';
import { defineRoute, RawJson, type Route } from '../http/router.js';
import { BAR_COLUMNS } from '../market/bar-rows.js';
import type { Market } from '../market/boot.js';

const BUCKET_MS = { '1m': MINUTE_MS, '1h': HOUR_MS, '1d': DAY_MS } as const;
const DEFAULT_LOOKBACK_MS = { '1m': DAY_MS, '1h': 30 * DAY_MS, '1d': Infinity } as const;

const Candle = Type.Object({
  ts: Type.String({ format: 'date-time', description: 'open time of the bar' }),
  open: Type.Number(),
  high: Type.Number(),
  low: Type.Number(),
  close: Type.Number(),
  volumeUsd: Nullable(Type.Number()),
  venues: Type.Optional(Type.Integer({ description: 'venues in the pool during the bar' })),
});

const CandlesResponse = Single(
  Type.Object({ instrument: EntityRef, interval: StringEnum(CANDLE_INTERVALS), count: Type.Integer(), candles: Type.Array(Candle) }),
);

const DateParam = (description: string) => Type.Optional(Type.String({ maxLength: 40, pattern: DATE_OR_TIMESTAMP_PATTERN, description }));

const CandleQuery = Type.Object({
  interval: Type.Optional(StringEnum(CANDLE_INTERVALS, { default: '1d' })),
  from: DateParam('YYYY-MM-DD or ISO timestamp; default lookback 1m = 24h, 1h = 30 days, 1d = all'),
  to: DateParam('YYYY-MM-DD (the whole day) or ISO timestamp; default now'),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20000, default: 5000 })),
});

/** Resolves from/to into [fromMs, toMs) and whether `from` was given, or throws a 422 naming what is wrong. */
function window(query: { from?: string | undefined; to?: string | undefined }, interval: keyof typeof BUCKET_MS, nowMs: number) {
  const parsed = parseWindow(query);
  const { problems } = parsed;
  // Without `to`, up to the end of the open bar: a default lookback then holds exactly its number of bars (1,440
  // minutes, 720 hours), the open one last.
  const bucket = BUCKET_MS[interval];
  const toMs = parsed.toMs ?? nowMs - (nowMs % bucket) + bucket;
  const fromMs = parsed.fromMs ?? toMs - DEFAULT_LOOKBACK_MS[interval];
  if (parsed.fromMs !== null && parsed.toMs !== null && parsed.fromMs >= parsed.toMs) problems.push({ in: 'query', param: 'from', message: 'is after to' });
  if (problems.length) throw validationError(problems);
  return { fromMs, toMs, ascendingFrom: parsed.fromMs !== null };
}

export function candleRoutes(market: () => Market, db: () => Db): Route[] {
  return [
    defineRoute({
      path: '/v1/instruments/:symbol/candles',
      summary: 'OHLCV candles of the pooled price (1m, 1h, 1d), ascending, the open bar included',
      description:
        'With `from`, the first `limit` candles from it; without, the latest `limit` candles of the default lookback. ' +
        'Served from memory for the last 14 days of 1m, 90 days of 1h and ten years of 1d (configurable), older ones from ' +
        'the database (1m kept `RETAIN_BARS_1M_DAYS`).',
      tags: ['instruments'],
      auth: true,
      errors: ['not_found'],
      params: Type.Object({ symbol: Type.String({ minLength: 1, maxLength: 120 }) }),
      query: CandleQuery,
      response: CandlesResponse,
      handler: async ({ params, query, signal }) => {
        const { state, ticker } = market();
        const i = state.require(params.symbol);
        const interval = query.interval ?? '1d';
        const limit = query.limit ?? 5000;
        const range = window(query, interval, Date.now());
        const open = ticker?.openBar(i) ?? null;
        const held = state.candles[interval];
        const { body, count } = held.held(i, range.fromMs)
          ? fromMemory(held, i, open, range, limit)
          : await fromDatabase(db(), `candles${interval}`, state.instruments[i]!.id, interval, range, limit, open, signal);
        return answer(state.instruments[i]!, interval, count, body);
      },
    }),
    defineRoute({
      path: '/v1/instruments/:symbol/listings/:listingId/candles',
      summary: "OHLCV candles of one venue listing's own price (1m, 1h, 1d), ascending, the open bar included",
      description:
        'Query as the pooled candles. `listingId` comes from `venues[].listingId` of the instrument detail. Served from ' +
        'memory for the last day of 1m (`LISTING_MINUTE_BARS_MEMORY_DAYS`), 90 days of 1h (`HOUR_BARS_MEMORY_DAYS`) and ' +
        'three years of 1d, older ranges from the database.',
      tags: ['instruments'],
      auth: true,
      errors: ['not_found'],
      params: Type.Object({
        symbol: Type.String({ minLength: 1, maxLength: 120 }),
        listingId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
      }),
      query: CandleQuery,
      response: CandlesResponse,
      handler: async ({ params, query, signal }) => {
        const { state, ticker } = market();
        const i = state.require(params.symbol);
        const j = state.listingIndex(params.listingId);
        if (j < 0 || j < state.offsets[i]! || j >= state.offsets[i + 1]!) throw notFound(`Listing ${params.listingId} of ${state.instruments[i]!.symbol}`);
        const interval = query.interval ?? '1d';
        const limit = query.limit ?? 5000;
        const range = window(query, interval, Date.now());
        const open = ticker?.openListingBar(j) ?? null;
        const held = state.listingCandles[interval];
        const { body, count } = held.held(j, range.fromMs)
          ? fromMemory(held, j, open, range, limit)
          : await fromDatabase(db(), `listingCandles${interval}`, params.listingId, interval, range, limit, open, signal);
        return answer(state.instruments[i]!, interval, count, body);
      },
    }),
  ];
}

/** Candles of series `s` held in memory, with the open bucket (closed finer bars and the live 1m bar `open`) last. */
function fromMemory(
  held: HeldBars,
  s: number,
  open: Bar | null,
  { fromMs, toMs, ascendingFrom }: { fromMs: number; toMs: number; ascendingFrom: boolean },
  limit: number,
): { body: Buffer[]; count: number } {
  const ring = held.ring;
  const live = held.live(s, open);
  const withLive = live !== null && live.ts >= fromMs && live.ts < toMs;
  let i0 = ring.lowerBound(s, fromMs);
  let i1 = ring.lowerBound(s, toMs);
  if (ascendingFrom) i1 = Math.min(i1, i0 + limit);
  else i0 = Math.max(i0, i1 - (limit - (withLive ? 1 : 0)));
  const liveIncluded = withLive && i1 - i0 < limit;
  const body = ring.json(s, i0, i1);
  if (liveIncluded) {
    if (body.length) body.push(COMMA);
    body.push(Buffer.from(candleJson(live.ts, live.open, live.high, live.low, live.close, live.volume, live.venues)));
  }
  return { body, count: i1 - i0 + (liveIncluded ? 1 : 0) };
}

/**
 * Candles from the database (`<base>From` or `<base>Latest`), read as columns and written as JSON straight from them,
 * the live bar folded into the last candle of its bucket or added after it.
 */
async function fromDatabase(
  db: Db,
  base: string,
  id: number,
  interval: keyof typeof BUCKET_MS,
  range: { fromMs: number; toMs: number; ascendingFrom: boolean },
  limit: number,
  open: Bar | null,
  signal: AbortSignal,
): Promise<{ body: Buffer[]; count: number }> {
  const { fromMs, toMs, ascendingFrom } = range;
  // "All" history is an unbounded start, which PostgreSQL spells -infinity.
  const start = Number.isFinite(fromMs) ? new Date(fromMs) : '-infinity';
  const { length: n, columns: c } = await db.columns(`${base}${ascendingFrom ? 'From' : 'Latest'}`, [id, start, new Date(toMs), limit], BAR_COLUMNS, signal);
  let extra: Bar | null = null;
  const bucket = open ? open.ts - (open.ts % BUCKET_MS[interval]) : NaN;
  if (open && bucket >= fromMs && bucket < toMs) {
    const last = n - 1;
    if (last >= 0 && c.ts[last] === bucket) {
      c.high[last] = Math.max(c.high[last]!, open.high);
      c.low[last] = Math.min(c.low[last]!, open.low);
      c.close[last] = open.close;
      c.volume[last] = (Number.isFinite(c.volume[last]!) ? c.volume[last]! : 0) + open.volume;
      c.venues[last] = Math.max(Number.isFinite(c.venues[last]!) ? c.venues[last]! : 0, open.venues);
    } else if (last < 0 || c.ts[last]! < bucket) {
      extra = { ...open, ts: bucket };
    }
  }
  // One past the limit: from `from`, the newest candle (the live one) goes; for the latest candles, the oldest does.
  const over = n + (extra ? 1 : 0) > limit;
  if (over && ascendingFrom) extra = null;
  const parts: string[] = [];
  for (let k = over && !ascendingFrom ? 1 : 0; k < n; k++) {
    parts.push(candleJson(c.ts[k]!, c.open[k]!, c.high[k]!, c.low[k]!, c.close[k]!, c.volume[k]!, c.venues[k]! || 0));
  }
  if (extra) parts.push(candleJson(extra.ts, extra.open, extra.high, extra.low, extra.close, extra.volume, extra.venues));
  return { body: [Buffer.from(parts.join(','))], count: parts.length };
}

const CLOSE = Buffer.from(']}}');

/** The answer around the candle chunks, which are sent as they are. */
function answer(inst: { symbol: string; name: string }, interval: string, count: number, candles: Buffer[]): RawJson {
  const head = Buffer.from(`{"data":{"instrument":${JSON.stringify(instrumentRef(inst))},"interval":"${interval}","count":${count},"candles":[`);
  return new RawJson([head, ...candles, CLOSE]);
}
