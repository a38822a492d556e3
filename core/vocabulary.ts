// Every enumeration of the interface, in one place: filters validate against these and /v1/meta/vocabulary lists them.

export const INSTRUMENT_KINDS = ['stock', 'index', 'commodity', 'crypto', 'etf', 'fx', 'rate'] as const;
export const EVENT_KINDS = [
  'earnings',
  'guidance',
  'filing',
  'm_and_a',
  'rating',
  'macro_release',
  'policy_decision',
  'project_milestone',
  'product',
  'legal',
  'regulatory',
  'insider',
  'management',
  'market_structure',
  'capital',
  'partnership',
  'news',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
export const CATALYST_KINDS = [
  'earnings',
  'macro_release',
  'policy_decision',
  'product_launch',
  'project_milestone',
  'regulatory',
  'shareholder_meeting',
  'index_event',
  'expiry',
  'other',
] as const;
export const PROJECT_STAGES = [
  'research',
  'development',
  'testing',
  'pilot',
  'launched',
  'scaling',
  'paused',
  'cancelled',
] as const;
export const MILESTONE_STATUSES = ['done', 'planned', 'slipped'] as const;
/** Where a project stands against its own plan, beside its stage (how far along it is). */
export const PROJECT_STATUSES = ['on_track', 'at_risk', 'delayed', 'completed', 'stopped'] as const;
export const PERSON_KINDS = ['executive', 'director', 'policymaker', 'founder'] as const;
export const FORM4_CODES = { P: 'buy', S: 'sale', M: 'exercise', A: 'award', F: 'tax', G: 'gift' } as const;
export const SEARCH_TYPES = [
  'instrument',
  'company',
  'person',
  'project',
  'sector',
  'macro',
  'market',
  'glossary',
  'event',
] as const;
export const BRIEF_TYPES = [
  'instrument',
  'company',
  'macro',
  'person',
  'project',
  'sector',
  'market',
  'event',
] as const;
export const CANDLE_INTERVALS = ['1m', '1h', '1d'] as const;
export const PRECISIONS = ['exact', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const;
export const MARKETS = ['spot', 'perp'] as const;
export const VENUE_OUT_REASONS = ['stale', 'outlier', 'no_volume', 'down'] as const;
export const MACRO_FREQUENCIES = [
  'daily',
  'weekly',
  'biweekly',
  'monthly',
  'quarterly',
  'semiannual',
  'annual',
] as const;
export const MACRO_DISPLAY_MODES = ['level', 'change', 'pct_change_mom', 'pct_change_yoy', 'rate'] as const;
export const ODDS_STATUSES = ['open', 'closed', 'resolved'] as const;
/** What a macro series measures; `other` for a series imported that the catalog does not know. */
export const MACRO_CATEGORIES = [
  'rates',
  'inflation',
  'jobs',
  'growth',
  'fx',
  'commodities',
  'liquidity',
  'markets',
  'other',
] as const;
export const ODDS_INTERVALS = ['1h', '1d'] as const;
export const MARKET_KINDS = ['binary', 'categorical', 'scalar'] as const;

export type InstrumentKind = (typeof INSTRUMENT_KINDS)[number];
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];
export type ProjectStage = (typeof PROJECT_STAGES)[number];
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];
export type PersonKind = (typeof PERSON_KINDS)[number];
export type Form4Code = keyof typeof FORM4_CODES;
export type MacroFrequency = (typeof MACRO_FREQUENCIES)[number];
export type MacroDisplayMode = (typeof MACRO_DISPLAY_MODES)[number];
export type OddsStatus = (typeof ODDS_STATUSES)[number];
export type MacroCategory = (typeof MACRO_CATEGORIES)[number];
export type OddsInterval = (typeof ODDS_INTERVALS)[number];

/** Default move floors in percent: a daily move above its kind's floor is stored even when its z-score is low. */
export const DEFAULT_MOVE_FLOORS: Record<InstrumentKind, number> = {
  stock: 8,
  index: 3,
  commodity: 5,
  crypto: 10,
  etf: 4,
  fx: 2,
  rate: 6,
};
