// How the entity catalog's entries are named and shown, shared by the services that read them (companies, people,
// projects, filings, financials, insider trades): a company by slug or ticker, a role, a project with its plan, a
// company that files with the SEC. The leaf those services stand on, so that none of them reaches into another.
import { ApiError, notFound } from '../../../core/errors.js';
import { companyRef, projectRef, type Ref } from '../../../core/refs.js';
import type { Role } from '../../../core/schemas/people.js';
import type { Milestone, ProjectSummary, ProjectWithPlan } from '../../../core/schemas/projects.js';
import type { Catalog, EntityCatalog, MilestoneRow, ProjectEntry, RoleRow } from './entity-catalog.js';

/** The slug of the company `key` names (slug or ticker, any case), or null. */
export function companySlug(catalog: Catalog, key: string): string | null {
  const slug = key.toLowerCase();
  if (catalog.companies.has(slug)) return slug;
  return catalog.byTicker.get(key.toUpperCase()) ?? null;
}

/** A company's reference: labelled with its name when covered; a company the data only names has no page. */
export function coveredCompanyRef(catalog: Catalog, slug: string): Ref {
  const c = catalog.companies.get(slug);
  return c ? companyRef(slug, c.name) : { ...companyRef(slug), path: null };
}

/** A role as the interface shows it; held while it has no end date. */
export function roleView(catalog: Catalog, r: RoleRow): Role {
  return {
    title: r.title,
    company: r.company === null ? null : coveredCompanyRef(catalog, r.company),
    institution: r.institution,
    since: r.since,
    until: r.until,
    current: r.until === null,
    sourceUrl: r.sourceUrl,
  };
}

const milestoneView = ({ company: _, project: __, ...m }: MilestoneRow): Milestone => m;

/** When a milestone not yet done is due: its new date when it slipped and has one, else its planned date. */
const dueOn = (m: MilestoneRow) => m.expectedFor ?? m.plannedFor ?? '';

/** What every list of projects shows of one: its stage, status and the next milestone still to come. */
export function projectSummary(catalog: Catalog, p: ProjectEntry): ProjectSummary {
  const next = p.milestones.filter((m) => m.status !== 'done').sort((a, b) => dueOn(a).localeCompare(dueOn(b)))[0];
  return {
    ...projectRef(p.key, p.name),
    type: 'project',
    company: companyRef(p.company, catalog.companies.get(p.company)?.name),
    slug: p.slug,
    name: p.name,
    goal: p.goal,
    stage: p.stage,
    status: p.status,
    nextMilestone: next ? milestoneView(next) : null,
    sourceUrl: p.sourceUrl,
  };
}

/** A project with its KPIs and all its milestones, in plan order. */
export function projectWithPlan(catalog: Catalog, p: ProjectEntry): ProjectWithPlan {
  return {
    ...projectSummary(catalog, p),
    kpis: p.kpis.map(({ company: _, project: __, ...k }) => k),
    milestones: p.milestones.map(milestoneView),
  };
}

/** A covered company that files with the SEC: how it is named, and its CIK. */
export interface SecCompany {
  ref: Ref;
  slug: string;
  cik: string;
}

/** The covered company `key` names (slug or ticker) with its CIK; a 404 when it is not covered or files nothing. */
export async function secCompany(catalog: EntityCatalog, key: string): Promise<SecCompany> {
  const c = await catalog.get();
  const slug = companySlug(c, key);
  const entry = slug === null ? undefined : c.companies.get(slug);
  if (!entry) throw notFound(`Company ${key}`);
  if (!entry.cik) throw new ApiError('not_found', `Company ${key} has no SEC filings: it has no CIK`);
  return { ref: companyRef(entry.slug, entry.name), slug: entry.slug, cik: entry.cik };
}
