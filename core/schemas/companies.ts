// Companies: the covered ones with their sector and price, and one company's profile with its instruments, people,
// segments, projects and peers.
import { type Static, Type } from '@sinclair/typebox';
import { EntityRef, Nullable } from './common.js';
import { InstrumentSummary } from './instruments.js';
import { Role } from './people.js';
import { ProjectWithPlan } from './projects.js';

const Text = (description?: string) => Nullable(Type.String(description ? { description } : {}));

export const CompanyFields = {
  type: Type.Literal('company'),
  key: Type.String({ description: 'the slug' }),
  label: Type.String(),
  path: Nullable(Type.String()),
  slug: Type.String(),
  name: Type.String(),
  tickers: Type.Array(Type.String(), { description: 'exchange tickers, the primary one first' }),
  sector: Nullable(EntityRef),
  industry: Text(),
  primaryInstrument: Nullable({
    ...InstrumentSummary,
    description: 'the instrument that quotes it, with its latest pooled price and change',
  }),
};
export const CompanySummary = Type.Object(CompanyFields);
export type CompanySummary = Static<typeof CompanySummary>;

export const Segment = Type.Object({
  name: Type.String(),
  revenueSharePct: Nullable(Type.Number({ description: "share of the company's revenue, percent" })),
  description: Text(),
  asOf: Nullable(Type.String({ format: 'date', description: 'end of the period the share is for' })),
  sourceUrl: Text('where the share was reported'),
});

export const Peer = Type.Object({
  company: EntityRef,
  why: Type.String({ description: "why they compare, in the service's own words" }),
  primaryInstrument: Nullable(InstrumentSummary),
});

export const CompanyPerson = Type.Object({ person: EntityRef, ...Role.properties });

export const CompanyDetail = Type.Object({
  ...CompanyFields,
  legalName: Text(),
  cik: Text('SEC Central Index Key, 10 digits'),
  country: Text('ISO 3166-1 alpha-2 country of its headquarters'),
  fiscalYearEndMonth: Nullable(Type.Integer({ minimum: 1, maximum: 12 })),
  description: Text("in the service's own words"),
  website: Text(),
  employees: Nullable(Type.Integer()),
  employeesAsOf: Nullable(Type.String({ format: 'date' })),
  sourceUrl: Text('where the profile facts (legal name, fiscal year, head count) were read'),
  source: Type.String({ description: 'the source that wrote the profile (demo, profiles, ...)' }),
  updatedAt: Type.String({ format: 'date-time' }),
  instruments: Type.Array(InstrumentSummary),
  people: Type.Array(CompanyPerson, { description: 'its executives and directors, current roles first' }),
  segments: Type.Array(Segment),
  projects: Type.Array(ProjectWithPlan),
  peers: Type.Array(Peer),
});
export type CompanyDetail = Static<typeof CompanyDetail>;

export const CompanyParams = Type.Object({
  company: Type.String({ minLength: 1, maxLength: 120, description: 'slug or ticker, any case' }),
});
