// The entity graph in memory: sectors, companies with their segments and peers, people with their roles, projects with
// their KPIs and milestones, and the indexes between them. Reference data is small (thousands of rows for a large
// coverage) and read on every entity answer, so it is read whole from the database and kept until an import changes
// it, or at most one refresh interval when another process may write the same database.

import { groupBy } from '../../../core/collections.js';
import type {
  CompanyRecord,
  KpiRecord,
  MilestoneRecord,
  PersonRecord,
  ProjectRecord,
  RoleRecord,
  SectorRecord,
  SegmentRecord,
} from '../../../core/sources/records.js';
import type { Db } from '../../db.js';
import type { ChangeSignal } from '../../ports/index.js';
import { AnswerCache, every } from '../kept/index.js';

/** The stored rows: the records sources write, with where they came from and when they last changed. */
export type SectorRow = Omit<SectorRecord, 'sourceKey'>;
export type CompanyRow = Omit<CompanyRecord, 'sourceKey' | 'segments' | 'peers'> & { updatedAt: Date };
export type SegmentRow = SegmentRecord & { company: string };
export interface PeerRow {
  company: string;
  peer: string;
  why: string;
}
export type PersonRow = Omit<PersonRecord, 'sourceKey' | 'roles'>;
export type RoleRow = RoleRecord & { person: string };
export type ProjectRow = Omit<ProjectRecord, 'sourceKey' | 'kpis' | 'milestones'> & { updatedAt: Date };
export type KpiRow = KpiRecord & { company: string; project: string };
export type MilestoneRow = MilestoneRecord & { company: string; project: string };

export interface CompanyEntry extends CompanyRow {
  segments: SegmentRow[];
  peers: PeerRow[];
}

export interface PersonEntry extends PersonRow {
  roles: RoleRow[];
}

export interface ProjectEntry extends ProjectRow {
  /** `company/slug` */
  key: string;
  kpis: KpiRow[];
  milestones: MilestoneRow[];
}

export interface Catalog {
  sectors: Map<string, SectorRow>;
  companies: Map<string, CompanyEntry>;
  /** Company slugs by ticker, upper-cased. */
  byTicker: Map<string, string>;
  people: Map<string, PersonEntry>;
  /** By `company/slug`. */
  projects: Map<string, ProjectEntry>;
  companiesOfSector: Map<string, CompanyEntry[]>;
  /** The roles held at each company, with whom they are held by. */
  rolesAt: Map<string, { person: PersonEntry; role: RoleRow }[]>;
  projectsOf: Map<string, ProjectEntry[]>;
}

export class EntityCatalog {
  private readonly kept: AnswerCache<Catalog>;

  constructor(
    private readonly db: Db,
    /** Bumped by imports that wrote reference data. */
    version: ChangeSignal,
    refreshMs: number,
  ) {
    const period = every(refreshMs);
    // Both only grow, so their sum changes whenever either does.
    this.kept = new AnswerCache(1, () => version.current + period());
  }

  get(): Promise<Catalog> {
    return this.kept.get('catalog', () => this.read());
  }

  private async read(): Promise<Catalog> {
    const { db } = this;
    const [sectors, companies, segments, peers, people, roles, projects, kpis, milestones] = await Promise.all([
      db.rows<SectorRow>('sectorRows'),
      db.rows<CompanyRow>('companyRows'),
      db.rows<SegmentRow>('segmentRows'),
      db.rows<PeerRow>('peerRows'),
      db.rows<PersonRow>('personRows'),
      db.rows<RoleRow>('roleRows'),
      db.rows<ProjectRow>('projectRows'),
      db.rows<KpiRow>('kpiRows'),
      db.rows<MilestoneRow>('milestoneRows'),
    ]);
    const segmentsOf = groupBy(segments, (s) => s.company);
    const peersOf = groupBy(peers, (p) => p.company);
    const rolesOf = groupBy(roles, (r) => r.person);
    const kpisOf = groupBy(kpis, (k) => `${k.company}/${k.project}`);
    const milestonesOf = groupBy(milestones, (m) => `${m.company}/${m.project}`);
    const companyEntries = companies.map(
      (c): CompanyEntry => ({ ...c, segments: segmentsOf.get(c.slug) ?? [], peers: peersOf.get(c.slug) ?? [] }),
    );
    const personEntries = people.map((p): PersonEntry => ({ ...p, roles: rolesOf.get(p.slug) ?? [] }));
    const projectEntries = projects.map((p): ProjectEntry => {
      const key = `${p.company}/${p.slug}`;
      return { ...p, key, kpis: kpisOf.get(key) ?? [], milestones: milestonesOf.get(key) ?? [] };
    });
    const rolesAt = new Map<string, { person: PersonEntry; role: RoleRow }[]>();
    for (const person of personEntries) {
      for (const role of person.roles) {
        if (role.company !== null) rolesAt.set(role.company, [...(rolesAt.get(role.company) ?? []), { person, role }]);
      }
    }
    return {
      sectors: new Map(sectors.map((s) => [s.slug, s])),
      companies: new Map(companyEntries.map((c) => [c.slug, c])),
      byTicker: new Map(companyEntries.flatMap((c) => c.tickers.map((t) => [t.toUpperCase(), c.slug] as const))),
      people: new Map(personEntries.map((p) => [p.slug, p])),
      projects: new Map(projectEntries.map((p) => [p.key, p])),
      companiesOfSector: groupBy(companyEntries, (c) => c.sector),
      rolesAt,
      projectsOf: groupBy(projectEntries, (p) => p.company),
    };
  }
}
