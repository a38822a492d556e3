// Insider trades from Forms 3/4/5: of one issuer or all, of one person (their page), newest first, each with the
// insider as a person, the filing it came in, and whether it was made under a Rule 10b5-1 plan; with the open-market
// summary (purchases and sales only) over every trade the filter matches.
import type { Static } from '@sinclair/typebox';
import { notFound, validationError } from '../../../core/errors.js';
import { companyRef, personRef, type Ref } from '../../../core/refs.js';
import type { Page } from '../../../core/schemas/common.js';
import type { InsiderTrade, InsiderTradesAnswer, InsiderTradesQuery } from '../../../core/schemas/sec.js';
import { isTransactionCode, TRANSACTION_CODES } from '../../../core/sources/sec/transaction-codes.js';
import { clock } from '../../clock.js';
import type { Caller, Db } from '../../db.js';
import type { Catalog, EntityCatalog } from './entity-catalog.js';
import { companySlug } from './entity-views.js';

interface TradeRow {
  issuerCik: string;
  accession: string;
  date: string;
  filingDate: string;
  form: string;
  code: keyof typeof TRANSACTION_CODES;
  table: 'non-derivative' | 'derivative';
  securityTitle: string;
  shares: number | null;
  price: number | null;
  value: number | null;
  acquiredDisposed: 'A' | 'D';
  sharesOwnedAfter: number | null;
  directOrIndirect: 'D' | 'I';
  natureOfOwnership: string | null;
  plan: 'checkbox' | 'footnote' | null;
  footnotes: string[];
  owners: { cik: string; name: string; roles: string[] }[];
  person: string;
  personName: string;
  issuerName: string;
  issuerTicker: string | null;
  amends: string | null;
  sourceUrl: string;
}

const DAY_MS = 86_400_000;

export class InsiderService {
  constructor(
    private readonly db: Db,
    private readonly catalog: EntityCatalog,
  ) {}

  /** Trades newest first, of the issuer `company` names (covered, or by a ticker its forms give) when given. */
  async list(query: InsiderTradesQuery, caller?: Caller): Promise<InsiderTradesAnswer> {
    const codes = codeList(query.code);
    const catalog = await this.catalog.get();
    const issuer = query.company === undefined ? null : await this.issuerOf(catalog, query.company, caller);
    const since =
      query.sinceDays === undefined
        ? null
        : new Date(clock.now() - query.sinceDays * DAY_MS).toISOString().slice(0, 10);
    const limit = query.limit ?? 50;
    const offset = query.offset ?? 0;
    const [rows, sides] = await Promise.all([
      this.db.rows<TradeRow>('insiderTrades', { issuer, person: null, since, codes, limit, offset }, caller),
      this.db.rows<{ code: 'P' | 'S'; count: number; shares: number; value: number; insiders: number }>(
        'openMarketSummary',
        { issuer, since, codes },
        caller,
      ),
    ]);
    const side = (code: 'P' | 'S') => {
      const s = sides.find((r) => r.code === code);
      return s
        ? { count: s.count, shares: s.shares, value: s.value, insiders: s.insiders }
        : { count: 0, shares: 0, value: 0, insiders: 0 };
    };
    return {
      data: rows.slice(0, limit).map((r) => tradeView(catalog, r)),
      page: page(limit, offset, rows.length > limit),
      summary: { buys: side('P'), sells: side('S'), sinceDays: query.sinceDays ?? null },
    };
  }

  /** Whether any insider trade is stored. */
  async holdsAny(): Promise<boolean> {
    const [row] = await this.db.rows<{ held: boolean }>('holdsInsiderTrades', {});
    return row?.held === true;
  }

  /** The trades reported by person `slug`, newest first. */
  async ofPerson(slug: string, limit: number, caller?: Caller): Promise<InsiderTrade[]> {
    const catalog = await this.catalog.get();
    const rows = await this.db.rows<TradeRow>(
      'insiderTrades',
      { issuer: null, person: slug, since: null, codes: null, limit, offset: 0 },
      caller,
    );
    return rows.slice(0, limit).map((r) => tradeView(catalog, r));
  }

  private async issuerOf(catalog: Catalog, key: string, caller?: Caller): Promise<string> {
    const slug = companySlug(catalog, key);
    const cik = slug === null ? null : catalog.companies.get(slug)?.cik;
    if (cik) return cik;
    const [known] = await this.db.rows<{ cik: string }>('issuerOfTicker', { ticker: key }, caller);
    if (!known) throw notFound(`Company ${key}`);
    return known.cik;
  }
}

function page(limit: number, offset: number, more: boolean): Static<typeof Page> {
  return { limit, offset, nextOffset: more ? offset + limit : null };
}

/** The codes a query names (any case), null for all; an unknown one is a 422 listing the codes. */
function codeList(raw: string | undefined): string[] | null {
  if (raw === undefined) return null;
  const list = raw
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
  const unknown = list.filter((c) => !isTransactionCode(c));
  if (unknown.length)
    throw validationError([
      {
        in: 'query',
        param: 'code',
        message: `not one of ${Object.keys(TRANSACTION_CODES).join(', ')}: ${unknown.slice(0, 5).join(', ')}`,
      },
    ]);
  return list.length ? list : null;
}

function tradeView(catalog: Catalog, r: TradeRow): InsiderTrade {
  const company = [...catalog.companies.values()].find((c) => c.cik === r.issuerCik);
  const companyOf: Ref = company
    ? companyRef(company.slug, company.name)
    : { type: 'company', key: (r.issuerTicker ?? r.issuerCik).toLowerCase(), label: r.issuerName, path: null };
  const tracked = catalog.people.get(r.person);
  const insider: Ref = tracked
    ? personRef(r.person, tracked.name)
    : { ...personRef(r.person, r.personName), path: null };
  return {
    company: companyOf,
    issuer: { cik: r.issuerCik, name: r.issuerName, ticker: r.issuerTicker },
    insider,
    role: r.owners[0]?.roles.join(', ') ?? '',
    owners: r.owners,
    date: r.date,
    code: r.code,
    codeMeaning: TRANSACTION_CODES[r.code] ?? r.code,
    table: r.table,
    securityTitle: r.securityTitle,
    shares: r.shares,
    price: r.price,
    value: r.value,
    acquiredDisposed: r.acquiredDisposed,
    sharesOwnedAfter: r.sharesOwnedAfter,
    directOrIndirect: r.directOrIndirect,
    natureOfOwnership: r.natureOfOwnership,
    plan10b5One: r.plan !== null,
    planEvidence: r.plan,
    footnotes: r.footnotes,
    form: r.form,
    accession: r.accession,
    filingDate: r.filingDate,
    amends: r.amends,
    sourceUrl: r.sourceUrl,
  };
}
