// Data versions as an interface: answers kept from rarely changing data (stories, reference data, macro, odds, SEC)
// live while their dataset's version stands, so a process learns of another's writes by a bump, wherever it comes from.

/** One dataset's version: bumped when its rows change, read by every answer kept from them. */
export interface ChangeSignal {
  readonly current: number;
  /** The version at which a bump last named `key` (a company's CIK), for answers built from one key's data alone. */
  of(key: string): number;
  bump(keys?: Iterable<string>): void;
}

/** The datasets whose writes invalidate kept answers. */
export interface DataVersions {
  /** Stories, moves and catalysts. */
  stories: ChangeSignal;
  /** Sectors, companies, people and projects. */
  entities: ChangeSignal;
  /** Macro series, observations and release dates. */
  macro: ChangeSignal;
  /** Prediction markets and their history. */
  odds: ChangeSignal;
  /** SEC filings, XBRL facts and insider trades. */
  sec: ChangeSignal;
}
