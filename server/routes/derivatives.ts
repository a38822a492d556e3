// GET /v1/instruments/{symbol}/derivatives: daily funding (per 8 hours, weighted by open interest across the
// perpetual listings) and total open interest since `from`, the current values from hot state, and with
// `perVenue=true` each listing's hourly series. Read as columns and written as JSON straight from them.
import { Type } from '@sinclair/typebox';
import { validationError } from '../../core/errors.js';
import { instrumentRef } from '../../core/refs.js';
import { jsonNumber } from '../../core/series.js';
import { EntityRef, Nullable, Single } from '../../core/schemas/common.js';
import { DATE_OR_TIMESTAMP_PATTERN, DAY_MS, parseInstant } from '../../core/time.js';
import type { Db } from '../db.js';
import { AnswerCache, every } from '../http/answer-cache.js';
import { defineRoute, RawJson, type Route } from '../http/router.js';
import type { MarketState } from '../market/state.js';

/** Series kept per instrument, start day and perVenue, and for how long. */
const SERIES_KEPT = 200;
const SERIES_FRESH_MS = 10_000;
const CLOSE = Buffer.from('}}');
const DEFAULT_FROM = '2026-01-01';

const Funding8h = Nullable(Type.Number({ description: 'funding per 8 hours as a fraction (0.0001 = 0.01%); a venue paying hourly counts 8 times its rate' }));

const Current = Type.Object({
  fundingRate8h: Funding8h,
  openInterestUsd: Nullable(Type.Number({ description: 'total open interest of the fresh perpetual listings, USD' })),
  venues: Type.Integer({ description: 'fresh perpetual listings counted' }),
});

const Day = Type.Object({
  date: Type.String({ format: 'date', description: 'UTC day' }),
  fundingRate8h: Funding8h,
  openInterestUsd: Nullable(Type.Number({ description: "total open interest at the day's end (today: the latest hour), USD" })),
  venues: Type.Integer({ description: 'perpetual listings with data that day' }),
});

const Hour = Type.Object({
  ts: Type.String({ format: 'date-time', description: 'start of the hour' }),
  fundingRate: Nullable(Type.Number({ description: "mean over the hour, per the venue's own funding interval" })),
  fundingRate8h: Funding8h,
  openInterestUsd: Nullable(Type.Number({ description: "at the hour's end, USD" })),
});

const VenueSeries = Type.Object({
  listingId: Type.Integer(),
  venue: Type.String(),
  fundingIntervalHours: Type.Integer(),
  hourly: Type.Array(Hour, { description: 'where hourly history exists (imported history may be daily only)' }),
});

const Derivatives = Type.Object({
  instrument: EntityRef,
  from: Type.String({ format: 'date-time' }),
  current: Current,
  daily: Type.Array(Day),
  perVenue: Type.Optional(Type.Array(VenueSeries, { description: 'only with perVenue=true' })),
});

export function derivativesRoutes(market: () => MarketState, db: () => Db): Route[] {
  // The stored series change only as venue quotes are written (every few seconds): they are re-read at most that often.
  const stored = new AnswerCache<Buffer>(SERIES_KEPT, every(SERIES_FRESH_MS));
  return [
    defineRoute({
      path: '/v1/instruments/:symbol/derivatives',
      summary: 'Funding and open interest history across the perpetual listings of an instrument',
      description:
        'Daily funding is the mean of each listing over the UTC day, normalized to 8 hours and weighted by its open ' +
        'interest; open interest is the total at the end of the day. An instrument without perpetuals has empty series.',
      tags: ['instruments'],
      auth: true,
      errors: ['not_found'],
      params: Type.Object({ symbol: Type.String({ minLength: 1, maxLength: 120 }) }),
      query: Type.Object({
        from: Type.Optional(
          Type.String({ maxLength: 40, pattern: DATE_OR_TIMESTAMP_PATTERN, default: DEFAULT_FROM, description: 'YYYY-MM-DD or ISO timestamp' }),
        ),
        perVenue: Type.Optional(Type.Boolean({ default: false, description: "add each perpetual listing's hourly series (large)" })),
      }),
      response: Single(Derivatives),
      handler: async ({ params, query }) => {
        const s = market();
        const i = s.require(params.symbol);
        const from = parseInstant(query.from ?? DEFAULT_FROM);
        if (!from) throw validationError([{ in: 'query', param: 'from', message: 'is not a valid date' }]);
        // Days are whole: a `from` inside a day starts the daily series at that day.
        const fromDay = from.ms - (from.ms % DAY_MS);
        const perVenueFrom = query.perVenue ? from.ms : null;
        const series = await stored.get(`${i} ${fromDay} ${perVenueFrom}`, () => readSeries(db(), s, i, fromDay, perVenueFrom));
        const now = s.derivativesNow(i);
        // The stored series go out as the bytes kept, between a head built for this answer and the closing braces.
        const head =
          `{"data":{"instrument":${JSON.stringify(instrumentRef(s.instruments[i]!))},"from":"${new Date(from.ms).toISOString()}",` +
          `"current":{"fundingRate8h":${jsonNumber(now.fundingRate8h ?? NaN)},"openInterestUsd":${jsonNumber(now.openInterestUsd ?? NaN)},"venues":${now.venues}},`;
        return new RawJson([Buffer.from(head), series, CLOSE]);
      },
    }),
  ];
}

/**
 * The stored part of the answer as JSON members: `"daily":[...]`, and with `perVenueFrom` each perpetual's hourly
 * series from then. Shared by concurrent requests, so it is not stopped when one of them leaves.
 */
async function readSeries(db: Db, s: MarketState, i: number, fromDay: number, perVenueFrom: number | null): Promise<Buffer> {
  const perps = s.listings.slice(s.offsets[i]!, s.offsets[i + 1]!).filter((l) => l.fundingIntervalHours);
  const days = await db.columns('derivativesDaily', [perps.map((l) => l.id), new Date(fromDay)], ['day', 'funding_8h', 'oi', 'venues']);
  const daily: string[] = [];
  const c = days.columns;
  for (let k = 0; k < days.length; k++) {
    const date = new Date(c.day[k]!).toISOString().slice(0, 10);
    daily.push(`{"date":"${date}","fundingRate8h":${jsonNumber(c.funding_8h[k]!)},"openInterestUsd":${jsonNumber(c.oi[k]!)},"venues":${c.venues[k]!}}`);
  }
  const hourly = perVenueFrom === null ? '' : `,"perVenue":[${await perVenue(db, perps, perVenueFrom)}]`;
  return Buffer.from(`"daily":[${daily.join(',')}]${hourly}`);
}

/** Each listing's hourly series as JSON, in the order of `perps`. */
async function perVenue(db: Db, perps: MarketState['listings'], fromMs: number): Promise<string> {
  const { length, columns: c } = await db.columns(
    'derivativesHourly',
    [perps.map((l) => l.id), new Date(fromMs)],
    ['listing_id', 'ts', 'funding_rate', 'open_interest_usd'],
  );
  const series = new Map(perps.map((l) => [l.id, { perHour: 8 / l.fundingIntervalHours!, hours: [] as string[] }]));
  for (let k = 0; k < length; k++) {
    const { perHour, hours } = series.get(c.listing_id[k]!)!;
    const rate = c.funding_rate[k]!;
    hours.push(
      `{"ts":"${new Date(c.ts[k]!).toISOString()}","fundingRate":${jsonNumber(rate)},"fundingRate8h":${jsonNumber(rate * perHour)},"openInterestUsd":${jsonNumber(c.open_interest_usd[k]!)}}`,
    );
  }
  return perps
    .map((l) => `{"listingId":${l.id},"venue":${JSON.stringify(l.venue)},"fundingIntervalHours":${l.fundingIntervalHours},"hourly":[${series.get(l.id)!.hours.join(',')}]}`)
    .join(',');
}
