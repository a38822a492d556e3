// Sectors: each with its companies, how they moved today on average, and the most important recent stories about the
// sector or its companies.
import { notFound } from '../../../core/errors.js';
import { sectorRef } from '../../../core/refs.js';
import type { CompanySummary } from '../../../core/schemas/companies.js';
import {
  SECTOR_EVENT_DAYS,
  SECTOR_EVENTS,
  type SectorDetail,
  type SectorSummary,
} from '../../../core/schemas/sectors.js';
import { DAY_MS } from '../../../core/time.js';
import { clock } from '../../clock.js';
import type { Caller } from '../../db.js';
import type { CompanyService } from './companies.js';
import type { Catalog, EntityCatalog, SectorRow } from './entity-catalog.js';
import type { EventService } from './events.js';

export class SectorService {
  constructor(
    private readonly catalog: EntityCatalog,
    private readonly companies: CompanyService,
    private readonly events: EventService,
  ) {}

  /** Every sector, by name. */
  async list(): Promise<SectorSummary[]> {
    const catalog = await this.catalog.get();
    return [...catalog.sectors.values()].map((s) => this.summary(s, this.members(catalog, s.slug)));
  }

  /** One sector (slug in any case) with its companies and its most important stories of the last days. */
  async detail(slug: string, caller?: Caller, nowMs = clock.now()): Promise<SectorDetail> {
    const catalog = await this.catalog.get();
    const s = catalog.sectors.get(slug.toLowerCase());
    if (!s) throw notFound(`Sector ${slug}`);
    const companies = this.members(catalog, s.slug);
    const about = [`sector:${s.slug}`, ...companies.map((c) => `company:${c.slug}`)];
    const events = await this.events.about(about, SECTOR_EVENTS, caller, {
      fromMs: nowMs - SECTOR_EVENT_DAYS * DAY_MS,
      order: 'important',
    });
    return { ...this.summary(s, companies), companies, events };
  }

  private members(catalog: Catalog, sector: string): CompanySummary[] {
    return (catalog.companiesOfSector.get(sector) ?? []).map((c) => this.companies.summary(catalog, c));
  }

  private summary(s: SectorRow, companies: CompanySummary[]): SectorSummary {
    const changes = companies
      .map((c) => c.primaryInstrument?.changePct)
      .filter((x): x is number => typeof x === 'number');
    return {
      ...sectorRef(s.slug, s.name),
      type: 'sector',
      slug: s.slug,
      name: s.name,
      description: s.description,
      companyCount: companies.length,
      averageChangePct: changes.length ? changes.reduce((a, b) => a + b, 0) / changes.length : null,
    };
  }
}
