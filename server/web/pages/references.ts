// GET /companies/{slug}, /projects/{company}/{project}, /people/{slug}, /sectors/{slug}, /glossary/{slug}: the
// reference records as the API serves them; a company adds its regulator data and latest stories.
import { html } from '../html.js';
import type { WebPage } from '../page.js';
import { storyList } from '../parts.js';
import { companySec } from './company-sec.js';
import { entityPage } from './entity.js';

export const companyPage: WebPage = {
  path: '/companies/:slug',
  async render({ params, services, caller }) {
    const company = await services.companies.detail(params[0]!);
    const [stories, sec] = await Promise.all([
      services.events.listKept({ company: company.slug, limit: 15, offset: 0, order: 'recent' }, caller),
      companySec(company.slug, services, caller),
    ]);
    return entityPage(company as unknown as Record<string, unknown>, { kind: 'company', after: html`${sec}<h2>Stories</h2>${storyList(stories.data)}` });
  },
};

export const projectPage: WebPage = {
  path: '/projects/:company/:project',
  async render({ params, services, caller }) {
    const project = await services.projects.detail(params[0]!, params[1]!, caller);
    return entityPage(project as unknown as Record<string, unknown>, { kind: 'project' });
  },
};

export const personPage: WebPage = {
  path: '/people/:slug',
  async render({ params, services, caller }) {
    return entityPage((await services.people.detail(params[0]!, caller)) as unknown as Record<string, unknown>, { kind: 'person' });
  },
};

export const sectorPage: WebPage = {
  path: '/sectors/:slug',
  async render({ params, services, caller }) {
    return entityPage((await services.sectors.detail(params[0]!, caller)) as unknown as Record<string, unknown>, { kind: 'sector' });
  },
};

export const glossaryPage: WebPage = {
  path: '/glossary/:slug',
  render({ params, services }) {
    return entityPage(services.glossary.entry(params[0]!) as unknown as Record<string, unknown>, { kind: 'glossary' });
  },
};
