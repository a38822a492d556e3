// A company's XBRL financials and fundamentals: its stored facts read back into the periods engine's columns once per
// version of that company's facts (its metrics by period and the price-independent part of its fundamentals are then
// kept in memory), and each /financials table kept for that version; fundamentals take the live pooled price of the
// company's instrument, so their valuation is computed once per company and price. HTTP keeps the bytes by them.

import { ApiError, validationError } from '../../../core/errors.js';
import { type CompanyFinancials, companyFinancials } from '../../../core/financials/company-financials.js';
import { financialsTable } from '../../../core/financials/financials-table.js';
import {
  type FundamentalsBasis,
  fundamentalsBasis,
  type PriceInput,
  valuedAt,
} from '../../../core/financials/fundamentals.js';
import { METRIC_KEYS, type MetricKey } from '../../../core/financials/metrics.js';
import type { Financials, FinancialsQuery, Fundamentals } from '../../../core/schemas/sec.js';
import { type CompanyFacts, type FactSeries, NO_DAY } from '../../../core/sources/sec/companyfacts.js';
import type { SecFactsRecord } from '../../../core/sources/sec/records.js';
import { companyFactsUrl } from '../../../core/sources/sec/urls.js';
import type { Caller, Db } from '../../db.js';
import type { ChangeSignal } from '../../ports/index.js';
import { AnswerCache } from '../kept/index.js';
import type { CompanyService } from './companies.js';
import type { EntityCatalog } from './entity-catalog.js';
import { type SecCompany, secCompany } from './entity-views.js';

/** Companies whose metrics are kept in memory at once. */
const COMPANIES_KEPT = 64;
/**
 * Financials tables kept at once, least recently used dropped first, and with them their bytes at the HTTP edge (89 KB
 * for the default 12 quarters and 5 years of Apple, 284 KB for 40 and 20, so at most about 36 MB).
 */
const ANSWERS_KEPT = 128;

/** One concept's facts in one unit: the record's columns, per concept and unit. */
type FactSeriesRow = Omit<SecFactsRecord, 'cik' | 'entityName' | 'sourceUrl' | 'concepts' | 'units'> & {
  concept: string;
  unit: string;
};

/** A company's metrics by period, and the companyfacts document they were read from. */
interface HeldFinancials {
  fin: CompanyFinancials;
  basis: FundamentalsBasis;
  sourceUrl: string;
}

/** A fundamentals answer, and the facts, name and price it was computed from. */
interface ValuedAnswer {
  held: HeldFinancials;
  label: string;
  price: PriceInput | null;
  answer: Fundamentals;
}

export class FinancialsService {
  private readonly metrics: AnswerCache<HeldFinancials | null>;
  private readonly tables: AnswerCache<Financials>;
  /** The last fundamentals answer per company, least recently asked first. */
  private readonly valued = new Map<string, ValuedAnswer>();

  constructor(
    private readonly db: Db,
    private readonly catalog: EntityCatalog,
    private readonly companies: CompanyService,
    version: ChangeSignal,
  ) {
    // Keyed by CIK, and tables by CIK first: a write of one company's facts leaves the others' kept.
    this.metrics = new AnswerCache(COMPANIES_KEPT, (cik) => version.of(cik));
    this.tables = new AnswerCache(ANSWERS_KEPT, (id) => version.of(id.slice(0, id.indexOf(' '))));
  }

  /**
   * The company's metrics by fiscal quarter and year, newest first, each cell with its growth and provenance; TTM per
   * metric. Kept per company, query and version of the company's facts (the same object until they change, shared:
   * callers must not change it): building the table costs half a millisecond for the default query, 1.5 ms for 40
   * quarters, while dashboards poll it.
   */
  async financials(key: string, query: FinancialsQuery, caller?: Caller): Promise<Financials> {
    const metrics = metricList(query.metrics);
    const company = await secCompany(this.catalog, key);
    const quarters = query.quarters ?? 12;
    const years = query.years ?? 5;
    // The company's label is part of the key: a renamed company is answered anew even before the facts change.
    const id = `${company.cik} ${company.slug} ${company.ref.label} ${quarters} ${years} ${metrics.join(',')}`;
    return this.tables.get(id, (c) => this.table(company, quarters, years, metrics, c), caller);
  }

  private async table(
    company: SecCompany,
    quarters: number,
    years: number,
    metrics: MetricKey[],
    caller?: Caller,
  ): Promise<Financials> {
    const held = await this.of(company.cik, caller);
    if (!held) throw noFacts(company);
    return {
      company: company.ref,
      sourceUrl: held.sourceUrl,
      ...financialsTable(held.fin, { quarters, years, metrics }),
    };
  }

  /**
   * TTM results, margins, growth, balance sheet, ROE and valuation at the company's live pooled price: the same object
   * until its facts, name or price change (a price changes once a tick; shared likewise).
   */
  async fundamentals(key: string, caller?: Caller): Promise<Fundamentals> {
    const { company, held, price } = await this.valuation(key, caller);
    const kept = this.valued.get(company.slug);
    this.valued.delete(company.slug);
    const same = kept && kept.held === held && kept.label === company.ref.label && samePrice(kept.price, price);
    const answer = same ? kept.answer : { company: company.ref, ...valuedAt(held.basis, price) };
    this.valued.set(company.slug, { held, label: company.ref.label, price, answer });
    if (this.valued.size > COMPANIES_KEPT) this.valued.delete(this.valued.keys().next().value!);
    return answer;
  }

  private async valuation(
    key: string,
    caller?: Caller,
  ): Promise<{ company: SecCompany; held: HeldFinancials; price: PriceInput | null }> {
    const company = await secCompany(this.catalog, key);
    const held = await this.of(company.cik, caller);
    if (!held) throw noFacts(company);
    const instrument = await this.companies.primaryInstrument(company.slug);
    const price =
      instrument?.price != null && instrument.priceTs
        ? { value: instrument.price, label: instrument.priceLabel, asOf: instrument.priceTs }
        : null;
    return { company, held, price };
  }

  /** Whether any company's XBRL facts are stored. */
  async holdsAny(): Promise<boolean> {
    const [row] = await this.db.rows<{ held: boolean }>('holdsFacts', {});
    return row?.held === true;
  }

  /** The metrics of `cik` by period, built from its stored facts once per version of them; null when it has none. */
  of(cik: string, caller?: Caller): Promise<HeldFinancials | null> {
    return this.metrics.get(
      cik,
      async (c) => {
        const [set] = await this.db.rows<{ entityName: string; sourceUrl: string }>('factSet', { cik }, c);
        if (!set) return null;
        const rows = await this.db.rows<FactSeriesRow>('companyFactSeries', { cik }, c);
        const fin = companyFinancials(factColumns(cik, set.entityName, rows));
        return { fin, basis: fundamentalsBasis(fin), sourceUrl: set.sourceUrl };
      },
      caller,
    );
  }
}

/** A covered company whose XBRL facts are not held: the same 404 on /financials and /fundamentals, saying where they are. */
function noFacts(company: SecCompany): ApiError {
  return new ApiError(
    'not_found',
    `No financial facts of ${company.ref.label} (CIK ${company.cik}) are held here; EDGAR publishes them at ${companyFactsUrl(company.cik)}`,
  );
}

function samePrice(a: PriceInput | null, b: PriceInput | null): boolean {
  return a === b || (a !== null && b !== null && a.value === b.value && a.asOf === b.asOf && a.label === b.label);
}

/** The metrics a query names, all by default; an unknown one is a 422 listing the known ones. */
function metricList(raw: string | undefined): MetricKey[] {
  if (raw === undefined) return METRIC_KEYS;
  const asked = raw
    .split(',')
    .map((m) => m.trim().toLowerCase())
    .filter(Boolean);
  const unknown = asked.filter((m) => !(METRIC_KEYS as string[]).includes(m));
  if (unknown.length)
    throw validationError([
      {
        in: 'query',
        param: 'metrics',
        message: `not one of ${METRIC_KEYS.join(', ')}: ${unknown.slice(0, 5).join(', ')}`,
      },
    ]);
  return asked.length ? [...new Set(asked as MetricKey[])] : METRIC_KEYS;
}

/** Stored facts, one row per concept and unit, as the columns the parser of companyfacts makes. */
function factColumns(cik: string, entityName: string, rows: FactSeriesRow[]): CompanyFacts {
  const n = rows.reduce((s, r) => s + r.ends.length, 0);
  const strings = [''];
  const index = new Map([['', 0]]);
  const intern = (s: string | null) => {
    if (!s) return 0;
    let k = index.get(s);
    if (k === undefined) {
      k = strings.length;
      strings.push(s);
      index.set(s, k);
    }
    return k;
  };
  const facts = {
    start: new Int32Array(n),
    end: new Int32Array(n),
    value: new Float64Array(n),
    filed: new Int32Array(n),
    fiscalYear: new Int16Array(n),
    fiscalPeriod: new Uint32Array(n),
    form: new Uint32Array(n),
    accession: new Uint32Array(n),
    frame: new Uint32Array(n),
  };
  const series: FactSeries[] = [];
  let i = 0;
  for (const r of rows) {
    const from = i;
    for (let k = 0; k < r.ends.length; k++, i++) {
      facts.start[i] = r.starts[k] ?? NO_DAY;
      facts.end[i] = r.ends[k]!;
      facts.value[i] = r.values[k]!;
      facts.filed[i] = r.filed[k]!;
      facts.fiscalYear[i] = r.fiscalYears[k] ?? 0;
      facts.fiscalPeriod[i] = intern(r.fiscalPeriods[k] ?? null);
      facts.form[i] = intern(r.forms[k]!);
      facts.accession[i] = intern(r.accessions[k]!);
      facts.frame[i] = intern(r.frames[k] ?? null);
    }
    const colon = r.concept.indexOf(':');
    series.push({
      taxonomy: r.concept.slice(0, colon),
      concept: r.concept.slice(colon + 1),
      label: null,
      unit: r.unit,
      from,
      to: i,
    });
  }
  return { cik, entityName, series, facts, strings, skipped: [] };
}
