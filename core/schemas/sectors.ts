// Sectors: their member companies with prices, how they moved today on average, and their most important recent stories.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from './common.js';
import { CompanySummary } from './companies.js';
import { Event } from './events.js';

/** Stories of a sector's detail: the most important of this many days. */
export const SECTOR_EVENT_DAYS = 30;
export const SECTOR_EVENTS = 10;

export const SectorFields = {
  type: Type.Literal('sector'),
  key: Type.String({ description: 'the slug' }),
  label: Type.String(),
  path: Nullable(Type.String()),
  slug: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String({ description: "in the service's own words" })),
  companyCount: Type.Integer(),
  averageChangePct: Nullable(
    Type.Number({
      description:
        "mean of its companies' primary instruments' change against the previous 00:00 UTC close, percent; null without a price",
    }),
  ),
};
export const SectorSummary = Type.Object(SectorFields);
export type SectorSummary = Static<typeof SectorSummary>;

export const SectorDetail = Type.Object({
  ...SectorFields,
  companies: Type.Array(CompanySummary),
  events: Type.Array(Event, {
    description: `the most important stories about the sector or its companies of the last ${SECTOR_EVENT_DAYS} days (at most ${SECTOR_EVENTS})`,
  }),
});
export type SectorDetail = Static<typeof SectorDetail>;

export const SectorParams = Type.Object({
  slug: Type.String({ minLength: 1, maxLength: 120, description: 'any case' }),
});
