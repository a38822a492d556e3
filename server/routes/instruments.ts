// GET /v1/instruments and GET /v1/instruments/{symbol}: pooled prices and every venue listing, from hot state only.
import { Type } from '@sinclair/typebox';
import { finiteOrNull, IN_POOL } from '../../core/kernels/pool.js';
import { companyRef, instrumentRef } from '../../core/refs.js';
import { EntityRef, List, Nullable, Single, StringEnum, wholeList } from '../../core/schemas/common.js';
import { INSTRUMENT_KINDS, MARKETS, VENUE_OUT_REASONS } from '../../core/vocabulary.js';
import { defineRoute, type Route } from '../http/router.js';
import type { MarketState } from '../market/state.js';

const NullableNumber = Nullable(Type.Number());
const Timestamp = Type.String({ format: 'date-time' });

export const SummaryFields = {
  type: Type.Literal('instrument'),
  key: Type.String({ description: 'the symbol' }),
  label: Type.String(),
  path: Nullable(Type.String()),
  symbol: Type.String(),
  name: Type.String(),
  kind: StringEnum(INSTRUMENT_KINDS),
  currency: Type.String(),
  company: Nullable(EntityRef),
  price: NullableNumber,
  changePct: Nullable(Type.Number({ description: 'against the pooled close at the previous 00:00 UTC, in percent' })),
  priceTs: Nullable(Timestamp),
  priceLabel: Type.String({ description: 'how to label the price: pooled prices read "<SYMBOL> · 24/7 (venues)"' }),
};
const InstrumentSummary = Type.Object(SummaryFields);

export const Venue = Type.Object({
  listingId: Type.Integer({ description: 'pass to /v1/instruments/{symbol}/listings/{listingId}/candles' }),
  venue: Type.String(),
  market: StringEnum(MARKETS),
  venueSymbol: Type.String(),
  price: NullableNumber,
  deviationPct: Nullable(Type.Number({ description: 'distance from the pooled price, in percent' })),
  staleSeconds: Nullable(Type.Number({ description: 'age of the venue quote' })),
  inPool: Type.Boolean(),
  reason: Nullable(StringEnum(VENUE_OUT_REASONS, { description: 'why the venue is out of the pool; null when in' })),
  volume24hUsd: NullableNumber,
  openInterestUsd: NullableNumber,
  fundingRate: Nullable(Type.Number({ description: "per the venue's own funding interval, as a fraction" })),
  fundingIntervalHours: Nullable(Type.Integer()),
});

const InstrumentDetail = Type.Object({
  ...SummaryFields,
  confidence: Type.Object(
    { low: NullableNumber, high: NullableNumber },
    { description: 'volume-weighted 25th to 75th percentile of the venues in the pool' },
  ),
  venuesInPool: Type.Integer(),
  volume24hUsd: Nullable(Type.Number({ description: '24h volume of the venues in the pool, USD' })),
  openInterestUsd: Nullable(Type.Number({ description: 'total open interest of fresh perpetual listings, USD' })),
  fundingRate8h: Nullable(Type.Number({ description: 'open-interest-weighted funding of fresh perpetuals, per 8 hours, as a fraction' })),
  venues: Type.Array(Venue),
});

const Symbol = Type.Object({ symbol: Type.String({ minLength: 1, maxLength: 120, description: 'case-insensitive' }) });

/** The InstrumentSummary of instrument `i`: what every list of instruments shows. */
export function instrumentSummary(s: MarketState, i: number) {
  const inst = s.instruments[i]!;
  const price = finiteOrNull(s.pooled.price[i]!);
  return {
    ...instrumentRef(inst),
    symbol: inst.symbol,
    name: inst.name,
    kind: inst.kind,
    currency: inst.currency,
    company: inst.company ? companyRef(inst.company, inst.companyName) : null,
    price,
    changePct: s.changePct(i),
    priceTs: price === null ? null : new Date(s.priceTs[i]!).toISOString(),
    priceLabel: `${inst.symbol} · 24/7 (venues)`,
  };
}

export function instrumentRoutes(market: () => MarketState): Route[] {
  return [
    defineRoute({
      path: '/v1/instruments',
      summary: 'Every instrument with its pooled price and change since the previous UTC close',
      tags: ['instruments'],
      auth: true,
      query: Type.Object({ kind: Type.Optional(StringEnum(INSTRUMENT_KINDS)) }),
      response: List(InstrumentSummary),
      handler: ({ query, serialize }) => {
        const s = market();
        return s.cached(`instruments:${query.kind ?? ''}`, () => {
          const data = [];
          for (let i = 0; i < s.instruments.length; i++) if (!query.kind || s.instruments[i]!.kind === query.kind) data.push(instrumentSummary(s, i));
          return serialize(wholeList(data));
        });
      },
    }),
    defineRoute({
      path: '/v1/instruments/:symbol',
      summary: 'One instrument: pooled price, confidence band, open interest, funding, and every venue listing',
      description:
        'The pooled price is the volume-weighted median of the venues in the pool: fresh venues (quote younger than ' +
        'POOL_STALE_S) within 2% of the volume-weighted median of all fresh venues.',
      tags: ['instruments'],
      auth: true,
      errors: ['not_found'],
      params: Symbol,
      response: Single(InstrumentDetail),
      handler: ({ params, serialize }) => {
        const s = market();
        const i = s.require(params.symbol);
        return s.cached(`instrument:${i}`, () => serialize(detail(s, i)));
      },
    }),
  ];
}

/** Listing `j` as the instrument detail and the stream show it: its quote, its place in the pool, its derivatives. */
export function venueView(s: MarketState, j: number) {
  const l = s.listings[j]!;
  const reason = s.pooled.reason[j]!;
  return {
    listingId: l.id,
    venue: l.venue,
    market: l.market,
    venueSymbol: l.venueSymbol,
    price: Number.isNaN(s.ts[j]!) ? null : finiteOrNull(s.price[j]!),
    deviationPct: finiteOrNull(s.pooled.deviationPct[j]!),
    staleSeconds: finiteOrNull(s.pooled.staleS[j]!),
    inPool: reason === IN_POOL,
    reason: reason === IN_POOL ? null : VENUE_OUT_REASONS[reason - 1]!,
    volume24hUsd: finiteOrNull(s.volume24hUsd[j]!),
    openInterestUsd: finiteOrNull(s.openInterestUsd[j]!),
    fundingRate: finiteOrNull(s.fundingRate[j]!),
    fundingIntervalHours: l.fundingIntervalHours,
  };
}

/** The InstrumentDetail of instrument `i`. */
function detail(s: MarketState, i: number) {
  const { pooled } = s;
  let volume = 0;
  const venues = [];
  for (let j = s.offsets[i]!; j < s.offsets[i + 1]!; j++) {
    if (pooled.reason[j] === IN_POOL) volume += s.volume24hUsd[j]!;
    venues.push(venueView(s, j));
  }
  const { openInterestUsd, fundingRate8h } = s.derivativesNow(i);
  return {
    data: {
      ...instrumentSummary(s, i),
      confidence: { low: finiteOrNull(pooled.low[i]!), high: finiteOrNull(pooled.high[i]!) },
      venuesInPool: pooled.inPool[i]!,
      volume24hUsd: volume > 0 ? volume : null,
      openInterestUsd,
      fundingRate8h,
      venues,
    },
  };
}
