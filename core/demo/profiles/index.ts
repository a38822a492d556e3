// The demo's reference data in the profiles format, with every date placed from the demo's anchor, and the news it
// implies: each milestone reached or pushed back and each appointment inside the history is a story, and each
// milestone still to come is on the calendar. Sources are the companies' (invented) investor pages on .example hosts.
import { companyRef, instrumentRef, macroRef, personRef, projectRef, type Ref } from '../../refs.js';
import { PROFILES_FEED, type ProfilesPayload } from '../../sources/profiles/read.js';
import type { CompanyRecord, MilestoneRecord, PersonRecord, ProjectRecord } from '../../sources/records.js';
import { DAY_MS, MONTH_NAMES } from '../../time.js';
import type { EventKind } from '../../vocabulary.js';
import { hash32 } from '../history.js';
import { DEMO_INSTRUMENTS } from '../universe.js';
import { DEMO_PROFILES, DEMO_SECTORS } from './companies.js';
import { CENTRAL_BANK, DEMO_PEOPLE, type DemoPerson, type DemoRole } from './people.js';
import { DEMO_PROJECTS, type DemoMilestone, type DemoProject, type PlanPrecision } from './projects.js';

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** 00:00 UTC on the first of the month `offset` months from the anchor's. */
function monthStart(anchorMs: number, offset: number): number {
  const d = new Date(anchorMs);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1);
}

/** The start of the period of `precision` holding the month `offset` months from the anchor's. */
function periodStart(anchorMs: number, offset: number, precision: PlanPrecision): number {
  const d = new Date(monthStart(anchorMs, offset));
  if (precision === 'quarter') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - (d.getUTCMonth() % 3), 1);
  if (precision === 'year') return Date.UTC(d.getUTCFullYear(), 0, 1);
  return d.getTime();
}

/** How a period reads in a sentence: "March 2027", "Q3 2027", "2028". */
function periodLabel(ms: number, precision: PlanPrecision): string {
  const d = new Date(ms);
  if (precision === 'quarter') return `Q${Math.floor(d.getUTCMonth() / 3) + 1} ${d.getUTCFullYear()}`;
  if (precision === 'year') return String(d.getUTCFullYear());
  return `${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** A weekday of the month `offset` months from the anchor's, the same for the same `salt`: when news of it broke. */
function dayIn(anchorMs: number, offset: number, salt: string): number {
  let t = monthStart(anchorMs, offset) + (2 + (hash32(salt) % 20)) * DAY_MS;
  while ([0, 6].includes(new Date(t).getUTCDay())) t += DAY_MS;
  return t;
}

/** The end of the last fiscal year ended before the anchor, for a year ending in `month` (1-12). */
function fiscalYearEnd(anchorMs: number, month: number): number {
  const d = new Date(anchorMs);
  let end = Date.UTC(d.getUTCFullYear(), month, 0);
  if (end >= anchorMs) end = Date.UTC(d.getUTCFullYear() - 1, month, 0);
  return end;
}

/** The end of the last calendar quarter before the anchor: what KPIs are reported as of. */
function quarterEnd(anchorMs: number): number {
  const d = new Date(anchorMs);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - (d.getUTCMonth() % 3), 0);
}

const ir = (company: string) => `https://ir.${company}.example`;
const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
const lowerFirst = (text: string) => text[0]!.toLowerCase() + text.slice(1);

function company(p: (typeof DEMO_PROFILES)[number], anchorMs: number): Omit<CompanyRecord, 'source' | 'sourceKey'> {
  const fyEnd = iso(fiscalYearEnd(anchorMs, p.fiscalYearEndMonth!));
  const report = `https://filings.example/${p.cik}/annual-report-${fyEnd.slice(0, 4)}`;
  return {
    ...p,
    employeesAsOf: fyEnd,
    sourceUrl: report,
    segments: p.segments.map((s) => ({ ...s, asOf: fyEnd, sourceUrl: report })),
  };
}

/** The day a role was taken up, `months` before the anchor. */
function handover(anchorMs: number, role: DemoRole, months: number): number {
  return dayIn(anchorMs, -months, `${role.company ?? role.institution}/${role.title}`);
}

/**
 * The last day of a role that ended: the day before its successor's first (someone taking the same title there, or the
 * same person's next role there), so one day is never held twice.
 */
function lastDay(anchorMs: number, person: DemoPerson, role: DemoRole): string | null {
  if (role.untilMonths === undefined) return null;
  const org = (r: DemoRole) => r.company ?? r.institution;
  const next =
    DEMO_PEOPLE.flatMap((p) => p.roles).find(
      (r) => r !== role && r.title === role.title && org(r) === org(role) && r.sinceMonths === role.untilMonths,
    ) ?? person.roles.find((r) => r !== role && org(r) === org(role) && r.sinceMonths === role.untilMonths);
  return iso(handover(anchorMs, next ?? role, role.untilMonths) - DAY_MS);
}

function roleSource(person: DemoPerson, role: DemoRole, anchorMs: number): string {
  const day = iso(handover(anchorMs, role, role.sinceMonths));
  return role.company
    ? `${ir(role.company)}/news/${day}-${person.slug}-appointed`
    : `https://centralbank.example/board/${person.slug}`;
}

function person(p: DemoPerson, anchorMs: number): Omit<PersonRecord, 'source' | 'sourceKey'> {
  return {
    slug: p.slug,
    name: p.name,
    kind: p.kind,
    summary: p.summary,
    roles: p.roles.map((r) => ({
      title: r.title,
      company: r.company ?? null,
      institution: r.institution ?? null,
      since: iso(handover(anchorMs, r, r.sinceMonths)),
      until: lastDay(anchorMs, p, r),
      sourceUrl: roleSource(p, r, anchorMs),
    })),
  };
}

/** A milestone with its dates placed, and the day its news broke (reached or pushed back), if it did. */
function milestone(p: DemoProject, m: DemoMilestone, anchorMs: number): MilestoneRecord & { newsAt: number | null } {
  const precision = 'precision' in m && m.precision ? m.precision : 'month';
  const salt = `${p.company}/${p.slug}/${m.name}`;
  const source = (at: number) => `${ir(p.company)}/news/${iso(at)}-${p.slug}-${slugOf(m.name)}`;
  if ('done' in m) {
    const at = dayIn(anchorMs, m.done, salt);
    return {
      name: m.name,
      status: 'done',
      plannedFor: iso(periodStart(anchorMs, m.planned ?? m.done, precision)),
      plannedPrecision: precision,
      doneOn: iso(at),
      expectedFor: null,
      sourceUrl: source(at),
      newsAt: at,
    };
  }
  const plannedFor = iso(periodStart(anchorMs, m.planned, m.precision));
  if ('announced' in m) {
    const at = dayIn(anchorMs, m.announced, salt);
    const expectedFor = m.expected === undefined ? null : iso(periodStart(anchorMs, m.expected, m.precision));
    return {
      name: m.name,
      status: 'slipped',
      plannedFor,
      plannedPrecision: m.precision,
      doneOn: null,
      expectedFor,
      sourceUrl: source(at),
      newsAt: at,
    };
  }
  return {
    name: m.name,
    status: 'planned',
    plannedFor,
    plannedPrecision: m.precision,
    doneOn: null,
    expectedFor: null,
    sourceUrl: `${ir(p.company)}/projects/${p.slug}`,
    newsAt: null,
  };
}

function project(p: DemoProject, anchorMs: number): Omit<ProjectRecord, 'source' | 'sourceKey'> {
  const asOf = iso(quarterEnd(anchorMs));
  const results = `${ir(p.company)}/results/${asOf}`;
  return {
    company: p.company,
    slug: p.slug,
    name: p.name,
    goal: p.goal,
    stage: p.stage,
    status: p.status,
    sourceUrl: `${ir(p.company)}/projects/${p.slug}`,
    kpis: p.kpis.map((k) => ({ ...k, asOf, sourceUrl: results })),
    milestones: p.milestones.map((m) => {
      const { newsAt: _, ...record } = milestone(p, m, anchorMs);
      return record;
    }),
  };
}

/** The demo's sectors, companies, people and projects as of `anchorMs`, in the profiles format. */
export function demoProfiles(anchorMs: number): ProfilesPayload {
  return {
    feed: PROFILES_FEED,
    sectors: DEMO_SECTORS,
    companies: DEMO_PROFILES.map((p) => company(p, anchorMs)),
    people: DEMO_PEOPLE.map((p) => person(p, anchorMs)),
    projects: DEMO_PROJECTS.map((p) => project(p, anchorMs)),
  };
}

/**
 * The person who held a title matching `title` at a company (slug) or an institution (name) on the day of `atMs`, as
 * the demo's reference data dates their roles; null when the data names nobody then. Stories that quote an executive
 * or a central banker name them through this, so what they say and what the people endpoints list agree.
 */
export function holderAt(anchorMs: number, org: string, title: RegExp, atMs: number): Ref | null {
  const day = iso(atMs);
  for (const p of DEMO_PEOPLE) {
    const { roles } = person(p, anchorMs);
    const held = roles.some(
      (r) =>
        (r.company ?? r.institution) === org &&
        title.test(r.title) &&
        r.since! <= day &&
        (r.until === null || r.until >= day),
    );
    if (held) return personRef(p.slug, p.name);
  }
  return null;
}

/** A story the reference data implies, before the story gives it its id and its wire address. */
export interface ProfileStory {
  kind: EventKind;
  occurredAt: number;
  headline: string;
  summary: string;
  points: string[];
  importance: number;
  entities: Ref[];
}

/** A milestone still to come, as the calendar lists it. */
export interface ProfileCatalyst {
  key: string;
  title: string;
  expectedAt: number;
  precision: PlanPrecision;
  description: string;
  sourceUrl: string;
  entities: Ref[];
}

const names = new Map(DEMO_PROFILES.map((p) => [p.slug, p.name]));
const stockOf = new Map(DEMO_INSTRUMENTS.filter((i) => i.kind === 'stock' && i.company).map((i) => [i.company!, i]));

/** A company's own references: the company, its share (when the demo quotes one) and what else the story is about. */
function about(slug: string, ...more: Ref[]): Ref[] {
  const stock = stockOf.get(slug);
  return [companyRef(slug, names.get(slug)), ...(stock ? [instrumentRef(stock)] : []), ...more];
}

/**
 * The stories of milestones reached or pushed back and of appointments between `startMs` and `anchorMs`, and the
 * calendar entries of milestones still to come. Time of day: 12:30 UTC, when companies' morning releases cross.
 */
export function demoProfileNews(
  startMs: number,
  anchorMs: number,
): { stories: ProfileStory[]; catalysts: ProfileCatalyst[] } {
  const stories: ProfileStory[] = [];
  const catalysts: ProfileCatalyst[] = [];
  const within = (at: number) => at >= startMs && at < anchorMs;
  for (const p of DEMO_PROJECTS) {
    const who = names.get(p.company)!;
    const ref = projectRef(`${p.company}/${p.slug}`, p.name);
    for (const m of p.milestones) {
      const placed = milestone(p, m, anchorMs);
      const at = placed.newsAt === null ? null : placed.newsAt + 12.5 * 3_600_000;
      const importance = 45 + (hash32(placed.sourceUrl) % 10);
      if (placed.status === 'done' && at !== null && within(at)) {
        const late = placed.plannedFor !== null && placed.plannedFor.slice(0, 7) < placed.doneOn!.slice(0, 7);
        stories.push({
          kind: 'project_milestone',
          occurredAt: at,
          headline: `${who}: ${lowerFirst(m.name)}`,
          summary: `${who} said it reached a milestone of its ${lowerFirst(p.name)} project: ${lowerFirst(m.name)}${late ? ', later than first planned' : ', as planned'}. ${p.goal}`,
          points: [
            `${p.name}: ${lowerFirst(m.name)}`,
            late
              ? `Planned for ${periodLabel(Date.parse(placed.plannedFor!), placed.plannedPrecision as PlanPrecision)}`
              : 'On schedule',
          ],
          importance,
          entities: about(p.company, ref),
        });
      } else if (placed.status === 'slipped' && at !== null && within(at)) {
        const planned = periodLabel(Date.parse(placed.plannedFor!), placed.plannedPrecision as PlanPrecision);
        const expected =
          placed.expectedFor === null
            ? null
            : periodLabel(Date.parse(placed.expectedFor), placed.plannedPrecision as PlanPrecision);
        stories.push({
          kind: 'project_milestone',
          occurredAt: at,
          headline: `${who} pushes back ${lowerFirst(m.name)}${expected ? ` to ${expected}` : ''}`,
          summary: `${who} said ${lowerFirst(m.name)}, part of its ${lowerFirst(p.name)} project and planned for ${planned}, ${expected ? `is now expected in ${expected}` : 'will come later than planned, without giving a new date'}.`,
          points: [`Was planned for ${planned}`, expected ? `Now expected in ${expected}` : 'No new date given'],
          importance,
          entities: about(p.company, ref),
        });
      }
      const due =
        placed.status === 'planned' ? placed.plannedFor : placed.status === 'slipped' ? placed.expectedFor : null;
      if (due !== null && Date.parse(due) >= anchorMs) {
        catalysts.push({
          key: `milestone-${p.company}-${p.slug}-${slugOf(m.name)}`,
          title: `${who}: ${lowerFirst(m.name)}`,
          expectedAt: Date.parse(due),
          precision: placed.plannedPrecision as PlanPrecision,
          description: `A milestone of ${who}'s ${lowerFirst(p.name)} project${placed.status === 'slipped' ? ', pushed back once' : ''}. Dated to the ${placed.plannedPrecision} only.`,
          sourceUrl: placed.sourceUrl,
          entities: about(p.company, ref),
        });
      }
    }
  }
  for (const p of DEMO_PEOPLE) stories.push(...appointments(p, anchorMs).filter((s) => within(s.occurredAt)));
  return { stories, catalysts };
}

/** A story for each role `p` took up, naming whom they succeed when the same title ended that month. */
function appointments(p: DemoPerson, anchorMs: number): ProfileStory[] {
  return p.roles.map((r) => {
    const at = handover(anchorMs, r, r.sinceMonths) + 13 * 3_600_000;
    const title = lowerFirst(r.title);
    if (r.institution) {
      return {
        kind: 'news',
        occurredAt: at,
        headline: `${p.name} takes office as ${title} of the ${CENTRAL_BANK}`,
        summary: `${p.name} was sworn in as ${title} of the ${CENTRAL_BANK} and joins the committee that sets the policy rate. ${p.summary}`,
        points: [`${p.name}: ${title}`],
        importance: 40 + (hash32(p.slug) % 10),
        entities: [personRef(p.slug, p.name), macroRef('fed-funds-rate', 'Federal funds target rate')],
      };
    }
    const predecessor = DEMO_PEOPLE.find(
      (q) =>
        q !== p &&
        q.roles.some((o) => o.company === r.company && o.title === r.title && o.untilMonths === r.sinceMonths),
    );
    const who = names.get(r.company!)!;
    return {
      kind: 'management',
      occurredAt: at,
      headline: `${who} names ${p.name} ${title}${predecessor ? `, succeeding ${predecessor.name}` : ''}`,
      summary: `${who} appointed ${p.name} as ${title}${predecessor ? ` in place of ${predecessor.name}, who is leaving the company` : ''}. ${p.summary}`,
      points: [`${p.name}: ${title}`, ...(predecessor ? [`${predecessor.name} leaves`] : [])],
      importance: 40 + (hash32(p.slug) % 10),
      entities: about(
        r.company!,
        personRef(p.slug, p.name),
        ...(predecessor ? [personRef(predecessor.slug, predecessor.name)] : []),
      ),
    };
  });
}
