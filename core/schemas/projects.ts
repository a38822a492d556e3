// Projects: what a company is building, how far along (stage) and against its plan (status), its KPIs and milestones,
// each sourced; the summary lists show and the detail of one.
import { type Static, Type } from '@sinclair/typebox';
import { MILESTONE_STATUSES, PRECISIONS, PROJECT_STAGES, PROJECT_STATUSES } from '../vocabulary.js';
import { EntityRef, Nullable, StringEnum } from './common.js';
import { Event } from './events.js';

/** Stories about a project shown with it, newest first. */
export const PROJECT_EVENTS = 20;

const Day = (description: string) => Nullable(Type.String({ format: 'date', description }));

export const Kpi = Type.Object({
  name: Type.String(),
  value: Type.Number(),
  unit: Type.String({ description: 'what value counts: USD, %, units, GW, ...' }),
  asOf: Type.String({ format: 'date' }),
  sourceUrl: Type.String({ description: 'where the figure was reported' }),
});

export const Milestone = Type.Object({
  name: Type.String(),
  status: StringEnum(MILESTONE_STATUSES),
  plannedFor: Day('when it was first planned for: the start of the period plannedPrecision names'),
  plannedPrecision: StringEnum(PRECISIONS, {
    description: 'how exactly plannedFor was given: day, month, quarter, year',
  }),
  doneOn: Day('when it was reached; null unless done'),
  expectedFor: Day('for a slipped milestone, when it is expected now (null when not said)'),
  sourceUrl: Type.String({ description: 'where its status was reported' }),
});
export type Milestone = Static<typeof Milestone>;

export const ProjectFields = {
  type: Type.Literal('project'),
  key: Type.String({ description: 'company/project' }),
  label: Type.String(),
  path: Nullable(Type.String()),
  company: EntityRef,
  slug: Type.String(),
  name: Type.String(),
  goal: Type.String(),
  stage: StringEnum(PROJECT_STAGES, { description: 'how far along it is' }),
  status: StringEnum(PROJECT_STATUSES, { description: 'where it stands against its own plan' }),
  nextMilestone: Nullable({
    ...Milestone,
    description: 'the next milestone not done yet (planned or slipped), soonest first',
  }),
  sourceUrl: Nullable(Type.String({ description: 'where it was announced or last described' })),
};
export const ProjectSummary = Type.Object(ProjectFields);
export type ProjectSummary = Static<typeof ProjectSummary>;

/** A project with its figures and plan: as a company's detail lists its projects. */
export const ProjectWithPlan = Type.Object({
  ...ProjectFields,
  kpis: Type.Array(Kpi),
  milestones: Type.Array(Milestone, { description: 'in plan order: done, then those still to come' }),
});
export type ProjectWithPlan = Static<typeof ProjectWithPlan>;

export const ProjectDetail = Type.Object({
  ...ProjectWithPlan.properties,
  events: Type.Array(Event, { description: `stories about the project, newest first (at most ${PROJECT_EVENTS})` }),
  siblings: Type.Array(ProjectSummary, { description: "the company's other projects" }),
});
export type ProjectDetail = Static<typeof ProjectDetail>;

export const ProjectListQuery = Type.Object({
  company: Type.Optional(Type.String({ minLength: 1, maxLength: 80, description: 'a company slug or ticker' })),
  stage: Type.Optional(Type.String({ maxLength: 500, description: `comma-separated: ${PROJECT_STAGES.join(', ')}` })),
});
export type ProjectListQuery = Static<typeof ProjectListQuery>;

const Name = (description: string) => Type.String({ minLength: 1, maxLength: 120, description });
export const ProjectParams = Type.Object({
  company: Name('company slug or ticker, any case'),
  project: Name('project slug, any case'),
});
