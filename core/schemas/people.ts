// People: executives, directors, founders and policymakers, with the roles they hold or held and the stories about them.
import { type Static, Type } from '@sinclair/typebox';
import { PERSON_KINDS } from '../vocabulary.js';
import { EntityRef, Nullable, StringEnum } from './common.js';
import { Event } from './events.js';
import { InsiderTrade } from './sec.js';

/** Stories about a person shown with them, newest first. */
export const PERSON_EVENTS = 20;
/** Insider trades shown on a person's page, newest first. */
export const PERSON_TRADES = 20;

export const Role = Type.Object({
  title: Type.String(),
  company: Nullable({ ...EntityRef, description: 'the company, when the role is at a company' }),
  institution: Nullable(
    Type.String({ description: 'the institution (a central bank), when the role is not at a company' }),
  ),
  since: Nullable(Type.String({ format: 'date' })),
  until: Nullable(Type.String({ format: 'date', description: 'null while the role is held' })),
  current: Type.Boolean(),
  sourceUrl: Nullable(Type.String()),
});
export type Role = Static<typeof Role>;

export const PersonFields = {
  type: Type.Literal('person'),
  key: Type.String({ description: 'the slug' }),
  label: Type.String(),
  path: Nullable(Type.String()),
  slug: Type.String(),
  name: Type.String(),
  kind: StringEnum(PERSON_KINDS),
  roles: Type.Array(Role, { description: 'current roles first, then past ones, most recent first' }),
};
export const PersonSummary = Type.Object(PersonFields);
export type PersonSummary = Static<typeof PersonSummary>;

export const PersonDetail = Type.Object({
  ...PersonFields,
  summary: Nullable(Type.String({ description: "in the service's own words" })),
  events: Type.Array(Event, { description: `stories about the person, newest first (at most ${PERSON_EVENTS})` }),
  insiderTrades: Type.Array(InsiderTrade, {
    description: `the person's trades reported on Forms 3/4/5, newest first (at most ${PERSON_TRADES}; more at /v1/insider-trades)`,
  }),
});
export type PersonDetail = Static<typeof PersonDetail>;

export const PersonParams = Type.Object({
  slug: Type.String({ minLength: 1, maxLength: 120, description: 'any case' }),
});
