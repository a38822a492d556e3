// Projects: lists by company and stage, each with its next milestone, and one project with its KPIs, milestones, the
// stories about it and the company's other projects.
import { notFound } from '../../../core/errors.js';
import type { ProjectFilter } from '../../../core/requests/projects.js';
import { PROJECT_EVENTS, type ProjectDetail, type ProjectSummary } from '../../../core/schemas/projects.js';
import type { Caller } from '../../db.js';
import type { EntityCatalog } from './entity-catalog.js';
import { companySlug, projectSummary, projectWithPlan } from './entity-views.js';
import type { EventService } from './events.js';

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
    const siblings = (catalog.projectsOf.get(p.company) ?? [])
      .filter((s) => s !== p)
      .map((s) => projectSummary(catalog, s));
    return { ...projectWithPlan(catalog, p), events, siblings };
  }
}
