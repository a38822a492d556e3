// Candles of the pooled price and of one venue listing, and the query both take.
import { type Static, Type } from '@sinclair/typebox';
import { DATE_OR_TIMESTAMP_PATTERN } from '../time.js';
import { CANDLE_INTERVALS } from '../vocabulary.js';
import { EntityRef, Nullable, StringEnum } from './common.js';
import { SymbolParam } from './instruments.js';

export const Candle = Type.Object({
  ts: Type.String({ format: 'date-time', description: 'open time of the bar' }),
  open: Type.Number(),
  high: Type.Number(),
  low: Type.Number(),
  close: Type.Number(),
  volumeUsd: Nullable(Type.Number()),
  venues: Type.Optional(Type.Integer({ description: 'venues in the pool during the bar' })),
  origin: Type.Optional(
    Type.String({
      description:
        'present when the bar is not pooled from 24/7 venues: the official source it is (for example "official close (Stooq)", an exchange close); ' +
        'a series may hold both where imported closes and venue bars meet',
    }),
  ),
});
export type Candle = Static<typeof Candle>;

export const CandleSeries = Type.Object({
  instrument: EntityRef,
  interval: StringEnum(CANDLE_INTERVALS),
  count: Type.Integer(),
  availableFrom: Nullable(
    Type.String({
      format: 'date-time',
      description: 'where the held history of this series at this interval starts; null when none is held',
    }),
  ),
  notice: Type.Optional(
    Type.String({
      description:
        'present when `from` is before availableFrom: the answer starts later than asked, as nothing earlier is held',
    }),
  ),
  candles: Type.Array(Candle),
});
export type CandleSeries = Static<typeof CandleSeries>;

const DateParam = (description: string) =>
  Type.Optional(Type.String({ maxLength: 40, pattern: DATE_OR_TIMESTAMP_PATTERN, description }));

export const CandleQuery = Type.Object({
  interval: Type.Optional(StringEnum(CANDLE_INTERVALS, { default: '1d' })),
  from: DateParam('YYYY-MM-DD or ISO timestamp; default lookback 1m = 24h, 1h = 30 days, 1d = all'),
  to: DateParam('YYYY-MM-DD (the whole day) or ISO timestamp; default now'),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20000, default: 5000 })),
});
export type CandleQuery = Static<typeof CandleQuery>;

export const CandleParams = Type.Object({ symbol: SymbolParam });
export const ListingCandleParams = Type.Object({
  symbol: SymbolParam,
  listingId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});
