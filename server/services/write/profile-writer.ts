// Writes reference data (sectors, companies, people, projects) from any source. A record stored again replaces the
// stored one only when its content changed, so an import repeated changes nothing; a record that refers to an entity
// neither stored nor in the same payload (a project of an uncovered company) is left out with the reason, never
// written half-linked. Works on the caller's connection, inside its transaction.
import type {
  CompanyRecord,
  PersonRecord,
  ProjectRecord,
  Records,
  SectorRecord,
  SkippedItem,
} from '../../../core/sources/records.js';
import type { Rows } from './write-support.js';
import { contentHash } from './write-support.js';

export type ProfileKind = 'sectors' | 'companies' | 'people' | 'projects';
export type ProfileRecords = Partial<Pick<Records, ProfileKind>>;

export interface ProfileWrite {
  /** Per kind, how many records were stored or changed. */
  written: Record<ProfileKind, number>;
  /** Records left out because what they refer to is not there, and how many of each kind. */
  skipped: SkippedItem[];
  left: Record<ProfileKind, number>;
}

/** One value per record, for an unnest() parameter. */
const column = <R, T>(records: R[], pick: (r: R) => T) => records.map(pick);

export class ProfileWriter {
  constructor(private readonly rows: Rows) {}

  async write(records: ProfileRecords): Promise<ProfileWrite> {
    const none = { sectors: 0, companies: 0, people: 0, projects: 0 };
    if (
      !records.sectors?.length &&
      !records.companies?.length &&
      !records.people?.length &&
      !records.projects?.length
    ) {
      return { written: none, skipped: [], left: none };
    }
    const stored = await this.rows<{ type: string; key: string }>('storedEntityKeys');
    const known = (type: string) => new Set(stored.filter((r) => r.type === type).map((r) => r.key));
    const skipped: SkippedItem[] = [];
    const sectors = records.sectors ?? [];
    const sectorKeys = new Set([...known('sector'), ...sectors.map((s) => s.slug)]);
    const companies = this.companiesThatFit(records.companies ?? [], sectorKeys, known('company'), skipped);
    const companyKeys = new Set([...known('company'), ...companies.map((c) => c.slug)]);
    const people = (records.people ?? []).filter((p) => {
      const missing = p.roles.find((r) => r.company !== null && !companyKeys.has(r.company));
      if (missing)
        skipped.push({
          item: `people ${p.slug}`,
          reason: `a role names company ${missing.company}, which is not covered`,
        });
      return !missing;
    });
    const projects = (records.projects ?? []).filter((p) => {
      if (!companyKeys.has(p.company))
        skipped.push({ item: `projects ${p.company}/${p.slug}`, reason: `company ${p.company} is not covered` });
      return companyKeys.has(p.company);
    });
    return {
      written: {
        sectors: await this.sectors(sectors),
        companies: await this.companies(companies),
        people: await this.people(people),
        projects: await this.projects(projects),
      },
      skipped,
      left: {
        sectors: 0,
        companies: (records.companies?.length ?? 0) - companies.length,
        people: (records.people?.length ?? 0) - people.length,
        projects: (records.projects?.length ?? 0) - projects.length,
      },
    };
  }

  /**
   * The companies whose sector and peers are there, stored or given alongside; leaving one out can leave out a peer
   * naming it, so this runs until nothing more is left out.
   */
  private companiesThatFit(
    given: CompanyRecord[],
    sectors: Set<string>,
    stored: Set<string>,
    skipped: SkippedItem[],
  ): CompanyRecord[] {
    let kept = given;
    for (;;) {
      const keys = new Set([...stored, ...kept.map((c) => c.slug)]);
      const next = kept.filter((c) => {
        const problem =
          c.sector !== null && !sectors.has(c.sector)
            ? `sector ${c.sector} is not known`
            : c.peers.filter((p) => !keys.has(p.company)).map((p) => `peer ${p.company} is not covered`)[0];
        if (problem) skipped.push({ item: `companies ${c.slug}`, reason: problem });
        return !problem;
      });
      if (next.length === kept.length) return kept;
      kept = next;
    }
  }

  private async sectors(records: SectorRecord[]): Promise<number> {
    let count = 0;
    for (const [source, batch] of group(records)) {
      const rows = await this.rows('upsertSectors', {
        source,
        slugs: column(batch, (r) => r.slug),
        names: column(batch, (r) => r.name),
        descriptions: column(batch, (r) => r.description),
        hashes: column(batch, contentHash),
      });
      count += rows.length;
    }
    return count;
  }

  private async companies(records: CompanyRecord[]): Promise<number> {
    let count = 0;
    for (const [source, batch] of group(records)) {
      const rows = await this.rows<{ slug: string }>('upsertCompanies', {
        source,
        slugs: column(batch, (r) => r.slug),
        names: column(batch, (r) => r.name),
        legalNames: column(batch, (r) => r.legalName),
        tickers: column(batch, (r) => JSON.stringify(r.tickers)),
        ciks: column(batch, (r) => r.cik),
        sectors: column(batch, (r) => r.sector),
        industries: column(batch, (r) => r.industry),
        countries: column(batch, (r) => r.country),
        fiscalYearEndMonths: column(batch, (r) => r.fiscalYearEndMonth),
        descriptions: column(batch, (r) => r.description),
        websites: column(batch, (r) => r.website),
        employees: column(batch, (r) => r.employees),
        employeesAsOf: column(batch, (r) => r.employeesAsOf),
        primaryInstruments: column(batch, (r) => r.primaryInstrument),
        sourceUrls: column(batch, (r) => r.sourceUrl),
        hashes: column(batch, contentHash),
      });
      const written = batch.filter((r) => rows.some((w) => w.slug === r.slug));
      count += written.length;
      if (!written.length) continue;
      await this.rows('deleteCompanyParts', { companies: written.map((c) => c.slug) });
      const segments = written.flatMap((c) => c.segments.map((s, position) => ({ company: c.slug, position, ...s })));
      const peers = written.flatMap((c) =>
        c.peers.map((p, position) => ({ company: c.slug, position, peer: p.company, why: p.why })),
      );
      await this.rows('insertCompanyParts', {
        segmentCompanies: column(segments, (s) => s.company),
        segmentPositions: column(segments, (s) => s.position),
        segmentNames: column(segments, (s) => s.name),
        segmentShares: column(segments, (s) => s.revenueSharePct),
        segmentDescriptions: column(segments, (s) => s.description),
        segmentAsOf: column(segments, (s) => s.asOf),
        segmentSourceUrls: column(segments, (s) => s.sourceUrl),
        peerCompanies: column(peers, (p) => p.company),
        peerPositions: column(peers, (p) => p.position),
        peers: column(peers, (p) => p.peer),
        whys: column(peers, (p) => p.why),
      });
    }
    return count;
  }

  private async people(records: PersonRecord[]): Promise<number> {
    let count = 0;
    for (const [source, batch] of group(records)) {
      const rows = await this.rows<{ slug: string }>('upsertPeople', {
        source,
        slugs: column(batch, (r) => r.slug),
        names: column(batch, (r) => r.name),
        kinds: column(batch, (r) => r.kind),
        summaries: column(batch, (r) => r.summary),
        hashes: column(batch, contentHash),
      });
      const written = batch.filter((r) => rows.some((w) => w.slug === r.slug));
      count += written.length;
      if (!written.length) continue;
      await this.rows('deleteRoles', { people: written.map((p) => p.slug) });
      const roles = written.flatMap((p) => p.roles.map((r, position) => ({ person: p.slug, position, ...r })));
      await this.rows('insertRoles', {
        persons: column(roles, (r) => r.person),
        positions: column(roles, (r) => r.position),
        titles: column(roles, (r) => r.title),
        companies: column(roles, (r) => r.company),
        institutions: column(roles, (r) => r.institution),
        since: column(roles, (r) => r.since),
        until: column(roles, (r) => r.until),
        sourceUrls: column(roles, (r) => r.sourceUrl),
      });
    }
    return count;
  }

  private async projects(records: ProjectRecord[]): Promise<number> {
    let count = 0;
    for (const [source, batch] of group(records)) {
      const rows = await this.rows<{ company: string; slug: string }>('upsertProjects', {
        source,
        companies: column(batch, (r) => r.company),
        slugs: column(batch, (r) => r.slug),
        names: column(batch, (r) => r.name),
        goals: column(batch, (r) => r.goal),
        stages: column(batch, (r) => r.stage),
        statuses: column(batch, (r) => r.status),
        sourceUrls: column(batch, (r) => r.sourceUrl),
        hashes: column(batch, contentHash),
      });
      const keys = new Set(rows.map((w) => `${w.company}/${w.slug}`));
      const written = batch.filter((r) => keys.has(r.sourceKey));
      count += written.length;
      if (!written.length) continue;
      await this.rows('deleteProjectParts', { keys: [...keys] });
      const kpis = written.flatMap((p) =>
        p.kpis.map((k, position) => ({ company: p.company, project: p.slug, position, ...k })),
      );
      const milestones = written.flatMap((p) =>
        p.milestones.map((m, position) => ({ company: p.company, project: p.slug, position, ...m })),
      );
      await this.rows('insertProjectParts', {
        kpiCompanies: column(kpis, (k) => k.company),
        kpiProjects: column(kpis, (k) => k.project),
        kpiPositions: column(kpis, (k) => k.position),
        kpiNames: column(kpis, (k) => k.name),
        kpiValues: column(kpis, (k) => k.value),
        kpiUnits: column(kpis, (k) => k.unit),
        kpiAsOf: column(kpis, (k) => k.asOf),
        kpiSourceUrls: column(kpis, (k) => k.sourceUrl),
        milestoneCompanies: column(milestones, (m) => m.company),
        milestoneProjects: column(milestones, (m) => m.project),
        milestonePositions: column(milestones, (m) => m.position),
        milestoneNames: column(milestones, (m) => m.name),
        milestoneStatuses: column(milestones, (m) => m.status),
        plannedFor: column(milestones, (m) => m.plannedFor),
        plannedPrecisions: column(milestones, (m) => m.plannedPrecision),
        doneOn: column(milestones, (m) => m.doneOn),
        expectedFor: column(milestones, (m) => m.expectedFor),
        milestoneSourceUrls: column(milestones, (m) => m.sourceUrl),
      });
    }
    return count;
  }
}

/** Records by source, each key once (the last given wins: a payload may correct itself), in the order first given. */
function group<R extends { source: string; sourceKey: string }>(records: R[]): Map<string, R[]> {
  const bySource = new Map<string, Map<string, R>>();
  for (const r of records) {
    const batch = bySource.get(r.source) ?? new Map<string, R>();
    batch.set(r.sourceKey, r);
    bySource.set(r.source, batch);
  }
  return new Map([...bySource].map(([source, batch]) => [source, [...batch.values()]]));
}
