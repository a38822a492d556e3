// Projects: lists by company and stage, each with its next milestone, and one project with its KPIs, milestones, the
// stories about it and the company's other projects.
import { notFound, validationError, type ValidationDetail } from '../../core/errors.js';
import { kindList } from '../../core/filters.js';
import { PROJECT_EVENTS, type ProjectDetail, type ProjectListQuery, type ProjectSummary } from '../../core/schemas/projects.js';
import { PROJECT_STAGES, type ProjectStage } from '../../core/vocabulary.js';
import type { Caller } from '../db.js';
import { companySlug, projectSummary, projectWithPlan } from './entity-views.js';
import type { EntityCatalog } from './entity-catalog.js';
import type { EventService } from './events.js';

export interface ProjectFilter {
  /** A company slug or ticker, as given. */
  company: string | null;
  stages: ProjectStage[] | null;
}

/** The filter of a /v1/projects query: a stage outside the vocabulary is a 422 naming the valid ones. */
export function projectFilter(query: ProjectListQuery): ProjectFilter {
  const problems: ValidationDetail[] = [];
  const stages = kindList(query.stage, PROJECT_STAGES, 'stage', problems);
  if (problems.length) throw validationError(problems);
  return { company: query.company ?? null, stages };
}

export class ProjectService {
  constructor(
    private readonly catalog: EntityCatalog,
    private readonly events: EventService,
  ) {}

  /** Projects of one company and of some stages, by company then slug; an unknown company is a 404. */
  async list(filter: ProjectFilter): Promise<ProjectSummary[]> {
    const catalog = await this.catalog.get();
    let projects = [...catalog.projects.values()];
    if (filter.company !== null) {
      const slug = companySlug(catalog, filter.company);
      if (slug === null) throw notFound(`Company ${filter.company}`);
      projects = catalog.projectsOf.get(slug) ?? [];
    }
    if (filter.stages) projects = projects.filter((p) => filter.stages!.includes(p.stage));
    return projects.map((p) => projectSummary(catalog, p));
  }

  /** One project of a company (slug or ticker) by its slug, any case; a 404 when either is unknown. */
  async detail(company: string, project: string, caller?: Caller): Promise<ProjectDetail> {
    const catalog = await this.catalog.get();
    const slug = companySlug(catalog, company);
    const p = slug === null ? undefined : catalog.projects.get(`${slug}/${project.toLowerCase()}`);
    if (!p) throw notFound(slug === null ? `Company ${company}` : `Project ${slug}/${project}`);
    const events = await this.events.about([`project:${p.key}`], PROJECT_EVENTS, caller);
    const siblings = (catalog.projectsOf.get(p.company) ?? []).filter((s) => s !== p).map((s) => projectSummary(catalog, s));
    return { ...projectWithPlan(catalog, p), events, siblings };
  }
}
