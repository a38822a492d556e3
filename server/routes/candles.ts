// GET /v1/instruments/{symbol}/candles: 1m from the bars in memory, 1h and 1d from the aggregates (imported history
// where they have none), the live 1m bar merged in so the open bar is always there. Bodies are written as strings.
import { Type } from '@sinclair/typebox';
import { notFound, validationError, type ValidationDetail } from '../../core/errors.js';
import { candleJson, type Bar } from '../../core/series.js';
import { EntityRef, Nullable, Single, StringEnum } from '../../core/schemas/common.js';
import { DATE_OR_TIMESTAMP_PATTERN, DAY_MS, HOUR_MS, MINUTE_MS, parseInstant } from '../../core/time.js';
import { CANDLE_INTERVALS } from '../../core/vocabulary.js';
import type { Db } from '../db.js';
import { defineRoute, RawJson, type Route } from '../http/router.js';
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

type DbCandle = { ts: number; open: number; high: number; low: number; close: number; volume_usd: number | null; venues: number | null };

/** Resolves from/to into [fromMs, toMs) and whether `from` was given, or throws a 422 naming what is wrong. */
function window(query: { from?: string | undefined; to?: string | undefined }, interval: keyof typeof BUCKET_MS, nowMs: number) {
  const problems: ValidationDetail[] = [];
  const from = query.from === undefined ? null : parseInstant(query.from);
  const to = query.to === undefined ? null : parseInstant(query.to);
  if (query.from !== undefined && !from) problems.push({ in: 'query', param: 'from', message: 'is not a valid date' });
  if (query.to !== undefined && !to) problems.push({ in: 'query', param: 'to', message: 'is not a valid date' });
  const toMs = to ? (to.dateOnly ? to.ms + DAY_MS : to.ms + 1) : nowMs + BUCKET_MS[interval];
  const fromMs = from ? from.ms : toMs - DEFAULT_LOOKBACK_MS[interval];
  if (from && to && from.ms > to.ms) problems.push({ in: 'query', param: 'from', message: 'is after to' });
  if (problems.length) throw validationError(problems);
  return { fromMs, toMs, ascendingFrom: from !== null };
}

/** Folds the live 1m bar into the last candle of its bucket, or adds it as a new last candle. */
function mergeOpenBar(candles: DbCandle[], open: Bar, bucketMs: number, fromMs: number, toMs: number): void {
  const bucket = open.ts - (open.ts % bucketMs);
  if (bucket < fromMs || bucket >= toMs) return;
  const last = candles.at(-1);
  if (last && Number(last.ts) === bucket) {
    if (open.ts >= Number(last.ts)) {
      last.high = Math.max(last.high, open.high);
      last.low = Math.min(last.low, open.low);
      last.close = open.close;
      last.volume_usd = (last.volume_usd ?? 0) + open.volume;
      last.venues = Math.max(last.venues ?? 0, open.venues);
    }
  } else if (!last || Number(last.ts) < bucket) {
    candles.push({ ts: bucket, open: open.open, high: open.high, low: open.low, close: open.close, volume_usd: open.volume, venues: open.venues });
  }
}

export function candleRoutes(market: () => Market, db: () => Db): Route[] {
  return [
    defineRoute({
      path: '/v1/instruments/:symbol/candles',
      summary: 'OHLCV candles of the pooled price (1m, 1h, 1d), ascending, the open bar included',
      description:
        'With `from`, the first `limit` candles from it; without, the latest `limit` candles of the default lookback. ' +
        '1m candles are served from the last 14 days held in memory.',
      tags: ['instruments'],
      auth: true,
      errors: ['not_found'],
      params: Type.Object({ symbol: Type.String({ minLength: 1, maxLength: 120 }) }),
      query: CandleQuery,
      response: CandlesResponse,
      handler: async ({ params, query }) => {
        const { state, ticker } = market();
        const i = state.require(params.symbol);
        const interval = query.interval ?? '1d';
        const limit = query.limit ?? 5000;
        const { fromMs, toMs, ascendingFrom } = window(query, interval, Date.now());
        const open = ticker?.openBar(i) ?? null;
        let body: string;
        let count: number;
        if (interval === '1m') {
          const ring = state.minuteBars;
          const withOpen = open !== null && open.ts >= fromMs && open.ts < toMs;
          let i0 = ring.lowerBound(i, fromMs);
          let i1 = ring.lowerBound(i, toMs);
          const room = limit - (withOpen ? 1 : 0);
          if (ascendingFrom) i1 = Math.min(i1, i0 + limit);
          else i0 = Math.max(i0, i1 - room);
          const openIncluded = withOpen && i1 - i0 < limit;
          body = ring.json(i, i0, i1);
          if (openIncluded) body += `${body ? ',' : ''}${candleJson(open.ts, open.open, open.high, open.low, open.close, open.volume, open.venues)}`;
          count = i1 - i0 + (openIncluded ? 1 : 0);
        } else {
          ({ body, count } = await fromDatabase(db(), `candles${interval}`, state.instruments[i]!.id, interval, { fromMs, toMs, ascendingFrom }, limit, open));
        }
        return answer(state.instruments[i]!, interval, count, body);
      },
    }),
    defineRoute({
      path: '/v1/instruments/:symbol/listings/:listingId/candles',
      summary: "OHLCV candles of one venue listing's own price (1m, 1h, 1d), ascending, the open bar included",
      description: 'Query as the pooled candles. `listingId` comes from `venues[].listingId` of the instrument detail.',
      tags: ['instruments'],
      auth: true,
      errors: ['not_found'],
      params: Type.Object({
        symbol: Type.String({ minLength: 1, maxLength: 120 }),
        listingId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
      }),
      query: CandleQuery,
      response: CandlesResponse,
      handler: async ({ params, query }) => {
        const { state, ticker } = market();
        const i = state.require(params.symbol);
        const j = state.listingIndex(params.listingId);
        if (j < 0 || j < state.offsets[i]! || j >= state.offsets[i + 1]!) throw notFound(`Listing ${params.listingId} of ${state.instruments[i]!.symbol}`);
        const interval = query.interval ?? '1d';
        const range = window(query, interval, Date.now());
        const open = ticker?.openListingBar(j) ?? null;
        const { body, count } = await fromDatabase(db(), `listingCandles${interval}`, params.listingId, interval, range, query.limit ?? 5000, open);
        return answer(state.instruments[i]!, interval, count, body);
      },
    }),
  ];
}

/** Candles from the database (`<base>From` or `<base>Latest`), the live bar merged in, written as JSON. */
async function fromDatabase(
  db: Db,
  base: string,
  id: number,
  interval: keyof typeof BUCKET_MS,
  range: { fromMs: number; toMs: number; ascendingFrom: boolean },
  limit: number,
  open: Bar | null,
): Promise<{ body: string; count: number }> {
  const { fromMs, toMs, ascendingFrom } = range;
  // "All" history is an unbounded start, which PostgreSQL spells -infinity.
  const start = Number.isFinite(fromMs) ? new Date(fromMs) : '-infinity';
  const rows = await db.rows<DbCandle>(`${base}${ascendingFrom ? 'From' : 'Latest'}`, [id, start, new Date(toMs), limit]);
  if (!ascendingFrom) rows.reverse();
  if (open) mergeOpenBar(rows, open, BUCKET_MS[interval], fromMs, toMs);
  // Past the limit: from `from`, the newest candle goes; for the latest candles, the oldest does.
  if (rows.length > limit) rows.splice(ascendingFrom ? limit : 0, rows.length - limit);
  const body = rows.map((c) => candleJson(Number(c.ts), c.open, c.high, c.low, c.close, c.volume_usd ?? NaN, c.venues ?? 0)).join(',');
  return { body, count: rows.length };
}

function answer(inst: { symbol: string; name: string }, interval: string, count: number, body: string): RawJson {
  const ref = JSON.stringify({ type: 'instrument', key: inst.symbol, label: inst.name, path: `/instruments/${inst.symbol}` });
  return new RawJson(Buffer.from(`{"data":{"instrument":${ref},"interval":"${interval}","count":${count},"candles":[${body}]}}`));
}
