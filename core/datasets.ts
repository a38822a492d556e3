// The datasets /v1/meta reports coverage for: the key in the answer and the table column that dates it.
// Tables appear as later migrations create them; until then their coverage is null.

export const COVERAGE_DATASETS = [
  { key: 'event', table: 'events', column: 'occurred_at' },
  { key: 'price', table: 'bars_1m', column: 'ts' },
  { key: 'move', table: 'moves', column: 'date' },
  { key: 'macroObservation', table: 'macro_observations', column: 'date' },
  { key: 'filing', table: 'sec_filings', column: 'filing_date' },
  { key: 'oddsUpdate', table: 'odds_history', column: 'ts' },
] as const;

export type CoverageKey = (typeof COVERAGE_DATASETS)[number]['key'];
