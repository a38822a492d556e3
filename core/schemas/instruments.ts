// Instruments: the summary every list shows, each venue listing's state, and the detail of one instrument.
import { type Static, Type } from '@sinclair/typebox';
import { INSTRUMENT_KINDS, MARKETS, VENUE_OUT_REASONS } from '../vocabulary.js';
import { EntityRef, Nullable, StringEnum } from './common.js';

const NullableNumber = Nullable(Type.Number());

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
  priceTs: Nullable(Type.String({ format: 'date-time' })),
  priceLabel: Type.String({
    description:
      'how to label the price: pooled prices read "<SYMBOL> · 24/7 (venues)"; the latest official close of an instrument no venue quotes names its source ("GOOGL · official close (Stooq)")',
  }),
};
export const InstrumentSummary = Type.Object(SummaryFields);
export type InstrumentSummary = Static<typeof InstrumentSummary>;

export const Venue = Type.Object({
  listingId: Type.Integer({ description: 'pass to /v1/instruments/{symbol}/listings/{listingId}/candles' }),
  venue: Type.String(),
  market: StringEnum(MARKETS),
  venueSymbol: Type.String(),
  price: NullableNumber,
  deviationPct: Nullable(Type.Number({ description: 'distance from the pooled price, in percent' })),
  staleSeconds: Nullable(Type.Number({ description: 'age of the venue quote' })),
  inPool: Type.Boolean(),
  reason: Nullable(
    StringEnum(VENUE_OUT_REASONS, {
      description:
        'why the venue is out of the pool, null when in: stale (its last quote is older than POOL_STALE_S), outlier (more than 2% from the median, or no price), no_volume, down (no quote since the service started: its venue never connected)',
    }),
  ),
  volume24hUsd: NullableNumber,
  openInterestUsd: NullableNumber,
  fundingRatePct: Nullable(
    Type.Number({ description: "funding per the venue's own interval, in percent (0.01 = 0.01%)" }),
  ),
  fundingIntervalHours: Nullable(Type.Integer()),
});
export type Venue = Static<typeof Venue>;

export const InstrumentDetail = Type.Object({
  ...SummaryFields,
  confidence: Type.Object(
    { low: NullableNumber, high: NullableNumber },
    { description: 'volume-weighted 25th to 75th percentile of the venues in the pool' },
  ),
  venuesInPool: Type.Integer(),
  volume24hUsd: Nullable(Type.Number({ description: '24h volume of the venues in the pool, USD' })),
  openInterestUsd: Nullable(Type.Number({ description: 'total open interest of fresh perpetual listings, USD' })),
  fundingRate8hPct: Nullable(
    Type.Number({
      description: 'open-interest-weighted funding of fresh perpetuals, per 8 hours, in percent (0.01 = 0.01%)',
    }),
  ),
  venues: Type.Array(Venue),
});
export type InstrumentDetail = Static<typeof InstrumentDetail>;

export const InstrumentListQuery = Type.Object({ kind: Type.Optional(StringEnum(INSTRUMENT_KINDS)) });

export const SymbolParam = Type.String({ minLength: 1, maxLength: 120, description: 'case-insensitive' });
