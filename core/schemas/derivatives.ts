// Funding and open interest of an instrument's perpetual listings: now, per UTC day, and per venue per hour.
import { type Static, Type } from '@sinclair/typebox';
import { DATE_OR_TIMESTAMP_PATTERN } from '../time.js';
import { EntityRef, Nullable } from './common.js';
import { SymbolParam } from './instruments.js';

/** Where the daily series starts when the query names no `from`. */
export const DERIVATIVES_DEFAULT_FROM = '2026-01-01';

const Funding8hPct = Nullable(
  Type.Number({
    description: 'funding per 8 hours, in percent (0.01 = 0.01%); a venue paying hourly counts 8 times its rate',
  }),
);

export const DerivativesNow = Type.Object({
  fundingRate8hPct: Funding8hPct,
  openInterestUsd: Nullable(Type.Number({ description: 'total open interest of the fresh perpetual listings, USD' })),
  venues: Type.Integer({ description: 'fresh perpetual listings counted' }),
});
export type DerivativesNow = Static<typeof DerivativesNow>;

export const DerivativesDay = Type.Object({
  date: Type.String({ format: 'date', description: 'UTC day' }),
  fundingRate8hPct: Funding8hPct,
  openInterestUsd: Nullable(
    Type.Number({ description: "total open interest at the day's end (today: the latest hour), USD" }),
  ),
  venues: Type.Integer({ description: 'perpetual listings with data that day' }),
});
export type DerivativesDay = Static<typeof DerivativesDay>;

export const DerivativesHour = Type.Object({
  ts: Type.String({ format: 'date-time', description: 'start of the hour' }),
  fundingRatePct: Nullable(
    Type.Number({ description: "mean over the hour, per the venue's own funding interval, in percent" }),
  ),
  fundingRate8hPct: Funding8hPct,
  openInterestUsd: Nullable(Type.Number({ description: "at the hour's end, USD" })),
});
export type DerivativesHour = Static<typeof DerivativesHour>;

export const VenueDerivatives = Type.Object({
  listingId: Type.Integer(),
  venue: Type.String(),
  fundingIntervalHours: Type.Integer(),
  hourly: Type.Array(DerivativesHour, {
    description: 'where hourly history exists (imported history may be daily only)',
  }),
});
export type VenueDerivatives = Static<typeof VenueDerivatives>;

export const Derivatives = Type.Object({
  instrument: EntityRef,
  from: Type.String({ format: 'date-time' }),
  availableFrom: Nullable(
    Type.String({
      format: 'date',
      description: 'the first day of funding or open interest held for its perpetuals; null when none is held',
    }),
  ),
  notice: Type.Optional(
    Type.String({
      description: 'present when `from` is before availableFrom: the daily series starts later than asked',
    }),
  ),
  current: DerivativesNow,
  daily: Type.Array(DerivativesDay),
  perVenue: Type.Optional(Type.Array(VenueDerivatives, { description: 'only with perVenue=true' })),
});
export type Derivatives = Static<typeof Derivatives>;

export const DerivativesParams = Type.Object({ symbol: SymbolParam });
export const DerivativesQuery = Type.Object({
  from: Type.Optional(
    Type.String({
      maxLength: 40,
      pattern: DATE_OR_TIMESTAMP_PATTERN,
      default: DERIVATIVES_DEFAULT_FROM,
      description: 'YYYY-MM-DD or ISO timestamp',
    }),
  ),
  perVenue: Type.Optional(
    Type.Boolean({ default: false, description: "add each perpetual listing's hourly series (large)" }),
  ),
});
export type DerivativesQuery = Static<typeof DerivativesQuery>;
