// People: executives, directors, founders and policymakers with their roles, and the stories about one of them.
import { notFound } from '../../../core/errors.js';
import { personRef } from '../../../core/refs.js';
import { PERSON_EVENTS, PERSON_TRADES, type PersonDetail, type PersonSummary } from '../../../core/schemas/people.js';
import type { Caller } from '../../db.js';
import type { Catalog, EntityCatalog, PersonEntry } from './entity-catalog.js';
import { roleView } from './entity-views.js';
import type { EventService } from './events.js';
import type { InsiderService } from './insiders.js';

export class PeopleService {
  constructor(
    private readonly catalog: EntityCatalog,
    private readonly events: EventService,
    private readonly insiders: InsiderService,
  ) {}

  /** Everyone tracked, by name. */
  async list(): Promise<PersonSummary[]> {
    const catalog = await this.catalog.get();
    return [...catalog.people.values()].map((p) => summary(catalog, p));
  }

  /** One person (slug in any case) with the stories about them; a 404 for someone not tracked. */
  async detail(slug: string, caller?: Caller): Promise<PersonDetail> {
    const catalog = await this.catalog.get();
    const p = catalog.people.get(slug.toLowerCase());
    if (!p) throw notFound(`Person ${slug}`);
    const [events, insiderTrades] = await Promise.all([
      this.events.about([`person:${p.slug}`], PERSON_EVENTS, caller),
      this.insiders.ofPerson(p.slug, PERSON_TRADES, caller),
    ]);
    return { ...summary(catalog, p), summary: p.summary, events, insiderTrades };
  }
}

/** A person with their roles: those held first, then past ones, the most recent first. */
function summary(catalog: Catalog, p: PersonEntry): PersonSummary {
  const roles = p.roles
    .map((r) => roleView(catalog, r))
    .sort(
      (a, b) =>
        Number(b.current) - Number(a.current) ||
        (b.until ?? '').localeCompare(a.until ?? '') ||
        (b.since ?? '').localeCompare(a.since ?? ''),
    );
  return { ...personRef(p.slug, p.name), type: 'person', slug: p.slug, name: p.name, kind: p.kind, roles };
}
