// The profiles format: Tapewire's own JSON for reference data that no market feed carries (sectors, company profiles
// with segments and peers, people and their roles, projects with KPIs and milestones). Operators curate coverage in it;
// the demo writes its world in it. Each list item is one record, read whole or skipped with the reason.
import { MILESTONE_STATUSES, PERSON_KINDS, PRECISIONS, PROJECT_STAGES, PROJECT_STATUSES } from '../../vocabulary.js';
import { type Fields, ItemError, readItems } from '../fields.js';
import type {
  CompanyRecord,
  KpiRecord,
  MilestoneRecord,
  PersonRecord,
  ProjectRecord,
  RoleRecord,
  SectorRecord,
  SegmentRecord,
  SkippedItem,
} from '../records.js';

export const PROFILES_FEED = 'tapewire-profiles';

/** A payload of the format, as written: the records without their provenance, which the importing source gives. */
export interface ProfilesPayload {
  feed: typeof PROFILES_FEED;
  sectors?: Omit<SectorRecord, 'source' | 'sourceKey'>[];
  companies?: Omit<CompanyRecord, 'source' | 'sourceKey'>[];
  people?: Omit<PersonRecord, 'source' | 'sourceKey'>[];
  projects?: Omit<ProjectRecord, 'source' | 'sourceKey'>[];
}

const SYMBOL = /^[A-Za-z0-9._^=-]{1,20}$/;
/** Segment shares are rounded by whoever reports them: a sum a little over 100 is rounding, not an error. */
const SHARE_SUM_SLACK = 0.5;

type Parts = Pick<ProfilesPayload, 'sectors' | 'companies' | 'people' | 'projects'>;

/** The records of a profiles payload, each list item read whole or skipped with where it was and why. */
export function readProfiles(
  doc: Record<keyof Parts, unknown>,
  source: string,
): {
  sectors: SectorRecord[];
  companies: CompanyRecord[];
  people: PersonRecord[];
  projects: ProjectRecord[];
  skipped: SkippedItem[];
} {
  const skipped: SkippedItem[] = [];
  const each = <T>(name: keyof Parts, read: (f: Fields) => T): T[] => {
    const items = doc[name] ?? [];
    if (!Array.isArray(items)) {
      skipped.push({ item: name, reason: 'expected a list' });
      return [];
    }
    const out = readItems(items, name, read);
    skipped.push(...out.skipped);
    return out.records;
  };
  return {
    sectors: each('sectors', (f) => sector(f, source)),
    companies: each('companies', (f) => company(f, source)),
    people: each('people', (f) => person(f, source)),
    projects: each('projects', (f) => project(f, source)),
    skipped,
  };
}

function sector(f: Fields, source: string): SectorRecord {
  const slug = f.slug('slug');
  return { source, sourceKey: slug, slug, name: f.text('name', 120), description: f.optionalText('description', 2000) };
}

function company(f: Fields, source: string): CompanyRecord {
  const slug = f.slug('slug');
  const tickers = f.texts('tickers', 20);
  const bad = tickers.find((t) => !SYMBOL.test(t));
  if (bad !== undefined) throw new ItemError(`tickers: ${JSON.stringify(bad)} is not a ticker`);
  const cik = f.optionalText('cik', 10);
  if (cik !== null && !/^\d{1,10}$/.test(cik)) throw new ItemError('cik: expected up to 10 digits');
  const country = f.optionalText('country', 2);
  if (country !== null && !/^[A-Z]{2}$/.test(country))
    throw new ItemError('country: expected an ISO 3166-1 alpha-2 code such as US');
  const primaryInstrument = f.optionalText('primaryInstrument', 20);
  if (primaryInstrument !== null && !SYMBOL.test(primaryInstrument))
    throw new ItemError('primaryInstrument: expected a symbol');
  const segments = f.optionalList('segments', segment);
  const shares = segments.reduce((sum, s) => sum + (s.revenueSharePct ?? 0), 0);
  if (shares > 100 + SHARE_SUM_SLACK)
    throw new ItemError(`segments: revenue shares add up to ${shares.toFixed(1)}%, over 100%`);
  const peers = f.optionalList('peers', (p) => ({ company: p.slug('company'), why: p.text('why', 500) }));
  if (peers.some((p) => p.company === slug)) throw new ItemError('peers: a company is not its own peer');
  return {
    source,
    sourceKey: slug,
    slug,
    name: f.text('name', 200),
    legalName: f.optionalText('legalName', 300),
    tickers: [...new Set(tickers.map((t) => t.toUpperCase()))],
    cik: cik === null ? null : cik.padStart(10, '0'),
    sector: f.optionalSlug('sector'),
    industry: f.optionalText('industry', 200),
    country,
    fiscalYearEndMonth: f.optionalInteger('fiscalYearEndMonth', 1, 12),
    description: f.optionalText('description', 5000),
    website: f.optionalUrl('website'),
    employees: f.optionalInteger('employees', 0, 10_000_000),
    employeesAsOf: f.optionalIsoDate('employeesAsOf'),
    primaryInstrument,
    sourceUrl: f.optionalUrl('sourceUrl'),
    segments,
    peers,
  };
}

function segment(f: Fields): SegmentRecord {
  return {
    name: f.text('name', 200),
    revenueSharePct: f.optionalDecimal('revenueSharePct', 0, 100),
    description: f.optionalText('description', 2000),
    asOf: f.optionalIsoDate('asOf'),
    sourceUrl: f.optionalUrl('sourceUrl'),
  };
}

function person(f: Fields, source: string): PersonRecord {
  const slug = f.slug('slug');
  return {
    source,
    sourceKey: slug,
    slug,
    name: f.text('name', 200),
    kind: f.oneOf('kind', PERSON_KINDS),
    summary: f.optionalText('summary', 2000),
    roles: f.optionalList('roles', role),
  };
}

function role(f: Fields): RoleRecord {
  const company = f.optionalSlug('company');
  const institution = f.optionalText('institution', 200);
  if ((company === null) === (institution === null))
    throw new ItemError('expected either a company (slug) or an institution (name)');
  const since = f.optionalIsoDate('since');
  const until = f.optionalIsoDate('until');
  if (since !== null && until !== null && until < since) throw new ItemError('until: before since');
  return { title: f.text('title', 200), company, institution, since, until, sourceUrl: f.optionalUrl('sourceUrl') };
}

function project(f: Fields, source: string): ProjectRecord {
  const company = f.slug('company');
  const slug = f.slug('slug');
  return {
    source,
    sourceKey: `${company}/${slug}`,
    company,
    slug,
    name: f.text('name', 200),
    goal: f.text('goal', 2000),
    stage: f.oneOf('stage', PROJECT_STAGES),
    status: f.oneOf('status', PROJECT_STATUSES),
    sourceUrl: f.optionalUrl('sourceUrl'),
    kpis: f.optionalList('kpis', kpi),
    milestones: f.optionalList('milestones', milestone),
  };
}

function kpi(f: Fields): KpiRecord {
  return {
    name: f.text('name', 200),
    value: f.decimal('value'),
    unit: f.text('unit', 40),
    asOf: f.isoDate('asOf'),
    sourceUrl: f.url('sourceUrl'),
  };
}

/** A milestone's dates must fit its status: done has the day it was reached, planned and slipped the date planned. */
function milestone(f: Fields): MilestoneRecord {
  const m: MilestoneRecord = {
    name: f.text('name', 300),
    status: f.oneOf('status', MILESTONE_STATUSES),
    plannedFor: f.optionalIsoDate('plannedFor'),
    plannedPrecision: f.optionalOneOf('plannedPrecision', PRECISIONS) ?? 'day',
    doneOn: f.optionalIsoDate('doneOn'),
    expectedFor: f.optionalIsoDate('expectedFor'),
    sourceUrl: f.url('sourceUrl'),
  };
  if ((m.status === 'done') !== (m.doneOn !== null))
    throw new ItemError('doneOn: given exactly when the status is done');
  if (m.status !== 'done' && m.plannedFor === null)
    throw new ItemError(`plannedFor: a ${m.status} milestone needs the date it was planned for`);
  if (m.expectedFor !== null && m.status !== 'slipped')
    throw new ItemError('expectedFor: only a slipped milestone has a new expected date');
  if (m.expectedFor !== null && m.plannedFor !== null && m.expectedFor <= m.plannedFor)
    throw new ItemError('expectedFor: a slipped milestone is expected after it was planned');
  return m;
}
