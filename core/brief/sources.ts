// What a brief is made from: the resource objects the services answer with, gathered for one subject. Parts whose
// data the service does not hold yet (fundamentals, insider trades) have no field here until it does.
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
import type { SectorDetail } from '../schemas/sectors.js';

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
  /** Whether the service holds any prediction market and any macro series: a part without them is not available yet. */
  held: { odds: boolean; macro: boolean };
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
