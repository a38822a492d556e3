// What a brief is made from: the resource objects the services answer with, gathered for one subject.
import type { Catalyst } from '../schemas/catalysts.js';
import type { CompanyDetail } from '../schemas/companies.js';
import type { EventDetail } from '../schemas/event-detail.js';
import type { Event } from '../schemas/events.js';
import type { InstrumentDetail, InstrumentSummary } from '../schemas/instruments.js';
import type { MacroDashboardRow, MacroSeries } from '../schemas/macro.js';
import type { MarketSnapshot } from '../schemas/market.js';
import type { Move } from '../schemas/moves.js';
import type { PredictionMarket, PredictionMarketDetail } from '../schemas/odds.js';
import type { PersonDetail } from '../schemas/people.js';
import type { ProjectDetail } from '../schemas/projects.js';
import type { Fundamentals, InsiderTrade } from '../schemas/sec.js';
import type { SectorDetail } from '../schemas/sectors.js';

/** Open-market trades (Form 4 codes P and S) of the last `sinceDays`, newest first: of a company's insiders or of one person. */
export interface InsiderActivity {
  sinceDays: number;
  trades: InsiderTrade[];
}

/** A headline series with the page it is read from. */
export type BackdropRow = MacroDashboardRow & { sourceUrl: string | null };

/** What every brief has around its subject: the stories, moves, catalysts and markets gathered for it, and data coverage. */
export interface Around {
  /** Most important first. */
  events: Event[];
  /** Newest first. */
  moves: Move[];
  /** Soonest first. */
  catalysts: Catalyst[];
  /** Open first, then the most traded. */
  odds: PredictionMarket[];
  /** The macro backdrop, in the dashboard's order. */
  macro: BackdropRow[];
  /** The subject's company's fundamentals; null when it files none the service holds. */
  fundamentals: Fundamentals | null;
  /** The addresses of the stored filings the fundamentals' inputs came from, by accession number. */
  filingUrls: ReadonlyMap<string, string>;
  /** The insider trades of the subject's company, or of the subject person; null when none is held. */
  insiders: InsiderActivity | null;
  /** Whether the service holds any market, series, XBRL facts and insider trade: a part without them is not available yet. */
  held: { odds: boolean; macro: boolean; fundamentals: boolean; insiders: boolean };
  dataThrough: MarketSnapshot['dataThrough'];
}

export type BriefSources = Around &
  (
    | { type: 'instrument'; instrument: InstrumentDetail }
    | { type: 'company'; company: CompanyDetail }
    | { type: 'person'; person: PersonDetail }
    | { type: 'project'; project: ProjectDetail; price: InstrumentSummary | null }
    | { type: 'sector'; sector: SectorDetail }
    | { type: 'event'; event: EventDetail; price: InstrumentSummary | null }
    | { type: 'macro'; series: MacroSeries }
    | { type: 'market'; market: PredictionMarketDetail }
  );
