// Companies: the covered ones with their sector and latest pooled price, and one company's profile with its
// instruments, people, segments, projects and peers. A company is named by its slug or any of its tickers, in any case.
import { notFound } from '../../../core/errors.js';
import { companyRef, personRef, sectorRef } from '../../../core/refs.js';
import type { CompanyDetail, CompanySummary } from '../../../core/schemas/companies.js';
import type { InstrumentSummary } from '../../../core/schemas/instruments.js';
import type { Catalog, CompanyEntry, EntityCatalog } from './entity-catalog.js';
import { companySlug, coveredCompanyRef, projectWithPlan, roleView } from './entity-views.js';
import type { InstrumentService } from './instruments.js';

/** Titles in the order a reader looks for them: the chief executive, the chair, the finance chief, other officers, the board. */
const SENIORITY = [/chief executive/i, /^chair|president/i, /chief financial/i, /chief|officer/i, /director/i];
function seniority(title: string): number {
  const k = SENIORITY.findIndex((re) => re.test(title));
  return k < 0 ? SENIORITY.length : k;
}

export class CompanyService {
  constructor(
    private readonly catalog: EntityCatalog,
    private readonly instruments: InstrumentService,
  ) {}

  /** Every covered company, by name. */
  async list(): Promise<CompanySummary[]> {
    const catalog = await this.catalog.get();
    return [...catalog.companies.values()].map((c) => this.summary(catalog, c));
  }

  /** The slug of the company `key` names (slug or ticker, any case), or a 404. */
  async resolve(key: string): Promise<string> {
    const slug = companySlug(await this.catalog.get(), key);
    if (slug === null) throw notFound(`Company ${key}`);
    return slug;
  }

  async detail(key: string): Promise<CompanyDetail> {
    const catalog = await this.catalog.get();
    const slug = companySlug(catalog, key);
    const c = slug === null ? undefined : catalog.companies.get(slug);
    if (!c) throw notFound(`Company ${key}`);
    const people = (catalog.rolesAt.get(c.slug) ?? [])
      .map(({ person, role }) => ({ person: personRef(person.slug, person.name), ...roleView(catalog, role) }))
      .sort(
        (a, b) =>
          Number(b.current) - Number(a.current) ||
          seniority(a.title) - seniority(b.title) ||
          (b.since ?? '').localeCompare(a.since ?? ''),
      );
    return {
      ...this.summary(catalog, c),
      legalName: c.legalName,
      cik: c.cik,
      country: c.country,
      fiscalYearEndMonth: c.fiscalYearEndMonth,
      description: c.description,
      website: c.website,
      employees: c.employees,
      employeesAsOf: c.employeesAsOf,
      sourceUrl: c.sourceUrl,
      source: c.source,
      updatedAt: c.updatedAt.toISOString(),
      instruments: this.instruments.summariesOfCompany(c.slug),
      people,
      segments: c.segments.map(({ company: _, ...s }) => s),
      projects: (catalog.projectsOf.get(c.slug) ?? []).map((p) => projectWithPlan(catalog, p)),
      peers: c.peers.map((p) => ({
        company: coveredCompanyRef(catalog, p.peer),
        why: p.why,
        primaryInstrument: this.primary(catalog.companies.get(p.peer)),
      })),
    };
  }

  /** The instrument that quotes the company `key` names (slug or ticker); null when it is not covered or nothing quotes it. */
  async primaryInstrument(key: string): Promise<InstrumentSummary | null> {
    const catalog = await this.catalog.get();
    const slug = companySlug(catalog, key);
    return slug === null ? null : this.primary(catalog.companies.get(slug));
  }

  /** What every list of companies shows of one: its sector and its primary instrument with the latest pooled price. */
  summary(catalog: Catalog, c: CompanyEntry): CompanySummary {
    const sector = c.sector === null ? undefined : catalog.sectors.get(c.sector);
    return {
      ...companyRef(c.slug, c.name),
      type: 'company',
      slug: c.slug,
      name: c.name,
      tickers: c.tickers,
      sector: sector ? sectorRef(sector.slug, sector.name) : null,
      industry: c.industry,
      primaryInstrument: this.primary(c),
    };
  }

  /**
   * The instrument that quotes the company: the one its profile names, else its own share. A fund it sponsors is one of
   * its instruments, but its price is the fund's, not the company's.
   */
  private primary(c: CompanyEntry | undefined): InstrumentSummary | null {
    if (!c) return null;
    const named = c.primaryInstrument === null ? -1 : this.instruments.find(c.primaryInstrument);
    return named >= 0
      ? this.instruments.summary(named)
      : (this.instruments.summariesOfCompany(c.slug).find((i) => i.kind === 'stock') ?? null);
  }
}
