// The route table: every route of the API in the order it is mounted and documented, the probes first and the
// OpenAPI document (built from this table) last.

import type { ApiRoute } from './api-route.js';
import type { Gate } from './http/route.js';
import { briefRoute } from './routes/brief.js';
import { catalystListRoute } from './routes/catalysts/list.js';
import { companyDetailRoute } from './routes/companies/detail.js';
import { companyFinancialsRoute } from './routes/companies/financials.js';
import { companyFundamentalsRoute } from './routes/companies/fundamentals.js';
import { companyListRoute } from './routes/companies/list.js';
import { eventDetailRoute } from './routes/events/detail.js';
import { eventListRoute } from './routes/events/list.js';
import { filingListRoute } from './routes/filings/list.js';
import { glossaryEntryRoute } from './routes/glossary/entry.js';
import { glossaryListRoute } from './routes/glossary/list.js';
import { probeRoutes } from './routes/health.js';
import { insiderTradesRoute } from './routes/insider-trades/list.js';
import { candlesRoute } from './routes/instruments/candles.js';
import { derivativesRoute } from './routes/instruments/derivatives.js';
import { instrumentDetailRoute } from './routes/instruments/detail.js';
import { instrumentListRoute } from './routes/instruments/list.js';
import { listingCandlesRoute } from './routes/instruments/listings/candles.js';
import { instrumentMoveRoute } from './routes/instruments/move.js';
import { macroDashboardRoute } from './routes/macro/dashboard.js';
import { macroDetailRoute } from './routes/macro/detail.js';
import { macroListRoute } from './routes/macro/list.js';
import { snapshotRoute } from './routes/market/snapshot.js';
import { marketStatusRoute } from './routes/market/status.js';
import { stripRoute } from './routes/market/strip.js';
import { metaRoute } from './routes/meta/meta.js';
import { vocabularyRoute } from './routes/meta/vocabulary.js';
import { metricsRoute } from './routes/metrics.js';
import { moveExplainRoute } from './routes/moves/explain.js';
import { moveListRoute } from './routes/moves/list.js';
import { oddsDetailRoute } from './routes/odds/detail.js';
import { oddsListRoute } from './routes/odds/list.js';
import { openApiRoute } from './routes/openapi.js';
import { personDetailRoute } from './routes/people/detail.js';
import { peopleListRoute } from './routes/people/list.js';
import { projectDetailRoute } from './routes/projects/detail.js';
import { projectListRoute } from './routes/projects/list.js';
import { searchRoute } from './routes/search.js';
import { sectorDetailRoute } from './routes/sectors/detail.js';
import { sectorListRoute } from './routes/sectors/list.js';
import { streamRoute } from './routes/stream.js';
import { streamTicketRoute } from './routes/stream-ticket.js';
import { wsRoute } from './routes/ws.js';

/** The routes of /v1, each calling the services it is handed. */
export const API_ROUTES: readonly ApiRoute[] = [
  metaRoute,
  metricsRoute,
  vocabularyRoute,
  instrumentListRoute,
  instrumentDetailRoute,
  candlesRoute,
  listingCandlesRoute,
  derivativesRoute,
  stripRoute,
  snapshotRoute,
  marketStatusRoute,
  streamRoute,
  streamTicketRoute,
  wsRoute,
  eventListRoute,
  eventDetailRoute,
  catalystListRoute,
  moveListRoute,
  moveExplainRoute,
  instrumentMoveRoute,
  companyListRoute,
  companyDetailRoute,
  companyFinancialsRoute,
  companyFundamentalsRoute,
  filingListRoute,
  insiderTradesRoute,
  projectListRoute,
  projectDetailRoute,
  peopleListRoute,
  personDetailRoute,
  sectorListRoute,
  sectorDetailRoute,
  macroListRoute,
  macroDashboardRoute,
  macroDetailRoute,
  oddsListRoute,
  oddsDetailRoute,
  searchRoute,
  glossaryListRoute,
  glossaryEntryRoute,
  briefRoute,
];

export function routeTable(gate: Gate, startedAt: number): ApiRoute[] {
  const routes = [...probeRoutes(gate, startedAt), ...API_ROUTES];
  routes.push(openApiRoute(routes));
  return routes;
}
