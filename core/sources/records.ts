// The normalized records every source's parser produces from its own format, and the one path they take into the
// database: a live feed, the import command and the demo all hand these to the same services.
import type { Ref } from '../refs.js';
import type {
  CATALYST_KINDS,
  EventKind,
  MilestoneStatus,
  PersonKind,
  PRECISIONS,
  ProjectStage,
  ProjectStatus,
} from '../vocabulary.js';
import type { ObservationRecord, ReleaseDateRecord, SeriesRecord, SeriesReleaseRecord } from './macro-records.js';
import type { PredictionEventRecord, PredictionMarketRecord, ProbabilityPoint } from './odds-records.js';
import type { Provenance, SkippedItem } from './provenance.js';
import type { OwnershipFilingRecord, SecCompanyRecord, SecFactsRecord, SecFilingRecord } from './sec/records.js';

export { PayloadError, type Provenance, type SkippedItem } from './provenance.js';

export interface StoryRecord extends Provenance {
  kind: EventKind;
  occurredAt: number;
  precision: (typeof PRECISIONS)[number];
  headline: string;
  /** In the service's own words; null when the source gives none. */
  summary: string | null;
  points: string[];
  importance: number;
  /** The publisher's name and the original's address: what a reader cites. */
  sourceName: string;
  sourceUrl: string;
  entities: Ref[];
  /**
   * Text the story's entities are found in by the service's linker when the source does not name them (a feed item's
   * title and description); never stored.
   */
  mentions?: string;
}

export interface CatalystRecord extends Provenance {
  kind: (typeof CATALYST_KINDS)[number];
  title: string;
  expectedAt: number;
  precision: (typeof PRECISIONS)[number];
  confirmed: boolean;
  description: string | null;
  consensus: string | null;
  sourceUrl: string | null;
  entities: Ref[];
}

/**
 * The latest quote of each venue listing, in the market's listing order (grouped by instrument: the pooling kernel's
 * layout): what every venue feed writes, whatever its venue's protocol.
 */
export interface VenueQuotes {
  price: Float64Array;
  /** When the quote was taken (epoch ms); NaN for a listing without a quote yet. */
  ts: Float64Array;
  volume24hUsd: Float64Array;
  openInterestUsd: Float64Array;
  /** Per the listing's own funding interval (fraction); NaN for spot. */
  fundingRate: Float64Array;
}

/** Quotes of `n` listings, none quoted yet. */
export function allocateVenueQuotes(n: number): VenueQuotes {
  return {
    price: new Float64Array(n).fill(NaN),
    ts: new Float64Array(n).fill(NaN),
    volume24hUsd: new Float64Array(n),
    openInterestUsd: new Float64Array(n).fill(NaN),
    fundingRate: new Float64Array(n).fill(NaN),
  };
}

/** A sector companies belong to, described in the service's own words. */
export interface SectorRecord extends Provenance {
  slug: string;
  name: string;
  description: string | null;
}

/**
 * A covered company's profile. Reference data changes (a new segment mix, a new head count), so a profile stored again
 * under the same slug replaces the stored one; facts from outside carry the address they were read from.
 */
export interface CompanyRecord extends Provenance {
  slug: string;
  name: string;
  legalName: string | null;
  /** Exchange tickers, the primary one first. */
  tickers: string[];
  /** The SEC's Central Index Key, ten digits zero-padded; null for a company that does not file with the SEC. */
  cik: string | null;
  /** Slug of its sector. */
  sector: string | null;
  industry: string | null;
  /** ISO 3166-1 alpha-2 country of its headquarters. */
  country: string | null;
  /** 1-12: the month its fiscal year ends in. */
  fiscalYearEndMonth: number | null;
  /** In the service's own words. */
  description: string | null;
  website: string | null;
  employees: number | null;
  /** The date the head count is as of (YYYY-MM-DD). */
  employeesAsOf: string | null;
  /** Symbol of the instrument its price is quoted by. */
  primaryInstrument: string | null;
  /** Where the profile's facts (legal name, fiscal year, head count) were read: an annual report, a filing index. */
  sourceUrl: string | null;
  segments: SegmentRecord[];
  peers: PeerRecord[];
}

export interface SegmentRecord {
  name: string;
  /** Share of the company's revenue, in percent; null when not reported. */
  revenueSharePct: number | null;
  description: string | null;
  /** End of the period the share is for (YYYY-MM-DD). */
  asOf: string | null;
  sourceUrl: string | null;
}

/** A company compared with another, and why: the service's own judgement, so it names no source. */
export interface PeerRecord {
  company: string;
  why: string;
}

export interface PersonRecord extends Provenance {
  slug: string;
  name: string;
  kind: PersonKind;
  /** In the service's own words. */
  summary: string | null;
  roles: RoleRecord[];
}

/** A position a person holds or held: at a covered company (by slug) or at an institution (by name), never both. */
export interface RoleRecord {
  title: string;
  company: string | null;
  institution: string | null;
  /** YYYY-MM-DD; `until` null while the role is held. */
  since: string | null;
  until: string | null;
  sourceUrl: string | null;
}

export interface ProjectRecord extends Provenance {
  /** Slug of the company running it; with `slug`, the project's key `company/slug`. */
  company: string;
  slug: string;
  name: string;
  goal: string;
  stage: ProjectStage;
  status: ProjectStatus;
  /** Where the project was announced or last described. */
  sourceUrl: string | null;
  kpis: KpiRecord[];
  milestones: MilestoneRecord[];
}

export interface KpiRecord {
  name: string;
  value: number;
  unit: string;
  /** YYYY-MM-DD */
  asOf: string;
  sourceUrl: string;
}

export interface MilestoneRecord {
  name: string;
  status: MilestoneStatus;
  /** When it was planned for (YYYY-MM-DD, the start of the period `plannedPrecision` names), as first announced. */
  plannedFor: string | null;
  plannedPrecision: (typeof PRECISIONS)[number];
  /** When it was reached (done); null otherwise. */
  doneOn: string | null;
  /** For a slipped milestone: when it is expected now, when said; null otherwise. */
  expectedFor: string | null;
  sourceUrl: string;
}

/** Every kind of record a source can deliver, by kind. */
export interface Records {
  sectors: SectorRecord[];
  companies: CompanyRecord[];
  people: PersonRecord[];
  projects: ProjectRecord[];
  stories: StoryRecord[];
  catalysts: CatalystRecord[];
  /** Macro series' definitions, the releases that publish them, their observations, and release calendars. */
  series: SeriesRecord[];
  seriesReleases: SeriesReleaseRecord[];
  observations: ObservationRecord[];
  releaseDates: ReleaseDateRecord[];
  /** Prediction markets, the events grouping them, and their outcomes' probability history. */
  marketEvents: PredictionEventRecord[];
  markets: PredictionMarketRecord[];
  oddsHistory: ProbabilityPoint[];
  /** SEC EDGAR: filers as companies, the filings they list, their XBRL facts, ownership forms (3/4/5). */
  secCompanies: SecCompanyRecord[];
  secFilings: SecFilingRecord[];
  secFacts: SecFactsRecord[];
  ownershipFilings: OwnershipFilingRecord[];
}
export type RecordKind = keyof Records;

/**
 * The order records are written in: what a record refers to is written before it (a project's company, a story's;
 * an observation's series, a probability's market).
 */
export const RECORD_KINDS: readonly RecordKind[] = [
  'sectors',
  'companies',
  'people',
  'projects',
  'stories',
  'catalysts',
  'series',
  'seriesReleases',
  'observations',
  'releaseDates',
  'marketEvents',
  'markets',
  'oddsHistory',
  'secCompanies',
  'secFilings',
  'secFacts',
  'ownershipFilings',
];

/** What a parser read from one payload: the records of the kinds its format carries, and the items it could not read. */
export type ParsedPayload = Partial<Records> & { skipped: SkippedItem[] };

/** Several payloads' records as one: each kind written in one go (a series' definition with its observations). */
export function mergedPayloads(payloads: readonly ParsedPayload[]): ParsedPayload {
  const out: ParsedPayload = { skipped: payloads.flatMap((p) => p.skipped) };
  for (const kind of RECORD_KINDS) {
    const records = payloads.flatMap((p) => (p[kind] ?? []) as unknown[]);
    if (records.length) (out as Record<string, unknown[]>)[kind] = records;
  }
  return out;
}

/** What the caller knows of a payload that the payload may not say itself. */
export interface PayloadContext {
  /** The file's name or the request's path: a FRED CSV named CPIAUCSL.csv names its series. */
  name: string | null;
  /** The series, outcome token or market the payload was asked about, when the caller says (a request's parameter). */
  key: string | null;
  /** When it was fetched or saved (epoch ms): an order book's time. */
  at: number | null;
  /**
   * The site it came from when not the source's own, which its records then cite: the demo's payloads in FRED's,
   * Kalshi's and Polymarket's formats come from its own sites under the reserved .example domain.
   */
  site?: string;
}
