// Writes the SEC EDGAR source's records: a filer not covered yet becomes a company (so EDGAR files alone can build
// coverage), the filings of covered companies with the story each 8-K, 10-Q and 10-K tells, XBRL facts, and ownership
// forms, after which the insider trades of each issuer written are derived again from all its forms (an amendment
// replaces what it amends). Works on the caller's connection, inside its transaction.
import { filingStory, tellsStory } from '../../../core/filings/filing-story.js';
import { insiderPerson, type TrackedPerson } from '../../../core/insiders/person.js';
import { insiderTrades, type OwnershipFiling } from '../../../core/insiders/trades.js';
import type { CompanyRecord, Records, SkippedItem } from '../../../core/sources/records.js';
import type { OwnershipDocument } from '../../../core/sources/sec/ownership.js';
import type { SecCompanyRecord, SecFactsRecord, SecFilingRecord } from '../../../core/sources/sec/records.js';
import { ProfileWriter } from './profile-writer.js';
import { StoryWriter } from './story-writer.js';
import { type Counts, contentHash, counts, type Rows } from './write-support.js';

export type SecKind = 'secCompanies' | 'secFilings' | 'secFacts' | 'ownershipFilings';
export type SecRecords = Partial<Pick<Records, SecKind>>;

export interface SecWrite {
  counts: Partial<Record<SecKind, Counts>>;
  skipped: SkippedItem[];
  /** The ids of the stories written about filings. */
  storyIds: number[];
}

/** Facts per statement: a large filer's whole file in a handful of statements. */
const FACTS_PER_STATEMENT = 10_000;

export class SecWriter {
  constructor(private readonly rows: Rows) {}

  async write(records: SecRecords): Promise<SecWrite> {
    const out: SecWrite = { counts: {}, skipped: [], storyIds: [] };
    if (records.secCompanies?.length) out.counts.secCompanies = await this.companies(records.secCompanies);
    if (records.secFilings?.length) out.counts.secFilings = await this.filings(records.secFilings, out);
    for (const facts of records.secFacts ?? []) {
      const c = await this.facts(facts);
      const sum = out.counts.secFacts ?? counts(0, 0);
      out.counts.secFacts = {
        read: sum.read + c.read,
        written: sum.written + c.written,
        existing: sum.existing + c.existing,
      };
    }
    if (records.ownershipFilings?.length) out.counts.ownershipFilings = await this.ownership(records.ownershipFilings);
    return out;
  }

  /** Filers whose CIK no company has yet, added as companies named by a slug of their name. */
  private async companies(records: SecCompanyRecord[]): Promise<Counts> {
    const covered = new Set(
      (await this.rows<{ cik: string }>('companiesOfCiks', { ciks: records.map((r) => r.cik) })).map((r) => r.cik),
    );
    const fresh = [...new Map(records.filter((r) => !covered.has(r.cik)).map((r) => [r.cik, r])).values()];
    if (!fresh.length) return counts(records.length, 0);
    const wanted = fresh.map((r) => [
      baseSlug(r.name),
      `${baseSlug(r.name)}-${(r.tickers[0] ?? r.cik).toLowerCase()}`.slice(0, 80),
    ]);
    const taken = new Set(
      (await this.rows<{ slug: string }>('companySlugTaken', { slugs: wanted.flat() })).map((r) => r.slug),
    );
    const companies: CompanyRecord[] = fresh.map((r, k) => {
      const [plain, qualified] = wanted[k]!;
      const slug = taken.has(plain!) || wanted.findIndex((w) => w[0] === plain) !== k ? qualified! : plain!;
      return {
        source: r.source,
        sourceKey: r.sourceKey,
        slug,
        name: r.name,
        legalName: r.name,
        tickers: r.tickers,
        cik: r.cik,
        sector: null,
        industry: r.sicDescription,
        country: null,
        fiscalYearEndMonth: r.fiscalYearEnd ? Number(r.fiscalYearEnd.slice(0, 2)) : null,
        description: null,
        website: null,
        employees: null,
        employeesAsOf: null,
        primaryInstrument: null,
        sourceUrl: r.sourceUrl,
        segments: [],
        peers: [],
      };
    });
    const written = await new ProfileWriter(this.rows).write({ companies });
    return counts(records.length, written.written.companies);
  }

  /** The filings of covered companies, and the stories of those that tell one; filings of others are left out. */
  private async filings(records: SecFilingRecord[], out: SecWrite): Promise<Counts> {
    const companies = new Map(
      (
        await this.rows<{ slug: string; name: string; cik: string }>('companiesOfCiks', {
          ciks: [...new Set(records.map((r) => r.cik))],
        })
      ).map((c) => [c.cik, c]),
    );
    // A filing listed twice (an Atom entry per filer role) is written once per filer.
    const kept = [
      ...new Map(records.filter((r) => companies.has(r.cik)).map((r) => [`${r.cik}:${r.accession}`, r])).values(),
    ];
    const left = records.filter((r) => !companies.has(r.cik)).length;
    if (left)
      out.skipped.push({
        item: 'secFilings',
        reason: `${left} filing${left > 1 ? 's' : ''} of companies not covered (by CIK) left out`,
      });
    if (!kept.length) return counts(records.length, 0, left);
    const written = await this.rows<{ accession: string }>('upsertSecFilings', {
      ciks: kept.map((r) => r.cik),
      accessions: kept.map((r) => r.accession),
      forms: kept.map((r) => r.form),
      filingDates: kept.map((r) => r.filingDate),
      reportDates: kept.map((r) => r.reportDate),
      acceptedAt: kept.map((r) => (r.acceptedAt === null ? null : new Date(r.acceptedAt))),
      items: kept.map((r) => JSON.stringify(r.items)),
      primaryDocuments: kept.map((r) => r.primaryDocument),
      descriptions: kept.map((r) => r.description),
      sizes: kept.map((r) => r.size),
      isXbrl: kept.map((r) => r.isXbrl),
      sourceUrls: kept.map((r) => r.sourceUrl),
      hashes: kept.map(({ companyName: _, ...r }) => contentHash(r)),
    });
    const stories = kept.filter((r) => tellsStory(r.form)).map((r) => filingStory(r, companies.get(r.cik)!));
    if (stories.length) {
      out.storyIds.push(...(await new StoryWriter(this.rows).stories(stories)).values());
      await this.rows('linkFilingEvents', { accessions: stories.map((s) => s.sourceKey) });
    }
    return counts(records.length, written.length, left);
  }

  private async facts(r: SecFactsRecord): Promise<Counts> {
    const n = r.concepts.length;
    // One statement cannot write a row twice: a fact given twice keeps the last given.
    const byKey = new Map<string, number>();
    for (let i = 0; i < n; i++)
      byKey.set(`${r.concepts[i]}|${r.units[i]}|${r.starts[i]}|${r.ends[i]}|${r.accessions[i]}`, i);
    const rows = [...byKey.values()];
    let written = 0;
    for (let k = 0; k < rows.length; k += FACTS_PER_STATEMENT) {
      const batch = rows.slice(k, k + FACTS_PER_STATEMENT);
      const pick = <T>(column: T[]) => batch.map((i) => column[i]!);
      const [row] = await this.rows<{ written: number }>('upsertSecFacts', {
        cik: r.cik,
        concepts: pick(r.concepts),
        units: pick(r.units),
        starts: batch.map((i) => r.starts[i] ?? null),
        ends: pick(r.ends),
        accessions: pick(r.accessions),
        values: pick(r.values),
        filed: pick(r.filed),
        fiscalYears: batch.map((i) => r.fiscalYears[i] ?? null),
        fiscalPeriods: batch.map((i) => r.fiscalPeriods[i] ?? null),
        forms: pick(r.forms),
        frames: batch.map((i) => r.frames[i] ?? null),
      });
      written += row!.written;
    }
    await this.rows('upsertFactSet', {
      cik: r.cik,
      entityName: r.entityName,
      sourceUrl: r.sourceUrl,
      changed: written > 0,
    });
    return counts(n, written);
  }

  private async ownership(records: NonNullable<SecRecords['ownershipFilings']>): Promise<Counts> {
    const unique = [...new Map(records.map((r) => [r.accession, r])).values()];
    const written = await this.rows<{ issuer: string }>('upsertOwnershipFilings', {
      accessions: unique.map((r) => r.accession),
      issuers: unique.map((r) => r.document.issuer.cik),
      forms: unique.map((r) => r.document.documentType),
      filingDates: unique.map((r) => r.filingDate),
      periods: unique.map((r) => r.document.periodOfReport),
      sourceUrls: unique.map((r) => r.sourceUrl),
      documents: unique.map((r) => JSON.stringify(r.document)),
      hashes: unique.map(contentHash),
    });
    for (const issuer of new Set(written.map((w) => w.issuer))) await this.issuerTrades(issuer);
    return counts(records.length, written.length);
  }

  /** Derives the trades of `issuer` again from every ownership form about it. */
  private async issuerTrades(issuer: string): Promise<void> {
    const stored = await this.rows<{
      accession: string;
      filingDate: string;
      sourceUrl: string;
      document: OwnershipDocument;
    }>('issuerOwnershipFilings', { issuer });
    const urls = new Map(stored.map((s) => [s.accession, s.sourceUrl]));
    const trades = insiderTrades(
      stored.map((s): OwnershipFiling => ({ accession: s.accession, filingDate: s.filingDate, document: s.document })),
    );
    const tracked = await this.rows<TrackedPerson>('peopleAtIssuer', { cik: issuer });
    await this.rows('deleteIssuerTrades', { issuer });
    if (!trades.length) return;
    const position = new Map<string, number>();
    const positions = trades.map((t) => {
      const k = (position.get(t.accession) ?? 0) + 1;
      position.set(t.accession, k);
      return k;
    });
    const people = trades.map((t) => insiderPerson(t.owners[0]!.name, tracked));
    await this.rows('insertInsiderTrades', {
      issuers: trades.map(() => issuer),
      accessions: trades.map((t) => t.accession),
      positions,
      dates: trades.map((t) => t.date),
      filingDates: trades.map((t) => t.filingDate),
      forms: trades.map((t) => t.form),
      codes: trades.map((t) => t.code),
      tables: trades.map((t) => t.table),
      titles: trades.map((t) => t.securityTitle),
      shares: trades.map((t) => t.shares),
      prices: trades.map((t) => t.price),
      values: trades.map((t) => t.value),
      acquiredDisposed: trades.map((t) => t.acquiredDisposed),
      after: trades.map((t) => t.sharesOwnedAfter),
      direct: trades.map((t) => t.directOrIndirect),
      natures: trades.map((t) => t.natureOfOwnership),
      plans: trades.map((t) => JSON.stringify(t.plan)),
      footnotes: trades.map((t) => JSON.stringify(t.footnotes)),
      owners: trades.map((t) => JSON.stringify(t.owners.map((o) => ({ cik: o.cik, name: o.name, roles: o.roles })))),
      people: people.map((p) => p.slug),
      personNames: people.map((p) => p.name),
      issuerNames: trades.map((t) => t.issuer.name),
      issuerTickers: trades.map((t) => t.issuer.ticker),
      amends: trades.map((t) => t.amends),
      sourceUrls: trades.map((t) => urls.get(t.accession)!),
    });
  }
}

/** A company slug from its name, without the legal form (Apple Inc. -> apple). */
function baseSlug(name: string): string {
  const plain = name.replace(
    /[,.]?\s+(inc|corp|corporation|co|company|ltd|limited|plc|llc|n\.?v|s\.?a|holdings?)\.?$/i,
    '',
  );
  return (
    plain
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60)
      .replace(/-$/, '') || 'company'
  );
}
