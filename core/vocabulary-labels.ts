// How each enumeration's values read in prose: a page or a text says "mergers and acquisitions", never `m_and_a`.
// Typed by the enumerations, so a value added there without its words here does not compile.
import type {
  CATALYST_KINDS,
  EventKind,
  MARKET_KINDS,
  MacroCategory,
  MacroDisplayMode,
  MacroFrequency,
  MilestoneStatus,
  OddsStatus,
  PersonKind,
  ProjectStage,
  ProjectStatus,
  SEARCH_TYPES,
  VENUE_OUT_REASONS,
} from './vocabulary.js';

export const EVENT_KIND_LABELS: Record<EventKind, string> = {
  earnings: 'earnings',
  guidance: 'guidance',
  filing: 'filing',
  m_and_a: 'mergers and acquisitions',
  rating: 'rating',
  macro_release: 'macro release',
  policy_decision: 'policy decision',
  project_milestone: 'project milestone',
  product: 'product',
  legal: 'legal',
  regulatory: 'regulatory',
  insider: 'insider trade',
  management: 'management',
  market_structure: 'market structure',
  capital: 'capital',
  partnership: 'partnership',
  news: 'news',
};

export const CATALYST_KIND_LABELS: Record<(typeof CATALYST_KINDS)[number], string> = {
  earnings: 'earnings',
  macro_release: 'macro release',
  policy_decision: 'policy decision',
  product_launch: 'product launch',
  project_milestone: 'project milestone',
  regulatory: 'regulatory',
  shareholder_meeting: 'shareholder meeting',
  index_event: 'index event',
  expiry: 'expiry',
  other: 'other',
};

export const PROJECT_STAGE_LABELS: Record<ProjectStage, string> = {
  research: 'research',
  development: 'development',
  testing: 'testing',
  pilot: 'pilot',
  launched: 'launched',
  scaling: 'scaling',
  paused: 'paused',
  cancelled: 'cancelled',
};

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  on_track: 'on track',
  at_risk: 'at risk',
  delayed: 'delayed',
  completed: 'completed',
  stopped: 'stopped',
};

export const MILESTONE_STATUS_LABELS: Record<MilestoneStatus, string> = {
  done: 'done',
  planned: 'planned',
  slipped: 'slipped',
};

export const PERSON_KIND_LABELS: Record<PersonKind, string> = {
  executive: 'executive',
  director: 'director',
  policymaker: 'policymaker',
  founder: 'founder',
};

export const MACRO_CATEGORY_LABELS: Record<MacroCategory, string> = {
  rates: 'interest rates',
  inflation: 'inflation',
  jobs: 'jobs',
  growth: 'growth',
  fx: 'currencies',
  commodities: 'commodities',
  liquidity: 'liquidity',
  markets: 'markets',
  other: 'other',
};

export const MACRO_FREQUENCY_LABELS: Record<MacroFrequency, string> = {
  daily: 'daily',
  weekly: 'weekly',
  biweekly: 'every two weeks',
  monthly: 'monthly',
  quarterly: 'quarterly',
  semiannual: 'twice a year',
  annual: 'yearly',
};

/** What a series' headline number is, by its display mode. */
export const MACRO_DISPLAY_LABELS: Record<MacroDisplayMode, string> = {
  level: 'level',
  change: 'change from the period before',
  pct_change_mom: 'change from the period before',
  pct_change_yoy: 'change from a year before',
  rate: 'rate',
};

/** FRED's seasonal adjustment codes (any other is shown as the source gives it). */
export const SEASONAL_ADJUSTMENT_LABELS: Record<string, string> = {
  SA: 'seasonally adjusted',
  NSA: 'not seasonally adjusted',
  SAAR: 'seasonally adjusted annual rate',
};

export const ODDS_STATUS_LABELS: Record<OddsStatus, string> = {
  open: 'open',
  closed: 'closed, awaiting resolution',
  resolved: 'resolved',
};

export const MARKET_KIND_LABELS: Record<(typeof MARKET_KINDS)[number], string> = {
  binary: 'yes or no',
  categorical: 'one of several outcomes',
  scalar: 'a number in a range',
};

export const VENUE_OUT_LABELS: Record<(typeof VENUE_OUT_REASONS)[number], string> = {
  stale: 'stale',
  outlier: 'outlier',
  no_volume: 'no volume',
  down: 'down',
};

/** What each type of EntityRef is called next to its name. */
export const REF_TYPE_LABELS: Record<(typeof SEARCH_TYPES)[number], string> = {
  instrument: 'instrument',
  company: 'company',
  person: 'person',
  project: 'project',
  sector: 'sector',
  macro: 'macro series',
  market: 'prediction market',
  glossary: 'glossary',
  event: 'story',
};

/** The word for a ref's type; a type from elsewhere (a catalyst, a move) as it is. */
export const refTypeLabel = (type: string): string => REF_TYPE_LABELS[type as keyof typeof REF_TYPE_LABELS] ?? type;
